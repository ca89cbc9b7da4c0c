package seed

import (
	"context"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

func counts(t *testing.T, db *ent.Client) map[string]int {
	ctx := viewer.SystemContext(context.Background())
	return map[string]int{
		"photographers": db.Photographer.Query().CountX(ctx),
		"galleries":     db.Gallery.Query().CountX(ctx),
		"photos":        db.Photo.Query().CountX(ctx),
		"videos":        db.Video.Query().CountX(ctx),
		"formats":       db.Format.Query().CountX(ctx),
		"packs":         db.Pack.Query().CountX(ctx),
		"codes":         db.AccessCode.Query().CountX(ctx),
		"vouchers":      db.Voucher.Query().CountX(ctx),
		"discounts":     db.Discount.Query().CountX(ctx),
		"tracks":        db.MusicTrack.Query().CountX(ctx),
	}
}

func TestDemoIsCompleteAndIdempotent(t *testing.T) {
	db := testdb.Open(t).Client
	m, err := media.Open(context.Background(), "mem://")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx := context.Background()
	res, err := Demo(ctx, db, m, 5)
	if err != nil {
		t.Fatal(err)
	}
	first := counts(t, db)
	want := map[string]int{"photographers": 1, "galleries": 2, "photos": 10, "videos": 6, "formats": 28,
		"packs": 4, "codes": 2, "vouchers": 2, "discounts": 4, "tracks": 1}
	for k, v := range want {
		if first[k] != v {
			t.Errorf("%s = %d, want %d", k, first[k], v)
		}
	}
	if res.ClientCode == "" || res.VisitorCode == "" || len(res.Galleries) != 2 {
		t.Errorf("result = %+v", res)
	}
	if _, err := Demo(ctx, db, m, 5); err != nil {
		t.Fatal(err)
	}
	if again := counts(t, db); len(again) != len(first) {
		t.Fatal("counts changed shape")
	} else {
		for k := range first {
			if again[k] != first[k] {
				t.Errorf("second run changed %s: %d -> %d", k, first[k], again[k])
			}
		}
	}
	sys := viewer.SystemContext(ctx)
	for _, url := range res.Galleries {
		g := db.Gallery.Query().Where(gallery.URL(url)).OnlyX(sys)
		c, err := catalogue.LoadOne(sys, db, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%s does not build: %v", url, err)
		}
		if g.CoverPhotoID == nil || len(g.CollectionNames) < 2 {
			t.Errorf("%s: cover %v, collections %v", url, g.CoverPhotoID, g.CollectionNames)
		}
	}
}
