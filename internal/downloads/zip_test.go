package downloads

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

type memPart struct {
	bytes.Buffer
	closed bool
}

func (m *memPart) Close() error { m.closed = true; return nil }

func files(n, size int) []File {
	out := make([]File, n)
	for i := range out {
		data := bytes.Repeat([]byte{byte('a' + i%26)}, size)
		out[i] = File{Name: fmt.Sprintf("Cérémonie/IMG_%04d.jpg", i), Size: int64(size), Modified: time.Date(2026, 6, 20, 15, 0, 0, 0, time.UTC),
			Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
	}
	return out
}

func TestBuildSplitsIntoStoredParts(t *testing.T) {
	var parts []*memPart
	open := func(_ context.Context, n int) (io.WriteCloser, error) {
		if n != len(parts)+1 {
			t.Fatalf("part %d opened after %d", n, len(parts))
		}
		p := &memPart{}
		parts = append(parts, p)
		return p, nil
	}
	var done []int
	n, err := Build(context.Background(), files(10, 1000), 4000, open, func(d int) error { done = append(done, d); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 || len(parts) != 4 {
		t.Fatalf("%d parts, want 4 (3 files of 1000 bytes fit under 4000)", n)
	}
	if len(done) != 10 || done[9] != 10 {
		t.Fatalf("progress %v", done)
	}
	total := 0
	for i, p := range parts {
		if !p.closed {
			t.Fatalf("part %d not committed", i+1)
		}
		if int64(p.Len()) > 4000 {
			t.Fatalf("part %d is %d bytes", i+1, p.Len())
		}
		zr, err := zip.NewReader(bytes.NewReader(p.Bytes()), int64(p.Len()))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			if f.Method != zip.Store {
				t.Fatalf("%s recompressed", f.Name)
			}
			r, _ := f.Open()
			b, _ := io.ReadAll(r)
			if len(b) != 1000 {
				t.Fatalf("%s has %d bytes", f.Name, len(b))
			}
			total++
		}
	}
	if total != 10 {
		t.Fatalf("%d files in the parts", total)
	}
}

func TestBuildLeavesNoPartOnFailure(t *testing.T) {
	var parts []*memPart
	open := func(_ context.Context, n int) (io.WriteCloser, error) { p := &memPart{}; parts = append(parts, p); return p, nil }
	fs := files(3, 10)
	fs[2].Open = func(context.Context) (io.ReadCloser, error) { return nil, errors.New("disk gone") }
	if _, err := Build(context.Background(), fs, 1<<20, open, nil); err == nil || !strings.Contains(err.Error(), "disk gone") {
		t.Fatalf("err %v", err)
	}
	if len(parts) != 1 || parts[0].closed {
		t.Fatal("a failed build committed its part")
	}
	// A file shorter than announced is a failure too, never a short archive.
	fs = files(1, 10)
	fs[0].Size = 11
	parts = nil
	if _, err := Build(context.Background(), fs, 1<<20, open, nil); err == nil || parts[0].closed {
		t.Fatalf("short file: err %v", err)
	}
}

func TestUniqueNames(t *testing.T) {
	got := uniqueNames([]File{{Name: "a.jpg"}, {Name: "A.jpg"}, {Name: "a (2).jpg"}, {Name: "../../etc/passwd"}, {Name: "/x\\y.jpg"}, {Name: ""}})
	want := []string{"a.jpg", "A (2).jpg", "a (2) (2).jpg", "etc/passwd", "x_y.jpg", "photo"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("names %q, want %q", got, want)
		}
	}
}
