package server_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"gocloud.dev/blob"

	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/server"
)

// tusClient speaks tus 1.0.0 to /api/uploads/ with a photographer's token.
type tusClient struct {
	t     *testing.T
	base  string
	token string
}

type tusAnswer struct {
	status int
	header http.Header
	code   string
	body   string
}

func (c tusClient) send(method, path string, header map[string]string, body []byte) tusAnswer {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	if !strings.HasPrefix(path, "http") {
		path = c.base + path
	}
	req, err := http.NewRequest(method, path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Tus-Resumable", "1.0.0")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var e struct{ Code string }
	_ = json.Unmarshal(raw, &e)
	return tusAnswer{status: res.StatusCode, header: res.Header, code: e.Code, body: string(raw)}
}

func tusMetadata(kv map[string]string) string {
	keys := make([]string, 0, len(kv))
	for k := range kv {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(kv))
	for _, k := range keys {
		parts = append(parts, k+" "+base64.StdEncoding.EncodeToString([]byte(kv[k])))
	}
	return strings.Join(parts, ",")
}

// create opens an upload and returns its address (absolute URL).
func (c tusClient) create(galleryID, name string, size int) (string, tusAnswer) {
	c.t.Helper()
	a := c.send("POST", "/api/uploads/", map[string]string{
		"Upload-Length":   strconv.Itoa(size),
		"Upload-Metadata": tusMetadata(map[string]string{"galleryId": galleryID, "filename": name, "filetype": "image/jpeg", "collection": "Cérémonie"}),
	}, nil)
	return a.header.Get("Location"), a
}

func (c tusClient) patch(loc string, offset int, chunk []byte) tusAnswer {
	c.t.Helper()
	return c.send("PATCH", loc, map[string]string{
		"Upload-Offset": strconv.Itoa(offset),
		"Content-Type":  "application/offset+octet-stream",
	}, chunk)
}

func (c tusClient) offset(loc string) (int, tusAnswer) {
	c.t.Helper()
	a := c.send("HEAD", loc, nil, nil)
	n, _ := strconv.Atoi(a.header.Get("Upload-Offset"))
	return n, a
}

// uploadsLeft lists the blobs kept for unfinished uploads (under uploads/
// in the blob store every replica shares).
func uploadsLeft(t *testing.T, s *server.Server) []string {
	t.Helper()
	var names []string
	it := s.Media.Bucket.List(&blob.ListOptions{Prefix: "uploads/"})
	for {
		obj, err := it.Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, obj.Key)
	}
	return names
}

// TestResumableUploads follows the tus door: an upload in several PATCHes
// becomes a photo made ready by the derivatives job, an upload cut in the
// middle of a PATCH resumes from the offset HEAD gives, duplicates (same
// name and size; same content) are skipped with duplicate_photo, a file
// that is not an image is refused with not_an_image, and nothing is left
// in the blob store's uploads/ afterwards.
func TestResumableUploads(t *testing.T) {
	e, ctx, watch := newEnvWithUploads(t)
	token, _ := e.token()
	c := tusClient{t: t, base: e.srv.URL, token: token}
	gid := e.galleryID("gala-2026")

	photoOf := func(t *testing.T, a tusAnswer, want []byte) string {
		t.Helper()
		if a.status != http.StatusNoContent {
			t.Fatalf("last PATCH: %d %s", a.status, a.body)
		}
		id := a.header.Get(server.PhotoIDHeader)
		if id == "" {
			t.Fatalf("last PATCH: no %s header", server.PhotoIDHeader)
		}
		p := e.db.Client.Photo.GetX(viewer.SystemContext(ctx), id)
		sum := sha256.Sum256(want)
		if p.ContentHash != hex.EncodeToString(sum[:])[:24] || p.SizeBytes != int64(len(want)) || p.Collection != "Cérémonie" {
			t.Fatalf("photo %+v: not the bytes sent", p)
		}
		return id
	}

	first, err := media.DemoJPEG(231, 640, 480, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("several PATCHes", func(t *testing.T) {
		loc, a := c.create(gid, "DSC_0001.jpg", len(first))
		if a.status != http.StatusCreated || !strings.Contains(loc, "/api/uploads/") {
			t.Fatalf("create: %d %s %q", a.status, a.body, loc)
		}
		third := len(first) / 3
		for i, part := range [][2]int{{0, third}, {third, 2 * third}} {
			if a := c.patch(loc, part[0], first[part[0]:part[1]]); a.status != http.StatusNoContent || a.header.Get("Upload-Offset") != strconv.Itoa(part[1]) {
				t.Fatalf("PATCH %d: %d %s offset %s", i, a.status, a.body, a.header.Get("Upload-Offset"))
			}
		}
		// A PATCH at a wrong offset is refused and changes nothing.
		if a := c.patch(loc, 1, first[1:10]); a.status != http.StatusConflict {
			t.Fatalf("PATCH at a wrong offset: %d %s", a.status, a.body)
		}
		id := photoOf(t, c.patch(loc, 2*third, first[2*third:]), first)
		if _, err := watch.Wait(ctx, 1); err != nil {
			t.Fatal(err)
		}
		if p := e.db.Client.Photo.GetX(viewer.SystemContext(ctx), id); p.Status != photo.StatusReady {
			t.Fatalf("status %s, want ready", p.Status)
		}
		if _, a := c.offset(loc); a.status != http.StatusNotFound {
			t.Fatalf("HEAD of a finished upload: %d, want 404 (removed)", a.status)
		}
		if left := uploadsLeft(t, e.app); len(left) != 0 {
			t.Fatalf("left in uploads/: %v", left)
		}
	})

	second, err := media.DemoJPEG(232, 800, 600, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("cut in the middle, resumed with HEAD and PATCH", func(t *testing.T) {
		loc, a := c.create(gid, "DSC_0002.jpg", len(second))
		if a.status != http.StatusCreated {
			t.Fatalf("create: %d %s", a.status, a.body)
		}
		half := len(second) / 2
		cutPatch(t, loc, token, second, half)
		// The server keeps what arrived before the cut (it may need a moment
		// to notice the connection is gone).
		var got int
		deadline := time.Now().Add(30 * time.Second)
		for {
			n, a := c.offset(loc)
			if a.status != http.StatusOK {
				t.Fatalf("HEAD: %d %s", a.status, a.body)
			}
			got = n
			if got == half || time.Now().After(deadline) {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if got <= 0 || got > half {
			t.Fatalf("offset after the cut: %d, want up to %d", got, half)
		}
		photoOf(t, c.patch(loc, got, second[got:]), second)
		if left := uploadsLeft(t, e.app); len(left) != 0 {
			t.Fatalf("left in uploads/: %v", left)
		}
	})

	t.Run("duplicates skipped", func(t *testing.T) {
		// Same name and size: refused before any byte is sent.
		_, a := c.create(gid, "DSC_0001.jpg", len(first))
		if a.status != http.StatusConflict || a.code != "duplicate_photo" || !strings.Contains(a.body, "DSC_0001.jpg") {
			t.Fatalf("same name and size: %d %s", a.status, a.body)
		}
		// Same content under another name: refused once the bytes are in.
		loc, a := c.create(gid, "copie.jpg", len(first))
		if a.status != http.StatusCreated {
			t.Fatalf("create: %d %s", a.status, a.body)
		}
		if a := c.patch(loc, 0, first); a.status != http.StatusConflict || a.code != "duplicate_photo" {
			t.Fatalf("same content: %d %s", a.status, a.body)
		}
		n := e.db.Client.Photo.Query().Where(photo.GalleryID(gid), photo.FilenameIn("DSC_0001.jpg", "copie.jpg")).CountX(viewer.SystemContext(ctx))
		if n != 1 {
			t.Fatalf("%d photos of the first file, want 1", n)
		}
		if left := uploadsLeft(t, e.app); len(left) != 0 {
			t.Fatalf("left in uploads/: %v", left)
		}
	})

	t.Run("not an image", func(t *testing.T) {
		text := []byte("ceci n'est pas une photo, juste du texte\n")
		loc, a := c.create(gid, "notes.jpg", len(text))
		if a.status != http.StatusCreated {
			t.Fatalf("create: %d %s", a.status, a.body)
		}
		if a := c.patch(loc, 0, text); a.status != http.StatusUnsupportedMediaType || a.code != "not_an_image" {
			t.Fatalf("text file: %d %s", a.status, a.body)
		}
		if e.db.Client.Photo.Query().Where(photo.Filename("notes.jpg")).ExistX(viewer.SystemContext(ctx)) {
			t.Fatal("a photo was made of a text file")
		}
	})

	t.Run("too large, missing metadata", func(t *testing.T) {
		_, a := c.create(gid, "huge.jpg", int(e.app.Photos.MaxBytes())+1)
		if a.status != http.StatusRequestEntityTooLarge {
			t.Fatalf("over the limit: %d %s", a.status, a.body)
		}
		a = c.send("POST", "/api/uploads/", map[string]string{"Upload-Length": "10",
			"Upload-Metadata": tusMetadata(map[string]string{"filename": "a.jpg"})}, nil)
		if a.status != http.StatusBadRequest || a.code != "invalid_input" {
			t.Fatalf("no gallery: %d %s", a.status, a.body)
		}
	})
}

// cutPatch sends a PATCH declaring the whole rest of data but closes the
// connection after n bytes, as a browser losing the network does.
func cutPatch(t *testing.T, loc, token string, data []byte, n int) {
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
		"Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: %d\r\n\r\n",
		u.Path, u.Host, token, len(data))
	_, _ = w.Write(data[:n])
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	conn.Close()
}

// TestResumableUploadsRefuseStrangers: without the photographer nothing
// is created; another photographer cannot see, continue or cancel an
// upload (404, as if it did not exist); the photographer's cookie alone
// (a cross-site form) is not enough; ids that are not the server's are
// not found, and an upload abandoned past UPLOAD_EXPIRY is swept.
func TestResumableUploadsRefuseStrangers(t *testing.T) {
	e, ctx, _ := newEnvWithUploads(t)
	token, _ := e.token()
	c := tusClient{t: t, base: e.srv.URL, token: token}
	gid := e.galleryID("gala-2026")
	data, err := media.DemoJPEG(233, 320, 240, "")
	if err != nil {
		t.Fatal(err)
	}
	loc, a := c.create(gid, "IMG_1.jpg", len(data))
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	if a := c.patch(loc, 0, data[:100]); a.status != http.StatusNoContent {
		t.Fatalf("PATCH: %d %s", a.status, a.body)
	}

	anon := tusClient{t: t, base: e.srv.URL}
	if _, a := anon.create(gid, "IMG_2.jpg", len(data)); a.status != http.StatusUnauthorized || a.code != "unauthorized" {
		t.Fatalf("anonymous create: %d %s", a.status, a.body)
	}
	if a := anon.patch(loc, 100, data[100:]); a.status != http.StatusUnauthorized {
		t.Fatalf("anonymous PATCH: %d %s", a.status, a.body)
	}

	other := e.db.Client.Photographer.Create().SetName("Autre Studio").SetEmail("autre@example.com").SaveX(viewer.SystemContext(ctx))
	otherGallery := e.db.Client.Gallery.Create().SetURL("autre-galerie").SetEventName("Autre").SetPhotographer(other).SaveX(viewer.SystemContext(ctx))
	otherToken, _, err := (&photographer.Tokens{DB: e.db.Client}).Create(context.Background(), "autre@example.com", "t")
	if err != nil {
		t.Fatal(err)
	}
	o := tusClient{t: t, base: e.srv.URL, token: otherToken}
	if _, a := o.offset(loc); a.status != http.StatusNotFound {
		t.Fatalf("other photographer's HEAD: %d", a.status)
	}
	if a := o.patch(loc, 100, data[100:]); a.status != http.StatusNotFound || a.code != "not_found" {
		t.Fatalf("other photographer's PATCH: %d %s", a.status, a.body)
	}
	if a := o.send("DELETE", loc, nil, nil); a.status != http.StatusNotFound {
		t.Fatalf("other photographer's DELETE: %d %s", a.status, a.body)
	}
	if _, a := o.create(gid, "IMG_3.jpg", len(data)); a.status != http.StatusForbidden {
		t.Fatalf("upload into another's gallery: %d %s", a.status, a.body)
	}
	if _, a := c.create(otherGallery.ID, "IMG_3.jpg", len(data)); a.status != http.StatusForbidden {
		t.Fatalf("upload into another's gallery: %d %s", a.status, a.body)
	}

	for _, bad := range []string{"..%2F..%2Fsecret_key", "../secret_key", "ABCDEF", strings.Repeat("0", 31) + "g"} {
		if _, a := c.offset(e.srv.URL + "/api/uploads/" + bad); a.status != http.StatusNotFound {
			t.Fatalf("HEAD %s: %d", bad, a.status)
		}
	}

	// The session cookie alone, without X-Requested-With: not the photographer.
	b := e.browser()
	res, err := b.Get(e.srv.URL + "/playground?token=" + url.QueryEscape(token))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/uploads/", nil)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Length", strconv.Itoa(len(data)))
	req.Header.Set("Upload-Metadata", tusMetadata(map[string]string{"galleryId": gid, "filename": "IMG_4.jpg"}))
	for _, withHeader := range []bool{false, true} {
		if withHeader {
			req.Header.Set("X-Requested-With", "tus")
		}
		res, err := b.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		want := http.StatusUnauthorized
		if withHeader {
			want = http.StatusCreated
		}
		if res.StatusCode != want {
			t.Fatalf("cookie, X-Requested-With %v: %d, want %d", withHeader, res.StatusCode, want)
		}
	}

	// The owner's own cancel works; an abandoned upload is swept.
	loc2, _ := c.create(gid, "IMG_5.jpg", len(data))
	if a := c.send("DELETE", loc2, nil, nil); a.status != http.StatusNoContent {
		t.Fatalf("DELETE: %d %s", a.status, a.body)
	}
	e.app.SweepUploads(time.Now().Add(time.Hour))
	if _, a := c.offset(loc); a.status != http.StatusOK {
		t.Fatalf("an upload active an hour ago is swept: %d", a.status)
	}
	e.app.SweepUploads(time.Now().Add(25 * time.Hour))
	if _, a := c.offset(loc); a.status != http.StatusNotFound {
		t.Fatalf("HEAD after the sweep: %d", a.status)
	}
	if left := uploadsLeft(t, e.app); len(left) != 0 {
		t.Fatalf("left in uploads/: %v", left)
	}
}
