package catalogue_test

import (
	"context"
	"sync"
	"testing"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// demoGallery seeds the demo and answers gala-2026's id.
func demoGallery(t *testing.T, db *store.DB) string {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	m, err := media.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if _, err := seed.Demo(ctx, db.Client, m, 1); err != nil {
		t.Fatalf("seed: %v", err)
	}
	return db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyIDX(ctx)
}

func priceOf(t *testing.T, c *catalogue.Catalogue, id string) int {
	t.Helper()
	f := c.Format(id)
	if f == nil {
		t.Fatalf("format %s not in the catalogue", id)
	}
	return f.UnitPrice
}

// TestCacheFollowsWritesAndTTL: a kept catalogue is reused until a write
// through the client it is installed on (directly or in a transaction),
// and a write made elsewhere (another replica: here a second client on the
// same database) shows once the TTL has run out.
func TestCacheFollowsWritesAndTTL(t *testing.T) {
	db := testdb.Open(t)
	gid := demoGallery(t, db)
	ctx := viewer.SystemContext(context.Background())
	cache := &catalogue.Cache{TTL: time.Hour}
	cache.Install(db.Client)

	first, err := cache.Load(ctx, db.Client, gid)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Formats) == 0 || len(first.Packs) == 0 {
		t.Fatalf("demo catalogue is empty: %+v", first)
	}
	again, err := cache.Load(ctx, db.Client, gid)
	if err != nil || again != first {
		t.Fatalf("second load = %p, %v; want the kept catalogue %p", again, err, first)
	}
	f := first.Formats[0]

	// A write through the client: the next load reads the new price.
	db.Client.Format.UpdateOneID(f.ID).SetUnitPrice(f.UnitPrice + 100).ExecX(ctx)
	after, err := cache.Load(ctx, db.Client, gid)
	if err != nil {
		t.Fatal(err)
	}
	if after == first || priceOf(t, after, f.ID) != f.UnitPrice+100 {
		t.Fatalf("after a price change: price %d, want %d", priceOf(t, after, f.ID), f.UnitPrice+100)
	}

	// A write inside a transaction of the same client.
	if err := store.InTx(ctx, db.Client, func(tx *ent.Client) error {
		return tx.Format.Update().Where(format.ID(f.ID)).SetUnitPrice(f.UnitPrice + 200).Exec(ctx)
	}); err != nil {
		t.Fatal(err)
	}
	inTx, err := cache.Load(ctx, db.Client, gid)
	if err != nil || priceOf(t, inTx, f.ID) != f.UnitPrice+200 {
		t.Fatalf("after a change in a transaction: %v, %v", inTx, err)
	}

	// Writes elsewhere are not seen by the hooks: an hour-long TTL keeps
	// the old catalogue, a short one reads again.
	other := ent.NewClient(ent.Driver(entsql.OpenDB(db.Dialect, db.SQL)))
	other.Format.UpdateOneID(f.ID).SetUnitPrice(f.UnitPrice + 300).ExecX(ctx)
	if kept, _ := cache.Load(ctx, db.Client, gid); priceOf(t, kept, f.ID) != f.UnitPrice+200 {
		t.Fatalf("a write elsewhere showed before the TTL: %d", priceOf(t, kept, f.ID))
	}
	short := &catalogue.Cache{TTL: time.Millisecond}
	short.Install(db.Client)
	if _, err := short.Load(ctx, db.Client, gid); err != nil {
		t.Fatal(err)
	}
	other.Format.UpdateOneID(f.ID).SetUnitPrice(f.UnitPrice + 400).ExecX(ctx)
	time.Sleep(5 * time.Millisecond)
	if fresh, _ := short.Load(ctx, db.Client, gid); priceOf(t, fresh, f.ID) != f.UnitPrice+400 {
		t.Fatalf("a write elsewhere did not show after the TTL: %d", priceOf(t, fresh, f.ID))
	}
}

// TestCacheNilAndConcurrentLoads: a nil cache reads every time; many
// concurrent loads of one gallery share the same catalogue.
func TestCacheNilAndConcurrentLoads(t *testing.T) {
	db := testdb.Open(t)
	gid := demoGallery(t, db)
	ctx := viewer.SystemContext(context.Background())

	var none *catalogue.Cache
	a, err := none.Load(ctx, db.Client, gid)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := none.Load(ctx, db.Client, gid)
	if a == b {
		t.Fatal("a nil cache kept a catalogue")
	}

	cache := &catalogue.Cache{TTL: time.Hour}
	cache.Install(db.Client)
	got := make([]*catalogue.Catalogue, 16)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := cache.Load(ctx, db.Client, gid)
			if err != nil {
				t.Error(err)
			}
			got[i] = c
		}()
	}
	wg.Wait()
	last, _ := cache.Load(ctx, db.Client, gid)
	for i, c := range got {
		if c == nil || len(c.Formats) != len(last.Formats) {
			t.Fatalf("load %d: %+v", i, c)
		}
	}
	if kept, _ := cache.Load(ctx, db.Client, gid); kept != last {
		t.Fatal("the catalogue was not kept after concurrent loads")
	}
}
