package downloads

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
)

// File is one file to put in an archive.
type File struct {
	// Name is the path inside the archive ("Cérémonie/IMG_0001.jpg").
	Name string
	// Size is the file's length, known beforehand to plan the parts.
	Size     int64
	Modified time.Time
	Open     func(ctx context.Context) (io.ReadCloser, error)
}

// zipOverhead bounds what the archive adds per file (local header, data
// descriptor, central directory entry) beyond the name, twice written.
const zipOverhead = 200

// estimate is what a file adds to an archive, at most.
func estimate(f File) int64 { return f.Size + 2*int64(len(f.Name)) + zipOverhead }

// Plan gives the files unique, safe names and groups them, in order, into
// parts of at most partLimit bytes each (a file bigger than the limit gets
// a part of its own). There is always at least one part.
func Plan(files []File, partLimit int64) [][]File {
	names := uniqueNames(files)
	parts := [][]File{{}}
	var size int64 = 22 // the end-of-archive record
	for i, f := range files {
		f.Name = names[i]
		need := estimate(f)
		cur := &parts[len(parts)-1]
		if len(*cur) > 0 && size+need > partLimit {
			parts = append(parts, []File{})
			cur, size = &parts[len(parts)-1], 22
		}
		*cur = append(*cur, f)
		size += need
	}
	return parts
}

// WritePart streams files into one ZIP archive on w. Files are stored
// without recompression: photos are already compressed, and storing keeps
// the throughput near a plain copy. Memory stays flat whatever the sizes:
// every byte goes straight from the file to w. progress is called after
// each file with the number done. A file shorter or longer than its Size
// is an error, never a wrong archive. The caller commits w only when
// WritePart succeeds.
func WritePart(ctx context.Context, w io.Writer, files []File, progress func(done int) error) error {
	zw := zip.NewWriter(w)
	// One buffer for every file: large reads and writes, few system calls,
	// and memory that does not grow with the archive.
	buf := make([]byte, copyBuffer)
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := addFile(ctx, zw, f, buf); err != nil {
			return err
		}
		if progress != nil {
			if err := progress(i + 1); err != nil {
				return err
			}
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("downloads: finish archive: %w", err)
	}
	return nil
}

// copyBuffer is the size of WritePart's one copy buffer.
const copyBuffer = 1 << 20

func addFile(ctx context.Context, zw *zip.Writer, f File, buf []byte) error {
	r, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("downloads: open %s: %w", f.Name, err)
	}
	defer r.Close()
	h := &zip.FileHeader{Name: f.Name, Method: zip.Store, Modified: f.Modified}
	w, err := zw.CreateHeader(h)
	if err != nil {
		return fmt.Errorf("downloads: add %s: %w", f.Name, err)
	}
	n, err := io.CopyBuffer(w, onlyReader{r}, buf)
	if err != nil {
		return fmt.Errorf("downloads: copy %s: %w", f.Name, err)
	}
	if n != f.Size {
		return fmt.Errorf("downloads: %s: %d bytes, expected %d", f.Name, n, f.Size)
	}
	return nil
}

// uniqueNames cleans the names and numbers duplicates: "a.jpg", "a (2).jpg".
func uniqueNames(files []File) []string {
	out := make([]string, len(files))
	seen := map[string]bool{}
	for i, f := range files {
		name := cleanName(f.Name)
		if seen[strings.ToLower(name)] {
			ext := path.Ext(name)
			base := strings.TrimSuffix(name, ext)
			for n := 2; ; n++ {
				cand := fmt.Sprintf("%s (%d)%s", base, n, ext)
				if !seen[strings.ToLower(cand)] {
					name = cand
					break
				}
			}
		}
		seen[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}

// cleanName keeps a safe relative path: no leading slash, no "..", no
// backslashes, colons or control characters.
func cleanName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '\\' || r == ':' {
			return '_'
		}
		return r
	}, name)
	var parts []string
	for _, p := range strings.Split(name, "/") {
		p = strings.TrimSpace(p)
		if p == "" || p == "." || p == ".." {
			continue
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "photo"
	}
	return strings.Join(parts, "/")
}

// onlyReader hides a reader's WriterTo, so that CopyBuffer uses the buffer.
type onlyReader struct{ io.Reader }
