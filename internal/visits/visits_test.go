package visits_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent/galleryvisit"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/internal/visits"
)

// TestVisitOncePerViewerAndDay: a viewer counts once a day per gallery,
// however many loads and however concurrent; another viewer, or the next
// day, counts again; a load after the first writes nothing.
func TestVisitOncePerViewerAndDay(t *testing.T) {
	counter := &testdb.Counter{}
	db := testdb.Open(t, testdb.Options{Counter: counter})
	ctx := viewer.SystemContext(context.Background())
	pg := db.Client.Photographer.Create().SetEmail("p@example.com").SetName("P").SaveX(ctx)
	g := db.Client.Gallery.Create().SetURL("visits").SetEventName("Visits").SetPhotographerID(pg.ID).SaveX(ctx)
	c := visits.New(db.Client)
	day1 := time.Date(2026, 5, 1, 23, 0, 0, 0, time.UTC)

	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Visit(ctx, g.ID, "ann", day1); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	counter.Reset()
	if wrote, err := c.Visit(ctx, g.ID, "ann", day1.Add(30*time.Minute)); err != nil || wrote || counter.Count() != 0 {
		t.Fatalf("ann again the same day: wrote %v, %d statements, %v", wrote, counter.Count(), err)
	}
	if wrote, err := c.Visit(ctx, g.ID, "ben", day1); err != nil || !wrote {
		t.Fatalf("ben: wrote %v, %v", wrote, err)
	}
	// 2026-05-02 00:30 UTC: the next day.
	if wrote, err := c.Visit(ctx, g.ID, "ann", day1.Add(90*time.Minute)); err != nil || !wrote {
		t.Fatalf("ann the next day: wrote %v, %v", wrote, err)
	}
	got := map[string]int{}
	for _, r := range db.Client.GalleryVisit.Query().Where(galleryvisit.GalleryID(g.ID)).AllX(ctx) {
		got[r.Day] = r.Count
	}
	if len(got) != 2 || got["2026-05-01"] != 2 || got["2026-05-02"] != 1 {
		t.Fatalf("rows: %v", got)
	}
	totals, err := visits.Totals(ctx, db.Client, []string{g.ID, "gal_none"})
	if err != nil || totals[g.ID] != 3 || len(totals) != 1 {
		t.Fatalf("totals: %v %v", totals, err)
	}
}
