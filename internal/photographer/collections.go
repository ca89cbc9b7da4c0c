package photographer

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
)

// RenameCollectionInput renames one of a gallery's collections.
type RenameCollectionInput struct {
	GalleryID string
	Name      string
	NewName   string
}

// DeleteCollectionInput removes one of a gallery's collections.
type DeleteCollectionInput struct {
	GalleryID string
	Name      string
}

// RenameCollection renames a collection in collectionNames (keeping its
// place) and moves its photos along, in one transaction.
func (s *Service) RenameCollection(ctx context.Context, in RenameCollectionInput) (*ent.Gallery, error) {
	var out *ent.Gallery
	err := s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		i := slices.Index(g.CollectionNames, strings.TrimSpace(in.Name))
		if i < 0 {
			return userErr(CodeCollectionNotFound, "collection_not_found", "name")
		}
		old := g.CollectionNames[i]
		name := strings.TrimSpace(in.NewName)
		switch {
		case name == "":
			return userErr(CodeRequired, "required", "newName")
		case utf8.RuneCountInString(name) > 120:
			return userErr(CodeTooLong, "name_too_long", "newName")
		case name == old:
			out = g
			return nil
		case slices.Contains(g.CollectionNames, name):
			return userErr(CodeDuplicate, "duplicate_collection", "newName")
		}
		names := slices.Clone(g.CollectionNames)
		names[i] = name
		if out, err = tx.Gallery.UpdateOneID(g.ID).Where(gallery.PhotographerID(g.PhotographerID)).
			SetCollectionNames(names).Save(ctx); err != nil {
			return fmt.Errorf("photographer: rename collection: %w", err)
		}
		if err := tx.Photo.Update().Where(photo.GalleryID(g.ID), photo.Collection(old)).SetCollection(name).Exec(ctx); err != nil {
			return fmt.Errorf("photographer: rename collection: photos: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out.Unwrap(), nil
}

// DeleteCollection removes a collection from collectionNames; its photos
// stay in the gallery, in no collection.
func (s *Service) DeleteCollection(ctx context.Context, in DeleteCollectionInput) (*ent.Gallery, error) {
	var out *ent.Gallery
	err := s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		i := slices.Index(g.CollectionNames, strings.TrimSpace(in.Name))
		if i < 0 {
			return userErr(CodeCollectionNotFound, "collection_not_found", "name")
		}
		old := g.CollectionNames[i]
		if out, err = tx.Gallery.UpdateOneID(g.ID).Where(gallery.PhotographerID(g.PhotographerID)).
			SetCollectionNames(slices.Delete(slices.Clone(g.CollectionNames), i, i+1)).Save(ctx); err != nil {
			return fmt.Errorf("photographer: delete collection: %w", err)
		}
		if err := tx.Photo.Update().Where(photo.GalleryID(g.ID), photo.Collection(old)).SetCollection("").Exec(ctx); err != nil {
			return fmt.Errorf("photographer: delete collection: photos: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out.Unwrap(), nil
}

// PhotoStatusCounts counts a gallery's photos by status.
type PhotoStatusCounts struct {
	GalleryID  string
	Processing int
	Ready      int
	Failed     int
}

// PhotoStatuses counts the photos of the caller's gallery by status (the
// studio follows its uploads being processed).
func (s *Service) PhotoStatuses(ctx context.Context, galleryID string) (PhotoStatusCounts, error) {
	g, err := ownGallery(ctx, s.DB, galleryID)
	if err != nil {
		return PhotoStatusCounts{}, err
	}
	var rows []struct {
		Status photo.Status `json:"status"`
		Count  int          `json:"count"`
	}
	if err := s.DB.Photo.Query().Where(photo.GalleryID(g.ID)).GroupBy(photo.FieldStatus).
		Aggregate(ent.Count()).Scan(ctx, &rows); err != nil {
		return PhotoStatusCounts{}, fmt.Errorf("photographer: photo statuses: %w", err)
	}
	out := PhotoStatusCounts{GalleryID: g.ID}
	for _, r := range rows {
		switch r.Status {
		case photo.StatusProcessing:
			out.Processing = r.Count
		case photo.StatusReady:
			out.Ready = r.Count
		case photo.StatusFailed:
			out.Failed = r.Count
		}
	}
	return out, nil
}
