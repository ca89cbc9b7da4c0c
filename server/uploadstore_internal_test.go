package server

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	tusd "github.com/tus/tusd/v2/pkg/handler"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/s3blob"

	"github.com/studio/gallery/internal/testblob"
)

// The resumable uploads' store on a blob store (file://, or S3 with
// TEST_BLOB=s3): the offset is the unbroken run of parts from 0 (an empty
// PATCH writes nothing, a part past a gap does not count), the parts read
// back in order, and a terminated upload leaves no blob and is not found.
func TestBlobUploadsStore(t *testing.T) {
	ctx := context.Background()
	b, err := blob.OpenBucket(ctx, testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s := blobUploads{bucket: b}
	if _, err := s.NewUpload(ctx, tusd.FileInfo{ID: "../../secret", Size: 6}); err == nil {
		t.Fatal("an id that is not the server's was taken")
	}
	id := strings.Repeat("ab", 16)
	up, err := s.NewUpload(ctx, tusd.FileInfo{ID: id, Size: 9, MetaData: tusd.MetaData{metaFilename: "a.jpg"}})
	if err != nil {
		t.Fatal(err)
	}
	offset := func() int64 {
		t.Helper()
		u, err := s.GetUpload(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		info, err := u.GetInfo(ctx)
		if err != nil || info.MetaData[metaFilename] != "a.jpg" || info.Size != 9 {
			t.Fatalf("info %+v %v", info, err)
		}
		return info.Offset
	}
	if n, err := up.WriteChunk(ctx, 0, strings.NewReader("abc")); err != nil || n != 3 {
		t.Fatalf("write: %d %v", n, err)
	}
	if n, err := up.WriteChunk(ctx, 3, strings.NewReader("")); err != nil || n != 0 {
		t.Fatalf("empty write: %d %v", n, err)
	}
	if ok, _ := b.Exists(ctx, s.partKey(id, 3)); ok {
		t.Fatal("an empty PATCH wrote a part")
	}
	// A part past a gap (no bytes 3 to 5) does not move the offset.
	if err := b.WriteAll(ctx, s.partKey(id, 6), []byte("ghi"), nil); err != nil {
		t.Fatal(err)
	}
	if got := offset(); got != 3 {
		t.Fatalf("offset %d, want 3", got)
	}
	if n, err := up.WriteChunk(ctx, 3, strings.NewReader("def")); err != nil || n != 3 {
		t.Fatalf("write: %d %v", n, err)
	}
	if got := offset(); got != 9 {
		t.Fatalf("offset %d, want 9 (the gap filled)", got)
	}
	r, err := up.GetReader(ctx)
	if err != nil {
		t.Fatal(err)
	}
	all, err := io.ReadAll(r)
	r.Close()
	if err != nil || string(all) != "abcdefghi" {
		t.Fatalf("read %q %v", all, err)
	}
	if err := s.AsTerminatableUpload(up).Terminate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetUpload(ctx, id); !errors.Is(err, tusd.ErrNotFound) {
		t.Fatalf("terminated upload: %v, want not found", err)
	}
	it := b.List(&blob.ListOptions{Prefix: uploadsPrefix})
	if obj, err := it.Next(ctx); err != io.EOF {
		t.Fatalf("left after Terminate: %+v %v", obj, err)
	}
}
