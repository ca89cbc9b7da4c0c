package photographer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/photographer"
)

func TestStudioCatalogueListsWithdrawnItemsToItsOwnerOnly(t *testing.T) {
	f := setup(t)
	f.db.Format.UpdateOne(f.digital).SetWithdrawn(true).ExecX(f.sys)
	f.db.Pack.UpdateOne(f.pack).SetWithdrawn(true).ExecX(f.sys)
	f.db.Photographer.UpdateOne(f.pg).SetStreet("Rue Haute 1").SetPostalCode("1000").SetCity("Bruxelles").ExecX(f.sys)
	c, err := f.svc.StudioCatalogue(f.owner, f.g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Formats) != 2 || len(c.Packs) != 1 || len(c.Categories) != 1 || len(c.Families) != 1 {
		t.Fatalf("catalogue %d formats, %d packs, %d categories, %d families", len(c.Formats), len(c.Packs), len(c.Categories), len(c.Families))
	}
	if len(c.Packs[0].Edges.Formats) != 1 || c.Packs[0].Edges.Formats[0].Edges.Format == nil {
		t.Errorf("pack contents not loaded: %+v", c.Packs[0].Edges)
	}
	if c.PickupAddress != "Studio, Rue Haute 1, 1000 Bruxelles" || c.Country != "BE" {
		t.Errorf("pickup %q, country %q", c.PickupAddress, c.Country)
	}
	if _, err := f.svc.StudioCatalogue(f.other, f.g.ID); err == nil {
		t.Error("another photographer read the catalogue")
	}
	if _, err := f.svc.StudioCatalogue(f.anon, f.g.ID); err == nil {
		t.Error("an anonymous caller read the catalogue")
	}
}

func TestCataloguePreviewPricesTheDraftWithoutSaving(t *testing.T) {
	f := setup(t)
	f.db.Discount.Create().SetGallery(f.g).SetThreshold(10000).SetPercent(10).ExecX(f.sys)
	_, err := f.svc.SetShippingRates(f.owner, []photographer.ShippingRateInput{
		{Zone: "Belgique", Countries: []string{"BE"}, Price: 600, FreeFrom: ptr(money.Decimal(5000))},
		{Zone: "Monde", Price: 1500},
	})
	if err != nil {
		t.Fatal(err)
	}
	// The saved catalogue: 3 prints of 2.50 € and the HD file at 9 €, shipped 6 €.
	in := photographer.CataloguePreviewInput{GalleryID: f.g.ID, Lines: []*photographer.PreviewLineInput{
		{Ref: f.print.ID, Quantity: 3}, {Ref: f.digital.ID, Quantity: 5}}}
	p, err := f.svc.CataloguePreview(f.owner, in)
	if err != nil {
		t.Fatal(err)
	}
	if p.Merchandise.Amount != 1650 || p.Shipping.Amount != 600 || p.Total.Amount != 2250 || p.Lines[1].Quantity != 1 {
		t.Fatalf("saved catalogue: %+v", p)
	}
	// The draft: the print at 40 €, a new 30x45 at 60 €: 120 + 60 + 9 = 189 €,
	// 10 % off from 100 €, shipping free from 50 €.
	in.Formats = []*photographer.PreviewFormatInput{
		{Key: f.print.ID, FormatID: &f.print.ID, UnitPrice: 4000},
		{Key: "new", Name: ptr("30 x 45"), UnitPrice: 6000},
	}
	in.Lines = append(in.Lines, &photographer.PreviewLineInput{Ref: "new", Quantity: 1})
	p, err = f.svc.CataloguePreview(f.owner, in)
	if err != nil {
		t.Fatal(err)
	}
	if p.Merchandise.Amount != 18900 || p.DiscountPercent != 10 || p.Discount.Amount != 1890 ||
		p.Shipping.Amount != 0 || p.Total.Amount != 17010 {
		t.Fatalf("draft: %+v", p)
	}
	if p.Lines[2].Name != "30 x 45" || p.Lines[2].UnitPrice.Amount != 6000 {
		t.Errorf("new line %+v", p.Lines[2])
	}
	// Nothing was saved.
	if got := f.db.Format.GetX(f.sys, f.print.ID).UnitPrice; got != 250 {
		t.Errorf("the print's price became %d", got)
	}
	if n := f.db.Format.Query().CountX(f.sys); n != 3 {
		t.Errorf("%d formats after the preview", n)
	}
	// Draft discounts and rates replace the saved ones; pickup costs nothing.
	in.Discounts = []*photographer.PreviewDiscountInput{}
	in.ShippingRates = []*photographer.ShippingRateInput{{Zone: "Tout", Price: 990}}
	p, err = f.svc.CataloguePreview(f.owner, in)
	if err != nil {
		t.Fatal(err)
	}
	if p.Discount.Amount != 0 || p.Shipping.Amount != 990 || p.Total.Amount != 19890 {
		t.Fatalf("draft rates: %+v", p)
	}
	in.Delivery = ptr("pickup")
	if p, err = f.svc.CataloguePreview(f.owner, in); err != nil || p.Shipping.Amount != 0 {
		t.Fatalf("pickup: %+v %v", p, err)
	}
	// A withdrawn draft counts nothing; an excluded country is a problem.
	in.Delivery = nil
	in.Formats[1].Withdrawn = ptr(true)
	in.Formats[0].ExcludedCountries = []string{"fr"}
	in.Country = ptr("FR")
	p, err = f.svc.CataloguePreview(f.owner, in)
	if err != nil {
		t.Fatal(err)
	}
	if p.Lines[2].Available || p.Merchandise.Amount != 12900 || len(p.ShippingProblems) != 1 ||
		p.ShippingProblems[0].Ref != f.print.ID || p.ShippingProblems[0].Reason != "excluded_country" {
		t.Fatalf("withdrawn and excluded: %+v %+v", p, p.ShippingProblems)
	}
	// Packs price once.
	p, err = f.svc.CataloguePreview(f.owner, photographer.CataloguePreviewInput{GalleryID: f.g.ID,
		Lines: []*photographer.PreviewLineInput{{Ref: f.pack.ID, Quantity: 4}}})
	if err != nil || p.Merchandise.Amount != 3900 {
		t.Fatalf("pack: %+v %v", p, err)
	}
	if _, err := f.svc.CataloguePreview(f.other, in); err == nil {
		t.Error("another photographer previewed the catalogue")
	}
}

func TestCataloguePreviewRefusesBadDrafts(t *testing.T) {
	f := setup(t)
	base := func() photographer.CataloguePreviewInput {
		return photographer.CataloguePreviewInput{GalleryID: f.g.ID, Lines: []*photographer.PreviewLineInput{{Ref: f.print.ID, Quantity: 1}}}
	}
	for _, tc := range []struct {
		name  string
		edit  func(*photographer.CataloguePreviewInput)
		code  string
		field []string
	}{
		{"negative price", func(in *photographer.CataloguePreviewInput) {
			in.Formats = []*photographer.PreviewFormatInput{{Key: "n", Name: ptr("A"), UnitPrice: -1}}
		}, "invalid_price", []string{"formats", "0", "unitPrice"}},
		{"empty name", func(in *photographer.CataloguePreviewInput) {
			in.Formats = []*photographer.PreviewFormatInput{{Key: "n", Name: ptr("  "), UnitPrice: 100}}
		}, "required", []string{"formats", "0", "name"}},
		{"NUL byte", func(in *photographer.CataloguePreviewInput) {
			in.Formats = []*photographer.PreviewFormatInput{{Key: "n", Name: ptr("a\x00b"), UnitPrice: 100}}
		}, "invalid_value", []string{"formats", "0", "name"}},
		{"huge name", func(in *photographer.CataloguePreviewInput) {
			in.Formats = []*photographer.PreviewFormatInput{{Key: "n", Name: ptr(strings.Repeat("x", 100_000)), UnitPrice: 100}}
		}, "too_long", []string{"formats", "0", "name"}},
		{"unknown line", func(in *photographer.CataloguePreviewInput) {
			in.Lines[0].Ref = "nope"
		}, "missing_format", []string{"lines", "0", "ref"}},
		{"foreign format", func(in *photographer.CataloguePreviewInput) {
			in.Lines[0].Ref = f.foreignF.ID
		}, "missing_format", []string{"lines", "0", "ref"}},
		{"quantity", func(in *photographer.CataloguePreviewInput) { in.Lines[0].Quantity = 0 }, "out_of_range", []string{"lines", "0", "quantity"}},
		{"too many lines", func(in *photographer.CataloguePreviewInput) {
			for range 101 {
				in.Lines = append(in.Lines, &photographer.PreviewLineInput{Ref: f.print.ID, Quantity: 1})
			}
		}, "too_many", []string{"lines"}},
		{"percent", func(in *photographer.CataloguePreviewInput) {
			in.Discounts = []*photographer.PreviewDiscountInput{{Threshold: 100, Percent: 101}}
		}, "out_of_range", []string{"discounts", "0", "percent"}},
		{"negative free-shipping threshold", func(in *photographer.CataloguePreviewInput) {
			in.ShippingRates = []*photographer.ShippingRateInput{{Zone: "A", Price: 1, FreeFrom: ptr(money.Decimal(-5))}}
		}, "invalid_price", []string{"shippingRates", "0", "freeFrom"}},
		{"delivery", func(in *photographer.CataloguePreviewInput) { in.Delivery = ptr("drone") }, "invalid_value", []string{"delivery"}},
		{"country", func(in *photographer.CataloguePreviewInput) { in.Country = ptr("XX") }, "invalid_country", []string{"country"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := base()
			tc.edit(&in)
			_, err := f.svc.CataloguePreview(f.owner, in)
			wantUserError(t, err, tc.code, tc.field...)
		})
	}
}

func TestFormatSizesAreUniqueInAFamilyAndNamesRefuseNUL(t *testing.T) {
	f := setup(t)
	// f.print is a 10 x 15 of f.fam.
	_, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: f.fam.ID,
		ShortSize: ptr(10.0), LongSize: ptr(15.0), UnitPrice: 300})
	wantUserError(t, err, "duplicate", "shortSize")
	nf, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: f.fam.ID,
		ShortSize: ptr(13.0), LongSize: ptr(18.0), UnitPrice: 300})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: nf.ID, ShortSize: ptr(10.0), LongSize: ptr(15.0)})
	wantUserError(t, err, "duplicate", "shortSize")
	if got := f.db.Format.GetX(f.sys, nf.ID); got.ShortSize != 13 {
		t.Errorf("the refused change was saved: %v", got.ShortSize)
	}
	// A withdrawn twin does not count; another family may have the size.
	f.db.Format.UpdateOne(f.print).SetWithdrawn(true).ExecX(f.sys)
	if _, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: nf.ID, ShortSize: ptr(10.0), LongSize: ptr(15.0)}); err != nil {
		t.Fatalf("size of a withdrawn format: %v", err)
	}
	fam2 := f.db.Family.Create().SetGallery(f.g).SetCategory(f.cat).SetName("Fine Art").SaveX(f.sys)
	if _, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: fam2.ID,
		ShortSize: ptr(10.0), LongSize: ptr(15.0), UnitPrice: 300}); err != nil {
		t.Fatalf("same size in another family: %v", err)
	}
	// Digital formats have no size to compare.
	if _, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: f.fam.ID,
		Kind: ptr(format.KindDigital), DigitalQuality: ptr(format.DigitalQualityWeb), UnitPrice: 300}); err != nil {
		t.Fatalf("a second digital format: %v", err)
	}
	_, err = f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: f.fam.ID, Name: ptr("A\x00"),
		ShortSize: ptr(20.0), LongSize: ptr(30.0), UnitPrice: 300})
	wantUserError(t, err, "invalid_value", "name")
	_, err = f.svc.CreateCategory(f.owner, photographer.CreateCategoryInput{GalleryID: f.g.ID, Name: "Ti\x00rages"})
	wantUserError(t, err, "invalid_value", "name")
	_, err = f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: f.fam.ID,
		ShortSize: ptr(20.0), LongSize: ptr(30.0), UnitPrice: -1})
	wantUserError(t, err, "invalid_price", "unitPrice")
	if ae := apperr.As(err); ae == nil || !strings.Contains(ae.Message(lang.FR), "négatif") {
		t.Errorf("French message: %v", err)
	}
}

func TestShippingRatesKeepTheirFreeShippingThreshold(t *testing.T) {
	f := setup(t)
	rates, err := f.svc.SetShippingRates(f.owner, []photographer.ShippingRateInput{
		{Zone: "Belgique", Countries: []string{"be"}, Price: 600, FreeFrom: ptr(money.Decimal(7500))}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.svc.ShippingRates(f.owner)
	if err != nil || len(got) != 1 || got[0].FreeFrom != 7500 || rates[0].FreeFromMoney().Amount != 7500 {
		t.Fatalf("rates %+v %v", got, err)
	}
	_, err = f.svc.SetShippingRates(f.owner, []photographer.ShippingRateInput{{Zone: "Z\x00", Price: 1}})
	wantUserError(t, err, "invalid_value", "rates", "0", "zone")
}

func TestCataloguePreviewPricesDraftChangesOfASavedPack(t *testing.T) {
	f := setup(t)
	if _, err := f.svc.SetShippingRates(f.owner, []photographer.ShippingRateInput{{Zone: "Belgique", Countries: []string{"BE"}, Price: 600}}); err != nil {
		t.Fatal(err)
	}
	// Saved: the pack (10 prints) at 39 €, shipped 6 €.
	in := photographer.CataloguePreviewInput{GalleryID: f.g.ID, Lines: []*photographer.PreviewLineInput{{Ref: f.pack.ID, Quantity: 1}}}
	p, err := f.svc.CataloguePreview(f.owner, in)
	if err != nil || p.Merchandise.Amount != 3900 || p.Shipping.Amount != 600 {
		t.Fatalf("saved pack: %+v %v", p, err)
	}
	// Draft: 45 €, holding only the HD file: nothing to ship any more.
	price := money.Decimal(4500)
	in.Packs = []*photographer.PreviewPackInput{{PackID: f.pack.ID, UnitPrice: &price,
		Formats: []photographer.PackFormatInput{}, DigitalFiles: []photographer.PackDigitalFileInput{{FormatID: f.digital.ID, Quantity: 3}}}}
	if p, err = f.svc.CataloguePreview(f.owner, in); err != nil {
		t.Fatal(err)
	}
	if p.Merchandise.Amount != 4500 || p.Shipping.Amount != 0 || p.Total.Amount != 4500 || p.Lines[0].Name != "Pack Souvenir" {
		t.Fatalf("draft pack: %+v", p)
	}
	// Its prints' draft exclusion reaches it; withdrawn, it counts nothing.
	in.Packs[0].Formats, in.Packs[0].DigitalFiles = []photographer.PackFormatInput{{FormatID: f.print.ID, Quantity: 2, Photos: 2}}, nil
	in.Formats = []*photographer.PreviewFormatInput{{Key: f.print.ID, FormatID: &f.print.ID, UnitPrice: 250, ExcludedCountries: []string{"BE"}}}
	if p, err = f.svc.CataloguePreview(f.owner, in); err != nil {
		t.Fatal(err)
	}
	if len(p.ShippingProblems) != 1 || p.ShippingProblems[0].Ref != f.pack.ID || p.ShippingProblems[0].Reason != "excluded_country" {
		t.Fatalf("excluded print in the draft pack: %+v", p.ShippingProblems)
	}
	in.Formats = nil
	in.Packs[0].Withdrawn = ptr(true)
	if p, err = f.svc.CataloguePreview(f.owner, in); err != nil || p.Lines[0].Available || p.Merchandise.Amount != 0 {
		t.Fatalf("withdrawn draft pack: %+v %v", p, err)
	}
	// Nothing was saved.
	if got := f.db.Pack.GetX(f.sys, f.pack.ID); got.UnitPrice != 3900 || got.Withdrawn {
		t.Errorf("the pack was changed: %+v", got)
	}
	if n := f.db.PackFormat.Query().CountX(f.sys); n != 1 {
		t.Errorf("%d pack formats after the preview", n)
	}
}

func TestCataloguePreviewRefusesBadPackDrafts(t *testing.T) {
	f := setup(t)
	for _, tc := range []struct {
		name  string
		pack  photographer.PreviewPackInput
		code  string
		field []string
	}{
		{"unknown pack", photographer.PreviewPackInput{PackID: "nope"}, "missing_format", []string{"packs", "0", "packId"}},
		{"negative price", photographer.PreviewPackInput{PackID: f.pack.ID, UnitPrice: ptr(money.Decimal(-1))}, "invalid_price", []string{"packs", "0", "unitPrice"}},
		{"foreign format", photographer.PreviewPackInput{PackID: f.pack.ID,
			Formats: []photographer.PackFormatInput{{FormatID: f.foreignF.ID, Quantity: 1, Photos: 1}}}, "missing_format", []string{"packs", "0", "formats", "0", "formatId"}},
		{"digital among prints", photographer.PreviewPackInput{PackID: f.pack.ID,
			Formats: []photographer.PackFormatInput{{FormatID: f.digital.ID, Quantity: 1, Photos: 1}}}, "invalid_value", []string{"packs", "0", "formats", "0", "formatId"}},
		{"photos above quantity", photographer.PreviewPackInput{PackID: f.pack.ID,
			Formats: []photographer.PackFormatInput{{FormatID: f.print.ID, Quantity: 2, Photos: 3}}}, "out_of_range", []string{"packs", "0", "formats", "0", "photos"}},
		{"file quantity", photographer.PreviewPackInput{PackID: f.pack.ID,
			DigitalFiles: []photographer.PackDigitalFileInput{{FormatID: f.digital.ID, Quantity: 0}}}, "out_of_range", []string{"packs", "0", "digitalFiles", "0", "quantity"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := photographer.CataloguePreviewInput{GalleryID: f.g.ID, Lines: []*photographer.PreviewLineInput{{Ref: f.pack.ID, Quantity: 1}},
				Packs: []*photographer.PreviewPackInput{&tc.pack}}
			_, err := f.svc.CataloguePreview(f.owner, in)
			wantUserError(t, err, tc.code, tc.field...)
		})
	}
}

func TestUpdateStudioPickupSetsTheAddressBuyersSee(t *testing.T) {
	f := setup(t)
	broker := events.NewLocal()
	defer broker.Close()
	f.svc.Events = broker
	sub := broker.Subscribe("cart")
	defer sub.Close()
	f.db.Cart.Create().SetGallery(f.g).SaveX(f.sys) // shipping: not told
	pickupCart := f.db.Cart.Create().SetGallery(f.g).SetDeliveryOption("pickup").SaveX(f.sys)
	f.db.Cart.Create().SetGallery(f.g2).SetDeliveryOption("pickup").SaveX(f.sys) // another studio's
	got, err := f.svc.UpdateStudioPickup(f.owner, photographer.StudioPickupInput{Street: " Rue Haute 1 ", PostalCode: "1000", City: "Bruxelles"})
	if err != nil || got != "Studio, Rue Haute 1, 1000 Bruxelles" {
		t.Fatalf("pickup %q %v", got, err)
	}
	c, err := f.svc.StudioCatalogue(f.owner, f.g.ID)
	if err != nil || c.PickupAddress != got || c.PickupStreet != "Rue Haute 1" || c.PickupPostalCode != "1000" || c.PickupCity != "Bruxelles" {
		t.Fatalf("catalogue %+v %v", c, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	evs, err := sub.Next(ctx)
	if err != nil || len(evs) != 1 || evs[0].ID != pickupCart.ID {
		t.Fatalf("events %+v, %v; want the open pickup cart %s once", evs, err, pickupCart.ID)
	}
	if f.db.Cart.GetX(f.sys, pickupCart.ID).CartUpdated {
		t.Error("the pickup cart was flagged as corrected")
	}
	_, err = f.svc.UpdateStudioPickup(f.owner, photographer.StudioPickupInput{Street: strings.Repeat("x", 201), City: "a\x00b"})
	wantUserError(t, err, "too_long", "street")
	wantUserError(t, err, "invalid_value", "city")
	if pg := f.db.Photographer.GetX(f.sys, f.pg.ID); pg.Street != "Rue Haute 1" || pg.City != "Bruxelles" {
		t.Errorf("a refused change was saved: %q %q", pg.Street, pg.City)
	}
	if _, err := f.svc.UpdateStudioPickup(f.anon, photographer.StudioPickupInput{Street: "x"}); err == nil {
		t.Error("an anonymous caller changed the address")
	}
}
