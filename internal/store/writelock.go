package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"entgo.io/ent/dialect"
)

// SQLite takes one writer at a time. Transactions begin IMMEDIATE (they
// take the write lock at once), and a writer that finds the lock taken
// polls for it (busy_timeout) with growing sleeps: under many concurrent
// writers (a hundred buyers ordering at once) that is slow and unfair, and
// some give up with SQLITE_BUSY. So write transactions first queue for an
// in-process lock, which hands the database to one of them at a time.

// maxWriteWait bounds the wait for the write lock: a transaction that
// would wait longer (a write transaction begun inside another, a bug) fails
// instead of hanging.
const maxWriteWait = 60 * time.Second

// ErrWriteWait is returned when the write lock could not be had in time.
var ErrWriteWait = errors.New("store: timed out waiting for the write lock")

// WriteLock queues write transactions on one SQLite database.
type WriteLock struct{ ch chan struct{} }

func newWriteLock() *WriteLock { return &WriteLock{ch: make(chan struct{}, 1)} }

// Acquire waits for the lock; the returned func releases it.
func (l *WriteLock) Acquire(ctx context.Context) (func(), error) {
	if l == nil {
		return func() {}, nil
	}
	t := time.NewTimer(maxWriteWait)
	defer t.Stop()
	select {
	case l.ch <- struct{}{}:
		released := false
		return func() {
			if !released {
				released = true
				<-l.ch
			}
		}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-t.C:
		return nil, ErrWriteWait
	}
}

// lockingDriver makes ent's transactions on SQLite take the write lock.
type lockingDriver struct {
	dialect.Driver
	lock *WriteLock
}

func (d lockingDriver) Tx(ctx context.Context) (dialect.Tx, error) {
	release, err := d.lock.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: begin: %w", err)
	}
	tx, err := d.Driver.Tx(ctx)
	if err != nil {
		release()
		return nil, err
	}
	return &lockedTx{Tx: tx, release: release}, nil
}

type lockedTx struct {
	dialect.Tx
	release func()
}

func (t *lockedTx) Commit() error {
	defer t.release()
	return t.Tx.Commit()
}

func (t *lockedTx) Rollback() error {
	defer t.release()
	return t.Tx.Rollback()
}

// QueryContext passes a single statement through (ent's client
// QueryContext: internal/access.Limiter's upsert); like ent's own single
// statements, it does not take the write lock.
func (d lockingDriver) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	q, ok := d.Driver.(interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	})
	if !ok {
		return nil, fmt.Errorf("store: QueryContext is not supported by %T", d.Driver)
	}
	return q.QueryContext(ctx, query, args...)
}

// ExecContext is QueryContext for a statement without rows.
func (d lockingDriver) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	e, ok := d.Driver.(interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	})
	if !ok {
		return nil, fmt.Errorf("store: ExecContext is not supported by %T", d.Driver)
	}
	return e.ExecContext(ctx, query, args...)
}
