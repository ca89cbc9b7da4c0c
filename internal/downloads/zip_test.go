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

func files(n, size int) []File {
	out := make([]File, n)
	for i := range out {
		data := bytes.Repeat([]byte{byte('a' + i%26)}, size)
		out[i] = File{Name: fmt.Sprintf("Cérémonie/IMG_%04d.jpg", i), Size: int64(size), Modified: time.Date(2026, 6, 20, 15, 0, 0, 0, time.UTC),
			Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
	}
	return out
}

func TestPlanAndWriteParts(t *testing.T) {
	const limit = 4000
	parts := Plan(files(10, 1000), limit)
	if len(parts) != 4 {
		t.Fatalf("%d parts, want 4 (3 files of 1000 bytes fit under %d)", len(parts), limit)
	}
	total, done := 0, 0
	for i, p := range parts {
		var buf bytes.Buffer
		if err := WritePart(context.Background(), &buf, p, func(d int) error { done++; return nil }); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > limit {
			t.Fatalf("part %d is %d bytes", i+1, buf.Len())
		}
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
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
	if total != 10 || done != 10 {
		t.Fatalf("%d files in the parts, %d progress calls", total, done)
	}
	if got := Plan(nil, limit); len(got) != 1 || len(got[0]) != 0 {
		t.Fatalf("empty plan %v", got)
	}
	if got := Plan(files(2, 10000), limit); len(got) != 2 {
		t.Fatalf("files over the limit: %d parts", len(got))
	}
}

func TestWritePartFailures(t *testing.T) {
	fs := files(3, 10)
	fs[2].Open = func(context.Context) (io.ReadCloser, error) { return nil, errors.New("disk gone") }
	if err := WritePart(context.Background(), io.Discard, fs, nil); err == nil || !strings.Contains(err.Error(), "disk gone") {
		t.Fatalf("err %v", err)
	}
	// A file shorter than announced is a failure, never a short archive.
	fs = files(1, 10)
	fs[0].Size = 11
	if err := WritePart(context.Background(), io.Discard, fs, nil); err == nil {
		t.Fatal("a short file made an archive")
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
