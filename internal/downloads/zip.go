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

// File is one file to put in the archive.
type File struct {
	// Name is the path inside the archive ("Cérémonie/IMG_0001.jpg").
	Name string
	// Size is the file's length, known beforehand to split the parts.
	Size     int64
	Modified time.Time
	Open     func(ctx context.Context) (io.ReadCloser, error)
}

// PartOpener opens the writer of part n (1, 2, ...). Closing the writer
// commits the part. When Build fails it leaves the open part unclosed: the
// caller cancels the context the writers were opened with, which makes
// gocloud.dev's blob writers discard what they hold, so no partial part is
// ever readable (a crash does the same).
type PartOpener func(ctx context.Context, n int) (io.WriteCloser, error)

// zipOverhead bounds what the archive adds per file (local header, central
// directory entry, data descriptor) beyond the name, for part splitting.
const zipOverhead = 200

// Build streams files into ZIP parts of at most partLimit bytes each (a
// file bigger than the limit gets a part of its own). Files are stored
// without recompression: photos are already compressed, and storing keeps
// the throughput near a plain copy. Memory stays flat whatever the sizes:
// every byte goes straight from the file to the part's writer. progress is
// called after each file with the number done. Build returns the number of
// parts written.
func Build(ctx context.Context, files []File, partLimit int64, open PartOpener, progress func(done int) error) (int, error) {
	names := uniqueNames(files)
	var (
		part    io.WriteCloser
		zw      *zip.Writer
		counter *countingWriter
		parts   int
		// centralSize estimates the part's central directory so far.
		centralSize int64
	)
	closePart := func() error {
		if zw == nil {
			return nil
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("downloads: finish part %d: %w", parts, err)
		}
		if err := part.Close(); err != nil {
			return fmt.Errorf("downloads: commit part %d: %w", parts, err)
		}
		zw, part = nil, nil
		return nil
	}
	abandon := func() { part, zw = nil, nil }
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			abandon()
			return parts, err
		}
		need := f.Size + 2*int64(len(names[i])) + zipOverhead
		if zw != nil {
			// The zip writer buffers: flush to count what the part holds.
			if err := zw.Flush(); err != nil {
				abandon()
				return parts, fmt.Errorf("downloads: write part %d: %w", parts, err)
			}
		}
		if zw != nil && counter.n > 0 && counter.n+need+centralSize > partLimit {
			if err := closePart(); err != nil {
				return parts, err
			}
		}
		if zw == nil {
			parts++
			w, err := open(ctx, parts)
			if err != nil {
				return parts - 1, fmt.Errorf("downloads: open part %d: %w", parts, err)
			}
			part, counter, centralSize = w, &countingWriter{w: w}, 0
			zw = zip.NewWriter(counter)
		}
		if err := addFile(ctx, zw, f, names[i]); err != nil {
			abandon()
			return parts, err
		}
		// The central directory, written at the end, repeats each name.
		centralSize += int64(len(names[i])) + zipOverhead/2
		if progress != nil {
			if err := progress(i + 1); err != nil {
				abandon()
				return parts, err
			}
		}
	}
	if len(files) == 0 {
		parts++
		w, err := open(ctx, parts)
		if err != nil {
			return 0, err
		}
		part, zw = w, zip.NewWriter(w)
	}
	return parts, closePart()
}

func addFile(ctx context.Context, zw *zip.Writer, f File, name string) error {
	r, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("downloads: open %s: %w", name, err)
	}
	defer r.Close()
	h := &zip.FileHeader{Name: name, Method: zip.Store, Modified: f.Modified}
	w, err := zw.CreateHeader(h)
	if err != nil {
		return fmt.Errorf("downloads: add %s: %w", name, err)
	}
	n, err := io.Copy(w, r)
	if err != nil {
		return fmt.Errorf("downloads: copy %s: %w", name, err)
	}
	if f.Size > 0 && n != f.Size {
		return fmt.Errorf("downloads: %s: %d bytes, expected %d", name, n, f.Size)
	}
	return nil
}

// uniqueNames cleans the names and numbers duplicates: "a.jpg", "a (2).jpg".
func uniqueNames(files []File) []string {
	out := make([]string, len(files))
	seen := map[string]int{}
	for i, f := range files {
		name := cleanName(f.Name)
		key := strings.ToLower(name)
		if n := seen[key]; n > 0 {
			ext := path.Ext(name)
			base := strings.TrimSuffix(name, ext)
			for {
				n++
				cand := fmt.Sprintf("%s (%d)%s", base, n, ext)
				if seen[strings.ToLower(cand)] == 0 {
					seen[key] = n
					name, key = cand, strings.ToLower(cand)
					break
				}
			}
		}
		seen[key] = max(seen[key], 1)
		out[i] = name
	}
	return out
}

// cleanName keeps a safe relative path: no leading slash, no "..", no
// backslashes or control characters.
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

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
