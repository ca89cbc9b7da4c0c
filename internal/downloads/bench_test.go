package downloads

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// benchFiles writes n incompressible files of size bytes (like JPEGs) to dir.
func benchFiles(b *testing.B, dir string, n, size int) []File {
	b.Helper()
	data := make([]byte, size)
	out := make([]File, n)
	for i := range out {
		_, _ = rand.Read(data)
		p := filepath.Join(dir, fmt.Sprintf("IMG_%04d.jpg", i))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		out[i] = File{Name: "Soirée/" + filepath.Base(p), Size: int64(size), Modified: time.Now(),
			Open: func(context.Context) (io.ReadCloser, error) { return os.Open(p) }}
	}
	return out
}

// BenchmarkArchive compares preparing a ZIP part (stored entries, written
// to a file) with a plain copy of the same files into one file on the
// same disk: the practical ceiling. Throughput is in MB/s; B/op shows that
// memory does not grow with the data (64 files of 2 MiB per op).
func BenchmarkArchive(b *testing.B) {
	const n, size = 64, 2 << 20
	dir := b.TempDir()
	files := benchFiles(b, dir, n, size)
	out := filepath.Join(dir, "out")
	b.Run("plain-copy", func(b *testing.B) {
		b.SetBytes(n * size)
		for range b.N {
			f, err := os.Create(out)
			if err != nil {
				b.Fatal(err)
			}
			for _, src := range files {
				r, _ := src.Open(context.Background())
				if _, err := io.Copy(f, r); err != nil {
					b.Fatal(err)
				}
				r.Close()
			}
			if err := f.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("zip-part", func(b *testing.B) {
		b.SetBytes(n * size)
		for range b.N {
			f, err := os.Create(out)
			if err != nil {
				b.Fatal(err)
			}
			if err := WritePart(context.Background(), f, files, nil); err != nil {
				b.Fatal(err)
			}
			if err := f.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
