package photographer

import (
	"context"
	"fmt"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/discount"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/packdigitalfile"
	"github.com/studio/gallery/ent/packformat"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/money"
)

// PackFormatInput is a format in a pack: how many prints of how many photos.
type PackFormatInput struct {
	FormatID string
	Quantity int
	Photos   int
}

// PackDigitalFileInput is a digital file format in a pack.
type PackDigitalFileInput struct {
	FormatID       string
	Quantity       int
	WebDescription *string
	HdDescription  *string
}

// CreatePackInput adds an offer (pack) to a gallery.
type CreatePackInput struct {
	GalleryID          string
	Pack               string
	DisplayName        string
	Description        *string
	UnitPrice          money.Decimal
	Gift               *bool
	ShippingIncludedTo []string
	OfferType          *string
	Position           *int
	Withdrawn          *bool
	Formats            []PackFormatInput
	DigitalFiles       []PackDigitalFileInput
}

// UpdatePackInput changes a pack; nil fields stay as they are. Formats and
// DigitalFiles, when given, replace the pack's whole content.
type UpdatePackInput struct {
	PackID             string
	Pack               *string
	DisplayName        *string
	Description        *string
	UnitPrice          *money.Decimal
	Gift               *bool
	ShippingIncludedTo []string
	OfferType          *string
	Position           *int
	Withdrawn          *bool
	Formats            []PackFormatInput
	DigitalFiles       []PackDigitalFileInput
}

// DeletePackInput names a pack to delete.
type DeletePackInput struct{ PackID string }

// CreatePack adds a pack; every format it contains must be in the gallery.
func (s *Service) CreatePack(ctx context.Context, in CreatePackInput) (*ent.Pack, error) {
	var id string
	err := s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownCatalogue(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		price := in.UnitPrice
		up := UpdatePackInput{Pack: &in.Pack, DisplayName: &in.DisplayName, Description: in.Description, UnitPrice: &price,
			Gift: in.Gift, ShippingIncludedTo: in.ShippingIncludedTo, OfferType: in.OfferType, Position: in.Position,
			Withdrawn: in.Withdrawn, Formats: in.Formats, DigitalFiles: in.DigitalFiles}
		if up.Formats == nil {
			up.Formats = []PackFormatInput{}
		}
		if up.DigitalFiles == nil {
			up.DigitalFiles = []PackDigitalFileInput{}
		}
		c := tx.Pack.Create().SetGallery(g)
		if err := packFields(ctx, tx, g.ID, up, c.Mutation()); err != nil {
			return err
		}
		p, err := c.Save(ctx)
		if err = saveErr(err, "", ""); err != nil {
			return err
		}
		id = p.ID
		return setPackContent(ctx, tx, p, up)
	})
	if err != nil {
		return nil, err
	}
	return s.loadPack(ctx, id)
}

// UpdatePack changes a pack. Withdrawing it, changing its content or its
// price corrects the open carts in the same transaction (see carts.go).
func (s *Service) UpdatePack(ctx context.Context, in UpdatePackInput) (*ent.Pack, error) {
	err := s.inTx(ctx, func(tx *ent.Client) error {
		cur, g, err := ownPack(ctx, tx, in.PackID)
		if err != nil {
			return err
		}
		u := tx.Pack.UpdateOne(cur)
		if err := packFields(ctx, tx, g.ID, in, u.Mutation()); err != nil {
			return err
		}
		p, err := u.Save(ctx)
		if err = saveErr(err, "", ""); err != nil {
			return err
		}
		recomposed := in.Formats != nil || in.DigitalFiles != nil
		if recomposed {
			if err := setPackContent(ctx, tx, p, in); err != nil {
				return err
			}
		}
		if (p.Withdrawn && !cur.Withdrawn) || recomposed || p.UnitPrice != cur.UnitPrice {
			return packGone(ctx, tx, g.ID, p.ID)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.loadPack(ctx, in.PackID)
}

// DeletePack deletes a pack and its content, and takes it out of open carts.
func (s *Service) DeletePack(ctx context.Context, in DeletePackInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, g, err := ownPack(ctx, tx, in.PackID)
		if err != nil {
			return err
		}
		if err := clearPackContent(ctx, tx, cur.ID, true, true); err != nil {
			return err
		}
		if err := packGone(ctx, tx, g.ID, cur.ID); err != nil {
			return err
		}
		return tx.Pack.DeleteOne(cur).Exec(ctx)
	})
}

func (s *Service) loadPack(ctx context.Context, id string) (*ent.Pack, error) {
	p, err := s.DB.Pack.Query().Where(pack.ID(id)).
		WithFormats(func(q *ent.PackFormatQuery) { q.Order(ent.Asc(packformat.FieldID)) }).
		WithDigitalFiles(func(q *ent.PackDigitalFileQuery) { q.Order(ent.Asc(packdigitalfile.FieldID)) }).
		Only(ctx)
	if err != nil {
		return nil, notFound(err, "pack "+id, "packId")
	}
	return p, nil
}

// ownPack loads a pack of a gallery the viewer owns.
func ownPack(ctx context.Context, tx *ent.Client, id string) (*ent.Pack, *ent.Gallery, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, nil, err
	}
	p, err := tx.Pack.Query().Where(pack.ID(id)).WithGallery().Only(ctx)
	if err != nil {
		return nil, nil, notFound(err, "pack "+id, "packId")
	}
	g, err := ownGallery(ctx, tx, p.Edges.Gallery.ID)
	return p, g, err
}

// packFields checks a pack's values and the formats of its content.
func packFields(ctx context.Context, tx *ent.Client, galleryID string, in UpdatePackInput, m *ent.PackMutation) error {
	var errs apperr.List
	if in.Pack != nil {
		if n, ok := requiredName(packName(*in.Pack), 120, &errs, "pack"); ok {
			m.SetName(n)
		}
	}
	if in.DisplayName != nil {
		if n, ok := requiredName(*in.DisplayName, 120, &errs, "displayName"); ok {
			m.SetDisplayName(n)
		}
	}
	var d string
	if in.Description != nil && text(in.Description, 4000, &d, &errs, []string{"description"}) {
		m.SetDescription(d)
	}
	if in.UnitPrice != nil {
		if *in.UnitPrice < 0 {
			errs.Add(userErr(CodeInvalidPrice, "negative_price", "unitPrice"))
		} else {
			m.SetUnitPrice(int(*in.UnitPrice))
		}
	}
	if in.Gift != nil {
		m.SetGift(*in.Gift)
	}
	if in.ShippingIncludedTo != nil {
		cs := make([]string, 0, len(in.ShippingIncludedTo))
		for i, c := range in.ShippingIncludedTo {
			c = strings.ToUpper(strings.TrimSpace(c))
			if !countryRE.MatchString(c) {
				errs.Add(userErr(CodeInvalidCountry, "invalid_country_code", "shippingIncludedTo", idx(i)))
				continue
			}
			cs = append(cs, c)
		}
		m.SetShippingIncludedTo(cs)
	}
	if in.OfferType != nil {
		var o string
		if text(in.OfferType, 60, &o, &errs, []string{"offerType"}) {
			if o == "" {
				o = "Gratuit"
			}
			m.SetOfferType(o)
		}
	}
	if in.Position != nil {
		m.SetPosition(*in.Position)
	}
	if in.Withdrawn != nil {
		m.SetWithdrawn(*in.Withdrawn)
	}
	if err := checkPackContent(ctx, tx, galleryID, in, &errs); err != nil {
		return err
	}
	return errs.Err()
}

// checkPackContent reports, with their place in the input, the formats a
// pack names that are missing from the gallery (a build failure of the
// spec) or of the wrong kind.
func checkPackContent(ctx context.Context, tx *ent.Client, galleryID string, in UpdatePackInput, errs *apperr.List) error {
	var ids []string
	for _, f := range in.Formats {
		ids = append(ids, f.FormatID)
	}
	for _, f := range in.DigitalFiles {
		ids = append(ids, f.FormatID)
	}
	if len(ids) == 0 {
		return nil
	}
	fs, err := tx.Format.Query().Where(format.IDIn(ids...), format.HasGalleryWith(gallery.ID(galleryID))).All(ctx)
	if err != nil {
		return fmt.Errorf("photographer: pack formats: %w", err)
	}
	kinds := make(map[string]format.Kind, len(fs))
	for _, f := range fs {
		kinds[f.ID] = f.Kind
	}
	for i, f := range in.Formats {
		k, ok := kinds[f.FormatID]
		switch {
		case !ok:
			errs.Add(userErr(CodeMissingFormat, msgMissingFormat, "formats", idx(i), "formatId"))
		case k != format.KindPrint:
			errs.Add(userErr(CodeInvalidValue, "digital_files_apart", "formats", idx(i), "formatId"))
		}
		if f.Quantity < 1 || f.Quantity > 1000 {
			errs.Add(userErr(CodeOutOfRange, "pack_quantity_range", "formats", idx(i), "quantity"))
		}
		if f.Photos < 1 || f.Photos > f.Quantity {
			errs.Add(userErr(CodeOutOfRange, "pack_photos_range", "formats", idx(i), "photos"))
		}
	}
	for i, f := range in.DigitalFiles {
		k, ok := kinds[f.FormatID]
		switch {
		case !ok:
			errs.Add(userErr(CodeMissingFormat, msgMissingFormat, "digitalFiles", idx(i), "formatId"))
		case k != format.KindDigital:
			errs.Add(userErr(CodeInvalidValue, "not_digital_format", "digitalFiles", idx(i), "formatId"))
		}
		if f.Quantity < 1 || f.Quantity > 10000 {
			errs.Add(userErr(CodeOutOfRange, "digital_quantity_range", "digitalFiles", idx(i), "quantity"))
		}
		var d string
		text(f.WebDescription, 500, &d, errs, []string{"digitalFiles", idx(i), "webDescription"})
		text(f.HdDescription, 500, &d, errs, []string{"digitalFiles", idx(i), "hdDescription"})
	}
	return nil
}

// setPackContent replaces the pack's formats and digital files by those of
// in (a nil list leaves that part alone).
func setPackContent(ctx context.Context, tx *ent.Client, p *ent.Pack, in UpdatePackInput) error {
	if err := clearPackContent(ctx, tx, p.ID, in.Formats != nil, in.DigitalFiles != nil); err != nil {
		return err
	}
	for _, f := range in.Formats {
		err := tx.PackFormat.Create().SetPackID(p.ID).SetFormatID(f.FormatID).SetQuantity(f.Quantity).SetPhotos(f.Photos).Exec(ctx)
		if err = saveErr(err, CodeMissingFormat, msgMissingFormat, "formats"); err != nil {
			return err
		}
	}
	for _, f := range in.DigitalFiles {
		c := tx.PackDigitalFile.Create().SetPackID(p.ID).SetFormatID(f.FormatID).SetQuantity(f.Quantity)
		if f.WebDescription != nil {
			c.SetWebDescription(strings.TrimSpace(*f.WebDescription))
		}
		if f.HdDescription != nil {
			c.SetHdDescription(strings.TrimSpace(*f.HdDescription))
		}
		if err := saveErr(c.Exec(ctx), CodeMissingFormat, msgMissingFormat, "digitalFiles"); err != nil {
			return err
		}
	}
	return nil
}

func clearPackContent(ctx context.Context, tx *ent.Client, packID string, formats, digital bool) error {
	if formats {
		if _, err := tx.PackFormat.Delete().Where(packformat.HasPackWith(pack.ID(packID))).Exec(ctx); err != nil {
			return fmt.Errorf("photographer: pack formats: %w", err)
		}
	}
	if digital {
		if _, err := tx.PackDigitalFile.Delete().Where(packdigitalfile.HasPackWith(pack.ID(packID))).Exec(ctx); err != nil {
			return fmt.Errorf("photographer: pack digital files: %w", err)
		}
	}
	return nil
}

// packName replaces the characters the spec forbids in pack names
// (& < > / and backslash) by spaces.
func packName(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '&', '<', '>', '/', '\\':
			return ' '
		}
		return r
	}, s)
}

// CreateDiscountInput adds an automatic discount: percent off from a
// purchase threshold.
type CreateDiscountInput struct {
	GalleryID string
	Threshold money.Decimal
	Percent   int
}

// UpdateDiscountInput changes a discount; nil fields stay as they are.
type UpdateDiscountInput struct {
	DiscountID string
	Threshold  *money.Decimal
	Percent    *int
}

// DeleteDiscountInput names a discount to delete.
type DeleteDiscountInput struct{ DiscountID string }

// CreateDiscount adds a discount to a gallery the viewer owns.
func (s *Service) CreateDiscount(ctx context.Context, in CreateDiscountInput) (*ent.Discount, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Discount) error {
		g, err := ownCatalogue(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		c := tx.Discount.Create().SetGallery(g)
		if err := discountFields(&in.Threshold, &in.Percent, c.Mutation()); err != nil {
			return err
		}
		*out, err = c.Save(ctx)
		return saveErr(err, "", "")
	})
}

// UpdateDiscount changes a discount of a gallery the viewer owns.
func (s *Service) UpdateDiscount(ctx context.Context, in UpdateDiscountInput) (*ent.Discount, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Discount) error {
		cur, err := ownDiscount(ctx, tx, in.DiscountID)
		if err != nil {
			return err
		}
		u := tx.Discount.UpdateOne(cur)
		if err := discountFields(in.Threshold, in.Percent, u.Mutation()); err != nil {
			return err
		}
		*out, err = u.Save(ctx)
		return saveErr(err, "", "")
	})
}

// DeleteDiscount deletes a discount of a gallery the viewer owns.
func (s *Service) DeleteDiscount(ctx context.Context, in DeleteDiscountInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, err := ownDiscount(ctx, tx, in.DiscountID)
		if err != nil {
			return err
		}
		return tx.Discount.DeleteOne(cur).Exec(ctx)
	})
}

func ownDiscount(ctx context.Context, tx *ent.Client, id string) (*ent.Discount, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, err
	}
	d, err := tx.Discount.Query().Where(discount.ID(id)).WithGallery().Only(ctx)
	if err != nil {
		return nil, notFound(err, "discount "+id, "discountId")
	}
	if _, err := ownGallery(ctx, tx, d.Edges.Gallery.ID); err != nil {
		return nil, err
	}
	return d, nil
}

func discountFields(threshold *money.Decimal, percent *int, m *ent.DiscountMutation) error {
	var errs apperr.List
	if threshold != nil {
		if *threshold < 0 {
			errs.Add(userErr(CodeInvalidPrice, "negative_threshold", "threshold"))
		} else {
			m.SetThreshold(int(*threshold))
		}
	}
	var p int
	if intIn(percent, 1, 100, &p, &errs, []string{"percent"}) && percent != nil {
		m.SetPercent(p)
	}
	return errs.Err()
}
