package events

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/studio/gallery/internal/testdb"
)

func next(t *testing.T, s *Subscription) []Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	evs, err := s.Next(ctx)
	if err != nil {
		t.Fatalf("Next: %v", err)
	}
	return evs
}

func TestLocalDeliversCoalescesAndCloses(t *testing.T) {
	b := NewLocal()
	a, other := b.Subscribe("cart:1"), b.Subscribe("cart:2")
	ctx := context.Background()
	for _, id := range []string{"x", "y", "x", "x"} {
		if err := b.Publish(ctx, "cart:1", id); err != nil {
			t.Fatal(err)
		}
	}
	evs := next(t, a)
	if len(evs) != 2 || evs[0].ID != "x" || evs[1].ID != "y" {
		t.Fatalf("got %+v, want x then y, coalesced", evs)
	}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := other.Next(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("other topic got %v", err)
	}
	a.Close()
	if _, err := a.Next(ctx); err != ErrClosed {
		t.Fatalf("after Close: %v", err)
	}
	if n := b.Subscribers(); n != 1 {
		t.Fatalf("subscribers = %d, want 1", n)
	}
	b.Close()
	if _, err := other.Next(ctx); err != ErrClosed {
		t.Fatalf("after broker Close: %v", err)
	}
}

func TestPostgresCrossesServersCommitsAndResyncs(t *testing.T) {
	if !testdb.Postgres() {
		t.Skip("PostgreSQL LISTEN/NOTIFY: runs with TEST_DATABASE=postgres")
	}
	url := testdb.CreatePostgres(t)
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	one, err := NewPostgres(ctx, db, url, log)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	two, err := NewPostgres(ctx, db, url, log)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()

	sub := two.Subscribe("order:ord_1")
	defer sub.Close()
	if err := one.Publish(ctx, "order:ord_1", "ord_1"); err != nil {
		t.Fatal(err)
	}
	if evs := next(t, sub); len(evs) != 1 || evs[0].ID != "ord_1" {
		t.Fatalf("got %+v", evs)
	}

	// A rolled-back transaction sends nothing; a committed one does.
	tx, _ := db.BeginTx(ctx, nil)
	if err := one.PublishWith(ctx, tx, "order:ord_1", "rolled-back"); err != nil {
		t.Fatal(err)
	}
	_ = tx.Rollback()
	tx, _ = db.BeginTx(ctx, nil)
	if err := one.PublishWith(ctx, tx, "order:ord_1", "committed"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if evs := next(t, sub); len(evs) != 1 || evs[0].ID != "committed" {
		t.Fatalf("got %+v, want only the committed event", evs)
	}

	// Cut server two's listening connection: it reconnects and asks its
	// subscribers to resynchronise, then receives events again.
	if _, err := db.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	gotResync := false
	for !gotResync && time.Now().Before(deadline) {
		for _, e := range next(t, sub) {
			gotResync = gotResync || e.Resync()
		}
	}
	if !gotResync {
		t.Fatal("no resync event after the connection was cut")
	}
	for time.Now().Before(deadline) {
		_ = one.Publish(ctx, "order:ord_1", "after")
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		evs, _ := sub.Next(short)
		cancel()
		for _, e := range evs {
			if e.ID == "after" {
				return
			}
		}
	}
	t.Fatal("no event after reconnecting")
}
