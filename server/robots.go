package server

import (
	"net/http"
	"path"
	"strings"

	"github.com/studio/gallery/internal/viewer"
)

// robotsTxt lets crawlers index the public galleries and keeps them out of
// the API, GraphQL, the studio and the playground. Protected galleries are
// kept out of indexes by their pages' X-Robots-Tag (noIndex), since their
// addresses cannot be listed here without revealing them.
const robotsTxt = `User-agent: *
Allow: /
Disallow: /api/
Disallow: /graphql
Disallow: /studio
Disallow: /playground
Disallow: /media/downloads/
Disallow: /pay/
`

func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(robotsTxt))
}

// noIndex tells whether the client page at r's address must stay out of
// search indexes (the X-Robots-Tag: noindex header): a gallery that needs
// a code (not public), one not published yet or opened by a preview link,
// and the preview address itself. Public galleries and the landing page
// are indexable. An unknown address is a 404 and needs no header.
func (s *Server) noIndex(r *http.Request) bool {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" || name == "index.html" {
		return false
	}
	slug, rest, _ := strings.Cut(name, "/")
	if rest == "preview" || strings.HasPrefix(rest, "preview/") {
		return true
	}
	ctx := r.Context()
	g, err := s.Galleries.ByURL(viewer.SystemContext(ctx), slug)
	if err != nil {
		return false
	}
	if !g.IsPublic || !g.Published {
		return true
	}
	return viewer.FromContext(ctx).Previews[g.ID]
}
