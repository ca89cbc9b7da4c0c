package seed

import (
	"context"
	"testing"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

func TestBenchGalleryIsPublicWithDerivativesAndReusable(t *testing.T) {
	db := testdb.Open(t).Client
	m, err := media.Open(context.Background(), "mem://")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx := context.Background()
	res, err := Bench(ctx, db, m, "bench-12", 12)
	if err != nil {
		t.Fatal(err)
	}
	if res.Created != 12 {
		t.Fatalf("created %d photos, want 12", res.Created)
	}
	sys := viewer.SystemContext(ctx)
	g := db.Gallery.Query().Where(gallery.URL("bench-12")).OnlyX(sys)
	if !g.IsPublic || !g.Published || g.CoverPhotoID == nil {
		t.Fatalf("gallery public=%v published=%v cover=%v", g.IsPublic, g.Published, g.CoverPhotoID)
	}
	if n := g.QueryAccessCodes().CountX(sys); n != 0 {
		t.Fatalf("%d access codes, want none", n)
	}
	if n := g.QueryFormats().CountX(sys); n == 0 {
		t.Fatal("no formats: the shop would be empty")
	}
	ps := g.QueryPhotos().Order(photo.ByPosition()).AllX(sys)
	if len(ps) != 12 {
		t.Fatalf("%d photos, want 12", len(ps))
	}
	for i, p := range ps {
		if p.Position != i || p.Status != photo.StatusReady || len(p.Derivatives) == 0 {
			t.Fatalf("photo %d: position %d status %s derivatives %v", i, p.Position, p.Status, p.Derivatives)
		}
		f, err := m.OpenDerivative(ctx, p.ID, p.ContentHash, p.Derivatives[0])
		if err != nil {
			t.Fatalf("photo %d: derivative missing (%v)", i, err)
		}
		f.Close()
	}

	// The same call again changes nothing; a larger or smaller count
	// adds or removes photos at the end.
	if res, err = Bench(ctx, db, m, "bench-12", 12); err != nil || res.Created != 0 || res.GalleryID != g.ID {
		t.Fatalf("second run: %+v, %v", res, err)
	}
	if res, err = Bench(ctx, db, m, "bench-12", 15); err != nil || res.Created != 3 {
		t.Fatalf("growing: %+v, %v", res, err)
	}
	if res, err = Bench(ctx, db, m, "bench-12", 5); err != nil || res.Created != 0 {
		t.Fatalf("shrinking: %+v, %v", res, err)
	}
	if n := g.QueryPhotos().CountX(sys); n != 5 {
		t.Fatalf("%d photos after shrinking, want 5", n)
	}
	if n := db.Gallery.Query().CountX(sys); n != 1 {
		t.Fatalf("%d galleries, want 1", n)
	}
}
