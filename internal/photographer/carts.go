package photographer

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/predicate"
	"github.com/studio/gallery/internal/model"
)

// Cart invalidation. A photographer's change can make what visitors put in
// their carts wrong: a format or pack withdrawn, deleted or recomposed, a
// price changed, a photo made private or deleted. In the same transaction
// as the change, the open carts of the gallery are corrected and flagged:
//
//   - items that can no longer be bought are deleted: prints, digital files
//     and whole-gallery downloads of a withdrawn or deleted format, prints
//     and digital files of a photo made private or deleted, pack instances
//     of a withdrawn, deleted or recomposed pack;
//   - a photo made private or deleted is also taken out of the pack
//     instances that held it; a complete pack instance then goes back to
//     "ongoing" (kind ongoing_pack) so that the buyer picks another photo;
//   - items whose format or pack changed price are deleted too: the buyer
//     put them in the cart at the old price and is told (cartUpdated);
//   - every cart touched gets cart_updated = true and version + 1. The cart
//     door reports cartUpdated to the buyer, then clears the flag.
//
// Orders already placed are never touched: their lines are frozen.

// openCartItems selects the items of the gallery's open carts matching where.
func openCartItems(galleryID string, where ...predicate.CartItem) predicate.CartItem {
	return cartitem.And(append(where,
		cartitem.HasCartWith(cart.StateEQ(cart.StateOpen), cart.HasGalleryWith(gallery.ID(galleryID))))...)
}

// cartsOf returns the ids of the open carts holding the items.
func cartsOf(ctx context.Context, tx *ent.Client, items predicate.CartItem) ([]string, error) {
	ids, err := tx.Cart.Query().Where(cart.HasItemsWith(items)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: carts: %w", err)
	}
	return ids, nil
}

// topicCart is internal/cart's events topic (not imported: cart depends
// on nothing of the photographer's, and this package must not depend on it).
const topicCart = "cart"

// flagged collects, per transaction, the carts a change flagged, so that
// they are announced once it commits.
var flagged sync.Map // *ent.Client (the transaction's) -> *[]string

// trackCarts starts collecting the carts flagged in tx into ids; call
// the returned function when the transaction's work ends.
func trackCarts(tx *ent.Client, ids *[]string) func() {
	flagged.Store(tx, ids)
	return func() { flagged.Delete(tx) }
}

// announceCarts tells the subscribers of each cart that it changed.
func (s *Service) announceCarts(ctx context.Context, ids []string) {
	if s.Events == nil {
		return
	}
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		_ = s.Events.Publish(context.WithoutCancel(ctx), topicCart, id)
	}
}

// flagCarts marks carts as changed by the photographer.
func flagCarts(ctx context.Context, tx *ent.Client, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	if p, ok := flagged.Load(tx); ok {
		list := p.(*[]string)
		*list = append(*list, ids...)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if err := tx.Cart.Update().Where(cart.IDIn(ids...)).SetCartUpdated(true).AddVersion(1).Exec(ctx); err != nil {
		return fmt.Errorf("photographer: flag carts: %w", err)
	}
	return nil
}

// dropCartItems deletes the matching items of the gallery's open carts.
func dropCartItems(ctx context.Context, tx *ent.Client, galleryID string, where ...predicate.CartItem) error {
	items := openCartItems(galleryID, where...)
	carts, err := cartsOf(ctx, tx, items)
	if err != nil || len(carts) == 0 {
		return err
	}
	if _, err := tx.CartItem.Delete().Where(items).Exec(ctx); err != nil {
		return fmt.Errorf("photographer: drop cart items: %w", err)
	}
	return flagCarts(ctx, tx, carts)
}

// formatGone drops the items that sell a withdrawn or deleted format.
func formatGone(ctx context.Context, tx *ent.Client, galleryID, formatID string) error {
	return dropCartItems(ctx, tx, galleryID, cartitem.FormatID(formatID),
		cartitem.KindIn(cartitem.KindPrint, cartitem.KindDigitalFile, cartitem.KindAllGallery))
}

// allGalleryGone drops the whole-gallery downloads of a format whose
// gallery price changed or was withdrawn.
func allGalleryGone(ctx context.Context, tx *ent.Client, galleryID, formatID string) error {
	return dropCartItems(ctx, tx, galleryID, cartitem.FormatID(formatID), cartitem.KindEQ(cartitem.KindAllGallery))
}

func samePrice(a, b *int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// packGone drops the instances of a withdrawn, deleted or recomposed pack.
func packGone(ctx context.Context, tx *ent.Client, galleryID, packID string) error {
	return dropCartItems(ctx, tx, galleryID, cartitem.PackID(packID),
		cartitem.KindIn(cartitem.KindPack, cartitem.KindOngoingPack))
}

// photosGone takes photos made private or deleted out of open carts.
func photosGone(ctx context.Context, tx *ent.Client, galleryID string, photoIDs []string) error {
	if len(photoIDs) == 0 {
		return nil
	}
	if err := dropCartItems(ctx, tx, galleryID, cartitem.PhotoIDIn(photoIDs...)); err != nil {
		return err
	}
	gone := make(map[string]bool, len(photoIDs))
	for _, id := range photoIDs {
		gone[id] = true
	}
	packs, err := tx.CartItem.Query().
		Where(openCartItems(galleryID, cartitem.KindIn(cartitem.KindPack, cartitem.KindOngoingPack), cartitem.PackContentNotNil())).
		WithCart(func(q *ent.CartQuery) { q.Select(cart.FieldID) }).
		All(ctx)
	if err != nil {
		return fmt.Errorf("photographer: pack instances: %w", err)
	}
	var carts []string
	for _, it := range packs {
		content, changed := withoutPhotos(it.PackContent, gone)
		if !changed {
			continue
		}
		if err := tx.CartItem.UpdateOne(it).SetPackContent(content).SetKind(cartitem.KindOngoingPack).Exec(ctx); err != nil {
			return fmt.Errorf("photographer: pack instance %s: %w", it.ID, err)
		}
		carts = append(carts, it.Edges.Cart.ID)
	}
	return flagCarts(ctx, tx, carts)
}

// withoutPhotos returns a copy of c without the gone photos, and whether
// any was there.
func withoutPhotos(c *model.PackContent, gone map[string]bool) (*model.PackContent, bool) {
	if c == nil {
		return nil, false
	}
	changed := false
	filter := func(in []model.PackFormatChoice) []model.PackFormatChoice {
		out := make([]model.PackFormatChoice, len(in))
		for i, f := range in {
			out[i] = model.PackFormatChoice{FormatID: f.FormatID}
			for _, p := range f.Photos {
				if gone[p.PhotoID] {
					changed = true
					continue
				}
				out[i].Photos = append(out[i].Photos, p)
			}
		}
		return out
	}
	out := &model.PackContent{Formats: filter(c.Formats), DigitalFiles: filter(c.DigitalFiles)}
	return out, changed
}
