package server

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/apperr"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/media"
)

// servePhoto serves one derivative. The data layer hides private photos
// from everyone but their photographer, and the gallery must be open to the
// viewer. The address carries the content hash, so the answer may be
// cached for a year; ranges and conditional requests are honoured.
func (s *Server) servePhoto(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id, hash := chi.URLParam(r, "photoID"), chi.URLParam(r, "hash")
	width, err := strconv.Atoi(strings.TrimSuffix(chi.URLParam(r, "file"), ".jpg"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	p, err := s.DB.Client.Photo.Get(ctx, id)
	if err != nil {
		if !ent.IsNotFound(err) {
			s.Log.Error("media: photo", "err", err)
		}
		http.NotFound(w, r)
		return
	}
	if p.ContentHash != hash || !slices.Contains(p.Derivatives, width) {
		http.NotFound(w, r)
		return
	}
	g, err := s.Galleries.ByID(ctx, p.GalleryID)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if err := galleries.RequireAccess(ctx, g); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	rd, err := s.Media.OpenDerivative(ctx, p.ID, hash, width)
	if err != nil {
		if !errors.Is(err, media.ErrMissing) {
			s.Log.Error("media: open", "err", err)
		}
		writeError(w, r, s.Log, apperr.New("photo_unavailable", http.StatusServiceUnavailable,
			"Le fichier de la photo n'est pas encore disponible, merci de réessayer dans quelques instants."))
		return
	}
	defer rd.Close()
	scope := "private"
	if g.IsPublic && !p.IsPrivate && !p.ClientHidden {
		scope = "public"
	}
	h := w.Header()
	h.Set("Cache-Control", scope+", max-age=31536000, immutable")
	h.Set("ETag", fmt.Sprintf(`"%s-%d"`, hash, width))
	h.Set("Content-Type", "image/jpeg")
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", rd.ModTime(), rd)
}

// serveMusic serves a music track played by a gallery the viewer can open.
func (s *Server) serveMusic(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	t, err := s.DB.Client.MusicTrack.Get(ctx, chi.URLParam(r, "trackID"))
	if err != nil || t.BlobKey == "" {
		http.NotFound(w, r)
		return
	}
	gs, err := t.QueryGalleries().Where(gallery.MusicActive(true)).All(ctx)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	allowed := false
	for _, g := range gs {
		if g.Published && galleries.Access(ctx, g).Authorized {
			allowed = true
			break
		}
	}
	if !allowed {
		http.NotFound(w, r)
		return
	}
	rd, err := s.Media.Bucket.NewReader(ctx, t.BlobKey, nil)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer rd.Close()
	w.Header().Set("Content-Type", t.ContentType)
	w.Header().Set("Cache-Control", "private, max-age=86400")
	http.ServeContent(w, r, "", rd.ModTime(), rd)
}
