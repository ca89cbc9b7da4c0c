package backup

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/s3blob"

	"github.com/studio/gallery/internal/testblob"
)

// installation is a SQLite database with one row and a file bucket with
// two blobs and an upload in progress.
func installation(t *testing.T) (Source, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "gallery.db")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE photos (id TEXT PRIMARY KEY, name TEXT); INSERT INTO photos VALUES ('ph_1', 'mariée.jpg')`); err != nil {
		t.Fatal(err)
	}
	bucket, blobURL := openBucketURL(t, filepath.Join(dir, "blobs"))
	ctx := context.Background()
	// And an upload in progress (tus), which a backup leaves out.
	for key, body := range map[string]string{"originals/ph_1/abc": "jpeg bytes", "derived/ph_1/abc/400": "small",
		TransientPrefix + "upl_1/info": "{}", TransientPrefix + "upl_1/00000000000000000000": "half a photo"} {
		if err := bucket.WriteAll(ctx, key, []byte(body), nil); err != nil {
			t.Fatal(err)
		}
	}
	return Source{SQLitePath: path, SecretKey: "the-key", Bucket: bucket, BlobURL: blobURL, CopyBlobs: true, Version: "test"}, dir
}

// openBucket is an empty blob store: the folder dir, or with TEST_BLOB=s3
// a prefix of its own on the test S3 server (testblob).
func openBucket(t *testing.T, dir string) *blob.Bucket {
	t.Helper()
	b, _ := openBucketURL(t, dir)
	return b
}

func openBucketURL(t *testing.T, dir string) (*blob.Bucket, string) {
	t.Helper()
	u := "file://" + dir
	if testblob.S3() {
		u = testblob.URL(t)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := blob.OpenBucket(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, u
}

func TestTakeAndRestoreBothForms(t *testing.T) {
	for _, name := range []string{"folder", "backup.tar", "backup.tar.gz"} {
		t.Run(name, func(t *testing.T) {
			src, _ := installation(t)
			dest := filepath.Join(t.TempDir(), name)
			m, err := Take(context.Background(), src, dest)
			if err != nil {
				t.Fatal(err)
			}
			if m.Database != "sqlite" || len(m.Blobs) != 2 || !m.BlobsCopied || len(m.Files) != 4 {
				t.Fatalf("manifest %+v", m)
			}
			if _, err := Verify(dest); err != nil {
				t.Fatal(err)
			}
			// Into an empty installation.
			to := t.TempDir()
			target := Target{SQLitePath: filepath.Join(to, "gallery.db"), DataDir: to, Bucket: openBucket(t, filepath.Join(to, "blobs"))}
			if _, warnings, err := Restore(context.Background(), dest, target); err != nil || len(warnings) > 0 {
				t.Fatalf("restore: %v %v", err, warnings)
			}
			db, err := sql.Open("sqlite3", "file:"+target.SQLitePath)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var got string
			if err := db.QueryRow(`SELECT name FROM photos WHERE id = 'ph_1'`).Scan(&got); err != nil || got != "mariée.jpg" {
				t.Fatalf("restored row %q %v", got, err)
			}
			if key, _ := os.ReadFile(filepath.Join(to, KeyFile)); strings.TrimSpace(string(key)) != "the-key" {
				t.Fatalf("key %q", key)
			}
			if b, err := target.Bucket.ReadAll(context.Background(), "originals/ph_1/abc"); err != nil || string(b) != "jpeg bytes" {
				t.Fatalf("blob %q %v", b, err)
			}
			if ok, _ := target.Bucket.Exists(context.Background(), TransientPrefix+"upl_1/info"); ok {
				t.Fatal("an upload in progress was backed up")
			}
			// Not twice: the target now holds data.
			if _, _, err := Restore(context.Background(), dest, target); !errors.Is(err, ErrNotEmpty) {
				t.Fatalf("second restore: %v", err)
			}
			target.Force = true
			if _, _, err := Restore(context.Background(), dest, target); err != nil {
				t.Fatalf("forced restore: %v", err)
			}
		})
	}
}

func TestDamagedBackupIsRefusedBeforeAnythingIsWritten(t *testing.T) {
	src, _ := installation(t)
	dest := filepath.Join(t.TempDir(), "b")
	if _, err := Take(context.Background(), src, dest); err != nil {
		t.Fatal(err)
	}
	blobFile := filepath.Join(dest, BlobsDir, "originals", "ph_1", "abc")
	raw, _ := os.ReadFile(blobFile)
	raw[0] ^= 1
	if err := os.WriteFile(blobFile, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	to := t.TempDir()
	target := Target{SQLitePath: filepath.Join(to, "gallery.db"), DataDir: to}
	if _, _, err := Restore(context.Background(), dest, target); err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Fatalf("damaged: %v", err)
	}
	if _, err := os.Stat(target.SQLitePath); !os.IsNotExist(err) {
		t.Fatalf("a damaged backup wrote the database: %v", err)
	}
	// A file missing or added is damage too.
	os.Remove(blobFile)
	if _, err := Verify(dest); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("missing: %v", err)
	}
	os.WriteFile(filepath.Join(dest, "extra"), []byte("x"), 0o600)
	if _, err := Verify(dest); err == nil || !strings.Contains(err.Error(), "not in the manifest") {
		t.Fatalf("extra: %v", err)
	}
}

func TestTakeRefusesAFullFolderAndCleansUpAFailure(t *testing.T) {
	src, _ := installation(t)
	full := t.TempDir()
	os.WriteFile(filepath.Join(full, "x"), nil, 0o600)
	if _, err := Take(context.Background(), src, full); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("full folder: %v", err)
	}
	src.SQLitePath = filepath.Join(t.TempDir(), "absent.db")
	dest := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, err := Take(context.Background(), src, dest); err == nil {
		t.Fatal("a backup of no database succeeded")
	}
	if _, err := os.Stat(dest); !os.IsNotExist(err) {
		t.Fatalf("a failed backup left %s", dest)
	}
}

func TestAnotherKindOfDatabaseIsRefused(t *testing.T) {
	src, _ := installation(t)
	dest := filepath.Join(t.TempDir(), "b")
	if _, err := Take(context.Background(), src, dest); err != nil {
		t.Fatal(err)
	}
	_, _, err := Restore(context.Background(), dest, Target{DatabaseURL: "postgres://postgres@127.0.0.1:1/none", DataDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "same kind") {
		t.Fatalf("sqlite into postgres: %v", err)
	}
}

func TestUnsafeNames(t *testing.T) {
	for _, k := range []string{"", "/etc/passwd", "../x", "a/../../x", "a\\b", "a\x00b", ".."} {
		if validKey(k) == nil {
			t.Errorf("%q accepted", k)
		}
	}
	for _, k := range []string{"originals/ph_1/abc", "manifest.json", "a/b.c"} {
		if err := validKey(k); err != nil {
			t.Errorf("%q refused: %v", k, err)
		}
	}
}

func TestKeepDailyAndWeekly(t *testing.T) {
	// Two snapshots a day for 60 days, newest first.
	var snaps []Snapshot
	start := time.Date(2026, 11, 26, 22, 0, 0, 0, time.UTC)
	for h := 0; h < 60*24; h += 12 {
		at := start.Add(-time.Duration(h) * time.Hour)
		snaps = append(snaps, Snapshot{Path: SnapshotName(at), Taken: at})
	}
	keep, drop := Keep(snaps, 7, 4)
	days := map[string]bool{}
	for _, s := range keep {
		days[s.Taken.Format("2006-01-02")] = true
	}
	// 7 days (the newest of each: Thursday 26 back to Friday 20) and the
	// newest of 4 ISO weeks: Thursday 26 and Sunday 22 (already kept),
	// Sundays 15 and 8.
	if len(keep) != 9 || len(keep)+len(drop) != len(snaps) || keep[0] != snaps[0] {
		var got []string
		for _, s := range keep {
			got = append(got, s.Taken.Format("Mon 2006-01-02 15h"))
		}
		t.Fatalf("kept %d: %v", len(keep), got)
	}
	if _, drop := Keep(snaps[:1], 0, 1); len(drop) != 0 {
		t.Fatal("the only snapshot was dropped")
	}
}

func TestListSkipsPartialAndForeignFiles(t *testing.T) {
	dir := t.TempDir()
	at := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	for _, n := range []string{SnapshotName(at), SnapshotName(at.Add(time.Hour)), "." + SnapshotName(at.Add(2*time.Hour)), "notes.txt", "gallery-bad.tar.gz"} {
		os.WriteFile(filepath.Join(dir, n), bytes.Repeat([]byte("x"), 10), 0o600)
	}
	snaps, err := List(dir)
	if err != nil || len(snaps) != 2 || !snaps[0].Taken.Equal(at.Add(time.Hour)) || snaps[0].Size != 10 {
		t.Fatalf("%+v %v", snaps, err)
	}
}

func TestWorkerTakesASnapshotAndPrunes(t *testing.T) {
	src, _ := installation(t)
	dir := t.TempDir()
	old := time.Date(2026, 11, 20, 3, 0, 0, 0, time.UTC)
	os.WriteFile(filepath.Join(dir, SnapshotName(old)), []byte("old"), 0o600)
	os.WriteFile(filepath.Join(dir, SnapshotName(old.Add(24*time.Hour))), []byte("less old"), 0o600)
	now := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	w := &Worker{Dir: dir, Daily: 2, Now: func() time.Time { return now },
		Source: func(context.Context) (Source, func(), error) { return src, func() {}, nil }}
	if err := w.Work(context.Background(), &river.Job[SnapshotArgs]{}); err != nil {
		t.Fatal(err)
	}
	snaps, err := List(dir)
	if err != nil || len(snaps) != 2 || !snaps[0].Taken.Equal(now) || !snaps[1].Taken.Equal(old.Add(24*time.Hour)) {
		t.Fatalf("%+v %v", snaps, err)
	}
	if _, err := Verify(snaps[0].Path); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("left %d files", len(entries))
	}
}
