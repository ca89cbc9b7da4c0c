package backup

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A sink receives the files of a backup.
type sink interface {
	put(name string, r io.Reader) (File, error)
	// close finishes the backup; when ok is false it removes what was
	// written.
	close(ok bool) error
}

// isArchive says whether a backup path names a tar archive.
func isArchive(p string) bool {
	return strings.HasSuffix(p, ".tar") || strings.HasSuffix(p, ".tar.gz") || strings.HasSuffix(p, ".tgz")
}

func newSink(dest string) (sink, error) {
	if dest == "" {
		return nil, errors.New("backup: no destination")
	}
	if isArchive(dest) {
		f, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("backup: %w", err)
		}
		ts := &tarSink{f: f, buf: bufio.NewWriterSize(f, 1<<20), path: dest}
		var w io.Writer = ts.buf
		if !strings.HasSuffix(dest, ".tar") {
			ts.gz = gzip.NewWriter(ts.buf)
			w = ts.gz
		}
		ts.tw = tar.NewWriter(w)
		return ts, nil
	}
	entries, err := os.ReadDir(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("backup: %w", err)
	case len(entries) > 0:
		return nil, fmt.Errorf("backup: %s is not empty", dest)
	}
	if err := os.MkdirAll(dest, 0o700); err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	return &dirSink{dir: dest}, nil
}

// dirSink writes the files into a folder.
type dirSink struct{ dir string }

func (d *dirSink) put(name string, r io.Reader) (File, error) {
	if err := validKey(name); err != nil {
		return File{}, err
	}
	p := filepath.Join(d.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return File{}, fmt.Errorf("backup: %w", err)
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return File{}, fmt.Errorf("backup: %w", err)
	}
	hw := newHashingWriter(f)
	if _, err := io.Copy(hw, r); err != nil {
		f.Close()
		return File{}, fmt.Errorf("backup: write %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return File{}, fmt.Errorf("backup: write %s: %w", name, err)
	}
	return File{Name: name, Size: hw.size, SHA256: hw.sum()}, nil
}

func (d *dirSink) close(ok bool) error {
	if !ok {
		return os.RemoveAll(d.dir)
	}
	return nil
}

// tarSink writes the files into one tar archive, gzipped or not. A tar
// header needs the size first: each file is spooled to a temporary file.
type tarSink struct {
	f    *os.File
	buf  *bufio.Writer
	gz   *gzip.Writer
	tw   *tar.Writer
	path string
}

func (t *tarSink) put(name string, r io.Reader) (File, error) {
	if err := validKey(name); err != nil {
		return File{}, err
	}
	tmp, err := os.CreateTemp("", "gallery-backup-part-")
	if err != nil {
		return File{}, fmt.Errorf("backup: %w", err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	hw := newHashingWriter(tmp)
	if _, err := io.Copy(hw, r); err != nil {
		return File{}, fmt.Errorf("backup: read %s: %w", name, err)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return File{}, fmt.Errorf("backup: %w", err)
	}
	hdr := &tar.Header{Name: name, Mode: 0o600, Size: hw.size, ModTime: time.Now(), Typeflag: tar.TypeReg, Format: tar.FormatPAX}
	if err := t.tw.WriteHeader(hdr); err != nil {
		return File{}, fmt.Errorf("backup: %w", err)
	}
	if _, err := io.Copy(t.tw, tmp); err != nil {
		return File{}, fmt.Errorf("backup: write %s: %w", name, err)
	}
	return File{Name: name, Size: hw.size, SHA256: hw.sum()}, nil
}

func (t *tarSink) close(ok bool) error {
	err := t.tw.Close()
	if t.gz != nil {
		err = errors.Join(err, t.gz.Close())
	}
	err = errors.Join(err, t.buf.Flush(), t.f.Sync(), t.f.Close())
	if !ok || err != nil {
		os.Remove(t.path)
	}
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}
