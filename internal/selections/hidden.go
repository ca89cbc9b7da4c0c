package selections

import (
	"context"
	"fmt"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/apperr"
	galleries "github.com/studio/gallery/internal/gallery"
)

// ErrClientsOnly refuses the clients' tools to visitors.
var ErrClientsOnly = apperr.ErrForbidden.WithMessage("clients_only", nil)

// SetClientHidden hides photos of g from its visitors, or shows them
// again. Only the gallery's clients (and its photographer) may; they keep
// seeing the hidden photos (internal/store applies the rule to every query).
func (s *Service) SetClientHidden(ctx context.Context, g *ent.Gallery, photoIDs []string, hidden bool) ([]*ent.Photo, error) {
	if err := galleries.RequireAction(ctx, g, galleries.Browsing, nil); err != nil {
		return nil, err
	}
	if err := galleries.RequireAction(ctx, g, galleries.AsClient, ErrClientsOnly); err != nil {
		return nil, err
	}
	items, err := s.visibleItems(ctx, g, photoIDs, false)
	if err != nil {
		return nil, err
	}
	if err := s.DB.Photo.Update().Where(photo.IDIn(items.PhotoIDs...), photo.GalleryID(g.ID)).
		SetClientHidden(hidden).Exec(ctx); err != nil {
		return nil, fmt.Errorf("selections: client hidden: %w", err)
	}
	ps, err := s.DB.Photo.Query().Where(photo.IDIn(items.PhotoIDs...), photo.GalleryID(g.ID)).
		Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("selections: client hidden: %w", err)
	}
	return ps, nil
}
