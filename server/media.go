package server

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"gocloud.dev/blob"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/apperr"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
)

// servePhoto serves one file of a photo: a derivative ({width}.jpg, its
// WebP twin to a browser whose Accept names image/webp, with Vary: Accept), the
// watermarked web file (watermark.jpg) or the HD original (original), the
// latter as an attachment, and a derivative too when ?download is given. The
// data layer hides private photos from everyone but their photographer,
// and the gallery must be open to the viewer; originals also need an
// entitlement (gallery.CanDownloadOriginal). The address carries the
// content hash, so the answer may be cached for a year; ranges and
// conditional requests are honoured.
func (s *Server) servePhoto(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id, hash, file := chi.URLParam(r, "photoID"), chi.URLParam(r, "hash"), chi.URLParam(r, "file")
	width := 0
	if file != "watermark.jpg" && file != "original" {
		// A size is one of the photo's derivatives (checked below): zero,
		// negative or absurd sizes are not found, never "not yet ready".
		n, err := strconv.Atoi(strings.TrimSuffix(file, ".jpg"))
		if err != nil || n <= 0 || !strings.HasSuffix(file, ".jpg") {
			http.NotFound(w, r)
			return
		}
		width = n
	}
	p, err := s.DB.Client.Photo.Get(ctx, id)
	if err != nil {
		if !ent.IsNotFound(err) {
			s.Log.Error("media: photo", "err", err)
		}
		http.NotFound(w, r)
		return
	}
	if p.ContentHash != hash || (file != "watermark.jpg" && file != "original" && !slices.Contains(p.Derivatives, width)) {
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
	var (
		rd          media.File
		contentType = "image/jpeg"
		etag        = fmt.Sprintf(`"%s-%s"`, hash, strings.TrimSuffix(file, ".jpg"))
	)
	switch {
	case file == "original":
		ok, cerr := s.Galleries.CanDownloadOriginal(ctx, g, p)
		if cerr != nil {
			writeError(w, r, s.Log, cerr)
			return
		}
		if !ok {
			writeError(w, r, s.Log, apperr.ErrForbidden.WithMessage("hd_buyers_only", nil))
			return
		}
		if s.Media.Signs() {
			// On S3 the bytes come from the bucket itself, by a short-lived
			// presigned address given after the checks above.
			s.redirectSigned(w, r, media.OriginalKey(p.ID, hash), p.Filename, p.ContentType)
			return
		}
		var br *blob.Reader
		br, err = s.Media.Bucket.NewReader(ctx, media.OriginalKey(p.ID, hash), nil)
		if err != nil {
			err = media.ErrMissing
		} else {
			rd = br
		}
		contentType = p.ContentType
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": p.Filename}))
	case width == 0:
		rd, err = s.watermark(ctx, p)
	default:
		download := r.URL.Query().Has("download")
		if !download {
			// The same address serves the WebP twin to browsers that
			// accept it (libvips builds make one), the JPEG otherwise.
			w.Header().Add("Vary", "Accept")
			if acceptsWebP(r.Header.Get("Accept")) {
				if rd, err = s.Media.OpenWebP(ctx, p.ID, hash, width); err == nil {
					contentType, etag = "image/webp", fmt.Sprintf(`"%s-%d-webp"`, hash, width)
					break
				}
			}
		}
		rd, err = s.Media.OpenDerivative(ctx, p.ID, hash, width)
		if download {
			// A web download of one photo (media.DownloadURL): the same
			// file as the viewer shows, saved under the photo's name.
			w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": webFilename(p.Filename, p.ID)}))
		}
	}
	if err != nil {
		if errors.Is(err, media.ErrMissing) && file == "watermark.jpg" {
			http.NotFound(w, r)
			return
		}
		if !errors.Is(err, media.ErrMissing) {
			s.Log.Error("media: open", "err", err)
		}
		writeError(w, r, s.Log, apperr.New("photo_unavailable", http.StatusServiceUnavailable,
			"photo_unavailable"))
		return
	}
	defer rd.Close()
	scope := "private"
	if g.IsPublic && !p.IsPrivate && !p.ClientHidden && file != "original" {
		scope = "public"
	}
	h := w.Header()
	h.Set("Cache-Control", scope+", max-age=31536000, immutable")
	h.Set("ETag", etag)
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", rd.ModTime(), rd)
}

// redirectSigned sends the viewer to a presigned address of the blob at key
// (S3), named filename: 303 See Other, never cached (the address expires).
// A missing blob is photo_unavailable, as when the app serves it.
func (s *Server) redirectSigned(w http.ResponseWriter, r *http.Request, key, filename, contentType string) {
	u, err := s.Media.SignedURL(r.Context(), key, filename, contentType)
	if err != nil {
		if !errors.Is(err, media.ErrMissing) {
			s.Log.Error("media: sign", "key", key, "err", err)
		}
		writeError(w, r, s.Log, apperr.New("photo_unavailable", http.StatusServiceUnavailable, "photo_unavailable"))
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, u, http.StatusSeeOther)
}

// acceptsWebP tells whether an Accept header names image/webp (or image/*)
// with a non-zero quality. Browsers send it for images (Chromium, Firefox,
// Safari 14 and later); "*/*" alone does not count, since a client that
// says nothing more may not decode WebP.
func acceptsWebP(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		typ, params, _ := strings.Cut(part, ";")
		typ = strings.ToLower(strings.TrimSpace(typ))
		if typ != "image/webp" && typ != "image/*" {
			continue
		}
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil || f <= 0 {
					return false
				}
			}
		}
		return true
	}
	return false
}

// webFilename names a photo's web file: its file name with a .jpg
// extension (derivatives are JPEG), like a web download archive's.
func webFilename(name, id string) string {
	if name == "" {
		return id + ".jpg"
	}
	if strings.HasSuffix(strings.ToLower(name), ".jpg") {
		return name
	}
	return strings.TrimSuffix(name, path.Ext(name)) + ".jpg"
}

// watermark opens the watermarked web file of a ready photo, made on its
// first request when the gallery sells a watermarked web format (ErrMissing
// otherwise, and while the photo is being processed). The unmarked image is
// never an answer here.
func (s *Server) watermark(ctx context.Context, p *ent.Photo) (media.File, error) {
	rd, err := s.Media.OpenWatermark(ctx, p.ID, p.ContentHash)
	if !errors.Is(err, media.ErrMissing) || len(p.Derivatives) == 0 {
		return rd, err
	}
	o, err := jobs.WatermarkOptions(viewer.SystemContext(ctx), s.DB.Client, p.ID)
	if err != nil {
		return nil, err
	}
	if !o.Watermark {
		return nil, media.ErrMissing
	}
	return s.Media.Watermark(ctx, p.ID, p.ContentHash, slices.Max(p.Derivatives), o.WatermarkText)
}

// serveMusic serves a music track played by a gallery the viewer can open,
// or to its own photographer.
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
	// The track's photographer listens to it in the studio's library,
	// whether a gallery plays it or not.
	allowed := false
	if pid := viewer.FromContext(ctx).PhotographerID; pid != "" {
		owner, err := t.QueryPhotographer().OnlyID(ctx)
		allowed = err == nil && owner == pid
	}
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
