package store

import (
	"context"
	"database/sql"
	"strings"
	"sync"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
)

// SQLite compiles every statement it is given; database/sql through ent
// hands it the same few hundred statement texts again and again (the
// profile of the load benchmark showed a quarter of a request's CPU in
// sqlite3Prepare). stmtCache prepares each distinct text once: a *sql.Stmt
// keeps one preparation per pooled connection, and a transaction reuses the
// one of its connection (sql.Tx.StmtContext). PostgreSQL needs none of
// this: pgx prepares and caches statements per connection by itself
// (QueryExecModeCacheStatement, its default).

// stmtCacheMax bounds the statements kept; texts beyond it (lists of ids
// of every length make new texts) run unprepared, as before.
const stmtCacheMax = 512

type stmtCache struct {
	db    *sql.DB
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
	full  bool
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, stmts: map[string]*sql.Stmt{}}
}

// cacheable tells whether a text is one statement of the four kinds ent
// sends at run time (the schema upgrade's DDL goes unprepared).
func cacheable(query string) bool {
	q := strings.TrimSpace(query)
	if len(q) < 6 || strings.Contains(q, ";") {
		return false
	}
	switch strings.ToUpper(q[:6]) {
	case "SELECT", "INSERT", "UPDATE", "DELETE":
		return true
	}
	return false
}

// stmt returns the prepared statement of query, or nil when it is not kept.
func (c *stmtCache) stmt(ctx context.Context, query string) *sql.Stmt {
	c.mu.RLock()
	s, ok := c.stmts[query]
	full := c.full
	c.mu.RUnlock()
	if ok {
		return s
	}
	if full || !cacheable(query) {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.stmts[query]; ok {
		return s
	}
	if len(c.stmts) >= stmtCacheMax {
		c.full = true
		return nil
	}
	s, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		// Let the plain call report the error as it would have.
		return nil
	}
	c.stmts[query] = s
	return s
}

func (c *stmtCache) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s := c.stmt(ctx, query); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return c.db.ExecContext(ctx, query, args...)
}

func (c *stmtCache) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s := c.stmt(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return c.db.QueryContext(ctx, query, args...)
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.stmts {
		s.Close()
	}
	clear(c.stmts)
}

// txStmts runs a transaction's statements through the cache's preparations.
type txStmts struct {
	tx    *sql.Tx
	cache *stmtCache
}

func (t txStmts) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s := t.cache.stmt(ctx, query); s != nil {
		return t.tx.StmtContext(ctx, s).ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, query, args...)
}

func (t txStmts) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s := t.cache.stmt(ctx, query); s != nil {
		return t.tx.StmtContext(ctx, s).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

// preparingDriver is ent's SQL driver with statements prepared once.
type preparingDriver struct {
	*entsql.Driver
	db    *sql.DB
	cache *stmtCache
}

func newPreparingDriver(name string, db *sql.DB) *preparingDriver {
	c := newStmtCache(db)
	return &preparingDriver{Driver: entsql.NewDriver(name, entsql.Conn{ExecQuerier: c}), db: db, cache: c}
}

func (d *preparingDriver) Tx(ctx context.Context) (dialect.Tx, error) { return d.BeginTx(ctx, nil) }

func (d *preparingDriver) BeginTx(ctx context.Context, opts *sql.TxOptions) (dialect.Tx, error) {
	tx, err := d.db.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &entsql.Tx{Conn: entsql.Conn{ExecQuerier: txStmts{tx: tx, cache: d.cache}}, Tx: tx}, nil
}

// DB is the pool, as entsql.Driver.DB answers.
func (d *preparingDriver) DB() *sql.DB { return d.db }

func (d *preparingDriver) Close() error {
	d.cache.close()
	return d.db.Close()
}
