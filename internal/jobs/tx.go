package jobs

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/store"
)

// InTx runs fn in one database transaction: the ent client it gets and the
// jobs it enqueues share that transaction, so they are committed together
// when fn returns nil, and neither exists if fn fails (or panics), or if the
// commit fails. The client carries the store's privacy interceptors and
// catalogue hooks; it must not be used after fn returns, nor from other
// goroutines, and it cannot start a transaction of its own (ent.ErrTxStarted).
//
// On SQLite, ent and River both run on the same *sql.Tx. On PostgreSQL,
// InTx reserves one connection of the store's pgx-backed *sql.DB, begins a
// pgx transaction on the *pgx.Conn under it (which River's riverpgxv5
// needs), and runs ent over the same reserved connection: statements on one
// PostgreSQL connection all belong to its open transaction.
func (r *Runner) InTx(ctx context.Context, fn func(ctx context.Context, tx *ent.Client, enq Enqueuer) error) error {
	if r.lite != nil {
		return r.inTxSQLite(ctx, fn)
	}
	return r.inTxPostgres(ctx, fn)
}

func (r *Runner) inTxSQLite(ctx context.Context, fn func(context.Context, *ent.Client, Enqueuer) error) error {
	release, err := r.db.Writes.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("jobs: begin: %w", err)
	}
	defer release()
	tx, err := r.db.SQL.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("jobs: begin: %w", err)
	}
	done := false
	defer func() {
		if !done { // an error or a panic
			_ = tx.Rollback()
		}
	}()
	client, err := r.boundClient(ctx, dialect.SQLite, tx)
	if err != nil {
		return err
	}
	if err := fn(ctx, client, txEnqueuer[*sql.Tx]{c: r.lite, tx: tx, box: r.box}); err != nil {
		return err
	}
	done = true
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("jobs: commit: %w", err)
	}
	return nil
}

func (r *Runner) inTxPostgres(ctx context.Context, fn func(context.Context, *ent.Client, Enqueuer) error) error {
	conn, err := r.db.SQL.Conn(ctx)
	if err != nil {
		return fmt.Errorf("jobs: reserve connection: %w", err)
	}
	defer conn.Close()
	var pc *pgx.Conn
	if err := conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("jobs: connection is %T, not pgx", dc)
		}
		pc = sc.Conn()
		return nil
	}); err != nil {
		return err
	}
	// From here the *pgx.Conn is used outside Raw: this is safe because
	// conn is reserved for this goroutine until Close, and every statement
	// (ent's through conn, River's through ptx) runs one after another.
	ptx, err := pc.Begin(ctx)
	if err != nil {
		return fmt.Errorf("jobs: begin: %w", err)
	}
	done := false
	defer func() {
		if done {
			return
		}
		// Rolls back on error and on panic. A failed rollback closes the
		// pgx connection; the stdlib driver then discards it from the pool,
		// as it does any connection handed back with a transaction open.
		_ = ptx.Rollback(context.WithoutCancel(ctx))
	}()
	client, err := r.boundClient(ctx, dialect.Postgres, conn)
	if err != nil {
		return err
	}
	if err := fn(ctx, client, txEnqueuer[pgx.Tx]{c: r.pg, tx: ptx, box: r.box}); err != nil {
		return err
	}
	done = true
	if err := ptx.Commit(ctx); err != nil {
		return fmt.Errorf("jobs: commit: %w", err)
	}
	return nil
}

// boundClient returns an ent client whose every statement runs on x, with
// the store's rules installed. It is the client of an ent.Tx over a driver
// whose transaction is x itself, so that ent's builders (which open
// transactions for multi-statement writes) and nested Tx calls behave as
// inside any ent transaction; committing stays InTx's business.
func (r *Runner) boundClient(ctx context.Context, name string, x entsql.ExecQuerier) (*ent.Client, error) {
	base := ent.NewClient(ent.Driver(r.db.WrapDriver(&boundDriver{Driver: entsql.NewDriver(name, entsql.Conn{ExecQuerier: x})})))
	store.InstallRules(base)
	etx, err := base.Tx(ctx)
	if err != nil {
		return nil, fmt.Errorf("jobs: bind ent: %w", err)
	}
	return etx.Client(), nil
}

// boundDriver is an ent driver over a connection or transaction that is
// already in a transaction: its Tx joins it.
type boundDriver struct{ *entsql.Driver }

func (d *boundDriver) Tx(context.Context) (dialect.Tx, error) { return joinedTx{d.Driver}, nil }

// BeginTx joins the transaction too; the options cannot apply to it.
func (d *boundDriver) BeginTx(context.Context, *sql.TxOptions) (dialect.Tx, error) {
	return joinedTx{d.Driver}, nil
}

// Close leaves the connection to InTx.
func (d *boundDriver) Close() error { return nil }

// joinedTx is the outer transaction seen from ent: committing and rolling
// back are InTx's decisions, taken from fn's result.
type joinedTx struct{ *entsql.Driver }

func (joinedTx) Commit() error   { return nil }
func (joinedTx) Rollback() error { return nil }

var _ driver.Tx = joinedTx{}

// txEnqueuer inserts jobs in one transaction; box is its runner's, so that
// EnqueueMail can seal messages enqueued through it.
type txEnqueuer[TTx any] struct {
	c   *river.Client[TTx]
	tx  TTx
	box *mailBox
}

func (e txEnqueuer[TTx]) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (int64, error) {
	res, err := e.c.InsertTx(ctx, e.tx, args, opts)
	if err != nil {
		return 0, fmt.Errorf("jobs: enqueue %s: %w", args.Kind(), err)
	}
	return res.Job.ID, nil
}

// errNoRunner is returned by the enqueue helpers when given no enqueuer.
var errNoRunner = errors.New("jobs: no enqueuer")
