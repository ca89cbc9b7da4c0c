package cart

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
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
		if !compatible(p, f) {
			return ErrIncompatible
		}
		fin, bor, crop, err := printOptions(g, p, f, in.Finish, in.Border, in.Crop)
		if err != nil {
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
				return w.tx.CartItem.UpdateOne(it).AddQuantity(in.Quantity).Exec(ctx)
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
// in that format.
func (s *Service) AddDigitalFile(ctx context.Context, g *ent.Gallery, photoID, formatID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		f, err := w.saleFormat(formatID, format.KindDigital)
		if err != nil {
			return err
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
// removes the single files of that format it covers.
func (s *Service) AddAllGallery(ctx context.Context, g *ent.Gallery, formatID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		f, err := w.saleFormat(formatID, format.KindDigital)
		if err != nil {
			return err
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
}

// SetClientData records the buyer's addresses and delivery choice. It
// needs a confirmed e-mail. The checkout validates addresses per country;
// here the fields the cart's prices depend on are checked.
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
	var errs apperr.List
	in.Billing = cleanAddress(in.Billing)
	errs = append(errs, checkAddress(in.Billing, "billing")...)
	if in.SameAsBilling || in.Shipping == nil {
		in.Shipping, in.SameAsBilling = nil, true
	} else {
		sh := cleanAddress(*in.Shipping)
		in.Shipping = &sh
		errs = append(errs, checkAddress(sh, "shipping")...)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	cd := &model.ClientData{Email: email, Billing: in.Billing, Shipping: in.Shipping, DeliveryOption: in.DeliveryOption,
		SameAsBilling: in.SameAsBilling}
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		return w.tx.Cart.UpdateOneID(w.cart.ID).SetClientData(cd).SetDeliveryOption(in.DeliveryOption).Exec(ctx)
	})
}

func cleanAddress(a model.Address) model.Address {
	for _, f := range []*string{&a.Title, &a.Firstname, &a.Lastname, &a.Address, &a.Address2, &a.PostalCode, &a.City, &a.PhoneNumber, &a.VatNumber} {
		*f = strings.TrimSpace(*f)
	}
	a.Country = strings.ToUpper(strings.TrimSpace(a.Country))
	return a
}

// checkAddress reports the missing or malformed fields of an address.
func checkAddress(a model.Address, prefix string) apperr.List {
	var errs apperr.List
	required := apperr.New("required", 400, "Merci de remplir ce champ")
	for _, f := range []struct {
		name, value string
	}{{"firstname", a.Firstname}, {"lastname", a.Lastname}, {"address", a.Address}, {"postalCode", a.PostalCode},
		{"city", a.City}, {"country", a.Country}, {"phoneNumber", a.PhoneNumber}} {
		if f.value == "" {
			errs = append(errs, required.WithField(prefix, f.name))
		} else if len(f.value) > 200 {
			errs = append(errs, apperr.New("too_long", 400, "Le texte saisi est trop long").WithField(prefix, f.name))
		}
	}
	if a.Title != "Monsieur" && a.Title != "Madame" {
		errs = append(errs, apperr.ErrInvalidInput.WithField(prefix, "title"))
	}
	if a.Country != "" && !isCountry(a.Country) {
		errs = append(errs, apperr.ErrInvalidInput.WithMessage("Pays attendu en code ISO à deux lettres (BE, FR, ...).").WithField(prefix, "country"))
	}
	return errs
}

func isCountry(c string) bool {
	if len(c) != 2 {
		return false
	}
	for _, r := range c {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
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
		st := &state{cat: w.cat, items: items, photos: map[string]*ent.Photo{}}
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
