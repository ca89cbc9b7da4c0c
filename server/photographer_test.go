package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/viewer"
)

// token issues an API token for the demo photographer.
func (e *env) token() (plain, id string) {
	e.t.Helper()
	plain, tok, err := (&photographer.Tokens{DB: e.db.Client}).Create(context.Background(), "studio@example.com", "test")
	if err != nil {
		e.t.Fatal(err)
	}
	return plain, tok.ID
}

func bearer(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token}
}

// graphqlWith posts a GraphQL operation with extra headers.
func (e *env) graphqlWith(header map[string]string, query string, vars map[string]any, into any) gqlResponse {
	e.t.Helper()
	res, body := e.do("POST", "/graphql", map[string]any{"query": query, "variables": vars}, header)
	var r gqlResponse
	if err := json.Unmarshal(body, &r); err != nil {
		e.t.Fatalf("graphql answer %d %s: %v", res.StatusCode, body, err)
	}
	if into != nil && r.Data != nil {
		if err := json.Unmarshal(r.Data, into); err != nil {
			e.t.Fatal(err)
		}
	}
	return r
}

const introspection = `{ __schema { mutationType { name } } }`

func TestBearerTokenAuthenticatesThePhotographer(t *testing.T) {
	e := newEnv(t, 2)
	token, id := e.token()

	var d struct {
		Schema struct{ MutationType struct{ Name string } } `json:"__schema"`
	}
	if r := e.graphqlWith(bearer(token), introspection, nil, &d); len(r.Errors) > 0 || d.Schema.MutationType.Name != "Mutation" {
		t.Fatalf("introspection with a token: %+v", r)
	}
	if r := e.graphql(introspection, nil, nil); errorCode(r) != "forbidden" {
		t.Fatalf("anonymous introspection: %+v", r)
	}
	// The photographer sees the private photo the seed makes; a visitor does not.
	q := `query($url: String!) { gallery(url: $url) { auth { isPhotographer } photos(first: 100) { totalCount } } }`
	var as struct {
		Gallery struct {
			Auth   struct{ IsPhotographer bool }
			Photos struct{ TotalCount int }
		}
	}
	e.graphqlWith(bearer(token), q, map[string]any{"url": "gala-2026"}, &as)
	if !as.Gallery.Auth.IsPhotographer || as.Gallery.Photos.TotalCount != 2 {
		t.Fatalf("as the photographer: %+v", as)
	}

	for _, tc := range []struct {
		name, header, code string
	}{
		{"garbage", "Bearer nope", "invalid_token"},
		{"unknown", "Bearer glt_" + strings.Repeat("a", 40), "invalid_token"},
		{"empty", "Bearer ", "invalid_token"},
		{"another scheme", "Basic " + token, "invalid_token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/graphql", "/api/photos", "/playground"} {
				res, body := e.do("POST", path, map[string]any{"query": introspection}, map[string]string{"Authorization": tc.header})
				if res.StatusCode != 401 || !strings.Contains(string(body), `"code":"`+tc.code+`"`) ||
					!strings.HasPrefix(res.Header.Get("WWW-Authenticate"), "Bearer") {
					t.Fatalf("%s: %d %s", path, res.StatusCode, body)
				}
			}
		})
	}
	if _, err := (&photographer.Tokens{DB: e.db.Client}).Revoke(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	res, body := e.do("POST", "/graphql", map[string]any{"query": introspection}, bearer(token))
	if res.StatusCode != 401 || !strings.Contains(string(body), `"code":"revoked_token"`) {
		t.Fatalf("revoked token: %d %s", res.StatusCode, body)
	}
}

// browser is an HTTP client with cookies that does not follow redirects.
func (e *env) browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func send(t *testing.T, c *http.Client, method, u string, body any, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, u, rd)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res, out
}

// playgroundWeb is a client build with GraphiQL's page.
var playgroundWeb = fstest.MapFS{
	"index.html":      {Data: []byte("<!doctype html><title>Galerie photo</title>")},
	"playground.html": {Data: []byte(`<!doctype html><meta property="csp-nonce" nonce="GALERIE_CSP_NONCE"><title>Galerie — GraphiQL</title><div id="graphiql"></div>`)},
}

var styleNonce = regexp.MustCompile(`style-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})';`)

// playgroundNonce checks that the answer is the playground's page with the
// nonce of its Content-Security-Policy in place of the build's placeholder,
// and returns that nonce.
func playgroundNonce(t *testing.T, res *http.Response, body []byte) string {
	t.Helper()
	m := styleNonce.FindStringSubmatch(res.Header.Get("Content-Security-Policy"))
	if m == nil {
		t.Fatalf("no style nonce in %q", res.Header.Get("Content-Security-Policy"))
	}
	want := strings.ReplaceAll(string(playgroundWeb["playground.html"].Data), "GALERIE_CSP_NONCE", m[1])
	if string(body) != want {
		t.Fatalf("page:\n%s\nwant:\n%s", body, want)
	}
	return m[1]
}

func TestPlaygroundIsForThePhotographerOnly(t *testing.T) {
	e := newEnvWith(t, 2, func(w *wiring) { w.Web = playgroundWeb })
	token, id := e.token()

	res, body := e.do("GET", "/playground", nil, nil)
	if res.StatusCode != 401 || !strings.Contains(string(body), "réservé") || strings.Contains(string(body), "graphiql") {
		t.Fatalf("anonymous: %d %s", res.StatusCode, body)
	}
	// The built page is reached only through /playground's check.
	if res, _ := e.web.Get(e.srv.URL + "/playground.html"); res.Request.URL.Path != "/playground" || res.StatusCode != 401 {
		t.Fatalf("/playground.html: ended at %s with %d", res.Request.URL.Path, res.StatusCode)
	}
	res, body = e.do("GET", "/playground", nil, bearer(token))
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("with a token: %d %s", res.StatusCode, body)
	}
	nonce := playgroundNonce(t, res, body)
	// Everything the page loads and calls stays on this server.
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self';", "connect-src 'self';", "font-src 'self' data:;", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "http") || strings.Contains(csp, "*") {
		t.Errorf("Content-Security-Policy %q allows more than this server's own files", csp)
	}
	if res, _ := e.do("GET", "/playground?token=glt_wrong", nil, nil); res.StatusCode != 401 {
		t.Fatalf("a wrong token in the address: %d", res.StatusCode)
	}

	// A browser opens /playground?token= once and gets a session cookie.
	b := e.browser()
	res, _ = send(t, b, "GET", e.srv.URL+"/playground?token="+url.QueryEscape(token), nil, nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/playground" {
		t.Fatalf("exchange: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	var session *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "photographer_session" {
			session = c
		}
	}
	if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteStrictMode || session.Path != "/" ||
		strings.Contains(session.Value, token) {
		t.Fatalf("session cookie %+v", session)
	}
	res, body = send(t, b, "GET", e.srv.URL+"/playground", nil, nil)
	if res.StatusCode != 200 {
		t.Fatalf("with the session: %d", res.StatusCode)
	}
	if playgroundNonce(t, res, body) == nonce {
		t.Fatal("the same nonce twice")
	}

	// GraphQL by the cookie alone needs a non-simple header.
	op := map[string]any{"query": introspection}
	if _, body := send(t, b, "POST", e.srv.URL+"/graphql", op, nil); !strings.Contains(string(body), `"code":"forbidden"`) {
		t.Fatalf("cookie without header: %s", body)
	}
	if _, body := send(t, b, "POST", e.srv.URL+"/graphql", op, map[string]string{"X-Requested-With": "GraphiQL"}); !strings.Contains(string(body), `"name":"Mutation"`) {
		t.Fatalf("cookie with header: %s", body)
	}
	// A form-like cross-site POST to the REST door cannot use the cookie either.
	photoID := e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL("gala-2026"))).FirstIDX(viewer.SystemContext(context.Background()))
	if res, _ := send(t, b, "PUT", e.srv.URL+"/api/photos/"+photoID, map[string]any{"isPrivate": true}, nil); res.StatusCode != 403 {
		t.Fatalf("REST by cookie without header: %d", res.StatusCode)
	}
	if res, _ := send(t, b, "PUT", e.srv.URL+"/api/photos/"+photoID, map[string]any{"isPrivate": true}, map[string]string{"X-XSRF-TOKEN": "x"}); res.StatusCode != 403 {
		t.Fatalf("REST by cookie with a forged token: %d", res.StatusCode)
	}
	var xsrf string
	for _, c := range b.Jar.Cookies(mustURL(e.srv.URL)) {
		if c.Name == "XSRF-TOKEN" {
			xsrf = c.Value
		}
	}
	if res, body := send(t, b, "PUT", e.srv.URL+"/api/photos/"+photoID, map[string]any{"isPrivate": false}, map[string]string{"X-XSRF-TOKEN": xsrf}); res.StatusCode != 200 {
		t.Fatalf("REST by cookie with header: %d %s", res.StatusCode, body)
	}

	// Revoking the token ends the session.
	if _, err := (&photographer.Tokens{DB: e.db.Client}).Revoke(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if res, _ := send(t, b, "GET", e.srv.URL+"/playground", nil, nil); res.StatusCode != 401 {
		t.Fatalf("after revocation: %d", res.StatusCode)
	}
}

func TestPlaygroundWithoutClientBuild(t *testing.T) {
	e := newEnv(t, 1)
	token, _ := e.token()
	res, body := e.do("GET", "/playground", nil, bearer(token))
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "make build") {
		t.Fatalf("client not built: %d %s", res.StatusCode, body)
	}
}

const updateGallery = `mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) {
  gallery { id eventName theme { colorTheme { colors { primary } } } published }
  userErrors { field message code } } }`

func TestGalleryMutationsOverHTTP(t *testing.T) {
	e := newEnv(t, 2)
	token, _ := e.token()
	gala := e.galleryID("gala-2026")
	input := func(settings map[string]any) map[string]any {
		return map[string]any{"input": map[string]any{"galleryId": gala, "settings": settings}}
	}
	type payload struct {
		UpdateGallery struct {
			Gallery *struct {
				EventName string
				Theme     struct {
					ColorTheme struct{ Colors struct{ Primary string } }
				}
			}
			UserErrors []struct {
				Field   []string
				Message string
				Code    string
			}
		}
	}
	var ok payload
	if r := e.graphqlWith(bearer(token), updateGallery, input(map[string]any{"eventName": "Gala 2026",
		"theme": map[string]any{"colors": map[string]any{"primary": "#112233"}}}), &ok); len(r.Errors) > 0 {
		t.Fatalf("update: %+v", r.Errors)
	}
	if g := ok.UpdateGallery.Gallery; g == nil || g.EventName != "Gala 2026" || g.Theme.ColorTheme.Colors.Primary != "#112233" ||
		len(ok.UpdateGallery.UserErrors) != 0 {
		t.Fatalf("updated: %+v", ok)
	}

	var bad payload
	e.graphqlWith(bearer(token), updateGallery, input(map[string]any{"theme": map[string]any{"colors": map[string]any{"primary": "bleu"}}}), &bad)
	ue := bad.UpdateGallery.UserErrors
	if bad.UpdateGallery.Gallery != nil || len(ue) != 1 || ue[0].Code != "invalid_color" ||
		strings.Join(ue[0].Field, ".") != "settings.theme.colors.primary" || ue[0].Message == "" {
		t.Fatalf("invalid colour: %+v", bad)
	}

	if r := e.graphql(updateGallery, input(map[string]any{"eventName": "x"}), nil); errorCode(r) != "unauthorized" {
		t.Fatalf("anonymous: %+v", r)
	}
	julie := e.galleryID("julie-et-thomas")
	other := e.db.Client.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").SaveX(viewer.SystemContext(context.Background()))
	otherToken, _, err := (&photographer.Tokens{DB: e.db.Client}).Create(context.Background(), other.Email, "")
	if err != nil {
		t.Fatal(err)
	}
	r := e.graphqlWith(bearer(otherToken), updateGallery,
		map[string]any{"input": map[string]any{"galleryId": julie, "settings": map[string]any{"eventName": "x"}}}, nil)
	if errorCode(r) != "forbidden" {
		t.Fatalf("another photographer: %+v", r)
	}

	// The build failures come back as user errors through GraphQL too.
	var fam struct {
		CreateFormat struct {
			Format     *struct{ ID string }
			UserErrors []struct {
				Field []string
				Code  string
			}
		}
	}
	e.graphqlWith(bearer(token), `mutation($input: CreateFormatInput!) { createFormat(input: $input) { format { id } userErrors { field code } } }`,
		map[string]any{"input": map[string]any{"galleryId": gala, "familyId": "fam_nope", "shortSize": 10, "longSize": 15, "unitPrice": "2.50"}}, &fam)
	if fam.CreateFormat.Format != nil || len(fam.CreateFormat.UserErrors) != 1 || fam.CreateFormat.UserErrors[0].Code != "missing_family" {
		t.Fatalf("missing family: %+v", fam)
	}
}

func TestPrivatePhotoDisappearsForVisitors(t *testing.T) {
	e := newEnv(t, 4)
	token, _ := e.token()
	gala := e.galleryID("gala-2026")
	sys := viewer.SystemContext(context.Background())
	ids := e.db.Client.Photo.Query().Where(photo.GalleryID(gala), photo.IsPrivate(false)).Order(ent.Asc(photo.FieldPosition)).IDsX(sys)
	visible := func() (rest, gql int) {
		t.Helper()
		_, body := e.do("GET", "/api/photos", nil, map[string]string{"X-Gallery-Id": gala})
		var ps []json.RawMessage
		if err := json.Unmarshal(body, &ps); err != nil {
			t.Fatal(err)
		}
		var d struct {
			Gallery struct{ Photos struct{ TotalCount int } }
		}
		e.graphql(`{ gallery(url: "gala-2026") { photos(first: 100) { totalCount } } }`, nil, &d)
		return len(ps), d.Gallery.Photos.TotalCount
	}
	before, _ := visible()

	// A visitor's open cart holds a print of the photo.
	fmtID := e.db.Client.Format.Query().Where().FirstIDX(sys)
	c := e.db.Client.Cart.Create().SetGalleryID(gala).SaveX(sys)
	e.db.Client.CartItem.Create().SetCart(c).SetKind(cartitem.KindPrint).SetPhotoID(ids[0]).SetFormatID(fmtID).ExecX(sys)

	// REST: the photographer sets the photo private.
	res, body := e.do("PUT", "/api/photos/"+ids[0], map[string]any{"isPrivate": true}, bearer(token))
	var p struct {
		ID        string `json:"_id"`
		IsPrivate bool   `json:"isPrivate"`
		URLs      struct{ Thumbnail string }
	}
	if err := json.Unmarshal(body, &p); err != nil || res.StatusCode != 200 || p.ID != ids[0] || !p.IsPrivate || p.URLs.Thumbnail == "" {
		t.Fatalf("PUT: %d %s", res.StatusCode, body)
	}
	if rest, gql := visible(); rest != before-1 || gql != before-1 {
		t.Fatalf("after PUT a visitor sees %d (REST) and %d (GraphQL) photos, want %d", rest, gql, before-1)
	}
	if n := e.db.Client.CartItem.Query().Where(cartitem.HasCartWith(cart.ID(c.ID))).CountX(sys); n != 0 {
		t.Fatalf("the private photo is still in the cart (%d items)", n)
	}
	if got := e.db.Client.Cart.GetX(sys, c.ID); !got.CartUpdated || got.Version != 1 {
		t.Fatalf("cart not flagged: %+v", got)
	}

	// GraphQL: the same through setPhotosPrivate.
	var d struct {
		SetPhotosPrivate struct {
			Photos     []struct{ IsPrivate bool }
			UserErrors []struct{ Code string }
		}
	}
	e.graphqlWith(bearer(token), `mutation($input: SetPhotosPrivateInput!) { setPhotosPrivate(input: $input) { photos { isPrivate } userErrors { code } } }`,
		map[string]any{"input": map[string]any{"galleryId": gala, "photoIds": []string{ids[1]}, "isPrivate": true}}, &d)
	if len(d.SetPhotosPrivate.Photos) != 1 || !d.SetPhotosPrivate.Photos[0].IsPrivate {
		t.Fatalf("setPhotosPrivate: %+v", d)
	}
	if rest, gql := visible(); rest != before-2 || gql != before-2 {
		t.Fatalf("after setPhotosPrivate a visitor sees %d and %d photos, want %d", rest, gql, before-2)
	}

	for _, tc := range []struct {
		name   string
		header map[string]string
		body   any
		status int
		code   string
	}{
		{"anonymous", nil, map[string]any{"isPrivate": false}, 401, "unauthorized"},
		{"unknown field", bearer(token), map[string]any{"private": false}, 400, "invalid_input"},
		{"unknown photo", bearer(token), map[string]any{"isPrivate": false}, 404, "not_found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := "/api/photos/" + ids[2]
			if tc.code == "not_found" {
				path = "/api/photos/pho_nope"
			}
			res, body := e.do("PUT", path, tc.body, tc.header)
			if res.StatusCode != tc.status || !strings.Contains(string(body), `"code":"`+tc.code+`"`) {
				t.Fatalf("%d %s", res.StatusCode, body)
			}
		})
	}
	other := e.db.Client.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").SaveX(sys)
	otherToken, _, _ := (&photographer.Tokens{DB: e.db.Client}).Create(context.Background(), other.Email, "")
	if res, _ := e.do("PUT", "/api/photos/"+ids[2], map[string]any{"isPrivate": true}, bearer(otherToken)); res.StatusCode != 403 {
		t.Fatalf("another photographer: %d", res.StatusCode)
	}
}

func testJPEG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := range 64 {
		for y := range 48 {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// multipartUpload builds a GraphQL multipart request for uploadPhotos.
func multipartUpload(t *testing.T, galleryID string, files map[string][]byte, names []string) (*bytes.Buffer, string) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	nulls := make([]any, len(names))
	ops, _ := json.Marshal(map[string]any{
		"query":     `mutation($input: UploadPhotosInput!) { uploadPhotos(input: $input) { photos { id filename collection status } userErrors { field code message } } }`,
		"variables": map[string]any{"input": map[string]any{"galleryId": galleryID, "files": nulls, "collection": "Envoi"}},
	})
	_ = w.WriteField("operations", string(ops))
	m := map[string][]string{}
	for i := range names {
		m[fmt.Sprint(i)] = []string{fmt.Sprintf("variables.input.files.%d", i)}
	}
	mb, _ := json.Marshal(m)
	_ = w.WriteField("map", string(mb))
	for i, n := range names {
		fw, _ := w.CreateFormFile(fmt.Sprint(i), n)
		_, _ = fw.Write(files[n])
	}
	_ = w.Close()
	return &body, w.FormDataContentType()
}

func TestUploadPhotosOverMultipart(t *testing.T) {
	//lint:ignore S1021 the hook below reads e, so e is declared first
	var e *env
	// The runner is not started: jobs are only inserted with the photos.
	e = newEnvWith(t, 1, func(w *wiring) { w.Jobs = &jobs.Config{TestOnly: true} })
	token, _ := e.token()
	gala := e.galleryID("gala-2026")
	files := map[string][]byte{"mariage.jpg": testJPEG(t), "notes.txt": []byte("pas une image")}
	post := func(header map[string]string) (*http.Response, []byte) {
		body, ct := multipartUpload(t, gala, files, []string{"mariage.jpg", "notes.txt"})
		req, _ := http.NewRequest("POST", e.srv.URL+"/graphql", body)
		req.Header.Set("Content-Type", ct)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		return res, out
	}
	if res, body := post(nil); res.StatusCode != 401 || !strings.Contains(string(body), `"code":"unauthorized"`) {
		t.Fatalf("anonymous upload: %d %s", res.StatusCode, body)
	}
	res, body := post(bearer(token))
	var r struct {
		Data struct {
			UploadPhotos struct {
				Photos []struct {
					ID, Filename, Collection, Status string
				}
				UserErrors []struct {
					Field []string
					Code  string
				}
			}
		}
		Errors []any
	}
	if err := json.Unmarshal(body, &r); err != nil || res.StatusCode != 200 || len(r.Errors) > 0 {
		t.Fatalf("upload: %d %s", res.StatusCode, body)
	}
	up := r.Data.UploadPhotos
	if len(up.Photos) != 1 || up.Photos[0].Filename != "mariage.jpg" || up.Photos[0].Collection != "Envoi" || up.Photos[0].Status != "processing" {
		t.Fatalf("photos: %+v", up.Photos)
	}
	if len(up.UserErrors) != 1 || strings.Join(up.UserErrors[0].Field, ".") != "files.1" || up.UserErrors[0].Code == "" {
		t.Fatalf("user errors: %+v", up.UserErrors)
	}
}

// TestEveryMutationFamilyOverHTTP runs one call of each mutation family
// through the GraphQL door as the photographer, then anonymously.
func TestEveryMutationFamilyOverHTTP(t *testing.T) {
	e := newEnv(t, 3)
	token, _ := e.token()
	sys := viewer.SystemContext(context.Background())
	gala := e.galleryID("gala-2026")
	photoIDs := e.db.Client.Photo.Query().Where(photo.GalleryID(gala)).Order(ent.Asc(photo.FieldPosition)).IDsX(sys)
	trackID := e.db.Client.MusicTrack.Query().FirstIDX(sys)
	ids := map[string]string{}

	steps := []struct {
		name, op, query string
		input           func() map[string]any
		keep            string // a field of the payload to remember, as "object.id"
	}{
		{"gallery", "createGallery", `createGallery(input: $input) { gallery { id url } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"url": "fete-ecole", "eventName": "Fête de l'école",
					"settings": map[string]any{"isPublic": true, "theme": map[string]any{"photosLayout": "grid"}, "collectionNames": []string{"Matin"}}}
			}, "gallery"},
		{"category", "createCategory", `createCategory(input: $input) { category { id section } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "name": "Tirages", "section": "prints"}
			}, "category"},
		{"family", "createFamily", `createFamily(input: $input) { family { id category { id } } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "categoryId": ids["category"], "name": "Papier photo"}
			}, "family"},
		{"format", "createFormat", `createFormat(input: $input) { format { id name unitPrice { amount } } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "familyId": ids["family"], "shortSize": 13, "longSize": 18, "unitPrice": "3.20"}
			}, "format"},
		{"digital format", "createFormat", `createFormat(input: $input) { format { id kind digitalQuality } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "familyId": ids["family"], "unitPrice": "5", "kind": "digital", "digitalQuality": "hd"}
			}, "digital"},
		{"pack", "createPack", `createPack(input: $input) { pack { id pack formats { format { id } quantity } digitalFiles { quantity } } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "pack": "famille", "displayName": "Pack famille", "unitPrice": "29.00",
					"formats":      []map[string]any{{"formatId": ids["format"], "quantity": 4, "photos": 2}},
					"digitalFiles": []map[string]any{{"formatId": ids["digital"], "quantity": 3}}}
			}, "pack"},
		{"pack price", "updatePack", `updatePack(input: $input) { pack { id unitPrice { amount } } userErrors { field code } }`,
			func() map[string]any { return map[string]any{"packId": ids["pack"], "unitPrice": "25.00"} }, ""},
		{"discount", "createDiscount", `createDiscount(input: $input) { discount { id percent threshold { amount } } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "threshold": "40.00", "percent": 5}
			}, "discount"},
		{"voucher", "createVoucher", `createVoucher(input: $input) { voucher { id code kind galleryId minSpend { amount } validUntil } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "code": "ECOLE5", "amountOff": "5.00", "validUntil": "2027-01-01T00:00:00Z"}
			}, "voucher"},
		{"gift card", "createGiftCard", `createGiftCard(input: $input) { voucher { id code balance { amount } giftAmount { amount } } userErrors { field code } }`,
			func() map[string]any { return map[string]any{"amount": "30.00"} }, "giftcard"},
		{"voucher off", "updateVoucher", `updateVoucher(input: $input) { voucher { id active } userErrors { field code } }`,
			func() map[string]any { return map[string]any{"voucherId": ids["voucher"], "active": false} }, ""},
		{"access code", "createAccessCode", `createAccessCode(input: $input) { accessCode { id code kind } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": gala, "kind": "client", "label": "Direction"}
			}, "accessCode"},
		{"revoke code", "revokeAccessCode", `revokeAccessCode(input: $input) { accessCode { id revokedAt } userErrors { field code } }`,
			func() map[string]any { return map[string]any{"accessCodeId": ids["accessCode"]} }, ""},
		{"reorder", "reorderPhotos", `reorderPhotos(input: $input) { photos { id position } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": gala, "photoIds": []string{photoIDs[2], photoIDs[0]}}
			}, ""},
		{"move", "movePhotos", `movePhotos(input: $input) { photos { collection } gallery { collectionNames } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": gala, "photoIds": []string{photoIDs[0]}, "collection": "Nouvelle"}
			}, ""},
		{"favorite", "setPhotosFavorite", `setPhotosFavorite(input: $input) { photos { favorite } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": gala, "photoIds": []string{photoIDs[1]}, "favorite": true}
			}, ""},
		{"video", "addVideo", `addVideo(input: $input) { video { id host embedUrl thumbnailUrl } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": gala, "url": "https://www.dailymotion.com/video/x7tgad0", "title": "Spectacle"}
			}, "video"},
		{"video update", "updateVideo", `updateVideo(input: $input) { video { id favorite } userErrors { field code } }`,
			func() map[string]any { return map[string]any{"videoId": ids["video"], "favorite": true} }, ""},
		{"music", "setGalleryMusic", `setGalleryMusic(input: $input) { gallery { music { active trackId } } userErrors { field code } }`,
			func() map[string]any {
				return map[string]any{"galleryId": ids["gallery"], "active": true, "trackId": trackID}
			}, ""},
		{"delete video", "deleteVideo", `deleteVideo(input: $input) { deletedVideoId userErrors { field code } }`,
			func() map[string]any { return map[string]any{"videoId": ids["video"]} }, ""},
		{"delete photos", "deletePhotos", `deletePhotos(input: $input) { deletedPhotoIds userErrors { field code } }`,
			func() map[string]any { return map[string]any{"galleryId": gala, "photoIds": []string{photoIDs[2]}} }, ""},
		{"delete discount", "deleteDiscount", `deleteDiscount(input: $input) { deletedDiscountId userErrors { field code } }`,
			func() map[string]any { return map[string]any{"discountId": ids["discount"]} }, ""},
		{"delete pack", "deletePack", `deletePack(input: $input) { deletedPackId userErrors { field code } }`,
			func() map[string]any { return map[string]any{"packId": ids["pack"]} }, ""},
		{"delete gallery", "deleteGallery", `deleteGallery(input: $input) { deletedGalleryId userErrors { field code } }`,
			func() map[string]any { return map[string]any{"galleryId": ids["gallery"]} }, ""},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			inputType := strings.ToUpper(st.op[:1]) + st.op[1:] + "Input"
			query := "mutation($input: " + inputType + "!) { " + st.query + " }"
			vars := map[string]any{"input": st.input()}
			if r := e.graphql(query, vars, nil); errorCode(r) != "unauthorized" {
				t.Fatalf("anonymous: %+v", r)
			}
			var d map[string]map[string]json.RawMessage
			if r := e.graphqlWith(bearer(token), query, vars, &d); len(r.Errors) > 0 {
				t.Fatalf("errors: %+v", r.Errors)
			}
			p := d[st.op]
			if string(p["userErrors"]) != "[]" {
				t.Fatalf("user errors: %s", p["userErrors"])
			}
			if st.keep != "" {
				var obj struct{ ID string }
				for k, v := range p {
					if k != "userErrors" {
						_ = json.Unmarshal(v, &obj)
					}
				}
				if obj.ID == "" {
					t.Fatalf("no id in %v", p)
				}
				ids[st.keep] = obj.ID
			}
		})
	}
}
