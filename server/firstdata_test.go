package server_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/net/html"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/clientdocs"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// firstDataPage is a client page shaped like Vite's: a script in the head,
// the root and the end of the body.
const firstDataPage = `<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><title>Galerie photo</title>` +
	`<script type="module" crossorigin src="/assets/index-x.js"></script></head>` +
	`<body><div id="root"></div></body></html>`

type firstDataOp struct {
	Op        string          `json:"op"`
	Variables map[string]any  `json:"variables"`
	Data      json.RawMessage `json:"data"`
}

// parsedPage is what a browser's parser finds in a client page: the first
// data's text, the preload links, and whether the root and the module
// script are still elements (no caption closed or commented them out).
type parsedPage struct {
	firstData string
	found     bool
	preloads  []map[string]string
	root      bool
	scripts   int
}

func parsePage(t *testing.T, page string) parsedPage {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var p parsedPage
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			attrs := map[string]string{}
			for _, a := range n.Attr {
				attrs[a.Key] = a.Val
			}
			switch {
			case n.Data == "script" && attrs["id"] == "first-data":
				if attrs["type"] != "application/json" {
					t.Errorf("first data of type %q", attrs["type"])
				}
				p.found = true
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					p.firstData += c.Data
				}
			case n.Data == "script":
				p.scripts++
			case n.Data == "link" && attrs["rel"] == "preload":
				p.preloads = append(p.preloads, attrs)
			case n.Data == "div" && attrs["id"] == "root":
				p.root = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if !p.root || p.scripts != 1 {
		t.Errorf("the page does not parse as the app page (root %t, %d module scripts):\n%.2000s", p.root, p.scripts, page)
	}
	return p
}

// firstDataOf opens path as viewer v and returns the page and its first
// data by operation name.
func firstDataOf(t *testing.T, v *env, path string) (string, parsedPage, map[string]firstDataOp) {
	t.Helper()
	res, body := v.do("GET", path, nil, nil)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d", path, res.StatusCode)
	}
	page := string(body)
	p := parsePage(t, page)
	ops := map[string]firstDataOp{}
	if !p.found {
		return page, p, ops
	}
	if cc := res.Header.Get("Cache-Control"); cc != "private, no-cache" {
		t.Errorf("a page with first data is %q", cc)
	}
	var fd struct {
		V   int           `json:"v"`
		Ops []firstDataOp `json:"ops"`
	}
	if err := json.Unmarshal([]byte(p.firstData), &fd); err != nil || fd.V != 1 {
		t.Fatalf("first data (v%d) does not decode: %v\n%.500s", fd.V, err, p.firstData)
	}
	for _, op := range fd.Ops {
		ops[op.Op] = op
	}
	return page, p, ops
}

// sameAsTheAPI checks that each query the client sends on path is in the
// page's first data exactly as POST /graphql answers it to the same
// viewer, or absent when the API answers it with an error.
func sameAsTheAPI(t *testing.T, v *env, ops map[string]firstDataOp, want map[string]map[string]any) {
	t.Helper()
	docs, err := clientdocs.Load(clientdocs.Path(".."))
	if err != nil {
		t.Fatal(err)
	}
	for name, vars := range want {
		body, err := docs.FullBody(name, vars)
		if err != nil {
			t.Fatal(err)
		}
		var req clientdocs.Request
		_ = json.Unmarshal(body, &req)
		api := v.graphql(req.Query, vars, nil)
		op, inlined := ops[name]
		if len(api.Errors) > 0 {
			if inlined {
				t.Errorf("%s: the API answers %s, the page holds data", name, errorCode(api))
			}
			continue
		}
		if !inlined {
			t.Errorf("%s: not in the page's first data", name)
			continue
		}
		if a, b := mustJSON(op.Variables), mustJSON(vars); a != b {
			t.Errorf("%s: variables %v, the client sends %v", name, op.Variables, vars)
		}
		var got, exp any
		_ = json.Unmarshal(op.Data, &got)
		_ = json.Unmarshal(api.Data, &exp)
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("%s: the page's data differs from the API's:\n%.300s\n%.300s", name, op.Data, api.Data)
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	var back any
	_ = json.Unmarshal(b, &back)
	b, _ = json.Marshal(back)
	return string(b)
}

func photoIDs(t *testing.T, e *env, url string) []string {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	return e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL(url))).Order(photo.ByPosition()).IDsX(ctx)
}

// A public gallery's page holds the home's first data (the event name, the
// first photos) as the API answers it, and the cover's preload.
func TestFirstDataOfAPublicGallery(t *testing.T) {
	e := newEnvWith(t, 6, func(w *wiring) { w.Web = fstest.MapFS{"index.html": {Data: []byte(firstDataPage)}} })
	v := e.another()
	page, p, ops := firstDataOf(t, v, "/gala-2026")
	if !p.found {
		t.Fatalf("no first data in\n%s", page)
	}
	sameAsTheAPI(t, v, ops, map[string]map[string]any{"GalleryShell": {"url": "gala-2026"}, "GalleryHome": {"url": "gala-2026"}})
	if !strings.Contains(p.firstData, "Gala de l") {
		t.Error("the event name is not in the first data")
	}
	ids := photoIDs(t, e, "gala-2026")
	for _, id := range ids[:3] {
		if !strings.Contains(string(ops["GalleryHome"].Data), id) {
			t.Errorf("photo %s not in the home's first data", id)
		}
	}
	var home struct {
		Gallery struct {
			CoverPhoto struct {
				URLs struct{ Viewer, SrcSet string }
			}
		}
	}
	_ = json.Unmarshal(ops["GalleryHome"].Data, &home)
	if len(p.preloads) != 1 {
		t.Fatalf("%d preload links", len(p.preloads))
	}
	l := p.preloads[0]
	if l["as"] != "image" || l["href"] != home.Gallery.CoverPhoto.URLs.Viewer || l["imagesrcset"] != home.Gallery.CoverPhoto.URLs.SrcSet ||
		l["imagesizes"] != "100vw" || l["fetchpriority"] != "high" || home.Gallery.CoverPhoto.URLs.Viewer == "" {
		t.Errorf("cover preload %v, cover %+v", l, home.Gallery.CoverPhoto.URLs)
	}
	if strings.Index(page, `rel="preload"`) > strings.Index(page, "<script") {
		t.Error("the preload comes after the head's script")
	}

	// A photo page: the viewer's queries.
	_, p, ops = firstDataOf(t, v, "/gala-2026/photos/"+ids[1])
	sameAsTheAPI(t, v, ops, map[string]map[string]any{"GalleryShell": {"url": "gala-2026"}, "PhotoGallery": {"url": "gala-2026"},
		"PhotoNode": {"photoId": ids[1]}, "PhotoSequence": {"url": "gala-2026", "first": 100}})
	// Its one preload is the photo's grid file, which the viewer shows at once.
	if len(ops) != 4 || len(p.preloads) != 1 || p.preloads[0]["data-photo-id"] != ids[1] {
		t.Errorf("photo page: %d queries, %d preloads", len(ops), len(p.preloads))
	}
	// A link to a collection brings its first page.
	_, _, ops = firstDataOf(t, v, "/gala-2026?collection=Spectacle")
	sameAsTheAPI(t, v, ops, map[string]map[string]any{"GalleryCollectionPhotos": {"url": "gala-2026", "collection": "Spectacle", "first": 48}})
	// No first data on a preview link, the landing page or an unknown gallery.
	for _, path := range []string{"/gala-2026/preview?previewHash=x", "/", "/no-such-gallery"} {
		res, body := v.do("GET", path, nil, nil)
		if strings.Contains(string(body), "first-data") {
			t.Errorf("%s (%d) holds first data", path, res.StatusCode)
		}
	}
}

// A protected gallery's page holds none of its photos for a stranger (only
// what the API answers a stranger), and holds them once the visitor has
// given the code.
func TestFirstDataOfAProtectedGallery(t *testing.T) {
	e := newEnvWith(t, 4, func(w *wiring) { w.Web = fstest.MapFS{"index.html": {Data: []byte(firstDataPage)}} })
	ids := photoIDs(t, e, "julie-et-thomas")
	want := map[string]map[string]any{"GalleryShell": {"url": "julie-et-thomas"}, "GalleryHome": {"url": "julie-et-thomas"}}

	stranger := e.another()
	page, p, ops := firstDataOf(t, stranger, "/julie-et-thomas")
	sameAsTheAPI(t, stranger, ops, want)
	if _, ok := ops["GalleryHome"]; ok {
		t.Error("the home's data is in a stranger's page")
	}
	for _, id := range ids {
		if strings.Contains(page, id) {
			t.Errorf("photo %s in a stranger's page", id)
		}
	}
	if strings.Contains(page, "/media/photos/") || len(p.preloads) > 0 {
		t.Errorf("a photo address in a stranger's page:\n%s", page)
	}

	guest := e.person("invite.first@example.com", e.galleryID("julie-et-thomas"), seed.DemoVisitorCode)
	_, p, ops = firstDataOf(t, guest, "/julie-et-thomas")
	sameAsTheAPI(t, guest, ops, want)
	if !strings.Contains(string(ops["GalleryHome"].Data), ids[0]) || len(p.preloads) != 1 {
		t.Errorf("the guest's page lacks the photos (%d preloads)", len(p.preloads))
	}
	if !strings.Contains(string(ops["GalleryShell"].Data), "invite.first@example.com") {
		t.Error("the guest's shell lacks their e-mail")
	}
	// The stranger still sees none of it (the answers are kept per class of viewer).
	if page, _, _ := firstDataOf(t, stranger, "/julie-et-thomas"); strings.Contains(page, ids[0]) || strings.Contains(page, "invite.first@") {
		t.Error("the guest's data in the stranger's page")
	}
}

// A gallery name or a photo's file name holding </script> or <!-- is
// escaped: the page parses with its first data whole.
func TestFirstDataIsEscaped(t *testing.T) {
	e := newEnvWith(t, 3, func(w *wiring) { w.Web = fstest.MapFS{"index.html": {Data: []byte(firstDataPage)}} })
	ctx := viewer.SystemContext(context.Background())
	const name = "Gala </script><script>alert(1)</script> <!-- & \u2028 -->"
	const file = "</SCRIPT><!--x.jpg"
	e.db.Client.Gallery.Update().Where(gallery.URL("gala-2026")).SetEventName(name).ExecX(ctx)
	first := photoIDs(t, e, "gala-2026")[0]
	e.db.Client.Photo.UpdateOneID(first).SetFilename(file).ExecX(ctx)
	page, p, ops := firstDataOf(t, e.another(), "/gala-2026")
	for _, bad := range []string{"alert(1)</script>", "<!-- &", "</SCRIPT>", "\u2028"} {
		if strings.Contains(page[strings.Index(page, `id="first-data"`):], bad) {
			t.Errorf("%q unescaped in the first data", bad)
		}
	}
	var home struct {
		Gallery struct {
			EventName string
			Photos    struct {
				Edges []struct{ Node struct{ ID, Filename string } }
			}
		}
	}
	if err := json.Unmarshal(ops["GalleryHome"].Data, &home); err != nil {
		t.Fatal(err)
	}
	if home.Gallery.EventName != name {
		t.Errorf("event name %q", home.Gallery.EventName)
	}
	found := false
	for _, edge := range home.Gallery.Photos.Edges {
		found = found || (edge.Node.ID == first && edge.Node.Filename == file)
	}
	if !found || !p.root {
		t.Errorf("the file name did not come through whole (root %t)", p.root)
	}
}

// BenchmarkClientPage is the server's cost of a gallery's client page with
// its first data (the shell's and the home's answers run through the
// GraphQL handler, kept or remade after a change) against the same page
// without (a preview link's: same share tags and status lookups).
func BenchmarkClientPage(b *testing.B) {
	e := newEnvWith(b, 12, func(w *wiring) { w.Web = fstest.MapFS{"index.html": {Data: []byte(firstDataPage)}} })
	e.addPhotos("gala-2026", 100)
	v := clientViewer{name: "anonymous", url: "gala-2026", e: e.another()}
	for _, c := range []struct{ name, path string }{
		{"first-data/kept", "/gala-2026"}, {"first-data/fresh", "/gala-2026"}, {"no-first-data", "/gala-2026?previewHash=x"},
	} {
		b.Run(c.name, func(b *testing.B) {
			h := e.app.Handler()
			var cpu time.Duration
			var statements, size int64
			reqs := 0
			for b.Loop() {
				if c.name == "first-data/fresh" {
					b.StopTimer()
					e.touch(v.url)
					b.StartTimer()
				}
				e.counter.Reset()
				req := v.requestOf(nil)
				req.Method, req.URL.Path, req.URL.RawQuery = "GET", strings.Split(c.path, "?")[0], strings.TrimPrefix(c.path, strings.Split(c.path, "?")[0]+"?")
				req.Header.Del("Accept-Encoding")
				rec := httptest.NewRecorder()
				before := cpuTime()
				h.ServeHTTP(rec, req)
				cpu += cpuTime() - before
				if rec.Code != 200 || (c.name != "no-first-data") != strings.Contains(rec.Body.String(), `id="first-data"`) {
					b.Fatalf("%d %.300s", rec.Code, rec.Body)
				}
				statements += e.counter.Count()
				size += int64(rec.Body.Len())
				reqs++
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(reqs), "cpu-ms/op")
			b.ReportMetric(float64(statements)/float64(reqs), "statements/op")
			b.ReportMetric(float64(size)/float64(reqs), "html-bytes")
		})
	}
}
