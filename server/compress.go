package server

import (
	"bytes"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// Compression: gzhttp (klauspost/compress) reads Accept-Encoding and
// gzips, as they are written, the answers of compressible types of at
// least minCompress bytes, for every request but websocket upgrades. Two
// kinds of answer are compressed once and kept instead, and pass through
// gzhttp untouched (it leaves an answer that already has a
// Content-Encoding alone): the client's scripts and styles, for the life
// of the process (they are embedded and named by content hash), and a kept
// gallery answer (a 5,000-photo list is 2.6 MB of JSON), for as long as it
// is kept (gallerycache.go). Those handlers ask gzipAccepted whether to
// send their gzipped bytes: gzhttp made that choice already.

// minCompress is the smallest body worth compressing.
const minCompress = 1024

// compress wraps next with gzhttp; websocket upgrades go around it (their
// connection is hijacked, and gzhttp's writer for a client that does not
// accept gzip cannot be).
func compress(next http.Handler) http.Handler {
	gz := gzipWrapper(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "" {
			next.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}

// gzipWrapper is gzhttp's handler at the settings above; the options are
// constants, so an error is a programming error.
var gzipWrapper = func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(minCompress), gzhttp.ContentTypeFilter(compressibleType))
	if err != nil {
		panic(err)
	}
	return wrap
}()

// compressibleType tells whether an answer of type ct is worth gzipping:
// text, JSON, scripts, SVG. Images, fonts, music and archives are
// compressed already (gzhttp's default would gzip PNG and WebP too).
func compressibleType(ct string) bool {
	ct = strings.ToLower(ct)
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "json") || strings.Contains(ct, "javascript") ||
		strings.Contains(ct, "xml")
}

// gzipAccepted tells whether gzhttp, around the handler writing to w,
// found that the request accepts a gzipped answer (it then hands the
// handler its compressing writer). Middleware between them may wrap w:
// their Unwrap leads to it.
func gzipAccepted(w http.ResponseWriter) bool {
	for {
		switch w.(type) {
		case *gzhttp.GzipResponseWriter, gzhttp.GzipResponseWriterWithCloseNotify:
			return true
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return false
		}
		w = u.Unwrap()
	}
}

// gzipBytes compresses b at the default level.
func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(b) / 4)
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// compressible are the asset types sent gzipped (images and fonts are
// compressed already).
var compressible = map[string]bool{".js": true, ".mjs": true, ".css": true, ".svg": true, ".json": true, ".map": true, ".txt": true, ".html": true}

// assetZips keeps the gzipped assets, by name.
type assetZips struct {
	mu    sync.Mutex
	bytes map[string][]byte
}

// get returns the gzipped bytes of the asset name of web, or nil when it
// is not worth sending compressed.
func (z *assetZips) get(web fs.FS, name string) []byte {
	if !compressible[path.Ext(name)] {
		return nil
	}
	z.mu.Lock()
	gz, ok := z.bytes[name]
	z.mu.Unlock()
	if ok {
		return gz
	}
	raw, err := fs.ReadFile(web, name)
	if err != nil {
		return nil
	}
	if len(raw) >= minCompress {
		if gz = gzipBytes(raw); len(gz) >= len(raw) {
			gz = nil
		}
	}
	z.mu.Lock()
	if z.bytes == nil {
		z.bytes = map[string][]byte{}
	}
	z.bytes[name] = gz
	z.mu.Unlock()
	return gz
}

// serveAsset serves the asset name of web, gzipped when the client accepts
// it and it is worth it: the bytes gzipped once, never on each request.
func (z *assetZips) serveAsset(w http.ResponseWriter, r *http.Request, web fs.FS, name string) {
	if gzipAccepted(w) {
		if gz := z.get(web, name); gz != nil {
			w.Header().Set("Content-Encoding", "gzip")
			// The type is the asset's, not gzip's: ServeContent takes it from the name.
			http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(gz))
			return
		}
	}
	http.ServeFileFS(w, r, web, name)
}
