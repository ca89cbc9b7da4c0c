package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/viewer"
)

// TestRobotsTxt: crawlers may read the galleries and are kept out of the
// API, GraphQL, the studio and the playground; the file is text, not the
// client page.
func TestRobotsTxt(t *testing.T) {
	e := newEnv(t, 1)
	web := fstest.MapFS{"index.html": {Data: []byte("<html><head><title>Galerie photo</title></head><body></body></html>")}}
	srv := httptest.NewServer(e.plainServer(web).Handler())
	defer srv.Close()
	res, err := http.Get(srv.URL + "/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	body := string(b)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{"User-agent: *\n", "Allow: /\n", "Disallow: /api/\n", "Disallow: /graphql\n", "Disallow: /studio\n", "Disallow: /playground\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "<html") || strings.Contains(body, "Disallow: /\n") || strings.Contains(body, "gala-2026") {
		t.Errorf("robots.txt:\n%s", body)
	}
}

// TestProtectedGalleriesAreNotIndexed: the page of a gallery that needs a
// code, and a preview, carry X-Robots-Tag: noindex; a public gallery's
// pages and the landing page do not.
func TestProtectedGalleriesAreNotIndexed(t *testing.T) {
	e := newEnv(t, 1)
	web := fstest.MapFS{"index.html": {Data: []byte("<html><head><title>Galerie photo</title></head><body></body></html>")}}
	srv := httptest.NewServer(e.plainServer(web).Handler())
	defer srv.Close()
	galaPhoto := e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL("gala-2026")), photo.StatusEQ(photo.StatusReady),
		photo.IsPrivate(false), photo.ClientHidden(false)).FirstIDX(viewer.SystemContext(context.Background()))
	for _, c := range []struct {
		path    string
		noindex bool
	}{
		{"/", false},
		{"/gala-2026", false},
		{"/gala-2026/photos/" + galaPhoto, false},
		{"/gala-2026/preview", true},
		{"/julie-et-thomas", true},
		{"/julie-et-thomas/authentication/accessCode", true},
		{"/julie-et-thomas/photos/pho_x", true},
	} {
		res, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		got := res.Header.Get("X-Robots-Tag")
		if res.StatusCode != 200 || (got == "noindex") != c.noindex || (!c.noindex && got != "") {
			t.Errorf("%s: %d, X-Robots-Tag %q, want noindex=%v", c.path, res.StatusCode, got, c.noindex)
		}
	}
}
