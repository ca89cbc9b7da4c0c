package store

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestKeptValues(t *testing.T) {
	var w Writes
	k := &Kept[int]{Writes: &w, TTL: time.Hour, Max: 2}
	var loads atomic.Int32
	load := func(v int) func() (int, error) {
		return func() (int, error) { loads.Add(1); return v, nil }
	}
	get := func(key string, v int) int {
		t.Helper()
		got, err := k.Get(key, load(v))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}

	if get("a", 1) != 1 || get("a", 2) != 1 || loads.Load() != 1 {
		t.Fatalf("a kept value was read again (%d loads)", loads.Load())
	}
	w.Bump()
	if get("a", 3) != 3 {
		t.Fatal("a value read before a write was kept")
	}
	// A value read while a write ran is returned but not kept.
	got, _ := k.Get("b", func() (int, error) { w.Bump(); return 4, nil })
	if got != 4 || get("b", 5) != 5 {
		t.Fatal("a value read during a write was kept")
	}
	// Errors are not kept.
	boom := errors.New("boom")
	if _, err := k.Get("c", func() (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if get("c", 6) != 6 {
		t.Fatal("an error was kept")
	}
	// Beyond Max keys, the least recently used goes (a was used before b,
	// c made three).
	if n := k.cache().Len(); n > k.Max {
		t.Fatalf("%d values kept, Max %d", n, k.Max)
	}
	if k.cache().Contains("a") || !k.cache().Contains("b") {
		t.Fatalf("kept %v, want b and c", k.cache().Keys())
	}
	// Past TTL a value is read again.
	e, _ := k.cache().Peek("c")
	e.made = time.Now().Add(-2 * time.Hour)
	k.cache().Add("c", e)
	if get("c", 7) != 7 {
		t.Fatal("a value past its TTL was kept")
	}
}

func TestKeptReadsOnceForConcurrentMisses(t *testing.T) {
	var w Writes
	k := &Kept[string]{Writes: &w, TTL: time.Hour}
	var loads atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := k.Get("g", func() (string, error) {
				loads.Add(1)
				<-release
				return "row", nil
			})
			if err != nil || v != "row" {
				t.Errorf("caller %d: %q, %v", i, v, err)
			}
		}()
	}
	time.Sleep(50 * time.Millisecond) // let the callers pile up on the first load
	close(release)
	wg.Wait()
	if n := loads.Load(); n < 1 || n >= 20 { // callers that missed together shared a read
		t.Fatalf("%d loads", n)
	}
	// Whatever the scheduling, the value is now kept.
	before := loads.Load()
	if v, _ := k.Get("g", func() (string, error) { loads.Add(1); return "again", nil }); v != "row" || loads.Load() != before {
		t.Fatal("the value read by the concurrent callers was not kept")
	}
}
