package cart_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	entcart "github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// fixture is the demo (6 photos per gallery, the last one private) with
// the cart service on a fixed clock; the gala sells its digital files (the
// demo gives them away: see TestGivenAwayFilesAreNotSold). Prices below are the demo's: 10x15
// 2.50, 13x18 3.90, 30x45 24.00, Toile 30x45 69.00, Fichier web 4.00,
// Fichier HD 9.00; Labo Photo Bruxelles ships to Benelux for 4.90 and to
// Europe for 8.90, Atelier Déco for 9.90 and 19.90; VAT 21 %.
type fixture struct {
	t       *testing.T
	db      *ent.Client
	svc     *cart.Service
	sys     context.Context
	now     time.Time
	gala    *ent.Gallery
	wedding *ent.Gallery
	// photos are gala's visible photos in order: 1200x800, 800x1200,
	// 1200x800, 800x1200, 1000x1000.
	photos  []*ent.Photo
	private *ent.Photo

	p9x13, p10x15, p13x18, p15x20, p20x30, p30x45 *ent.Format
	fineArt20x30, toile30x45, toile40x60          *ent.Format
	web, hd                                       *ent.Format
	souvenir, famille                             *ent.Pack
}

// cameraSized records photos as a camera's originals, four times the demo
// files' size (4800x3200 for 1200x800): the cart reads only the recorded
// size, and the demo's 1200 pixels make less than 100 dpi beyond 20x30.
func (f *fixture) cameraSized(ps ...*ent.Photo) {
	for _, p := range ps {
		p.Width, p.Height = p.Width*4, p.Height*4
		f.db.Photo.UpdateOneID(p.ID).SetWidth(p.Width).SetHeight(p.Height).ExecX(f.sys)
	}
}

func setup(t *testing.T, opts ...testdb.Options) *fixture {
	t.Helper()
	ctx := context.Background()
	db := testdb.Open(t, opts...).Client
	m, err := media.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if _, err := seed.Demo(ctx, db, m, 6); err != nil {
		t.Fatalf("seed: %v", err)
	}
	now := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	f := &fixture{t: t, db: db, sys: viewer.SystemContext(ctx), now: now,
		svc: &cart.Service{DB: db, Now: func() time.Time { return now }}}
	f.gala = db.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(f.sys)
	f.gala = f.downloads(f.gala, func(di *model.DownloadInformation) { di.FreeDownload = false })
	f.wedding = db.Gallery.Query().Where(gallery.URL("julie-et-thomas")).OnlyX(f.sys)
	f.photos = db.Photo.Query().Where(photo.GalleryID(f.gala.ID), photo.IsPrivate(false)).Order(ent.Asc(photo.FieldPosition)).AllX(f.sys)
	f.private = db.Photo.Query().Where(photo.GalleryID(f.gala.ID), photo.IsPrivate(true)).OnlyX(f.sys)
	if len(f.photos) != 5 || f.photos[4].Width != 1000 || f.photos[1].Height != 1200 {
		t.Fatalf("unexpected demo photos: %d", len(f.photos))
	}
	f.p9x13, f.p10x15, f.p13x18 = f.format(f.gala, "Papier photo", "9 x 13"), f.format(f.gala, "Papier photo", "10 x 15"), f.format(f.gala, "Papier photo", "13 x 18")
	f.p15x20, f.p20x30, f.p30x45 = f.format(f.gala, "Papier photo", "15 x 20"), f.format(f.gala, "Papier photo", "20 x 30"), f.format(f.gala, "Papier photo", "30 x 45")
	f.fineArt20x30 = f.format(f.gala, "Papier Fine Art", "20 x 30")
	f.toile30x45, f.toile40x60 = f.format(f.gala, "Toile sur châssis", "Toile 30 x 45"), f.format(f.gala, "Toile sur châssis", "Toile 40 x 60")
	f.web, f.hd = f.format(f.gala, "Fichiers numériques", "Fichier web"), f.format(f.gala, "Fichiers numériques", "Fichier HD")
	f.souvenir = db.Pack.Query().Where(pack.HasGalleryWith(gallery.ID(f.gala.ID)), pack.DisplayName("Pack Souvenir")).OnlyX(f.sys)
	f.famille = db.Pack.Query().Where(pack.HasGalleryWith(gallery.ID(f.gala.ID)), pack.DisplayName("Pack Famille")).OnlyX(f.sys)
	return f
}

// downloads changes g's download settings as the photographer's settings
// do and returns g as it now is.
func (f *fixture) downloads(g *ent.Gallery, change func(*model.DownloadInformation)) *ent.Gallery {
	f.t.Helper()
	di := g.DownloadInformation
	di.Qualities = slices.Clone(di.Qualities)
	change(&di)
	return f.db.Gallery.UpdateOne(g).SetDownloadInformation(di).SaveX(f.sys)
}

// format finds a format of g by its family and its displayed name.
func (f *fixture) format(g *ent.Gallery, fam, name string) *ent.Format {
	f.t.Helper()
	fs := f.db.Format.Query().Where(format.HasGalleryWith(gallery.ID(g.ID)), format.HasFamilyWith(family.Name(fam))).AllX(f.sys)
	for _, x := range fs {
		if catalogue.FormatName(x) == name {
			return x
		}
	}
	f.t.Fatalf("no format %s %s", fam, name)
	return nil
}

// browser is an anonymous visitor's browser.
func browser(session string) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: session})
}

// person is a browser with a confirmed e-mail.
func person(session, email string) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: session, Email: email})
}

// ok fails the test on err and returns the cart.
func (f *fixture) ok(v *cart.View, err error) *cart.View {
	f.t.Helper()
	if err != nil {
		f.t.Fatalf("unexpected error: %v", err)
	}
	return v
}

// refused checks that a call failed with code, without a cart, and
// returns the error: f.refused(code)(f.svc.Call(...)).
func (f *fixture) refused(code string) func(*cart.View, error) *apperr.Error {
	return func(v *cart.View, err error) *apperr.Error {
		f.t.Helper()
		ae := apperr.As(err)
		if ae == nil || ae.Code != code || ae.Message(lang.FR) == "" || v != nil {
			f.t.Fatalf("got %v (cart %v), want %s", err, v != nil, code)
		}
		return ae
	}
}

// totals writes a cart's sums for comparison.
func totals(v *cart.View) string {
	t := v.Totals
	return fmt.Sprintf("merchandise %s, discount %s, shipping %s, gift cards %s, total %s",
		t.Merchandise.Amount, t.Discount.Amount, t.Shipping.Amount, t.GiftCards.Amount, t.Total.Amount)
}

func (f *fixture) wantTotals(v *cart.View, want string) {
	f.t.Helper()
	if got := totals(v); got != want {
		f.t.Fatalf("totals:\n got %s\nwant %s", got, want)
	}
}

// lines writes a cart's prints and files: "photo#format xquantity".
func (f *fixture) lines(v *cart.View) []string {
	var out []string
	for _, p := range v.Photos {
		out = append(out, fmt.Sprintf("%s#%s x%d", f.photoName(p.PhotoID), catalogue.FormatName(p.Format), p.Quantity))
	}
	return out
}

// photoName is p0..p4 for gala's visible photos.
func (f *fixture) photoName(id string) string {
	for i, p := range f.photos {
		if p.ID == id {
			return fmt.Sprintf("p%d", i)
		}
	}
	return id
}

func ptr[T any](v T) *T { return &v }

func TestPrintsArePricedToTheCentAndIdenticalOnesMerge(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	p0 := f.photos[0]

	empty := f.ok(f.svc.Get(ctx, f.gala))
	// Two 10x15 prints: 2 x 2.50 = 5.00; the lab ships to the studio's
	// country (BE) for 4.90: 9.90. VAT 21 % contained: 5.00 -> 0.87
	// (86.8), 4.90 -> 0.85 (85.04), 1.72 in all, 8.18 without.
	v := f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p0.ID, FormatID: f.p10x15.ID, Quantity: 2}))
	f.wantTotals(v, "merchandise 5.00, discount 0.00, shipping 4.90, gift cards 0.00, total 9.90")
	if vat := v.Totals.Vat; vat.RatePercent != 21 || vat.Amount.Amount.String() != "1.72" || vat.Base.Amount.String() != "8.18" {
		t.Fatalf("VAT = %+v", vat)
	}
	it := v.Photos[0]
	if v.ID != empty.ID || len(v.Photos) != 1 || it.Kind != cartitem.KindPrint || it.Quantity != 2 || *it.Finish != cartitem.FinishGlossy ||
		*it.Border != cartitem.BorderNone || it.Crop != nil || it.WhiteMargin || it.UnitPrice.Amount.String() != "2.50" || it.Total.Amount.String() != "5.00" {
		t.Fatalf("print = %+v", it)
	}
	if !v.NeedsDelivery || v.ShippingCountry != "BE" || v.DeliveryOption != "shipping" || v.ItemCount != 2 || v.Version != empty.Version+1 ||
		v.PickupAddress != "Studio Lumière, Rue de la Lumière 12, 1000 Bruxelles" {
		t.Fatalf("cart = %+v", v)
	}

	// The same print again, its default options spelled out: one line of 3
	// (7.50 + 4.90 = 12.40).
	v = f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p0.ID, FormatID: f.p10x15.ID, Quantity: 1,
		Finish: ptr(cartitem.FinishGlossy), Border: ptr(cartitem.BorderNone)}))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#10 x 15 x3"}) {
		t.Fatalf("lines = %v", got)
	}
	f.wantTotals(v, "merchandise 7.50, discount 0.00, shipping 4.90, gift cards 0.00, total 12.40")

	// Another finish is another line: 4 x 2.50 = 10.00, + 4.90 = 14.90.
	v = f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p0.ID, FormatID: f.p10x15.ID, Quantity: 1, Finish: ptr(cartitem.FinishMat)}))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#10 x 15 x3", "p0#10 x 15 x1"}) || *v.Photos[1].Finish != cartitem.FinishMat {
		t.Fatalf("lines = %v", got)
	}
	f.wantTotals(v, "merchandise 10.00, discount 0.00, shipping 4.90, gift cards 0.00, total 14.90")

	// Editing the mat print by its id: 2 x 13x18 (3.90) with a white border
	// and a crop of the format's ratio (1108/800 = 1.385 = 18/13).
	// 7.50 + 7.80 = 15.30, + 4.90 = 20.20.
	crop := &model.Crop{X: 46, Y: 0, Width: 1108, Height: 800}
	v = f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{CartItemID: v.Photos[1].ID, PhotoID: p0.ID, FormatID: f.p13x18.ID, Quantity: 2,
		Border: ptr(cartitem.BorderWhite), Crop: crop}))
	edited := v.Photos[1]
	if got := f.lines(v); !slices.Equal(got, []string{"p0#10 x 15 x3", "p0#13 x 18 x2"}) || *edited.Border != cartitem.BorderWhite ||
		*edited.Finish != cartitem.FinishGlossy || edited.Crop == nil || *edited.Crop != *crop || edited.WhiteMargin {
		t.Fatalf("edited = %v %+v", got, edited)
	}
	f.wantTotals(v, "merchandise 15.30, discount 0.00, shipping 4.90, gift cards 0.00, total 20.20")
	if v.ItemCount != 5 {
		t.Fatalf("itemCount = %d, want 5", v.ItemCount)
	}

	// Without a crop, the 13x18 of a 3:2 photo gets white margins (allowed
	// by default).
	v = f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{CartItemID: edited.ID, PhotoID: p0.ID, FormatID: f.p13x18.ID, Quantity: 2}))
	if v.Photos[1].Crop != nil || !v.Photos[1].WhiteMargin || *v.Photos[1].Border != cartitem.BorderNone {
		t.Fatalf("edited without crop = %+v", v.Photos[1])
	}

	// Removing the 10x15 line leaves 7.80 + 4.90 = 12.70.
	first := v.Photos[0].ID
	v = f.ok(f.svc.RemovePrint(ctx, f.gala, first))
	f.wantTotals(v, "merchandise 7.80, discount 0.00, shipping 4.90, gift cards 0.00, total 12.70")
	f.refused("cart_item_not_found")(f.svc.RemovePrint(ctx, f.gala, first))
	if v.Version != empty.Version+6 {
		t.Fatalf("version = %d after 6 changes from %d", v.Version, empty.Version)
	}
}

func TestRefusedPrintsChangeNothing(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	landscape, square := f.photos[0], f.photos[4]
	otherGallery := f.format(f.wedding, "Papier photo", "10 x 15")
	weddingPhoto := f.db.Photo.Query().Where(photo.GalleryID(f.wedding.ID), photo.IsPrivate(false)).FirstX(f.sys)
	before := f.ok(f.svc.Get(ctx, f.gala))
	for _, tc := range []struct {
		name string
		in   cart.PrintInput
		code string
	}{
		{"quantity 0", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p10x15.ID}, "invalid_quantity"},
		{"quantity 1000", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p10x15.ID, Quantity: 1000}, "invalid_quantity"},
		{"format sold only in packs", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p9x13.ID, Quantity: 1}, "not_for_sale"},
		{"digital format as a print", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.hd.ID, Quantity: 1}, "format_not_found"},
		{"another gallery's format", cart.PrintInput{PhotoID: landscape.ID, FormatID: otherGallery.ID, Quantity: 1}, "format_not_found"},
		{"private photo", cart.PrintInput{PhotoID: f.private.ID, FormatID: f.p10x15.ID, Quantity: 1}, "photo_not_found"},
		{"another gallery's photo", cart.PrintInput{PhotoID: weddingPhoto.ID, FormatID: f.p10x15.ID, Quantity: 1}, "photo_not_found"},
		{"unknown photo", cart.PrintInput{PhotoID: "pho_nope", FormatID: f.p10x15.ID, Quantity: 1}, "photo_not_found"},
		// 30x45 at 100 dpi needs 1772 x 1181 pixels; the 1000x1000 square
		// gives it 56 dpi.
		{"too large for the photo", cart.PrintInput{PhotoID: square.ID, FormatID: f.p30x45.ID, Quantity: 1}, "format_incompatible"},
		// 20x30 of the 1200x800 photo makes 101 dpi, but its 600x400 crop 50.
		{"crop too small for the format", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p20x30.ID, Quantity: 1, Crop: &model.Crop{X: 0, Y: 0, Width: 600, Height: 400}}, "format_incompatible"},
		{"mat on Fine Art", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.fineArt20x30.ID, Quantity: 1, Finish: ptr(cartitem.FinishMat)}, "finish_not_offered"},
		{"white border on canvas", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.toile30x45.ID, Quantity: 1, Border: ptr(cartitem.BorderWhite)}, "border_not_offered"},
		{"crop outside the photo", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p13x18.ID, Quantity: 1, Crop: &model.Crop{X: 200, Width: 1108, Height: 800}}, "invalid_crop"},
		{"crop of another ratio", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p13x18.ID, Quantity: 1, Crop: &model.Crop{Width: 800, Height: 800}}, "invalid_crop"},
		{"crop at a negative offset", cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p13x18.ID, Quantity: 1, Crop: &model.Crop{X: -1, Width: 1108, Height: 800}}, "invalid_crop"},
		// The canvas family does not allow white margins: a square photo must be cropped.
		{"square photo on canvas without crop", cart.PrintInput{PhotoID: square.ID, FormatID: f.toile30x45.ID, Quantity: 1}, "crop_required"},
		{"unknown cart item", cart.PrintInput{CartItemID: "cti_nope", PhotoID: landscape.ID, FormatID: f.p10x15.ID, Quantity: 1}, "cart_item_not_found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := f.svc.SetPrint(ctx, f.gala, tc.in)
			if ae := apperr.As(err); ae == nil || ae.Code != tc.code || ae.Message(lang.FR) == "" || v != nil {
				t.Fatalf("got %v, want %s", err, tc.code)
			}
		})
	}
	after := f.ok(f.svc.Get(ctx, f.gala))
	if len(after.Photos) != 0 || after.Version != before.Version {
		t.Fatalf("refusals changed the cart: %+v", after)
	}

	// 999 is the most one line holds, merged or not.
	f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p10x15.ID, Quantity: 999}))
	f.refused("invalid_quantity")(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: landscape.ID, FormatID: f.p10x15.ID, Quantity: 1}))
	// The square photo on canvas once cropped to 2:3 is cropped enough, but
	// 667 pixels over 30 cm make 56 dpi: refused, with the dpi said.
	_, err := f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: square.ID, FormatID: f.toile30x45.ID, Quantity: 1,
		Crop: &model.Crop{X: 0, Y: 166, Width: 1000, Height: 667}})
	if ae := apperr.As(err); ae == nil || ae.Code != "format_incompatible" || ae.Message(lang.FR) != "Résolution trop faible pour ce format (56\u00a0dpi)\u00a0: il en faut au moins 100 pour un tirage net." {
		t.Fatalf("56 dpi canvas: %v", err)
	}
	// A camera's original has the pixels for it.
	f.cameraSized(square)
	v := f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: square.ID, FormatID: f.toile30x45.ID, Quantity: 1,
		Crop: &model.Crop{X: 0, Y: 666, Width: 4000, Height: 2667}}))
	if len(v.Photos) != 2 || v.Photos[0].Quantity != 999 {
		t.Fatalf("lines = %v", f.lines(v))
	}
}

func TestCropRequiredWhenThePhotographerForbidsWhiteMargins(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	p0 := f.photos[0]
	opts := model.DefaultPrintOptions()
	opts.NonHomotheticity.Policy = model.PolicyForbidden
	g := f.db.Gallery.UpdateOne(f.gala).SetPrintOptions(opts).SaveX(f.sys)

	products := f.ok2(f.svc.PhotoProducts(ctx, g, p0.ID))
	byFormat := map[string]*cart.PhotoProduct{}
	for _, p := range products {
		byFormat[p.Format.ID] = p
	}
	// 13x18 differs from 3:2; 10x15 does not.
	p13, p10 := byFormat[f.p13x18.ID], byFormat[f.p10x15.ID]
	if p13 == nil || p13.WhiteMargin != cart.MarginCropRequired || !p13.RatioDiffers || p10 == nil || p10.WhiteMargin != cart.MarginNone {
		t.Fatalf("products: 13x18 %+v, 10x15 %+v", p13, p10)
	}
	f.refused("crop_required")(f.svc.SetPrint(ctx, g, cart.PrintInput{PhotoID: p0.ID, FormatID: f.p13x18.ID, Quantity: 1}))
	f.ok(f.svc.SetPrint(ctx, g, cart.PrintInput{PhotoID: p0.ID, FormatID: f.p10x15.ID, Quantity: 1}))
	v := f.ok(f.svc.SetPrint(ctx, g, cart.PrintInput{PhotoID: p0.ID, FormatID: f.p13x18.ID, Quantity: 1, Crop: p13.DefaultCrop}))
	if len(v.Photos) != 2 || *v.Photos[1].Crop != (model.Crop{X: 46, Y: 0, Width: 1108, Height: 800}) {
		t.Fatalf("cropped print: %+v", v.Photos)
	}
}

func (f *fixture) ok2(ps []*cart.PhotoProduct, err error) []*cart.PhotoProduct {
	f.t.Helper()
	if err != nil {
		f.t.Fatal(err)
	}
	return ps
}

func TestPhotoProductsSuitTheirPhoto(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	names := func(ps []*cart.PhotoProduct) []string {
		var out []string
		for _, p := range ps {
			out = append(out, catalogue.FormatName(p.Format))
		}
		return out
	}
	find := func(ps []*cart.PhotoProduct, id string) *cart.PhotoProduct {
		for _, p := range ps {
			if p.Format.ID == id {
				return p
			}
		}
		t.Fatalf("no product %s in %v", id, names(ps))
		return nil
	}
	// A landscape 1200x800: the 13 formats sold alone (9x13 is only in packs).
	landscape := f.ok2(f.svc.PhotoProducts(ctx, f.gala, f.photos[0].ID))
	if len(landscape) != 13 || slices.Contains(names(landscape), "9 x 13") {
		t.Fatalf("landscape products = %v", names(landscape))
	}
	p10 := find(landscape, f.p10x15.ID)
	if p10.RatioDiffers || p10.WhiteMargin != cart.MarginNone || !slices.Equal(p10.Finishes, []cartitem.Finish{cartitem.FinishGlossy, cartitem.FinishMat}) ||
		*p10.DefaultFinish != cartitem.FinishGlossy || !slices.Equal(p10.Borders, []cartitem.Border{cartitem.BorderNone, cartitem.BorderWhite}) ||
		*p10.DefaultCrop != (model.Crop{X: 0, Y: 0, Width: 1200, Height: 800}) {
		t.Fatalf("10x15 = %+v", p10)
	}
	if p := find(landscape, f.p13x18.ID); !p.RatioDiffers || p.WhiteMargin != cart.MarginWarning || *p.DefaultCrop != (model.Crop{X: 46, Y: 0, Width: 1108, Height: 800}) {
		t.Fatalf("13x18 = %+v", p)
	}
	if p := find(landscape, f.fineArt20x30.ID); !slices.Equal(p.Finishes, []cartitem.Finish{cartitem.FinishGlossy}) {
		t.Fatalf("Fine Art finishes = %v", p.Finishes)
	}
	if p := find(landscape, f.toile30x45.ID); !slices.Equal(p.Borders, []cartitem.Border{cartitem.BorderNone}) || p.WhiteMargin != cart.MarginNone {
		t.Fatalf("canvas = %+v", p)
	}
	if p := find(landscape, f.hd.ID); len(p.Finishes) != 0 || len(p.Borders) != 0 || p.DefaultFinish != nil || p.DefaultCrop != nil || p.RatioDiffers {
		t.Fatalf("HD file = %+v", p)
	}
	// A portrait crops the other way: 800 wide, 1108 high.
	portrait := f.ok2(f.svc.PhotoProducts(ctx, f.gala, f.photos[1].ID))
	if p := find(portrait, f.p13x18.ID); *p.DefaultCrop != (model.Crop{X: 0, Y: 46, Width: 800, Height: 1108}) {
		t.Fatalf("portrait 13x18 crop = %+v", p.DefaultCrop)
	}
	// The 1000x1000 square lacks the pixels for 40x60 (42 dpi): the 40x60
	// formats are listed all the same, for the shop to show them disabled
	// with the reason (SetPrint refuses them); canvas needs a crop.
	square := f.ok2(f.svc.PhotoProducts(ctx, f.gala, f.photos[4].ID))
	if got := names(square); len(got) != 13 || !slices.Contains(got, "Toile 40 x 60") || !slices.Contains(got, "Aluminium 40 x 60") {
		t.Fatalf("square products = %v", got)
	}
	if p := find(square, f.toile30x45.ID); p.WhiteMargin != cart.MarginCropRequired || *p.DefaultCrop != (model.Crop{X: 0, Y: 166, Width: 1000, Height: 667}) {
		t.Fatalf("square canvas = %+v %+v", p, p.DefaultCrop)
	}
	if _, err := f.svc.PhotoProducts(ctx, f.gala, f.private.ID); apperr.As(err) == nil || apperr.As(err).Code != "photo_not_found" {
		t.Fatalf("private photo: %v", err)
	}
}

func TestDigitalFilesAndWholeGalleryDownloads(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	p := f.photos
	// One HD file, added twice, is one file: 9.00, no delivery. VAT of
	// 9.00: 1.56 (156.2), 7.44 without.
	f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[0].ID, f.hd.ID))
	v := f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[0].ID, f.hd.ID))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#Fichier HD x1"}) || v.Photos[0].Kind != cartitem.KindDigitalFile || v.Photos[0].Finish != nil {
		t.Fatalf("lines = %v", got)
	}
	f.wantTotals(v, "merchandise 9.00, discount 0.00, shipping 0.00, gift cards 0.00, total 9.00")
	if v.NeedsDelivery || v.Totals.Vat.Amount.Amount.String() != "1.56" || v.Totals.Vat.Base.Amount.String() != "7.44" || v.ItemCount != 1 {
		t.Fatalf("digital-only cart: needsDelivery %v, VAT %+v, %d items", v.NeedsDelivery, v.Totals.Vat, v.ItemCount)
	}
	f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[1].ID, f.hd.ID))
	v = f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[0].ID, f.web.ID))
	f.wantTotals(v, "merchandise 22.00, discount 0.00, shipping 0.00, gift cards 0.00, total 22.00")

	// The whole gallery in HD (149.00) replaces the two HD files; the web
	// file stays. 149.00 + 4.00 = 153.00 reaches 100 euros: 15 % off per
	// line, 22.35 + 0.60 = 22.95; 130.05 to pay.
	f.ok(f.svc.AddAllGallery(ctx, f.gala, f.hd.ID))
	v = f.ok(f.svc.AddAllGallery(ctx, f.gala, f.hd.ID))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#Fichier web x1"}) || len(v.AllDigitalFileFormats) != 1 {
		t.Fatalf("after whole gallery: %v, %d downloads", got, len(v.AllDigitalFileFormats))
	}
	all := v.AllDigitalFileFormats[0]
	if all.Format.ID != f.hd.ID || all.Price.Amount.String() != "149.00" || all.PhotoCount != 5 {
		t.Fatalf("whole gallery = %+v", all)
	}
	f.wantTotals(v, "merchandise 153.00, discount 22.95, shipping 0.00, gift cards 0.00, total 130.05")
	if d := v.Discount; d == nil || d.Source != "automatic" || d.Percent != 15 || v.ItemCount != 2 {
		t.Fatalf("discount = %+v, %d items", d, v.ItemCount)
	}
	f.refused("covered_by_all_gallery")(f.svc.AddDigitalFile(ctx, f.gala, p[2].ID, f.hd.ID))
	f.refused("format_not_found")(f.svc.AddAllGallery(ctx, f.gala, f.p10x15.ID))
	f.refused("format_not_found")(f.svc.AddDigitalFile(ctx, f.gala, p[2].ID, f.p10x15.ID))
	f.refused("photo_not_found")(f.svc.AddDigitalFile(ctx, f.gala, f.private.ID, f.web.ID))

	// Without a gallery price the whole gallery is not offered.
	f.db.Format.UpdateOne(f.web).ClearGalleryPrice().ExecX(f.sys)
	f.refused("not_offered")(f.svc.AddAllGallery(ctx, f.gala, f.web.ID))

	f.ok(f.svc.RemoveAllGallery(ctx, f.gala, f.hd.ID))
	v = f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[2].ID, f.hd.ID))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#Fichier web x1", "p2#Fichier HD x1"}) || len(v.AllDigitalFileFormats) != 0 {
		t.Fatalf("after removing the whole gallery: %v", got)
	}
	f.ok(f.svc.RemoveDigitalFile(ctx, f.gala, p[2].ID, f.hd.ID))
	v = f.ok(f.svc.RemoveDigitalFile(ctx, f.gala, p[2].ID, f.hd.ID)) // absent: nothing changes
	f.wantTotals(v, "merchandise 4.00, discount 0.00, shipping 0.00, gift cards 0.00, total 4.00")
}

func TestPackIsComposedThenAddedEditedAndRemoved(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	p := f.photos
	v := f.ok(f.svc.CreateOngoingPack(ctx, f.gala, f.souvenir.ID))
	if len(v.OngoingPacks) != 1 || len(v.Packs) != 0 {
		t.Fatalf("ongoing %d, packs %d", len(v.OngoingPacks), len(v.Packs))
	}
	pk := v.OngoingPacks[0]
	inst := pk.PackInstanceID
	if !strings.HasPrefix(inst, "pki_") || pk.ClientPackName != "Pack Souvenir" || pk.RemainingPhotos != 15 || pk.Complete ||
		pk.UnitPrice.Amount.String() != "39.00" || len(pk.Formats) != 1 || len(pk.DigitalFiles) != 1 ||
		pk.Formats[0].Format.ID != f.p10x15.ID || pk.Formats[0].Quantity != 10 || pk.Formats[0].MaxPhotos != 10 ||
		pk.DigitalFiles[0].Format.ID != f.hd.ID || pk.DigitalFiles[0].Quantity != 5 {
		t.Fatalf("new pack = %+v", pk)
	}
	// A pack being composed is not priced yet.
	f.wantTotals(v, "merchandise 0.00, discount 0.00, shipping 0.00, gift cards 0.00, total 0.00")
	if v.ItemCount != 0 || v.NeedsDelivery {
		t.Fatalf("ongoing pack counted: %d items, delivery %v", v.ItemCount, v.NeedsDelivery)
	}
	if ae := f.refused("pack_not_found")(f.svc.CreateOngoingPack(ctx, f.gala, "pck_nope")); !slices.Equal(ae.Field, []string{"packId"}) {
		t.Fatalf("field = %v", ae.Field)
	}

	prints := func(choices ...cart.PhotoChoice) []cart.PackChoice {
		return []cart.PackChoice{{FormatID: f.p10x15.ID, Photos: choices}}
	}
	// Ten prints of two photos; the zero quantity is dropped.
	v = f.ok(f.svc.ConfigureOngoingPack(ctx, f.gala, cart.ConfigureInput{PackInstanceID: inst,
		Formats: prints(cart.PhotoChoice{PhotoID: p[0].ID, Quantity: 6, Finish: ptr(cartitem.FinishMat)},
			cart.PhotoChoice{PhotoID: p[1].ID, Quantity: 4}, cart.PhotoChoice{PhotoID: p[2].ID, Quantity: 0})}))
	pf := v.OngoingPacks[0].Formats[0]
	if pf.Selected != 10 || len(pf.Photos) != 2 || pf.Photos[0].PhotoID != p[0].ID || *pf.Photos[0].Finish != cartitem.FinishMat ||
		*pf.Photos[1].Finish != cartitem.FinishGlossy || *pf.Photos[1].Border != cartitem.BorderNone || v.OngoingPacks[0].RemainingPhotos != 5 {
		t.Fatalf("configured prints = %+v", pf)
	}
	ae := f.refused("pack_incomplete")(f.svc.AddPack(ctx, f.gala, inst, nil))
	if ae.Message(lang.FR) != "Il reste 5 photos à choisir pour compléter ce pack." {
		t.Fatalf("message = %q", ae.Message(lang.FR))
	}
	for _, tc := range []struct {
		name string
		in   cart.ConfigureInput
		code string
	}{
		{"eleven prints", cart.ConfigureInput{PackInstanceID: inst, Formats: prints(cart.PhotoChoice{PhotoID: p[0].ID, Quantity: 6},
			cart.PhotoChoice{PhotoID: p[1].ID, Quantity: 5})}, "pack_format_full"},
		{"a private photo", cart.ConfigureInput{PackInstanceID: inst, Formats: prints(cart.PhotoChoice{PhotoID: f.private.ID, Quantity: 1})}, "photo_not_found"},
		{"a format the pack lacks", cart.ConfigureInput{PackInstanceID: inst, Formats: []cart.PackChoice{{FormatID: f.p13x18.ID,
			Photos: []cart.PhotoChoice{{PhotoID: p[0].ID, Quantity: 1}}}}}, "format_not_found"},
		{"an empty name", cart.ConfigureInput{PackInstanceID: inst, ClientPackName: ptr(" / & ")}, "required"},
		{"an unknown pack", cart.ConfigureInput{PackInstanceID: "pki_nope"}, "pack_not_found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := f.svc.ConfigureOngoingPack(ctx, f.gala, tc.in); apperr.As(err) == nil || apperr.As(err).Code != tc.code {
				t.Fatalf("got %v, want %s", err, tc.code)
			}
		})
	}
	ae = f.refused("pack_format_full")(f.svc.ConfigureOngoingPack(ctx, f.gala, cart.ConfigureInput{PackInstanceID: inst,
		Formats: prints(cart.PhotoChoice{PhotoID: p[0].ID, Quantity: 11})}))
	if ae.Message(lang.FR) != "Ce format du pack compte 10 tirages de 10 photos différentes au plus." {
		t.Fatalf("message = %q", ae.Message(lang.FR))
	}

	// Five HD files: quantities are forced to 1 and a photo counts once.
	var files []cart.PhotoChoice
	for _, ph := range []*ent.Photo{p[0], p[1], p[2], p[0], p[3], p[4]} {
		files = append(files, cart.PhotoChoice{PhotoID: ph.ID, Quantity: 3})
	}
	v = f.ok(f.svc.ConfigureOngoingPack(ctx, f.gala, cart.ConfigureInput{PackInstanceID: inst,
		DigitalFiles: []cart.PackChoice{{FormatID: f.hd.ID, Photos: files}}}))
	pk = v.OngoingPacks[0]
	if df := pk.DigitalFiles[0]; df.Selected != 5 || len(df.Photos) != 5 || df.Photos[0].Quantity != 1 || pk.RemainingPhotos != 0 || !pk.Complete ||
		pk.Formats[0].Selected != 10 {
		t.Fatalf("configured files = %+v", pk)
	}
	// Added under a name cleaned of & < > / \: 39.00 + 4.90 shipping (its
	// prints come from Labo Photo Bruxelles) = 43.90.
	v = f.ok(f.svc.AddPack(ctx, f.gala, inst, ptr(`  Souvenirs & <Mamie>/Papi\ `)))
	if len(v.OngoingPacks) != 0 || len(v.Packs) != 1 || v.Packs[0].ClientPackName != "Souvenirs Mamie Papi" || !v.Packs[0].Complete || v.ItemCount != 1 {
		t.Fatalf("added pack = %+v", v.Packs)
	}
	f.wantTotals(v, "merchandise 39.00, discount 0.00, shipping 4.90, gift cards 0.00, total 43.90")

	// Edited: back to being composed, out of the price.
	v = f.ok(f.svc.EditPack(ctx, f.gala, inst))
	if len(v.OngoingPacks) != 1 || len(v.Packs) != 0 || v.OngoingPacks[0].ClientPackName != "Souvenirs Mamie Papi" {
		t.Fatalf("edited pack: ongoing %d packs %d", len(v.OngoingPacks), len(v.Packs))
	}
	f.wantTotals(v, "merchandise 0.00, discount 0.00, shipping 0.00, gift cards 0.00, total 0.00")
	v = f.ok(f.svc.RemovePackFormat(ctx, f.gala, inst, f.hd.ID))
	if pk := v.OngoingPacks[0]; pk.DigitalFiles[0].Selected != 0 || pk.Formats[0].Selected != 10 || pk.RemainingPhotos != 5 {
		t.Fatalf("after removing the HD files: %+v", pk)
	}
	f.refused("pack_not_found")(f.svc.RemovePackFormat(ctx, f.gala, "pki_nope", f.hd.ID))
	f.refused("format_not_found")(f.svc.RemovePackFormat(ctx, f.gala, inst, f.p13x18.ID))
	// RemovePack is for packs in the cart; an ongoing one is deleted.
	f.refused("pack_not_found")(f.svc.RemovePack(ctx, f.gala, inst))
	v = f.ok(f.svc.DeleteOngoingPack(ctx, f.gala, inst))
	if len(v.OngoingPacks) != 0 {
		t.Fatal("ongoing pack not deleted")
	}
	f.refused("pack_not_found")(f.svc.DeleteOngoingPack(ctx, f.gala, inst))

	// A complete pack is removed by its cart item id as well.
	v = f.ok(f.svc.CreateOngoingPack(ctx, f.gala, f.souvenir.ID))
	inst = v.OngoingPacks[0].PackInstanceID
	files = nil
	for _, ph := range p {
		files = append(files, cart.PhotoChoice{PhotoID: ph.ID, Quantity: 1})
	}
	f.ok(f.svc.ConfigureOngoingPack(ctx, f.gala, cart.ConfigureInput{PackInstanceID: inst,
		Formats:      prints(cart.PhotoChoice{PhotoID: p[3].ID, Quantity: 10}),
		DigitalFiles: []cart.PackChoice{{FormatID: f.hd.ID, Photos: files}}}))
	v = f.ok(f.svc.AddPack(ctx, f.gala, inst, nil))
	if len(v.Packs) != 1 || v.Packs[0].ClientPackName != "Pack Souvenir" {
		t.Fatalf("second pack = %+v", v.Packs)
	}
	v = f.ok(f.svc.RemovePack(ctx, f.gala, v.Packs[0].ID))
	if len(v.Packs) != 0 || len(v.OngoingPacks) != 0 {
		t.Fatalf("pack not removed: %+v", v.Packs)
	}
}

func TestRegroupingTurnsSinglesIntoThePackTheyMake(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	p := f.photos
	// Ten 10x15 prints of three photos (25.00), five HD files (45.00) and a
	// 13x18 the pack does not hold (3.90): 73.90. 10 % off from 50 euros,
	// per line: 1.00 + 0.75 + 0.75 + 5 x 0.90 + 0.39 = 7.39; + 4.90
	// shipping = 71.41.
	for _, pr := range []struct {
		photo *ent.Photo
		qty   int
	}{{p[0], 4}, {p[1], 3}, {p[2], 3}} {
		f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: pr.photo.ID, FormatID: f.p10x15.ID, Quantity: pr.qty}))
	}
	for _, ph := range p {
		f.ok(f.svc.AddDigitalFile(ctx, f.gala, ph.ID, f.hd.ID))
	}
	v := f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p[3].ID, FormatID: f.p13x18.ID, Quantity: 1}))
	f.wantTotals(v, "merchandise 73.90, discount 7.39, shipping 4.90, gift cards 0.00, total 71.41")
	// The pack costs 39.00 for 70.00 of singles: 31.00 saved.
	if rs := v.RegroupSuggestion; rs == nil || rs.Pack.ID != f.souvenir.ID || rs.Saving.Amount.String() != "31.00" {
		t.Fatalf("suggestion = %+v", rs)
	}

	// 39.00 + 3.90 = 42.90, below 50 euros, + 4.90 = 47.80.
	v = f.ok(f.svc.RegroupItemsInPack(ctx, f.gala))
	f.wantTotals(v, "merchandise 42.90, discount 0.00, shipping 4.90, gift cards 0.00, total 47.80")
	if got := f.lines(v); !slices.Equal(got, []string{"p3#13 x 18 x1"}) || v.RegroupSuggestion != nil || len(v.Packs) != 1 {
		t.Fatalf("after regrouping: %v, suggestion %+v, %d packs", got, v.RegroupSuggestion, len(v.Packs))
	}
	pk := v.Packs[0]
	if pk.GalleryItem.ID != f.souvenir.ID || !pk.Complete || pk.ClientPackName != "Pack Souvenir" || pk.Formats[0].Selected != 10 ||
		len(pk.Formats[0].Photos) != 3 || pk.DigitalFiles[0].Selected != 5 {
		t.Fatalf("regrouped pack = %+v", pk)
	}
	if v.ItemCount != 2 {
		t.Fatalf("itemCount = %d", v.ItemCount)
	}
}

// addVoucherCase is one attempt at a code.
type addVoucherCase struct {
	name string
	// email is the person's; "" for a fresh address, "-" for none.
	email string
	// fill puts merchandise in the cart first.
	fill    func(ctx context.Context)
	code    string
	refusal string
	message string
}

func TestVouchersAreCheckedWhenEntered(t *testing.T) {
	f := setup(t)
	pg := f.db.Photographer.Query().OnlyX(f.sys)
	expired := f.now.Add(-24 * time.Hour)
	later := f.now.Add(24 * time.Hour)
	f.db.Voucher.Create().SetPhotographer(pg).SetCode("ETE2025").SetKind(voucher.KindDiscountCode).SetPercentOff(10).SetValidUntil(expired).ExecX(f.sys)
	f.db.Voucher.Create().SetPhotographer(pg).SetCode("NOEL").SetKind(voucher.KindDiscountCode).SetPercentOff(10).SetValidFrom(later).ExecX(f.sys)
	f.db.Voucher.Create().SetPhotographer(pg).SetCode("EPUISE").SetKind(voucher.KindDiscountCode).SetPercentOff(10).SetUsageLimit(3).SetTimesUsed(3).ExecX(f.sys)
	f.db.Voucher.Create().SetPhotographer(pg).SetCode("ARRETE").SetKind(voucher.KindDiscountCode).SetPercentOff(10).SetActive(false).ExecX(f.sys)
	f.db.Voucher.Create().SetPhotographer(pg).SetCode("MARIAGE").SetKind(voucher.KindDiscountCode).SetPercentOff(10).SetGallery(f.wedding).ExecX(f.sys)
	f.db.Voucher.Create().SetPhotographer(pg).SetCode("VIDE").SetKind(voucher.KindGiftCard).SetGiftAmount(1000).SetBalance(0).ExecX(f.sys)
	welcome := f.db.Voucher.Query().Where(voucher.Code(seed.DemoDiscountCode)).OnlyX(f.sys)
	f.db.VoucherRedemption.Create().SetVoucher(welcome).SetEmail("deja@example.com").SetAmount(240).ExecX(f.sys)
	// A use given back (a cancelled order) counts no more.
	f.db.VoucherRedemption.Create().SetVoucher(welcome).SetEmail("rendu@example.com").SetAmount(240).ExecX(f.sys)
	f.db.VoucherRedemption.Create().SetVoucher(welcome).SetEmail("rendu@example.com").SetAmount(-240).SetReason(voucherredemption.ReasonRelease).ExecX(f.sys)

	f.cameraSized(f.photos[0])
	big := func(ctx context.Context) { // 24.00, above the 20 euros minimum
		f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p30x45.ID, Quantity: 1}))
	}
	small := func(ctx context.Context) { // 5.00
		f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 2}))
	}
	for i, tc := range []addVoucherCase{
		{"without a confirmed e-mail", "-", big, seed.DemoDiscountCode, "unauthorized", "Merci de confirmer votre adresse email."},
		{"unknown", "", big, "NOPE", "code_unknown", "Ce code est inconnu."},
		{"empty", "", big, "  ", "code_unknown", "Ce code est inconnu."},
		{"under the minimum spend", "", small, seed.DemoDiscountCode, "code_min_spend", "Ce code est valable dès 20 € d'achat."},
		{"expired", "", big, "ETE2025", "code_expired", "Ce code a expiré."},
		{"not yet valid", "", big, "NOEL", "code_not_yet_valid", "Ce code n'est pas encore valable."},
		{"used up", "", big, "EPUISE", "code_used_up", "Ce code a déjà été utilisé le nombre de fois prévu."},
		{"already used by the e-mail", "Deja@Example.com", big, seed.DemoDiscountCode, "code_already_used", "Vous avez déjà utilisé ce code."},
		{"switched off", "", big, "ARRETE", "code_unknown", "Ce code est inconnu."},
		{"another gallery's", "", big, "MARIAGE", "code_unknown", "Ce code est inconnu."},
		{"an empty gift card", "", big, "VIDE", "gift_card_empty", "Cette carte cadeau est épuisée."},
		{"given back after use", "rendu@example.com", big, seed.DemoDiscountCode, "", ""},
		{"lower case with spaces", "", big, " bienvenue10 ", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			email := tc.email
			switch email {
			case "":
				email = fmt.Sprintf("visitor%d@example.com", i)
			case "-":
				email = ""
			}
			ctx := person(fmt.Sprint("v", i), email)
			tc.fill(ctx)
			v, err := f.svc.AddVoucher(ctx, f.gala, tc.code)
			if tc.refusal == "" {
				if err != nil || len(v.Vouchers) != 1 || !v.Vouchers[0].Applied {
					t.Fatalf("got %v, %+v", err, v)
				}
				return
			}
			ae := apperr.As(err)
			if ae == nil || ae.Code != tc.refusal || ae.Message(lang.FR) != tc.message || v != nil {
				t.Fatalf("got %v, want %s %q", err, tc.refusal, tc.message)
			}
		})
	}
	// The data layer counts uses per e-mail, not per browser: the refused
	// code is still refused in another browser of the same person.
	ctx := person("other", "deja@example.com")
	big(ctx)
	f.refused("code_already_used")(f.svc.AddVoucher(ctx, f.gala, seed.DemoDiscountCode))
}

func TestBestDiscountAppliesAndGiftCardsPayTheRest(t *testing.T) {
	f := setup(t)
	ctx := person("s1", "anne@example.com")
	pg := f.db.Photographer.Query().OnlyX(f.sys)
	f.db.Voucher.Create().SetPhotographer(pg).SetCode("VINGT").SetKind(voucher.KindDiscountCode).SetPercentOff(20).ExecX(f.sys)
	f.cameraSized(f.photos[0])

	// 30x45 at 24.00: BIENVENUE10 takes 2.40; 21.60 + 4.90 = 26.50. VAT:
	// 21.60 -> 3.75 (374.9), shipping 0.85: 4.60, 21.90 without.
	v := f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p30x45.ID, Quantity: 1}))
	item := v.Photos[0].ID
	v = f.ok(f.svc.AddVoucher(ctx, f.gala, seed.DemoDiscountCode))
	f.wantTotals(v, "merchandise 24.00, discount 2.40, shipping 4.90, gift cards 0.00, total 26.50")
	if d := v.Discount; d == nil || d.Source != "code" || *d.Code != seed.DemoDiscountCode || d.Percent != 10 || d.Amount.Amount.String() != "2.40" {
		t.Fatalf("discount = %+v", d)
	}
	if vc := v.Vouchers[0]; !vc.Applied || vc.Amount.Amount.String() != "2.40" || vc.Reason != nil {
		t.Fatalf("voucher = %+v", vc)
	}
	if vat := v.Totals.Vat; vat.Amount.Amount.String() != "4.60" || vat.Base.Amount.String() != "21.90" {
		t.Fatalf("VAT = %+v", vat)
	}

	// The gift card pays the total, shipping included: 26.50 of its 50.00,
	// 23.50 left.
	v = f.ok(f.svc.AddVoucher(ctx, f.gala, seed.DemoGiftCard))
	f.wantTotals(v, "merchandise 24.00, discount 2.40, shipping 4.90, gift cards 26.50, total 0.00")
	gift := v.Vouchers[1]
	if len(v.Vouchers) != 2 || gift.Code != seed.DemoGiftCard || !gift.Applied || gift.Amount.Amount.String() != "26.50" ||
		gift.RemainingBalance == nil || gift.RemainingBalance.Amount.String() != "23.50" || !v.Vouchers[0].Applied {
		t.Fatalf("vouchers = %+v %+v", v.Vouchers[0], gift)
	}
	// Gift cards are a means of payment: the VAT does not change.
	if vat := v.Totals.Vat; vat.Amount.Amount.String() != "4.60" {
		t.Fatalf("VAT with a gift card = %+v", vat)
	}

	// Three 30x45 (72.00) reach 50 euros: the automatic 10 % (7.20) ties
	// with the code's and wins the tie; the code says why it waits.
	// 72.00 - 7.20 + 4.90 = 69.70, of which the card pays 50.00.
	v = f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{CartItemID: item, PhotoID: f.photos[0].ID, FormatID: f.p30x45.ID, Quantity: 3}))
	f.wantTotals(v, "merchandise 72.00, discount 7.20, shipping 4.90, gift cards 50.00, total 19.70")
	code := v.Vouchers[0]
	if d := v.Discount; d == nil || d.Source != "automatic" || d.Code != nil || d.Percent != 10 || code.Applied || code.Reason == nil ||
		*code.Reason != "code_better_discount" || *code.Message != "La remise automatique de votre panier est plus avantageuse : elle s'applique à la place de ce code." {
		t.Fatalf("discount %+v, code %+v", v.Discount, code)
	}
	if gift := v.Vouchers[1]; gift.RemainingBalance.Amount.String() != "0.00" || gift.Amount.Amount.String() != "50.00" {
		t.Fatalf("gift card = %+v", gift)
	}

	// A better code replaces the first (codes do not stack) and beats the
	// automatic discount: 20 % of 72.00 = 14.40; 72.00 - 14.40 + 4.90 = 62.50.
	v = f.ok(f.svc.AddVoucher(ctx, f.gala, "vingt"))
	f.wantTotals(v, "merchandise 72.00, discount 14.40, shipping 4.90, gift cards 50.00, total 12.50")
	if len(v.Vouchers) != 2 || v.Vouchers[0].Code != seed.DemoGiftCard || v.Vouchers[1].Code != "VINGT" || !v.Vouchers[1].Applied || v.Discount.Source != "code" {
		t.Fatalf("vouchers = %+v %+v", v.Vouchers[0], v.Vouchers[1])
	}

	// Back to one 30x45 and BIENVENUE10; a cart that then shrinks under the
	// minimum keeps the code, which says why it waits.
	f.ok(f.svc.AddVoucher(ctx, f.gala, seed.DemoDiscountCode))
	v = f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{CartItemID: item, PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 1}))
	var welcome *cart.VoucherView
	for _, vc := range v.Vouchers {
		if vc.Code == seed.DemoDiscountCode {
			welcome = vc
		}
	}
	if welcome == nil || welcome.Applied || *welcome.Reason != "code_min_spend" || *welcome.Message != "Ce code est valable dès 20 € d'achat." || v.Discount != nil {
		t.Fatalf("shrunk cart: %+v, discount %+v", welcome, v.Discount)
	}
	// 2.50 + 4.90 = 7.40, all paid by the card.
	f.wantTotals(v, "merchandise 2.50, discount 0.00, shipping 4.90, gift cards 7.40, total 0.00")

	f.ok(f.svc.RemoveVoucher(ctx, f.gala, "cadeau-50"))
	v = f.ok(f.svc.RemoveVoucher(ctx, f.gala, "CADEAU-50")) // absent: nothing changes
	f.wantTotals(v, "merchandise 2.50, discount 0.00, shipping 4.90, gift cards 0.00, total 7.40")
	if len(v.Vouchers) != 1 {
		t.Fatalf("vouchers = %d", len(v.Vouchers))
	}
	f.refused("unauthorized")(f.svc.RemoveVoucher(browser("s1"), f.gala, seed.DemoDiscountCode))
}

func address(country string) model.Address {
	p := postalPlaces[strings.ToUpper(strings.TrimSpace(country))]
	return model.Address{Title: "Madame", Firstname: "Anne", Lastname: "Martin", Address: "Rue Haute 1", PostalCode: p[0],
		City: p[1], Country: country, PhoneNumber: "+32 470 00 00 00"}
}

// postalPlaces are a valid postal code and city per country.
var postalPlaces = map[string][2]string{"BE": {"1000", "Bruxelles"}, "FR": {"75001", "Paris"}, "LU": {"1009", "Luxembourg"},
	"CH": {"1201", "Genève"}, "NL": {"1012 AB", "Amsterdam"}, "DE": {"10115", "Berlin"}, "US": {"10001", "New York"}}

func TestClientDataAndDeliveryRepriceShipping(t *testing.T) {
	f := setup(t)
	ctx := person("s1", "Anne@Example.com")
	p0 := f.photos[0]
	f.cameraSized(p0)
	f.refused("unauthorized")(f.svc.SetClientData(browser("s1"), f.gala, cart.ClientDataInput{Billing: address("BE"), SameAsBilling: true, DeliveryOption: "shipping"}))

	// Every missing field is reported at once.
	_, err := f.svc.SetClientData(ctx, f.gala, cart.ClientDataInput{Billing: model.Address{Country: "Belgique"}, DeliveryOption: "shipping"})
	var got []string
	for _, e := range apperr.AsList(err) {
		got = append(got, e.Code+" "+strings.Join(e.Field, "."))
	}
	want := []string{"required billing.firstname", "required billing.lastname", "required billing.address", "required billing.postalCode",
		"required billing.city", "required billing.phoneNumber", "invalid_country billing.country"} // no title: « Non précisé »
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("errors:\n got %v\nwant %v", got, want)
	}
	f.refused("invalid_delivery")(f.svc.SetClientData(ctx, f.gala, cart.ClientDataInput{Billing: address("BE"), DeliveryOption: "drone"}))
	bad := address("BE")
	f.refused("required")(f.svc.SetClientData(ctx, f.gala, cart.ClientDataInput{Billing: bad, Shipping: &model.Address{Country: "FR"}, DeliveryOption: "shipping"}))

	// A 10x15 and a canvas 30x45: 2.50 + 69.00 = 71.50, 10 % off (0.25 +
	// 6.90 = 7.15) = 64.35. To BE: 4.90 (Labo Photo Bruxelles) + 9.90
	// (Atelier Déco) = 14.80, 79.15 in all.
	f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p0.ID, FormatID: f.p10x15.ID, Quantity: 1}))
	v := f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p0.ID, FormatID: f.toile30x45.ID, Quantity: 1}))
	canvas := v.Photos[1].ID
	v = f.ok(f.svc.SetClientData(ctx, f.gala, cart.ClientDataInput{Billing: address(" be "), SameAsBilling: true, DeliveryOption: "shipping"}))
	f.wantTotals(v, "merchandise 71.50, discount 7.15, shipping 14.80, gift cards 0.00, total 79.15")
	if cd := v.ClientData; cd == nil || cd.Email != "anne@example.com" || cd.Billing.Country != "BE" || !cd.SameAsBilling || cd.Shipping != nil {
		t.Fatalf("client data = %+v", cd)
	}
	for _, tc := range []struct {
		name           string
		in             cart.ClientDataInput
		country, total string
		problems       int
	}{
		// France is in the Europe zone: 8.90 + 19.90 = 28.80; 64.35 + 28.80 = 93.15.
		{"billing in France", cart.ClientDataInput{Billing: address("fr"), SameAsBilling: true, DeliveryOption: "shipping"}, "FR", "93.15", 0},
		// The shipping address wins over the billing one: Luxembourg is Benelux.
		{"shipping to Luxembourg", cart.ClientDataInput{Billing: address("FR"), Shipping: ptr(address("LU")), DeliveryOption: "shipping"}, "LU", "79.15", 0},
		// Canvases are not sent to Switzerland: only the print ships, 8.90; 64.35 + 8.90 = 73.25.
		{"canvas to Switzerland", cart.ClientDataInput{Billing: address("CH"), SameAsBilling: true, DeliveryOption: "shipping"}, "CH", "73.25", 1},
		// Pickup at the studio is free: 64.35.
		{"pickup", cart.ClientDataInput{Billing: address("CH"), SameAsBilling: true, DeliveryOption: "pickup"}, "CH", "64.35", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := f.ok(f.svc.SetClientData(ctx, f.gala, tc.in))
			if v.ShippingCountry != tc.country || v.Totals.Total.Amount.String() != tc.total || len(v.ShippingProblems) != tc.problems ||
				v.DeliveryOption != tc.in.DeliveryOption {
				t.Fatalf("country %s, total %s, problems %+v, delivery %s", v.ShippingCountry, totals(v), v.ShippingProblems, v.DeliveryOption)
			}
		})
	}
	v = f.ok(f.svc.SetClientData(ctx, f.gala, cart.ClientDataInput{Billing: address("CH"), SameAsBilling: true, DeliveryOption: "shipping"}))
	if pb := v.ShippingProblems[0]; pb.CartItemID != canvas || pb.Country != "CH" || pb.Reason != "excluded_country" ||
		pb.Message != "Ce produit ne peut pas être livré dans ce pays (Suisse)." {
		t.Fatalf("problem = %+v", pb)
	}
	// In the visitor's language, the country named in it.
	for t2, want := range map[lang.Tag]string{lang.NL: "Dit product kan niet naar dit land worden geleverd (Zwitserland).",
		lang.EN: "This product cannot be delivered to this country (Switzerland)."} {
		if v = f.ok(f.svc.Get(lang.With(ctx, t2), f.gala)); v.ShippingProblems[0].Message != want {
			t.Fatalf("%s problem = %+v", t2, v.ShippingProblems[0])
		}
	}
	// Without a language asked for, the gallery's.
	f.db.Gallery.UpdateOneID(f.gala.ID).SetLanguage("en").ExecX(f.sys)
	f.gala.Language = "en"
	if v = f.ok(f.svc.Get(ctx, f.gala)); v.ShippingProblems[0].Message != "This product cannot be delivered to this country (Switzerland)." {
		t.Fatalf("problem in the gallery's English = %q", v.ShippingProblems[0].Message)
	}
}

func TestPhotosNeedingRetouchAreFlagged(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	f.db.Photo.UpdateOne(f.photos[2]).SetNeedsRetouch(true).ExecX(f.sys)
	v := f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 1}))
	if v.PhotosNeedRetouch {
		t.Fatal("flagged without the photo")
	}
	v = f.ok(f.svc.AddDigitalFile(ctx, f.gala, f.photos[2].ID, f.web.ID))
	if !v.PhotosNeedRetouch {
		t.Fatal("not flagged with a file of the photo")
	}
	f.ok(f.svc.RemoveDigitalFile(ctx, f.gala, f.photos[2].ID, f.web.ID))
	v = f.ok(f.svc.CreateOngoingPack(ctx, f.gala, f.souvenir.ID))
	v = f.ok(f.svc.ConfigureOngoingPack(ctx, f.gala, cart.ConfigureInput{PackInstanceID: v.OngoingPacks[0].PackInstanceID,
		Formats: []cart.PackChoice{{FormatID: f.p10x15.ID, Photos: []cart.PhotoChoice{{PhotoID: f.photos[2].ID, Quantity: 1}}}}}))
	if !v.PhotosNeedRetouch {
		t.Fatal("not flagged with the photo in a pack")
	}
}

func TestUnbuyableItemsAreDroppedAndReportedOnce(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 1}))
	f.ok(f.svc.AddDigitalFile(ctx, f.gala, f.photos[1].ID, f.hd.ID))
	before := f.ok(f.svc.AddDigitalFile(ctx, f.gala, f.photos[2].ID, f.web.ID))
	// Changes that bypassed the photographer's invalidation (a race): a
	// repriced format and a photo made private.
	f.db.Format.UpdateOne(f.p10x15).SetUnitPrice(300).ExecX(f.sys)
	f.db.Photo.UpdateOne(f.photos[1]).SetIsPrivate(true).ExecX(f.sys)

	v := f.ok(f.svc.Get(ctx, f.gala))
	if !v.CartUpdated || !slices.Equal(f.lines(v), []string{"p2#Fichier web x1"}) || v.Version <= before.Version {
		t.Fatalf("first read: updated %v, lines %v, version %d", v.CartUpdated, f.lines(v), v.Version)
	}
	f.wantTotals(v, "merchandise 4.00, discount 0.00, shipping 0.00, gift cards 0.00, total 4.00")
	if v = f.ok(f.svc.Get(ctx, f.gala)); v.CartUpdated {
		t.Fatal("cartUpdated reported twice")
	}
	if n := f.db.CartItem.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d items left in the database, want 1", n)
	}
}

func TestCartBelongsToTheBrowserThenToTheEmail(t *testing.T) {
	f := setup(t)
	p := f.photos
	// Browser A, anonymous: 2 x p0 10x15, p3 13x18, p1 HD.
	a := browser("a")
	f.ok(f.svc.SetPrint(a, f.gala, cart.PrintInput{PhotoID: p[0].ID, FormatID: f.p10x15.ID, Quantity: 2}))
	f.ok(f.svc.SetPrint(a, f.gala, cart.PrintInput{PhotoID: p[3].ID, FormatID: f.p13x18.ID, Quantity: 1}))
	cartA := f.ok(f.svc.AddDigitalFile(a, f.gala, p[1].ID, f.hd.ID))

	// Browser B sees its own, empty cart.
	b := f.ok(f.svc.Get(browser("b"), f.gala))
	if b.ID == cartA.ID || len(b.Photos) != 0 {
		t.Fatalf("browser B sees %v", f.lines(b))
	}

	// Anne, confirmed in browser C: p0 10x15 (the same print), p1 HD (the
	// same file), p2 web, and a gift card.
	c := person("c", "anne@example.com")
	f.ok(f.svc.SetPrint(c, f.gala, cart.PrintInput{PhotoID: p[0].ID, FormatID: f.p10x15.ID, Quantity: 1}))
	f.ok(f.svc.AddDigitalFile(c, f.gala, p[1].ID, f.hd.ID))
	f.ok(f.svc.AddDigitalFile(c, f.gala, p[2].ID, f.web.ID))
	cartAnne := f.ok(f.svc.AddVoucher(c, f.gala, seed.DemoGiftCard))

	// Browser A confirms Anne's e-mail: its cart joins hers, nothing lost
	// or doubled: 3 x 10x15 (7.50), 13x18 (3.90), HD (9.00), web (4.00) =
	// 24.40; + 4.90 = 29.30, paid by the card.
	merged := f.ok(f.svc.Get(person("a", "anne@example.com"), f.gala))
	want := []string{"p0#10 x 15 x3", "p1#Fichier HD x1", "p2#Fichier web x1", "p3#13 x 18 x1"}
	got := f.lines(merged)
	slices.Sort(got)
	if merged.ID != cartAnne.ID || !slices.Equal(got, want) || len(merged.Vouchers) != 1 {
		t.Fatalf("merged cart %s (Anne's %s): %v, %d vouchers", merged.ID, cartAnne.ID, got, len(merged.Vouchers))
	}
	// Anne's other tabs notice the change by the version.
	if merged.Version <= cartAnne.Version {
		t.Fatalf("version %d after the merge, %d before", merged.Version, cartAnne.Version)
	}
	f.wantTotals(merged, "merchandise 24.40, discount 0.00, shipping 4.90, gift cards 29.30, total 0.00")
	if n := f.db.Cart.Query().Where(entcart.ID(cartA.ID)).CountX(f.sys); n != 0 {
		t.Fatal("browser A's cart is still there")
	}
	if n := f.db.CartItem.Query().CountX(f.sys); n != 4 {
		t.Fatalf("%d items in the database, want 4", n)
	}
	// Anne in browser C sees the same cart; browser A anonymous again starts afresh.
	if v := f.ok(f.svc.Get(c, f.gala)); v.ID != merged.ID || len(v.Photos) != 4 {
		t.Fatalf("browser C: %s %v", v.ID, f.lines(v))
	}
	if v := f.ok(f.svc.Get(a, f.gala)); v.ID == merged.ID || len(v.Photos) != 0 {
		t.Fatalf("browser A without e-mail: %v", f.lines(v))
	}
}

func TestMergeKeepsTheWholeGalleryRule(t *testing.T) {
	f := setup(t)
	p := f.photos
	for i, tc := range []struct {
		name         string
		user, tablet func(ctx context.Context)
	}{
		{"the e-mail's cart holds the whole gallery", func(ctx context.Context) {
			f.ok(f.svc.AddAllGallery(ctx, f.gala, f.hd.ID))
		}, func(ctx context.Context) {
			f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[0].ID, f.hd.ID))
			f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[1].ID, f.web.ID))
		}},
		{"the browser's cart holds the whole gallery", func(ctx context.Context) {
			f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[0].ID, f.hd.ID))
			f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[1].ID, f.web.ID))
		}, func(ctx context.Context) {
			f.ok(f.svc.AddAllGallery(ctx, f.gala, f.hd.ID))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			email := fmt.Sprintf("bob%d@example.com", i)
			tc.user(person("phone"+email, email))
			tc.tablet(browser("tablet" + email))
			v := f.ok(f.svc.Get(person("tablet"+email, email), f.gala))
			// The single HD file is covered by the whole gallery and goes;
			// the web file stays: 149.00 + 4.00, 15 % off = 130.05.
			if got := f.lines(v); !slices.Equal(got, []string{"p1#Fichier web x1"}) || len(v.AllDigitalFileFormats) != 1 {
				t.Fatalf("merged: %v, %d downloads", got, len(v.AllDigitalFileFormats))
			}
			if v.Totals.Total.Amount.String() != "130.05" {
				t.Fatalf("totals: %s", totals(v))
			}
		})
	}
}

func TestTwoWritersOnOneCartLoseNothing(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	start := f.ok(f.svc.Get(ctx, f.gala))
	p := f.photos
	f.cameraSized(p...)
	// Writer 0: fifteen different prints (5 photos x 3 formats); writer 1:
	// ten files (5 photos x 2 formats) and five 20x30 prints; both add the
	// same 30x45 print five times.
	type op func() error
	var ops [2][]op
	for i := range 15 {
		ph, fm := p[i%5], []*ent.Format{f.p10x15, f.p13x18, f.p15x20}[i/5]
		ops[0] = append(ops[0], func() error {
			_, err := f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: ph.ID, FormatID: fm.ID, Quantity: 1})
			return err
		})
	}
	for i := range 10 {
		ph, fm := p[i%5], []*ent.Format{f.web, f.hd}[i/5]
		ops[1] = append(ops[1], func() error { _, err := f.svc.AddDigitalFile(ctx, f.gala, ph.ID, fm.ID); return err })
	}
	for i := range 5 {
		ph := p[i]
		ops[1] = append(ops[1], func() error {
			_, err := f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: ph.ID, FormatID: f.p20x30.ID, Quantity: 1})
			return err
		})
	}
	same := func() error {
		_, err := f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p[0].ID, FormatID: f.p30x45.ID, Quantity: 1})
		return err
	}
	for w := range ops {
		for i := range 5 {
			ops[w] = slices.Insert(ops[w], i*4, same)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for w := range ops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, o := range ops[w] {
				if err := o(); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("writer: %v", err)
	}
	v := f.ok(f.svc.Get(ctx, f.gala))
	quantities := map[string]int{}
	for _, it := range v.Photos {
		quantities[f.photoName(it.PhotoID)+"#"+catalogue.FormatName(it.Format)] += it.Quantity
	}
	// 15 + 10 + 5 lines of one, and the shared print 10 times in one line.
	if len(v.Photos) != 31 || quantities["p0#30 x 45"] != 10 || v.ItemCount != 40 {
		t.Fatalf("%d lines, 30x45 x%d, %d items: %v", len(v.Photos), quantities["p0#30 x 45"], v.ItemCount, f.lines(v))
	}
	if v.Version != start.Version+40 {
		t.Fatalf("version %d after 40 changes from %d", v.Version, start.Version)
	}
}

func TestConcurrentFirstReadsMakeOneCart(t *testing.T) {
	f := setup(t)
	ctx := person("s1", "anne@example.com")
	var wg sync.WaitGroup
	ids := make([]string, 12)
	errs := make([]error, 12)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := f.svc.Get(ctx, f.gala)
			if err == nil {
				ids[i] = v.ID
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := f.db.Cart.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d carts made", n)
	}
	if n := f.db.User.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d users made", n)
	}
	slices.Sort(ids)
	if ids = slices.Compact(ids); len(ids) != 1 {
		t.Fatalf("answers name several carts: %v", ids)
	}
}

func TestProtectedGalleryCartNeedsAccess(t *testing.T) {
	f := setup(t)
	f.refused("unauthorized")(f.svc.Get(browser("s1"), f.wedding))
	f.refused("unauthorized")(f.svc.AddDigitalFile(browser("s1"), f.wedding, f.photos[0].ID, f.hd.ID))
	// With the code but no e-mail (the gallery asks for one): still refused.
	coded := &viewer.Viewer{SessionKey: "s1", Grants: map[string]viewer.Role{f.wedding.ID: viewer.RoleVisitor}}
	f.refused("unauthorized")(f.svc.Get(viewer.NewContext(context.Background(), coded), f.wedding))
	guest := *coded
	guest.Email = "invite@example.com"
	ctx := viewer.NewContext(context.Background(), &guest)
	v := f.ok(f.svc.Get(ctx, f.wedding))
	if v.GalleryID != f.wedding.ID {
		t.Fatalf("cart of %s", v.GalleryID)
	}
	// The gala's photo is not the wedding's.
	f.refused("photo_not_found")(f.svc.AddDigitalFile(ctx, f.wedding, f.photos[0].ID, f.format(f.wedding, "Fichiers numériques", "Fichier HD").ID))
	// One cart per gallery.
	if g := f.ok(f.svc.Get(ctx, f.gala)); g.ID == v.ID {
		t.Fatal("one cart for two galleries")
	}
}

// TestConcurrentReadsMergeOnce: the tabs of a browser that just confirmed
// an e-mail all merge its cart at once; one does, the others find it done.
func TestConcurrentReadsMergeOnce(t *testing.T) {
	f := setup(t)
	p := f.photos
	anne := person("c", "anne@example.com")
	f.ok(f.svc.AddDigitalFile(anne, f.gala, p[1].ID, f.hd.ID))
	a := browser("a")
	f.ok(f.svc.SetPrint(a, f.gala, cart.PrintInput{PhotoID: p[0].ID, FormatID: f.p10x15.ID, Quantity: 2}))
	f.ok(f.svc.AddDigitalFile(a, f.gala, p[1].ID, f.hd.ID))
	f.ok(f.svc.AddDigitalFile(a, f.gala, p[2].ID, f.web.ID))
	confirmed := person("a", "anne@example.com")
	var wg sync.WaitGroup
	errs := make([]error, 12)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				_, errs[i] = f.svc.Get(confirmed, f.gala)
			} else {
				_, errs[i] = f.svc.AddDigitalFile(confirmed, f.gala, p[3].ID, f.web.ID)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	v := f.ok(f.svc.Get(anne, f.gala))
	got := f.lines(v)
	slices.Sort(got)
	if want := []string{"p0#10 x 15 x2", "p1#Fichier HD x1", "p2#Fichier web x1", "p3#Fichier web x1"}; !slices.Equal(got, want) {
		t.Fatalf("lines = %v, want %v", got, want)
	}
}
