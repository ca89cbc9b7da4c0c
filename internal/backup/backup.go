// Package backup takes a consistent snapshot of a running installation
// (the database, the secret key and the blobs) and restores one into an
// empty installation.
//
// A backup is a folder, or the same files in one tar archive (FILE.tar,
// FILE.tar.gz or FILE.tgz):
//
//	manifest.json   what the backup holds, each file with its size and SHA-256
//	database.sqlite the SQLite database (VACUUM INTO: a consistent copy while the server runs)
//	database.pgdump the PostgreSQL database (pg_dump --format=custom)
//	secret_key      the key that signs cookies, so sessions and links survive a restore
//	blobs/…         originals, derivatives, music (file:// storage; for another
//	                store, the manifest lists the keys and the store keeps them)
//
// The database is copied first and the blobs after: every blob the copied
// database names existed when it was copied, and blobs are written once
// under a name of their content, so the copy taken a moment later holds
// them (a blob deleted in between is reported missing by Restore's check).
package backup

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gocloud.dev/blob"

	"github.com/studio/gallery/internal/config"
	_ "github.com/studio/gallery/internal/store" // registers the "sqlite3" and "pgx" drivers
)

// Format is the manifest's version; Restore refuses a newer one.
const Format = 1

// Names of the files of a backup.
const (
	ManifestFile = "manifest.json"
	SQLiteFile   = "database.sqlite"
	PGDumpFile   = "database.pgdump"
	KeyFile      = "secret_key"
	BlobsDir     = "blobs"
)

// Manifest says what a backup holds.
type Manifest struct {
	Format  int       `json:"format"`
	Created time.Time `json:"created"`
	// Version is the server's version that took it.
	Version string `json:"version"`
	// Database is "sqlite" or "postgres".
	Database string `json:"database"`
	// BlobStore is the blob URL's scheme ("file", "s3"…); BlobsCopied
	// says whether the blobs are in the backup or only listed.
	BlobStore   string `json:"blobStore"`
	BlobsCopied bool   `json:"blobsCopied"`
	// Files are the backup's files but the manifest, in name order.
	Files []File `json:"files"`
	// Blobs lists every blob key with its size, copied or not.
	Blobs []Blob `json:"blobs"`
}

// File is one file of the backup.
type File struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Blob is one key of the blob store.
type Blob struct {
	Key         string `json:"key"`
	Size        int64  `json:"size"`
	ContentType string `json:"contentType,omitempty"`
}

// Size is the sum of the backup's file sizes.
func (m *Manifest) Size() int64 {
	var n int64
	for _, f := range m.Files {
		n += f.Size
	}
	return n
}

// Source is the installation to back up.
type Source struct {
	// DatabaseURL is postgres://… for PostgreSQL; empty for SQLite at SQLitePath.
	DatabaseURL string
	SQLitePath  string
	// SecretKey is the key in use ("" when none was made yet).
	SecretKey string
	// Bucket and BlobURL are the blob store; CopyBlobs copies the blobs
	// into the backup (the default for file:// storage).
	Bucket    *blob.Bucket
	BlobURL   string
	CopyBlobs bool
	// Version is the server's version, written in the manifest.
	Version string
	// Progress receives one line per step and blob counts (may be nil).
	Progress io.Writer
	// PGDump is the pg_dump command ("pg_dump" on the PATH by default).
	PGDump string
}

// SourceOf is the installation cfg names, its blobs in bucket. blobs is
// "copy" (into the backup), "list" (in the manifest only) or "auto" (copy
// for file:// storage, list for another store, which keeps its own
// versions).
func SourceOf(cfg config.Config, bucket *blob.Bucket, blobs, version string) (Source, error) {
	src := Source{DatabaseURL: cfg.DatabaseURL, SQLitePath: filepath.Join(cfg.DataDir, "gallery.db"),
		Bucket: bucket, BlobURL: cfg.BlobURL, Version: version, SecretKey: cfg.SecretKey}
	if src.SecretKey == "" {
		if raw, err := os.ReadFile(filepath.Join(cfg.DataDir, KeyFile)); err == nil {
			src.SecretKey = strings.TrimSpace(string(raw))
		}
	}
	switch blobs {
	case "auto":
		src.CopyBlobs = Scheme(cfg.BlobURL) == "file"
	case "copy":
		src.CopyBlobs = true
	case "list":
	default:
		return src, fmt.Errorf("backup: blobs are copied (copy), listed (list) or auto, not %q", blobs)
	}
	return src, nil
}

// Take writes a backup of src to dest: a folder (which must not exist or
// be empty) or a tar archive (dest ending in .tar, .tar.gz or .tgz, which
// must not exist). A failed backup removes what it wrote.
func Take(ctx context.Context, src Source, dest string) (m *Manifest, err error) {
	sink, err := newSink(dest)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := sink.close(err == nil); err == nil && cerr != nil {
			err = cerr
		}
	}()
	m = &Manifest{Format: Format, Created: time.Now().UTC(), Version: src.Version, BlobStore: Scheme(src.BlobURL),
		BlobsCopied: src.CopyBlobs, Files: []File{}, Blobs: []Blob{}}
	say := progress(src.Progress)

	// 1. The database.
	tmp, err := os.MkdirTemp("", "gallery-backup-")
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(tmp)
	var dbFile, dbName string
	if config.IsPostgresURL(src.DatabaseURL) {
		m.Database, dbName = "postgres", PGDumpFile
		dbFile = filepath.Join(tmp, dbName)
		say("database: pg_dump")
		if err := pgDump(ctx, src.PGDump, src.DatabaseURL, dbFile); err != nil {
			return nil, err
		}
	} else {
		m.Database, dbName = "sqlite", SQLiteFile
		dbFile = filepath.Join(tmp, dbName)
		say("database: SQLite VACUUM INTO")
		if err := sqliteCopy(ctx, src.SQLitePath, dbFile); err != nil {
			return nil, err
		}
	}
	f, err := os.Open(dbFile)
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	fi, err := sink.put(dbName, f)
	f.Close()
	if err != nil {
		return nil, err
	}
	m.Files = append(m.Files, fi)
	say(fmt.Sprintf("database: %s", HumanSize(fi.Size)))

	// 2. The secret key.
	if src.SecretKey != "" {
		fi, err := sink.put(KeyFile, strings.NewReader(src.SecretKey+"\n"))
		if err != nil {
			return nil, err
		}
		m.Files = append(m.Files, fi)
	}

	// 3. The blobs.
	if src.Bucket != nil {
		if err := copyBlobs(ctx, src, sink, m, say); err != nil {
			return nil, err
		}
	}
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Name < m.Files[j].Name })
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("backup: manifest: %w", err)
	}
	if _, err := sink.put(ManifestFile, strings.NewReader(string(raw)+"\n")); err != nil {
		return nil, err
	}
	say(fmt.Sprintf("done: %d files, %s", len(m.Files), HumanSize(m.Size())))
	return m, nil
}

// TransientPrefix holds the resumable uploads in progress (tus, see
// server/uploadstore.go): parts of files nobody has finished sending, which
// a restored installation could not resume and which their uploader sends
// again. A backup leaves them out.
const TransientPrefix = "uploads/"

// copyBlobs lists the bucket and copies each blob (or only lists them),
// but those under TransientPrefix.
func copyBlobs(ctx context.Context, src Source, sink sink, m *Manifest, say func(string)) error {
	it := src.Bucket.List(nil)
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("backup: list blobs: %w", err)
		}
		if obj.IsDir || strings.HasPrefix(obj.Key, TransientPrefix) {
			continue
		}
		m.Blobs = append(m.Blobs, Blob{Key: obj.Key, Size: obj.Size})
	}
	sort.Slice(m.Blobs, func(i, j int) bool { return m.Blobs[i].Key < m.Blobs[j].Key })
	if !src.CopyBlobs {
		say(fmt.Sprintf("blobs: %d listed (not copied: keep the store's own versioning or snapshots)", len(m.Blobs)))
		return nil
	}
	var done int64
	last := time.Now()
	for i, b := range m.Blobs {
		if err := validKey(b.Key); err != nil {
			return err
		}
		r, err := src.Bucket.NewReader(ctx, b.Key, nil)
		if err != nil {
			return fmt.Errorf("backup: blob %s: %w", b.Key, err)
		}
		m.Blobs[i].ContentType = r.ContentType()
		fi, err := sink.put(BlobsDir+"/"+b.Key, r)
		r.Close()
		if err != nil {
			return err
		}
		m.Files = append(m.Files, fi)
		done += fi.Size
		if time.Since(last) > time.Second || i == len(m.Blobs)-1 {
			say(fmt.Sprintf("blobs: %d/%d, %s", i+1, len(m.Blobs), HumanSize(done)))
			last = time.Now()
		}
	}
	return nil
}

// sqliteCopy writes a consistent copy of the SQLite database at from into
// to (VACUUM INTO reads one snapshot while writers go on).
func sqliteCopy(ctx context.Context, from, to string) error {
	if _, err := os.Stat(from); err != nil {
		return fmt.Errorf("backup: database: %w", err)
	}
	db, err := sql.Open("sqlite3", "file:"+from+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup: open database: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, to); err != nil {
		return fmt.Errorf("backup: VACUUM INTO: %w", err)
	}
	return nil
}

// pgDump runs pg_dump in its custom format.
func pgDump(ctx context.Context, bin, url, to string) error {
	if bin == "" {
		bin = "pg_dump"
	}
	if _, err := exec.LookPath(bin); err != nil {
		return fmt.Errorf("backup: %s is not on the PATH: install PostgreSQL's client tools (Debian: postgresql-client) "+
			"or run `pg_dump --format=custom --file=database.pgdump \"$DATABASE_URL\"` yourself (docs/deploy.md)", bin)
	}
	cmd := exec.CommandContext(ctx, bin, "--format=custom", "--no-owner", "--no-privileges", "--file="+to, "--dbname="+url)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("backup: pg_dump: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// Scheme is a blob URL's scheme ("file", "s3"…).
func Scheme(url string) string {
	if s, _, ok := strings.Cut(url, "://"); ok {
		return s
	}
	return ""
}

// validKey refuses a blob key or file name that could leave the backup's
// folder.
func validKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") || strings.ContainsRune(key, 0) ||
		path.Clean(key) != key || key == ".." || strings.HasPrefix(key, "../") {
		return fmt.Errorf("backup: unsafe name %q", key)
	}
	return nil
}

func progress(w io.Writer) func(string) {
	return func(s string) {
		if w != nil {
			fmt.Fprintln(w, s)
		}
	}
}

// HumanSize writes a byte count for people.
func HumanSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// hashingWriter counts and hashes what goes through it.
type hashingWriter struct {
	w    io.Writer
	h    hash.Hash
	size int64
}

func newHashingWriter(w io.Writer) *hashingWriter { return &hashingWriter{w: w, h: sha256.New()} }

func (hw *hashingWriter) Write(p []byte) (int, error) {
	n, err := hw.w.Write(p)
	hw.h.Write(p[:n])
	hw.size += int64(n)
	return n, err
}

func (hw *hashingWriter) sum() string { return hex.EncodeToString(hw.h.Sum(nil)) }
