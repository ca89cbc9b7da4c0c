package app_test

import (
	"context"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// TestCommandsAnnounceTheirWritesOnPostgres: on PostgreSQL a server that
// hears the other processes' writes (ShareWrites) keeps what it reads for
// ten minutes, and a command's write (AnnounceWrites: the command counts
// nothing itself) makes stale at once what it affects there; the notice
// pending when the command ends goes out with its Close. A server that
// hears nothing keeps for a second. (On SQLite the commands announce
// through a file: store's TestWritesOfAnotherProcessMakeKeptValuesStale.)
func TestCommandsAnnounceTheirWritesOnPostgres(t *testing.T) {
	ctx := viewer.SystemContext(context.Background())
	server := testdb.Open(t)
	if server.Dialect != dialect.Postgres {
		t.Skip("PostgreSQL only (TEST_DATABASE=postgres)")
	}
	if got := app.KeepFor(config.Config{}, server); got != time.Second {
		t.Fatalf("KeepFor %v before sharing writes, want 1s", got)
	}
	ev, err := events.NewPostgres(ctx, server.SQL, server.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ev.Close() })
	var photographers, galleries store.Writes
	photographers.Install(server.Client, func(t string) bool { return t == ent.TypePhotographer })
	galleries.Install(server.Client, func(t string) bool { return t == ent.TypeGallery })
	t.Cleanup(app.ShareWrites(server, ev, nil))
	if got := app.KeepFor(config.Config{}, server); got != 10*time.Minute {
		t.Fatalf("KeepFor %v when writes are shared, want 10m", got)
	}

	cmd, err := store.Open(ctx, store.Options{DatabaseURL: server.URL, Announce: true})
	if err != nil {
		t.Fatal(err)
	}
	app.AnnounceWrites(cmd, nil)
	before := photographers.Load()
	if _, err := cmd.Client.Photographer.Create().SetName("Anne").SetEmail("anne@example.com").Save(ctx); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for photographers.Load() == before && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if photographers.Load() == before {
		t.Fatal("the command's write never reached the server")
	}
	if galleries.Load() != 0 {
		t.Fatalf("a photographer's write made the galleries stale (%d)", galleries.Load())
	}
}
