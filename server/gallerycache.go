package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"golang.org/x/sync/singleflight"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Gallery data (photos, prices, theme) changes rarely and is read on every
// visit, so its answers are kept in memory: the answers of GET /api/photos
// and of GraphQL queries whose only root field is gallery(url:).
//
// An answer is reused while nothing was written through this server's
// database client since it was made (every ent mutation bumps a
// generation, except those of carts, orders and other per-visitor records:
// cacheNeutral) and for at most cacheTTL, which bounds how stale an answer
// can be after a change made by another process (another replica, a job
// worker). When only cacheTTL has run out, one request recomputes the
// answer while the others are still served the previous one, so that a
// refresh never makes 50 visitors wait.
//
// The answers depend on who asks: a GraphQL answer is kept per viewer
// state (e-mail, photographer, access grants, previews: viewerKey), the
// photo list per visibility class (store.PhotoVisibilityClass). Access to
// the gallery is checked on every request against the database.

const (
	cacheTTL = time.Second
	// cacheStale bounds how long an expired answer is still served while
	// it is being remade (when remaking fails, the database being down).
	cacheStale = 10 * cacheTTL
	// cacheMaxBytes bounds the answers kept; beyond it, entries are dropped
	// at random.
	cacheMaxBytes = 128 << 20
	// cacheMaxPlans bounds the GraphQL documents analysed.
	cacheMaxPlans = 4096
	// cacheMaxBody is the largest GraphQL request body considered.
	cacheMaxBody = 64 << 10
)

// cacheNeutral are the entities whose changes never show in gallery data.
// Selections and the album do (a photo's favorite flag, the gallery's
// album): a heart or an album change is seen on the next request.
var cacheNeutral = map[string]bool{
	ent.TypeCart: true, ent.TypeCartItem: true, ent.TypeOrder: true, ent.TypeOrderLine: true,
	ent.TypePayment: true, ent.TypeCaptcha: true, ent.TypeContactMessage: true,
	ent.TypeDownloadRequest: true, ent.TypeOneTimeCode: true, ent.TypeWebhookEvent: true,
	ent.TypeVoucherRedemption: true, ent.TypeShare: true,
}

type cacheEntry struct {
	body        []byte
	contentType string
	etag        string
	gen         uint64
	made        time.Time
	// gz is body gzipped, made by the first request that accepts it.
	gzOnce sync.Once
	gz     []byte
	// refreshing is when a request last took on remaking the entry after
	// cacheTTL (Unix nanoseconds); a failed attempt is retried after
	// another cacheTTL.
	refreshing atomic.Int64
}

// respCache keeps gallery answers; see above.
type respCache struct {
	writes  store.Writes
	flights singleflight.Group

	mu      sync.Mutex
	entries map[string]*cacheEntry
	size    int64
	plans   map[string]gqlPlan
	// galleries are gallery rows as read from the database, shared read-only.
	galleries *store.Kept[*ent.Gallery]
}

func newRespCache() *respCache {
	c := &respCache{entries: map[string]*cacheEntry{}, plans: map[string]gqlPlan{}}
	c.galleries = &store.Kept[*ent.Gallery]{Writes: &c.writes, TTL: cacheTTL, Max: cacheMaxPlans}
	return c
}

// gallery returns the gallery row of id under the same rules as the
// answers (fresh after any write through this server, at most cacheTTL
// old), read with load on a miss. Callers check access themselves
// (gallery.CheckPublished, gallery.RequireAccess) and must not modify it.
func (c *respCache) gallery(id string, load func() (*ent.Gallery, error)) (*ent.Gallery, error) {
	return c.galleries.Get(id, load)
}

// install makes every mutation through db, but neutral ones, invalidate
// the answers (store.Writes; cacheTTL bounds what a reader may have
// cached while a transaction was being committed).
func (c *respCache) install(db *ent.Client) {
	c.writes.Install(db, func(t string) bool { return !cacheNeutral[t] })
}

// lookup returns the entry to serve for key, or nil when the caller must
// make it. An entry past cacheTTL is still served to everyone but the one
// request that remakes it, up to cacheStale.
func (c *respCache) lookup(key string) *cacheEntry {
	c.mu.Lock()
	e := c.entries[key]
	c.mu.Unlock()
	if e == nil || e.gen != c.writes.Load() {
		return nil
	}
	now := time.Now()
	age := now.Sub(e.made)
	if age <= cacheTTL {
		return e
	}
	if age > cacheStale {
		return nil
	}
	last := e.refreshing.Load()
	if now.UnixNano()-last > int64(cacheTTL) && e.refreshing.CompareAndSwap(last, now.UnixNano()) {
		return nil
	}
	return e
}

// fill makes the entry of key once however many requests ask at the same
// time. build answers nil when the answer must not be kept; the entry is
// kept only if nothing was written while it was made.
func (c *respCache) fill(key string, build func() *cacheEntry) *cacheEntry {
	v, _, _ := c.flights.Do(key, func() (any, error) {
		gen := c.writes.Load()
		e := build()
		if e == nil {
			return (*cacheEntry)(nil), nil
		}
		e.gen, e.made = gen, time.Now()
		if c.writes.Load() == gen {
			c.put(key, e)
		}
		return e, nil
	})
	return v.(*cacheEntry)
}

func (c *respCache) put(key string, e *cacheEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[key]; old != nil {
		c.size -= int64(len(old.body))
	}
	c.entries[key] = e
	c.size += int64(len(e.body))
	for k, old := range c.entries {
		if c.size <= cacheMaxBytes {
			break
		}
		if k != key {
			delete(c.entries, k)
			c.size -= int64(len(old.body))
		}
	}
}

func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// serve writes e, or 304 when the request already holds it; gzipped when
// the request accepts it (the compressed answer has its own ETag).
func (e *cacheEntry) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", e.contentType)
	h.Add("Vary", "Accept-Encoding")
	body, etag := e.body, e.etag
	if len(e.body) >= minCompress && acceptsGzip(r) {
		e.gzOnce.Do(func() { e.gz = gzipBytes(e.body) })
		body = e.gz
		h.Set("Content-Encoding", "gzip")
		if etag != "" {
			etag = strings.TrimSuffix(etag, `"`) + `-gz"`
		}
	}
	if etag != "" {
		h.Set("ETag", etag)
		h.Set("Cache-Control", "private, no-cache")
		if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatch(inm, etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// viewerKey identifies everything of the viewer that gallery data may
// depend on; the session key and address are left out: no field under
// gallery(url:) reads them.
func viewerKey(v *viewer.Viewer) string {
	if !v.System && v.Email == "" && v.PhotographerID == "" && len(v.Grants) == 0 && len(v.Previews) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(strconv.FormatBool(v.System))
	b.WriteString("\x00" + v.Email + "\x00" + v.PhotographerID)
	grants := make([]string, 0, len(v.Grants))
	for id, r := range v.Grants {
		grants = append(grants, id+"="+strconv.Itoa(int(r)))
	}
	slices.Sort(grants)
	previews := make([]string, 0, len(v.Previews))
	for id, ok := range v.Previews {
		if ok {
			previews = append(previews, id)
		}
	}
	slices.Sort(previews)
	b.WriteString("\x00" + strings.Join(grants, ",") + "\x00" + strings.Join(previews, ","))
	return b.String()
}

// photosKey names the photo list of g as the current viewer sees it.
func photosKey(ctx context.Context, g *ent.Gallery) string {
	return "photos\x00" + g.ID + "\x00" + store.PhotoVisibilityClass(viewer.FromContext(ctx), g.ID, g.PhotographerID)
}

// gqlPlan is what a GraphQL request body allows.
type gqlPlan struct{ cacheable bool }

// bodyKey names a request body in the maps: its SHA-256.
func bodyKey(body []byte) string {
	sum := sha256.Sum256(body)
	return string(sum[:])
}

// plan tells whether a GraphQL request body asks only for gallery(url:):
// one query operation whose root fields are gallery (without a
// previewHash that is not null, or email, which change the viewer) or __typename, and no extensions
// (persisted queries go the normal way).
func (c *respCache) plan(body []byte, key string) gqlPlan {
	c.mu.Lock()
	p, ok := c.plans[key]
	c.mu.Unlock()
	if ok {
		return p
	}
	p = analyse(body)
	c.mu.Lock()
	if len(c.plans) >= cacheMaxPlans {
		clear(c.plans)
	}
	c.plans[key] = p
	c.mu.Unlock()
	return p
}

func analyse(body []byte) gqlPlan {
	var req struct {
		Query         string          `json:"query"`
		OperationName string          `json:"operationName"`
		Variables     json.RawMessage `json:"variables"`
		Extensions    json.RawMessage `json:"extensions"`
	}
	if err := json.Unmarshal(body, &req); err != nil || req.Query == "" {
		return gqlPlan{}
	}
	if ext := bytes.TrimSpace(req.Extensions); len(ext) > 0 && !bytes.Equal(ext, []byte("null")) && !bytes.Equal(ext, []byte("{}")) {
		return gqlPlan{}
	}
	var vars map[string]json.RawMessage
	if v := bytes.TrimSpace(req.Variables); len(v) > 0 && !bytes.Equal(v, []byte("null")) {
		if err := json.Unmarshal(v, &vars); err != nil {
			return gqlPlan{}
		}
	}
	doc, err := parser.ParseQuery(&ast.Source{Input: req.Query})
	if err != nil {
		return gqlPlan{}
	}
	var op *ast.OperationDefinition
	switch {
	case req.OperationName != "":
		op = doc.Operations.ForName(req.OperationName)
	case len(doc.Operations) == 1:
		op = doc.Operations[0]
	}
	if op == nil || op.Operation != ast.Query || len(op.Directives) > 0 {
		return gqlPlan{}
	}
	galleries := 0
	for _, sel := range op.SelectionSet {
		f, ok := sel.(*ast.Field)
		if !ok || len(f.Directives) > 0 {
			return gqlPlan{}
		}
		switch f.Name {
		case "__typename":
		case "gallery":
			for _, a := range f.Arguments {
				// A previewHash that is null (literally, or a variable
				// sent null or left out without a default) is no hash:
				// the client always passes one.
				if a.Name != "url" && (a.Name != "previewHash" || !nullArgument(a.Value, op, vars)) {
					return gqlPlan{}
				}
			}
			galleries++
		default:
			return gqlPlan{}
		}
	}
	return gqlPlan{cacheable: galleries > 0}
}

// nullArgument tells whether an argument's value is null in this request:
// the literal null, or a variable the request sends as null or leaves out
// while its definition has no default.
func nullArgument(v *ast.Value, op *ast.OperationDefinition, vars map[string]json.RawMessage) bool {
	switch v.Kind {
	case ast.NullValue:
		return true
	case ast.Variable:
		if raw, ok := vars[v.Raw]; ok {
			return bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
		}
		def := op.VariableDefinitions.ForName(v.Raw)
		return def != nil && (def.DefaultValue == nil || def.DefaultValue.Kind == ast.NullValue)
	}
	return false
}

// cachedGalleryQueries answers GraphQL gallery queries from the cache.
func (s *Server) cachedGalleryQueries(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") ||
			r.ContentLength > cacheMaxBody || s.cache == nil {
			next.ServeHTTP(w, r)
			return
		}
		orig := r.Body
		body, err := io.ReadAll(io.LimitReader(orig, cacheMaxBody+1))
		if err != nil || len(body) > cacheMaxBody {
			// The rest, or the reader's error, follows what was read.
			r.Body = struct {
				io.Reader
				io.Closer
			}{io.MultiReader(bytes.NewReader(body), orig), orig}
			next.ServeHTTP(w, r)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		bk := bodyKey(body)
		if !s.cache.plan(body, bk).cacheable {
			next.ServeHTTP(w, r)
			return
		}
		key := "gql\x00" + viewerKey(viewer.FromContext(r.Context())) + "\x00" + bk
		if e := s.cache.lookup(key); e != nil {
			e.serve(w, r)
			return
		}
		served := false
		e := s.cache.fill(key, func() *cacheEntry {
			rec := &recorder{header: http.Header{}, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			rec.copyTo(w)
			served = true
			if rec.status != http.StatusOK || len(rec.header.Values("Set-Cookie")) > 0 || hasErrors(rec.body.Bytes()) {
				return nil
			}
			return &cacheEntry{body: rec.body.Bytes(), contentType: rec.header.Get("Content-Type")}
		})
		switch {
		case served:
		case e != nil:
			e.serve(w, r)
		default:
			// Shared with a request whose answer could not be kept.
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r)
		}
	})
}

// hasErrors tells whether a GraphQL answer carries errors: those are not
// kept (a database hiccup must not last).
func hasErrors(body []byte) bool {
	return bytes.Contains(body, []byte(`"errors":`))
}

// recorder keeps an answer in memory.
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
}
func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	return r.body.Write(p)
}

func (r *recorder) copyTo(w http.ResponseWriter) {
	h := w.Header()
	for k, vs := range r.header {
		h[k] = vs
	}
	w.WriteHeader(r.status)
	_, _ = w.Write(r.body.Bytes())
}
