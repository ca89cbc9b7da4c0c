package cart_test

import (
	"context"
	"slices"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// givenAway checks a refusal with the code given_away on formatId.
func (f *fixture) givenAway(v *cart.View, err error) {
	f.t.Helper()
	if ae := f.refused("given_away")(v, err); !slices.Equal(ae.Field, []string{"formatId"}) ||
		ae.Message(lang.FR) != "Ces fichiers vous sont offerts\u00a0: téléchargez-les gratuitement depuis la galerie." {
		f.t.Fatalf("given_away = %+v", ae)
	}
}

// in is a viewer of g with a confirmed e-mail and the role an access code gives.
func in(g *ent.Gallery, session, email string, r viewer.Role) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: session, Email: email,
		Grants: map[string]viewer.Role{g.ID: r}})
}

// TestGivenAwayFilesAreNotSold: where the gallery gives its files away
// (the demo gala to everyone, julie-et-thomas to its clients), the shop
// does not sell them to whom it gives them; prints and packs still sell,
// and the photographer may try their own shop.
func TestGivenAwayFilesAreNotSold(t *testing.T) {
	f := setup(t)
	free := func(di *model.DownloadInformation) {
		di.FreeDownload, di.ClientsOnly, di.Qualities = true, false, []string{"web", "hd"}
	}
	gala := f.downloads(f.gala, free)
	ctx := browser("s1")
	p := f.photos
	f.givenAway(f.svc.AddDigitalFile(ctx, gala, p[0].ID, f.web.ID))
	f.givenAway(f.svc.AddDigitalFile(ctx, gala, p[0].ID, f.hd.ID))
	f.givenAway(f.svc.AddAllGallery(ctx, gala, f.hd.ID))
	// Prints still sell, and a pack's HD files come with its prints.
	f.ok(f.svc.SetPrint(ctx, gala, cart.PrintInput{PhotoID: p[0].ID, FormatID: f.p10x15.ID, Quantity: 1}))
	v := f.ok(f.svc.CreateOngoingPack(ctx, gala, f.souvenir.ID))
	v = f.ok(f.svc.ConfigureOngoingPack(ctx, gala, cart.ConfigureInput{PackInstanceID: v.OngoingPacks[0].PackInstanceID,
		DigitalFiles: []cart.PackChoice{{FormatID: f.hd.ID, Photos: []cart.PhotoChoice{{PhotoID: p[1].ID, Quantity: 1}}}}}))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#10 x 15 x1"}) || len(v.OngoingPacks) != 1 ||
		len(v.OngoingPacks[0].DigitalFiles[0].Photos) != 1 {
		t.Fatalf("lines %v, packs %+v", got, v.OngoingPacks)
	}

	// HD only: nothing is left to sell in web quality either.
	gala = f.downloads(gala, func(di *model.DownloadInformation) { di.Qualities = []string{"hd"} })
	f.givenAway(f.svc.AddDigitalFile(ctx, gala, p[0].ID, f.web.ID))
	f.givenAway(f.svc.AddDigitalFile(ctx, gala, p[0].ID, f.hd.ID))
	// Web only: the HD file sells, the web one does not.
	gala = f.downloads(gala, func(di *model.DownloadInformation) { di.Qualities = []string{"web"} })
	f.givenAway(f.svc.AddDigitalFile(ctx, gala, p[0].ID, f.web.ID))
	v = f.ok(f.svc.AddDigitalFile(ctx, gala, p[0].ID, f.hd.ID))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#10 x 15 x1", "p0#Fichier HD x1"}) {
		t.Fatalf("web given away, HD sold: %v", got)
	}

	// The photographer may try their own shop.
	owner := viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: "s2", PhotographerID: gala.PhotographerID})
	gala = f.downloads(gala, free)
	f.ok(f.svc.AddDigitalFile(owner, gala, p[0].ID, f.web.ID))
	v = f.ok(f.svc.AddAllGallery(owner, gala, f.hd.ID))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#Fichier web x1"}) || len(v.AllDigitalFileFormats) != 1 {
		t.Fatalf("photographer's cart: %v, %d downloads", got, len(v.AllDigitalFileFormats))
	}

	// Free download turned off: the visitor buys.
	gala = f.downloads(gala, func(di *model.DownloadInformation) { di.FreeDownload = false })
	f.ok(f.svc.AddDigitalFile(ctx, gala, p[1].ID, f.web.ID))
	v = f.ok(f.svc.AddAllGallery(ctx, gala, f.hd.ID))
	if got := f.lines(v); !slices.Equal(got, []string{"p0#10 x 15 x1", "p1#Fichier web x1"}) || len(v.AllDigitalFileFormats) != 1 {
		t.Fatalf("sold again: %v, %d downloads", got, len(v.AllDigitalFileFormats))
	}
}

// TestClientsOnlyGiveAwayLeavesVisitorsBuying: julie-et-thomas gives its
// files to its clients only; its visitors buy them.
func TestClientsOnlyGiveAwayLeavesVisitorsBuying(t *testing.T) {
	f := setup(t)
	if di := f.wedding.DownloadInformation; !di.FreeDownload || !di.ClientsOnly {
		t.Fatalf("julie-et-thomas downloads = %+v", di)
	}
	ph := f.db.Photo.Query().Where(photo.GalleryID(f.wedding.ID), photo.IsPrivate(false), photo.ClientHidden(false)).
		Order(ent.Asc(photo.FieldPosition)).FirstX(f.sys)
	web, hd := f.format(f.wedding, "Fichiers numériques", "Fichier web"), f.format(f.wedding, "Fichiers numériques", "Fichier HD")
	client := in(f.wedding, "s1", "maries@example.com", viewer.RoleClient)
	f.givenAway(f.svc.AddDigitalFile(client, f.wedding, ph.ID, web.ID))
	f.givenAway(f.svc.AddDigitalFile(client, f.wedding, ph.ID, hd.ID))
	f.givenAway(f.svc.AddAllGallery(client, f.wedding, hd.ID))
	visitor := in(f.wedding, "s2", "invite@example.com", viewer.RoleVisitor)
	f.ok(f.svc.AddDigitalFile(visitor, f.wedding, ph.ID, web.ID))
	v := f.ok(f.svc.AddDigitalFile(visitor, f.wedding, ph.ID, hd.ID))
	if len(v.Photos) != 2 || v.Photos[0].Format.ID != web.ID || v.Photos[1].Format.ID != hd.ID {
		t.Fatalf("visitor's cart: %+v", v.Photos)
	}
}

// TestFilesGivenAwaySinceAreDroppedAndCheckoutRefused: files put in the
// cart before the gallery gave them away are not charged: checkout
// refuses the cart as changed, and the next read drops them and says so.
func TestFilesGivenAwaySinceAreDroppedAndCheckoutRefused(t *testing.T) {
	f := setup(t)
	ctx := person("s1", "anne@example.com")
	p := f.photos
	f.ok(f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: p[0].ID, FormatID: f.p10x15.ID, Quantity: 1}))
	f.ok(f.svc.AddDigitalFile(ctx, f.gala, p[1].ID, f.web.ID))
	before := f.ok(f.svc.AddAllGallery(ctx, f.gala, f.hd.ID))
	if len(before.Photos) != 2 || len(before.AllDigitalFileFormats) != 1 {
		t.Fatalf("before: %v, %d downloads", f.lines(before), len(before.AllDigitalFileFormats))
	}
	gala := f.downloads(f.gala, func(di *model.DownloadInformation) { di.FreeDownload = true })

	err := store.InTx(ctx, f.db, func(tx *ent.Client) error {
		_, err := f.svc.ForCheckout(ctx, tx, gala)
		return err
	})
	f.refused("cart_changed")(nil, err)

	v := f.ok(f.svc.Get(ctx, gala))
	if !v.CartUpdated || !slices.Equal(f.lines(v), []string{"p0#10 x 15 x1"}) || len(v.AllDigitalFileFormats) != 0 ||
		v.Version <= before.Version {
		t.Fatalf("first read: updated %v, lines %v, %d downloads", v.CartUpdated, f.lines(v), len(v.AllDigitalFileFormats))
	}
	f.wantTotals(v, "merchandise 2.50, discount 0.00, shipping 4.90, gift cards 0.00, total 7.40")
	if v = f.ok(f.svc.Get(ctx, gala)); v.CartUpdated {
		t.Fatal("cartUpdated reported twice")
	}
}

// TestPacksOfFreeFiles: where the gallery gives its HD files away, a pack
// made only of them is not offered (nor kept in a cart), and a pack with
// prints sells with its free files « inclus »: nothing to choose for them.
func TestPacksOfFreeFiles(t *testing.T) {
	f := setup(t)
	// A pack of HD files alone, beside the demo's Souvenir (prints + HD).
	hdOnly := f.db.Pack.Create().SetGalleryID(f.gala.ID).SetName("numerique").SetDisplayName("Pack Numérique").
		SetDescription("5 fichiers HD").SetUnitPrice(4900).SetPosition(2).SaveX(f.sys)
	f.db.PackDigitalFile.Create().SetPack(hdOnly).SetFormatID(f.hd.ID).SetQuantity(5).SetHdDescription("5 fichiers HD").ExecX(f.sys)
	ctx := browser("s1")
	packIDs := func(v *cart.View) []string {
		var out []string
		for _, p := range v.AvailablePacks {
			out = append(out, p.DisplayName)
		}
		return out
	}

	// Sold while the files are not free: the HD pack goes in the cart.
	v := f.ok(f.svc.CreateOngoingPack(ctx, f.gala, hdOnly.ID))
	if got := packIDs(v); !slices.Equal(got, []string{"Pack Souvenir", "Pack Famille", "Pack Numérique"}) {
		t.Fatalf("packs offered = %v", got)
	}
	inst := v.OngoingPacks[0].PackInstanceID
	var choices []cart.PhotoChoice
	for _, p := range f.photos {
		choices = append(choices, cart.PhotoChoice{PhotoID: p.ID, Quantity: 1})
	}
	f.ok(f.svc.ConfigureOngoingPack(ctx, f.gala, cart.ConfigureInput{PackInstanceID: inst,
		DigitalFiles: []cart.PackChoice{{FormatID: f.hd.ID, Photos: choices}}}))
	v = f.ok(f.svc.AddPack(ctx, f.gala, inst, nil))
	if len(v.Packs) != 1 || v.Totals.Merchandise.Amount.String() != "49.00" {
		t.Fatalf("HD pack sold: %d packs, %s", len(v.Packs), v.Totals.Merchandise)
	}

	// The gallery gives its HD files away: the HD pack leaves the offer and the cart.
	gala := f.downloads(f.gala, func(di *model.DownloadInformation) {
		di.FreeDownload, di.ClientsOnly, di.Qualities = true, false, []string{"hd"}
	})
	v = f.ok(f.svc.Get(ctx, gala))
	if got := packIDs(v); !v.CartUpdated || len(v.Packs) != 0 || !slices.Equal(got, []string{"Pack Souvenir", "Pack Famille"}) {
		t.Fatalf("after the give-away: updated %v, %d packs, offered %v", v.CartUpdated, len(v.Packs), got)
	}
	if ae := f.refused("given_away")(f.svc.CreateOngoingPack(ctx, gala, hdOnly.ID)); !slices.Equal(ae.Field, []string{"packId"}) {
		t.Fatalf("field = %v", ae.Field)
	}

	// Souvenir (10 prints 10 x 15 and 5 HD files) sells for its prints, the HD files included.
	v = f.ok(f.svc.CreateOngoingPack(ctx, gala, f.souvenir.ID))
	pk := v.OngoingPacks[0]
	if pk.RemainingPhotos != 10 || len(pk.DigitalFiles) != 1 || !pk.DigitalFiles[0].Included || pk.Formats[0].Included {
		t.Fatalf("souvenir: remaining %d, digital %+v", pk.RemainingPhotos, pk.DigitalFiles)
	}
	f.refused("pack_incomplete")(f.svc.AddPack(ctx, gala, pk.PackInstanceID, nil))
	v = f.ok(f.svc.ConfigureOngoingPack(ctx, gala, cart.ConfigureInput{PackInstanceID: pk.PackInstanceID,
		Formats: []cart.PackChoice{{FormatID: f.p10x15.ID, Photos: []cart.PhotoChoice{{PhotoID: f.photos[0].ID, Quantity: 10}}}}}))
	if v.OngoingPacks[0].RemainingPhotos != 0 || !v.OngoingPacks[0].Complete {
		t.Fatalf("prints chosen: remaining %d", v.OngoingPacks[0].RemainingPhotos)
	}
	v = f.ok(f.svc.AddPack(ctx, gala, pk.PackInstanceID, nil))
	if len(v.Packs) != 1 || v.Totals.Merchandise.Amount.String() != "39.00" {
		t.Fatalf("souvenir in the cart: %d packs, %s", len(v.Packs), v.Totals.Merchandise)
	}

	// The photographer, who may try their own shop, is offered every pack.
	owner := viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: "s2", PhotographerID: gala.PhotographerID})
	f.ok(f.svc.CreateOngoingPack(owner, gala, hdOnly.ID))
}
