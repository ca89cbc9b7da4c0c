package photographer_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

type fixture struct {
	db       *ent.Client
	svc      *photographer.Service
	sys      context.Context
	owner    context.Context // the gallery's photographer
	other    context.Context // another photographer
	anon     context.Context
	pg, pg2  *ent.Photographer
	g, g2    *ent.Gallery // g2 belongs to pg2
	cat      *ent.Category
	fam      *ent.Family
	print    *ent.Format
	digital  *ent.Format
	pack     *ent.Pack
	photos   []*ent.Photo
	track    *ent.MusicTrack
	track2   *ent.MusicTrack
	cat2     *ent.Category
	fam2     *ent.Family
	foreignF *ent.Format
}

func setup(t *testing.T) *fixture {
	t.Helper()
	db := testdb.Open(t).Client
	f := &fixture{db: db, svc: &photographer.Service{DB: db}, sys: viewer.SystemContext(context.Background()),
		anon: viewer.NewContext(context.Background(), &viewer.Viewer{})}
	ctx := f.sys
	f.pg = db.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(ctx)
	f.pg2 = db.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").SaveX(ctx)
	f.owner = viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.pg.ID})
	f.other = viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.pg2.ID})
	f.g = db.Gallery.Create().SetURL("mariage").SetEventName("Mariage").SetPhotographer(f.pg).
		SetCollectionNames([]string{"Cérémonie"}).SaveX(ctx)
	f.g2 = db.Gallery.Create().SetURL("autre").SetEventName("Autre").SetPhotographer(f.pg2).SaveX(ctx)
	f.cat = db.Category.Create().SetGallery(f.g).SetName("Tirages").SaveX(ctx)
	f.fam = db.Family.Create().SetGallery(f.g).SetCategory(f.cat).SetName("Papier").SaveX(ctx)
	f.print = db.Format.Create().SetGallery(f.g).SetFamily(f.fam).SetShortSize(10).SetLongSize(15).SetUnitPrice(250).SaveX(ctx)
	f.digital = db.Format.Create().SetGallery(f.g).SetFamily(f.fam).SetKind(format.KindDigital).
		SetDigitalQuality(format.DigitalQualityHd).SetUnitPrice(900).SaveX(ctx)
	f.pack = db.Pack.Create().SetGallery(f.g).SetName("souvenir").SetDisplayName("Pack Souvenir").SetUnitPrice(3900).SaveX(ctx)
	db.PackFormat.Create().SetPack(f.pack).SetFormat(f.print).SetQuantity(10).SetPhotos(10).ExecX(ctx)
	for i := range 4 {
		f.photos = append(f.photos, db.Photo.Create().SetGallery(f.g).SetFilename("p.jpg").SetWidth(3).SetHeight(2).
			SetPosition(i).SaveX(ctx))
	}
	f.track = db.MusicTrack.Create().SetTitle("Valse").SetPhotographer(f.pg).SaveX(ctx)
	f.track2 = db.MusicTrack.Create().SetTitle("Autre").SetPhotographer(f.pg2).SaveX(ctx)
	f.cat2 = db.Category.Create().SetGallery(f.g2).SetName("Tirages").SaveX(ctx)
	f.fam2 = db.Family.Create().SetGallery(f.g2).SetCategory(f.cat2).SetName("Papier").SaveX(ctx)
	f.foreignF = db.Format.Create().SetGallery(f.g2).SetFamily(f.fam2).SetShortSize(10).SetLongSize(15).SetUnitPrice(250).SaveX(ctx)
	return f
}

// codes returns the user error codes of err, failing the test on any other error.
func codes(t *testing.T, err error) []string {
	t.Helper()
	ues, err := apperr.Fixable(err)
	if err != nil {
		t.Fatalf("want user errors, got %v", err)
	}
	var out []string
	for _, e := range ues {
		out = append(out, e.Code)
	}
	return out
}

func wantUserError(t *testing.T, err error, code string, field ...string) {
	t.Helper()
	ues, err := apperr.Fixable(err)
	if err != nil {
		t.Fatalf("want user error %s, got %v", code, err)
	}
	for _, e := range ues {
		if e.Code == code && (field == nil || slices.Equal(e.Field, field)) {
			if e.Message(lang.FR) == "" {
				t.Errorf("%s has no message", code)
			}
			return
		}
	}
	var got []string
	for _, e := range ues {
		got = append(got, e.Code+"@"+strings.Join(e.Field, "."))
	}
	t.Fatalf("want user error %s at %v, got %v", code, field, got)
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	ae := apperr.As(err)
	if ae == nil || ae.Code != code {
		t.Fatalf("want error %s, got %v", code, err)
	}
	if ues, rest := apperr.Fixable(err); ues != nil || rest == nil {
		t.Fatalf("%s must not be a user error", code)
	}
}

func ptr[T any](v T) *T { return &v }

func TestGalleriesCreateAndUpdateEverySetting(t *testing.T) {
	f := setup(t)
	g, err := f.svc.CreateGallery(f.owner, photographer.CreateGalleryInput{URL: " Gala-2027 ", EventName: "Gala 2027",
		Settings: &photographer.GallerySettingsInput{IsPublic: ptr(true), EventDate: ptr("2027-03-14")}})
	if err != nil {
		t.Fatal(err)
	}
	if g.URL != "gala-2027" || g.PhotographerID != f.pg.ID || !g.IsPublic || g.EventDate != "2027-03-14" ||
		g.Theme != model.DefaultTheme() || !slices.Equal(g.DeliveryOptions, []string{"shipping"}) || g.Language != "fr" {
		t.Fatalf("created %+v", g)
	}

	set := photographer.GallerySettingsInput{
		URL: ptr("gala-2027-bis"), EventName: ptr("Gala"), EventDate: ptr(""), CoverPhotoPosition: ptr("40% 60%"),
		IsPublic: ptr(false), NeedEmail: ptr(true), HasClients: ptr(true), Published: ptr(false),
		Theme: &photographer.GalleryThemeInput{Theme: ptr("modern"), Variant: ptr("dark"), PhotosGap: ptr(12),
			PhotosLayout: ptr("grid"), ViewerLimitSize: ptr(false), ViewerMaxSize: ptr(1600), ViewerVariant: ptr("light"),
			Colors: &photographer.ThemeColorsInput{Primary: ptr("#1D3557"), Accent: ptr("#e63946")}},
		PrintOptions:    &photographer.PrintOptionsInput{NonHomotheticity: ptr("ask"), WhiteBorders: ptr("forbidden"), Finish: ptr("mat")},
		CollectionNames: []string{" Accueil ", "Soirée"},
		Album:           &photographer.AlbumSettingsInput{Activated: ptr(true), MaxPhotos: ptr(40)},
		ShowFilename:    ptr(true),
		Music:           &photographer.MusicInput{Active: ptr(true), TrackID: ptr(f.track.ID)},
		DeliveryOptions: []string{"pickup", "shipping", "pickup"},
		WelcomePopupConfig: &photographer.WelcomePopupConfigInput{Mode: "msgOnly", MessageForClients: ptr("Bienvenue"),
			MessageForVisitors: ptr("Bonjour")},
		DownloadInformation: &photographer.DownloadInformationInput{FreeDownload: ptr(true), Qualities: []string{"web"}, Message: ptr("Libre")},
		HideSaleEmphasis:    ptr(true), LightenHomepage: ptr(true), ShopEnabled: ptr(false), OgDescription: ptr("Nos photos"),
		Language: ptr("nl"),
	}
	g, err = f.svc.UpdateGallery(f.owner, photographer.UpdateGalleryInput{GalleryID: g.ID, Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	th := g.Theme
	if g.URL != "gala-2027-bis" || g.EventName != "Gala" || g.EventDate != "" || g.CoverPhotoPosition != "40% 60%" ||
		g.IsPublic || !g.NeedEmail || !g.HasClients || g.Published ||
		th.Theme != "modern" || th.Variant != "dark" || th.PhotosGap.Value != 12 || th.PhotosLayout != "grid" ||
		th.ViewerLimitSize || th.ViewerMaxSize != 1600 || th.ViewerVariant != "light" ||
		th.ColorTheme.Colors.Primary != "#1d3557" || th.ColorTheme.Colors.Secondary != model.DefaultTheme().ColorTheme.Colors.Secondary ||
		g.PrintOptions.NonHomotheticity.Policy != "ask" || g.PrintOptions.WhiteBorders.Policy != "forbidden" || g.PrintOptions.Finish != "mat" ||
		!slices.Equal(g.CollectionNames, []string{"Accueil", "Soirée"}) || !g.AlbumActivated || g.AlbumMaxPhotos != 40 ||
		!g.ShowFilename || !g.MusicActive || g.MusicTrackID == nil || *g.MusicTrackID != f.track.ID ||
		!slices.Equal(g.DeliveryOptions, []string{"pickup", "shipping"}) ||
		g.WelcomePopup == nil || g.WelcomePopup.MessageForVisitors != "Bonjour" ||
		!g.DownloadInformation.FreeDownload || !slices.Equal(g.DownloadInformation.Qualities, []string{"web"}) ||
		!g.HideSaleEmphasis || !g.LightenHomepage || g.ShopEnabled || g.OgDescription != "Nos photos" || g.Language != "nl" {
		t.Fatalf("updated %+v", g)
	}

	// The cover must be a photo of the gallery.
	g1, err := f.svc.UpdateGallery(f.owner, photographer.UpdateGalleryInput{GalleryID: f.g.ID,
		Settings: photographer.GallerySettingsInput{CoverPhotoID: &f.photos[1].ID}})
	if err != nil || g1.CoverPhotoID == nil || *g1.CoverPhotoID != f.photos[1].ID {
		t.Fatalf("cover: %v %v", g1, err)
	}

	for _, tc := range []struct {
		name  string
		set   photographer.GallerySettingsInput
		code  string
		field []string
	}{
		{"duplicate url", photographer.GallerySettingsInput{URL: ptr("mariage")}, "url_taken", []string{"settings", "url"}},
		{"bad url", photographer.GallerySettingsInput{URL: ptr("Été 2026")}, "invalid_url", []string{"settings", "url"}},
		{"reserved url", photographer.GallerySettingsInput{URL: ptr("playground")}, "url_reserved", nil},
		{"empty name", photographer.GallerySettingsInput{EventName: ptr("  ")}, "required", []string{"settings", "eventName"}},
		{"bad date", photographer.GallerySettingsInput{EventDate: ptr("14/03/2027")}, "invalid_date", nil},
		{"bad colour", photographer.GallerySettingsInput{Theme: &photographer.GalleryThemeInput{
			Colors: &photographer.ThemeColorsInput{Light: ptr("white")}}}, "invalid_color", []string{"settings", "theme", "colors", "light"}},
		{"short colour", photographer.GallerySettingsInput{Theme: &photographer.GalleryThemeInput{
			Colors: &photographer.ThemeColorsInput{Light: ptr("#fff")}}}, "invalid_color", nil},
		{"unknown layout", photographer.GallerySettingsInput{Theme: &photographer.GalleryThemeInput{PhotosLayout: ptr("spiral")}}, "invalid_value", nil},
		{"gap out of range", photographer.GallerySettingsInput{Theme: &photographer.GalleryThemeInput{PhotosGap: ptr(500)}}, "out_of_range", nil},
		{"viewer size", photographer.GallerySettingsInput{Theme: &photographer.GalleryThemeInput{ViewerMaxSize: ptr(10)}}, "out_of_range", nil},
		{"cover of another gallery", photographer.GallerySettingsInput{CoverPhotoID: ptr("pho_nope")}, "photo_not_found", nil},
		{"cover position", photographer.GallerySettingsInput{CoverPhotoPosition: ptr("centre")}, "invalid_value", nil},
		{"repeated collection", photographer.GallerySettingsInput{CollectionNames: []string{"A", "A"}}, "duplicate", []string{"settings", "collectionNames", "1"}},
		{"no delivery", photographer.GallerySettingsInput{DeliveryOptions: []string{}}, "required", nil},
		{"unknown delivery", photographer.GallerySettingsInput{DeliveryOptions: []string{"drone"}}, "invalid_value", nil},
		{"music of another photographer", photographer.GallerySettingsInput{Music: &photographer.MusicInput{TrackID: &f.track2.ID}}, "track_not_found", nil},
		{"music without track", photographer.GallerySettingsInput{Music: &photographer.MusicInput{Active: ptr(true), TrackID: ptr("")}}, "track_required", nil},
		{"welcome mode", photographer.GallerySettingsInput{WelcomePopupConfig: &photographer.WelcomePopupConfigInput{Mode: "popup"}}, "invalid_value", nil},
		{"quality", photographer.GallerySettingsInput{DownloadInformation: &photographer.DownloadInformationInput{Qualities: []string{"4k"}}}, "invalid_value", nil},
		{"album", photographer.GallerySettingsInput{Album: &photographer.AlbumSettingsInput{MaxPhotos: ptr(-1)}}, "out_of_range", nil},
		{"language", photographer.GallerySettingsInput{Language: ptr("de")}, "invalid_language", []string{"settings", "language"}},
		{"language spelled otherwise", photographer.GallerySettingsInput{Language: ptr("NL")}, "invalid_language", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.UpdateGallery(f.owner, photographer.UpdateGalleryInput{GalleryID: g.ID, Settings: tc.set})
			wantUserError(t, err, tc.code, tc.field...)
		})
	}
	// A refused update changes nothing, even the valid settings beside the invalid one.
	_, err = f.svc.UpdateGallery(f.owner, photographer.UpdateGalleryInput{GalleryID: g.ID,
		Settings: photographer.GallerySettingsInput{EventName: ptr("Changé"), URL: ptr("mariage")}})
	wantUserError(t, err, "url_taken")
	if n := f.db.Gallery.GetX(f.sys, g.ID).EventName; n != "Gala" {
		t.Errorf("refused update wrote the event name %q", n)
	}
	// Create reports url and eventName at the top of its input.
	_, err = f.svc.CreateGallery(f.owner, photographer.CreateGalleryInput{URL: "mariage", EventName: ""})
	wantUserError(t, err, "url_taken", "url")
	wantUserError(t, err, "required", "eventName")
}

func TestOnlyTheOwnerChangesAGallery(t *testing.T) {
	f := setup(t)
	up := photographer.UpdateGalleryInput{GalleryID: f.g.ID, Settings: photographer.GallerySettingsInput{EventName: ptr("x")}}
	_, err := f.svc.UpdateGallery(f.anon, up)
	wantCode(t, err, "unauthorized")
	_, err = f.svc.UpdateGallery(f.other, up)
	wantCode(t, err, "forbidden")
	_, err = f.svc.UpdateGallery(f.owner, photographer.UpdateGalleryInput{GalleryID: "gal_nope"})
	wantCode(t, err, "gallery_not_found")
	_, err = f.svc.CreateGallery(f.anon, photographer.CreateGalleryInput{URL: "x", EventName: "x"})
	wantCode(t, err, "unauthorized")

	for name, call := range map[string]func(ctx context.Context) error{
		"category": func(ctx context.Context) error {
			_, err := f.svc.UpdateCategory(ctx, photographer.UpdateCategoryInput{CategoryID: f.cat.ID, Name: ptr("x")})
			return err
		},
		"format": func(ctx context.Context) error {
			_, err := f.svc.UpdateFormat(ctx, photographer.UpdateFormatInput{FormatID: f.print.ID, UnitPrice: ptr(money.Decimal(1))})
			return err
		},
		"pack": func(ctx context.Context) error {
			return f.svc.DeletePack(ctx, photographer.DeletePackInput{PackID: f.pack.ID})
		},
		"photos": func(ctx context.Context) error {
			_, err := f.svc.SetPhotosPrivate(ctx, photographer.SetPhotosPrivateInput{GalleryID: f.g.ID, PhotoIDs: []string{f.photos[0].ID}, IsPrivate: true})
			return err
		},
		"access code": func(ctx context.Context) error {
			_, err := f.svc.CreateAccessCode(ctx, photographer.CreateAccessCodeInput{GalleryID: f.g.ID, Kind: accesscode.KindVisitor})
			return err
		},
		"video": func(ctx context.Context) error {
			_, err := f.svc.AddVideo(ctx, photographer.AddVideoInput{GalleryID: f.g.ID, URL: "https://youtu.be/dQw4w9WgXcQ"})
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			wantCode(t, call(f.anon), "unauthorized")
			wantCode(t, call(f.other), "forbidden")
		})
	}
	if f.db.Gallery.GetX(f.sys, f.g.ID).EventName != "Mariage" || f.db.Pack.Query().CountX(f.sys) != 1 {
		t.Fatal("a refused call changed data")
	}
}

func TestCatalogueAndBuildFailuresAreUserErrors(t *testing.T) {
	f := setup(t)
	cat, err := f.svc.CreateCategory(f.owner, photographer.CreateCategoryInput{GalleryID: f.g.ID, Name: "Déco murale"})
	if err != nil {
		t.Fatal(err)
	}
	fam, err := f.svc.CreateFamily(f.owner, photographer.CreateFamilyInput{GalleryID: f.g.ID, CategoryID: cat.ID, Name: "Toile",
		MatGlossOption: ptr(false), NumberOfImages: ptr(3)})
	if err != nil || fam.MatGlossOption || !fam.WhiteBordersOption || fam.NumberOfImages != 3 {
		t.Fatalf("family %+v %v", fam, err)
	}
	fm, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: fam.ID,
		ShortSize: ptr(30.0), LongSize: ptr(45.0), UnitPrice: 4950, ExcludedCountries: []string{"ch"}})
	if err != nil || fm.UnitPrice != 4950 || !slices.Equal(fm.ExcludedCountries, []string{"CH"}) {
		t.Fatalf("format %+v %v", fm, err)
	}
	web, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: fam.ID,
		UnitPrice: 300, Kind: ptr(format.KindDigital), DigitalQuality: ptr(format.DigitalQualityWeb), Watermark: ptr(true)})
	if err != nil || !web.Watermark {
		t.Fatalf("web file %+v %v", web, err)
	}
	p, err := f.svc.CreatePack(f.owner, photographer.CreatePackInput{GalleryID: f.g.ID, Pack: "mur<1>", DisplayName: "Pack mur",
		UnitPrice: 9900, Formats: []photographer.PackFormatInput{{FormatID: fm.ID, Quantity: 2, Photos: 2}},
		DigitalFiles: []photographer.PackDigitalFileInput{{FormatID: web.ID, Quantity: 5, HdDescription: ptr("Fichiers")}}})
	if err != nil || p.Name != "mur 1" || p.OfferType != "Gratuit" || len(p.Edges.Formats) != 1 || len(p.Edges.DigitalFiles) != 1 {
		t.Fatalf("pack %+v %v", p, err)
	}
	d, err := f.svc.CreateDiscount(f.owner, photographer.CreateDiscountInput{GalleryID: f.g.ID, Threshold: 5000, Percent: 10})
	if err != nil || d.Threshold != 5000 {
		t.Fatalf("discount %+v %v", d, err)
	}
	if d, err = f.svc.UpdateDiscount(f.owner, photographer.UpdateDiscountInput{DiscountID: d.ID, Percent: ptr(15)}); err != nil || d.Percent != 15 {
		t.Fatalf("discount %+v %v", d, err)
	}

	t.Run("format with a family of another gallery", func(t *testing.T) {
		_, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: f.fam2.ID,
			ShortSize: ptr(10.0), LongSize: ptr(15.0), UnitPrice: 100})
		wantUserError(t, err, "missing_family", "familyId")
		_, err = f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: fm.ID, FamilyID: ptr("fam_nope")})
		wantUserError(t, err, "missing_family", "familyId")
	})
	t.Run("family with a category of another gallery", func(t *testing.T) {
		_, err := f.svc.CreateFamily(f.owner, photographer.CreateFamilyInput{GalleryID: f.g.ID, CategoryID: f.cat2.ID, Name: "x"})
		wantUserError(t, err, "missing_category", "categoryId")
		_, err = f.svc.UpdateFamily(f.owner, photographer.UpdateFamilyInput{FamilyID: fam.ID, CategoryID: ptr("cat_nope")})
		wantUserError(t, err, "missing_category", "categoryId")
	})
	t.Run("pack with a format of another gallery", func(t *testing.T) {
		_, err := f.svc.CreatePack(f.owner, photographer.CreatePackInput{GalleryID: f.g.ID, Pack: "x", DisplayName: "x", UnitPrice: 1,
			Formats: []photographer.PackFormatInput{{FormatID: fm.ID, Quantity: 1, Photos: 1}, {FormatID: f.foreignF.ID, Quantity: 1, Photos: 1}}})
		wantUserError(t, err, "missing_format", "formats", "1", "formatId")
		_, err = f.svc.UpdatePack(f.owner, photographer.UpdatePackInput{PackID: p.ID,
			DigitalFiles: []photographer.PackDigitalFileInput{{FormatID: fm.ID, Quantity: 1}}})
		wantUserError(t, err, "invalid_value", "digitalFiles", "0", "formatId")
	})
	t.Run("deleting what others reference", func(t *testing.T) {
		wantUserError(t, f.svc.DeleteCategory(f.owner, photographer.DeleteCategoryInput{CategoryID: cat.ID}), "category_has_families")
		wantUserError(t, f.svc.DeleteFamily(f.owner, photographer.DeleteFamilyInput{FamilyID: fam.ID}), "family_has_formats")
		wantUserError(t, f.svc.DeleteFormat(f.owner, photographer.DeleteFormatInput{FormatID: fm.ID}), "format_in_pack")
		_, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: web.ID, Withdrawn: ptr(true)})
		wantUserError(t, err, "format_in_pack")
	})
	t.Run("invalid values", func(t *testing.T) {
		_, err := f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: fam.ID, UnitPrice: -1})
		got := codes(t, err)
		if !slices.Contains(got, "invalid_price") || !slices.Contains(got, "invalid_size") {
			t.Fatalf("codes %v", got)
		}
		_, err = f.svc.CreateFormat(f.owner, photographer.CreateFormatInput{GalleryID: f.g.ID, FamilyID: fam.ID, UnitPrice: 1,
			Kind: ptr(format.KindDigital)})
		wantUserError(t, err, "required", "digitalQuality")
		_, err = f.svc.CreateDiscount(f.owner, photographer.CreateDiscountInput{GalleryID: f.g.ID, Threshold: 0, Percent: 0})
		wantUserError(t, err, "out_of_range", "percent")
		_, err = f.svc.CreateCategory(f.owner, photographer.CreateCategoryInput{GalleryID: f.g.ID, Name: " "})
		wantUserError(t, err, "required", "name")
	})
	// Removing in order works: pack, formats, family, category.
	for _, err := range []error{
		f.svc.DeletePack(f.owner, photographer.DeletePackInput{PackID: p.ID}),
		f.svc.DeleteFormat(f.owner, photographer.DeleteFormatInput{FormatID: fm.ID}),
		f.svc.DeleteFormat(f.owner, photographer.DeleteFormatInput{FormatID: web.ID}),
		f.svc.DeleteFamily(f.owner, photographer.DeleteFamilyInput{FamilyID: fam.ID}),
		f.svc.DeleteCategory(f.owner, photographer.DeleteCategoryInput{CategoryID: cat.ID}),
		f.svc.DeleteDiscount(f.owner, photographer.DeleteDiscountInput{DiscountID: d.ID}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestVouchersGiftCardsAndAccessCodes(t *testing.T) {
	f := setup(t)
	v, err := f.svc.CreateVoucher(f.owner, photographer.CreateVoucherInput{Code: ptr(" bienvenue10 "), PercentOff: ptr(10),
		MinSpend: ptr(money.Decimal(2000)), UsageLimit: ptr(100)})
	if err != nil || v.Code != "BIENVENUE10" || v.Kind != voucher.KindDiscountCode || v.PercentOff != 10 || v.MinSpend != 2000 {
		t.Fatalf("voucher %+v %v", v, err)
	}
	_, err = f.svc.CreateVoucher(f.owner, photographer.CreateVoucherInput{Code: ptr("Bienvenue10"), PercentOff: ptr(5)})
	wantUserError(t, err, "duplicate_code", "code")
	_, err = f.svc.CreateVoucher(f.owner, photographer.CreateVoucherInput{Code: ptr("RIEN")})
	wantUserError(t, err, "voucher_without_benefit")
	// Codes are per photographer: another one may use the same.
	if _, err := f.svc.CreateVoucher(f.other, photographer.CreateVoucherInput{Code: ptr("BIENVENUE10"), AmountOff: ptr(money.Decimal(500))}); err != nil {
		t.Fatal(err)
	}
	gc, err := f.svc.CreateGiftCard(f.owner, photographer.CreateGiftCardInput{Amount: 5000, GalleryID: &f.g.ID})
	if err != nil || gc.Kind != voucher.KindGiftCard || gc.GiftAmount != 5000 || gc.Balance != 5000 || len(gc.Code) != 9 {
		t.Fatalf("gift card %+v %v", gc, err)
	}
	_, err = f.svc.CreateGiftCard(f.owner, photographer.CreateGiftCardInput{Amount: 0})
	wantUserError(t, err, "invalid_price", "amount")
	_, err = f.svc.UpdateVoucher(f.owner, photographer.UpdateVoucherInput{VoucherID: gc.ID, PercentOff: ptr(10)})
	wantUserError(t, err, "not_a_discount_code", "percentOff")
	_, err = f.svc.CreateGiftCard(f.owner, photographer.CreateGiftCardInput{Amount: 100, GalleryID: &f.g2.ID})
	wantCode(t, err, "forbidden")
	if v, err = f.svc.UpdateVoucher(f.owner, photographer.UpdateVoucherInput{VoucherID: v.ID, Active: ptr(false)}); err != nil || v.Active {
		t.Fatalf("deactivate %+v %v", v, err)
	}
	_, err = f.svc.UpdateVoucher(f.other, photographer.UpdateVoucherInput{VoucherID: v.ID, Active: ptr(true)})
	wantCode(t, err, "forbidden")
	f.db.Voucher.UpdateOneID(gc.ID).SetTimesUsed(1).ExecX(f.sys)
	wantUserError(t, f.svc.DeleteVoucher(f.owner, photographer.DeleteVoucherInput{VoucherID: gc.ID}), "voucher_used")
	if err := f.svc.DeleteVoucher(f.owner, photographer.DeleteVoucherInput{VoucherID: v.ID}); err != nil {
		t.Fatal(err)
	}

	ac, err := f.svc.CreateAccessCode(f.owner, photographer.CreateAccessCodeInput{GalleryID: f.g.ID, Kind: accesscode.KindClient,
		Email: ptr("julie@example.com")})
	if err != nil || len(ac.Code) != 9 || ac.Kind != accesscode.KindClient {
		t.Fatalf("access code %+v %v", ac, err)
	}
	vis, err := f.svc.CreateAccessCode(f.owner, photographer.CreateAccessCodeInput{GalleryID: f.g.ID, Kind: accesscode.KindVisitor, Code: ptr("invite 2026")})
	if err != nil || vis.Code != "INVITE2026" {
		t.Fatalf("visitor code %+v %v", vis, err)
	}
	_, err = f.svc.CreateAccessCode(f.owner, photographer.CreateAccessCodeInput{GalleryID: f.g.ID, Kind: accesscode.KindVisitor, Code: ptr("Invite2026")})
	wantUserError(t, err, "duplicate_code", "code")
	_, err = f.svc.CreateAccessCode(f.owner, photographer.CreateAccessCodeInput{GalleryID: f.g.ID, Kind: accesscode.KindVisitor, Email: ptr("pas une adresse")})
	wantUserError(t, err, "invalid_email", "email")
	if ac, err = f.svc.UpdateAccessCode(f.owner, photographer.UpdateAccessCodeInput{AccessCodeID: ac.ID, Label: ptr("Mariés")}); err != nil || ac.Label != "Mariés" {
		t.Fatalf("update code %+v %v", ac, err)
	}
	if ac, err = f.svc.RevokeAccessCode(f.owner, photographer.RevokeAccessCodeInput{AccessCodeID: ac.ID}); err != nil || ac.RevokedAt == nil {
		t.Fatalf("revoke %+v %v", ac, err)
	}
	list, err := f.svc.AccessCodes(f.owner, f.g.ID)
	if err != nil || len(list) != 2 {
		t.Fatalf("list %v %v", list, err)
	}
	if _, err := f.svc.AccessCodes(f.anon, f.g.ID); apperr.As(err) == nil || apperr.As(err).Code != "unauthorized" {
		t.Fatalf("anonymous list: %v", err)
	}
	if err := f.svc.DeleteAccessCode(f.owner, photographer.DeleteAccessCodeInput{AccessCodeID: vis.ID}); err != nil {
		t.Fatal(err)
	}
}

func TestPhotosVideosAndMusic(t *testing.T) {
	f := setup(t)
	p := f.photos
	got, err := f.svc.ReorderPhotos(f.owner, photographer.ReorderPhotosInput{GalleryID: f.g.ID, PhotoIDs: []string{p[3].ID, p[1].ID}})
	if err != nil || len(got) != 2 || got[0].ID != p[3].ID || got[0].Position != 0 || got[1].Position != 1 {
		t.Fatalf("reorder %v %v", got, err)
	}
	pos := func(ph *ent.Photo) int { return f.db.Photo.GetX(f.sys, ph.ID).Position }
	if pos(p[0]) != 2 || pos(p[2]) != 3 {
		t.Fatalf("the others follow: %d %d", pos(p[0]), pos(p[2]))
	}
	_, err = f.svc.ReorderPhotos(f.owner, photographer.ReorderPhotosInput{GalleryID: f.g.ID, PhotoIDs: []string{p[0].ID, "pho_nope"}})
	wantUserError(t, err, "photo_not_found", "photoIds", "1")
	_, err = f.svc.ReorderPhotos(f.owner, photographer.ReorderPhotosInput{GalleryID: f.g.ID, PhotoIDs: []string{p[0].ID, p[0].ID}})
	wantUserError(t, err, "duplicate")

	moved, g, err := f.svc.MovePhotos(f.owner, photographer.MovePhotosInput{GalleryID: f.g.ID, PhotoIDs: []string{p[0].ID}, Collection: "Soirée"})
	if err != nil || moved[0].Collection != "Soirée" || !slices.Equal(g.CollectionNames, []string{"Cérémonie", "Soirée"}) {
		t.Fatalf("move %v %v %v", moved, g, err)
	}
	fav, err := f.svc.SetPhotosFavorite(f.owner, photographer.SetPhotosFavoriteInput{GalleryID: f.g.ID, PhotoIDs: []string{p[2].ID}, Favorite: true})
	if err != nil || !fav[0].Favorite {
		t.Fatalf("favorite %v %v", fav, err)
	}
	// Photos of another gallery are not this gallery's.
	other := f.db.Photo.Create().SetGallery(f.g2).SetFilename("x.jpg").SetWidth(1).SetHeight(1).SaveX(f.sys)
	_, err = f.svc.SetPhotosFavorite(f.owner, photographer.SetPhotosFavoriteInput{GalleryID: f.g.ID, PhotoIDs: []string{other.ID}, Favorite: true})
	wantUserError(t, err, "photo_not_found")

	up, err := f.svc.UpdatePhoto(f.owner, p[1].ID, photographer.PhotoPatch{IsPrivate: ptr(true), Favorite: ptr(true)})
	if err != nil || !up.IsPrivate || !up.Favorite {
		t.Fatalf("update photo %+v %v", up, err)
	}
	_, err = f.svc.UpdatePhoto(f.anon, p[1].ID, photographer.PhotoPatch{IsPrivate: ptr(false)})
	wantCode(t, err, "unauthorized")
	_, err = f.svc.UpdatePhoto(f.other, p[0].ID, photographer.PhotoPatch{IsPrivate: ptr(true)})
	wantCode(t, err, "forbidden")

	f.db.Gallery.UpdateOneID(f.g.ID).SetCoverPhotoID(p[3].ID).ExecX(f.sys)
	deleted, err := f.svc.DeletePhotos(f.owner, photographer.DeletePhotosInput{GalleryID: f.g.ID, PhotoIDs: []string{p[3].ID}})
	if err != nil || !slices.Equal(deleted, []string{p[3].ID}) {
		t.Fatalf("delete %v %v", deleted, err)
	}
	if n := f.db.Photo.Query().CountX(f.sys); n != 4 { // 3 left here, 1 in the other gallery
		t.Fatalf("%d photos left", n)
	}
	if f.db.Gallery.GetX(f.sys, f.g.ID).CoverPhotoID != nil {
		t.Fatal("the deleted cover is still the cover")
	}

	v, err := f.svc.AddVideo(f.owner, photographer.AddVideoInput{GalleryID: f.g.ID, URL: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", Title: ptr("Film")})
	if err != nil || v.HostVideoID != "dQw4w9WgXcQ" || v.Position != 0 {
		t.Fatalf("video %+v %v", v, err)
	}
	v2, err := f.svc.AddVideo(f.owner, photographer.AddVideoInput{GalleryID: f.g.ID, URL: "https://vimeo.com/76979871"})
	if err != nil || v2.Position != 1 || v2.Host != "vimeo" {
		t.Fatalf("second video %+v %v", v2, err)
	}
	_, err = f.svc.AddVideo(f.owner, photographer.AddVideoInput{GalleryID: f.g.ID, URL: "https://example.com/film.mp4"})
	wantUserError(t, err, "invalid_video_url", "url")
	if v, err = f.svc.UpdateVideo(f.owner, photographer.UpdateVideoInput{VideoID: v.ID, Favorite: ptr(true), Collection: ptr("Films"), Position: ptr(5)}); err != nil ||
		!v.Favorite || v.Collection != "Films" || v.Position != 5 {
		t.Fatalf("update video %+v %v", v, err)
	}
	if err := f.svc.DeleteVideo(f.owner, photographer.DeleteVideoInput{VideoID: v2.ID}); err != nil {
		t.Fatal(err)
	}
	wantCode(t, f.svc.DeleteVideo(f.other, photographer.DeleteVideoInput{VideoID: v.ID}), "forbidden")

	g, err = f.svc.SetGalleryMusic(f.owner, photographer.SetGalleryMusicInput{GalleryID: f.g.ID, Active: true, TrackID: &f.track.ID})
	if err != nil || !g.MusicActive || *g.MusicTrackID != f.track.ID {
		t.Fatalf("music %+v %v", g, err)
	}
	_, err = f.svc.SetGalleryMusic(f.owner, photographer.SetGalleryMusicInput{GalleryID: f.g.ID, Active: true, TrackID: &f.track2.ID})
	wantUserError(t, err, "track_not_found", "trackId")
	_, err = f.svc.SetGalleryMusic(f.owner, photographer.SetGalleryMusicInput{GalleryID: f.g.ID, Active: true, TrackID: ptr("")})
	wantUserError(t, err, "track_required", "trackId")
}

func TestDeleteGallery(t *testing.T) {
	f := setup(t)
	wantCode(t, f.svc.DeleteGallery(f.other, photographer.DeleteGalleryInput{GalleryID: f.g.ID}), "forbidden")
	c := f.db.Cart.Create().SetGallery(f.g).SaveX(f.sys)
	f.db.CartItem.Create().SetCart(c).SetKind(cartitem.KindPrint).SetPhotoID(f.photos[0].ID).SetFormatID(f.print.ID).ExecX(f.sys)
	f.db.AccessCode.Create().SetGallery(f.g).SetKind(accesscode.KindClient).SetCode("ABC").ExecX(f.sys)
	f.db.Video.Create().SetGallery(f.g).SetEmbeddedURL("https://youtu.be/x").SetHost("youtube").SetHostVideoID("abcdef").ExecX(f.sys)
	if err := f.svc.DeleteGallery(f.owner, photographer.DeleteGalleryInput{GalleryID: f.g.ID}); err != nil {
		t.Fatal(err)
	}
	if f.db.Gallery.Query().CountX(f.sys) != 1 || f.db.Photo.Query().CountX(f.sys) != 0 || f.db.Format.Query().CountX(f.sys) != 1 {
		t.Fatal("the gallery's rows are still there")
	}
}

// TestCartInvalidation checks what each change does to open carts, in the
// same transaction: items dropped or repriced, carts flagged and versioned,
// ordered carts and other galleries untouched.
func TestCartInvalidation(t *testing.T) {
	type carts struct {
		open, ordered, elsewhere *ent.Cart
		items                    map[string]*ent.CartItem
	}
	build := func(t *testing.T, f *fixture) carts {
		ctx := f.sys
		cs := carts{items: map[string]*ent.CartItem{}}
		cs.open = f.db.Cart.Create().SetGallery(f.g).SetVersion(3).SaveX(ctx)
		cs.ordered = f.db.Cart.Create().SetGallery(f.g).SetState("ordered").SaveX(ctx)
		cs.elsewhere = f.db.Cart.Create().SetGallery(f.g2).SaveX(ctx)
		add := func(name string, c *ent.Cart, kind cartitem.Kind, photo, fmtID, pack string, price int, content *model.PackContent) {
			q := f.db.CartItem.Create().SetCart(c).SetKind(kind).SetUnitPrice(price)
			if photo != "" {
				q.SetPhotoID(photo)
			}
			if fmtID != "" {
				q.SetFormatID(fmtID)
			}
			if pack != "" {
				q.SetPackID(pack)
			}
			if content != nil {
				q.SetPackContent(content)
			}
			cs.items[name] = q.SaveX(ctx)
		}
		p := f.photos
		content := &model.PackContent{Formats: []model.PackFormatChoice{{FormatID: f.print.ID,
			Photos: []model.PackPhotoChoice{{PhotoID: p[0].ID, Quantity: 1}, {PhotoID: p[1].ID, Quantity: 1}}}}}
		add("print0", cs.open, cartitem.KindPrint, p[0].ID, f.print.ID, "", 250, nil)
		add("print2", cs.open, cartitem.KindPrint, p[2].ID, f.print.ID, "", 250, nil)
		add("digital1", cs.open, cartitem.KindDigitalFile, p[1].ID, f.digital.ID, "", 900, nil)
		add("all", cs.open, cartitem.KindAllGallery, "", f.digital.ID, "", 900, nil)
		add("pack", cs.open, cartitem.KindPack, "", "", f.pack.ID, 3900, content)
		add("orderedPrint", cs.ordered, cartitem.KindPrint, p[0].ID, f.print.ID, "", 250, nil)
		add("elsewhere", cs.elsewhere, cartitem.KindPrint, "", f.foreignF.ID, "", 250, nil)
		return cs
	}
	exists := func(f *fixture, it *ent.CartItem) bool {
		n, _ := f.db.CartItem.Query().Where(cartitem.ID(it.ID)).Count(f.sys)
		return n == 1
	}
	flagged := func(t *testing.T, f *fixture, c *ent.Cart, want bool, version int) {
		t.Helper()
		got := f.db.Cart.GetX(f.sys, c.ID)
		if got.CartUpdated != want || got.Version != version {
			t.Fatalf("cart %s: updated=%v version=%d, want %v %d", c.ID, got.CartUpdated, got.Version, want, version)
		}
	}

	t.Run("format price changed", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if _, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: f.print.ID, UnitPrice: ptr(money.Decimal(300))}); err != nil {
			t.Fatal(err)
		}
		// Bought at the old price: dropped, and the buyer is told.
		if exists(f, cs.items["print0"]) || exists(f, cs.items["print2"]) || !exists(f, cs.items["digital1"]) {
			t.Fatal("wrong items dropped after a price change")
		}
		if p := f.db.CartItem.GetX(f.sys, cs.items["orderedPrint"].ID).UnitPrice; p != 250 {
			t.Errorf("an ordered cart was touched: %d", p)
		}
		flagged(t, f, cs.open, true, 4)
		flagged(t, f, cs.ordered, false, 0)
		flagged(t, f, cs.elsewhere, false, 0)
		// Another change with the same price flags nothing more.
		if _, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: f.print.ID, UnitPrice: ptr(money.Decimal(300))}); err != nil {
			t.Fatal(err)
		}
		flagged(t, f, cs.open, true, 4)
	})
	t.Run("whole-gallery price changed", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if _, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: f.digital.ID, GalleryPrice: ptr(money.Decimal(4900))}); err != nil {
			t.Fatal(err)
		}
		if exists(f, cs.items["all"]) || !exists(f, cs.items["digital1"]) {
			t.Fatal("the whole-gallery download should go, the single file stay")
		}
		flagged(t, f, cs.open, true, 4)
		if _, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: f.print.ID, GalleryPrice: ptr(money.Decimal(100))}); err == nil {
			t.Fatal("a print format got a whole-gallery price")
		}
	})
	t.Run("flagged carts are announced after the commit", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		broker := events.NewLocal()
		defer broker.Close()
		f.svc.Events = broker
		sub := broker.Subscribe("cart")
		defer sub.Close()
		// A refused change announces nothing.
		if _, err := f.svc.UpdateFormat(f.other, photographer.UpdateFormatInput{FormatID: f.print.ID, UnitPrice: ptr(money.Decimal(300))}); err == nil {
			t.Fatal("another photographer changed the format")
		}
		if _, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: f.print.ID, UnitPrice: ptr(money.Decimal(300))}); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		evs, err := sub.Next(ctx)
		if err != nil || len(evs) != 1 || evs[0].ID != cs.open.ID {
			t.Fatalf("events %+v, %v; want the open cart %s once", evs, err, cs.open.ID)
		}
	})
	t.Run("format withdrawn", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if _, err := f.svc.UpdateFormat(f.owner, photographer.UpdateFormatInput{FormatID: f.digital.ID, Withdrawn: ptr(true)}); err != nil {
			t.Fatal(err)
		}
		if exists(f, cs.items["digital1"]) || exists(f, cs.items["all"]) || !exists(f, cs.items["print0"]) || !exists(f, cs.items["pack"]) {
			t.Fatal("wrong items dropped")
		}
		flagged(t, f, cs.open, true, 4)
	})
	t.Run("format deleted", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if err := f.svc.DeleteFormat(f.owner, photographer.DeleteFormatInput{FormatID: f.digital.ID}); err != nil {
			t.Fatal(err)
		}
		if exists(f, cs.items["digital1"]) || exists(f, cs.items["all"]) {
			t.Fatal("items of a deleted format remain")
		}
		flagged(t, f, cs.open, true, 4)
	})
	t.Run("pack repriced then withdrawn", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if _, err := f.svc.UpdatePack(f.owner, photographer.UpdatePackInput{PackID: f.pack.ID, UnitPrice: ptr(money.Decimal(4500))}); err != nil {
			t.Fatal(err)
		}
		if exists(f, cs.items["pack"]) || !exists(f, cs.items["print0"]) {
			t.Fatal("a repriced pack stays in the cart")
		}
		flagged(t, f, cs.open, true, 4)
		f.db.CartItem.Create().SetCart(cs.open).SetKind(cartitem.KindPack).SetPackID(f.pack.ID).SetUnitPrice(4500).ExecX(f.sys)
		if _, err := f.svc.UpdatePack(f.owner, photographer.UpdatePackInput{PackID: f.pack.ID, Withdrawn: ptr(true)}); err != nil {
			t.Fatal(err)
		}
		if n := f.db.CartItem.Query().Where(cartitem.PackID(f.pack.ID)).CountX(f.sys); n != 0 {
			t.Fatal("withdrawn pack still in the cart")
		}
		flagged(t, f, cs.open, true, 5)
	})
	t.Run("pack deleted", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if err := f.svc.DeletePack(f.owner, photographer.DeletePackInput{PackID: f.pack.ID}); err != nil {
			t.Fatal(err)
		}
		if exists(f, cs.items["pack"]) {
			t.Fatal("deleted pack still in the cart")
		}
		flagged(t, f, cs.open, true, 4)
	})
	t.Run("photo made private", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if _, err := f.svc.SetPhotosPrivate(f.owner, photographer.SetPhotosPrivateInput{GalleryID: f.g.ID,
			PhotoIDs: []string{f.photos[0].ID}, IsPrivate: true}); err != nil {
			t.Fatal(err)
		}
		if exists(f, cs.items["print0"]) || !exists(f, cs.items["print2"]) || !exists(f, cs.items["orderedPrint"]) {
			t.Fatal("wrong prints dropped")
		}
		pk := f.db.CartItem.GetX(f.sys, cs.items["pack"].ID)
		if pk.Kind != cartitem.KindOngoingPack || len(pk.PackContent.Formats[0].Photos) != 1 || pk.PackContent.Formats[0].Photos[0].PhotoID != f.photos[1].ID {
			t.Fatalf("pack instance %+v %+v", pk, pk.PackContent)
		}
		// One change, one version step, however many items it touched.
		flagged(t, f, cs.open, true, 5)
		// Making it public again does not touch carts.
		if _, err := f.svc.SetPhotosPrivate(f.owner, photographer.SetPhotosPrivateInput{GalleryID: f.g.ID,
			PhotoIDs: []string{f.photos[0].ID}, IsPrivate: false}); err != nil {
			t.Fatal(err)
		}
		flagged(t, f, cs.open, true, 5)
	})
	t.Run("photo deleted", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		if _, err := f.svc.DeletePhotos(f.owner, photographer.DeletePhotosInput{GalleryID: f.g.ID, PhotoIDs: []string{f.photos[1].ID}}); err != nil {
			t.Fatal(err)
		}
		if exists(f, cs.items["digital1"]) {
			t.Fatal("item of a deleted photo remains")
		}
		if pk := f.db.CartItem.GetX(f.sys, cs.items["pack"].ID); pk.Kind != cartitem.KindOngoingPack {
			t.Fatalf("pack kind %s", pk.Kind)
		}
	})
	t.Run("voucher deactivated", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		v := f.db.Voucher.Create().SetPhotographer(f.pg).SetCode("DIX").SetKind(voucher.KindDiscountCode).SetPercentOff(10).SaveX(f.sys)
		f.db.Cart.UpdateOne(cs.open).AddVouchers(v).ExecX(f.sys)
		if _, err := f.svc.UpdateVoucher(f.owner, photographer.UpdateVoucherInput{VoucherID: v.ID, Active: ptr(false)}); err != nil {
			t.Fatal(err)
		}
		if n := cs.open.QueryVouchers().CountX(f.sys); n != 0 {
			t.Fatalf("the cart still holds %d voucher(s)", n)
		}
		flagged(t, f, cs.open, true, 4)
	})
	t.Run("a refused change leaves carts alone", func(t *testing.T) {
		f := setup(t)
		cs := build(t, f)
		_, err := f.svc.SetPhotosPrivate(f.owner, photographer.SetPhotosPrivateInput{GalleryID: f.g.ID,
			PhotoIDs: []string{f.photos[0].ID, "pho_nope"}, IsPrivate: true})
		wantUserError(t, err, "photo_not_found")
		if !exists(f, cs.items["print0"]) || f.db.Photo.GetX(f.sys, f.photos[0].ID).IsPrivate {
			t.Fatal("a refused change was applied")
		}
		flagged(t, f, cs.open, false, 3)
	})
}

func TestFixableKeepsFailuresApart(t *testing.T) {
	ues, err := apperr.Fixable(errors.New("boom"))
	if ues != nil || err == nil {
		t.Fatal("an internal error became a user error")
	}
	ues, err = apperr.Fixable(apperr.ErrForbidden)
	if ues != nil || err == nil {
		t.Fatal("forbidden became a user error")
	}
}

// TestVimeoVideoEnqueuesItsThumbnail runs AddVideo through the job runner's
// transaction: the row and the thumbnail job commit together.
func TestVimeoVideoEnqueuesItsThumbnail(t *testing.T) {
	sdb := testdb.Open(t)
	ctx := context.Background()
	runner, err := jobs.New(ctx, sdb, jobs.Config{TestOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	sys := viewer.SystemContext(ctx)
	pg := sdb.Client.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(sys)
	g := sdb.Client.Gallery.Create().SetURL("g").SetEventName("G").SetPhotographer(pg).SaveX(sys)
	svc := &photographer.Service{DB: sdb.Client, Jobs: runner}
	owner := viewer.NewContext(ctx, &viewer.Viewer{PhotographerID: pg.ID})
	countJobs := func() int {
		var n int
		if err := sdb.SQL.QueryRowContext(ctx, "SELECT count(*) FROM river_job").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	v, err := svc.AddVideo(owner, photographer.AddVideoInput{GalleryID: g.ID, URL: "https://vimeo.com/76979871"})
	if err != nil || v.Host != "vimeo" {
		t.Fatalf("add: %+v %v", v, err)
	}
	if n := countJobs(); n != 1 {
		t.Fatalf("%d jobs, want the thumbnail job", n)
	}
	if _, err := svc.AddVideo(owner, photographer.AddVideoInput{GalleryID: g.ID, URL: "https://youtu.be/dQw4w9WgXcQ"}); err != nil {
		t.Fatal(err)
	}
	_, err = svc.AddVideo(owner, photographer.AddVideoInput{GalleryID: g.ID, URL: "https://vimeo.com/1234", Title: ptr(strings.Repeat("x", 300))})
	wantUserError(t, err, "too_long", "title")
	if n := countJobs(); n != 1 {
		t.Fatalf("%d jobs: YouTube needs none, a refused video leaves none", n)
	}
}
