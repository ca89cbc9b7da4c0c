package photographer_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/discount"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// demoGala seeds the demo (one photo a gallery) and answers the service,
// the demo photographer's context and the gala.
func demoGala(t *testing.T) (*ent.Client, *photographer.Service, context.Context, *ent.Gallery) {
	t.Helper()
	db := testdb.Open(t).Client
	m, err := media.Open(context.Background(), "mem://")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if _, err := seed.Demo(context.Background(), db, m, 1); err != nil {
		t.Fatal(err)
	}
	sys := viewer.SystemContext(context.Background())
	gala := db.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(sys)
	owner := viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: gala.PhotographerID})
	return db, &photographer.Service{DB: db}, owner, gala
}

// catalogueOf describes a gallery's catalogue without its ids, each reference
// by what it points to, and answers the ids it holds; the references must
// stay inside the gallery.
func catalogueOf(t *testing.T, db *ent.Client, galleryID string) ([]string, []string) {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	of := gallery.ID(galleryID)
	var out, ids []string
	cats := map[string]string{}
	for _, c := range db.Category.Query().Where(category.HasGalleryWith(of)).AllX(ctx) {
		cats[c.ID] = c.Name
		ids = append(ids, c.ID)
		out = append(out, fmt.Sprintf("category %s %s %q %d", c.Name, c.Section, c.Description, c.Position))
	}
	fams := map[string]string{}
	for _, f := range db.Family.Query().Where(family.HasGalleryWith(of)).AllX(ctx) {
		if _, ok := cats[f.CategoryID]; !ok {
			t.Errorf("family %s of another gallery's category %s", f.Name, f.CategoryID)
		}
		fams[f.ID] = f.Name
		ids = append(ids, f.ID)
		out = append(out, fmt.Sprintf("family %s in %s %q %v %v %v %d %d", f.Name, cats[f.CategoryID], f.Description,
			f.MatGlossOption, f.WhiteBordersOption, f.WhiteMarginAllowed, f.NumberOfImages, f.Position))
	}
	fmts := map[string]string{}
	for _, f := range db.Format.Query().Where(format.HasGalleryWith(of)).AllX(ctx) {
		if _, ok := fams[f.FamilyID]; !ok {
			t.Errorf("format %s of another gallery's family %s", f.Name, f.FamilyID)
		}
		q, gp := "-", "-"
		if f.DigitalQuality != nil {
			q = string(*f.DigitalQuality)
		}
		if f.GalleryPrice != nil {
			gp = fmt.Sprint(*f.GalleryPrice)
		}
		key := fmt.Sprintf("%s/%s %gx%g %s", fams[f.FamilyID], f.Name, f.ShortSize, f.LongSize, q)
		fmts[f.ID] = key
		ids = append(ids, f.ID)
		out = append(out, fmt.Sprintf("format %s price %d gallery %s only %v lab %q %s watermark %v excluded %v pos %d withdrawn %v",
			key, f.UnitPrice, gp, f.OnlyInPack, f.Lab, f.Kind, f.Watermark, f.ExcludedCountries, f.Position, f.Withdrawn))
	}
	for _, p := range db.Pack.Query().Where(pack.HasGalleryWith(of)).WithFormats().WithDigitalFiles().AllX(ctx) {
		ids = append(ids, p.ID)
		var content []string
		for _, pf := range p.Edges.Formats {
			if _, ok := fmts[pf.FormatID]; !ok {
				t.Errorf("pack %s holds another gallery's format %s", p.Name, pf.FormatID)
			}
			ids = append(ids, pf.ID)
			content = append(content, fmt.Sprintf("%d prints (%d photos) of %s", pf.Quantity, pf.Photos, fmts[pf.FormatID]))
		}
		for _, pd := range p.Edges.DigitalFiles {
			if _, ok := fmts[pd.FormatID]; !ok {
				t.Errorf("pack %s holds another gallery's file %s", p.Name, pd.FormatID)
			}
			ids = append(ids, pd.ID)
			content = append(content, fmt.Sprintf("%d files of %s %q %q", pd.Quantity, fmts[pd.FormatID], pd.WebDescription, pd.HdDescription))
		}
		slices.Sort(content)
		out = append(out, fmt.Sprintf("pack %s %s %q price %d gift %v to %v %q pos %d withdrawn %v: %s", p.Name, p.DisplayName,
			p.Description, p.UnitPrice, p.Gift, p.ShippingIncludedTo, p.OfferType, p.Position, p.Withdrawn, strings.Join(content, "; ")))
	}
	for _, d := range db.Discount.Query().Where(discount.HasGalleryWith(of)).AllX(ctx) {
		ids = append(ids, d.ID)
		out = append(out, fmt.Sprintf("discount %d from %d", d.Percent, d.Threshold))
	}
	slices.Sort(out)
	return out, ids
}

func sameCatalogue(t *testing.T, db *ent.Client, from, to string) {
	t.Helper()
	want, oldIDs := catalogueOf(t, db, from)
	got, newIDs := catalogueOf(t, db, to)
	if len(want) == 0 {
		t.Fatal("the source has no catalogue")
	}
	if !slices.Equal(got, want) {
		t.Errorf("copied catalogue differs:\ngot  %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
	for _, id := range newIDs {
		if slices.Contains(oldIDs, id) {
			t.Errorf("id %s kept by the copy", id)
		}
	}
}

func TestCopyCatalogueOfTheDemoGala(t *testing.T) {
	db, svc, owner, gala := demoGala(t)
	sys := viewer.SystemContext(context.Background())
	// A withdrawn format is copied withdrawn.
	db.Format.Update().Where(format.HasGalleryWith(gallery.ID(gala.ID)), format.Name("Aluminium 40 x 60")).
		SetWithdrawn(true).ExecX(sys)
	g, err := svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "kermesse", EventName: "Kermesse"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(must(catalogueOf(t, db, g.ID))); n != 0 {
		t.Fatalf("a new gallery starts with %d catalogue items", n)
	}
	c, err := svc.CopyCatalogue(owner, photographer.CopyCatalogueInput{FromGalleryID: gala.ID, ToGalleryID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	sameCatalogue(t, db, gala.ID, g.ID)
	src, err := svc.StudioCatalogue(owner, gala.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.GalleryID != g.ID || len(c.Categories) != len(src.Categories) || len(c.Families) != len(src.Families) ||
		len(c.Formats) != len(src.Formats) || len(c.Packs) != len(src.Packs) || len(c.Discounts) != len(src.Discounts) {
		t.Errorf("answered catalogue %+v, source %+v", c, src)
	}
	if len(c.Formats) != 14 || len(c.Packs) != 2 || len(c.Discounts) == 0 {
		t.Errorf("%d formats, %d packs, %d discounts copied", len(c.Formats), len(c.Packs), len(c.Discounts))
	}
	for i, f := range c.Formats {
		if f.UnitPrice != src.Formats[i].UnitPrice || f.ID == src.Formats[i].ID {
			t.Errorf("format %d: %d (%s), source %d (%s)", i, f.UnitPrice, f.ID, src.Formats[i].UnitPrice, src.Formats[i].ID)
		}
	}
	for _, p := range c.Packs {
		for _, pf := range p.Edges.Formats {
			if pf.Edges.Format == nil || pf.Edges.Format.FamilyID == "" || !slices.ContainsFunc(c.Formats, func(f *ent.Format) bool { return f.ID == pf.FormatID }) {
				t.Errorf("pack %s holds a format outside the copy: %s", p.Name, pf.FormatID)
			}
		}
	}
	// The studio's list counts the formats of each shop.
	st, err := photographer.Stats(owner, db, []string{gala.ID, g.ID})
	if err != nil {
		t.Fatal(err)
	}
	if st[gala.ID].FormatCount != 14 || st[g.ID].FormatCount != 14 {
		t.Errorf("format counts %+v", st)
	}
	// The gala's shop is untouched.
	if after := must(catalogueOf(t, db, gala.ID)); len(after) != len(must(catalogueOf(t, db, g.ID))) {
		t.Errorf("the source changed: %d items", len(after))
	}
	// Copying again into the now full gallery is refused, and changes nothing.
	before := must(catalogueOf(t, db, g.ID))
	_, err = svc.CopyCatalogue(owner, photographer.CopyCatalogueInput{FromGalleryID: gala.ID, ToGalleryID: g.ID})
	wantUserError(t, err, photographer.CodeCatalogueNotEmpty, "toGalleryId")
	if after := must(catalogueOf(t, db, g.ID)); !slices.Equal(after, before) {
		t.Error("a refused copy changed the target")
	}
}

func TestCreateGalleryCopiesTheCatalogueInTheSameTransaction(t *testing.T) {
	db, svc, owner, gala := demoGala(t)
	sys := viewer.SystemContext(context.Background())
	g, err := svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "kermesse", EventName: "Kermesse",
		CopyCatalogueFrom: &gala.ID})
	if err != nil {
		t.Fatal(err)
	}
	sameCatalogue(t, db, gala.ID, g.ID)
	empty := ""
	g2, err := svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "vide", EventName: "Vide", CopyCatalogueFrom: &empty})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(must(catalogueOf(t, db, g2.ID))); n != 0 {
		t.Errorf("an empty copyCatalogueFrom copied %d items", n)
	}
	// Another photographer's gallery cannot be the source: nothing is created.
	other := db.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").SaveX(sys)
	foreign := db.Gallery.Create().SetURL("autre").SetEventName("Autre").SetPhotographer(other).SaveX(sys)
	_, err = svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "vol", EventName: "Vol", CopyCatalogueFrom: &foreign.ID})
	wantCode(t, err, apperr.ErrForbidden.Code)
	unknown := "gal_inconnue"
	_, err = svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "vol", EventName: "Vol", CopyCatalogueFrom: &unknown})
	wantCode(t, err, apperr.ErrGalleryNotFound.Code)
	if n := db.Gallery.Query().Where(gallery.URL("vol")).CountX(sys); n != 0 {
		t.Errorf("a refused creation left %d galleries", n)
	}
	// A copy that fails half way takes the new gallery with it.
	failCreates(db)
	_, err = svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "panne", EventName: "Panne", CopyCatalogueFrom: &gala.ID})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("want the failed write, got %v", err)
	}
	if n := db.Gallery.Query().Where(gallery.URL("panne")).CountX(sys); n != 0 {
		t.Errorf("a failed copy left its new gallery")
	}
}

// failCreates makes every discount created through db fail from now on
// (the copy writes the discounts last, after everything else).
func failCreates(db *ent.Client) {
	db.Discount.Use(func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			if m.Op().Is(ent.OpCreate) {
				return nil, errors.New("disk full")
			}
			return next.Mutate(ctx, m)
		})
	})
}

func TestCopyCatalogueFailureLeavesNothing(t *testing.T) {
	db, svc, owner, gala := demoGala(t)
	g, err := svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "kermesse", EventName: "Kermesse"})
	if err != nil {
		t.Fatal(err)
	}
	failCreates(db)
	_, err = svc.CopyCatalogue(owner, photographer.CopyCatalogueInput{FromGalleryID: gala.ID, ToGalleryID: g.ID})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("want the failed write, got %v", err)
	}
	if items := must(catalogueOf(t, db, g.ID)); len(items) != 0 {
		t.Errorf("a failed copy left %d items: %v", len(items), items)
	}
}

func TestCopyCatalogueRefusals(t *testing.T) {
	f := setup(t)
	empty := f.db.Gallery.Create().SetURL("vide").SetEventName("Vide").SetPhotographer(f.pg).SaveX(f.sys)
	empty2 := f.db.Gallery.Create().SetURL("vide-2").SetEventName("Vide 2").SetPhotographer(f.pg).SaveX(f.sys)
	copyOf := func(ctx context.Context, from, to string) error {
		_, err := f.svc.CopyCatalogue(ctx, photographer.CopyCatalogueInput{FromGalleryID: from, ToGalleryID: to})
		return err
	}
	wantUserError(t, copyOf(f.owner, f.g.ID, f.g.ID), photographer.CodeSameGallery, "toGalleryId")
	wantUserError(t, copyOf(f.owner, empty2.ID, empty.ID), photographer.CodeCatalogueEmpty, "fromGalleryId")
	wantUserError(t, copyOf(f.owner, empty.ID, f.g.ID), photographer.CodeCatalogueNotEmpty, "toGalleryId")
	// A target with only a discount is not empty either.
	f.db.Discount.Create().SetGallery(empty2).SetThreshold(5000).SetPercent(5).ExecX(f.sys)
	wantUserError(t, copyOf(f.owner, f.g.ID, empty2.ID), photographer.CodeCatalogueNotEmpty, "toGalleryId")
	// Another photographer's gallery, as source or target; an anonymous caller; an unknown gallery.
	wantCode(t, copyOf(f.owner, f.g2.ID, empty.ID), apperr.ErrForbidden.Code)
	wantCode(t, copyOf(f.owner, f.g.ID, f.g2.ID), apperr.ErrForbidden.Code)
	wantCode(t, copyOf(f.other, f.g.ID, f.g2.ID), apperr.ErrForbidden.Code)
	wantCode(t, copyOf(f.anon, f.g.ID, empty.ID), apperr.ErrUnauthorized.Code)
	wantCode(t, copyOf(f.owner, "gal_inconnue", empty.ID), apperr.ErrGalleryNotFound.Code)
	if ae := apperr.As(copyOf(f.owner, f.g.ID, "gal_inconnue")); ae == nil || !slices.Equal(ae.Field, []string{"toGalleryId"}) {
		t.Errorf("unknown target: %v", ae)
	}
	if n := f.db.Format.Query().Where(format.HasGalleryWith(gallery.ID(empty.ID))).CountX(f.sys); n != 0 {
		t.Errorf("refused copies wrote %d formats", n)
	}
	// The fixture's small catalogue copies, its pack pointing to the copied print.
	c, err := f.svc.CopyCatalogue(f.owner, photographer.CopyCatalogueInput{FromGalleryID: f.g.ID, ToGalleryID: empty.ID})
	if err != nil {
		t.Fatal(err)
	}
	sameCatalogue(t, f.db, f.g.ID, empty.ID)
	if len(c.Packs) != 1 || c.Packs[0].Edges.Formats[0].FormatID == f.print.ID {
		t.Errorf("copied pack %+v", c.Packs)
	}
}

// must drops catalogueOf's ids.
func must(out, _ []string) []string { return out }

func TestConcurrentCopiesIntoOneGalleryCopyOnce(t *testing.T) {
	db, svc, owner, gala := demoGala(t)
	g, err := svc.CreateGallery(owner, photographer.CreateGalleryInput{URL: "kermesse", EventName: "Kermesse"})
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := svc.CopyCatalogue(owner, photographer.CopyCatalogueInput{FromGalleryID: gala.ID, ToGalleryID: g.ID})
			errs <- err
		}()
	}
	var refused int
	for range 2 {
		if err := <-errs; err != nil {
			wantUserError(t, err, photographer.CodeCatalogueNotEmpty, "toGalleryId")
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("%d of 2 concurrent copies refused, want 1", refused)
	}
	sameCatalogue(t, db, gala.ID, g.ID)
}

// TestConcurrentFormatsOfOneSizeMakeOne: formats of the same size in one
// family, created at once (a double click), take turns on the gallery's
// row (lockCatalogue): one is made, the others are refused as duplicates.
// Without the turn, each transaction's uniqueSize check missed the others'
// uncommitted rows on PostgreSQL.
func TestConcurrentFormatsOfOneSizeMakeOne(t *testing.T) {
	db, svc, owner, gala := demoGala(t)
	sys := viewer.SystemContext(context.Background())
	fam := db.Family.Query().Where(family.HasGalleryWith(gallery.ID(gala.ID))).FirstX(sys)
	short, long, name, kind := 33.0, 77.0, "33 x 77", format.KindPrint
	const n = 12
	errs := make(chan error, n)
	for range n {
		go func() {
			_, err := svc.CreateFormat(owner, photographer.CreateFormatInput{GalleryID: gala.ID, FamilyID: fam.ID, Name: &name,
				ShortSize: &short, LongSize: &long, UnitPrice: money.Decimal(1250), Kind: &kind})
			errs <- err
		}()
	}
	made := 0
	for range n {
		if err := <-errs; err == nil {
			made++
		} else {
			wantUserError(t, err, photographer.CodeDuplicate, "shortSize")
		}
	}
	if got := db.Format.Query().Where(format.FamilyID(fam.ID), format.ShortSize(short), format.LongSize(long)).CountX(sys); made != 1 || got != 1 {
		t.Errorf("%d of %d concurrent formats made, %d stored; want 1", made, n, got)
	}
}
