package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/gallery"
)

// galleryHeader names the gallery in every gallery call.
const galleryHeader = "X-Gallery-Id"

// decodeJSON reads a JSON body into v; an empty body leaves v as it is.
func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return apperr.New("body_too_large", http.StatusRequestEntityTooLarge, "La requête est trop volumineuse.")
		}
		return apperr.ErrInvalidInput.With(err)
	}
	return nil
}

type getDataRequest struct {
	URL         string `json:"url"`
	PreviewHash string `json:"previewHash"`
	Email       string `json:"email"`
}

type getDataResponse struct {
	Photographer photographerJSON `json:"photographer"`
	Gallery      galleryJSON      `json:"gallery"`
	Config       configJSON       `json:"config"`
	OgData       ogJSON           `json:"ogData"`
}

// restGetData is POST /api/core/getData: the gallery, its prices and packs.
func (s *Server) restGetData(w http.ResponseWriter, r *http.Request) {
	var req getDataRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	ctx := r.Context()
	s.Access.ApplyPreview(ctx, req.PreviewHash)
	g, err := s.Galleries.ByURL(ctx, req.URL, func(q *ent.GalleryQuery) (*ent.GalleryQuery, error) {
		return q.WithPhotographer().WithMusicTrack(), nil
	})
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	cat, err := catalogue.LoadOne(ctx, s.DB.Client, g.ID)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	st := gallery.Access(ctx, g)
	var cover *ent.Photo
	if g.CoverPhotoID != nil && st.Authorized {
		cover, err = s.DB.Client.Photo.Get(ctx, *g.CoverPhotoID)
		if err != nil && !ent.IsNotFound(err) {
			writeError(w, r, s.Log, err)
			return
		}
	}
	selCount, err := s.Galleries.PhotographerSelectionCount(ctx, g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	pg := g.Edges.Photographer
	og := s.Galleries.Og(g, pg.Name, cover)
	writeJSON(w, http.StatusOK, getDataResponse{
		Photographer: newPhotographerJSON(pg),
		Gallery:      newGalleryJSON(g, cat, cover, st, selCount),
		Config:       newConfigJSON(),
		OgData:       ogJSON{Title: og.Title, Description: og.Description, Image: og.Image, URL: og.URL, SiteName: og.SiteName},
	})
}

// galleryFromHeader finds the gallery named by the X-Gallery-Id header.
func (s *Server) galleryFromHeader(r *http.Request) (*ent.Gallery, error) {
	if h := r.URL.Query().Get("previewHash"); h != "" {
		s.Access.ApplyPreview(r.Context(), h)
	}
	id := r.Header.Get(galleryHeader)
	if id == "" {
		return nil, apperr.ErrGalleryNotFound.WithMessage("L'en-tête X-Gallery-Id est requis.")
	}
	return s.Galleries.ByID(r.Context(), id)
}

// restPhotos is GET /api/photos: the photos the viewer may see.
func (s *Server) restPhotos(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	ps, err := s.Galleries.Photos(r.Context(), g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, listJSON(ps, newPhotoJSON))
}

// restVideos is GET /api/videos.
func (s *Server) restVideos(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	vs, err := s.Galleries.Videos(r.Context(), g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, listJSON(vs, newVideoJSON))
}
