package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivermigrate"
)

// migrateLockKey names the advisory lock that serialises River migrations
// between servers starting together ("gallriv" in ASCII).
const migrateLockKey int64 = 0x67616c6c726976

// migratePostgres applies River's pending migrations while holding a
// transaction-level advisory lock on a separate connection: a second server
// starting at the same moment waits, then finds nothing left to apply. The
// lock goes away with the transaction, even if this process dies.
func migratePostgres(ctx context.Context, pool *pgxpool.Pool, drv riverdriver.Driver[pgx.Tx], log *slog.Logger) error {
	lockTx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("jobs: migrate: %w", err)
	}
	defer lockTx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // releases the lock
	if _, err := lockTx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrateLockKey); err != nil {
		return fmt.Errorf("jobs: migrate lock: %w", err)
	}
	return migrateUp(ctx, drv, log)
}

// migrateSQLite applies River's pending migrations. SQLite has no advisory
// locks, and each migration runs in its own transaction, so runners racing
// on one file can collide on a version another just applied; trying again
// reads the applied versions afresh and goes on from there.
func migrateSQLite(ctx context.Context, drv riverdriver.Driver[*sql.Tx], log *slog.Logger) error {
	var err error
	for range 10 {
		if err = migrateUp(ctx, drv, log); err == nil || ctx.Err() != nil {
			return err
		}
	}
	return err
}

func migrateUp[TTx any](ctx context.Context, drv riverdriver.Driver[TTx], log *slog.Logger) error {
	m, err := rivermigrate.New(drv, &rivermigrate.Config{Logger: log})
	if err != nil {
		return fmt.Errorf("jobs: migrator: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("jobs: migrate: %w", err)
	}
	return nil
}
