package access

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studio/gallery/ent/ratelimit"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// clock is a settable time for the limiter tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newClock() *clock { return &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)} }

func TestLimiterDelaysGrowAndExpire(t *testing.T) {
	db := testdb.Open(t)
	ctx := context.Background()
	c := newClock()
	l := NewLimiter(db.Client, "test", 3, time.Second, 8*time.Second, time.Hour)
	l.Now = c.now
	take := func() time.Duration {
		t.Helper()
		d, err := l.Take(ctx, "k")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for i := range 3 {
		if d := take(); d != 0 {
			t.Fatalf("free attempt %d waited %s", i, d)
		}
	}
	// The third attempt set the first delay; a refused attempt counts nothing.
	if d := take(); d != time.Second {
		t.Fatalf("4th attempt: wait %s, want 1s", d)
	}
	for _, want := range []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second} {
		c.add(time.Hour / 8) // longer than any delay, shorter than the window
		if d := take(); d != 0 {
			t.Fatalf("after the delay: wait %s", d)
		}
		if d, _ := l.Wait(ctx, "k"); d != want {
			t.Fatalf("wait = %s, want %s", d, want)
		}
	}
	if n, _ := l.Count(ctx, "k"); n != 7 {
		t.Fatalf("count = %d, want 7", n)
	}
	// A refund gives one attempt back and shortens the wait accordingly.
	if err := l.Refund(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if n, _ := l.Count(ctx, "k"); n != 6 {
		t.Fatalf("count after refund = %d, want 6", n)
	}
	// A window without attempts forgets the key.
	c.add(time.Hour + time.Second)
	if n, _ := l.Count(ctx, "k"); n != 0 {
		t.Fatalf("count after the window = %d", n)
	}
	if d := take(); d != 0 {
		t.Fatalf("after the window: wait %s", d)
	}
	if n, _ := l.Count(ctx, "k"); n != 1 {
		t.Fatalf("count restarted at %d, want 1", n)
	}
	// Reset forgets at once; other keys and other limiters are apart.
	other := NewLimiter(db.Client, "other", 0, time.Minute, time.Minute, time.Hour)
	other.Now = c.now
	if d, _ := other.Take(ctx, "k"); d != 0 {
		t.Fatalf("another limiter's key: wait %s", d)
	}
	if err := l.Reset(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if n, _ := l.Count(ctx, "k"); n != 0 {
		t.Fatalf("count after reset = %d", n)
	}
	if d, _ := other.Wait(ctx, "k"); d != time.Minute {
		t.Fatalf("the other limiter's key was reset too: wait %s", d)
	}
}

// TestLimiterCountsRacingAttemptsOnce: attempts fired at the same moment
// get exactly the free budget, not one budget each.
func TestLimiterCountsRacingAttemptsOnce(t *testing.T) {
	db := testdb.Open(t)
	ctx := context.Background()
	l := NewLimiter(db.Client, "race", 5, time.Minute, time.Hour, time.Hour)
	const n = 20
	var allowed atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			d, err := l.Take(ctx, "guesser")
			if err != nil {
				t.Error(err)
				return
			}
			if d == 0 {
				allowed.Add(1)
			}
		}()
	}
	close(start)
	wg.Wait()
	if got := allowed.Load(); got != 5 {
		t.Fatalf("%d of %d racing attempts allowed, want the 5 free ones", got, n)
	}
}

// TestLimiterIsSharedByReplicas: two limiters on one database (two
// replicas) spend one budget.
func TestLimiterIsSharedByReplicas(t *testing.T) {
	db := testdb.Open(t)
	ctx := context.Background()
	a := NewLimiter(db.Client, "shared", 2, time.Minute, time.Hour, time.Hour)
	b := NewLimiter(db.Client, "shared", 2, time.Minute, time.Hour, time.Hour)
	if d, _ := a.Take(ctx, "k"); d != 0 {
		t.Fatal("first attempt refused")
	}
	if d, _ := b.Take(ctx, "k"); d != 0 {
		t.Fatal("second attempt refused")
	}
	if d, _ := a.Take(ctx, "k"); d <= 0 {
		t.Fatal("third attempt (second replica's budget) allowed")
	}
	if d, _ := b.Take(ctx, "k"); d <= 0 {
		t.Fatal("third attempt allowed on the other replica")
	}
}

// TestLimiterIgnoresExpiredRows: a row past its expiry (not yet deleted
// by the housekeeping job, jobs.Housekeep) counts as nothing: its key
// starts again with all its free attempts.
func TestLimiterIgnoresExpiredRows(t *testing.T) {
	db := testdb.Open(t)
	ctx := context.Background()
	c := newClock()
	l := NewLimiter(db.Client, "expired", 2, time.Second, time.Minute, time.Hour)
	l.Now = c.now
	for range 3 {
		if _, err := l.Take(ctx, "a"); err != nil {
			t.Fatal(err)
		}
	}
	if d, err := l.Take(ctx, "a"); err != nil || d == 0 {
		t.Fatalf("past the free attempts: wait %v, %v", d, err)
	}
	c.add(2 * time.Hour)
	sctx := viewer.SystemContext(ctx)
	if n := db.Client.RateLimit.Query().Where(ratelimit.ExpiresAtLT(c.now())).CountX(sctx); n != 1 {
		t.Fatalf("%d expired rows, want the one of a", n)
	}
	for i := range 2 {
		if d, err := l.Take(ctx, "a"); err != nil || d != 0 {
			t.Fatalf("attempt %d after expiry: wait %v, %v", i+1, d, err)
		}
	}
}
