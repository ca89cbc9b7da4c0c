package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// TestShareWritesTellsTheOtherReplicas: two replicas' clients joined by
// one broker (events.Local here; LISTEN/NOTIFY between processes, tested
// in server's TestReplicasSeeEachOthersChanges). A committed write counted
// by something kept makes the other replica's matching counters move (a
// transaction's writes once it commits); a rolled-back one, a write nothing
// counts and a replica's own notices move nothing there; a
// resynchronisation moves everything.
func TestShareWritesTellsTheOtherReplicas(t *testing.T) {
	ctx := viewer.SystemContext(context.Background())
	ev := events.NewLocal()
	t.Cleanup(func() { ev.Close() })
	a, b := testdb.Open(t), testdb.Open(t)
	var aGalleries, bGalleries, bPhotos store.Writes
	aGalleries.Install(a.Client, func(t string) bool { return t == ent.TypeGallery })
	bGalleries.Install(b.Client, func(t string) bool { return t == ent.TypeGallery })
	bPhotos.Install(b.Client, func(t string) bool { return t == ent.TypePhoto })
	t.Cleanup(app.ShareWrites(a, ev, nil))
	t.Cleanup(app.ShareWrites(b, ev, nil))

	// wait gives the broker's delivery a moment, then reads the counters.
	wait := func(w *store.Writes, want uint64, what string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for w.Load() != want && time.Now().Before(deadline) {
			time.Sleep(2 * time.Millisecond)
		}
		if got := w.Load(); got != want {
			t.Fatalf("%s: counter %d, want %d", what, got, want)
		}
	}
	settle := func() { time.Sleep(50 * time.Millisecond) }

	// A photographer (nothing counts it) then a gallery, through A.
	ph, err := a.Client.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	settle()
	wait(&bGalleries, 0, "a write nothing on B counts")
	g, err := a.Client.Gallery.Create().SetURL("gala").SetEventName("Gala").SetPhotographer(ph).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wait(&bGalleries, 1, "a gallery created through A")
	if got := aGalleries.Load(); got != 2 {
		t.Fatalf("A's own counter %d: its write counts twice (before and after), its own notice not again", got)
	}
	if bPhotos.Load() != 0 {
		t.Fatal("a gallery write moved B's photo counter")
	}

	// A transaction: three gallery writes, told at the commit (coalesced
	// into fewer notices when they meet in the sender's queue).
	tx, err := a.Client.Tx(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Un", "Deux", "Trois"} {
		if err := tx.Gallery.UpdateOneID(g.ID).SetEventName(name).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	settle()
	wait(&bGalleries, 1, "before the commit")
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for bGalleries.Load() == 1 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	settle()
	if n := bGalleries.Load(); n < 2 || n > 4 {
		t.Fatalf("after the commit of three writes: counter %d, want 2 to 4", n)
	}
	seen := bGalleries.Load()

	// A rolled-back transaction tells nothing.
	tx, err = a.Client.Tx(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Gallery.UpdateOneID(g.ID).SetEventName("Jamais").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	settle()
	wait(&bGalleries, seen, "after a rollback")

	// A failed write tells nothing either.
	if err := a.Client.Gallery.Create().SetURL("gala").SetEventName("Doublon").SetPhotographer(ph).Exec(ctx); err == nil {
		t.Fatal("a second gallery at the same address was created")
	}
	settle()
	wait(&bGalleries, seen, "after a failed write")

	// A resynchronisation (a listener that reconnected) makes everything stale.
	if err := ev.Publish(ctx, store.WritesTopic, ""); err != nil {
		t.Fatal(err)
	}
	wait(&bPhotos, 1, "a resynchronisation")
}
