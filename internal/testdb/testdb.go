// Package testdb gives each test a fresh database: a SQLite file in the
// test's temporary folder, or a new PostgreSQL database that is dropped
// afterwards. TEST_DATABASE=postgres selects PostgreSQL (TEST_POSTGRES_URL
// names the server); anything else selects SQLite.
package testdb

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/store"
)

// Postgres tells whether the tests run on PostgreSQL.
func Postgres() bool { return os.Getenv("TEST_DATABASE") == "postgres" }

// Counter counts SQL statements sent through a database, and keeps the
// text of those sent since the last Reset (for a failing test to show).
type Counter struct {
	n    atomic.Int64
	mu   sync.Mutex
	sent []string
}

// Reset sets the count to zero.
func (c *Counter) Reset() {
	c.mu.Lock()
	c.sent = nil
	c.n.Store(0)
	c.mu.Unlock()
}

// Statements returns what was sent since the last Reset (at most the
// first 100), one line each.
func (c *Counter) Statements() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.sent)
}

func (c *Counter) add(args ...any) {
	c.n.Add(1)
	c.mu.Lock()
	if len(c.sent) < 100 {
		c.sent = append(c.sent, fmt.Sprint(args...))
	}
	c.mu.Unlock()
}

// Count returns the statements sent since the last Reset.
func (c *Counter) Count() int64 { return c.n.Load() }

// Options tune Open.
type Options struct {
	// Counter, when set, counts every statement.
	Counter *Counter
}

// Open returns a fresh, migrated database that is closed (and dropped) when
// the test ends.
func Open(t testing.TB, opts ...Options) *store.DB {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	so := store.Options{SQLitePath: filepath.Join(t.TempDir(), "test.db")}
	if o.Counter != nil {
		c := o.Counter
		so.Wrap = func(d dialect.Driver) dialect.Driver {
			return dialect.DebugWithContext(d, func(_ context.Context, args ...any) { c.add(args...) })
		}
	}
	if Postgres() {
		so.DatabaseURL = CreatePostgres(t)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	db, err := store.Open(ctx, so)
	if err != nil {
		t.Fatalf("testdb: open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// CreatePostgres creates an empty PostgreSQL database for the test and
// returns its URL; it is dropped when the test ends.
func CreatePostgres(t testing.TB) string {
	t.Helper()
	admin := os.Getenv("TEST_POSTGRES_URL")
	if admin == "" {
		admin = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	name := "gallery_test_" + strings.ToLower(ids.Token(12))
	adb, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("testdb: postgres: %v", err)
	}
	if _, err := adb.Exec("CREATE DATABASE " + name); err != nil {
		adb.Close()
		t.Fatalf("testdb: create database (is PostgreSQL running on %s?): %v", admin, err)
	}
	t.Cleanup(func() {
		defer adb.Close()
		if _, err := adb.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Logf("testdb: drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("testdb: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// Name describes the database in test names and logs.
func Name() string {
	if Postgres() {
		return "postgres"
	}
	return "sqlite"
}
