// Package jobstest runs a job runner in tests of the packages that
// enqueue through internal/jobs: failed jobs are retried within
// milliseconds, and the runner stops when the test ends.
package jobstest

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/store"
)

// fastRetry retries a failed job 20 ms later.
type fastRetry struct{}

func (fastRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(20 * time.Millisecond) }

// New builds a runner over db with cfg (TestOnly, a quiet logger, fast
// retries and polling unless cfg says otherwise) and stops it when the
// test ends, before the database closes. Run starts it.
func New(t testing.TB, db *store.DB, cfg jobs.Config) *jobs.Runner {
	t.Helper()
	cfg.TestOnly = true
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	}
	if cfg.RetryPolicy == nil {
		cfg.RetryPolicy = fastRetry{}
	}
	if cfg.FetchPollInterval == 0 {
		cfg.FetchPollInterval = 100 * time.Millisecond
	}
	r, err := jobs.New(context.Background(), db, cfg)
	if err != nil {
		t.Fatalf("jobs.New: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := r.Stop(ctx); err != nil {
			t.Errorf("jobs: stop: %v", err)
		}
	})
	return r
}

// Run starts r.
func Run(t testing.TB, r *jobs.Runner) {
	t.Helper()
	if err := r.Start(context.Background()); err != nil {
		t.Fatalf("jobs: start: %v", err)
	}
}

// Start is New then Run.
func Start(t testing.TB, db *store.DB, cfg jobs.Config) *jobs.Runner {
	t.Helper()
	r := New(t, db, cfg)
	Run(t, r)
	return r
}

// Count counts the jobs of kind in the given states (all states if none).
// Kinds and states are the code's constants, written into the query.
func Count(t testing.TB, db *store.DB, kind string, states ...rivertype.JobState) int {
	t.Helper()
	q := "SELECT COUNT(*) FROM river_job WHERE kind = '" + kind + "'"
	if len(states) > 0 {
		in := make([]string, len(states))
		for i, st := range states {
			in[i] = "'" + string(st) + "'"
		}
		q += " AND state IN (" + strings.Join(in, ", ") + ")"
	}
	var n int
	if err := db.SQL.QueryRowContext(context.Background(), q).Scan(&n); err != nil {
		t.Fatalf("jobstest: count %s: %v", kind, err)
	}
	return n
}

// MailDown starts a runner whose e-mails go to an SMTP test server that is
// down (it refuses mail until srv.SetDown(false)), and returns the runner,
// the server and the failed-job events.
func MailDown(t testing.TB, db *store.DB) (*jobs.Runner, *mailtest.Server, <-chan *river.Event) {
	t.Helper()
	srv := mailtest.Start(t, "", "")
	sender, err := mail.New(mail.Options{SMTPURL: srv.URL, From: "Galerie <no-reply@example.com>"})
	if err != nil {
		t.Fatal(err)
	}
	r := New(t, db, jobs.Config{Mail: sender})
	failed, stop := r.Subscribe(river.EventKindJobFailed)
	t.Cleanup(stop)
	Run(t, r)
	srv.SetDown(true)
	return r, srv, failed
}
