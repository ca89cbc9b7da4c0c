package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/captcha"
	"github.com/studio/gallery/internal/contact"
	"github.com/studio/gallery/internal/selections"
	"github.com/studio/gallery/internal/share"
	"github.com/studio/gallery/internal/viewer"
)

// The REST doors of internal/selections, internal/share, internal/contact
// and internal/captcha. Every gallery call names its gallery with
// X-Gallery-Id; refusals use the error shape of writeError.

// selectionJSON is a selection as the old client reads it: ids only, the
// page already holds the photos.
type selectionJSON struct {
	ID          string    `json:"_id"`
	Name        string    `json:"name"`
	IsFavorites bool      `json:"isFavorites"`
	Photos      []string  `json:"photos"`
	Videos      []string  `json:"videos"`
	CreatedAt   time.Time `json:"createdAt"`
}

// userSelectionsJSON is GET /api/users/selections (spec section 3's user).
type userSelectionsJSON struct {
	Email      string          `json:"email"`
	Favorites  *selectionJSON  `json:"favorites"`
	Selections []selectionJSON `json:"selections"`
}

type albumJSONAnswer struct {
	State     string     `json:"state"`
	Photos    []string   `json:"photos"`
	Count     int        `json:"count"`
	MaxPhotos int        `json:"maxPhotos"`
	Excess    int        `json:"excess"`
	SentAt    *time.Time `json:"sentAt"`
}

func newAlbumJSON(a *selections.Album) albumJSONAnswer {
	return albumJSONAnswer{State: string(a.State), Photos: a.PhotoIDs, Count: a.PhotoCount(), MaxPhotos: a.MaxPhotos,
		Excess: a.Excess(), SentAt: a.SentAt}
}

// selectionsJSON presents selections with their contents as the viewer sees them.
func (s *Server) selectionsJSON(r *http.Request, sels ...*ent.Selection) ([]selectionJSON, error) {
	ids := make([]string, len(sels))
	for i, sel := range sels {
		ids[i] = sel.ID
	}
	items, err := selections.Contents(r.Context(), s.DB.Client, ids)
	if err != nil {
		return nil, err
	}
	out := make([]selectionJSON, len(sels))
	for i, sel := range sels {
		it := items[sel.ID]
		out[i] = selectionJSON{ID: sel.ID, Name: sel.Name, IsFavorites: sel.IsFavorites,
			Photos: it.PhotoIDs, Videos: it.VideoIDs, CreatedAt: sel.CreatedAt}
	}
	return out, nil
}

// answerSelection writes one selection, or the error that came instead.
func (s *Server) answerSelection(w http.ResponseWriter, r *http.Request, sel *ent.Selection, err error) {
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out, err := s.selectionsJSON(r, sel)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, out[0])
}

// restSelections is GET /api/users/selections: the confirmed e-mail's
// favourites and named selections in the gallery.
func (s *Server) restSelections(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	sels, err := s.Selections.List(r.Context(), g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	all, err := s.selectionsJSON(r, sels...)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out := userSelectionsJSON{Email: viewer.FromContext(r.Context()).Email, Selections: []selectionJSON{}}
	for i := range all {
		if all[i].IsFavorites {
			out.Favorites = &all[i]
		} else {
			out.Selections = append(out.Selections, all[i])
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// restSelection is GET /api/users/selections/{selectionId} ("favorites"
// names the favourites).
func (s *Server) restSelection(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	sel, err := s.Selections.Get(r.Context(), g, chi.URLParam(r, "selectionId"))
	s.answerSelection(w, r, sel, err)
}

// restCreateSelection is POST /api/users/selections. Body {"name": "..."}.
func (s *Server) restCreateSelection(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name string `json:"name"`
	}
	g, ok := s.galleryAndBody(w, r, &body)
	if !ok {
		return
	}
	sel, err := s.Selections.Create(r.Context(), g, body.Name)
	s.answerSelection(w, r, sel, err)
}

// restDeleteSelection is DELETE /api/users/selections/{selectionId}.
func (s *Server) restDeleteSelection(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	id := chi.URLParam(r, "selectionId")
	if err := s.Selections.Delete(r.Context(), g, id); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"_id": id})
}

// restAddToSelection is POST /api/users/selections/{selectionId}/{photoId}/toggle/add
// (selectionId "favorites" for the favourites; photoId may be a vid_ id).
// Despite its name it only adds, and adding twice changes nothing.
func (s *Server) restAddToSelection(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	sel, err := s.Selections.Add(r.Context(), g, chi.URLParam(r, "selectionId"), []string{chi.URLParam(r, "photoId")})
	s.answerSelection(w, r, sel, err)
}

// restRemoveFromSelection is POST /api/users/selections/{selectionId}/removePhotos.
// Body: a JSON list of photo (or video) ids.
func (s *Server) restRemoveFromSelection(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	ids, err := decodeIDs(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	sel, err := s.Selections.Remove(r.Context(), g, chi.URLParam(r, "selectionId"), ids)
	s.answerSelection(w, r, sel, err)
}

// decodeIDs reads a body that lists ids: a JSON array (the spec's body),
// or {"photoIds": [...]}.
func decodeIDs(r *http.Request) ([]string, error) {
	var raw json.RawMessage
	if err := decodeJSON(r, &raw); err != nil {
		return nil, err
	}
	raw = bytes.TrimSpace(raw)
	var ids []string
	if len(raw) > 0 && raw[0] == '{' {
		var body struct {
			PhotoIDs []string `json:"photoIds"`
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&body); err != nil {
			return nil, apperr.ErrInvalidInput.With(err)
		}
		ids = body.PhotoIDs
	} else if len(raw) > 0 {
		if err := json.Unmarshal(raw, &ids); err != nil {
			return nil, apperr.ErrInvalidInput.With(err)
		}
	}
	if err := checkLists(r.Context(), ids); err != nil {
		return nil, apperr.As(err).WithField("photoIds")
	}
	return ids, nil
}

// restPhotographerSelection is GET /api/galleries/photographerSelection:
// the photos and videos the photographer marked as favourites.
func (s *Server) restPhotographerSelection(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	ps, vs, err := s.Galleries.PhotographerSelectionItems(r.Context(), g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out := struct {
		Count  int         `json:"count"`
		Photos []photoJSON `json:"photos"`
		Videos []videoJSON `json:"videos"`
	}{Count: len(ps) + len(vs), Photos: listJSON(ps, newPhotoJSON), Videos: listJSON(vs, newVideoJSON)}
	writeJSON(w, http.StatusOK, out)
}

// restAlbum is GET /api/galleries/albumSelections: the clients' album.
func (s *Server) restAlbum(w http.ResponseWriter, r *http.Request) {
	s.albumCall(w, r, false, func(g *ent.Gallery) (*selections.Album, error) {
		return s.Selections.AlbumOf(r.Context(), g)
	})
}

// restAddToAlbum is POST /api/galleries/albumSelections/{photoId}/add. The
// answer's message is "ok" on success (spec section 7).
func (s *Server) restAddToAlbum(w http.ResponseWriter, r *http.Request) {
	s.albumCall(w, r, true, func(g *ent.Gallery) (*selections.Album, error) {
		return s.Selections.AddToAlbum(r.Context(), g, []string{chi.URLParam(r, "photoId")})
	})
}

// restRemoveFromAlbum is POST /api/galleries/albumSelections/removePhotos.
// Body: a JSON list of photo ids.
func (s *Server) restRemoveFromAlbum(w http.ResponseWriter, r *http.Request) {
	s.albumCall(w, r, true, func(g *ent.Gallery) (*selections.Album, error) {
		ids, err := decodeIDs(r)
		if err != nil {
			return nil, err
		}
		return s.Selections.RemoveFromAlbum(r.Context(), g, ids)
	})
}

// restSendAlbum is POST /api/galleries/albumSelections/send (no body).
func (s *Server) restSendAlbum(w http.ResponseWriter, r *http.Request) {
	s.albumCall(w, r, true, func(g *ent.Gallery) (*selections.Album, error) {
		return s.Selections.SendAlbum(r.Context(), g)
	})
}

// albumCall runs an album call; changes answer {"message": "ok", "album"},
// reads the album alone.
func (s *Server) albumCall(w http.ResponseWriter, r *http.Request, change bool, fn func(*ent.Gallery) (*selections.Album, error)) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	a, err := fn(g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if !change {
		writeJSON(w, http.StatusOK, newAlbumJSON(a))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": "ok", "album": newAlbumJSON(a)})
}

// restSetClientHidden is POST /api/photos/clientHidden: a client hides
// photos from visitors. Body {"photoIds": [...], "hidden": true}.
func (s *Server) restSetClientHidden(w http.ResponseWriter, r *http.Request) {
	var body struct {
		PhotoIDs []string `json:"photoIds"`
		Hidden   bool     `json:"hidden"`
	}
	g, ok := s.galleryAndBody(w, r, &body)
	if !ok {
		return
	}
	ps, err := s.Selections.SetClientHidden(r.Context(), g, body.PhotoIDs, body.Hidden)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, listJSON(ps, newPhotoJSON))
}

// restShare is POST /api/galleries/share. Body {"senderName", "emails": [...], "message"}.
func (s *Server) restShare(w http.ResponseWriter, r *http.Request) {
	var body struct {
		SenderName string   `json:"senderName"`
		Emails     []string `json:"emails"`
		Message    string   `json:"message"`
	}
	g, ok := s.galleryAndBody(w, r, &body)
	if !ok {
		return
	}
	sent, err := s.Shares.Share(r.Context(), g, share.Input{SenderName: body.SenderName, Emails: body.Emails, Message: body.Message})
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sent": true, "recipients": sent})
}

// restContact is POST /api/galleries/contact. Body {"name", "email",
// "message", "captchaId", "captchaText"}.
func (s *Server) restContact(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name        string `json:"name"`
		Email       string `json:"email"`
		Message     string `json:"message"`
		CaptchaID   string `json:"captchaId"`
		CaptchaText string `json:"captchaText"`
	}
	g, ok := s.galleryAndBody(w, r, &body)
	if !ok {
		return
	}
	if err := s.Contact.Send(r.Context(), g, contact.Input{Name: body.Name, Email: body.Email, Message: body.Message,
		CaptchaID: body.CaptchaID, CaptchaText: body.CaptchaText}); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sent": true})
}

// restNewCaptcha is POST /api/captcha: a new code and where to draw it.
func (s *Server) restNewCaptcha(w http.ResponseWriter, r *http.Request) {
	c, err := s.Captchas.New(r.Context(), viewer.FromContext(r.Context()).ClientAddr)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, newCaptchaJSON(c))
}

// captchaJSON is a captcha as REST shows it.
type captchaJSON struct {
	ID        string    `json:"_id"`
	ImageURL  string    `json:"imageUrl"`
	AudioURL  string    `json:"audioUrl"`
	ExpiresAt time.Time `json:"expiresAt"`
}

func newCaptchaJSON(c *ent.Captcha) *captchaJSON {
	return &captchaJSON{ID: c.ID, ImageURL: captcha.ImageURL(c.ID), AudioURL: captcha.AudioURL(c.ID), ExpiresAt: c.ExpiresAt}
}

// restCaptchaFile is GET /api/captcha/{id}.png and GET /api/captcha/{id}.wav.
func (s *Server) restCaptchaFile(w http.ResponseWriter, r *http.Request) {
	file := chi.URLParam(r, "file")
	var (
		data  []byte
		err   error
		ctype string
	)
	switch {
	case strings.HasSuffix(file, ".png"):
		data, err = s.Captchas.Image(r.Context(), strings.TrimSuffix(file, ".png"))
		ctype = "image/png"
	case strings.HasSuffix(file, ".wav"):
		data, err = s.Captchas.Audio(r.Context(), strings.TrimSuffix(file, ".wav"))
		ctype = "audio/wav"
	default:
		err = captcha.ErrNotFound
	}
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(data)
}
