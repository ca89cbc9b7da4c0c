package server_test

// Each limit of docs/limits.md at its value (accepted) and just beyond
// (refused with its stable code and status, never a 500).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/lexer"

	"github.com/studio/gallery/graph"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/contact"
	"github.com/studio/gallery/internal/selections"
	"github.com/studio/gallery/internal/share"
)

// post sends a raw body and returns the status and answer.
func (e *env) post(path, contentType string, body []byte, header map[string]string, chunked bool) (int, []byte) {
	e.t.Helper()
	var rd io.Reader = bytes.NewReader(body)
	if chunked {
		rd = io.MultiReader(rd) // hides the length: sent chunked
	}
	req, _ := http.NewRequest("POST", e.srv.URL+path, rd)
	req.Header.Set("Content-Type", contentType)
	if tok := e.xsrf(); tok != "" {
		req.Header.Set("X-XSRF-TOKEN", tok)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := e.web.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// padJSON pads a JSON object with spaces to exactly n bytes.
func padJSON(t *testing.T, obj string, n int) []byte {
	t.Helper()
	if len(obj) > n {
		t.Fatalf("%s is over %d bytes", obj, n)
	}
	return []byte(obj[:len(obj)-1] + strings.Repeat(" ", n-len(obj)) + "}")
}

func restCode(body []byte) string {
	var e struct{ Code string }
	_ = json.Unmarshal(body, &e)
	return e.Code
}

func gqlCode(body []byte) string {
	var r gqlResponse
	_ = json.Unmarshal(body, &r)
	return errorCode(r)
}

func TestLimitMaxBodyBytes(t *testing.T) {
	const limit = 400
	e := newEnvConfig(t, 1, map[string]string{"MAX_BODY_BYTES": strconv.Itoa(limit)}, nil)
	for _, chunked := range []bool{false, true} {
		t.Run(fmt.Sprintf("chunked=%v", chunked), func(t *testing.T) {
			at := padJSON(t, `{"url":"gala-2026"}`, limit)
			if status, body := e.post("/api/core/getData", "application/json", at, nil, chunked); status != 200 {
				t.Fatalf("REST at the limit: %d %s", status, body)
			}
			over := padJSON(t, `{"url":"gala-2026"}`, limit+1)
			if status, body := e.post("/api/core/getData", "application/json", over, nil, chunked); status != 413 || restCode(body) != "body_too_large" {
				t.Fatalf("REST over the limit: %d %s", status, body)
			}
			at = padJSON(t, `{"query":"{ build { version } }"}`, limit)
			if status, body := e.post("/graphql", "application/json", at, nil, chunked); status != 200 || gqlCode(body) != "" {
				t.Fatalf("GraphQL at the limit: %d %s", status, body)
			}
			over = padJSON(t, `{"query":"{ build { version } }"}`, limit+1)
			if status, body := e.post("/graphql", "application/json", over, nil, chunked); status != 413 || gqlCode(body) != "body_too_large" {
				t.Fatalf("GraphQL over the limit: %d %s", status, body)
			}
		})
	}
}

func TestLimitMaxWebhookBytes(t *testing.T) {
	const limit = 300
	e := newEnvConfig(t, 1, map[string]string{"MAX_WEBHOOK_BYTES": strconv.Itoa(limit)}, nil)
	at := padJSON(t, `{"id":"evt_1"}`, limit)
	if status, body := e.post("/api/payments/webhook/test", "application/json", at, nil, false); status == 413 || status >= 500 {
		t.Fatalf("at the limit: %d %s", status, body)
	}
	over := padJSON(t, `{"id":"evt_1"}`, limit+1)
	if status, body := e.post("/api/payments/webhook/test", "application/json", over, nil, false); status != 413 || restCode(body) != "body_too_large" {
		t.Fatalf("over the limit: %d %s", status, body)
	}
}

// uploadResult is the answer of uploadPhotos.
func uploadResult(t *testing.T, status int, body []byte) (photos int, codes []string) {
	t.Helper()
	var r struct {
		Data struct {
			UploadPhotos struct {
				Photos     []struct{ ID string }
				UserErrors []struct{ Code string }
			}
		}
		Errors []any
	}
	if err := json.Unmarshal(body, &r); err != nil || status != 200 || len(r.Errors) > 0 {
		t.Fatalf("upload: %d %s", status, body)
	}
	for _, ue := range r.Data.UploadPhotos.UserErrors {
		codes = append(codes, ue.Code)
	}
	return len(r.Data.UploadPhotos.Photos), codes
}

// upload posts a multipart upload as the photographer.
func (e *env) upload(t *testing.T, token string, body []byte, ct string) (int, []string) {
	t.Helper()
	status, out := e.post("/graphql", ct, body, bearer(token), false)
	return uploadResult(t, status, out)
}

func TestLimitMaxUploadRequestBytes(t *testing.T) {
	probe := newEnv(t, 1)
	body, _ := uploadBody(probe.galleryID("gala-2026"), "a.jpg", "", tinyJPEG())
	limit := len(body)
	e := newEnvConfig(t, 1, map[string]string{"MAX_UPLOAD_REQUEST_BYTES": strconv.Itoa(limit)}, wireUploads(t))
	token, _ := e.token()
	body, ct := uploadBody(e.galleryID("gala-2026"), "a.jpg", "", tinyJPEG())
	if len(body) != limit {
		t.Fatalf("body of %d bytes, want %d", len(body), limit)
	}
	for _, chunked := range []bool{false, true} {
		status, out := e.post("/graphql", ct, body, bearer(token), chunked)
		if n, codes := uploadResult(t, status, out); n != 1 {
			t.Fatalf("chunked=%v at the limit: %v", chunked, codes)
		}
		big, bct := uploadBody(e.galleryID("gala-2026"), "ab.jpg", "", tinyJPEG()) // one byte longer
		if len(big) != limit+1 {
			t.Fatalf("body of %d bytes, want %d", len(big), limit+1)
		}
		if status, out := e.post("/graphql", bct, big, bearer(token), chunked); status != 413 || gqlCode(out) != "body_too_large" {
			t.Fatalf("chunked=%v over the limit: %d %s", chunked, status, out)
		}
	}
}

func TestLimitMaxUploadFileBytes(t *testing.T) {
	file := tinyJPEG()
	e := newEnvConfig(t, 1, map[string]string{"MAX_UPLOAD_FILE_BYTES": strconv.Itoa(len(file))}, wireUploads(t))
	token, _ := e.token()
	gala := e.galleryID("gala-2026")
	body, ct := uploadBody(gala, "a.jpg", "", file)
	if n, codes := e.upload(t, token, body, ct); n != 1 {
		t.Fatalf("at the limit: %v", codes)
	}
	body, ct = uploadBody(gala, "a.jpg", "", append(file, 0))
	if n, codes := e.upload(t, token, body, ct); n != 0 || len(codes) != 1 || codes[0] != "file_too_large" {
		t.Fatalf("over the limit: %d %v", n, codes)
	}
}

func TestLimitMaxUploadPixels(t *testing.T) {
	file := tinyJPEG() // 16 x 12
	for _, tc := range []struct {
		limit int
		want  string
	}{{16 * 12, ""}, {16*12 - 1, "image_too_large"}} {
		e := newEnvConfig(t, 1, map[string]string{"MAX_UPLOAD_PIXELS": strconv.Itoa(tc.limit)}, wireUploads(t))
		token, _ := e.token()
		body, ct := uploadBody(e.galleryID("gala-2026"), "a.jpg", "", file)
		n, codes := e.upload(t, token, body, ct)
		if got := strings.Join(codes, ","); got != tc.want || (tc.want == "") != (n == 1) {
			t.Fatalf("limit %d: %d photos, codes %q, want %q", tc.limit, n, got, tc.want)
		}
	}
}

func TestLimitGraphQLMaxDepth(t *testing.T) {
	e := newEnvConfig(t, 1, map[string]string{"GRAPHQL_MAX_DEPTH": "4"}, nil)
	at := `{ gallery(url: "gala-2026") { prices { formats { name } } } }`
	if r := e.graphql(at, nil, nil); len(r.Errors) > 0 {
		t.Fatalf("4 levels: %+v", r.Errors)
	}
	over := `{ gallery(url: "gala-2026") { prices { formats { family { name } } } } }`
	if r := e.graphql(over, nil, nil); errorCode(r) != "query_too_deep" {
		t.Fatalf("5 levels: %+v", r.Errors)
	}
}

func TestLimitGraphQLMaxComplexity(t *testing.T) {
	// Each build { version } costs 2.
	q := `{ a: build { version } b: build { version } }`
	for _, tc := range []struct {
		limit, want string
	}{{"4", ""}, {"3", "query_too_complex"}} {
		e := newEnvConfig(t, 1, map[string]string{"GRAPHQL_MAX_COMPLEXITY": tc.limit}, nil)
		if r := e.graphql(q, nil, nil); errorCode(r) != tc.want {
			t.Fatalf("limit %s: %+v, want %q", tc.limit, r.Errors, tc.want)
		}
	}
}

func TestLimitGraphQLMaxTokens(t *testing.T) {
	q := `{ a: build { version } b: build { version } }`
	lx := lexer.New(&ast.Source{Input: q})
	tokens := 0
	for {
		tok, err := lx.ReadToken()
		if err != nil {
			t.Fatal(err)
		}
		if tok.Kind == lexer.EOF {
			break
		}
		tokens++
	}
	for _, tc := range []struct {
		limit int
		want  string
	}{{tokens, ""}, {tokens - 1, "query_too_large"}} {
		e := newEnvConfig(t, 1, map[string]string{"GRAPHQL_MAX_TOKENS": strconv.Itoa(tc.limit)}, nil)
		if r := e.graphql(q, nil, nil); errorCode(r) != tc.want {
			t.Fatalf("limit %d (%d tokens): %+v, want %q", tc.limit, tokens, r.Errors, tc.want)
		}
	}
}

func TestLimitMaxPageSize(t *testing.T) {
	e := newEnvConfig(t, 6, map[string]string{"MAX_PAGE_SIZE": "5"}, nil)
	q := `query($n: Int) { gallery(url: "gala-2026") { photos(first: $n) { edges { node { id } } } } }`
	var got struct {
		Gallery struct {
			Photos struct{ Edges []any }
		}
	}
	if r := e.graphql(q, map[string]any{"n": 5}, &got); len(r.Errors) > 0 || len(got.Gallery.Photos.Edges) != 5 {
		t.Fatalf("first: 5: %+v %d", r.Errors, len(got.Gallery.Photos.Edges))
	}
	if r := e.graphql(q, map[string]any{"n": 6}, nil); errorCode(r) != "invalid_input" {
		t.Fatalf("first: 6: %+v", r.Errors)
	}
}

func TestLimitMaxListItems(t *testing.T) {
	e := newEnvConfig(t, 1, map[string]string{"MAX_LIST_ITEMS": "3"}, nil)
	gala := e.galleryID("gala-2026")
	ids := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("pho_%d", i)
		}
		return out
	}
	// REST: a list of 3 reaches the domain (which does not know these
	// photos); 4 are refused before.
	res, body := e.do("POST", "/api/users/selections/sel_unknown/removePhotos", map[string]any{"photoIds": ids(3)}, map[string]string{"X-Gallery-Id": gala})
	if res.StatusCode >= 500 || restCode(body) == "too_many" {
		t.Fatalf("REST, 3 items: %d %s", res.StatusCode, body)
	}
	res, body = e.do("POST", "/api/users/selections/sel_unknown/removePhotos", map[string]any{"photoIds": ids(4)}, map[string]string{"X-Gallery-Id": gala})
	if res.StatusCode != 400 || restCode(body) != "too_many" {
		t.Fatalf("REST, 4 items: %d %s", res.StatusCode, body)
	}
	// GraphQL: in variables and in literal arguments.
	q := `mutation($ids: [ID!]!) { setPhotosClientHidden(input: {galleryId: "` + gala + `", photoIds: $ids, hidden: true}) { __typename } }`
	if r := e.graphql(q, map[string]any{"ids": ids(3)}, nil); errorCode(r) == "too_many" {
		t.Fatalf("GraphQL, 3 items: %+v", r.Errors)
	}
	if r := e.graphql(q, map[string]any{"ids": ids(4)}, nil); errorCode(r) != "too_many" {
		t.Fatalf("GraphQL, 4 items: %+v", r.Errors)
	}
	lit := `mutation { setPhotosClientHidden(input: {galleryId: "` + gala + `", photoIds: ["a", "b", "c", "d"], hidden: true}) { __typename } }`
	if r := e.graphql(lit, nil, nil); errorCode(r) != "too_many" {
		t.Fatalf("GraphQL literal, 4 items: %+v", r.Errors)
	}
}

func TestPageSizeCeilingIsTheSchemas(t *testing.T) {
	if config.PageSizeCeiling != graph.MaxPageSize {
		t.Fatalf("config.PageSizeCeiling %d, graph.MaxPageSize %d", config.PageSizeCeiling, graph.MaxPageSize)
	}
}

// TestNameLengths: the names people type, at their bound (no too_long)
// and one character beyond (too_long, 400), in characters (é counts one).
func TestNameLengths(t *testing.T) {
	e := newEnv(t, 1)
	gala := e.galleryID("gala-2026")
	b := e.person("fuzz@example.com", "", "")
	for _, tc := range []struct {
		name, path string
		max        int
		body       func(name string) map[string]any
	}{
		{"selection name", "/api/users/selections", selections.MaxNameLen,
			func(n string) map[string]any { return map[string]any{"name": n} }},
		{"share sender", "/api/galleries/share", share.MaxNameLen,
			func(n string) map[string]any {
				return map[string]any{"senderName": n, "emails": []string{"b@example.com"}, "message": "Regarde"}
			}},
		{"contact name", "/api/galleries/contact", contact.MaxNameLen,
			func(n string) map[string]any {
				return map[string]any{"name": n, "email": "a@example.com", "message": "Bonjour"}
			}},
	} {
		for _, n := range []int{tc.max, tc.max + 1} {
			res, body := b.do("POST", tc.path, tc.body(strings.Repeat("é", n)), map[string]string{"X-Gallery-Id": gala})
			var eb struct {
				Code   string
				Errors []struct{ Code string }
			}
			_ = json.Unmarshal(body, &eb)
			tooLong := eb.Code == "too_long"
			for _, x := range eb.Errors {
				tooLong = tooLong || x.Code == "too_long"
			}
			if res.StatusCode >= 500 || tooLong != (n > tc.max) || (tooLong && res.StatusCode != 400) {
				t.Errorf("%s of %d characters (bound %d): %d %s", tc.name, n, tc.max, res.StatusCode, body)
			}
		}
	}
}

// Issue 18 #7: a kilobyte of nested fragment spreads (2^22 expansions) is
// refused as too complex, by the fragment count that runs before gqlgen's
// validation (its message names the fragments); the CPU the validator
// would spend walking the expansions is the issue, see
// TestExpandedSelectionsCountsWithoutExpanding for the count's cost.
func TestLimitFragmentBomb(t *testing.T) {
	e := newEnv(t, 1)
	var b strings.Builder
	b.WriteString("fragment F0 on Query { build { version } }\n")
	for i := 1; i <= 22; i++ {
		fmt.Fprintf(&b, "fragment F%d on Query { ...F%d ...F%d }\n", i, i-1, i-1)
	}
	b.WriteString("query { ...F22 }")
	r := e.graphql(b.String(), nil, nil)
	if errorCode(r) != "query_too_complex" || !strings.Contains(r.Errors[0].Message, "fragments") {
		t.Fatalf("bomb: %+v", r.Errors)
	}
	// A document whose fragments expand a little is answered.
	var d struct{ Build struct{ Version string } }
	r = e.graphql(`fragment V on BuildInfo { version } fragment B on Query { build { ...V } } { ...B ...B }`, nil, &d)
	if len(r.Errors) > 0 || d.Build.Version == "" {
		t.Fatalf("small fragments: %+v", r.Errors)
	}
}

// Issue 18 #7: a POST to /graphql in another content type than JSON (or
// multipart for uploads) answers the GraphQL error shape with a code.
func TestGraphQLUnsupportedContentType(t *testing.T) {
	e := newEnv(t, 1)
	q := []byte(`{"query":"{ build { version } }"}`)
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "application/graphql", "", "application/json; charset=utf-8"} {
		status, body := e.post("/graphql", ct, q, nil, false)
		if ct == "application/json; charset=utf-8" {
			if status != 200 || gqlCode(body) != "" {
				t.Fatalf("%q: %d %s", ct, status, body)
			}
			continue
		}
		var r gqlResponse
		if err := json.Unmarshal(body, &r); err != nil || status != 415 || errorCode(r) != "unsupported_content_type" || r.Errors[0].Message == "" {
			t.Fatalf("%q: %d %s", ct, status, body)
		}
	}
}

// Issue 18 #10: the complexity of a connection is its selection's cost
// times the page it asks for, so a short document of aliased pages, cheap
// under gqlgen's default count, is refused before it runs; the same
// document with small pages is answered.
func TestLimitComplexityFollowsPageSizes(t *testing.T) {
	e := newEnv(t, 3)
	doc := func(first int) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range 10 {
			fmt.Fprintf(&b, ` g%d: gallery(url: "gala-2026") { photos(first: %d) { edges { node { id width height urls { thumbnail viewer srcSet } } } } }`, i, first)
		}
		b.WriteString(" }")
		return b.String()
	}
	big := doc(100)
	if len(big) > 2000 {
		t.Fatalf("document is %d bytes", len(big))
	}
	if r := e.graphql(big, nil, nil); errorCode(r) != "query_too_complex" {
		t.Fatalf("10 pages of 100: %+v", r.Errors)
	}
	var d map[string]struct {
		Photos struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	if r := e.graphql(doc(5), nil, &d); len(r.Errors) > 0 || len(d["g9"].Photos.Edges) == 0 {
		t.Fatalf("10 pages of 5: %+v", r.Errors)
	}
}
