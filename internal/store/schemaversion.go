package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/studio/gallery/ent/migrate"
)

// The schema's fingerprint, kept in the gallery_schema table after each
// upgrade, tells a server starting on a database whether its upgrade will
// change the schema, so that a snapshot can be taken first
// (Options.BeforeUpgrade).

// schemaTable keeps the fingerprint of the schema the database was last
// upgraded to (one row).
const schemaTable = "gallery_schema"

// SchemaFingerprint is a hash of the tables, columns and indexes this
// binary's schema declares.
func SchemaFingerprint() string {
	h := sha256.New()
	for _, t := range migrate.Tables {
		fmt.Fprintf(h, "table %s\n", t.Name)
		for _, c := range t.Columns {
			fmt.Fprintf(h, "  column %s %v %d null=%v unique=%v default=%v enums=%v\n", c.Name, c.Type, c.Size, c.Nullable, c.Unique, c.Default, c.Enums)
		}
		for _, ix := range t.Indexes {
			cols := make([]string, len(ix.Columns))
			for i, c := range ix.Columns {
				cols[i] = c.Name
			}
			fmt.Fprintf(h, "  index %s unique=%v %s\n", ix.Name, ix.Unique, strings.Join(cols, ","))
		}
		for _, fk := range t.ForeignKeys {
			fmt.Fprintf(h, "  fk %s %s\n", fk.Symbol, fk.OnDelete)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// schemaChange says whether the upgrade about to run changes an existing
// database's schema: false for a new, empty database and for one already
// at this fingerprint; true for one upgraded by another version (or by a
// version from before the fingerprint was kept).
func schemaChange(ctx context.Context, db *sql.DB, name string) (bool, error) {
	has := func(table string) (bool, error) {
		q := `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`
		if name == dialect.Postgres {
			q = `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1`
		}
		var n int
		err := db.QueryRowContext(ctx, q, table).Scan(&n)
		return n > 0, err
	}
	kept, err := has(schemaTable)
	if err != nil {
		return false, err
	}
	if !kept {
		return has("galleries")
	}
	var fp string
	err = db.QueryRowContext(ctx, `SELECT fingerprint FROM `+schemaTable+` WHERE id = 1`).Scan(&fp)
	if err == sql.ErrNoRows {
		return has("galleries")
	}
	if err != nil {
		return false, err
	}
	return fp != SchemaFingerprint(), nil
}

// recordSchema keeps this binary's fingerprint after an upgrade.
func recordSchema(ctx context.Context, db *sql.DB, name string) error {
	ph := func(i int) string {
		if name == dialect.Postgres {
			return fmt.Sprintf("$%d", i)
		}
		return "?"
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+schemaTable+
		` (id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL, upgraded_at TEXT NOT NULL)`); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO `+schemaTable+` (id, fingerprint, upgraded_at) VALUES (1, `+ph(1)+`, `+ph(2)+`)
		ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint, upgraded_at = excluded.upgraded_at`,
		SchemaFingerprint(), time.Now().UTC().Format(time.RFC3339))
	return err
}
