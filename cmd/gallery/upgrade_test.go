package main

import (
	"bufio"
	"compress/gzip"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/internal/backup"
	"github.com/studio/gallery/internal/testdb"
)

// The schema a released server left behind: testdata/upgrade holds the
// database of the demo (seed-demo, then `serve` once, so River's tables
// are there too) made by the binary of b9d5cf6, the last commit that
// landed before the languages of galleries, orders and download requests
// (issue 21) were added, dumped with `sqlite3 .dump` and
// `pg_dump --no-owner --no-privileges --inserts`.
const previousSchema = "b9d5cf6"

// TestUpgradeFromThePreviousSchema loads that database and starts the
// current binary on it: a snapshot of the old database is taken first,
// the schema is upgraded in place, every row is kept, and the demo
// gallery answers as before, with the new columns' defaults. A restart
// at the same schema takes no snapshot.
func TestUpgradeFromThePreviousSchema(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	env := []string{"DATA_DIR=" + dataDir, "BLOB_URL=", "SECRET_KEY=upgrade-fixture-key-upgrade-fixture", "ADDR=127.0.0.1:0",
		"PUBLIC_URL=" + faultPublicURL, "LOG_LEVEL=info", "PAYMENT_PROVIDER=test", "SMTP_URL="}
	var db *sql.DB
	var err error
	if testdb.Postgres() {
		url := testdb.CreatePostgres(t)
		env = append(env, "DATABASE_URL="+url)
		db, err = sql.Open("pgx", url)
	} else {
		env = append(env, "DATABASE_URL=")
		db, err = sql.Open("sqlite3", "file:"+filepath.Join(dataDir, "gallery.db")+"?_pragma=busy_timeout(10000)")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	kind := map[bool]string{true: "postgres", false: "sqlite"}[testdb.Postgres()]
	if _, err := db.Exec(fixtureSQL(t, filepath.Join("testdata", "upgrade", previousSchema+"-"+kind+".sql.gz"))); err != nil {
		t.Fatalf("load the %s fixture: %v", kind, err)
	}
	tables := []string{"galleries", "photos", "photographers", "vouchers", "formats", "packs", "access_codes", "river_job", "river_migration"}
	before := map[string]int{}
	for _, table := range tables {
		before[table] = countRows(t, db, table)
	}
	if before["photos"] == 0 || before["galleries"] < 2 || before["river_migration"] == 0 {
		t.Fatalf("the fixture is not the demo: %v", before)
	}
	var galleryID string
	if err := db.QueryRow(`SELECT id FROM galleries WHERE url = 'gala-2026'`).Scan(&galleryID); err != nil {
		t.Fatal(err)
	}

	srv := launch(t, galleryBinary(t), "upgraded", env)
	if strings.Contains(srv.logs(), "level=ERROR") {
		t.Fatalf("errors while upgrading:\n%s", srv.logs())
	}
	for _, table := range tables {
		if table == "river_migration" {
			continue // River may add its own migrations
		}
		if n := countRows(t, db, table); n != before[table] {
			t.Errorf("%s: %d rows after the upgrade, %d before", table, n, before[table])
		}
	}
	var language string
	if err := db.QueryRow(`SELECT language FROM galleries WHERE id = '` + galleryID + `'`).Scan(&language); err != nil || language != "fr" {
		t.Fatalf("the new column galleries.language: %q %v", language, err)
	}
	jar, _ := cookiejar.New(nil)
	b := &browser{t: t, c: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	var data struct {
		Gallery struct {
			ID        string `json:"_id"`
			EventName string `json:"eventName"`
		} `json:"gallery"`
	}
	if status := b.do("POST", srv.URL+"/api/core/getData", "", map[string]string{"url": "gala-2026"}, &data); status != 200 ||
		data.Gallery.ID != galleryID || data.Gallery.EventName == "" {
		t.Fatalf("getData after the upgrade: %d %+v", status, data)
	}
	var photos []json.RawMessage
	if status := b.do("GET", srv.URL+"/api/photos", galleryID, nil, &photos); status != 200 || len(photos) == 0 {
		t.Fatalf("photos after the upgrade: %d, %d photos", status, len(photos))
	}

	// A snapshot of the database as it was came first (the way back), and
	// holds the old schema.
	snaps := preUpgradeSnapshots(t, dataDir)
	if len(snaps) != 1 {
		t.Fatalf("pre-upgrade snapshots: %v", snaps)
	}
	m, err := backup.Verify(snaps[0])
	if err != nil || m.Database != kind {
		t.Fatalf("the snapshot: %+v %v", m, err)
	}
	// A restart at the same schema takes none.
	srv.kill()
	launch(t, galleryBinary(t), "restarted", env)
	if snaps := preUpgradeSnapshots(t, dataDir); len(snaps) != 1 {
		t.Fatalf("a restart without a schema change took a snapshot: %v", snaps)
	}
}

func preUpgradeSnapshots(t *testing.T, dataDir string) []string {
	t.Helper()
	out, err := filepath.Glob(filepath.Join(dataDir, "backups", "gallery-pre-upgrade-*.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// fixtureSQL reads a gzipped dump as one script (psql's backslash
// commands and the search_path setting, which pg_dump writes, dropped).
func fixtureSQL(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	sc := bufio.NewScanner(gz)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		// pg_dump empties the session's search_path, which the pool's
		// connection would keep: its names are qualified anyway.
		if line := sc.Text(); !strings.HasPrefix(line, `\`) && !strings.Contains(line, "set_config('search_path'") {
			b.WriteString(line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func countRows(t *testing.T, db *sql.DB, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatalf("count %s: %v", table, err)
	}
	return n
}
