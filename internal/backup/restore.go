package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"gocloud.dev/blob"

	"github.com/studio/gallery/internal/config"
)

// Target is the installation to restore into.
type Target struct {
	DatabaseURL string
	SQLitePath  string
	// DataDir receives the secret key (DATA_DIR/secret_key) unless
	// SecretKeyFromEnv: then the key stays the environment's, and Restore
	// warns when it differs from the backup's.
	DataDir          string
	SecretKeyFromEnv string
	Bucket           *blob.Bucket
	// Force restores over a target that is not empty.
	Force    bool
	Progress io.Writer
	// PGRestore is the pg_restore command ("pg_restore" on the PATH by default).
	PGRestore string
}

// ErrNotEmpty is returned when the target holds data and Force is off.
var ErrNotEmpty = errors.New("backup: the target is not empty")

// source reads a backup, a folder or a tar archive.
type source interface {
	// each calls fn for each file of the backup, in the stored order.
	each(fn func(name string, r io.Reader) error) error
}

type dirSource struct{ dir string }

func (d dirSource) each(fn func(string, io.Reader) error) error {
	return filepath.WalkDir(d.dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(d.dir, p)
		if err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		return fn(filepath.ToSlash(rel), f)
	})
}

type tarSource struct{ path string }

func (t tarSource) each(fn func(string, io.Reader) error) error {
	f, err := os.Open(t.path)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if !strings.HasSuffix(t.path, ".tar") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return err
		}
		defer gz.Close()
		r = gz
	}
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg {
			return fmt.Errorf("unexpected entry %q in the archive", h.Name)
		}
		if err := fn(h.Name, tr); err != nil {
			return err
		}
	}
}

func openSource(from string) (source, error) {
	st, err := os.Stat(from)
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	if st.IsDir() {
		return dirSource{dir: from}, nil
	}
	return tarSource{path: from}, nil
}

// Verify reads every file of the backup at from and checks it against the
// manifest: the same files, sizes and SHA-256. It returns the manifest.
func Verify(from string) (*Manifest, error) {
	src, err := openSource(from)
	if err != nil {
		return nil, err
	}
	var m *Manifest
	seen := map[string]File{}
	err = src.each(func(name string, r io.Reader) error {
		if err := validKey(name); err != nil {
			return err
		}
		if name == ManifestFile {
			m = &Manifest{}
			if err := json.NewDecoder(io.LimitReader(r, 256<<20)).Decode(m); err != nil {
				return fmt.Errorf("manifest: %w", err)
			}
			return nil
		}
		hw := newHashingWriter(io.Discard)
		if _, err := io.Copy(hw, r); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		seen[name] = File{Name: name, Size: hw.size, SHA256: hw.sum()}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("backup: read %s: %w", from, err)
	}
	if m == nil {
		return nil, fmt.Errorf("backup: %s has no %s", from, ManifestFile)
	}
	if m.Format > Format {
		return nil, fmt.Errorf("backup: format %d is newer than this server's (%d): restore with a newer version", m.Format, Format)
	}
	var problems []string
	for _, f := range m.Files {
		got, ok := seen[f.Name]
		switch {
		case !ok:
			problems = append(problems, f.Name+" is missing")
		case got.Size != f.Size || got.SHA256 != f.SHA256:
			problems = append(problems, fmt.Sprintf("%s: checksum mismatch (%d bytes, sha256 %s; manifest %d, %s)", f.Name, got.Size, got.SHA256, f.Size, f.SHA256))
		}
		delete(seen, f.Name)
	}
	for name := range seen {
		problems = append(problems, name+" is not in the manifest")
	}
	if len(problems) > 0 {
		if len(problems) > 10 {
			problems = append(problems[:10], fmt.Sprintf("and %d more", len(problems)-10))
		}
		return nil, fmt.Errorf("backup: %s is damaged: %s", from, strings.Join(problems, "; "))
	}
	return m, nil
}

// Restore checks the backup at from, then writes it into an empty target.
// It returns the manifest and warnings for the operator.
func Restore(ctx context.Context, from string, to Target) (*Manifest, []string, error) {
	say := progress(to.Progress)
	say("checking " + from)
	m, err := Verify(from)
	if err != nil {
		return nil, nil, err
	}
	say(fmt.Sprintf("checked: %d files, %s, taken %s by %s", len(m.Files), HumanSize(m.Size()), m.Created.Format("2006-01-02 15:04:05Z"), m.Version))
	pg := config.IsPostgresURL(to.DatabaseURL)
	if want := map[bool]string{true: "postgres", false: "sqlite"}[pg]; m.Database != want {
		return nil, nil, fmt.Errorf("backup: this backup holds a %s database and the target is %s: restore into the same kind", m.Database, want)
	}
	if err := checkEmpty(ctx, to, pg); err != nil {
		return nil, nil, err
	}
	src, _ := openSource(from)
	types := make(map[string]string, len(m.Blobs))
	for _, b := range m.Blobs {
		types[b.Key] = b.ContentType
	}
	var warnings []string
	blobs := 0
	err = src.each(func(name string, r io.Reader) error {
		switch {
		case name == ManifestFile:
			return nil
		case name == SQLiteFile:
			say("database: SQLite")
			return restoreSQLite(r, to.SQLitePath)
		case name == PGDumpFile:
			say("database: pg_restore")
			return restorePG(ctx, to, r)
		case name == KeyFile:
			raw, err := io.ReadAll(io.LimitReader(r, 4096))
			if err != nil {
				return err
			}
			key := strings.TrimSpace(string(raw))
			if to.SecretKeyFromEnv != "" {
				if to.SecretKeyFromEnv != key {
					warnings = append(warnings, "SECRET_KEY differs from the backup's key: sessions, access cookies and links signed before the backup no longer open; set SECRET_KEY to the backup's key (its secret_key file) to keep them")
				}
				return nil
			}
			if err := os.MkdirAll(to.DataDir, 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(to.DataDir, KeyFile), []byte(key+"\n"), 0o600)
		case strings.HasPrefix(name, BlobsDir+"/"):
			key := strings.TrimPrefix(name, BlobsDir+"/")
			if to.Bucket == nil {
				return nil
			}
			ct := types[key]
			if ct == "" {
				ct = "application/octet-stream"
			}
			if err := to.Bucket.Upload(ctx, key, r, &blob.WriterOptions{ContentType: ct}); err != nil {
				return fmt.Errorf("blob %s: %w", key, err)
			}
			blobs++
			if blobs%500 == 0 {
				say(fmt.Sprintf("blobs: %d", blobs))
			}
			return nil
		}
		return fmt.Errorf("unexpected file %s", name)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("backup: restore: %w", err)
	}
	if m.BlobsCopied {
		say(fmt.Sprintf("blobs: %d restored", blobs))
	} else if len(m.Blobs) > 0 {
		warnings = append(warnings, fmt.Sprintf("the backup lists %d blobs of a %s store without copying them: the store must still hold them (its versioning or snapshots)", len(m.Blobs), m.BlobStore))
	}
	return m, warnings, nil
}

// checkEmpty refuses a target that holds data, unless Force.
func checkEmpty(ctx context.Context, to Target, pg bool) error {
	if to.Force {
		return nil
	}
	var held []string
	if pg {
		db, err := sql.Open("pgx", to.DatabaseURL)
		if err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		defer db.Close()
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM information_schema.tables
			WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`).Scan(&n); err != nil {
			return fmt.Errorf("backup: target database: %w", err)
		}
		if n > 0 {
			held = append(held, fmt.Sprintf("the database has %d tables", n))
		}
	} else if st, err := os.Stat(to.SQLitePath); err == nil && st.Size() > 0 {
		held = append(held, to.SQLitePath+" exists")
	}
	if to.SecretKeyFromEnv == "" {
		if _, err := os.Stat(filepath.Join(to.DataDir, KeyFile)); err == nil {
			held = append(held, filepath.Join(to.DataDir, KeyFile)+" exists")
		}
	}
	if to.Bucket != nil {
		it := to.Bucket.List(nil)
		if obj, err := it.Next(ctx); err == nil && obj != nil {
			held = append(held, "the blob store holds files")
		} else if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("backup: blob store: %w", err)
		}
	}
	if len(held) > 0 {
		return fmt.Errorf("%w (%s): restore into an empty DATA_DIR or database, or pass --force", ErrNotEmpty, strings.Join(held, "; "))
	}
	return nil
}

// restoreSQLite writes the database file in place (through a temporary
// file renamed over the old one, whose journal files go too).
func restoreSQLite(r io.Reader, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	tmp := to + ".restoring"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := errors.Join(f.Sync(), f.Close()); err != nil {
		os.Remove(tmp)
		return err
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(to + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return os.Rename(tmp, to)
}

// restorePG feeds the dump to pg_restore.
func restorePG(ctx context.Context, to Target, r io.Reader) error {
	bin := to.PGRestore
	if bin == "" {
		bin = "pg_restore"
	}
	if _, err := exec.LookPath(bin); err != nil {
		return fmt.Errorf("%s is not on the PATH: install PostgreSQL's client tools (Debian: postgresql-client)", bin)
	}
	args := []string{"--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname=" + to.DatabaseURL}
	if to.Force {
		args = append(args, "--clean", "--if-exists")
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin = r
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pg_restore: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}
