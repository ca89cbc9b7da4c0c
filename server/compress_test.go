package server_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
)

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return out
}

// TestGalleryAnswersGoGzipped: a kept gallery answer goes gzipped to a
// client that accepts it, with its own ETag, and as it is to one that
// does not; both revalidate.
func TestGalleryAnswersGoGzipped(t *testing.T) {
	e := newEnv(t, 12)
	gala := e.galleryID("gala-2026")
	get := func(accept, inm string) (*http.Response, []byte) {
		return e.do("GET", "/api/photos", nil, map[string]string{"X-Gallery-Id": gala, "Accept-Encoding": accept, "If-None-Match": inm})
	}
	plainRes, plain := get("identity", "")
	if plainRes.StatusCode != 200 || plainRes.Header.Get("Content-Encoding") != "" || !bytes.HasPrefix(plain, []byte("[")) || len(plain) < 1024 {
		t.Fatalf("identity: %d %q %.40s", plainRes.StatusCode, plainRes.Header.Get("Content-Encoding"), plain)
	}
	zRes, z := get("gzip, deflate, br", "")
	if zRes.StatusCode != 200 || zRes.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(zRes.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("gzip: %d, encoding %q, vary %q", zRes.StatusCode, zRes.Header.Get("Content-Encoding"), zRes.Header.Get("Vary"))
	}
	if !bytes.Equal(gunzip(t, z), plain) || len(z) >= len(plain) {
		t.Fatalf("gzipped answer (%d bytes) is not the plain one (%d bytes) compressed", len(z), len(plain))
	}
	t.Logf("photo list: %d bytes, %d gzipped", len(plain), len(z))
	plainTag, zTag := plainRes.Header.Get("ETag"), zRes.Header.Get("ETag")
	if plainTag == "" || zTag == "" || plainTag == zTag {
		t.Fatalf("ETags: plain %q, gzip %q", plainTag, zTag)
	}
	if res, _ := get("gzip", zTag); res.StatusCode != 304 {
		t.Fatalf("gzip revalidation: %d", res.StatusCode)
	}
	if res, _ := get("identity", plainTag); res.StatusCode != 304 {
		t.Fatalf("identity revalidation: %d", res.StatusCode)
	}
	// The plain ETag does not validate the gzipped answer: different bytes.
	if res, _ := get("gzip", plainTag); res.StatusCode != 200 {
		t.Fatalf("plain ETag on a gzipped request: %d", res.StatusCode)
	}
	if res, _ := get("gzip;q=0", ""); res.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip;q=0 was answered gzipped")
	}
	if res, _ := get("br, gzip; q=0.000", ""); res.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip; q=0.000 was answered gzipped")
	}
	if res, _ := get("identity;q=1, gzip;q=0.5", ""); res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatal("gzip;q=0.5 was not answered gzipped")
	}
}

// TestClientAssetsGoGzipped: scripts and styles go gzipped to clients that
// accept them, images as they are.
func TestClientAssetsGoGzipped(t *testing.T) {
	e := newEnv(t, 2)
	script := []byte(strings.Repeat("console.log('galerie');\n", 200))
	png := bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 600)
	web := fstest.MapFS{
		"index.html":        {Data: []byte("<html><head><title>Galerie</title></head><body></body></html>")},
		"assets/app-1.js":   {Data: script},
		"assets/logo-1.png": {Data: png},
	}
	srv := httptest.NewServer(e.plainServer(web).Handler())
	defer srv.Close()
	get := func(path, accept string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", accept)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	res, b := get("/assets/app-1.js", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("script: %d, encoding %q, type %q", res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"))
	}
	if !bytes.Equal(gunzip(t, b), script) || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("script body or cache header wrong (%d bytes, %q)", len(b), res.Header.Get("Cache-Control"))
	}
	if res, b := get("/assets/app-1.js", "identity"); res.Header.Get("Content-Encoding") != "" || !bytes.Equal(b, script) {
		t.Fatal("script without gzip was not sent as it is")
	}
	if res, b := get("/assets/logo-1.png", "gzip"); res.Header.Get("Content-Encoding") != "" || !bytes.Equal(b, png) {
		t.Fatal("an image was gzipped")
	}
}

// TestAnswersGzippedAsWritten: an answer the server does not keep (here
// the country list) is gzipped by gzhttp as it is written, for a client
// that accepts it and only then. (Websocket upgrades go around gzhttp:
// websocket_test.go's dialers send no Accept-Encoding.)
func TestAnswersGzippedAsWritten(t *testing.T) {
	e := newEnv(t, 1)
	get := func(accept string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/countries", nil)
		req.Header.Set("Accept-Encoding", accept)
		// RoundTrip: the body as it came, not decompressed by the client.
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	plainRes, plain := get("identity")
	if plainRes.StatusCode != 200 || plainRes.Header.Get("Content-Encoding") != "" || len(plain) < 1024 {
		t.Fatalf("identity: %d %q, %d bytes", plainRes.StatusCode, plainRes.Header.Get("Content-Encoding"), len(plain))
	}
	zRes, z := get("gzip")
	if zRes.StatusCode != 200 || zRes.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(zRes.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("gzip: %d, encoding %q, vary %q", zRes.StatusCode, zRes.Header.Get("Content-Encoding"), zRes.Header.Get("Vary"))
	}
	if !bytes.Equal(gunzip(t, z), plain) || len(z) >= len(plain) {
		t.Fatalf("gzipped answer (%d bytes) is not the plain one (%d bytes) compressed", len(z), len(plain))
	}
	if res, _ := get("gzip;q=0"); res.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip;q=0 was answered gzipped")
	}
}

// TestClientAssetsGoBrotli: the build's precompressed assets (NAME.br,
// NAME.gz beside NAME, client/scripts/precompress.mjs) are sent as they
// are: brotli to a client that accepts br, gzip to one that accepts only
// gzip, the bytes themselves to one that accepts neither; each with Vary:
// Accept-Encoding, the length of what is sent, its own ETag (revalidated
// with 304) and the year-long immutable cache of hashed assets. A range
// applies to the bytes sent. index.html is never cached without asking.
func TestClientAssetsGoBrotli(t *testing.T) {
	e := newEnv(t, 1)
	script := []byte(strings.Repeat("console.log('galerie, brotli');\n", 300))
	var brBuf bytes.Buffer
	bw := brotli.NewWriterLevel(&brBuf, brotli.BestCompression)
	_, _ = bw.Write(script)
	_ = bw.Close()
	web := fstest.MapFS{
		"index.html":         {Data: []byte("<html><head><title>Galerie</title></head><body></body></html>")},
		"assets/app-2.js":    {Data: script},
		"assets/app-2.js.br": {Data: brBuf.Bytes()},
		"assets/app-2.js.gz": {Data: gzipped(script)},
	}
	srv := httptest.NewServer(e.plainServer(web).Handler())
	defer srv.Close()
	get := func(path string, header map[string]string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	tags := map[string]string{}
	for _, c := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"br", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"*", "br"},
		{"identity", ""},
		{"", ""},
	} {
		res, b := get("/assets/app-2.js", map[string]string{"Accept-Encoding": c.accept})
		h := res.Header
		if res.StatusCode != 200 || h.Get("Content-Encoding") != c.want || !strings.HasPrefix(h.Get("Content-Type"), "text/javascript") {
			t.Fatalf("%q: %d, encoding %q (want %q), type %q", c.accept, res.StatusCode, h.Get("Content-Encoding"), c.want, h.Get("Content-Type"))
		}
		if h.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.Contains(h.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%q: cache %q, vary %q", c.accept, h.Get("Cache-Control"), h.Get("Vary"))
		}
		if h.Get("Content-Length") != strconv.Itoa(len(b)) {
			t.Fatalf("%q: Content-Length %q for %d bytes", c.accept, h.Get("Content-Length"), len(b))
		}
		var plain []byte
		switch c.want {
		case "br":
			if !bytes.Equal(b, brBuf.Bytes()) {
				t.Fatalf("%q: not the build's brotli bytes", c.accept)
			}
			var err error
			if plain, err = io.ReadAll(brotli.NewReader(bytes.NewReader(b))); err != nil {
				t.Fatal(err)
			}
		case "gzip":
			plain = gunzip(t, b)
		default:
			plain = b
		}
		if !bytes.Equal(plain, script) {
			t.Fatalf("%q: the answer does not decode to the script", c.accept)
		}
		if tag := h.Get("ETag"); tag == "" || (tags[c.want] != "" && tags[c.want] != tag) {
			t.Fatalf("%q: ETag %q (before %q)", c.accept, tag, tags[c.want])
		}
		tags[c.want] = h.Get("ETag")
	}
	if len(map[string]bool{tags["br"]: true, tags["gzip"]: true, tags[""]: true}) != 3 {
		t.Fatalf("one ETag for different bytes: %v", tags)
	}
	if res, b := get("/assets/app-2.js", map[string]string{"Accept-Encoding": "br", "If-None-Match": tags["br"]}); res.StatusCode != 304 || len(b) != 0 {
		t.Fatalf("br revalidation: %d", res.StatusCode)
	}
	if res, _ := get("/assets/app-2.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": tags["br"]}); res.StatusCode != 200 {
		t.Fatalf("the br ETag validated the gzip answer: %d", res.StatusCode)
	}
	res, b := get("/assets/app-2.js", map[string]string{"Accept-Encoding": "br", "Range": "bytes=0-9"})
	if res.StatusCode != 206 || res.Header.Get("Content-Encoding") != "br" || !bytes.Equal(b, brBuf.Bytes()[:10]) {
		t.Fatalf("range of the br answer: %d %q %x", res.StatusCode, res.Header.Get("Content-Encoding"), b)
	}
	// A gallery's page (it carries its viewer's first data: private).
	res, _ = get("/gala-2026", map[string]string{"Accept-Encoding": "br"})
	if cc := res.Header.Get("Cache-Control"); cc != "no-cache" && cc != "private, no-cache" {
		t.Fatalf("index.html: Cache-Control %q", res.Header.Get("Cache-Control"))
	}
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}
