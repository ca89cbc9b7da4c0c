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
// day, counts again; counting writes nothing, and a flush writes one row
// per gallery and day.
func TestVisitOncePerViewerAndDay(t *testing.T) {
	counter := &testdb.Counter{}
	db := testdb.Open(t, testdb.Options{Counter: counter})
	ctx := viewer.SystemContext(context.Background())
	pg := db.Client.Photographer.Create().SetEmail("p@example.com").SetName("P").SaveX(ctx)
	g := db.Client.Gallery.Create().SetURL("visits").SetEventName("Visits").SetPhotographerID(pg.ID).SaveX(ctx)
	c := visits.New(db.Client)
	c.FlushAfter = -1 // flushed by hand below
	day1 := time.Date(2026, 5, 1, 23, 0, 0, 0, time.UTC)

	// Counting is in memory: no page load waits on the database.
	counter.Reset()
	var wg sync.WaitGroup
	var counted sync.Map
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if c.Visit(g.ID, "ann", day1) {
				counted.Store(i, true)
			}
		}()
	}
	wg.Wait()
	n := 0
	counted.Range(func(any, any) bool { n++; return true })
	if n != 1 || c.Pending() != 1 || counter.Count() != 0 {
		t.Fatalf("ann ten times at once: counted %d, pending %d, %d statements", n, c.Pending(), counter.Count())
	}
	if c.Visit(g.ID, "ann", day1.Add(30*time.Minute)) {
		t.Fatal("ann again the same day counted")
	}
	if !c.Visit(g.ID, "ben", day1) {
		t.Fatal("ben not counted")
	}
	// One upsert for the gallery's day, whatever the number of visits.
	counter.Reset()
	if err := c.Flush(ctx); err != nil || counter.Count() != 1 || c.Pending() != 0 {
		t.Fatalf("flush: %v, %d statements, %d pending", err, counter.Count(), c.Pending())
	}
	counter.Reset()
	if err := c.Flush(ctx); err != nil || counter.Count() != 0 {
		t.Fatalf("empty flush: %v, %d statements", err, counter.Count())
	}
	// 2026-05-02 00:30 UTC: the next day.
	if !c.Visit(g.ID, "ann", day1.Add(90*time.Minute)) {
		t.Fatal("ann the next day not counted")
	}
	// A gallery deleted before the flush loses its counts, and the others are written.
	gone := db.Client.Gallery.Create().SetURL("gone").SetEventName("Gone").SetPhotographerID(pg.ID).SaveX(ctx)
	c.Visit(gone.ID, "ann", day1)
	db.Client.Gallery.DeleteOneID(gone.ID).ExecX(ctx)
	if err := c.Flush(ctx); err != nil || c.Pending() != 0 {
		t.Fatalf("flush with a deleted gallery: %v, %d pending", err, c.Pending())
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

// TestFlushAfter: counts are written a moment after the first visit,
// without anyone calling Flush.
func TestFlushAfter(t *testing.T) {
	db := testdb.Open(t, testdb.Options{})
	ctx := viewer.SystemContext(context.Background())
	pg := db.Client.Photographer.Create().SetEmail("p@example.com").SetName("P").SaveX(ctx)
	g := db.Client.Gallery.Create().SetURL("visits").SetEventName("Visits").SetPhotographerID(pg.ID).SaveX(ctx)
	c := visits.New(db.Client)
	c.FlushAfter = 20 * time.Millisecond
	c.Visit(g.ID, "ann", time.Now())
	c.Visit(g.ID, "ben", time.Now())
	deadline := time.Now().Add(10 * time.Second)
	for {
		rows := db.Client.GalleryVisit.Query().Where(galleryvisit.GalleryID(g.ID)).AllX(ctx)
		if len(rows) == 1 && rows[0].Count == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not written: %+v, %d pending", rows, c.Pending())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
