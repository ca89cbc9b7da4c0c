package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/studio/gallery/internal/clientdocs"
)

func TestOnlyGalleryQueriesAreKept(t *testing.T) {
	body := func(q string, vars map[string]any, ext map[string]any) []byte {
		m := map[string]any{"query": q, "variables": vars}
		if ext != nil {
			m["extensions"] = ext
		}
		b, _ := json.Marshal(m)
		return b
	}
	for _, c := range []struct {
		name string
		body []byte
		want bool
	}{
		{"gallery", body(`query($url: String!) { gallery(url: $url) { id eventName } }`, map[string]any{"url": "a"}, nil), true},
		{"with __typename", body(`{ __typename gallery(url: "a") { id } }`, nil, nil), true},
		{"preview", body(`{ gallery(url: "a", previewHash: "x") { id } }`, nil, nil), false},
		{"preview hash in a variable", body(`query($url: String!, $h: String) { gallery(url: $url, previewHash: $h) { id } }`, map[string]any{"url": "a", "h": "x"}, nil), false},
		{"null preview hash (the client's queries)", body(`query($url: String!, $h: String) { gallery(url: $url, previewHash: $h) { id } }`, map[string]any{"url": "a", "h": nil}, nil), true},
		{"preview hash left out", body(`query($url: String!, $h: String) { gallery(url: $url, previewHash: $h) { id } }`, map[string]any{"url": "a"}, nil), true},
		{"preview hash left out, with a default", body(`query($url: String!, $h: String = "x") { gallery(url: $url, previewHash: $h) { id } }`, map[string]any{"url": "a"}, nil), false},
		{"literal null preview hash", body(`{ gallery(url: "a", previewHash: null) { id } }`, nil, nil), true},
		{"unreadable variables", []byte(`{"query": "{ gallery(url: \"a\") { id } }", "variables": [1]}`), false},
		{"email", body(`query($e: String) { gallery(url: "a", email: $e) { id } }`, nil, nil), false},
		{"another root", body(`{ gallery(url: "a") { id } me { email } }`, nil, nil), false},
		{"cart", body(`{ cart(galleryId: "g") { id } }`, nil, nil), false},
		{"fragment at the root", body(`query { ...F } fragment F on Query { gallery(url: "a") { id } }`, nil, nil), false},
		{"mutation", body(`mutation { gallery(url: "a") { id } }`, nil, nil), false},
		{"directive", body(`query($s: Boolean!) { gallery(url: "a") @skip(if: $s) { id } }`, nil, nil), false},
		{"persisted", body(`{ gallery(url: "a") { id } }`, nil, map[string]any{"persistedQuery": map[string]any{"version": 1}}), false},
		{"two operations, none named", body(`query A { gallery(url: "a") { id } } query B { gallery(url: "b") { id } }`, nil, nil), false},
		{"not JSON", []byte(`{"query": `), false},
		{"not GraphQL", body(`{ gallery(url: `, nil, nil), false},
	} {
		if got := analyse(c.body).cacheable; got != c.want {
			t.Errorf("%s: cacheable = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestExpiredAnswersAreRemadeByOneRequest(t *testing.T) {
	c := newRespCache(0)
	made := 0
	build := func() *cacheEntry { made++; return &cacheEntry{body: []byte("x")} }
	if c.lookup("k") != nil {
		t.Fatal("found an entry never made")
	}
	c.fill("k", build)
	if c.lookup("k") == nil || made != 1 {
		t.Fatalf("fresh entry not served (made %d)", made)
	}
	// Past cacheTTL: one caller remakes it, the others get the old one.
	c.mu.Lock()
	c.entries["k"].made = time.Now().Add(-2 * cacheTTL)
	c.mu.Unlock()
	if c.lookup("k") != nil {
		t.Fatal("the first caller after cacheTTL was not asked to remake the entry")
	}
	if c.lookup("k") == nil {
		t.Fatal("the others were not served the previous entry")
	}
	// A write makes it unusable at once.
	c.writes.Bump()
	if c.lookup("k") != nil {
		t.Fatal("an entry made before a write was served")
	}
	// An entry made while a write ran is not kept.
	c.fill("k2", func() *cacheEntry { c.writes.Bump(); return &cacheEntry{body: []byte("y")} })
	if c.lookup("k2") != nil {
		t.Fatal("an entry made during a write was kept")
	}
}

// TestClientGalleryQueriesAreKept: the gallery queries the React client
// really sends (client/src/gql/gql.ts), with the variables it sends
// outside a preview (previewHash null), may be answered from the cache;
// with a preview hash they are not.
func TestClientGalleryQueriesAreKept(t *testing.T) {
	doc := clientDocument(t)
	for _, op := range []string{"GalleryShell", "GalleryHome", "GalleryPhotos"} {
		for _, hash := range []any{nil, "x"} {
			b, _ := json.Marshal(map[string]any{"query": doc, "operationName": op,
				"variables": map[string]any{"url": "gala-2026", "previewHash": hash}})
			if got, want := analyse(b).cacheable, hash == nil; got != want {
				t.Errorf("%s, previewHash %v: cacheable = %v, want %v", op, hash, got, want)
			}
		}
	}
}

// Of every query the client sends, as Apollo sends it: the home and the
// grid's pages are kept per class, the shell per person (it shows the
// viewer's e-mail); nothing that selects what is a person's own is kept per
// class, and nothing that carries a cart is kept at all (cart writes do not
// make answers stale).
func TestWhatOfTheClientsQueriesIsKept(t *testing.T) {
	docs, err := clientdocs.Load(clientdocs.Path(".."))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]gqlPlan{
		"GalleryHome":   {cacheable: true, shared: true, url: "gala-2026"},
		"GalleryPhotos": {cacheable: true, shared: true, url: "gala-2026"},
		"GalleryShell":  {cacheable: true, url: "gala-2026"},
	}
	for _, op := range docs.Operations(ast.Query) {
		vars := map[string]any{"url": "gala-2026", "galleryId": "gal_x", "first": 100, "withFavorites": true}
		body, err := docs.Body(op, vars)
		if err != nil {
			t.Fatal(err)
		}
		got := analyse(body)
		if w, ok := want[op]; ok {
			if got != w {
				t.Errorf("%s: %+v, want %+v", op, got, w)
			}
			continue
		}
		q := body2query(t, body)
		for _, personal := range []string{"cart", "mySelection", "accessEmail", "albumSelection"} {
			if strings.Contains(q, personal) && got.shared {
				t.Errorf("%s selects %s and is kept per class", op, personal)
			}
		}
		if strings.Contains(q, "cart") && got.cacheable {
			t.Errorf("%s carries a cart and is kept", op)
		}
		if got.shared {
			t.Logf("%s: kept per class", op)
		}
	}
}

// body2query returns the text a request body runs: its query, or the
// client's document its hash names.
func body2query(t *testing.T, body []byte) string {
	var req clientdocs.Request
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if req.Query == "" && req.Extensions != nil && req.Extensions.PersistedQuery != nil {
		known, err := clientdocs.Persisted()
		if err != nil {
			t.Fatal(err)
		}
		text, ok := known[req.Extensions.PersistedQuery.SHA256Hash]
		if !ok {
			t.Fatalf("the server does not know the hash of %s", body)
		}
		return text
	}
	return req.Query
}

// notShared are the fields of the types reachable from gallery(url:) that
// are answered per person: each names why.
var notShared = map[string]string{
	"Gallery.albumSelection": "the album a client is composing",
	"Gallery.accessCodes":    "the photographer's codes, read from the database each time",
	"Gallery.stats":          "the photographer's figures, read from the database each time (a dataloader per request)",
	"AuthState.accessEmail":  "the viewer's own e-mail",
	"Format.galleryPrice":    "priced for the cart",
}

// Every field of a type a shared query can reach is either shared or
// listed in notShared: adding a field to the schema makes its author
// decide whether it depends on who asks.
func TestEveryGalleryFieldIsSharedOrPerPerson(t *testing.T) {
	schema := gallerySchema()
	seen := map[string]bool{}
	var visit func(typeName string)
	visit = func(typeName string) {
		if seen[typeName] {
			return
		}
		seen[typeName] = true
		def := schema.Types[typeName]
		if def == nil || (def.Kind != ast.Object && def.Kind != ast.Interface) {
			return
		}
		for _, f := range def.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			allowed := sharedFields[typeName]
			switch {
			case allowed["*"] || allowed[f.Name]:
				visit(f.Type.Name())
			case typeName == "Query" || notShared[typeName+"."+f.Name] != "":
			default:
				t.Errorf("%s.%s is neither in sharedFields nor in notShared (gallerycache.go)", typeName, f.Name)
			}
		}
	}
	visit("Query")
	for name := range sharedFields {
		if !seen[name] {
			t.Errorf("sharedFields lists %s, which no shared field reaches", name)
		}
	}
}
