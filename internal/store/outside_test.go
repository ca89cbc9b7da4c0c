package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/internal/viewer"
)

// A server watching a SQLite database (Watch) learns of the writes a
// command makes to the same file (Announce) within a few watch intervals:
// every Writes installed on its client counts one, so what it keeps is
// stale; its own reads and writes, and a command's reads, announce nothing.
func TestWritesOfAnotherProcessMakeKeptValuesStale(t *testing.T) {
	ctx := viewer.SystemContext(context.Background())
	path := filepath.Join(t.TempDir(), "gallery.db")
	server, err := Open(ctx, Options{SQLitePath: path, Watch: true})
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	if !server.Watching() {
		t.Fatal("a SQLite server opened with Watch is not watching")
	}
	var w Writes
	w.Install(server.Client, func(string) bool { return false }) // counts none of its own
	kept := Kept[int]{Writes: &w, TTL: time.Hour}
	reads := 0
	get := func() int {
		v, err := kept.Get("k", func() (int, error) { reads++; return reads, nil })
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	get()

	command, err := Open(ctx, Options{SQLitePath: path, Announce: true})
	if err != nil {
		t.Fatal(err)
	}
	defer command.Close()
	// Reads announce nothing.
	command.Client.Photographer.Query().CountX(ctx)
	time.Sleep(5 * WatchInterval)
	if get() != 1 {
		t.Fatal("a command's read made the kept value stale")
	}
	// A write outside a transaction, then one inside.
	command.Client.Photographer.Create().SetName("Studio").SetEmail("a@example.com").ExecX(ctx)
	waitStale := func(what string, want int) {
		t.Helper()
		deadline := time.Now().Add(20 * WatchInterval)
		for get() != want {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the server still keeps the value read before it", what)
			}
			time.Sleep(WatchInterval / 4)
		}
	}
	waitStale("a command's write", 2)
	tx, err := command.Client.Tx(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tx.Photographer.Update().Where(photographer.Email("a@example.com")).SetName("Studio 2").ExecX(ctx)
	time.Sleep(5 * WatchInterval)
	if get() != 2 {
		t.Fatal("a write not yet committed was announced")
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	waitStale("a command's committed transaction", 3)

	// The server's own write is counted by its own Writes rules, not
	// announced to itself.
	server.Client.Photographer.Update().SetName("Studio 3").ExecX(ctx)
	time.Sleep(5 * WatchInterval)
	if get() != 3 {
		t.Fatal("the server's own write came back as another process's")
	}
}
