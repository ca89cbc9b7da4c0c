package photographer

import (
	"context"
	"fmt"

	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/apperr"
	carts "github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/viewer"
)

// StudioPickupInput is where pickup orders are collected: the studio's
// street, postal code and city (its name stays the account's).
type StudioPickupInput struct {
	Street     string
	PostalCode string
	City       string
}

// UpdateStudioPickup sets the studio's address, shown to buyers who choose
// pickup (carts, orders placed from then on) and returns it as they see it.
// The open carts set to pickup, in any of the studio's galleries, are
// announced on the cart topic so that open cart pages show the new address
// (nothing in them changes, so they are not flagged cart_updated).
func (s *Service) UpdateStudioPickup(ctx context.Context, in StudioPickupInput) (string, error) {
	id, err := requirePhotographer(ctx)
	if err != nil {
		return "", err
	}
	var errs apperr.List
	var street, postal, city string
	text(&in.Street, 200, &street, &errs, []string{"street"})
	text(&in.PostalCode, 20, &postal, &errs, []string{"postalCode"})
	text(&in.City, 100, &city, &errs, []string{"city"})
	if err := errs.Err(); err != nil {
		return "", err
	}
	sys := viewer.SystemContext(ctx)
	pg, err := s.DB.Photographer.UpdateOneID(id).SetStreet(street).SetPostalCode(postal).SetCity(city).Save(sys)
	if err != nil {
		return "", err
	}
	ids, err := s.DB.Cart.Query().Where(cart.StateEQ(cart.StateOpen), cart.DeliveryOption("pickup"),
		cart.HasGalleryWith(gallery.PhotographerID(id))).IDs(sys)
	if err != nil {
		return "", fmt.Errorf("photographer: pickup carts: %w", err)
	}
	s.announceCarts(ctx, ids)
	return carts.PickupAddress(pg), nil
}
