package printlab_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gocloud.dev/blob"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/printsheet"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/printlab"
	"github.com/studio/gallery/internal/viewer"
)

// clock is the service's fake clock, read by the jobs' goroutines.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

func (f *fixture) exists(t *testing.T, key string) bool {
	t.Helper()
	ok, err := f.media.Bucket.Exists(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

func (f *fixture) sheet(t *testing.T, id string) *ent.PrintSheet {
	t.Helper()
	return f.db.PrintSheet.GetX(viewer.SystemContext(context.Background()), id)
}

// TestPrintSheetSweep: the sweep leaves a ZIP younger than the retention,
// then, past it, marks the sheet expired and removes the ZIP (the
// download says expired); a failed sheet's files go at the first sweep
// and it stays failed with its error; a second sweep finds nothing.
func TestPrintSheetSweep(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	t0 := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	c := &clock{now: t0}
	f.svc.Now = c.Now
	f.svc.Retention = 30 * 24 * time.Hour
	pg := f.photographer()

	sh, err := f.svc.Prepare(pg, f.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	sh = f.wait(t, sh.ID)
	if sh.Status != printsheet.StatusReady || !sh.ReadyAt.Equal(t0) || !f.exists(t, printlab.ZipKey(sh.ID)) {
		t.Fatalf("ready sheet %+v", sh)
	}
	// A sheet that failed after its first file, with that file and a ZIP
	// half written left behind.
	failed := f.db.PrintSheet.Create().SetOrderID(f.order.ID).SetPhotographerID(f.gala.PhotographerID).SetToken(ids.Token(24)).
		SetStatus(printsheet.StatusFailed).SetFilesTotal(2).SetFilesDone(1).SetError("rendu impossible").
		SaveX(viewer.SystemContext(ctx))
	for _, k := range []string{printlab.FileKey(failed.ID, 0), printlab.FileKey(failed.ID, 1), printlab.ZipKey(failed.ID)} {
		if err := f.media.Bucket.WriteAll(ctx, k, []byte("x"), &blob.WriterOptions{ContentType: "image/jpeg"}); err != nil {
			t.Fatal(err)
		}
	}

	// A day before the retention ends: the ZIP stays, the failed sheet's files go.
	c.Set(t0.Add(29 * 24 * time.Hour))
	n, err := f.svc.Sweep(ctx)
	if err != nil || n != (printlab.Swept{Cleaned: 1}) {
		t.Fatalf("first sweep: %+v %v", n, err)
	}
	if got := f.sheet(t, sh.ID); got.Status != printsheet.StatusReady || got.CleanedAt != nil || !f.exists(t, printlab.ZipKey(sh.ID)) {
		t.Fatalf("sheet swept before its time: %+v", got)
	}
	if _, err := f.svc.Download(pg, sh.ID, sh.Token); err != nil {
		t.Fatalf("download before expiry: %v", err)
	}
	got := f.sheet(t, failed.ID)
	if got.Status != printsheet.StatusFailed || got.Error != "rendu impossible" || got.CleanedAt == nil || !got.CleanedAt.Equal(c.Now()) {
		t.Fatalf("failed sheet after the sweep: %+v", got)
	}
	for _, k := range []string{printlab.FileKey(failed.ID, 0), printlab.FileKey(failed.ID, 1), printlab.ZipKey(failed.ID)} {
		if f.exists(t, k) {
			t.Fatalf("%s left", k)
		}
	}

	// Past the retention: expired, ZIP gone, the row kept.
	c.Set(t0.Add(30*24*time.Hour + time.Minute))
	if n, err = f.svc.Sweep(ctx); err != nil || n != (printlab.Swept{Expired: 1, Cleaned: 1}) {
		t.Fatalf("second sweep: %+v %v", n, err)
	}
	got = f.sheet(t, sh.ID)
	if got.Status != printsheet.StatusExpired || got.BlobKey != "" || got.ExpiredAt == nil || !got.ExpiredAt.Equal(c.Now()) ||
		got.CleanedAt == nil || got.SizeBytes == 0 || printlab.URL(got) != "" {
		t.Fatalf("expired sheet %+v", got)
	}
	if f.exists(t, printlab.ZipKey(sh.ID)) {
		t.Fatal("expired ZIP left")
	}
	if _, err := f.svc.Download(pg, sh.ID, sh.Token); !errors.Is(err, printlab.ErrExpired) {
		t.Fatalf("download once expired: %v", err)
	}
	if l, _ := f.svc.OfOrder(pg, f.order); len(l) != 2 {
		t.Fatalf("sheets of the order: %d", len(l))
	}
	c.Set(t0.Add(60 * 24 * time.Hour))
	if n, err = f.svc.Sweep(ctx); err != nil || n != (printlab.Swept{}) {
		t.Fatalf("third sweep: %+v %v", n, err)
	}

	// Prepared again, the order has a ZIP to download.
	again, err := f.svc.Prepare(pg, f.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	if again = f.wait(t, again.ID); again.Status != printsheet.StatusReady || !f.exists(t, printlab.ZipKey(again.ID)) {
		t.Fatalf("prepared again: %+v", again)
	}
}

// TestNewerSheetExpiresOlder: once a newer sheet of the order is ready,
// the older ready sheet is expired and its ZIP removed at once.
func TestNewerSheetExpiresOlder(t *testing.T) {
	f := setup(t)
	t0 := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	c := &clock{now: t0}
	f.svc.Now = c.Now
	pg := f.photographer()
	first, err := f.svc.Prepare(pg, f.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	first = f.wait(t, first.ID)
	if first.Status != printsheet.StatusReady || !f.exists(t, printlab.ZipKey(first.ID)) {
		t.Fatalf("first sheet %+v", first)
	}
	time.Sleep(10 * time.Millisecond) // created after the first one
	c.Set(t0.Add(time.Hour))
	second, err := f.svc.Prepare(pg, f.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	// While the second one is prepared, the first one stays downloadable.
	if got := f.sheet(t, first.ID); got.Status != printsheet.StatusReady {
		t.Fatalf("first sheet while the second is prepared: %+v", got)
	}
	second = f.wait(t, second.ID)
	if second.Status != printsheet.StatusReady || !f.exists(t, printlab.ZipKey(second.ID)) {
		t.Fatalf("second sheet %+v", second)
	}
	// The job that made the second ready expires the first right after
	// (its ZIP removed, then CleanedAt set): wait for the job to get there.
	got := f.sheet(t, first.ID)
	for deadline := time.Now().Add(30 * time.Second); got.CleanedAt == nil && time.Now().Before(deadline); got = f.sheet(t, first.ID) {
		time.Sleep(50 * time.Millisecond)
	}
	if got.Status != printsheet.StatusExpired || got.ExpiredAt == nil || !got.ExpiredAt.Equal(t0.Add(time.Hour)) || got.CleanedAt == nil {
		t.Fatalf("first sheet once the second is ready: %+v", got)
	}
	if f.exists(t, printlab.ZipKey(first.ID)) {
		t.Fatal("the older ZIP is left")
	}
	if _, err := f.svc.Download(pg, second.ID, second.Token); err != nil {
		t.Fatalf("download the newer: %v", err)
	}
	if l, _ := f.svc.OfOrder(pg, f.order); len(l) != 2 || l[0].ID != second.ID || l[1].Status != printsheet.StatusExpired {
		t.Fatalf("sheets of the order: %+v", l)
	}
}

// TestStuckSheetFails: a preparing sheet with no progress for StuckAfter
// (its replica killed during the last attempt) is marked failed by the
// sweep and its files removed; a younger one is left to its jobs. A last
// attempt that ran out of time marks its sheet failed although its context
// is over; an earlier one leaves it preparing, for the next attempt.
func TestStuckSheetFails(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	sys := viewer.SystemContext(ctx)
	t0 := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	f.svc.Now = (&clock{now: t0}).Now
	preparing := func(updated time.Time) *ent.PrintSheet {
		return f.db.PrintSheet.Create().SetOrderID(f.order.ID).SetPhotographerID(f.gala.PhotographerID).SetToken(ids.Token(24)).
			SetFilesTotal(2).SetFilesDone(1).SetUpdatedAt(updated).SaveX(sys)
	}
	stuck := preparing(t0.Add(-printlab.StuckAfter - time.Minute))
	young := preparing(t0.Add(-time.Hour))
	if err := f.media.Bucket.WriteAll(ctx, printlab.FileKey(stuck.ID, 0), []byte("x"), nil); err != nil {
		t.Fatal(err)
	}
	n, err := f.svc.Sweep(ctx)
	if err != nil || n != (printlab.Swept{Failed: 1, Cleaned: 1}) {
		t.Fatalf("sweep: %+v %v", n, err)
	}
	if got := f.sheet(t, stuck.ID); got.Status != printsheet.StatusFailed || !strings.HasPrefix(got.Error, "interrupted: no progress since ") || got.CleanedAt == nil {
		t.Fatalf("stuck sheet after the sweep: %+v", got)
	}
	if f.exists(t, printlab.FileKey(stuck.ID, 0)) {
		t.Fatal("the stuck sheet's file is left")
	}
	if got := f.sheet(t, young.ID); got.Status != printsheet.StatusPreparing {
		t.Fatalf("young sheet after the sweep: %+v", got)
	}

	over, cancel := context.WithCancel(sys)
	cancel()
	if err := printlab.Stepped(f.svc, over, young, 1, false, context.Canceled); !errors.Is(err, context.Canceled) {
		t.Fatalf("an earlier attempt: %v", err)
	}
	if got := f.sheet(t, young.ID); got.Status != printsheet.StatusPreparing {
		t.Fatalf("failed by an earlier attempt: %+v", got)
	}
	if err := printlab.Stepped(f.svc, over, young, 1, true, context.DeadlineExceeded); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the last attempt: %v", err)
	}
	if got := f.sheet(t, young.ID); got.Status != printsheet.StatusFailed || !strings.Contains(got.Error, "step 1 not done in time") {
		t.Fatalf("after a last attempt out of time: %+v", got)
	}
}
