package photographer

import (
	"context"
	"fmt"
	"github.com/studio/gallery/internal/jobs"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/apperr"
)

// MaxPhotosPerCall bounds the photo ids of one call.
const MaxPhotosPerCall = 2000

// ReorderPhotosInput gives photos of a gallery their display order.
type ReorderPhotosInput struct {
	GalleryID string
	// PhotoIDs in their new order; the gallery's other photos follow them,
	// in their previous order.
	PhotoIDs []string
}

// MovePhotosInput puts photos in a collection ("" for none). A collection
// that is not yet in the gallery's collectionNames is added to it.
type MovePhotosInput struct {
	GalleryID  string
	PhotoIDs   []string
	Collection string
}

// SetPhotosPrivateInput hides photos from clients and visitors, or shows them again.
type SetPhotosPrivateInput struct {
	GalleryID string
	PhotoIDs  []string
	IsPrivate bool
}

// SetPhotosFavoriteInput adds photos to the photographer's selection or removes them.
type SetPhotosFavoriteInput struct {
	GalleryID string
	PhotoIDs  []string
	Favorite  bool
}

// DeletePhotosInput names photos to delete.
type DeletePhotosInput struct {
	GalleryID string
	PhotoIDs  []string
}

// PhotoPatch is the REST door's change to one photo; nil fields stay.
type PhotoPatch struct {
	IsPrivate *bool `json:"isPrivate"`
	Favorite  *bool `json:"favorite"`
}

// ReorderPhotos renumbers the gallery's photos: the listed ones first, in
// the given order, then the others as they were. It returns the listed
// photos in their new order.
func (s *Service) ReorderPhotos(ctx context.Context, in ReorderPhotosInput) ([]*ent.Photo, error) {
	err := s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		if err := checkDistinct(in.PhotoIDs); err != nil {
			return err
		}
		if _, err := galleryPhotos(ctx, tx, g.ID, in.PhotoIDs); err != nil {
			return err
		}
		all, err := tx.Photo.Query().Where(photo.GalleryID(g.ID)).
			Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).
			Select(photo.FieldID, photo.FieldPosition).All(ctx)
		if err != nil {
			return fmt.Errorf("photographer: photos: %w", err)
		}
		order := slices.Clone(in.PhotoIDs)
		listed := make(map[string]bool, len(order))
		for _, id := range order {
			listed[id] = true
		}
		old := make(map[string]int, len(all))
		for _, p := range all {
			old[p.ID] = p.Position
			if !listed[p.ID] {
				order = append(order, p.ID)
			}
		}
		for pos, id := range order {
			if old[id] == pos {
				continue
			}
			if err := tx.Photo.UpdateOneID(id).SetPosition(pos).Exec(ctx); err != nil {
				return fmt.Errorf("photographer: photo %s position: %w", id, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.photosInOrder(ctx, in.PhotoIDs)
}

// MovePhotos puts photos in a collection and returns them.
func (s *Service) MovePhotos(ctx context.Context, in MovePhotosInput) ([]*ent.Photo, *ent.Gallery, error) {
	var g *ent.Gallery
	err := s.inTx(ctx, func(tx *ent.Client) error {
		cur, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		g = cur
		name, err := s.ensureCollection(ctx, tx, cur, in.Collection)
		if err != nil {
			return err
		}
		if g, err = tx.Gallery.Get(ctx, cur.ID); err != nil {
			return fmt.Errorf("photographer: gallery: %w", err)
		}
		if _, err := galleryPhotos(ctx, tx, cur.ID, in.PhotoIDs); err != nil {
			return err
		}
		return tx.Photo.Update().Where(photo.IDIn(in.PhotoIDs...), photo.GalleryID(cur.ID)).SetCollection(name).Exec(ctx)
	})
	if err != nil {
		return nil, nil, err
	}
	ps, err := s.photosInOrder(ctx, in.PhotoIDs)
	return ps, g.Unwrap(), err
}

// ensureCollection checks a collection name and adds it to the gallery's
// collectionNames when it is new.
func (s *Service) ensureCollection(ctx context.Context, tx *ent.Client, g *ent.Gallery, name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || slices.Contains(g.CollectionNames, name) {
		return name, nil
	}
	if utf8.RuneCountInString(name) > 120 {
		return "", userErr(CodeTooLong, "name_too_long", "collection")
	}
	if len(g.CollectionNames) >= MaxCollections {
		return "", userErr(CodeTooMany, "too_many_collections", "collection").WithArgs(apperr.Args{"Max": MaxCollections})
	}
	names := append(slices.Clone(g.CollectionNames), name)
	if err := tx.Gallery.UpdateOneID(g.ID).SetCollectionNames(names).Exec(ctx); err != nil {
		return "", fmt.Errorf("photographer: collection names: %w", err)
	}
	return name, nil
}

// SetPhotosPrivate hides photos from clients and visitors (or shows them
// again). Photos made private leave the open carts (see carts.go).
func (s *Service) SetPhotosPrivate(ctx context.Context, in SetPhotosPrivateInput) ([]*ent.Photo, error) {
	err := s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		return setPrivate(ctx, tx, g.ID, in.PhotoIDs, in.IsPrivate)
	})
	if err != nil {
		return nil, err
	}
	s.galleryPhotosChanged(ctx, in.GalleryID)
	return s.photosInOrder(ctx, in.PhotoIDs)
}

func setPrivate(ctx context.Context, tx *ent.Client, galleryID string, ids []string, private bool) error {
	ps, err := galleryPhotos(ctx, tx, galleryID, ids)
	if err != nil {
		return err
	}
	var changed []string
	for _, p := range ps {
		if p.IsPrivate != private {
			changed = append(changed, p.ID)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	if err := tx.Photo.Update().Where(photo.IDIn(changed...)).SetIsPrivate(private).Exec(ctx); err != nil {
		return fmt.Errorf("photographer: private photos: %w", err)
	}
	if private {
		return photosGone(ctx, tx, galleryID, changed)
	}
	return nil
}

// SetPhotosFavorite adds photos to the photographer's selection or removes them.
func (s *Service) SetPhotosFavorite(ctx context.Context, in SetPhotosFavoriteInput) ([]*ent.Photo, error) {
	err := s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		if _, err := galleryPhotos(ctx, tx, g.ID, in.PhotoIDs); err != nil {
			return err
		}
		return tx.Photo.Update().Where(photo.IDIn(in.PhotoIDs...), photo.GalleryID(g.ID)).SetFavorite(in.Favorite).Exec(ctx)
	})
	if err != nil {
		return nil, err
	}
	return s.photosInOrder(ctx, in.PhotoIDs)
}

// DeletePhotos deletes photos' rows and takes them out of open carts. A
// deleted cover leaves the gallery without one. The stored files are not
// removed here: a later clean-up job deletes blobs no row names.
func (s *Service) DeletePhotos(ctx context.Context, in DeletePhotosInput) ([]string, error) {
	var deleted []string
	err := s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		ps, err := galleryPhotos(ctx, tx, g.ID, in.PhotoIDs)
		if err != nil {
			return err
		}
		for _, p := range ps {
			deleted = append(deleted, p.ID)
		}
		if err := photosGone(ctx, tx, g.ID, deleted); err != nil {
			return err
		}
		if g.CoverPhotoID != nil && slices.Contains(deleted, *g.CoverPhotoID) {
			if err := tx.Gallery.UpdateOneID(g.ID).ClearCoverPhotoID().Exec(ctx); err != nil {
				return fmt.Errorf("photographer: cover: %w", err)
			}
		}
		if _, err := tx.Photo.Delete().Where(photo.IDIn(deleted...), photo.GalleryID(g.ID)).Exec(ctx); err != nil {
			return fmt.Errorf("photographer: delete photos: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.galleryPhotosChanged(ctx, in.GalleryID)
	return deleted, nil
}

// galleryPhotosChanged tells the guests' galleryPhotoCount subscriptions
// that the gallery's photos changed (after the change committed).
func (s *Service) galleryPhotosChanged(ctx context.Context, galleryID string) {
	if s.Events != nil {
		_ = s.Events.Publish(context.WithoutCancel(ctx), jobs.TopicGalleryPhotos, galleryID)
	}
}

// UpdatePhoto is the REST door's PUT /api/photos/{id}: it changes one
// photo of a gallery the viewer owns and returns it.
func (s *Service) UpdatePhoto(ctx context.Context, photoID string, in PhotoPatch) (*ent.Photo, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, err
	}
	err := s.inTx(ctx, func(tx *ent.Client) error {
		// The data layer shows a private photo to its own photographer only:
		// another photographer gets "not found", as anyone else would.
		p, err := tx.Photo.Get(ctx, photoID)
		if err != nil {
			return notFound(err, "photo "+photoID, "photoId")
		}
		g, err := ownGallery(ctx, tx, p.GalleryID)
		if err != nil {
			return err
		}
		if in.IsPrivate != nil {
			if err := setPrivate(ctx, tx, g.ID, []string{p.ID}, *in.IsPrivate); err != nil {
				return err
			}
		}
		if in.Favorite != nil {
			return tx.Photo.UpdateOneID(p.ID).SetFavorite(*in.Favorite).Exec(ctx)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	p, err := s.DB.Photo.Get(ctx, photoID)
	if err != nil {
		return nil, notFound(err, "photo "+photoID, "photoId")
	}
	return p, nil
}

// galleryPhotos loads the listed photos, which must all be in the gallery.
func galleryPhotos(ctx context.Context, tx *ent.Client, galleryID string, ids []string) ([]*ent.Photo, error) {
	if len(ids) == 0 {
		return nil, userErr(CodeRequired, "photos_required", "photoIds")
	}
	if len(ids) > MaxPhotosPerCall {
		return nil, userErr(CodeTooMany, "too_many_per_call", "photoIds").WithArgs(apperr.Args{"Max": MaxPhotosPerCall})
	}
	ps, err := tx.Photo.Query().Where(photo.IDIn(ids...), photo.HasGalleryWith(gallery.ID(galleryID))).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: photos: %w", err)
	}
	found := make(map[string]bool, len(ps))
	for _, p := range ps {
		found[p.ID] = true
	}
	var errs apperr.List
	for i, id := range ids {
		if !found[id] {
			errs.Add(userErr(CodePhotoNotFound, "photo_not_in_gallery", "photoIds", idx(i)))
		}
	}
	return ps, errs.Err()
}

func checkDistinct(ids []string) error {
	seen := make(map[string]bool, len(ids))
	var errs apperr.List
	for i, id := range ids {
		if seen[id] {
			errs.Add(userErr(CodeDuplicate, "photo_listed_twice", "photoIds", idx(i)))
		}
		seen[id] = true
	}
	return errs.Err()
}

// photosInOrder reads photos after a change, in the order of ids.
func (s *Service) photosInOrder(ctx context.Context, ids []string) ([]*ent.Photo, error) {
	ps, err := s.DB.Photo.Query().Where(photo.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: photos: %w", err)
	}
	byID := make(map[string]*ent.Photo, len(ps))
	for _, p := range ps {
		byID[p.ID] = p
	}
	out := make([]*ent.Photo, 0, len(ids))
	for _, id := range ids {
		if p := byID[id]; p != nil {
			out = append(out, p)
			delete(byID, id)
		}
	}
	return out, nil
}
