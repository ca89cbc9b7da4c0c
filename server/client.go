package server

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
)

// serveClient serves the built client: files as they are, and index.html
// for every other address so that the client's router decides (and shows
// its 404 page). The page's status follows the address: 404 when its
// first segment names no gallery this viewer may see (clientStatus).
func (s *Server) serveClient(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if s.Web == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`<!doctype html><html lang="fr"><meta charset="utf-8"><title>Galerie</title>` +
			`<p>Le client n'est pas compilé : lancez <code>make build</code> ou <code>make run</code>.</p></html>`))
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == playgroundPage {
		// GraphiQL's page is served only through /playground's access check.
		http.Redirect(w, r, "/playground", http.StatusFound)
		return
	}
	if name != "" && name != "index.html" {
		if st, err := fs.Stat(s.Web, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				// Vite names assets by content hash.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			s.zips.serveAsset(w, r, s.Web, name)
			return
		}
		if path.Ext(name) != "" && strings.HasPrefix(name, "assets/") {
			http.NotFound(w, r)
			return
		}
	}
	index, err := fs.ReadFile(s.Web, "index.html")
	if err != nil {
		http.Error(w, "client missing", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	status, g := s.clientStatus(r)
	if s.noIndex(r) {
		w.Header().Set("X-Robots-Tag", "noindex")
	}
	if status == http.StatusOK && g != nil {
		s.countVisit(r, g)
	}
	if status == http.StatusOK {
		// A 404 names no gallery the viewer may see: no share preview.
		index = s.withShareTags(r, index)
		if ops := s.firstData(r); len(ops) > 0 {
			// The page now holds what this viewer may see: no shared cache keeps it.
			w.Header().Set("Cache-Control", "private, no-cache")
			index = withFirstData(index, ops)
		}
	}
	w.WriteHeader(status)
	_, _ = w.Write(index)
}

// studioPath is the first segment of the studio's client routes
// (/studio/...), reserved as a gallery address (photographer.reservedURLs).
const studioPath = "studio"

// clientStatus is the status of the client page at r's address, with
// the gallery it names when the viewer may open it. The
// client's top-level routes are the landing page ("/"), the studio
// ("/studio/...") and a gallery ("/:galleryId/..."), so an address whose first segment is no gallery is
// the client's « Galerie introuvable » page, answered 404 for crawlers,
// link checkers and monitoring. The row comes from the kept gallery rows
// (a system read costs no query in the steady state); an unpublished
// gallery counts as unknown unless this viewer may see it (its
// photographer, a preview), so the status reveals nothing the page does
// not. A gallery its photographer archived, or past its expiry date, is
// the client's « Cette galerie n'est plus en ligne » page, answered 410
// Gone (gallery_offline) to anyone but its photographer and preview links.
func (s *Server) clientStatus(r *http.Request) (int, *ent.Gallery) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" || name == "index.html" {
		return http.StatusOK, nil
	}
	slug, _, _ := strings.Cut(name, "/")
	if slug == studioPath {
		return http.StatusOK, nil // the photographer's studio: the client's own routes
	}
	ctx := r.Context()
	g, err := s.Galleries.ByURL(viewer.SystemContext(ctx), slug)
	if err != nil {
		if !errors.Is(err, apperr.ErrGalleryNotFound) {
			s.Log.Warn("client page: gallery lookup", "slug", slug, "err", err)
			return http.StatusOK, nil
		}
		return http.StatusNotFound, nil
	}
	switch err := gallery.CheckPublished(ctx, g); {
	case errors.Is(err, apperr.ErrGalleryOffline):
		return http.StatusGone, nil
	case err != nil:
		return http.StatusNotFound, nil
	}
	if id, ok := photoAddress(name); ok && gallery.Access(ctx, g).Authorized {
		// A photo address the viewer may open names a photo they may see,
		// else it is the client's « Photo introuvable » page: 404. Without
		// access the page is the gallery's sign-in, which tells nothing.
		n, err := s.DB.Client.Photo.Query().Where(photo.ID(id), photo.GalleryID(g.ID), photo.StatusEQ(photo.StatusReady)).Count(ctx)
		if err == nil && n == 0 {
			return http.StatusNotFound, nil
		}
	}
	return http.StatusOK, g
}

// photoAddress tells whether a client address (without its leading
// slash) is a photo page, /:gallery/photos/:id, and names the photo.
func photoAddress(name string) (string, bool) {
	parts := strings.Split(strings.Trim(name, "/"), "/")
	if len(parts) != 3 || parts[1] != "photos" || parts[2] == "" {
		return "", false
	}
	return parts[2], true
}

// countVisit counts the page load as a visit of g (internal/visits: once
// per viewer and day), unless the viewer is its photographer, looks
// through a preview link, or names itself a robot. The viewer is their
// browser's session cookie (set on the first load, so that the next ones
// count under the same key); a client that keeps no cookies counts on
// each of its loads. The count is kept in memory and written a moment
// later (visits.Counter.Flush), so the page never waits on the database.
func (s *Server) countVisit(r *http.Request, g *ent.Gallery) {
	ctx := r.Context()
	v := viewer.FromContext(ctx)
	if v == nil || v.SessionKey == "" || r.Method != http.MethodGet || gallery.Role(ctx, g) >= viewer.RolePhotographer || v.Previews[g.ID] ||
		robotRE.MatchString(r.UserAgent()) {
		return
	}
	s.Visits.Visit(g.ID, v.SessionKey, time.Now()) // in memory; written a moment later
}

// robotRE matches the user agents of crawlers and link previews, whose loads are no visits.
var robotRE = regexp.MustCompile(`(?i)bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp`)

// withShareTags puts the gallery's share preview (Open Graph and Twitter
// tags, and the title) into the page, so that a link pasted in a messaging
// app shows the cover and the event name without running the client.
func (s *Server) withShareTags(r *http.Request, index []byte) []byte {
	slug, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if slug == "" || strings.Contains(slug, ".") {
		return index
	}
	ctx := r.Context()
	g, err := s.Galleries.ByURL(ctx, slug, func(q *ent.GalleryQuery) (*ent.GalleryQuery, error) {
		return q.WithPhotographer(), nil
	})
	if err != nil {
		return index
	}
	// A direct link to a photo shares that photo, and names its small file
	// for the viewer to show at once (viewedPhoto).
	cover := s.viewedPhoto(r, g)
	viewed := cover != nil
	if cover == nil && g.CoverPhotoID != nil && gallery.Access(ctx, g).Authorized {
		cover, _ = s.DB.Client.Photo.Get(ctx, *g.CoverPhotoID)
	}
	if cover == nil {
		cover, _ = s.Galleries.FirstPhoto(ctx, g) // nil without access
	}
	og := s.Galleries.Og(g, g.Edges.Photographer.Name, cover)
	var b strings.Builder
	meta := func(attr, key, val string) {
		if val != "" {
			fmt.Fprintf(&b, "    <meta %s=\"%s\" content=\"%s\" />\n", attr, key, html.EscapeString(val))
		}
	}
	if viewed {
		// Fetched with the page, before the client runs: the viewer draws it
		// while the photo's details and its large file arrive.
		fmt.Fprintf(&b, "    <link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"%s\" data-photo-id=\"%s\" />\n",
			html.EscapeString(media.URL(cover.ID, cover.ContentHash, media.Pick(cover.Derivatives, media.ThumbnailWidth))), html.EscapeString(cover.ID))
	}
	meta("property", "og:type", "website")
	meta("property", "og:title", og.Title)
	meta("property", "og:description", og.Description)
	meta("property", "og:url", og.URL)
	meta("property", "og:site_name", og.SiteName)
	meta("property", "og:locale", "fr_BE")
	meta("property", "og:image", og.Image)
	meta("name", "description", og.Description)
	card := "summary"
	if og.Image != "" {
		card = "summary_large_image"
	}
	meta("name", "twitter:card", card)
	out := bytes.Replace(index, []byte("</head>"), []byte(b.String()+"  </head>"), 1)
	title := "<title>" + html.EscapeString(og.Title+" · "+og.SiteName) + "</title>"
	return titleRE.ReplaceAll(out, []byte(title))
}

var titleRE = regexp.MustCompile(`<title>[^<]*</title>`)

// viewedPhoto is the photo a direct link to the viewer names
// (/{gallery}/photos/{photoId}, nothing after), when this viewer may see
// it and its images are made; nil otherwise.
func (s *Server) viewedPhoto(r *http.Request, g *ent.Gallery) *ent.Photo {
	id, ok := photoAddress(r.URL.Path)
	if !ok {
		return nil
	}
	ctx := r.Context()
	if !gallery.Access(ctx, g).Authorized {
		return nil
	}
	p, err := s.DB.Client.Photo.Query().
		Where(photo.ID(id), photo.GalleryID(g.ID), photo.StatusEQ(photo.StatusReady)).Only(ctx)
	if err != nil || len(p.Derivatives) == 0 {
		return nil
	}
	return p
}
