package server_test

// Fuzz targets for the server's doors: every REST JSON body, the variables
// of every GraphQL mutation, uploads and preview hashes. Each target builds
// one server on a temporary SQLite (or PostgreSQL) database per process and
// sends every input to it; an answer must never be a 5xx, and every error
// must carry a stable code. docs/limits.md lists the targets and how CI
// runs them (make test-fuzz).

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// fuzzTarget is a server built once for a fuzz target, with a visitor's
// cookies (access to both demo galleries) and a photographer's token.
type fuzzTarget struct {
	e       *env
	cookies []*http.Cookie
	xsrf    string
	token   string
	// ids fills the {name} placeholders of paths and seeds.
	ids map[string]string
}

func newFuzzTarget(f *testing.F, wire func(*wiring)) *fuzzTarget {
	f.Helper()
	e := newEnvConfig(f, 1, map[string]string{}, wire)
	token, _ := e.token()
	sys := viewer.SystemContext(context.Background())
	gala := e.galleryID("gala-2026")
	// The gala sells its files: the visitor's cart calls reach the cart's work.
	sellGalleryFiles(f, e.db.Client, "gala-2026")
	ids := map[string]string{"gallery": gala, "wedding": e.galleryID("julie-et-thomas")}
	if ids["wedding"] == "" {
		f.Fatal("demo wedding gallery missing")
	}
	ids["photo"] = e.db.Client.Photo.Query().Where(photo.GalleryID(gala)).Order(ent.Asc(photo.FieldPosition)).FirstIDX(sys)
	ids["format"] = e.db.Client.Format.Query().Where(format.HasGalleryWith(gallery.ID(gala)), format.KindEQ(format.KindPrint)).FirstIDX(sys)
	ids["digital"] = e.db.Client.Format.Query().Where(format.HasGalleryWith(gallery.ID(gala)), format.KindEQ(format.KindDigital)).FirstIDX(sys)
	// The visitor opens the public gala and enters the wedding's client code.
	if res, body := e.do("POST", "/api/core/getData", map[string]any{"url": "gala-2026"}, nil); res.StatusCode != 200 {
		f.Fatalf("getData: %d %s", res.StatusCode, body)
	}
	if res, body := e.do("POST", "/api/auth/clientCode", map[string]any{"code": seed.DemoClientCode},
		map[string]string{"X-Gallery-Id": ids["wedding"]}); res.StatusCode != 200 {
		f.Fatalf("client code: %d %s", res.StatusCode, body)
	}
	// …with a confirmed e-mail, which selections need.
	ident, err := e.app.Access.SealIdentity("fuzz@example.com")
	if err != nil {
		f.Fatal(err)
	}
	u, _ := url.Parse(e.srv.URL)
	e.web.Jar.SetCookies(u, []*http.Cookie{{Name: access.IdentityCookie, Value: ident, Path: "/"}})
	res, body := e.do("POST", "/api/users/selections", map[string]any{"name": "Fuzz"}, map[string]string{"X-Gallery-Id": gala})
	var sel struct {
		ID string `json:"_id"`
	}
	_ = json.Unmarshal(body, &sel)
	if res.StatusCode != 200 || sel.ID == "" {
		f.Fatalf("selection: %d %s", res.StatusCode, body)
	}
	ids["selection"] = sel.ID
	return &fuzzTarget{e: e, cookies: e.web.Jar.Cookies(u), xsrf: e.xsrf(), token: token, ids: ids}
}

// Who sends a fuzzed request.
const (
	asVisitor      = iota // the visitor's cookies and XSRF header
	asPhotographer        // the photographer's bearer token
	asStranger            // no cookies; the XSRF header of another browser
	whoCount
)

// send sends one request as who and checks the answer: never a 5xx, and
// an error answer is JSON with a non-empty code (REST) or errors with
// extensions.code (GraphQL). It returns the status and body.
func (ft *fuzzTarget) send(t *testing.T, who uint8, method, path, contentType string, body []byte, header map[string]string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ft.e.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil // not a request a client could send
	}
	req.Header.Set("Content-Type", contentType)
	client := &http.Client{}
	switch who % whoCount {
	case asVisitor:
		jar, _ := cookiejar.New(nil)
		u, _ := url.Parse(ft.e.srv.URL)
		jar.SetCookies(u, ft.cookies)
		client.Jar = jar
		req.Header.Set("X-XSRF-TOKEN", ft.xsrf)
	case asPhotographer:
		req.Header.Set("Authorization", "Bearer "+ft.token)
	case asStranger:
		req.Header.Set("X-XSRF-TOKEN", ft.xsrf)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 500 {
		t.Fatalf("%s %s (%q): status %d: %s", method, truncate([]byte(path)), truncate(body), res.StatusCode, truncate(out))
	}
	return res.StatusCode, out
}

// checkREST asserts that a REST error answer has a code.
func checkREST(t *testing.T, status int, body []byte, what string) {
	t.Helper()
	if status < 400 {
		return
	}
	var e struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Code == "" {
		t.Fatalf("%s: status %d without a code: %s", what, status, truncate(body))
	}
}

// checkGraphQL asserts that a GraphQL answer is JSON, that each error has
// a code and that none is internal.
func checkGraphQL(t *testing.T, status int, body []byte, what string) gqlResponse {
	t.Helper()
	var r gqlResponse
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("%s: status %d, not JSON: %s", what, status, truncate(body))
	}
	for _, e := range r.Errors {
		code, _ := e.Extensions["code"].(string)
		if code == "" || code == "internal" {
			t.Fatalf("%s: status %d, error %q with code %q", what, status, e.Message, code)
		}
	}
	if status >= 400 && len(r.Errors) == 0 {
		t.Fatalf("%s: status %d without errors: %s", what, status, truncate(body))
	}
	return r
}

func truncate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// fill replaces {name} placeholders with the target's ids; seg, when not
// empty, replaces the first one instead (fuzzed path segments).
func (ft *fuzzTarget) fill(s, seg string) string {
	first := true
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s[max(i, 0):], '}')
		if i < 0 || j < 0 {
			return s
		}
		name := s[i+1 : i+j]
		v, ok := ft.ids[name]
		if !ok {
			return s
		}
		if first && seg != "" {
			v = url.PathEscape(seg)
		}
		first = false
		s = s[:i] + v + s[i+j+1:]
	}
}

// restBodyRoute is a REST route that reads a JSON body, with a body the
// route accepts as a seed.
type restBodyRoute struct {
	method, path string
	gallery      string // the X-Gallery-Id placeholder; empty: none
	seed         string
}

// restBodyRoutes is every REST route with a JSON body (server.go, rest_*.go).
var restBodyRoutes = []restBodyRoute{
	{"POST", "/api/auth/accessCode", "{wedding}", `{"code":"INVITE-3M8P"}`},
	{"POST", "/api/auth/clientCode", "{wedding}", `{"code":"CLIENT-7K4Q"}`},
	{"POST", "/api/auth/recoverClientCode", "{wedding}", `{"email":"julie.thomas@example.com"}`},
	{"POST", "/api/auth/email", "{wedding}", `{"email":"a@example.com"}`},
	{"POST", "/api/auth/email/confirm", "{wedding}", `{"email":"a@example.com","code":"123456"}`},
	{"POST", "/api/auth/logout", "{gallery}", `{}`},
	{"POST", "/api/core/getData", "", `{"url":"gala-2026","previewHash":"x.y","email":""}`},
	{"PUT", "/api/photos/{photo}", "{gallery}", `{"isPrivate":true,"favorite":false}`},
	{"POST", "/api/photos/clientHidden", "{wedding}", `{"photoIds":["{photo}"],"hidden":true}`},
	{"POST", "/api/users/selections", "{gallery}", `{"name":"Mes préférées","photoIds":["{photo}"]}`},
	{"DELETE", "/api/users/selections/{selection}", "{gallery}", ``},
	{"POST", "/api/users/selections/{selection}/{photo}/toggle/add", "{gallery}", `{}`},
	{"POST", "/api/users/selections/{selection}/removePhotos", "{gallery}", `{"photoIds":["{photo}"]}`},
	{"POST", "/api/galleries/albumSelections/removePhotos", "{wedding}", `{"photoIds":["{photo}"]}`},
	{"POST", "/api/galleries/albumSelections/send", "{wedding}", `{}`},
	{"POST", "/api/galleries/albumSelections/{photo}/add", "{wedding}", `{}`},
	{"POST", "/api/galleries/share", "{gallery}", `{"senderName":"Ana","emails":["b@example.com"],"message":"Regarde"}`},
	{"POST", "/api/galleries/contact", "{gallery}", `{"name":"Ana","email":"a@example.com","message":"Bonjour","captchaId":"x","captcha":"1234"}`},
	{"POST", "/api/galleries/downloadRequests", "{gallery}", `{"email":"a@example.com","quality":"web","photoIds":["{photo}"]}`},
	{"POST", "/api/galleries/downloadRequests/{selection}/resend", "{gallery}", `{}`},
	{"POST", "/api/captcha", "{gallery}", `{}`},
	{"POST", "/api/cart/ongoing-packs", "{gallery}", `{"pack":"x"}`},
	{"POST", "/api/cart/ongoing-packs/{selection}", "{gallery}", `{"formats":[{"format":"{format}","photos":["{photo}"]}]}`},
	{"DELETE", "/api/cart/ongoing-packs/{selection}", "{gallery}", ``},
	{"POST", "/api/cart/packs", "{gallery}", `{"pack":"x","content":{"formats":[{"format":"{format}","photos":["{photo}"]}]}}`},
	{"DELETE", "/api/cart/packs/{selection}", "{gallery}", ``},
	{"POST", "/api/cart/packs/{selection}", "{gallery}", `{}`},
	{"POST", "/api/cart/digitalFiles/allGallery", "{gallery}", `{"format":"{digital}"}`},
	{"DELETE", "/api/cart/digitalFiles/allGallery/{digital}", "{gallery}", ``},
	{"POST", "/api/cart/digitalFiles/{photo}/{digital}", "{gallery}", `{}`},
	{"DELETE", "/api/cart/digitalFiles/{photo}/{digital}", "{gallery}", ``},
	{"POST", "/api/cart/formats/{photo}/{format}", "{gallery}", `{"quantity":2,"finish":"mat","border":"none","crop":{"x":0,"y":0,"width":10,"height":15}}`},
	{"POST", "/api/cart/formats/{photo}/{format}/{selection}", "{gallery}", `{"quantity":1}`},
	{"DELETE", "/api/cart/formats/{photo}/{format}/{selection}", "{gallery}", ``},
	{"POST", "/api/cart/address", "{gallery}", `{"email":"a@example.com","billing":{"firstName":"Ana","lastName":"B","street":"Rue 1","postalCode":"1000","city":"Bruxelles","country":"BE"},"deliveryOption":"shipping","sameAsBilling":true}`},
	{"POST", "/api/cart/vouchers/BIENVENUE10", "{gallery}", `{}`},
	{"DELETE", "/api/cart/vouchers/BIENVENUE10", "{gallery}", ``},
	{"POST", "/api/cart/regroupItemsInPack", "{gallery}", `{"pack":"x"}`},
	{"POST", "/api/orders", "{gallery}", `{"paymentMethod":"card","acceptTerms":true}`},
	{"POST", "/api/orders/{selection}/resendDownloads", "{gallery}", `{}`},
	{"POST", "/api/payments/webhook/test", "", `{"id":"evt_1","type":"payment.succeeded"}`},
	{"POST", "/api/payments/webhook/stripe", "", `{"id":"evt_1","type":"payment_intent.succeeded"}`},
}

// FuzzRESTBody sends fuzzed JSON bodies (and path segments) to every REST
// route that reads one, as a visitor, the photographer or a stranger.
func FuzzRESTBody(f *testing.F) {
	ft := newFuzzTarget(f, nil)
	for i, r := range restBodyRoutes {
		f.Add(uint8(i), uint8(asVisitor), ft.fill(r.seed, ""), "")
	}
	// Every route's seed again with a NUL, then bytes that are not UTF-8,
	// at the end of each of its strings, and in a path segment.
	for i, r := range restBodyRoutes {
		for _, bad := range badTextSeeds {
			f.Add(uint8(i), uint8(asVisitor), withBadText(ft.fill(r.seed, ""), bad), "")
		}
		if strings.Contains(r.path, "{") {
			f.Add(uint8(i), uint8(asVisitor), ft.fill(r.seed, ""), "x\x00y")
			f.Add(uint8(i), uint8(asVisitor), ft.fill(r.seed, ""), "x\xffy")
		}
	}
	f.Add(uint8(31), uint8(asVisitor), `{"quantity":1,"crop":{"x":9223372036854775806,"y":0,"width":2,"height":3}}`, "")
	f.Add(uint8(6), uint8(asStranger), `{"url":"gala-2026","previewHash":"eyJleHAiOjEsImRhdGEiOnt9fQ.AAAA"}`, "")
	f.Add(uint8(9), uint8(asVisitor), `{"name":"`+strings.Repeat("é", 300)+`"}`, "../../x")
	f.Fuzz(func(t *testing.T, route, who uint8, body, seg string) {
		r := restBodyRoutes[int(route)%len(restBodyRoutes)]
		path := ft.fill(r.path, seg)
		header := map[string]string{}
		if r.gallery != "" {
			header["X-Gallery-Id"] = ft.fill(r.gallery, "")
		}
		status, out := ft.send(t, who, r.method, path, "application/json", []byte(body), header)
		checkREST(t, status, out, r.method+" "+r.path)
	})
}

// mutationDoc is a GraphQL document calling one mutation with every
// argument as a variable, and a seed of plausible variables.
type mutationDoc struct {
	name, query string
	vars        map[string]any
}

// mutationDocs lists every mutation of schema.graphql (the merged
// contract), so that a new mutation is fuzzed without being listed here.
func mutationDocs(tb testing.TB, ids map[string]string) []mutationDoc {
	tb.Helper()
	src, err := os.ReadFile("../schema.graphql")
	if err != nil {
		tb.Fatal(err)
	}
	schema, gerr := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: string(src)})
	if gerr != nil {
		tb.Fatal(gerr)
	}
	var docs []mutationDoc
	for _, fd := range schema.Mutation.Fields {
		var params, args []string
		vars := map[string]any{}
		for _, a := range fd.Arguments {
			params = append(params, "$"+a.Name+": "+a.Type.String())
			args = append(args, a.Name+": $"+a.Name)
			vars[a.Name] = sampleValue(schema, a.Type, ids, a.Name, 0)
		}
		q := "mutation Fuzz"
		if len(params) > 0 {
			q += "(" + strings.Join(params, ", ") + ")"
		}
		q += " { " + fd.Name
		if len(args) > 0 {
			q += "(" + strings.Join(args, ", ") + ")"
		}
		q += payloadSelection(schema, fd.Type) + " }"
		docs = append(docs, mutationDoc{name: fd.Name, query: q, vars: vars})
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].name < docs[j].name })
	return docs
}

// payloadSelection selects a payload's scalar fields, its objects' ids and
// typenames and its userErrors; fields that need arguments are left out.
func payloadSelection(schema *ast.Schema, t *ast.Type) string {
	def := schema.Types[t.Name()]
	if def == nil || (def.Kind != ast.Object && def.Kind != ast.Interface && def.Kind != ast.Union) {
		return ""
	}
	parts := []string{"__typename"}
	for _, f := range def.Fields {
		if len(f.Arguments) > 0 || strings.HasPrefix(f.Name, "__") {
			continue
		}
		inner := schema.Types[f.Type.Name()]
		switch {
		case inner == nil:
		case inner.Kind == ast.Scalar || inner.Kind == ast.Enum:
			parts = append(parts, f.Name)
		case f.Name == "userErrors":
			parts = append(parts, "userErrors { field code message }")
		case inner.Kind == ast.Object || inner.Kind == ast.Interface:
			sub := "__typename"
			if inner.Fields.ForName("id") != nil {
				sub += " id"
			}
			parts = append(parts, f.Name+" { "+sub+" }")
		}
	}
	if def.Kind == ast.Union {
		parts = parts[:1]
	}
	return " { " + strings.Join(parts, " ") + " }"
}

// sampleValue is a plausible value of type t: the demo's ids for ids, one
// element per list, every field of input objects.
func sampleValue(schema *ast.Schema, t *ast.Type, ids map[string]string, name string, depth int) any {
	if t.Elem != nil {
		if depth > 6 {
			return []any{}
		}
		return []any{sampleValue(schema, t.Elem, ids, name, depth+1)}
	}
	def := schema.Types[t.NamedType]
	switch {
	case def == nil:
		return nil
	case def.Kind == ast.Enum:
		return def.EnumValues[0].Name
	case def.Kind == ast.InputObject:
		if depth > 6 {
			return map[string]any{}
		}
		obj := map[string]any{}
		for _, f := range def.Fields {
			obj[f.Name] = sampleValue(schema, f.Type, ids, f.Name, depth+1)
		}
		return obj
	}
	switch t.NamedType {
	case "ID":
		l := strings.ToLower(name)
		switch {
		case strings.Contains(l, "photo"):
			return ids["photo"]
		case strings.Contains(l, "format"):
			return ids["format"]
		case strings.Contains(l, "selection"):
			return ids["selection"]
		}
		return ids["gallery"]
	case "Int":
		return 1
	case "Float":
		return 13.0
	case "Boolean":
		return true
	case "Decimal":
		return "12.50"
	case "Time":
		return "2026-05-01T10:00:00Z"
	case "Upload":
		return nil
	}
	if strings.Contains(strings.ToLower(name), "email") {
		return "a@example.com"
	}
	return "Texte"
}

// FuzzGraphQLMutation sends fuzzed variables to every mutation of the
// schema, as a visitor, the photographer or a stranger.
func FuzzGraphQLMutation(f *testing.F) {
	ft := newFuzzTarget(f, nil)
	docs := mutationDocs(f, ft.ids)
	for i, d := range docs {
		vars, _ := json.Marshal(d.vars)
		// The fuzzer varies who (visitor, stranger) from these.
		f.Add(uint8(i), uint8(asPhotographer), string(vars))
	}
	// Every mutation's seed again with a NUL, then bytes that are not
	// UTF-8, at the end of each of its strings.
	for i, d := range docs {
		vars, _ := json.Marshal(d.vars)
		for _, bad := range badTextSeeds {
			f.Add(uint8(i), uint8(asPhotographer), withBadText(string(vars), bad))
		}
	}
	f.Add(uint8(0), uint8(asVisitor), `{"input": null}`)
	f.Add(uint8(1), uint8(asPhotographer), `[1,2,3]`)
	f.Add(uint8(2), uint8(asPhotographer), `{"input":{"galleryId":{"a":[[[]]]}}}`)
	f.Fuzz(func(t *testing.T, idx, who uint8, vars string) {
		d := docs[int(idx)%len(docs)]
		body := []byte(`{"query":` + quote(d.query) + `,"variables":` + vars + `}`)
		status, out := ft.send(t, who, "POST", "/graphql", "application/json", body, nil)
		checkGraphQL(t, status, out, d.name)
	})
}

// badTextSeeds are what withBadText appends, as raw JSON string content:
// an escaped NUL, an escape character, bytes that are not UTF-8.
var badTextSeeds = []string{`\u0000`, `\u001b`, "\xff\xfe", "\xc3"}

// withBadText appends bad (raw JSON string content) to every string
// value of the JSON document doc.
func withBadText(doc, bad string) string {
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		return doc
	}
	const mark = "\u0001MARK\u0001"
	var walk func(any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case string:
			return v + mark
		case []any:
			for i := range v {
				v[i] = walk(v[i])
			}
		case map[string]any:
			for k, x := range v {
				v[k] = walk(x)
			}
		}
		return v
	}
	b, _ := json.Marshal(walk(v))
	return strings.ReplaceAll(string(b), `\u0001MARK\u0001`, bad)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestMutationDocsCoverTheSchema checks that the GraphQL fuzz target's
// documents are valid for every mutation (a document the server refuses
// before running it would fuzz nothing).
func TestMutationDocsCoverTheSchema(t *testing.T) {
	e := newEnv(t, 1)
	token, _ := e.token()
	docs := mutationDocs(t, map[string]string{"gallery": e.galleryID("gala-2026")})
	if len(docs) < 40 {
		t.Fatalf("only %d mutations found", len(docs))
	}
	for _, d := range docs {
		if d.name == "uploadPhotos" || d.name == "uploadMusicTrack" {
			continue // files travel in a multipart request: FuzzUpload, TestMusicLibrary
		}
		r := e.graphqlWith(bearer(token), d.query, d.vars, nil)
		for _, er := range r.Errors {
			if c := er.Extensions["code"]; c == "GRAPHQL_VALIDATION_FAILED" || c == "GRAPHQL_PARSE_FAILED" {
				t.Errorf("%s: %s\n%s", d.name, er.Message, d.query)
			}
		}
	}
}

// wireUploads lets the server take uploads; jobs are only inserted.
func wireUploads(testing.TB) func(*wiring) {
	return func(w *wiring) { w.Jobs = &jobs.Config{TestOnly: true} }
}

const uploadMutation = `mutation($input: UploadPhotosInput!) { uploadPhotos(input: $input) { photos { id filename collection status } userErrors { field code message } } }`

// uploadBody is a GraphQL multipart request uploading one file.
func uploadBody(galleryID, filename, collection string, file []byte) ([]byte, string) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	ops, _ := json.Marshal(map[string]any{"query": uploadMutation,
		"variables": map[string]any{"input": map[string]any{"galleryId": galleryID, "files": []any{nil}, "collection": collection}}})
	_ = w.WriteField("operations", string(ops))
	_ = w.WriteField("map", `{"0":["variables.input.files.0"]}`)
	fw, _ := w.CreateFormFile("0", filename)
	_, _ = fw.Write(file)
	_ = w.Close()
	return body.Bytes(), w.FormDataContentType()
}

// FuzzUpload uploads a fuzzed file (bytes, name, collection) as the
// photographer: refused files carry a code (not_an_image, image_too_large,
// file_too_large, invalid_collection), never a 5xx.
func FuzzUpload(f *testing.F) {
	ft := newFuzzTarget(f, wireUploads(f))
	f.Add(tinyJPEG(), "mariage.jpg", "Envoi")
	f.Add(tinyPNG(), "../../etc/passwd", "")
	f.Add([]byte("pas une image"), "notes.txt", strings.Repeat("c", 121))
	f.Add(pngHeader(60000, 60000), "bombe.png", "")
	f.Add(tinyJPEG()[:100], "coupée.jpg", "\xff\xfe")
	f.Fuzz(func(t *testing.T, file []byte, filename, collection string) {
		body, ct := uploadBody(ft.ids["gallery"], filename, collection, file)
		status, out := ft.send(t, asPhotographer, "POST", "/graphql", ct, body, nil)
		r := checkGraphQL(t, status, out, "uploadPhotos")
		var data struct {
			UploadPhotos *struct {
				UserErrors []struct{ Code string }
			}
		}
		_ = json.Unmarshal(r.Data, &data)
		if data.UploadPhotos != nil {
			for _, ue := range data.UploadPhotos.UserErrors {
				if ue.Code == "" || ue.Code == "upload_failed" {
					t.Fatalf("upload refused with code %q: %s", ue.Code, truncate(out))
				}
			}
		}
	})
}

// FuzzUploadMultipart sends fuzzed multipart bodies to /graphql as the
// photographer: a malformed request is a 4xx with a code.
func FuzzUploadMultipart(f *testing.F) {
	ft := newFuzzTarget(f, wireUploads(f))
	good, ct := uploadBody(ft.ids["gallery"], "a.jpg", "", tinyJPEG())
	_, boundary, _ := strings.Cut(ct, "boundary=")
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("--" + boundary + "\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{}\r\n--" + boundary + "--\r\n"))
	f.Add(bytes.Replace(good, []byte(`"0":["variables.input.files.0"]`), []byte(`"0":["variables.input.galleryId"]`), 1))
	f.Add(bytes.Replace(good, []byte(`"0":["variables.input.files.0"]`), []byte(`"1":["variables.input.files.0"]`), 1))
	f.Fuzz(func(t *testing.T, body []byte) {
		status, out := ft.send(t, asPhotographer, "POST", "/graphql", ct, body, nil)
		checkGraphQL(t, status, out, "multipart")
	})
}

// FuzzPreviewHash sends fuzzed preview hashes where the server reads
// them: getData's body, the previewHash query parameter of the REST
// gallery calls, the preview cookie and GraphQL's gallery(previewHash:).
func FuzzPreviewHash(f *testing.F) {
	ft := newFuzzTarget(f, nil)
	valid, err := ft.e.app.Access.PreviewHash(ft.ids["wedding"], 3600e9)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(valid, uint8(0))
	f.Add(valid+"x", uint8(1))
	f.Add("", uint8(2))
	f.Add("a.b", uint8(0))
	f.Add(strings.Repeat("A", 5000)+"."+"B", uint8(1))
	f.Add("eyJleHAiOjk5OTk5OTk5OTksImRhdGEiOm51bGx9.", uint8(2))
	f.Add(valid, uint8(3))
	f.Add("a;b=c\x00", uint8(3))
	f.Fuzz(func(t *testing.T, hash string, door uint8) {
		switch door % 4 {
		case 0:
			body, _ := json.Marshal(map[string]any{"url": "julie-et-thomas", "previewHash": hash})
			status, out := ft.send(t, asStranger, "POST", "/api/core/getData", "application/json", body, nil)
			checkREST(t, status, out, "getData")
		case 1:
			status, out := ft.send(t, asStranger, "GET", "/api/photos?previewHash="+url.QueryEscape(hash), "", nil,
				map[string]string{"X-Gallery-Id": ft.ids["wedding"]})
			checkREST(t, status, out, "photos?previewHash")
		case 3:
			status, out := ft.send(t, asStranger, "GET", "/api/photos", "", nil, map[string]string{"X-Gallery-Id": ft.ids["wedding"],
				"Cookie": (&http.Cookie{Name: "preview_" + ft.ids["wedding"], Value: hash}).String()})
			checkREST(t, status, out, "preview cookie")
		case 2:
			body, _ := json.Marshal(map[string]any{"query": `query($h: String) { gallery(url: "julie-et-thomas", previewHash: $h) { id eventName } }`,
				"variables": map[string]any{"h": hash}})
			status, out := ft.send(t, asStranger, "POST", "/graphql", "application/json", body, nil)
			checkGraphQL(t, status, out, "gallery(previewHash)")
		}
	})
}

// tinyJPEG is a valid 16x12 JPEG.
func tinyJPEG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 16, 12))
	for x := range 16 {
		img.Set(x, x%12, color.RGBA{uint8(x * 15), 80, 120, 255})
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, nil)
	return b.Bytes()
}

// tinyPNG is a valid 8x8 PNG.
func tinyPNG() []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)))
	return b.Bytes()
}

// pngHeader is the start of a PNG claiming w x h pixels (a decompression
// bomb's header: nothing may be decoded before the pixel count is checked).
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	_ = binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}
