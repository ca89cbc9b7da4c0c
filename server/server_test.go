package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/server"
)

type env struct {
	t       testing.TB
	db      *store.DB
	media   *media.Store
	srv     *httptest.Server
	counter *testdb.Counter
	// web keeps cookies and echoes the XSRF token, as the site's pages do.
	web *http.Client
	// app is the server behind srv, for tests that need its keys.
	app *server.Server
}

// newEnv seeds the demo with n photos per gallery and serves it.
func newEnv(t testing.TB, n int) *env {
	t.Helper()
	return newEnvWith(t, n, nil)
}

// wiring is what a test may set before the services are built (app.New's
// options: mail, job runner, clock) and the client the server serves.
type wiring struct {
	app.Options
	Web fs.FS
}

// newEnvWith is newEnv with a hook that completes the server's wiring
// (mail, photo uploads, jobs) before it is built.
func newEnvWith(t testing.TB, n int, wire func(*wiring)) *env {
	t.Helper()
	return newEnvConfig(t, n, nil, wire)
}

// newEnvConfig is newEnvWith with settings (environment variable names, as
// in internal/config) over the defaults; DATA_DIR is a temporary folder.
func newEnvConfig(t testing.TB, n int, settings map[string]string, wire func(*wiring)) *env {
	t.Helper()
	ctx := context.Background()
	c := &testdb.Counter{}
	db := testdb.Open(t, testdb.Options{Counter: c})
	m, err := media.Open(ctx, testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if _, err := seed.Demo(ctx, db.Client, m, n); err != nil {
		t.Fatalf("seed: %v", err)
	}
	cfg, err := config.Load(func(k string) string { return settings[k] })
	if err != nil {
		t.Fatal(err)
	}
	if settings["DATA_DIR"] == "" {
		// Nothing a test writes (the mail outbox) lands in the source tree.
		cfg.DataDir = t.TempDir()
	}
	w := &wiring{Options: app.Options{Config: cfg, DB: db, Media: m, Events: events.NewLocal(),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}}
	if wire != nil {
		wire(w)
	}
	s := newServer(t, w.Options, w.Web)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	jar, _ := cookiejar.New(nil)
	e := &env{t: t, db: db, media: m, srv: srv, counter: c, web: &http.Client{Jar: jar}, app: s}
	// The first page load gives the browser its session and XSRF cookies.
	e.do("GET", "/version", nil, nil)
	return e
}

// newServer builds the services and the server over them, as the gallery
// command does (app.New, then server.New).
func newServer(t testing.TB, o app.Options, web fs.FS) *server.Server {
	t.Helper()
	svc, err := app.New(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return server.New(svc, web)
}

// plainServer is another server on e's database and blobs, with the
// default settings and web as its client.
func (e *env) plainServer(web fs.FS) *server.Server {
	e.t.Helper()
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		e.t.Fatal(err)
	}
	cfg.DataDir = e.t.TempDir()
	return newServer(e.t, app.Options{Config: cfg, DB: e.db, Media: e.media, Events: events.NewLocal(),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, web)
}

// xsrf returns the XSRF-TOKEN cookie the browser holds.
func (e *env) xsrf() string {
	u, _ := url.Parse(e.srv.URL)
	for _, c := range e.web.Jar.Cookies(u) {
		if c.Name == "XSRF-TOKEN" {
			return c.Value
		}
	}
	return ""
}

func (e *env) galleryID(url string) string {
	e.t.Helper()
	return e.db.Client.Gallery.Query().Where(gallery.URL(url)).OnlyIDX(viewer.SystemContext(context.Background()))
}

func (e *env) do(method, path string, body any, header map[string]string) (*http.Response, []byte) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if tok := e.xsrf(); tok != "" {
		req.Header.Set("X-XSRF-TOKEN", tok)
	}
	for k, v := range header {
		if v == "" {
			req.Header.Del(k) // an empty value leaves the header out
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := e.web.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res, out
}

type gqlResponse struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

func (e *env) graphql(query string, vars map[string]any, into any) gqlResponse {
	e.t.Helper()
	_, body := e.do("POST", "/graphql", map[string]any{"query": query, "variables": vars}, nil)
	var r gqlResponse
	if err := json.Unmarshal(body, &r); err != nil {
		e.t.Fatalf("graphql answer %s: %v", body, err)
	}
	if into != nil && r.Data != nil {
		if err := json.Unmarshal(r.Data, into); err != nil {
			e.t.Fatal(err)
		}
	}
	return r
}

func errorCode(r gqlResponse) string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

func TestRESTGetData(t *testing.T) {
	e := newEnv(t, 6)
	res, body := e.do("POST", "/api/core/getData", map[string]any{"url": "gala-2026"}, nil)
	if res.StatusCode != 200 {
		t.Fatalf("status %d: %s", res.StatusCode, body)
	}
	var got struct {
		Photographer struct {
			ID   string `json:"_id"`
			Name string `json:"name"`
		} `json:"photographer"`
		Gallery struct {
			ID           string `json:"_id"`
			URL          string `json:"url"`
			AccessPolicy struct {
				IsPublic bool `json:"isPublic"`
			} `json:"accessPolicy"`
			Prices struct {
				Formats []struct {
					ID        string `json:"_id"`
					Name      string `json:"name"`
					UnitPrice struct {
						Amount   string `json:"amount"`
						Currency string `json:"currency"`
					} `json:"unitPrice"`
					Family   string `json:"family"`
					Category string `json:"category"`
				} `json:"formats"`
				Families   []json.RawMessage `json:"families"`
				Categories []json.RawMessage `json:"categories"`
			} `json:"prices"`
			AvailablePacks []struct {
				ID          string `json:"_id"`
				OfferType   string `json:"offerType"`
				DisplayName string `json:"displayName"`
				Formats     []struct {
					Format   string `json:"format"`
					Quantity int    `json:"quantity"`
				} `json:"formats"`
			} `json:"availablePacks"`
			DeliveryOptions []string `json:"deliveryOptions"`
		} `json:"gallery"`
		Config struct {
			Locale         string   `json:"locale"`
			PaymentMethods []string `json:"paymentMethods"`
		} `json:"config"`
		OgData struct {
			Title string `json:"title"`
			Image string `json:"image"`
		} `json:"ogData"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	g := got.Gallery
	if got.Photographer.Name != "Studio Lumière" || !strings.HasPrefix(got.Photographer.ID, "pgr_") {
		t.Errorf("photographer = %+v", got.Photographer)
	}
	if g.URL != "gala-2026" || !g.AccessPolicy.IsPublic || !strings.HasPrefix(g.ID, "gal_") {
		t.Errorf("gallery = %+v", g)
	}
	if len(g.Prices.Formats) != 14 || len(g.Prices.Families) != 6 || len(g.Prices.Categories) != 5 {
		t.Errorf("prices: %d formats, %d families, %d categories", len(g.Prices.Formats), len(g.Prices.Families), len(g.Prices.Categories))
	}
	f := g.Prices.Formats[1]
	if f.Name != "10 x 15" || f.UnitPrice.Amount != "2.50" || f.UnitPrice.Currency != "EUR" || f.Family == "" || f.Category == "" {
		t.Errorf("format = %+v", f)
	}
	if len(g.AvailablePacks) != 2 || g.AvailablePacks[0].DisplayName != "Pack Souvenir" ||
		g.AvailablePacks[0].OfferType != "" /* a 39 € pack is not « Gratuit » (issue 20) */ || g.AvailablePacks[1].OfferType != "Livraison offerte" || len(g.AvailablePacks[1].Formats) != 3 {
		t.Errorf("packs = %+v", g.AvailablePacks)
	}
	if got.Config.Locale != "fr" || len(got.Config.PaymentMethods) != 2 {
		t.Errorf("config = %+v", got.Config)
	}
	if got.OgData.Title != "Gala de l'École Saint-Luc 2026" || !strings.Contains(got.OgData.Image, "/media/photos/") {
		t.Errorf("ogData = %+v", got.OgData)
	}

	for _, tc := range []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"unknown gallery", map[string]any{"url": "no-such-gallery"}, 404, "gallery_not_found"},
		{"empty url", map[string]any{"url": ""}, 404, "gallery_not_found"},
		{"unknown field", map[string]any{"url": "gala-2026", "evil": 1}, 400, "invalid_input"},
		{"not an object", "gala-2026", 400, "invalid_input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := e.do("POST", "/api/core/getData", tc.body, nil)
			var eb struct{ Code, Message string }
			_ = json.Unmarshal(body, &eb)
			if res.StatusCode != tc.status || eb.Code != tc.code || eb.Message == "" {
				t.Fatalf("got %d %s, want %d %s", res.StatusCode, body, tc.status, tc.code)
			}
		})
	}
}

func TestRESTPhotosAndVideos(t *testing.T) {
	e := newEnv(t, 6)
	gala, julie := e.galleryID("gala-2026"), e.galleryID("julie-et-thomas")

	res, body := e.do("GET", "/api/photos", nil, map[string]string{"X-Gallery-Id": gala})
	var photos []struct {
		ID        string `json:"_id"`
		IsPrivate bool   `json:"isPrivate"`
		Portrait  bool   `json:"portrait"`
		Ratio     float64
		URLs      struct{ Thumbnail, SrcSet string } `json:"urls"`
	}
	if err := json.Unmarshal(body, &photos); err != nil || res.StatusCode != 200 {
		t.Fatalf("photos: %d %s", res.StatusCode, body)
	}
	// The seed makes the last photo private: visitors never see it.
	if len(photos) != 5 {
		t.Fatalf("got %d photos, want 5", len(photos))
	}
	portraits := 0
	for _, p := range photos {
		if p.IsPrivate || p.URLs.Thumbnail == "" || !strings.Contains(p.URLs.SrcSet, "320w") {
			t.Errorf("photo %+v", p)
		}
		if p.Portrait {
			portraits++
		}
	}
	if portraits == 0 || portraits == len(photos) {
		t.Errorf("want mixed ratios, got %d portraits of %d", portraits, len(photos))
	}

	res, body = e.do("GET", "/api/videos", nil, map[string]string{"X-Gallery-Id": gala})
	var videos []struct{ Host, ThumbnailURL, EmbedURL string }
	if err := json.Unmarshal(body, &videos); err != nil || res.StatusCode != 200 || len(videos) != 3 {
		t.Fatalf("videos: %d %s", res.StatusCode, body)
	}
	if !strings.Contains(videos[0].ThumbnailURL, "ytimg.com") || !strings.Contains(videos[2].ThumbnailURL, "dailymotion.com/thumbnail") {
		t.Errorf("thumbnails: %+v", videos)
	}

	for _, tc := range []struct {
		name, path, gallery string
		status              int
		code                string
	}{
		{"photos without the gallery header", "/api/photos", "", 404, "gallery_not_found"},
		{"photos of an unknown gallery", "/api/photos", "gal_nope", 404, "gallery_not_found"},
		{"photos of a protected gallery", "/api/photos", julie, 401, "unauthorized"},
		{"videos of a protected gallery", "/api/videos", julie, 401, "unauthorized"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := e.do("GET", tc.path, nil, map[string]string{"X-Gallery-Id": tc.gallery})
			if res.StatusCode != tc.status || !strings.Contains(string(body), `"code":"`+tc.code+`"`) {
				t.Fatalf("got %d %s", res.StatusCode, body)
			}
		})
	}
}

const photosPage = `query($url: String!, $after: Cursor, $first: Int) {
  gallery(url: $url) { photos(first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id position isPrivate } } } } }`

func TestGraphQLPhotosPageByPage(t *testing.T) {
	e := newEnv(t, 13)
	seen := map[string]bool{}
	var after any
	lastPos := -1
	for page := 0; ; page++ {
		var d struct {
			Gallery struct {
				Photos struct {
					TotalCount int
					PageInfo   struct {
						HasNextPage bool
						EndCursor   string
					}
					Edges []struct {
						Node struct {
							ID        string
							Position  int
							IsPrivate bool
						}
					}
				}
			}
		}
		r := e.graphql(photosPage, map[string]any{"url": "gala-2026", "first": 5, "after": after}, &d)
		if len(r.Errors) > 0 {
			t.Fatalf("page %d: %+v", page, r.Errors)
		}
		p := d.Gallery.Photos
		if p.TotalCount != 12 {
			t.Fatalf("totalCount = %d, want 12 (the private photo is not counted)", p.TotalCount)
		}
		for _, edge := range p.Edges {
			if seen[edge.Node.ID] || edge.Node.IsPrivate || edge.Node.Position <= lastPos {
				t.Fatalf("page %d: bad node %+v", page, edge.Node)
			}
			seen[edge.Node.ID], lastPos = true, edge.Node.Position
		}
		if !p.PageInfo.HasNextPage {
			break
		}
		after = p.PageInfo.EndCursor
		if page > 5 {
			t.Fatal("too many pages")
		}
	}
	if len(seen) != 12 {
		t.Fatalf("saw %d photos, want 12", len(seen))
	}

	for _, tc := range []struct {
		name  string
		first any
		code  string
	}{{"page over 100", 101, "invalid_input"}, {"no page size", nil, "invalid_input"}, {"negative", -1, "invalid_input"}} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.graphql(photosPage, map[string]any{"url": "gala-2026", "first": tc.first}, nil)
			if errorCode(r) != tc.code {
				t.Fatalf("errors = %+v, want %s", r.Errors, tc.code)
			}
		})
	}
}

func TestGraphQLErrors(t *testing.T) {
	e := newEnv(t, 3)
	for _, tc := range []struct{ name, query, code string }{
		{"unknown gallery", `{ gallery(url: "nope") { id } }`, "gallery_not_found"},
		{"photos of a protected gallery", `{ gallery(url: "julie-et-thomas") { photos(first: 5) { totalCount } } }`, "unauthorized"},
		{"introspection by a visitor", `{ __schema { types { name } } }`, "forbidden"},
		{"unknown node", `{ node(id: "pho_doesnotexist") { id } }`, "not_found"},
		{"syntax error", `{ gallery(url: `, "GRAPHQL_PARSE_FAILED"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r := e.graphql(tc.query, nil, nil); errorCode(r) != tc.code {
				t.Fatalf("errors = %+v, want %s", r.Errors, tc.code)
			}
		})
	}
	// A protected gallery still shows what its access screen needs.
	var d struct {
		Gallery struct {
			EventName  string
			Auth       struct{ AccessCodeAuthorized bool }
			CoverPhoto *struct{ ID string }
		}
	}
	r := e.graphql(`{ gallery(url: "julie-et-thomas") { eventName auth { accessCodeAuthorized } coverPhoto { id } } }`, nil, &d)
	if len(r.Errors) > 0 || d.Gallery.EventName == "" || d.Gallery.Auth.AccessCodeAuthorized || d.Gallery.CoverPhoto != nil {
		t.Fatalf("protected gallery: %+v %+v", d, r.Errors)
	}
}

func TestMediaDelivery(t *testing.T) {
	e := newEnv(t, 6)
	ctx := viewer.SystemContext(context.Background())
	byGallery := func(url string, private bool) *ent.Photo {
		return e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL(url)), photo.IsPrivate(private)).
			Order(ent.Asc(photo.FieldPosition)).FirstX(ctx)
	}
	pub, priv, prot := byGallery("gala-2026", false), byGallery("gala-2026", true), byGallery("julie-et-thomas", false)
	url := media.URL(pub.ID, pub.ContentHash, 320)

	res, body := e.do("GET", url, nil, nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" || len(body) < 1000 {
		t.Fatalf("thumbnail: %d %s, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Errorf("Cache-Control = %q", cc)
	}
	etag := res.Header.Get("ETag")
	if res, _ := e.do("GET", url, nil, map[string]string{"If-None-Match": etag}); res.StatusCode != 304 {
		t.Errorf("If-None-Match: %d, want 304", res.StatusCode)
	}
	res, part := e.do("GET", url, nil, map[string]string{"Range": "bytes=0-99"})
	if res.StatusCode != 206 || len(part) != 100 || !bytes.Equal(part, body[:100]) {
		t.Errorf("range: %d, %d bytes", res.StatusCode, len(part))
	}

	for _, tc := range []struct {
		name, path string
		status     int
	}{
		{"wrong hash", media.URL(pub.ID, "0000", 320), 404},
		{"width not made", media.URL(pub.ID, pub.ContentHash, 333), 404},
		{"private photo", media.URL(priv.ID, priv.ContentHash, 320), 404},
		{"photo of a protected gallery", media.URL(prot.ID, prot.ContentHash, 320), 401},
		{"unknown photo", media.URL("pho_nope", "x", 320), 404},
		// Sizes no derivative has: not found, never 503 photo_unavailable.
		{"negative width", media.URL(pub.ID, pub.ContentHash, -320), 404},
		{"zero width", media.URL(pub.ID, pub.ContentHash, 0), 404},
		{"absurd width", media.URL(pub.ID, pub.ContentHash, 1<<40), 404},
		{"width past int64", "/media/photos/" + pub.ID + "/" + pub.ContentHash + "/99999999999999999999999.jpg", 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if res, _ := e.do("GET", tc.path, nil, nil); res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
		})
	}
}

func TestHealthAndVersion(t *testing.T) {
	e := newEnv(t, 1)
	if res, body := e.do("GET", "/healthz", nil, nil); res.StatusCode != 200 || string(body) != "ok" {
		t.Fatalf("healthz: %d %s", res.StatusCode, body)
	}
	res, body := e.do("GET", "/version", nil, nil)
	var v struct{ Version string }
	if json.Unmarshal(body, &v); res.StatusCode != 200 || v.Version == "" {
		t.Fatalf("version: %d %s", res.StatusCode, body)
	}
	if res, _ := e.do("GET", "/julie-et-thomas", nil, nil); res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("client not built: got %d", res.StatusCode)
	}
}

func TestClientPageCarriesShareTags(t *testing.T) {
	e := newEnv(t, 2)
	web := fstest.MapFS{"index.html": {Data: []byte("<html><head><title>Galerie photo</title></head><body></body></html>")}}
	srv := httptest.NewServer(e.plainServer(web).Handler())
	defer srv.Close()
	get := func(path string) string {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	galaPhoto := e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL("gala-2026")), photo.StatusEQ(photo.StatusReady),
		photo.IsPrivate(false), photo.ClientHidden(false)).FirstIDX(viewer.SystemContext(context.Background()))
	page := get("/gala-2026/photos/" + galaPhoto)
	for _, want := range []string{`<title>Gala de l&#39;École Saint-Luc 2026 · Studio Lumière</title>`,
		`property="og:title" content="Gala de l&#39;École Saint-Luc 2026"`, `property="og:image" content="http://localhost:8080/media/photos/`,
		`name="twitter:card" content="summary_large_image"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s:\n%s", want, page)
		}
	}
	// A protected gallery shares its name but not its photos.
	if page := get("/julie-et-thomas"); !strings.Contains(page, `og:title`) || strings.Contains(page, "og:image") {
		t.Errorf("protected gallery page:\n%s", page)
	}
	if page := get("/no-such-gallery"); strings.Contains(page, "og:title") || !strings.Contains(page, "<title>Galerie photo</title>") {
		t.Errorf("unknown gallery page:\n%s", page)
	}

	// A direct link to a photo shares it and names its small file for the
	// viewer (a preload), not when the viewer may not see it.
	ctx := viewer.SystemContext(context.Background())
	gala := e.galleryID("gala-2026")
	ps := e.db.Client.Photo.Query().Where(photo.GalleryID(gala)).Order(photo.ByPosition()).Limit(2).AllX(ctx)
	open, private := ps[0], ps[1]
	e.db.Client.Photo.UpdateOne(private).SetIsPrivate(true).ExecX(ctx)
	thumb := media.URL(open.ID, open.ContentHash, media.Pick(open.Derivatives, media.ThumbnailWidth))
	page = get("/gala-2026/photos/" + open.ID)
	for _, want := range []string{`<link rel="preload" as="image" fetchpriority="high" href="` + thumb + `" data-photo-id="` + open.ID + `" />`,
		`property="og:image" content="http://localhost:8080/media/photos/` + open.ID + `/`} {
		if !strings.Contains(page, want) {
			t.Errorf("photo page lacks %s:\n%s", want, page)
		}
	}
	for _, path := range []string{"/gala-2026/photos/" + private.ID, "/gala-2026/photos/" + open.ID + "/customize", "/gala-2026"} {
		// (A gallery's home preloads its cover: that is first data's, not a photo link's.)
		if page := get(path); strings.Contains(page, `data-photo-id=`) {
			t.Errorf("%s names a photo:\n%s", path, page)
		}
	}
	wed := e.db.Client.Photo.Query().Where(photo.GalleryID(e.galleryID("julie-et-thomas"))).FirstX(ctx)
	if page := get("/julie-et-thomas/photos/" + wed.ID); strings.Contains(page, `data-photo-id=`) || strings.Contains(page, wed.ID) {
		t.Errorf("protected gallery's photo page:\n%s", page)
	}
}

// TestClientPageStatus: the client page answers 404 where its first
// segment names no gallery the viewer may see (the client shows its
// « Galerie introuvable » page there), and 200 elsewhere; the body is the
// app page either way, and HEAD answers the same status.
func TestClientPageStatus(t *testing.T) {
	e := newEnv(t, 1)
	const page = "<html><head><title>Galerie photo</title></head><body><div id=\"root\"></div></body></html>"
	web := fstest.MapFS{"index.html": {Data: []byte(page)}}
	serve := func() *httptest.Server {
		srv := httptest.NewServer(e.plainServer(web).Handler())
		t.Cleanup(srv.Close)
		return srv
	}
	fetch := func(srv *httptest.Server, method, path string, header map[string]string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	srv := serve()
	galaPhoto := e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL("gala-2026")), photo.StatusEQ(photo.StatusReady),
		photo.IsPrivate(false), photo.ClientHidden(false)).FirstIDX(viewer.SystemContext(context.Background()))
	for _, c := range []struct {
		path string
		want int
	}{
		{"/", 200},
		{"/gala-2026", 200},
		{"/gala-2026/photos/pho_unknown", 404},
		{"/gala-2026/photos/" + galaPhoto, 200},
		// Without access, a protected gallery's photo page is its sign-in.
		{"/julie-et-thomas/photos/pho_unknown", 200},
		{"/julie-et-thomas", 200},
		{"/julie-et-thomas/authentication/accessCode", 200},
		{"/Julie-et-Thomas/", 200},
		{"/studio", 200},
		{"/studio/connexion", 200},
		{"/studio/galeries/gal_x", 200},
		{"/does-not-exist", 404},
		{"/does-not-exist/photos/x", 404},
		{"/favicon.ico", 404},
	} {
		for _, method := range []string{"GET", "HEAD"} {
			status, body := fetch(srv, method, c.path, nil)
			if status != c.want {
				t.Errorf("%s %s: status %d, want %d", method, c.path, status, c.want)
			}
			if method == "GET" && !strings.Contains(body, `<div id="root"></div>`) {
				t.Errorf("GET %s: not the app page:\n%s", c.path, body)
			}
			if method == "HEAD" && body != "" {
				t.Errorf("HEAD %s: a body", c.path)
			}
		}
	}

	// An unpublished gallery answers as an unknown address, except to its
	// photographer. A new server, so that no kept row is in play.
	e.db.Client.Gallery.Update().Where(gallery.URL("julie-et-thomas")).SetPublished(false).ExecX(context.Background())
	srv = serve()
	if status, body := fetch(srv, "GET", "/julie-et-thomas", nil); status != 404 || !strings.Contains(body, `<div id="root"></div>`) {
		t.Errorf("unpublished gallery, anonymous: %d\n%s", status, body)
	}
	if status, _ := fetch(srv, "GET", "/does-not-exist", nil); status != 404 {
		t.Errorf("unknown gallery: %d", status)
	}
	token, _ := e.token()
	if status, _ := fetch(srv, "GET", "/julie-et-thomas", bearer(token)); status != 200 {
		t.Errorf("unpublished gallery, its photographer: %d", status)
	}
	// Who may open the gallery is told of a photo it does not hold.
	if status, _ := fetch(srv, "GET", "/julie-et-thomas/photos/x", bearer(token)); status != 404 {
		t.Errorf("unknown photo of an unpublished gallery, its photographer: %d", status)
	}
}
