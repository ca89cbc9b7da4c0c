package server_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/server"
)

// openPatch sends a PATCH at offset declaring the whole rest of data,
// writes its first n bytes and keeps the connection open, as a slow
// browser does; closing the connection cuts it.
func openPatch(t *testing.T, loc, token string, offset int, rest []byte, n int) net.Conn {
	t.Helper()
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(conn)
	fmt.Fprintf(w, "PATCH %s HTTP/1.1\r\nHost: %s\r\nTus-Resumable: 1.0.0\r\nAuthorization: Bearer %s\r\n"+
		"Upload-Offset: %d\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: %d\r\n\r\n",
		u.Path, u.Host, token, offset, len(rest))
	_, _ = w.Write(rest[:n])
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return conn
}

// TestResumableUploadAcrossReplicas: two servers on one PostgreSQL
// database and one blob store (a bucket of the S3 server with
// TEST_BLOB=s3), no affinity between them. An upload created through
// replica A is continued through B and finished through A: each sees the
// other's bytes (the parts are blobs of the shared store, not files of a
// replica's DATA_DIR). While a PATCH runs on A, B waits for it (a lock
// across replicas), then counts what A received before its client was
// cut. The photo made is the bytes sent, and nothing is left in the store.
func TestResumableUploadAcrossReplicas(t *testing.T) {
	a, b := newReplicasWith(t, 1, nil, true)
	token, _ := a.token()
	gid := a.galleryID("gala-2026")
	data, err := media.DemoJPEG(241, 1024, 768, "")
	if err != nil {
		t.Fatal(err)
	}
	ca := tusClient{t: t, base: a.srv.URL, token: token}
	cb := tusClient{t: t, base: b.srv.URL, token: token}
	locA, r := ca.create(gid, "DSC_0100.jpg", len(data))
	if r.status != http.StatusCreated {
		t.Fatalf("create on A: %d %s", r.status, r.body)
	}
	u, err := url.Parse(locA)
	if err != nil {
		t.Fatal(err)
	}
	locB := b.srv.URL + u.Path
	third := len(data) / 3

	// A takes the first third; B knows it and takes the second.
	if r := ca.patch(locA, 0, data[:third]); r.status != http.StatusNoContent {
		t.Fatalf("PATCH 1 on A: %d %s", r.status, r.body)
	}
	if n, r := cb.offset(locB); r.status != http.StatusOK || n != third {
		t.Fatalf("HEAD on B: %d %s, offset %d, want %d", r.status, r.body, n, third)
	}
	if r := cb.patch(locB, third, data[third:2*third]); r.status != http.StatusNoContent || r.header.Get("Upload-Offset") != fmt.Sprint(2*third) {
		t.Fatalf("PATCH 2 on B: %d %s", r.status, r.body)
	}
	// A sees B's part: a PATCH at A's old idea of the offset is refused.
	if r := ca.patch(locA, third, data[third:2*third]); r.status != http.StatusConflict {
		t.Fatalf("PATCH at a stale offset on A: %d %s, want 409", r.status, r.body)
	}

	// A slow PATCH on A holds the upload: B's HEAD waits for it, then
	// counts what A received before the cut.
	start := 2 * third
	sent := (len(data) - start) / 2
	conn := openPatch(t, locA, token, start, data[start:], sent)
	time.Sleep(300 * time.Millisecond) // A has taken the upload
	type head struct {
		n int
		r tusAnswer
	}
	heads := make(chan head, 1)
	go func() {
		n, r := cb.offset(locB)
		heads <- head{n, r}
	}()
	select {
	case h := <-heads:
		t.Fatalf("HEAD on B answered (%d, offset %d) while A's PATCH held the upload", h.r.status, h.n)
	case <-time.After(700 * time.Millisecond):
	}
	conn.Close()
	var h head
	select {
	case h = <-heads:
	case <-time.After(30 * time.Second):
		t.Fatal("HEAD on B still waiting 30 s after A's PATCH was cut")
	}
	if h.r.status != http.StatusOK || h.n <= start || h.n > start+sent {
		t.Fatalf("HEAD on B after the cut on A: %d %s offset %d, want (%d, %d]", h.r.status, h.r.body, h.n, start, start+sent)
	}

	// B finishes: the photo is the bytes sent, in three or four parts
	// written by two replicas.
	last := cb.patch(locB, h.n, data[h.n:])
	if last.status != http.StatusNoContent {
		t.Fatalf("last PATCH on B: %d %s", last.status, last.body)
	}
	id := last.header.Get(server.PhotoIDHeader)
	ctx := viewer.SystemContext(context.Background())
	p, err := a.db.Client.Photo.Get(ctx, id)
	if err != nil {
		t.Fatalf("photo %q: %v", id, err)
	}
	sum := sha256.Sum256(data)
	if p.ContentHash != hex.EncodeToString(sum[:])[:24] || p.SizeBytes != int64(len(data)) {
		t.Fatalf("photo %+v: not the bytes sent", p)
	}
	original, err := a.media.Bucket.ReadAll(ctx, media.OriginalKey(p.ID, p.ContentHash))
	if err != nil || sha256.Sum256(original) != sum {
		t.Fatalf("the original in the store: %d bytes, %v", len(original), err)
	}
	// A's job runner makes it ready (the derivatives job, read from the
	// shared store).
	deadline := time.Now().Add(60 * time.Second)
	for {
		p, err = a.db.Client.Photo.Get(ctx, id)
		if err == nil && p.Status == photo.StatusReady {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("photo not ready after 60 s: %v %v", p.Status, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, rep := range []*replica{a, b} {
		if _, r := (tusClient{t: t, base: rep.srv.URL, token: token}).offset(rep.srv.URL + u.Path); r.status != http.StatusNotFound {
			t.Fatalf("HEAD of the finished upload: %d, want 404", r.status)
		}
		if left := uploadsLeft(t, rep.app); len(left) != 0 {
			t.Fatalf("left in uploads/: %v", strings.Join(left, ", "))
		}
	}
}
