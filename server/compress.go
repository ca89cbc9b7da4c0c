package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strconv"
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
// Content-Encoding alone): the client's scripts and styles, compressed at
// build time in brotli and gzip (assetZips: they are embedded and named by
// content hash; br goes to browsers that accept it), and a kept
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

// compressible are the asset types sent compressed (images and fonts are
// compressed already).
var compressible = map[string]bool{".js": true, ".mjs": true, ".css": true, ".svg": true, ".json": true, ".map": true, ".txt": true, ".html": true}

// assetZips keeps the client's text assets, by name, in every encoding
// they are sent in. The build (client/scripts/precompress.mjs) writes
// NAME.br (brotli, quality 11) and NAME.gz (gzip, level 9) beside each
// asset, embedded with it; an asset without its .gz (a build that skipped
// the script) is gzipped here once. Nothing is compressed per request.
type assetZips struct {
	mu    sync.Mutex
	files map[string]*assetFile
}

// assetFile is one asset's bytes in each encoding (nil: not worth it, the
// compressed bytes would not be smaller) and its ETag stem, from its bytes.
type assetFile struct {
	raw, br, gz []byte
	tag         string
}

// get returns the asset name of web, loaded once; nil when it is not a
// compressible type or cannot be read.
func (z *assetZips) get(web fs.FS, name string) *assetFile {
	if !compressible[path.Ext(name)] {
		return nil
	}
	z.mu.Lock()
	f, ok := z.files[name]
	z.mu.Unlock()
	if ok {
		return f
	}
	raw, err := fs.ReadFile(web, name)
	if err != nil {
		return nil
	}
	sum := sha256.Sum256(raw)
	f = &assetFile{raw: raw, tag: hex.EncodeToString(sum[:8])}
	smaller := func(b []byte) []byte {
		if len(b) == 0 || len(b) >= len(raw) {
			return nil
		}
		return b
	}
	if len(raw) >= minCompress {
		br, _ := fs.ReadFile(web, name+".br")
		f.br = smaller(br)
		gz, err := fs.ReadFile(web, name+".gz")
		if err != nil {
			gz = gzipBytes(raw)
		}
		f.gz = smaller(gz)
	}
	z.mu.Lock()
	if z.files == nil {
		z.files = map[string]*assetFile{}
	}
	z.files[name] = f
	z.mu.Unlock()
	return f
}

// serveAsset serves the asset name of web: its brotli bytes to a client
// that accepts br, else its gzip bytes to one that accepts gzip, else as
// it is, with Vary: Accept-Encoding and an ETag per encoding. Ranges and
// conditional requests apply to the bytes sent (http.ServeContent). The
// compressed answers carry their Content-Encoding, so gzhttp around this
// handler passes them through untouched.
func (z *assetZips) serveAsset(w http.ResponseWriter, r *http.Request, web fs.FS, name string) {
	f := z.get(web, name)
	if f == nil {
		http.ServeFileFS(w, r, web, name)
		return
	}
	h := w.Header()
	if !strings.Contains(strings.ToLower(strings.Join(h.Values("Vary"), ",")), "accept-encoding") {
		h.Add("Vary", "Accept-Encoding")
	}
	body, enc := f.raw, ""
	accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	switch {
	case f.br != nil && accepted("br"):
		body, enc = f.br, "br"
	case f.gz != nil && accepted("gzip"):
		body, enc = f.gz, "gzip"
	}
	if enc != "" {
		h.Set("Content-Encoding", enc)
		h.Set("ETag", `"`+f.tag+"-"+enc+`"`)
	} else {
		h.Set("ETag", `"`+f.tag+`"`)
	}
	// The type is the asset's, not the encoding's: ServeContent takes it from the name.
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
}

// acceptedEncodings reads an Accept-Encoding header: the returned function
// tells whether a coding is accepted, by name or by "*", with a non-zero
// quality ("gzip;q=0" refuses gzip).
func acceptedEncodings(header string) func(coding string) bool {
	q := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		ok := true
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				ok = err == nil && f > 0
			}
		}
		q[name] = ok
	}
	return func(coding string) bool {
		if ok, named := q[coding]; named {
			return ok
		}
		return q["*"]
	}
}
