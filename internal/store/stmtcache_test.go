package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/viewer"
)

func TestCacheableStatements(t *testing.T) {
	for q, want := range map[string]bool{
		"SELECT `id` FROM `photos` WHERE `gallery_id` = ?": true,
		"  insert into x values (?)":                       true,
		"UPDATE `formats` SET `unit_price` = ?":            true,
		"DELETE FROM `carts` WHERE `id` = ?":               true,
		"CREATE INDEX x ON y (z)":                          false,
		"SELECT 1; DELETE FROM photos":                     false,
		"PRAGMA foreign_keys = on":                         false,
		"":                                                 false,
	} {
		if got := cacheable(q); got != want {
			t.Errorf("cacheable(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestPreparedStatementsOnSQLite: through the SQLite store, reads and
// writes, in and out of transactions, are prepared once per text; a
// rolled-back transaction leaves nothing; the bound on kept texts holds
// and texts beyond it still run.
func TestPreparedStatementsOnSQLite(t *testing.T) {
	ctx := viewer.SystemContext(context.Background())
	db, err := Open(ctx, Options{SQLitePath: filepath.Join(t.TempDir(), "s.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cache := db.stmts
	if cache == nil {
		t.Fatal("the SQLite store does not prepare statements")
	}

	pg := db.Client.Photographer.Create().SetName("Studio").SetEmail("s@example.com").SaveX(ctx)
	g := db.Client.Gallery.Create().SetURL("one").SetEventName("One").SetPhotographer(pg).SaveX(ctx)
	cat := db.Client.Category.Create().SetGallery(g).SetName("Tirages").SaveX(ctx)
	fam := db.Client.Family.Create().SetGallery(g).SetCategory(cat).SetName("Papier").SaveX(ctx)
	f := db.Client.Format.Create().SetGallery(g).SetFamily(fam).SetShortSize(10).SetLongSize(15).SetUnitPrice(250).SaveX(ctx)

	kept := func() int {
		cache.mu.RLock()
		defer cache.mu.RUnlock()
		return len(cache.stmts)
	}
	for i := 0; i < 3; i++ {
		if got := db.Client.Format.Query().Where(format.ID(f.ID)).OnlyX(ctx); got.UnitPrice != 250 {
			t.Fatalf("read %d: price %d", i, got.UnitPrice)
		}
	}
	before := kept()
	if before == 0 {
		t.Fatal("no statement was prepared")
	}
	db.Client.Format.Query().Where(format.ID(f.ID)).OnlyX(ctx)
	if kept() != before {
		t.Fatalf("the same read prepared a new statement: %d -> %d", before, kept())
	}

	// In a transaction: committed writes show, rolled-back ones do not.
	for _, commit := range []bool{true, false} {
		tx, err := db.Client.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		price := 300
		if !commit {
			price = 999
		}
		tx.Format.UpdateOneID(f.ID).SetUnitPrice(price).ExecX(ctx)
		if got := tx.Format.GetX(ctx, f.ID).UnitPrice; got != price {
			t.Fatalf("inside the transaction: %d, want %d", got, price)
		}
		if commit {
			err = tx.Commit()
		} else {
			err = tx.Rollback()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := db.Client.Format.GetX(ctx, f.ID).UnitPrice; got != 300 {
		t.Fatalf("after commit and rollback: %d, want 300", got)
	}

	// Beyond the bound, new texts run unprepared and still answer.
	for i := 0; kept() < stmtCacheMax; i++ {
		rows, err := cache.QueryContext(ctx, fmt.Sprintf("SELECT %d", i))
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	rows, err := cache.QueryContext(ctx, "SELECT 'beyond the bound'")
	if err != nil {
		t.Fatal(err)
	}
	var s string
	for rows.Next() {
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	if s != "beyond the bound" || kept() != stmtCacheMax {
		t.Fatalf("beyond the bound: %q, %d kept", s, kept())
	}
	// A statement that fails to prepare reports its error as before.
	if _, err := cache.ExecContext(ctx, "SELECT * FROM no_such_table"); err == nil {
		t.Fatal("a bad statement ran")
	}
}
