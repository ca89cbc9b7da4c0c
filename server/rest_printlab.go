package server

import (
	"mime"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/internal/printlab"
)

// servePrintSheet is GET /media/printsheets/{id}/{token}.zip: a ready print
// lab's sheet, for the order's photographer only (signed in), with its
// token. On S3 it redirects to a short-lived presigned address.
func (s *Server) servePrintSheet(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutSuffix(chi.URLParam(r, "file"), ".zip")
	if !ok || s.PrintLab == nil {
		http.NotFound(w, r)
		return
	}
	sh, err := s.PrintLab.Download(r.Context(), chi.URLParam(r, "id"), token)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	name := printlab.FileName(s.PrintLab.OrderNumber(r.Context(), sh))
	if s.Media.Signs() {
		u, err := s.Media.SignedURL(r.Context(), sh.BlobKey, name, "application/zip")
		if err != nil {
			s.Log.Error("printlab: sign sheet", "key", sh.BlobKey, "err", err)
			writeError(w, r, s.Log, printlab.ErrNotReady)
			return
		}
		w.Header().Set("Cache-Control", "private, no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.Redirect(w, r, u, http.StatusSeeOther)
		return
	}
	rd, err := s.Media.Bucket.NewReader(r.Context(), sh.BlobKey, nil)
	if err != nil {
		s.Log.Error("printlab: open sheet", "key", sh.BlobKey, "err", err)
		writeError(w, r, s.Log, printlab.ErrNotReady)
		return
	}
	defer rd.Close()
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", rd.ModTime(), rd)
}
