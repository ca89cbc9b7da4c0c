package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

type fixture struct {
	pg         *ent.Photographer
	g1, g2     *ent.Gallery
	cat1, cat2 *ent.Category
	fam1, fam2 *ent.Family
	fmt1, fmt2 *ent.Format
}

func setup(t *testing.T, db *ent.Client) fixture {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	var f fixture
	f.pg = db.Photographer.Create().SetName("Studio").SetEmail("s@example.com").SaveX(ctx)
	f.g1 = db.Gallery.Create().SetURL("one").SetEventName("One").SetPhotographer(f.pg).SaveX(ctx)
	f.g2 = db.Gallery.Create().SetURL("two").SetEventName("Two").SetPhotographer(f.pg).SaveX(ctx)
	f.cat1 = db.Category.Create().SetGallery(f.g1).SetName("Tirages").SaveX(ctx)
	f.cat2 = db.Category.Create().SetGallery(f.g2).SetName("Tirages").SaveX(ctx)
	f.fam1 = db.Family.Create().SetGallery(f.g1).SetCategory(f.cat1).SetName("Papier").SaveX(ctx)
	f.fam2 = db.Family.Create().SetGallery(f.g2).SetCategory(f.cat2).SetName("Papier").SaveX(ctx)
	f.fmt1 = db.Format.Create().SetGallery(f.g1).SetFamily(f.fam1).SetShortSize(10).SetLongSize(15).SetUnitPrice(250).SaveX(ctx)
	f.fmt2 = db.Format.Create().SetGallery(f.g2).SetFamily(f.fam2).SetShortSize(10).SetLongSize(15).SetUnitPrice(250).SaveX(ctx)
	return f
}

func TestCrossReferencesAreRefusedOnWrite(t *testing.T) {
	db := testdb.Open(t).Client
	f := setup(t, db)
	ctx := viewer.SystemContext(context.Background())
	pack := db.Pack.Create().SetGallery(f.g1).SetName("p").SetDisplayName("Pack").SetUnitPrice(1000).SaveX(ctx)

	for _, tc := range []struct {
		name  string
		write func() error
	}{
		{"format with a family of another gallery", func() error {
			return db.Format.Create().SetGallery(f.g1).SetFamily(f.fam2).SetUnitPrice(100).Exec(ctx)
		}},
		{"format moved to a family of another gallery", func() error {
			return f.fmt1.Update().SetFamily(f.fam2).Exec(ctx)
		}},
		{"family with a category of another gallery", func() error {
			return db.Family.Create().SetGallery(f.g1).SetCategory(f.cat2).SetName("x").Exec(ctx)
		}},
		{"family moved to a category of another gallery", func() error {
			return f.fam1.Update().SetCategory(f.cat2).Exec(ctx)
		}},
		{"pack with a format of another gallery", func() error {
			return db.PackFormat.Create().SetPack(pack).SetFormat(f.fmt2).SetQuantity(1).SetPhotos(1).Exec(ctx)
		}},
		{"pack digital file with a format of another gallery", func() error {
			return db.PackDigitalFile.Create().SetPack(pack).SetFormat(f.fmt2).SetQuantity(1).Exec(ctx)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.write()
			if !errors.Is(err, store.ErrCrossReference) {
				t.Fatalf("got %v, want ErrCrossReference", err)
			}
		})
	}
	// The valid writes still pass.
	if err := db.PackFormat.Create().SetPack(pack).SetFormat(f.fmt1).SetQuantity(2).SetPhotos(2).Exec(ctx); err != nil {
		t.Fatalf("valid pack format refused: %v", err)
	}
	if n := db.Format.Query().Where(format.FamilyID(f.fam2.ID)).CountX(ctx); n != 1 {
		t.Fatalf("refused writes left %d formats in family 2, want 1", n)
	}
}

func TestPrivatePhotosAreHiddenFromVisitors(t *testing.T) {
	db := testdb.Open(t).Client
	f := setup(t, db)
	sys := viewer.SystemContext(context.Background())
	mk := func(g *ent.Gallery, name string, private, hidden bool) *ent.Photo {
		return db.Photo.Create().SetGallery(g).SetFilename(name).SetWidth(3).SetHeight(2).
			SetIsPrivate(private).SetClientHidden(hidden).SaveX(sys)
	}
	mk(f.g1, "public.jpg", false, false)
	priv := mk(f.g1, "private.jpg", true, false)
	mk(f.g1, "hidden.jpg", false, true)
	other := db.Photographer.Create().SetName("Other").SetEmail("o@example.com").SaveX(sys)

	for _, tc := range []struct {
		name string
		v    *viewer.Viewer
		want int
	}{
		{"anonymous", &viewer.Viewer{}, 1},
		{"visitor", &viewer.Viewer{Grants: map[string]viewer.Role{f.g1.ID: viewer.RoleVisitor}}, 1},
		{"client", &viewer.Viewer{Grants: map[string]viewer.Role{f.g1.ID: viewer.RoleClient}}, 2},
		{"client of another gallery", &viewer.Viewer{Grants: map[string]viewer.Role{f.g2.ID: viewer.RoleClient}}, 1},
		{"photographer", &viewer.Viewer{PhotographerID: f.pg.ID}, 3},
		{"another photographer", &viewer.Viewer{PhotographerID: other.ID}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := viewer.NewContext(context.Background(), tc.v)
			if n := db.Photo.Query().CountX(ctx); n != tc.want {
				t.Errorf("query sees %d photos, want %d", n, tc.want)
			}
			if n := f.g1.QueryPhotos().CountX(ctx); n != tc.want {
				t.Errorf("edge traversal sees %d photos, want %d", n, tc.want)
			}
			g := db.Gallery.Query().Where(gallery.ID(f.g1.ID)).WithPhotos().OnlyX(ctx)
			if n := len(g.Edges.Photos); n != tc.want {
				t.Errorf("eager loading sees %d photos, want %d", n, tc.want)
			}
			_, err := db.Photo.Get(ctx, priv.ID)
			if tc.want == 3 && err != nil {
				t.Errorf("photographer cannot get the private photo: %v", err)
			}
			if tc.want < 3 && !ent.IsNotFound(err) {
				t.Errorf("private photo by id: got %v, want not found", err)
			}
		})
	}
}
