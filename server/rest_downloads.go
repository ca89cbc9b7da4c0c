package server

import (
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/downloads"
)

// downloadJSON is a download request as REST answers it.
type downloadJSON struct {
	ID          string     `json:"_id"`
	Status      string     `json:"status"`
	Quality     string     `json:"quality"`
	Collections []string   `json:"collections"`
	Email       string     `json:"email"`
	FilesDone   int        `json:"filesDone"`
	FilesTotal  int        `json:"filesTotal"`
	Links       []string   `json:"links"`
	SizeBytes   int64      `json:"sizeBytes"`
	ExpiresAt   *time.Time `json:"expiresAt"`
	MailedAt    *time.Time `json:"mailedAt"`
	CreatedAt   time.Time  `json:"createdAt"`
}

func newDownloadJSON(r *ent.DownloadRequest) downloadJSON {
	links := downloads.Links(r)
	if links == nil {
		links = []string{}
	}
	return downloadJSON{ID: r.ID, Status: string(r.Status), Quality: string(r.Quality), Collections: r.Collections,
		Email: r.Email, FilesDone: r.FilesDone, FilesTotal: r.FilesTotal, Links: links, SizeBytes: r.SizeBytes,
		ExpiresAt: r.ExpiresAt, MailedAt: r.MailedAt, CreatedAt: r.CreatedAt}
}

func (s *Server) answerDownload(w http.ResponseWriter, r *http.Request, d *ent.DownloadRequest, err error) {
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, newDownloadJSON(d))
}

// restRequestDownload is POST /api/galleries/downloadRequests. Body:
// {"email","collections":[...],"quality":"web"|"hd","emailConfirmed"}.
func (s *Server) restRequestDownload(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var body struct {
		Email          string   `json:"email"`
		Collections    []string `json:"collections"`
		Quality        string   `json:"quality"`
		EmailConfirmed bool     `json:"emailConfirmed"`
	}
	if err := decodeJSON(r, &body); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	d, err := s.Downloads.Request(r.Context(), g, downloads.RequestInput{Email: body.Email, Collections: body.Collections,
		Quality: body.Quality, EmailConfirmed: body.EmailConfirmed})
	s.answerDownload(w, r, d, err)
}

// restDownload is GET /api/galleries/downloadRequests/{id}.
func (s *Server) restDownload(w http.ResponseWriter, r *http.Request) {
	d, err := s.Downloads.Get(r.Context(), chi.URLParam(r, "id"))
	s.answerDownload(w, r, d, err)
}

// restResendDownload is POST /api/galleries/downloadRequests/{id}/resend.
func (s *Server) restResendDownload(w http.ResponseWriter, r *http.Request) {
	d, err := s.Downloads.Resend(r.Context(), chi.URLParam(r, "id"))
	s.answerDownload(w, r, d, err)
}

// serveDownload is GET /media/downloads/{id}/{token}/{part}.zip: a ready
// archive part behind its expiring link. Only complete parts exist.
func (s *Server) serveDownload(w http.ResponseWriter, r *http.Request) {
	part, ok := strings.CutSuffix(chi.URLParam(r, "part"), ".zip")
	n, err := strconv.Atoi(part)
	if !ok || err != nil {
		http.NotFound(w, r)
		return
	}
	d, key, err := s.Downloads.Part(r.Context(), chi.URLParam(r, "id"), chi.URLParam(r, "token"), n)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if s.Media.Signs() {
		// On S3 the archive comes from the bucket itself: the app spends
		// no bandwidth on it.
		u, err := s.Media.SignedURL(r.Context(), key, downloads.FileName(d, n), "application/zip")
		if err != nil {
			s.Log.Error("downloads: sign part", "key", key, "err", err)
			writeError(w, r, s.Log, downloads.ErrNotReady)
			return
		}
		w.Header().Set("Cache-Control", "private, no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.Redirect(w, r, u, http.StatusSeeOther)
		return
	}
	rd, err := s.Media.Bucket.NewReader(r.Context(), key, nil)
	if err != nil {
		s.Log.Error("downloads: open part", "key", key, "err", err)
		writeError(w, r, s.Log, downloads.ErrNotReady)
		return
	}
	defer rd.Close()
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": downloads.FileName(d, n)}))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", rd.ModTime(), rd)
}
