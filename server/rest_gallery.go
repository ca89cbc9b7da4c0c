package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/text"
)

// galleryHeader names the gallery in every gallery call.
const galleryHeader = "X-Gallery-Id"

// decodeJSON reads a JSON body into v; an empty body leaves v as it is.
// Every key and string value must pass the text rule (jsonTextField) and
// lists over MAX_LIST_ITEMS are refused (checkLists).
func decodeJSON(r *http.Request, v any) error {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return errBodyTooLarge
		}
		return apperr.ErrInvalidInput.With(err)
	}
	if field, bad := jsonTextField(data); bad {
		return text.ErrInvalid.WithField(field...)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return apperr.ErrInvalidInput.With(err)
	}
	return checkLists(r.Context(), v)
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
	cat, err := s.Catalogues.Load(ctx, s.DB.Client, g.ID)
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
	if cover == nil && st.Authorized {
		// No cover chosen (or not visible): the first photo stands for it.
		if cover, err = s.Galleries.FirstPhoto(ctx, g); err != nil {
			writeError(w, r, s.Log, err)
			return
		}
	}
	selCount, err := s.Galleries.PhotographerSelectionCount(ctx, g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	albumPhotos, err := s.albumPhotoIDs(ctx, g, st)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	pg := g.Edges.Photographer
	og := s.Galleries.Og(g, pg.Name, cover)
	writeJSON(w, http.StatusOK, getDataResponse{
		Photographer: newPhotographerJSON(pg),
		Gallery:      newGalleryJSON(g, cat, cover, st, selCount, albumPhotos),
		Config:       newConfigJSON(),
		OgData:       ogJSON{Title: og.Title, Description: og.Description, Image: og.Image, URL: og.URL, SiteName: og.SiteName},
	})
}

// albumPhotoIDs is getData's album.photos (spec section 3: album
// { activated, maxPhotos, photos }): the ids of the clients' album's
// photos for those who compose it, as GET /api/galleries/albumSelections
// shows them; an empty list for visitors, for a gallery without an album,
// and for a client still owing a confirmed e-mail, whom the album refuses.
func (s *Server) albumPhotoIDs(ctx context.Context, g *ent.Gallery, st gallery.State) ([]string, error) {
	if !g.AlbumActivated || !st.Authorized || !st.IsClient {
		return []string{}, nil
	}
	a, err := s.Selections.AlbumOf(ctx, g)
	if e := apperr.As(err); e != nil && e.Status < http.StatusInternalServerError {
		return []string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("getData: album: %w", err)
	}
	if a.PhotoIDs == nil {
		return []string{}, nil
	}
	return a.PhotoIDs, nil
}

// galleryFromHeader finds the gallery named by the X-Gallery-Id header.
func (s *Server) galleryFromHeader(r *http.Request) (*ent.Gallery, error) {
	if h := r.URL.Query().Get("previewHash"); h != "" {
		s.Access.ApplyPreview(r.Context(), h)
	}
	id := r.Header.Get(galleryHeader)
	if id == "" {
		return nil, apperr.ErrGalleryNotFound.WithMessage("gallery_header_required", nil)
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
	ctx := r.Context()
	if err := gallery.RequireAccess(ctx, g); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	// The list is kept per gallery and visibility class, with an ETag
	// (gallerycache.go); it is made again here when it could not be kept.
	if s.cache != nil {
		key := photosKey(ctx, g)
		e := s.cache.lookup(key)
		if e == nil {
			e = s.cache.fill(key, func() *cacheEntry {
				ps, err := s.Galleries.Photos(ctx, g)
				if err != nil {
					return nil
				}
				b, err := json.Marshal(listJSON(ps, newPhotoJSON))
				if err != nil {
					return nil
				}
				b = append(b, '\n')
				return &cacheEntry{body: b, contentType: "application/json; charset=utf-8", etag: etagOf(b)}
			})
		}
		if e != nil {
			e.serve(w, r)
			return
		}
	}
	ps, err := s.Galleries.Photos(ctx, g)
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
