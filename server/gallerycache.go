package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
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
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/graph"
	"github.com/studio/gallery/internal/clientdocs"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/metrics"
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
// The answers depend on who asks, but mostly on the viewer's class in the
// gallery, not on the person: a GraphQL query that selects only shared
// fields (sharedFields: the gallery's data, and what the viewer's role in
// it decides) is kept per class (classKey: role, preview, whether an
// e-mail is confirmed), so that every guest of a gallery shares its
// answers and a new guest is not a miss. Other queries (one asking for the
// viewer's own e-mail or album) are kept per person (viewerKey). The photo
// list of GET /api/photos is kept per visibility class
// (store.PhotoVisibilityClass). Shared answers are not made stale by what
// one person writes (perPerson: their selections, their album).

const (
	// cacheTTL is the default of the CACHE_TTL setting (respCache.ttl).
	cacheTTL = time.Second
	// cacheStale, in cacheTTLs, bounds how long an expired answer is still
	// served while it is being remade (when remaking fails, the database
	// being down).
	cacheStale = 10
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
	// Guessing limits and token use are written by guests' and the
	// photographer's requests: they must not make every answer stale.
	ent.TypeRateLimit: true, ent.TypeAPIToken: true,
	// A guest's first load of the day counts a visit (internal/visits).
	ent.TypeGalleryVisit: true,
}

// perPerson are the entities whose changes show only in answers kept per
// person: what one guest keeps (their selections, their album) never
// shows in a shared field.
var perPerson = map[string]bool{ent.TypeSelection: true, ent.TypeAlbum: true}

type cacheEntry struct {
	body        []byte
	contentType string
	etag        string
	gen         uint64
	writes      *store.Writes // the count gen was read from
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
	ttl     time.Duration // how long an answer is used (cacheTTL by default)
	writes  store.Writes  // every write but cacheNeutral's
	shared  store.Writes  // those that may show in shared answers
	flights singleflight.Group

	mu      sync.Mutex
	entries map[string]*cacheEntry
	size    int64
	plans   map[string]gqlPlan
	photos  map[string]photoGallery // photo id -> its gallery, while shared has not moved
}

type photoGallery struct {
	gen       uint64
	galleryID string
}

// photoGallery is the id of the gallery of photo id (read once after each
// shared write: the key of a shared node answer names the class of viewer
// in that gallery).
func (c *respCache) photoGallery(ctx context.Context, db *ent.Client, id string) (string, error) {
	gen := c.shared.Load()
	c.mu.Lock()
	pg, ok := c.photos[id]
	c.mu.Unlock()
	if ok && pg.gen == gen {
		return pg.galleryID, nil
	}
	gid, err := db.Photo.Query().Where(photo.ID(id)).Select(photo.FieldGalleryID).String(ctx)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	if c.photos == nil || len(c.photos) >= cacheMaxPlans {
		c.photos = map[string]photoGallery{}
	}
	c.photos[id] = photoGallery{gen: gen, galleryID: gid}
	c.mu.Unlock()
	return gid, nil
}

// newRespCache keeps answers for at most ttl after a change made by
// another process (the CACHE_TTL setting; cacheTTL when zero).
func newRespCache(ttl time.Duration) *respCache {
	if ttl <= 0 {
		ttl = cacheTTL
	}
	c := &respCache{entries: map[string]*cacheEntry{}, plans: map[string]gqlPlan{}, ttl: ttl}
	return c
}

// install makes every mutation through db, but neutral ones, invalidate
// the answers (store.Writes; cacheTTL bounds what a reader may have
// cached while a transaction was being committed).
func (c *respCache) install(db *ent.Client) {
	c.writes.Install(db, func(t string) bool { return !cacheNeutral[t] })
	c.shared.Install(db, func(t string) bool { return !cacheNeutral[t] && !perPerson[t] })
}

// lookup returns the entry to serve for key, or nil when the caller must
// make it. An entry past cacheTTL is still served to everyone but the one
// request that remakes it, up to cacheStale.
func (c *respCache) lookup(key string) *cacheEntry {
	c.mu.Lock()
	e := c.entries[key]
	c.mu.Unlock()
	if e == nil || e.gen != e.writes.Load() {
		return nil
	}
	now := time.Now()
	age := now.Sub(e.made)
	if age <= c.ttl {
		return e
	}
	if age > cacheStale*c.ttl {
		return nil
	}
	last := e.refreshing.Load()
	if now.UnixNano()-last > int64(c.ttl) && e.refreshing.CompareAndSwap(last, now.UnixNano()) {
		return nil
	}
	return e
}

// fill makes the entry of key once however many requests ask at the same
// time. build answers nil when the answer must not be kept; the entry is
// kept only if nothing was written while it was made.
func (c *respCache) fill(key string, build func() *cacheEntry) *cacheEntry {
	return c.fillWith(key, &c.writes, build)
}

// fillWith is fill for an answer that goes stale with the writes w counts.
func (c *respCache) fillWith(key string, w *store.Writes, build func() *cacheEntry) *cacheEntry {
	v, _, _ := c.flights.Do(key, func() (any, error) {
		gen := w.Load()
		e := build()
		if e == nil {
			return (*cacheEntry)(nil), nil
		}
		e.gen, e.writes, e.made = gen, w, time.Now()
		if w.Load() == gen {
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

// serve writes e, or 304 when the request already holds it; gzipped once
// when the request accepts it (compress.go: gzhttp passes it through; the
// compressed answer has its own ETag).
func (e *cacheEntry) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", e.contentType)
	body, etag := e.body, e.etag
	if len(e.body) >= minCompress && gzipAccepted(w) {
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
type gqlPlan struct {
	// cacheable: the answer may be kept (per person at least).
	cacheable bool
	// shared: every field selected is in sharedFields, under one
	// gallery(url:) whose address is url: the answer may be kept per
	// class of viewer in that gallery.
	shared bool
	url    string
	// photoID: the request is node(id:) of this photo; shared: every
	// field selected is in sharedFields, kept per class of viewer in the
	// photo's gallery.
	photoID string
}

// bodyKey names a request body in the maps: its SHA-256.
func bodyKey(body []byte) string {
	sum := sha256.Sum256(body)
	return string(sum[:])
}

// persistedText returns the text of the client's document that a
// request's extensions name, when they hold persistedQuery alone.
func persistedText(ext json.RawMessage) (string, bool) {
	var e map[string]any
	if err := json.Unmarshal(ext, &e); err != nil || len(e) != 1 {
		return "", false
	}
	hash, ok := persistedHash(e["persistedQuery"])
	if !ok {
		return "", false
	}
	known, err := clientdocs.Persisted()
	if err != nil {
		return "", false
	}
	text, ok := known[hash]
	return text, ok
}

// plan tells whether a GraphQL request body asks only for gallery(url:)
// (see analyse), once per body.
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

// analyse reads a GraphQL request body: it is cacheable when it holds one
// query operation whose root fields are gallery (without a previewHash
// that is not null, or email, which change the viewer) or __typename, no
// directive and no extension but persistedQuery (the client's documents
// by hash: the text is the one the hash names); and shared when, besides,
// every field it selects is in sharedFields, for one gallery address.
func analyse(body []byte) gqlPlan {
	var req struct {
		Query         string          `json:"query"`
		OperationName string          `json:"operationName"`
		Variables     json.RawMessage `json:"variables"`
		Extensions    json.RawMessage `json:"extensions"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return gqlPlan{}
	}
	if ext := bytes.TrimSpace(req.Extensions); len(ext) > 0 && !bytes.Equal(ext, []byte("null")) && !bytes.Equal(ext, []byte("{}")) {
		text, ok := persistedText(ext)
		if !ok || (req.Query != "" && req.Query != text) {
			return gqlPlan{}
		}
		req.Query = text
	}
	if req.Query == "" {
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
	var urls []string
	var photoID string
	for _, sel := range op.SelectionSet {
		f, ok := sel.(*ast.Field)
		if !ok || len(f.Directives) > 0 {
			return gqlPlan{}
		}
		switch f.Name {
		case "__typename":
		case "node":
			// A photo opened in the viewer (PhotoNode): alone, by its id.
			id := stringArgument(f.Arguments.ForName("id"), vars)
			if photoID != "" || len(f.Arguments) != 1 || ids.Prefix(id) != "pho" {
				return gqlPlan{}
			}
			photoID = id
		case "gallery":
			for _, a := range f.Arguments {
				// A previewHash that is null (literally, or a variable
				// sent null or left out without a default) is no hash:
				// the client always passes one.
				if a.Name != "url" && (a.Name != "previewHash" || !nullArgument(a.Value, op, vars)) {
					return gqlPlan{}
				}
			}
			urls = append(urls, stringArgument(f.Arguments.ForName("url"), vars))
		default:
			return gqlPlan{}
		}
	}
	if photoID != "" {
		if len(urls) > 0 {
			return gqlPlan{}
		}
		return gqlPlan{cacheable: true, photoID: photoID,
			shared: (&sharedWalk{doc: doc, schema: gallerySchema(), done: map[string]bool{}}).set(op.SelectionSet, "Query")}
	}
	if len(urls) == 0 {
		return gqlPlan{}
	}
	p := gqlPlan{cacheable: true, url: urls[0]}
	p.shared = p.url != "" && !slices.ContainsFunc(urls, func(u string) bool { return u != p.url }) &&
		(&sharedWalk{doc: doc, schema: gallerySchema(), done: map[string]bool{}}).set(op.SelectionSet, "Query")
	return p
}

// stringArgument is the value of a String argument in this request (a
// literal or a variable), or "" when it has none.
func stringArgument(a *ast.Argument, vars map[string]json.RawMessage) string {
	if a == nil {
		return ""
	}
	switch a.Value.Kind {
	case ast.StringValue, ast.BlockValue:
		return a.Value.Raw
	case ast.Variable:
		var s string
		if raw, ok := vars[a.Value.Raw]; ok && json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return ""
}

// gallerySchema is the GraphQL schema the shared fields are looked up in.
var gallerySchema = sync.OnceValue(func() *ast.Schema {
	return graph.NewExecutableSchema(graph.Config{}).Schema()
})

// sharedFields are, by type, the fields whose value is the same for every
// viewer of one class in the gallery (classKey): they read the gallery's
// data and what the viewer's role decides, never who the viewer is. "*"
// stands for every field of the type. A field left out is answered per
// person (TestEveryGalleryFieldIsSharedOrPerPerson makes adding a field
// a choice).
var sharedFields = map[string]map[string]bool{
	"Query": fieldSet("gallery node"), "Node": fieldSet("id"),
	"Gallery": fieldSet("id url eventName eventDateString coverPhoto coverPhotoPosition accessPolicy auth theme " +
		"prices availablePacks productImages downloadInformation printOptions collectionNames album showFilename " +
		"music deliveryOptions welcomePopupConfig discounts hideSaleEmphasis lightenHomepage photographer photos " +
		"videos collections photographerSelection photographerSelectionCount ogData published ogDescription shopEnabled language " +
		"status archivedAt expiresAt expired"),
	// accessEmail is the viewer's own address.
	"AuthState": fieldSet("accessCodeAuthorized isClient isPhotographer connectedAs needEmail readOnly"),
	"Photo": fieldSet("id filename width height portrait ratio isPrivate favorite collection position " +
		"dominantColor status urls clientHidden"),
	"Video": fieldSet("id embeddedUrl host hostVideoId title favorite collection position thumbnailUrl embedUrl"),
	"Format": fieldSet("id name shortSize longSize unitPrice onlyInPack lab kind digitalQuality watermark " +
		"excludedCountries family category position withdrawn"),
	"Photographer":          fieldSet("id name email phone website street postalCode city country logoUrl"),
	"PhotographerSelection": fieldSet("*"), "GalleryCollection": fieldSet("*"), "PhotoUrls": fieldSet("*"), "PhotoConnection": fieldSet("*"),
	"PhotoEdge": fieldSet("*"), "VideoConnection": fieldSet("*"), "VideoEdge": fieldSet("*"), "PageInfo": fieldSet("*"),
	"Money": fieldSet("*"), "AccessPolicy": fieldSet("*"), "GalleryTheme": fieldSet("*"), "PhotosGap": fieldSet("*"),
	"ColorTheme": fieldSet("*"), "ThemeColors": fieldSet("*"), "PrintOptions": fieldSet("*"),
	"PolicySetting": fieldSet("*"), "DownloadInformation": fieldSet("*"), "AlbumSettings": fieldSet("*"),
	"Music": fieldSet("*"), "MusicTrack": fieldSet("*"), "WelcomePopupConfig": fieldSet("*"), "WelcomeTranslation": fieldSet("*"), "OgData": fieldSet("*"),
	"Discount": fieldSet("*"), "Prices": fieldSet("*"), "ProductImages": fieldSet("*"), "Category": fieldSet("*"),
	"Family": fieldSet("*"), "Pack": fieldSet("*"), "PackFormat": fieldSet("*"), "PackDigitalFile": fieldSet("*"),
}

func fieldSet(names string) map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(names) {
		m[n] = true
	}
	return m
}

// sharedWalk checks a selection against sharedFields; each fragment is
// checked once (a fragment spread many times costs nothing more, one
// that spreads itself is refused).
type sharedWalk struct {
	doc    *ast.QueryDocument
	schema *ast.Schema
	done   map[string]bool // fragment name -> shared; absent: not checked yet
	inside map[string]bool
}

func (w *sharedWalk) set(set ast.SelectionSet, typeName string) bool {
	def := w.schema.Types[typeName]
	if def == nil {
		return false
	}
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if len(s.Directives) > 0 {
				return false
			}
			if s.Name == "__typename" {
				continue
			}
			allowed := sharedFields[typeName]
			fd := def.Fields.ForName(s.Name)
			if fd == nil || !(allowed["*"] || allowed[s.Name]) {
				return false
			}
			if len(s.SelectionSet) > 0 && !w.set(s.SelectionSet, fd.Type.Name()) {
				return false
			}
		case *ast.InlineFragment:
			t := typeName
			if s.TypeCondition != "" {
				t = s.TypeCondition
			}
			if len(s.Directives) > 0 || !w.set(s.SelectionSet, t) {
				return false
			}
		case *ast.FragmentSpread:
			if len(s.Directives) > 0 || !w.fragment(s.Name) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (w *sharedWalk) fragment(name string) bool {
	if ok, seen := w.done[name]; seen {
		return ok
	}
	if w.inside == nil {
		w.inside = map[string]bool{}
	}
	f := w.doc.Fragments.ForName(name)
	if f == nil || w.inside[name] {
		return false
	}
	w.inside[name] = true
	ok := w.set(f.SelectionSet, f.TypeCondition)
	delete(w.inside, name)
	w.done[name] = ok
	return ok
}

// classKey names what a shared answer of gallery g depends on in the
// viewer: their role in it (with and without a preview link), whether they
// preview it, have a confirmed e-mail, are a photographer, or the system.
func classKey(v *viewer.Viewer, g *ent.Gallery) string {
	return fmt.Sprintf("%s\x00%d\x00%d\x00%t\x00%t\x00%t\x00%t", g.ID,
		v.OwnRoleIn(g.ID, g.PhotographerID), v.RoleIn(g.ID, g.PhotographerID), v.Previewing(g.ID),
		v.Email != "", v.PhotographerID != "", v.System)
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
		p := s.cache.plan(body, bk)
		if !p.cacheable {
			next.ServeHTTP(w, r)
			return
		}
		v := viewer.FromContext(r.Context())
		key, writes := "gql\x00"+viewerKey(v)+"\x00"+bk, &s.cache.writes
		if p.shared {
			// The row only names the class; access is the resolvers' to check.
			sctx := viewer.SystemContext(r.Context())
			var g *ent.Gallery
			var err error
			if p.photoID != "" {
				var gid string
				if gid, err = s.cache.photoGallery(sctx, s.DB.Client, p.photoID); err == nil {
					g, err = s.Galleries.ByID(sctx, gid)
				}
			} else {
				g, err = s.Galleries.ByURL(sctx, p.url)
			}
			if err == nil {
				key, writes = "gqls\x00"+classKey(v, g)+"\x00"+bk, &s.cache.shared
			}
		}
		if e := s.cache.lookup(key); e != nil {
			metrics.CacheLookups.WithLabelValues("hit").Inc()
			e.serve(w, r)
			return
		}
		metrics.CacheLookups.WithLabelValues("miss").Inc()
		served := false
		e := s.cache.fillWith(key, writes, func() *cacheEntry {
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
