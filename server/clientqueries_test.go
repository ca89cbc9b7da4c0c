package server_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/clientdocs"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/server"
)

// The tests and benchmarks here send the React client's own gallery
// queries (client/src/gql/gql.ts through internal/clientdocs), with the
// variables and cookies a browser has, as each kind of viewer: never a
// query written for the test.

// clientViewer is one kind of person opening a gallery with the client.
type clientViewer struct {
	name, url string
	header    map[string]string
	e         *env
}

// clientViewers are the kinds of viewer of a gallery: anonymous on a
// public gallery, a visitor with the visitor code and a confirmed e-mail,
// a client with the client code and the confirmed e-mail, the
// photographer (API token). Each call makes new people.
func clientViewers(e *env, n int) []clientViewer {
	jt := e.galleryID("julie-et-thomas")
	tok, _ := e.token()
	ph := e.another()
	// A token's first use stamps it (a write, once a minute).
	ph.do("GET", "/version", nil, bearer(tok))
	return []clientViewer{
		{"anonymous", "gala-2026", nil, e.another()},
		{"visitor", "julie-et-thomas", nil, e.person(fmt.Sprintf("invite%d@example.com", n), jt, seed.DemoVisitorCode)},
		{"client", "julie-et-thomas", nil, e.person(fmt.Sprintf("client%d@example.com", n), jt, seed.DemoClientCode)},
		{"photographer", "julie-et-thomas", bearer(tok), ph},
	}
}

// clientGalleryOps are the client's queries whose root field is gallery.
func clientGalleryOps(t testing.TB) (*clientdocs.Documents, []string) {
	t.Helper()
	docs, err := clientdocs.Load(clientdocs.Path(".."))
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, op := range docs.Operations(ast.Query) {
		if _, err := clientdocs.GalleryVariables(op, "x", ""); err == nil {
			ops = append(ops, op)
		}
	}
	if len(ops) < 3 {
		t.Fatalf("only %d client gallery queries: %v", len(ops), ops)
	}
	return docs, ops
}

// request is the client's own request for op, with the viewer's cookies
// and headers, to send through the network or straight to the handler.
func (v clientViewer) request(t testing.TB, docs *clientdocs.Documents, op, after string) *http.Request {
	t.Helper()
	vars, err := clientdocs.GalleryVariables(op, v.url, after)
	if err != nil {
		t.Fatal(err)
	}
	body, err := docs.Body(op, vars)
	if err != nil {
		t.Fatal(err)
	}
	return v.requestOf(body)
}

// requestOf is the request with this body, the viewer's cookies and
// headers.
func (v clientViewer) requestOf(body []byte) *http.Request {
	req := httptest.NewRequest("POST", v.e.srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	for _, c := range v.e.web.Jar.Cookies(mustURL(v.e.srv.URL)) {
		req.AddCookie(c)
	}
	if tok := v.e.xsrf(); tok != "" {
		req.Header.Set("X-XSRF-TOKEN", tok)
	}
	for k, h := range v.header {
		req.Header.Set(k, h)
	}
	return req
}

// body is the client's request body for op.
func (v clientViewer) body(t testing.TB, docs *clientdocs.Documents, op string) []byte {
	t.Helper()
	vars, err := clientdocs.GalleryVariables(op, v.url, "")
	if err != nil {
		t.Fatal(err)
	}
	body, err := docs.Body(op, vars)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// send answers op straight from the server's handler (no network), the
// body as sent (gzipped when the server compressed it: compared as is).
func (v clientViewer) send(t testing.TB, docs *clientdocs.Documents, op, after string) (int, []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	v.e.app.Handler().ServeHTTP(rec, v.request(t, docs, op, after))
	body := rec.Body.Bytes()
	if rec.Code == http.StatusOK {
		// The transport writes the executor's bytes without a second pass:
		// they must already be what json.Marshal would have written.
		plain := plainBody(t, rec)
		var compact bytes.Buffer
		if err := json.Compact(&compact, plain); err != nil || !bytes.Equal(compact.Bytes(), plain) {
			t.Fatalf("%s as %s: the answer is not compact JSON (%v): %.300s", op, v.name, err, plain)
		}
	}
	return rec.Code, body
}

// plainBody is a recorded answer's body, gunzipped when it was sent gzipped.
func plainBody(t testing.TB, rec *httptest.ResponseRecorder) []byte {
	t.Helper()
	body := rec.Body.Bytes()
	if rec.Header().Get("Content-Encoding") != "gzip" {
		return body
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return plain
}

// answer sends op through the network and decodes the answer.
func (v clientViewer) answer(t testing.TB, docs *clientdocs.Documents, op string) gqlResponse {
	t.Helper()
	req := v.request(t, docs, op, "")
	req.RequestURI = ""
	req.Header.Del("Accept-Encoding")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var r gqlResponse
	if err := json.NewDecoder(res.Body).Decode(&r); err != nil {
		t.Fatalf("%s as %s: %v", op, v.name, err)
	}
	if len(r.Errors) > 0 {
		t.Fatalf("%s as %s: %+v", op, v.name, r.Errors)
	}
	return r
}

// touch changes the gallery as the photographer would (its kept rows and
// answers are stale after it).
func (e *env) touch(url string) {
	ctx := viewer.SystemContext(context.Background())
	g := e.db.Client.Gallery.Query().Where(gallery.URL(url)).OnlyX(ctx)
	e.db.Client.Gallery.UpdateOne(g).SetEventName(g.EventName).ExecX(ctx)
}

// touchPhotos changes one photo of the gallery as the photographer would
// (renaming it, to the same name).
func (e *env) touchPhotos(url string) {
	ctx := viewer.SystemContext(context.Background())
	p := e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL(url))).FirstX(ctx)
	e.db.Client.Photo.UpdateOne(p).SetFilename(p.Filename).ExecX(ctx)
}

// addPhotos adds n ready photos to a gallery.
func (e *env) addPhotos(url string, n int) {
	ctx := viewer.SystemContext(context.Background())
	g := e.db.Client.Gallery.Query().Where(gallery.URL(url)).OnlyX(ctx)
	tmpl := e.db.Client.Photo.Query().Where(photo.GalleryID(g.ID)).FirstX(ctx)
	var bulk []*ent.PhotoCreate
	for i := range n {
		bulk = append(bulk, e.db.Client.Photo.Create().SetGallery(g).SetFilename(fmt.Sprintf("more-%d.jpg", i)).
			SetWidth(tmpl.Width).SetHeight(tmpl.Height).SetPosition(1000+i).SetContentHash(tmpl.ContentHash).
			SetDerivatives(tmpl.Derivatives).SetStatus(photo.StatusReady))
	}
	e.db.Client.Photo.CreateBulk(bulk...).ExecX(ctx)
}

// maxFreshStatements is what the first request after a change of the
// gallery may cost (issue 19), whatever its size.
const maxFreshStatements = 6

// Every gallery query of the client, as every kind of viewer: the first
// request after the photographer changes the gallery's settings, or its
// photos, sends at most 6 statements, the same whatever the number of
// photos; the next one none, and none for a new person of the same kind
// (answers and data are shared). Kept values live CACHE_TTL after a change
// made elsewhere: set long here, so that only changes count (what a
// request reads once nothing is kept is in docs/performance.md).
func TestClientGalleryQueryStatements(t *testing.T) {
	e := newEnvConfig(t, 12, map[string]string{"CACHE_TTL": "10m"}, nil)
	docs, ops := clientGalleryOps(t)
	count := func(v clientViewer, op string) (int64, []string) {
		e.counter.Reset()
		if status, body := v.send(t, docs, op, ""); status != 200 {
			t.Fatalf("%s as %s: %d %s", op, v.name, status, body)
		}
		return e.counter.Count(), e.counter.Statements()
	}
	// The catalogues are read once (7 statements: one per table); a price
	// change reads them again, nothing else does.
	for _, v := range clientViewers(e, 0) {
		for _, op := range ops {
			count(v, op)
		}
	}
	// Two changes the photographer makes: the gallery's settings (its row
	// only is read again) and its photos (what shows them is read again).
	changes := []struct {
		name  string
		apply func(url string)
	}{{"the gallery", e.touch}, {"the photos", e.touchPhotos}}
	fresh := map[string]int64{}
	for round, size := range []int{12, 12 + 90} {
		if round == 1 {
			e.addPhotos("gala-2026", 90)
			e.addPhotos("julie-et-thomas", 90)
		}
		others := clientViewers(e, 10+round)
		for i, v := range clientViewers(e, round+1) {
			for _, op := range ops {
				for _, ch := range changes {
					count(v, op) // all kept: only the change below counts
					ch.apply(v.url)
					n, sent := count(v, op)
					if n > maxFreshStatements {
						t.Errorf("%s as %s with %d photos, after a change of %s: %d statements, want at most %d:\n%s",
							op, v.name, size, ch.name, n, maxFreshStatements, strings.Join(sent, "\n"))
					}
					key := v.name + " " + op + " " + ch.name
					if round == 0 {
						fresh[key] = n
					} else if n != fresh[key] {
						t.Errorf("%s: %d statements with %d photos, %d with 12:\n%s", key, n, size, fresh[key], strings.Join(sent, "\n"))
					}
					t.Logf("%-12s %-20s %3d photos, after a change of %s: %d statements", v.name, op, size, ch.name, n)
				}
				if n, sent := count(v, op); n != 0 {
					t.Errorf("%s as %s, again: %d statements, want 0:\n%s", op, v.name, n, strings.Join(sent, "\n"))
				}
				// A new person of the same kind shares the answer the first
				// one made (while it is fresh: kept data lives a second), or
				// at least the data (the shell shows each their own e-mail).
				w := others[i]
				if w.name == "photographer" {
					continue // the same person with another token (read once)
				}
				want := int64(0)
				if !server.SharedPlan(w.body(t, docs, op)) {
					want = maxFreshStatements
				}
				if n, sent := count(w, op); n > want {
					t.Errorf("%s as a new %s: %d statements, want at most %d:\n%s", op, w.name, n, want, strings.Join(sent, "\n"))
				}
			}
		}
	}
	// A price change reads the catalogue again, once: its 7 tables, and
	// nothing else that was kept.
	ctx := viewer.SystemContext(context.Background())
	anon := clientViewers(e, 20)[0]
	count(anon, "GalleryHome")
	f := e.db.Client.Format.Query().Where(format.HasGalleryWith(gallery.URL("gala-2026"))).FirstX(ctx)
	e.db.Client.Format.UpdateOne(f).SetUnitPrice(f.UnitPrice + 100).ExecX(ctx)
	if n, sent := count(anon, "GalleryHome"); n > 7 {
		t.Errorf("GalleryHome after a price change: %d statements, want at most 7 (the catalogue's tables):\n%s", n, strings.Join(sent, "\n"))
	}
}

// Queries that select only shared fields are answered the same to every
// person of one class, and are kept per class; a query that asks for the
// viewer's own e-mail stays theirs.
func TestSharedAnswersAreTheSameForEveryoneOfAClass(t *testing.T) {
	e := newEnv(t, 12)
	docs, ops := clientGalleryOps(t)
	a, b := clientViewers(e, 1), clientViewers(e, 2)
	shared := 0
	for _, op := range ops {
		if server.SharedPlan(a[0].body(t, docs, op)) {
			shared++
		}
	}
	// All of them but the shell, which shows the viewer's own e-mail.
	if shared < len(ops)-1 {
		t.Errorf("%d of the client's %d gallery queries are kept per class", shared, len(ops))
	}
	for i := range a {
		for _, op := range ops {
			if !server.SharedPlan(a[i].body(t, docs, op)) {
				continue
			}
			e.touch(a[i].url)
			ra := a[i].answer(t, docs, op)
			e.touch(b[i].url)
			rb := b[i].answer(t, docs, op)
			if !bytes.Equal(ra.Data, rb.Data) {
				t.Errorf("%s: two %ss get different answers:\n%s\n%s", op, a[i].name, ra.Data, rb.Data)
			}
		}
	}
	// The shell asks for the viewer's own address: each their own, from
	// the cache too.
	for _, v := range []clientViewer{a[1], b[1], a[1], b[1], a[2], b[2]} {
		r := v.answer(t, docs, "GalleryShell")
		var d struct {
			Gallery struct{ Auth struct{ AccessEmail string } }
		}
		if err := json.Unmarshal(r.Data, &d); err != nil {
			t.Fatal(err)
		}
		if want := v.e.identityEmail(); d.Gallery.Auth.AccessEmail != want {
			t.Errorf("%s sees accessEmail %q, want %q", v.name, d.Gallery.Auth.AccessEmail, want)
		}
	}
}

// identityEmail is the confirmed e-mail of the browser's identity cookie.
func (e *env) identityEmail() string {
	if c := e.cookie("identity"); c != nil {
		if id, ok := e.app.Access.OpenIdentity(c.Value); ok {
			return id.Email
		}
	}
	return ""
}

// BenchmarkClientGalleryQueries times each gallery query of the client as
// each kind of viewer, straight through the server's handler (no network),
// kept (the steady state) and fresh (the first request after the gallery
// changed: its rows and answers are made again), on a gallery of 100+
// photos. cpu-ms/op is the process's CPU time per request (user and
// system), statements/op what the request sent to the database.
func BenchmarkClientGalleryQueries(b *testing.B) {
	e := newEnv(b, 12)
	e.addPhotos("gala-2026", 100)
	e.addPhotos("julie-et-thomas", 100)
	docs, ops := clientGalleryOps(b)
	for _, v := range clientViewers(e, 0) {
		for _, op := range ops {
			for _, fresh := range []bool{false, true} {
				name := v.name + "/" + op + "/kept"
				if fresh {
					name = v.name + "/" + op + "/fresh"
				}
				b.Run(name, func(b *testing.B) {
					reqs := 0
					v.send(b, docs, op, "")
					body := v.body(b, docs, op)
					h := e.app.Handler()
					var cpu time.Duration
					var statements int64
					for b.Loop() {
						if fresh {
							b.StopTimer()
							e.touch(v.url)
							b.StartTimer()
						}
						e.counter.Reset()
						req, rec := v.requestOf(body), httptest.NewRecorder()
						before := cpuTime()
						h.ServeHTTP(rec, req)
						cpu += cpuTime() - before
						if rec.Code != 200 {
							b.Fatalf("%d %s", rec.Code, rec.Body)
						}
						statements += e.counter.Count()
						reqs++
					}
					b.ReportMetric(float64(cpu.Microseconds())/1000/float64(reqs), "cpu-ms/op")
					b.ReportMetric(float64(statements)/float64(reqs), "statements/op")
				})
			}
		}
	}
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
