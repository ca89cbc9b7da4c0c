package photographer

import (
	"context"
	"fmt"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/discount"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/packdigitalfile"
	"github.com/studio/gallery/ent/packformat"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/pricing"
	"github.com/studio/gallery/internal/viewer"
)

// StudioCatalogue is a gallery's whole catalogue as the studio edits it:
// withdrawn formats and packs too, with the photographer's delivery
// settings.
type StudioCatalogue struct {
	GalleryID       string
	Categories      []*ent.Category
	Families        []*ent.Family
	Formats         []*ent.Format
	Packs           []*ent.Pack
	Discounts       []*ent.Discount
	ShippingRates   []model.ShippingRate
	DeliveryOptions []string
	PickupAddress   string
	// The studio's address, as updateStudioPickup sets it.
	PickupStreet     string
	PickupPostalCode string
	PickupCity       string
	Country          string
}

// StudioCatalogue reads a gallery's catalogue for its owner.
func (s *Service) StudioCatalogue(ctx context.Context, galleryID string) (*StudioCatalogue, error) {
	g, err := ownGallery(ctx, s.DB, galleryID)
	if err != nil {
		return nil, err
	}
	pg, err := s.DB.Photographer.Get(viewer.SystemContext(ctx), g.PhotographerID)
	if err != nil {
		return nil, fmt.Errorf("photographer: %w", err)
	}
	out := &StudioCatalogue{GalleryID: g.ID, ShippingRates: pg.ShippingRates, DeliveryOptions: g.DeliveryOptions,
		PickupAddress: cart.PickupAddress(pg), PickupStreet: pg.Street, PickupPostalCode: pg.PostalCode, PickupCity: pg.City,
		Country: studioCountry(pg)}
	if out.ShippingRates == nil {
		out.ShippingRates = []model.ShippingRate{}
	}
	of := gallery.ID(g.ID)
	if out.Categories, err = s.DB.Category.Query().Where(category.HasGalleryWith(of)).
		Order(ent.Asc(category.FieldPosition), ent.Asc(category.FieldName)).All(ctx); err != nil {
		return nil, fmt.Errorf("photographer: categories: %w", err)
	}
	if out.Families, err = s.DB.Family.Query().Where(family.HasGalleryWith(of)).
		Order(ent.Asc(family.FieldPosition), ent.Asc(family.FieldName)).All(ctx); err != nil {
		return nil, fmt.Errorf("photographer: families: %w", err)
	}
	if out.Formats, err = s.DB.Format.Query().Where(format.HasGalleryWith(of)).
		Order(ent.Asc(format.FieldPosition), ent.Asc(format.FieldUnitPrice), ent.Asc(format.FieldID)).All(ctx); err != nil {
		return nil, fmt.Errorf("photographer: formats: %w", err)
	}
	if out.Packs, err = s.DB.Pack.Query().Where(pack.HasGalleryWith(of)).
		WithFormats(func(q *ent.PackFormatQuery) { q.Order(ent.Asc(packformat.FieldID)).WithFormat() }).
		WithDigitalFiles(func(q *ent.PackDigitalFileQuery) { q.Order(ent.Asc(packdigitalfile.FieldID)).WithFormat() }).
		Order(ent.Asc(pack.FieldPosition), ent.Asc(pack.FieldUnitPrice), ent.Asc(pack.FieldID)).All(ctx); err != nil {
		return nil, fmt.Errorf("photographer: packs: %w", err)
	}
	if out.Discounts, err = s.DB.Discount.Query().Where(discount.HasGalleryWith(of)).
		Order(ent.Asc(discount.FieldThreshold)).All(ctx); err != nil {
		return nil, fmt.Errorf("photographer: discounts: %w", err)
	}
	return out, nil
}

func studioCountry(p *ent.Photographer) string {
	if p.Country != "" {
		return strings.ToUpper(p.Country)
	}
	return "BE"
}

// Preview bounds.
const (
	maxPreviewLines    = 100
	maxPreviewFormats  = 500
	maxPreviewQuantity = 1000
)

// CataloguePreviewInput is a draft of catalogue changes and a sample cart.
type CataloguePreviewInput struct {
	GalleryID     string
	Formats       []*PreviewFormatInput
	Packs         []*PreviewPackInput
	Discounts     []*PreviewDiscountInput
	ShippingRates []*ShippingRateInput
	Lines         []*PreviewLineInput
	Delivery      *string
	Country       *string
}

// PreviewFormatInput is a draft format: a change of a saved one
// (FormatID) or a new one.
type PreviewFormatInput struct {
	Key               string
	FormatID          *string
	Name              *string
	UnitPrice         money.Decimal
	Kind              *format.Kind
	Lab               *string
	ExcludedCountries []string
	Withdrawn         *bool
}

// PreviewPackInput is a draft change of a saved pack: its price, its
// withdrawal and, when given, its whole content (as updatePack takes it).
type PreviewPackInput struct {
	PackID       string
	UnitPrice    *money.Decimal
	Withdrawn    *bool
	Formats      []PackFormatInput
	DigitalFiles []PackDigitalFileInput
}

// PreviewDiscountInput is a draft threshold discount.
type PreviewDiscountInput struct {
	Threshold money.Decimal
	Percent   int
}

// PreviewLineInput is a line of the sample cart.
type PreviewLineInput struct {
	Ref      string
	Quantity int
}

// CataloguePreview is the sample cart priced by the pricing engine.
type CataloguePreview struct {
	Lines            []*CataloguePreviewLine
	Merchandise      money.Money
	DiscountPercent  int
	Discount         money.Money
	Shipping         money.Money
	Vat              money.Money
	Total            money.Money
	ShippingProblems []*CataloguePreviewProblem
}

// CataloguePreviewLine is one priced line of the sample cart.
type CataloguePreviewLine struct {
	Ref       string
	Name      string
	Quantity  int
	UnitPrice money.Money
	Total     money.Money
	Discount  money.Money
	Available bool
}

// CataloguePreviewProblem is a line that cannot be delivered.
type CataloguePreviewProblem struct {
	Ref    string
	Reason string
}

// previewItem is what a sample cart's line refers to.
type previewItem struct {
	name      string
	line      pricing.Line
	available bool
}

// CataloguePreview prices the sample cart with the gallery's catalogue
// changed by the draft, through pricing.Price, the engine the cart and the
// checkout use. Nothing is written.
func (s *Service) CataloguePreview(ctx context.Context, in CataloguePreviewInput) (*CataloguePreview, error) {
	g, err := ownGallery(ctx, s.DB, in.GalleryID)
	if err != nil {
		return nil, err
	}
	var errs apperr.List
	if len(in.Lines) > maxPreviewLines || len(in.Formats) > maxPreviewFormats || len(in.Packs) > maxPreviewFormats {
		return nil, userErr(CodeTooMany, "preview_too_many", "lines")
	}
	pg, err := s.DB.Photographer.Get(viewer.SystemContext(ctx), g.PhotographerID)
	if err != nil {
		return nil, fmt.Errorf("photographer: %w", err)
	}
	cat, err := s.StudioCatalogue(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	items := map[string]*previewItem{}
	saved := map[string]*ent.Format{}
	for _, f := range cat.Formats {
		saved[f.ID] = f
		items[f.ID] = formatItem(f.ID, formatName(f), f.Kind, f.UnitPrice, f.Lab, f.ExcludedCountries, f.Withdrawn || f.OnlyInPack)
	}
	for i, d := range in.Formats {
		path := func(f string) []string { return []string{"formats", idx(i), f} }
		key := strings.TrimSpace(d.Key)
		if key == "" || len(key) > 120 || strings.ContainsRune(key, 0) {
			errs.Add(userErr(CodeRequired, "required", path("key")...))
			continue
		}
		kind, name, lab, excluded, withdrawn := format.KindPrint, "", "", []string(nil), false
		if d.FormatID != nil {
			cur := saved[*d.FormatID]
			if cur == nil {
				errs.Add(userErr(CodeMissingFormat, "preview_unknown_item", path("formatId")...))
				continue
			}
			kind, name, lab, excluded, withdrawn = cur.Kind, formatName(cur), cur.Lab, cur.ExcludedCountries, cur.Withdrawn || cur.OnlyInPack
		}
		if d.Name != nil {
			var n string
			if text(d.Name, 120, &n, &errs, path("name")) && n != "" {
				name = n
			}
		}
		if name == "" {
			errs.Add(userErr(CodeRequired, "required", path("name")...))
		}
		if d.UnitPrice < 0 {
			errs.Add(userErr(CodeInvalidPrice, "negative_price", path("unitPrice")...))
		}
		if d.Kind != nil {
			if format.KindValidator(*d.Kind) != nil {
				errs.Add(userErr(CodeInvalidValue, "unknown_format_kind", path("kind")...))
			} else {
				kind = *d.Kind
			}
		}
		if d.Lab != nil {
			text(d.Lab, 120, &lab, &errs, path("lab"))
		}
		if d.ExcludedCountries != nil {
			excluded = nil
			for j, c := range d.ExcludedCountries {
				c = strings.ToUpper(strings.TrimSpace(c))
				if !address.IsCountry(c) {
					errs.Add(userErr(CodeInvalidCountry, "invalid_country_code", "formats", idx(i), "excludedCountries", idx(j)))
					continue
				}
				excluded = append(excluded, c)
			}
		}
		if d.Withdrawn != nil {
			withdrawn = *d.Withdrawn
		}
		items[key] = formatItem(key, name, kind, int(d.UnitPrice), lab, excluded, withdrawn)
	}
	// Packs, after the draft formats: a pack ships like the prints it
	// holds, with their draft lab and excluded countries.
	prints := map[string]*pricing.Line{}
	for _, f := range cat.Formats {
		if it := items[f.ID]; it != nil && it.line.Physical {
			prints[f.ID] = &it.line
		}
	}
	savedPacks := map[string]*ent.Pack{}
	for _, p := range cat.Packs {
		savedPacks[p.ID] = p
		var content []string
		for _, pf := range p.Edges.Formats {
			content = append(content, pf.FormatID)
		}
		items[p.ID] = packItem(p, p.UnitPrice, p.Withdrawn, content, prints)
	}
	for i, d := range in.Packs {
		p := savedPacks[d.PackID]
		if p == nil {
			errs.Add(userErr(CodeMissingFormat, "preview_unknown_item", "packs", idx(i), "packId"))
			continue
		}
		price, withdrawn := p.UnitPrice, p.Withdrawn
		if d.UnitPrice != nil {
			if *d.UnitPrice < 0 {
				errs.Add(userErr(CodeInvalidPrice, "negative_price", "packs", idx(i), "unitPrice"))
			}
			price = int(*d.UnitPrice)
		}
		if d.Withdrawn != nil {
			withdrawn = *d.Withdrawn
		}
		var content []string
		for _, pf := range p.Edges.Formats {
			content = append(content, pf.FormatID)
		}
		if d.Formats != nil || d.DigitalFiles != nil {
			var perrs apperr.List
			if err := checkPackContent(ctx, s.DB, g.ID, UpdatePackInput{Formats: d.Formats, DigitalFiles: d.DigitalFiles}, &perrs); err != nil {
				return nil, err
			}
			for _, e := range perrs {
				c := *e
				c.Field = append([]string{"packs", idx(i)}, c.Field...)
				errs.Add(&c)
			}
			if d.Formats != nil {
				content = content[:0]
				for _, pf := range d.Formats {
					content = append(content, pf.FormatID)
				}
			}
		}
		items[p.ID] = packItem(p, price, withdrawn, content, prints)
	}
	autos := make([]pricing.AutoDiscount, 0, len(cat.Discounts))
	if in.Discounts != nil {
		for i, d := range in.Discounts {
			if d.Threshold < 0 {
				errs.Add(userErr(CodeInvalidPrice, "negative_price", "discounts", idx(i), "threshold"))
			}
			if d.Percent < 1 || d.Percent > 100 {
				errs.Add(userErr(CodeOutOfRange, "percent_range", "discounts", idx(i), "percent"))
			}
			autos = append(autos, pricing.AutoDiscount{Threshold: money.Cents(d.Threshold), Percent: d.Percent})
		}
	} else {
		for _, d := range cat.Discounts {
			autos = append(autos, pricing.AutoDiscount{Threshold: money.Cents(d.Threshold), Percent: d.Percent})
		}
	}
	rates := pg.ShippingRates
	if in.ShippingRates != nil {
		rin := make([]ShippingRateInput, len(in.ShippingRates))
		for i, r := range in.ShippingRates {
			rin[i] = *r
		}
		if rates, err = shippingRates(rin); err != nil {
			for _, e := range prefixed(err, "shippingRates") {
				errs.Add(e)
			}
		}
	}
	delivery := pricing.DeliveryShipping
	if in.Delivery != nil && *in.Delivery != "" {
		if *in.Delivery != pricing.DeliveryShipping && *in.Delivery != pricing.DeliveryPickup {
			errs.Add(userErr(CodeInvalidValue, "invalid_delivery_option", "delivery"))
		}
		delivery = *in.Delivery
	}
	country := studioCountry(pg)
	if in.Country != nil && *in.Country != "" {
		country = strings.ToUpper(strings.TrimSpace(*in.Country))
		if !address.IsCountry(country) {
			errs.Add(userErr(CodeInvalidCountry, "invalid_country_code", "country"))
		}
	}
	lines := make([]pricing.Line, 0, len(in.Lines))
	shown := make([]*CataloguePreviewLine, 0, len(in.Lines))
	for i, l := range in.Lines {
		it := items[l.Ref]
		if it == nil {
			errs.Add(userErr(CodeMissingFormat, "preview_unknown_item", "lines", idx(i), "ref"))
			continue
		}
		if l.Quantity < 1 || l.Quantity > maxPreviewQuantity {
			errs.Add(userErr(CodeOutOfRange, "pack_quantity_range", "lines", idx(i), "quantity"))
			continue
		}
		pl := it.line
		pl.ID = idx(i)
		if pl.Kind == pricing.KindPrint {
			pl.Quantity = l.Quantity
		} else {
			pl.Quantity = 1 // a digital file, a whole-gallery download or a pack counts once
		}
		if !it.available {
			pl.Quantity = 0
		}
		lines = append(lines, pl)
		shown = append(shown, &CataloguePreviewLine{Ref: l.Ref, Name: it.name, Quantity: max(pl.Quantity, 0),
			UnitPrice: money.EURCents(int(pl.UnitPrice)), Available: it.available})
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	q := pricing.Price(pricing.Input{Lines: lines, AutoDiscounts: autos, Delivery: pricing.Delivery{Option: delivery, Country: country},
		Rates: rates, VATRateBP: pg.VatRateBp})
	out := &CataloguePreview{Lines: shown, Merchandise: money.EURCents(int(q.Merchandise)), Discount: money.EURCents(int(q.Discount.Amount)),
		Shipping: money.EURCents(int(q.Shipping)), Vat: money.EURCents(int(q.VAT.Amount)), Total: money.EURCents(int(q.Total)),
		ShippingProblems: []*CataloguePreviewProblem{}}
	if q.Discount.Source == pricing.SourceAutomatic {
		out.DiscountPercent = q.Discount.Percent
	}
	for i, lq := range q.Lines {
		shown[i].Total = money.EURCents(int(lq.Total))
		shown[i].Discount = money.EURCents(int(lq.Discount))
	}
	for _, p := range q.ShippingProblems {
		var i int
		_, _ = fmt.Sscan(p.LineID, &i)
		out.ShippingProblems = append(out.ShippingProblems, &CataloguePreviewProblem{Ref: shown[i].Ref, Reason: p.Reason})
	}
	return out, nil
}

// formatItem is a format as a sample cart line.
func formatItem(id, name string, kind format.Kind, price int, lab string, excluded []string, gone bool) *previewItem {
	l := pricing.Line{ID: id, Kind: pricing.KindPrint, UnitPrice: money.Cents(price), Quantity: 1}
	if kind == format.KindPrint {
		l.Physical, l.Labs, l.ExcludedCountries = true, []string{lab}, excluded
	} else {
		l.Kind = pricing.KindDigitalFile
	}
	return &previewItem{name: name, line: l, available: !gone}
}

// packItem is a pack as a sample cart line: priced once, shipped like the
// print formats it holds (prints: the formats on paper, drafts applied).
func packItem(p *ent.Pack, price int, withdrawn bool, content []string, prints map[string]*pricing.Line) *previewItem {
	l := pricing.Line{ID: p.ID, Kind: pricing.KindPack, UnitPrice: money.Cents(price), Quantity: 1, ShippingIncludedTo: p.ShippingIncludedTo}
	for _, id := range content {
		if f := prints[id]; f != nil {
			l.Physical = true
			for _, lab := range f.Labs {
				l.Labs = appendNew(l.Labs, lab)
			}
			l.ExcludedCountries = append(l.ExcludedCountries, f.ExcludedCountries...)
		}
	}
	return &previewItem{name: p.DisplayName, line: l, available: !withdrawn}
}

// formatName is a format's shown name: its own, else its size.
func formatName(f *ent.Format) string { return catalogue.FormatName(f) }

func appendNew(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// prefixed returns the user errors of err with their field under prefix.
func prefixed(err error, prefix string) []*apperr.Error {
	var out []*apperr.Error
	for _, e := range apperr.AsList(err) {
		c := *e
		if len(c.Field) > 0 && c.Field[0] == "rates" {
			c.Field = append([]string{prefix}, c.Field[1:]...)
		}
		out = append(out, &c)
	}
	return out
}
