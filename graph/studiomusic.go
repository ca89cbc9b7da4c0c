package graph

import (
	"context"
	"fmt"

	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/graph/gqlmodel"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/photographer"
)

// musicTrackPayload answers a music library mutation: the track, or why not.
func musicTrackPayload(t *photographer.StudioMusicTrack, err error) (*gqlmodel.MusicTrackPayload, error) {
	ues, err := userErrors(err)
	if err != nil {
		return nil, err
	}
	return &gqlmodel.MusicTrackPayload{Track: t, UserErrors: ues}, nil
}

// localizedWelcome is the welcome message a guest reading language sees
// (an unknown language reads as the gallery's default).
func localizedWelcome(w *model.WelcomePopup, language string) *model.WelcomeTranslation {
	l := w.DefaultLanguage
	if t, ok := lang.Parse(language); ok {
		l = string(t)
	}
	out := w.Localized(l)
	return &out
}

// galleryPhotoCount follows how many photos of the gallery at url the
// viewer may see. The gallery's access is checked when the subscription
// starts and again at each count: a gallery taken offline, or a viewer
// whose access ended, ends the subscription. The count goes through the
// data layer's visibility rules (store.photoVisibility) with the
// connection's viewer, as the photo lists do.
func (r *Resolver) galleryPhotoCount(ctx context.Context, url string) (<-chan *gqlmodel.GalleryPhotoCount, error) {
	g, err := r.Galleries.ByURL(ctx, url)
	if err != nil {
		return nil, err
	}
	if err := gallery.RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	id := g.ID
	return follow(ctx, r.Events, jobs.TopicGalleryPhotos, true,
		func(e string) bool { return e == id },
		func(ctx context.Context) (*gqlmodel.GalleryPhotoCount, error) {
			g, err := r.Galleries.ByID(ctx, id)
			if err != nil {
				return nil, err
			}
			if err := gallery.RequireAccess(ctx, g); err != nil {
				return nil, err
			}
			n, err := r.DB.Client.Photo.Query().Where(photo.GalleryID(id)).Count(ctx)
			if err != nil {
				return nil, fmt.Errorf("graph: gallery photo count: %w", err)
			}
			return &gqlmodel.GalleryPhotoCount{GalleryID: id, Count: n}, nil
		})
}
