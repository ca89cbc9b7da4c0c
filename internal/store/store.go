// Package store opens the database (SQLite by default, PostgreSQL through
// pgx), upgrades its schema and installs the rules every query obeys.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/migrate"
)

func init() {
	// ent's SQLite dialect expects the driver name "sqlite3".
	sql.Register("sqlite3", &sqlite.Driver{})
}

// sqlitePragmas turn on foreign keys, write-ahead logging and a busy wait.
const sqlitePragmas = "_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"

// DB is an open database: the ent client and the raw handle under it.
type DB struct {
	Client  *ent.Client
	SQL     *sql.DB
	Dialect string
	// URL is the PostgreSQL address the database was opened with (empty on
	// SQLite), for components that need their own pgx pool (River).
	URL string
	// Writes queues write transactions on SQLite (nil on PostgreSQL);
	// ent's transactions take it, and so must any other (internal/jobs).
	Writes *WriteLock
	// stmts prepares statements once on SQLite (stmtcache.go).
	stmts *stmtCache
	// wrap is Options.Wrap, for clients bound to a transaction begun
	// outside ent (internal/jobs): a test counts their statements too.
	wrap func(dialect.Driver) dialect.Driver
	// shared tells that this process hears the writes of the other
	// processes on PostgreSQL (ShareWrites).
	shared atomic.Bool
	// closers run first in Close (AnnounceWrites' sender).
	closers []func()
	// stopWatch stops watching other processes' writes (Options.Watch).
	stopWatch chan struct{}
	watchDone chan struct{}
}

// WrapDriver wraps a driver as Options.Wrap asked (unchanged without it).
func (d *DB) WrapDriver(drv dialect.Driver) dialect.Driver {
	if d.wrap == nil {
		return drv
	}
	return d.wrap(drv)
}

// Options say which database to open.
type Options struct {
	// DatabaseURL is postgres://... for PostgreSQL; empty for SQLite.
	DatabaseURL string
	// SQLitePath is the SQLite file used when DatabaseURL is empty.
	SQLitePath string
	// Wrap lets tests wrap the driver (to count statements, for example).
	Wrap func(dialect.Driver) dialect.Driver
	// Watch (the server, SQLite only): the writes other processes announce
	// make every value kept from the database stale at once (outside.go).
	Watch bool
	// Announce (the commands, SQLite only): each committed write is
	// announced to a server watching the same database.
	Announce bool
	// BeforeUpgrade, when set, runs before an upgrade that changes the
	// schema of a database holding data (under the migration lock on
	// PostgreSQL, so once per cluster): the server takes a snapshot there.
	// Its error stops the upgrade and the start.
	BeforeUpgrade func(ctx context.Context) error
}

// Open connects, upgrades the schema and installs the interceptors and hooks.
func Open(ctx context.Context, o Options) (*DB, error) {
	var (
		db   *sql.DB
		name string
		err  error
	)
	if o.DatabaseURL != "" {
		name = dialect.Postgres
		db, err = sql.Open("pgx", o.DatabaseURL)
		if err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(10)
		db.SetConnMaxIdleTime(5 * time.Minute)
	} else {
		name = dialect.SQLite
		if err := os.MkdirAll(filepath.Dir(o.SQLitePath), 0o755); err != nil {
			return nil, fmt.Errorf("store: data dir: %w", err)
		}
		db, err = sql.Open("sqlite3", "file:"+o.SQLitePath+"?"+sqlitePragmas)
		if err != nil {
			return nil, fmt.Errorf("store: open sqlite: %w", err)
		}
		// One writer at a time is what SQLite allows; readers share the pool.
		db.SetMaxOpenConns(8)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	var drv dialect.Driver = entsql.OpenDB(name, db)
	var writes *WriteLock
	var stmts *stmtCache
	if name == dialect.SQLite {
		writes = newWriteLock()
		pd := newPreparingDriver(name, db)
		stmts = pd.cache
		drv = lockingDriver{Driver: pd, lock: writes}
	}
	if o.Wrap != nil {
		drv = o.Wrap(drv)
	}
	client := ent.NewClient(ent.Driver(drv))
	// Upgrades add tables, columns and indexes; they never drop data.
	if err := migrateLocked(ctx, db, name, func() error {
		if o.BeforeUpgrade != nil {
			changes, err := schemaChange(ctx, db, name)
			if err != nil {
				return fmt.Errorf("read the schema's version: %w", err)
			}
			if changes {
				if err := o.BeforeUpgrade(ctx); err != nil {
					return fmt.Errorf("before the schema upgrade: %w", err)
				}
			}
		}
		// ent's migration prepares its package-level table definitions in
		// place: two databases opened at once in one process (parallel
		// tests) must take turns.
		schemaMu.Lock()
		defer schemaMu.Unlock()
		if err := client.Schema.Create(ctx, migrate.WithForeignKeys(true)); err != nil {
			return err
		}
		return recordSchema(ctx, db, name)
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	installRules(client)
	d := &DB{Client: client, SQL: db, Dialect: name, URL: o.DatabaseURL, Writes: writes, stmts: stmts, wrap: o.Wrap}
	if name == dialect.SQLite {
		path := announcePath(o.SQLitePath)
		if o.Announce {
			(&announcer{path: path}).install(client)
		}
		if o.Watch {
			d.stopWatch, d.watchDone = make(chan struct{}), make(chan struct{})
			go func() {
				defer close(d.watchDone)
				watch(client, path, d.stopWatch)
			}()
		}
	}
	return d, nil
}

// schemaMu serialises ent's schema migrations within the process.
var schemaMu sync.Mutex

// migrationLock is the PostgreSQL advisory lock key held while the schema
// is upgraded, so that replicas starting together take turns.
const migrationLock = 0x67616c6c // "gall"

// migrateLocked runs fn under the migration lock on PostgreSQL (SQLite
// serialises writers itself).
func migrateLocked(ctx context.Context, db *sql.DB, name string, fn func() error) error {
	if name != dialect.Postgres {
		return fn()
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", migrationLock); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLock) //nolint:errcheck
	return fn()
}

// Close closes the database.
func (d *DB) Close() error {
	for _, c := range d.closers {
		c()
	}
	d.closers = nil
	if d.stopWatch != nil {
		close(d.stopWatch)
		<-d.watchDone
		d.stopWatch = nil
	}
	installed.Delete(d.Client) // the Writes registered for BumpAll go with it
	return d.Client.Close()
}
