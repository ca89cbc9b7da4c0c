package cart_test

import (
	"slices"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/viewer"
)

// productNames lists the formats PhotoProducts offers, digital ones marked.
func productNames(ps []*cart.PhotoProduct) (all []string, digital []string) {
	for _, p := range ps {
		all = append(all, catalogue.FormatName(p.Format))
		if p.Format.Kind == format.KindDigital {
			digital = append(digital, catalogue.FormatName(p.Format))
		}
	}
	return all, digital
}

// TestFreeFilesAreNotOfferedForMoney (issue 20, « never sell what is
// free »): on a photo's page, the formats the shop offers leave out the
// files the gallery gives the viewer; prints are still offered. Where the
// gallery gives nothing, or gives to its clients only and the viewer is
// a visitor, the files are offered for their price.
func TestFreeFilesAreNotOfferedForMoney(t *testing.T) {
	f := setup(t)
	ctx := browser("s1")
	p := f.photos[0]

	// Nothing given: the web and HD files are on offer, priced.
	ps, err := f.svc.PhotoProducts(ctx, f.gala, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	all, digital := productNames(ps)
	if !slices.Equal(digital, []string{"Fichier web", "Fichier HD"}) {
		t.Fatalf("not free: digital offers %v (of %v)", digital, all)
	}
	for _, pp := range ps {
		if pp.Format.Kind == format.KindDigital && pp.Format.UnitPrice <= 0 {
			t.Fatalf("%s offered at %d", pp.Format.Name, pp.Format.UnitPrice)
		}
	}
	prints := len(all) - len(digital)

	// « Offert par l'école »: web and HD files given to everyone.
	gala := f.downloads(f.gala, func(di *model.DownloadInformation) {
		di.FreeDownload, di.ClientsOnly, di.Qualities = true, false, []string{"web", "hd"}
	})
	ps, err = f.svc.PhotoProducts(ctx, gala, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	all, digital = productNames(ps)
	if len(digital) != 0 || len(all) != prints {
		t.Fatalf("free HD: offers %v (digital %v), want the %d prints alone", all, digital, prints)
	}

	// HD alone given away: nothing left to sell in web quality either.
	gala = f.downloads(gala, func(di *model.DownloadInformation) { di.Qualities = []string{"hd"} })
	ps, _ = f.svc.PhotoProducts(ctx, gala, p.ID)
	if _, digital = productNames(ps); len(digital) != 0 {
		t.Fatalf("free HD only: digital offers %v", digital)
	}

	// Web alone given away: the HD file is still sold.
	gala = f.downloads(gala, func(di *model.DownloadInformation) { di.Qualities = []string{"web"} })
	ps, _ = f.svc.PhotoProducts(ctx, gala, p.ID)
	if _, digital = productNames(ps); !slices.Equal(digital, []string{"Fichier HD"}) {
		t.Fatalf("free web only: digital offers %v", digital)
	}

	// A client's free download (julie-et-thomas): not sold to the couple, sold to their guests.
	ph := f.db.Photo.Query().Where(photo.GalleryID(f.wedding.ID), photo.IsPrivate(false), photo.ClientHidden(false)).
		Order(ent.Asc(photo.FieldPosition)).FirstX(f.sys)
	couple := in(f.wedding, "s2", "maries@example.com", viewer.RoleClient)
	ps, err = f.svc.PhotoProducts(couple, f.wedding, ph.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, digital = productNames(ps); len(digital) != 0 {
		t.Fatalf("the couple is offered %v", digital)
	}
	guest := in(f.wedding, "s3", "invite@example.com", viewer.RoleVisitor)
	ps, err = f.svc.PhotoProducts(guest, f.wedding, ph.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, digital = productNames(ps); !slices.Equal(digital, []string{"Fichier web", "Fichier HD"}) {
		t.Fatalf("a guest is offered %v", digital)
	}
}

// TestPaidPackCarriesNoFreeBadge (issue 20): the default offer type
// « Gratuit » is not what a 39 € pack says in the data the guests get
// (the cart's packs on offer); a free pack keeps it, and the
// photographer's own words stay whatever the price.
func TestPaidPackCarriesNoFreeBadge(t *testing.T) {
	f := setup(t)
	if f.souvenir.UnitPrice != 3900 || f.souvenir.OfferType != catalogue.DefaultOfferType {
		t.Fatalf("demo souvenir: %d cents, offer type %q", f.souvenir.UnitPrice, f.souvenir.OfferType)
	}
	v := f.ok(f.svc.Get(browser("s1"), f.gala))
	badges := map[string]string{}
	for _, p := range v.AvailablePacks {
		badges[p.DisplayName] = catalogue.OfferType(p)
	}
	if badges["Pack Souvenir"] != "" || badges["Pack Famille"] != "Livraison offerte" {
		t.Fatalf("badges of the packs on offer = %q", badges)
	}
	for _, tc := range []struct {
		price int
		typ   string
		want  string
	}{
		{3900, "Gratuit", ""},
		{3900, " gratuit ", ""},
		{3900, "", ""},
		{0, "Gratuit", "Gratuit"},
		{0, "", "Gratuit"},
		{12900, "Livraison offerte", "Livraison offerte"},
		{0, "Cadeau de l'école", "Cadeau de l'école"},
	} {
		if got := catalogue.OfferType(&ent.Pack{UnitPrice: tc.price, OfferType: tc.typ}); got != tc.want {
			t.Errorf("OfferType(%d cents, %q) = %q, want %q", tc.price, tc.typ, got, tc.want)
		}
	}
}
