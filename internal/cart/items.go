package cart

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/pricing"
)

// itemKey identifies items that must not be in one cart twice (a photo's
// digital file, a whole-gallery download, a print with the same options);
// "" for the others.
func itemKey(it *ent.CartItem) string {
	switch it.Kind {
	case cartitem.KindPrint:
		k := "p:" + deref(it.PhotoID) + ":" + deref(it.FormatID)
		if it.Finish != nil {
			k += ":" + string(*it.Finish)
		}
		if it.Border != nil {
			k += ":" + string(*it.Border)
		}
		if c := it.Crop; c != nil {
			k += fmt.Sprintf(":%d,%d,%d,%d", c.X, c.Y, c.Width, c.Height)
		}
		return k
	case cartitem.KindDigitalFile:
		return "d:" + deref(it.PhotoID) + ":" + deref(it.FormatID)
	case cartitem.KindAllGallery:
		return "a:" + deref(it.FormatID)
	}
	return ""
}

// visiblePhotos returns which of ids the viewer may see in g.
func (s *Service) visiblePhotos(ctx context.Context, db *ent.Client, g *ent.Gallery, ids []string) (map[string]bool, error) {
	got, err := db.Photo.Query().Where(photo.IDIn(ids...), photo.HasGalleryWith(gallery.ID(g.ID))).IDs(ctx)
	if err != nil {
		return nil, wrap("photos", err)
	}
	out := make(map[string]bool, len(got))
	for _, id := range got {
		out[id] = true
	}
	return out, nil
}

// saleFormat finds a format sold alone, of the given kind.
func (w *work) saleFormat(id string, kind format.Kind) (*ent.Format, error) {
	f := w.cat.Format(id)
	if f == nil || f.Kind != kind {
		return nil, ErrFormatNotFound
	}
	if f.OnlyInPack {
		return nil, ErrNotForSale
	}
	return f, nil
}

// PrintInput adds a print, or edits the cart item CartItemID.
type PrintInput struct {
	PhotoID, FormatID string
	CartItemID        string
	Finish            *cartitem.Finish
	Border            *cartitem.Border
	Crop              *model.Crop
	Quantity          int
}

// SetPrint adds a print of a photo, or changes the print CartItemID. An
// identical print already in the cart gets the quantity added instead.
func (s *Service) SetPrint(ctx context.Context, g *ent.Gallery, in PrintInput) (*View, error) {
	if in.Quantity < 1 || in.Quantity > MaxQuantity {
		return nil, ErrQuantity
	}
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		f, err := w.saleFormat(in.FormatID, format.KindPrint)
		if err != nil {
			return err
		}
		p, err := s.photo(ctx, w.tx, g, in.PhotoID)
		if err != nil {
			return err
		}
		fin, bor, crop, err := printOptions(g, p, f, in.Finish, in.Border, in.Crop)
		if err != nil {
			return err
		}
		if err := checkResolution(p, f, crop); err != nil {
			return err
		}
		if in.CartItemID != "" {
			it, err := w.tx.CartItem.Query().Where(cartItemOf(w.cart.ID), cartitem.ID(in.CartItemID),
				cartitem.KindEQ(cartitem.KindPrint)).Only(ctx)
			if ent.IsNotFound(err) {
				return ErrItemNotFound
			}
			if err != nil {
				return err
			}
			upd := w.tx.CartItem.UpdateOne(it).SetPhotoID(p.ID).SetFormatID(f.ID).SetFinish(*fin).SetBorder(*bor).
				SetQuantity(in.Quantity).SetUnitPrice(f.UnitPrice)
			if crop != nil {
				upd.SetCrop(crop)
			} else {
				upd.ClearCrop()
			}
			return upd.Exec(ctx)
		}
		same, err := w.tx.CartItem.Query().Where(cartItemOf(w.cart.ID), cartitem.KindEQ(cartitem.KindPrint),
			cartitem.PhotoID(p.ID), cartitem.FormatID(f.ID), cartitem.FinishEQ(*fin), cartitem.BorderEQ(*bor)).All(ctx)
		if err != nil {
			return err
		}
		for _, it := range same {
			if sameCrop(it.Crop, crop) {
				if it.Quantity+in.Quantity > MaxQuantity {
					return ErrQuantity
				}
				// A bulk update: the item is not read back (the answer reads the cart).
				return w.tx.CartItem.Update().Where(cartitem.ID(it.ID)).AddQuantity(in.Quantity).Exec(ctx)
			}
		}
		create := w.tx.CartItem.Create().SetCartID(w.cart.ID).SetKind(cartitem.KindPrint).SetPhotoID(p.ID).
			SetFormatID(f.ID).SetFinish(*fin).SetBorder(*bor).SetQuantity(in.Quantity).SetUnitPrice(f.UnitPrice)
		if crop != nil {
			create.SetCrop(crop)
		}
		return create.Exec(ctx)
	})
}

func sameCrop(a, b *model.Crop) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// RemovePrint takes a print out of the cart.
func (s *Service) RemovePrint(ctx context.Context, g *ent.Gallery, cartItemID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		n, err := w.tx.CartItem.Delete().Where(cartItemOf(w.cart.ID), cartitem.ID(cartItemID),
			cartitem.KindEQ(cartitem.KindPrint)).Exec(ctx)
		if err == nil && n == 0 {
			return ErrItemNotFound
		}
		return err
	})
}

// AddDigitalFile adds one photo's file in a digital format; adding it
// twice keeps one. Refused when the whole gallery is already in the cart
// in that format, or when the gallery gives the viewer that file for free
// (ErrGivenAway).
func (s *Service) AddDigitalFile(ctx context.Context, g *ent.Gallery, photoID, formatID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		f, err := w.saleFormat(formatID, format.KindDigital)
		if err != nil {
			return err
		}
		if givenAway(freeQualities(ctx, g), f) {
			return ErrGivenAway
		}
		p, err := s.photo(ctx, w.tx, g, photoID)
		if err != nil {
			return err
		}
		if ok, err := w.tx.CartItem.Query().Where(cartItemOf(w.cart.ID), cartitem.KindEQ(cartitem.KindAllGallery),
			cartitem.FormatID(f.ID)).Exist(ctx); err != nil || ok {
			if ok {
				return ErrCoveredByAllGallery
			}
			return err
		}
		if ok, err := w.tx.CartItem.Query().Where(cartItemOf(w.cart.ID), cartitem.KindEQ(cartitem.KindDigitalFile),
			cartitem.PhotoID(p.ID), cartitem.FormatID(f.ID)).Exist(ctx); err != nil || ok {
			return err
		}
		return w.tx.CartItem.Create().SetCartID(w.cart.ID).SetKind(cartitem.KindDigitalFile).SetPhotoID(p.ID).
			SetFormatID(f.ID).SetUnitPrice(f.UnitPrice).Exec(ctx)
	})
}

// RemoveDigitalFile takes one photo's file out; absent, nothing changes.
func (s *Service) RemoveDigitalFile(ctx context.Context, g *ent.Gallery, photoID, formatID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		_, err := w.tx.CartItem.Delete().Where(cartItemOf(w.cart.ID), cartitem.KindEQ(cartitem.KindDigitalFile),
			cartitem.PhotoID(photoID), cartitem.FormatID(formatID)).Exec(ctx)
		return err
	})
}

// AddAllGallery adds every photo of the gallery in a digital format and
// removes the single files of that format it covers. Refused when the
// gallery gives the viewer those files for free (ErrGivenAway).
func (s *Service) AddAllGallery(ctx context.Context, g *ent.Gallery, formatID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		f, err := w.saleFormat(formatID, format.KindDigital)
		if err != nil {
			return err
		}
		if givenAway(freeQualities(ctx, g), f) {
			return ErrGivenAway
		}
		if f.GalleryPrice == nil {
			return ErrNotOffered
		}
		if _, err := w.tx.CartItem.Delete().Where(cartItemOf(w.cart.ID), cartitem.KindEQ(cartitem.KindDigitalFile),
			cartitem.FormatID(f.ID)).Exec(ctx); err != nil {
			return err
		}
		if ok, err := w.tx.CartItem.Query().Where(cartItemOf(w.cart.ID), cartitem.KindEQ(cartitem.KindAllGallery),
			cartitem.FormatID(f.ID)).Exist(ctx); err != nil || ok {
			return err
		}
		return w.tx.CartItem.Create().SetCartID(w.cart.ID).SetKind(cartitem.KindAllGallery).SetFormatID(f.ID).
			SetUnitPrice(*f.GalleryPrice).Exec(ctx)
	})
}

// RemoveAllGallery takes a whole-gallery download out.
func (s *Service) RemoveAllGallery(ctx context.Context, g *ent.Gallery, formatID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		_, err := w.tx.CartItem.Delete().Where(cartItemOf(w.cart.ID), cartitem.KindEQ(cartitem.KindAllGallery),
			cartitem.FormatID(formatID)).Exec(ctx)
		return err
	})
}

// ClientDataInput is the address step's answer.
type ClientDataInput struct {
	Billing        model.Address
	Shipping       *model.Address
	SameAsBilling  bool
	DeliveryOption string
	// KeepAddresses: the buyer saw the suggested addresses and keeps theirs.
	KeepAddresses bool
}

// AddressSuggestion is a corrected address offered beside the one entered
// ("billing" or "shipping").
type AddressSuggestion struct {
	Field   string
	Address *model.Address
}

// ErrAddressSuggestion is the code of SuggestionError.
var ErrAddressSuggestion = apperr.New(CodeAddressSuggestion, http.StatusUnprocessableEntity,
	"address_suggestion")

// SuggestionError refuses addresses whose postal code and city disagree
// until the buyer chooses between theirs and the suggestion.
type SuggestionError struct {
	Suggestions []AddressSuggestion
}

func (e *SuggestionError) Error() string { return ErrAddressSuggestion.Error() }

// Unwrap lets both doors read the code and message.
func (e *SuggestionError) Unwrap() error {
	f := "billing"
	if len(e.Suggestions) > 0 {
		f = e.Suggestions[0].Field
	}
	return ErrAddressSuggestion.WithField(f, "postalCode")
}

// SetClientData records the buyer's addresses and delivery choice. It
// needs a confirmed e-mail. Addresses are checked for their country
// (internal/address): postal code, phone number, VAT number; where the
// postal code and the city disagree, a SuggestionError offers the
// corrected address unless KeepAddresses.
func (s *Service) SetClientData(ctx context.Context, g *ent.Gallery, in ClientDataInput) (*View, error) {
	email, err := confirmedEmail(ctx)
	if err != nil {
		return nil, err
	}
	opts := g.DeliveryOptions
	if len(opts) == 0 {
		opts = []string{pricing.DeliveryShipping}
	}
	if !slices.Contains(opts, in.DeliveryOption) {
		return nil, ErrDelivery
	}
	var (
		errs        apperr.List
		suggestions []AddressSuggestion
		fieldErrs   apperr.List
		suggestion  *model.Address
	)
	in.Billing, fieldErrs, suggestion = address.Check(in.Billing, "billing")
	errs = append(errs, fieldErrs...)
	if suggestion != nil {
		suggestions = append(suggestions, AddressSuggestion{Field: "billing", Address: suggestion})
	}
	if in.SameAsBilling || in.Shipping == nil {
		in.Shipping, in.SameAsBilling = nil, true
	} else {
		var sh model.Address
		sh, fieldErrs, suggestion = address.Check(*in.Shipping, "shipping")
		in.Shipping = &sh
		errs = append(errs, fieldErrs...)
		if suggestion != nil {
			suggestions = append(suggestions, AddressSuggestion{Field: "shipping", Address: suggestion})
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(suggestions) > 0 && !in.KeepAddresses {
		return nil, &SuggestionError{Suggestions: suggestions}
	}
	cd := &model.ClientData{Email: email, Billing: in.Billing, Shipping: in.Shipping, DeliveryOption: in.DeliveryOption,
		SameAsBilling: in.SameAsBilling}
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		c, err := w.tx.Cart.UpdateOneID(w.cart.ID).SetClientData(cd).SetDeliveryOption(in.DeliveryOption).Save(ctx)
		if err == nil {
			w.cart = c
		}
		return err
	})
}

// RegroupItemsInPack turns individual items that make a pack for less into
// that pack (complete, named after it).
func (s *Service) RegroupItemsInPack(ctx context.Context, g *ent.Gallery) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		items, err := w.tx.CartItem.Query().Where(cartItemOf(w.cart.ID)).
			Order(ent.Asc(cartitem.FieldCreatedAt), ent.Asc(cartitem.FieldID)).All(ctx)
		if err != nil {
			return err
		}
		var photoIDs []string
		for _, it := range items {
			photoIDs = append(photoIDs, itemPhotoIDs(it)...)
		}
		st := &state{cat: w.cat, items: items, photos: map[string]*ent.Photo{}, free: freeQualities(ctx, g)}
		if len(photoIDs) > 0 {
			ps, err := w.tx.Photo.Query().Where(photo.IDIn(photoIDs...), photo.HasGalleryWith(gallery.ID(g.ID))).All(ctx)
			if err != nil {
				return err
			}
			for _, p := range ps {
				st.photos[p.ID] = p
			}
		}
		byID := map[string]*ent.CartItem{}
		for _, it := range items {
			byID[it.ID] = it
		}
		for _, r := range pricing.FindRegroups(st.singles(), st.packDefs()) {
			p := st.pack(&r.PackID)
			content := &model.PackContent{}
			for _, sl := range packSlots(p) {
				fc := model.PackFormatChoice{FormatID: sl.formatID, Photos: []model.PackPhotoChoice{}}
				for _, t := range r.Takes {
					it := byID[t.ItemID]
					if deref(it.FormatID) != sl.formatID || (it.Kind == cartitem.KindDigitalFile) != sl.digital {
						continue
					}
					c := model.PackPhotoChoice{PhotoID: deref(it.PhotoID), Quantity: t.Quantity, Crop: it.Crop}
					if it.Finish != nil {
						c.Finish = string(*it.Finish)
					}
					if it.Border != nil {
						c.Border = string(*it.Border)
					}
					fc.Photos = append(fc.Photos, c)
				}
				if sl.digital {
					content.DigitalFiles = append(content.DigitalFiles, fc)
				} else {
					content.Formats = append(content.Formats, fc)
				}
			}
			for _, t := range r.Takes {
				it := byID[t.ItemID]
				left := it.Quantity - t.Quantity
				if it.Kind == cartitem.KindDigitalFile || left <= 0 {
					err = w.tx.CartItem.DeleteOneID(it.ID).Exec(ctx)
				} else {
					err = w.tx.CartItem.UpdateOneID(it.ID).SetQuantity(left).Exec(ctx)
					it.Quantity = left
				}
				if err != nil {
					return err
				}
			}
			if err := w.tx.CartItem.Create().SetCartID(w.cart.ID).SetKind(cartitem.KindPack).SetPackID(p.ID).
				SetPackInstanceID(ids.New("pki")).SetClientPackName(p.DisplayName).SetUnitPrice(p.UnitPrice).
				SetPackContent(content).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
