package server

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Compression: the client's scripts and styles and the kept gallery answers
// (a 5,000-photo list is 2.6 MB of JSON) go gzipped to clients that accept
// it. Both are compressed once and kept: the assets for the life of the
// process (they are embedded and named by content hash), an answer for as
// long as it is kept (gallerycache.go).

// minCompress is the smallest body worth compressing.
const minCompress = 1024

// acceptsGzip tells whether the request accepts a gzip-encoded answer.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		// gzip;q=0 refuses it; any other weight (or none) accepts it.
		name, weight, found := strings.Cut(strings.ReplaceAll(params, " ", ""), "=")
		if !found || !strings.EqualFold(name, "q") {
			return true
		}
		q, err := strconv.ParseFloat(weight, 64)
		return err != nil || q > 0
	}
	return false
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
// it and it is worth it.
func (z *assetZips) serveAsset(w http.ResponseWriter, r *http.Request, web fs.FS, name string) {
	w.Header().Add("Vary", "Accept-Encoding")
	if acceptsGzip(r) {
		if gz := z.get(web, name); gz != nil {
			w.Header().Set("Content-Encoding", "gzip")
			// The type is the asset's, not gzip's: ServeContent takes it from the name.
			http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(gz))
			return
		}
	}
	http.ServeFileFS(w, r, web, name)
}
