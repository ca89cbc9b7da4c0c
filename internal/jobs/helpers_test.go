package jobs_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/riverqueue/river/rivertype"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/jobs/jobstest"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/viewer"
)

// testLogger shows River's warnings and errors, which should not happen in
// passing tests, and hides its routine information.
func testLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// newRunner builds a runner for tests (jobstest.New: fast retries and
// polling) that shows River's warnings; it is stopped when the test ends.
func newRunner(t *testing.T, db *store.DB, cfg jobs.Config) *jobs.Runner {
	t.Helper()
	cfg.Logger = testLogger()
	return jobstest.New(t, db, cfg)
}

func start(t *testing.T, r *jobs.Runner) {
	t.Helper()
	if err := r.Start(context.Background()); err != nil {
		t.Fatalf("start: %v", err)
	}
}

// wait returns the next n jobs that finish, failing the test after 30 s.
func wait(t *testing.T, w *jobs.Watch, n int) []*rivertype.JobRow {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	got, err := w.Wait(ctx, n)
	if err != nil {
		t.Fatalf("wait for jobs: %v", err)
	}
	return got
}

// exec runs raw SQL written with ? placeholders on either database.
func exec(t *testing.T, db *store.DB, query string, args ...any) {
	t.Helper()
	if db.Dialect == dialect.Postgres {
		for i := 1; strings.Contains(query, "?"); i++ {
			query = strings.Replace(query, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	if _, err := db.SQL.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("exec %q: %v", query, err)
	}
}

type fixture struct {
	pg *ent.Photographer
	g  *ent.Gallery
}

func setup(t *testing.T, db *ent.Client) fixture {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	pg := db.Photographer.Create().SetName("Studio Lumière").SetEmail("studio@example.com").SaveX(ctx)
	g := db.Gallery.Create().SetURL("mariage").SetEventName("Mariage").SetPhotographer(pg).SaveX(ctx)
	return fixture{pg: pg, g: g}
}

// memStore is an empty in-memory bucket.
func memStore(t *testing.T) *media.Store {
	t.Helper()
	s, err := media.Open(context.Background(), testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
