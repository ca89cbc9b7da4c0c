package server_test

// Issue 18 #6: every text input is checked at the door's edge (valid UTF-8,
// no NUL nor other control character; no line break in single-line
// fields): 400 invalid_input naming the field in REST, the same userError
// in a GraphQL mutation's payload, and nothing written.

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/selection"
	entshare "github.com/studio/gallery/ent/share"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// badText are the refused spellings, as they stand inside a JSON string.
var badText = []struct {
	name, json string
	multiline  bool // accepted in a message
}{
	{"NUL", `\u0000`, false},
	{"invalid UTF-8", "\xff\xfe", false},
	{"lone continuation byte", "\x80", false},
	{"escape", `\u001b`, false},
	{"DEL", `\u007f`, false},
	{"C1 control", `\u0085`, false},
	{"line break", `\n`, true},
	{"tab", `\t`, true},
}

// rawJSON marshals v and puts bad (raw JSON string content) where "@BAD@" stands.
func rawJSON(t *testing.T, v any, bad string) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("@BAD@")) {
		t.Fatalf("no @BAD@ in %s", b)
	}
	return bytes.ReplaceAll(b, []byte("@BAD@"), []byte(bad))
}

type restRefusal struct {
	Code  string
	Field []string
}

func wantRESTRefusal(t *testing.T, status int, body []byte, field ...string) {
	t.Helper()
	var r restRefusal
	_ = json.Unmarshal(body, &r)
	if status != 400 || r.Code != "invalid_input" || !slices.Equal(r.Field, field) {
		t.Fatalf("REST: %d %s, want 400 invalid_input on %v", status, body, field)
	}
}

// wantUserError checks a mutation answered its payload with one
// invalid_input userError on field and no GraphQL error.
func wantUserError(t *testing.T, status int, body []byte, mutation string, field ...string) {
	t.Helper()
	var r struct {
		Data map[string]struct {
			UserErrors []struct {
				Code  string
				Field []string
			}
		}
		Errors []any
	}
	_ = json.Unmarshal(body, &r)
	ues := r.Data[mutation].UserErrors
	if status != 200 || len(r.Errors) > 0 || len(ues) != 1 || ues[0].Code != "invalid_input" || !slices.Equal(ues[0].Field, field) {
		t.Fatalf("GraphQL %s: %d %s, want one invalid_input userError on %v", mutation, status, body, field)
	}
}

func TestTextInputsRefusedAtBothDoors(t *testing.T) {
	e, _ := newShopEnv(t)
	sys := viewer.SystemContext(context.Background())
	wedding := e.galleryID("julie-et-thomas")
	julie := e.person("julie@example.com", wedding, seed.DemoVisitorCode)
	client := e.person(seed.DemoClientEmail, wedding, seed.DemoClientCode)
	gh := map[string]string{"X-Gallery-Id": wedding}
	selections := func() int {
		return e.db.Client.Selection.Query().Where(selection.HasGalleryWith(gallery.ID(wedding))).CountX(sys)
	}
	shares := func() int {
		return e.db.Client.Share.Query().Where(entshare.HasGalleryWith(gallery.ID(wedding))).CountX(sys)
	}
	before, sharesBefore := selections(), shares()
	const createSel = `mutation($in: CreateSelectionInput!) { createSelection(input: $in) { selection { id } userErrors { code field message } } }`
	const shareOp = `mutation($in: ShareGalleryInput!) { shareGallery(input: $in) { recipients userErrors { code field message } } }`

	for _, bad := range badText {
		t.Run(bad.name, func(t *testing.T) {
			// Selection name: a single-line field.
			status, body := julie.post("/api/users/selections", "application/json",
				rawJSON(t, map[string]any{"name": "Mariage@BAD@"}, bad.json), gh, false)
			wantRESTRefusal(t, status, body, "name")
			status, body = julie.post("/graphql", "application/json", rawJSON(t, map[string]any{"query": createSel,
				"variables": map[string]any{"in": map[string]any{"galleryId": wedding, "name": "Mariage@BAD@"}}}, bad.json), nil, false)
			wantUserError(t, status, body, "createSelection", "name")
			// The same name as a literal argument of the document.
			doc := `mutation { createSelection(input: {galleryId: "` + wedding + `", name: "Mariage@BAD@"}) { selection { id } userErrors { code field } } }`
			status, body = julie.post("/graphql", "application/json", rawJSON(t, map[string]any{"query": doc}, bad.json), nil, false)
			if status >= 500 || gqlCode(body) == "internal" || strings.Contains(string(body), `"selection":{`) {
				t.Fatalf("literal name: %d %s", status, body)
			}
			if n := selections(); n != before {
				t.Fatalf("%d selections written", n-before)
			}

			// Share: the sender's name is one line, the message may break lines.
			share := map[string]any{"senderName": "Julie", "emails": []string{"tom@example.com"}, "message": "Bonjour@BAD@"}
			if !bad.multiline {
				status, body = client.post("/api/galleries/share", "application/json", rawJSON(t, share, bad.json), gh, false)
				wantRESTRefusal(t, status, body, "message")
				share["galleryId"] = wedding
				status, body = client.post("/graphql", "application/json", rawJSON(t, map[string]any{"query": shareOp,
					"variables": map[string]any{"in": share}}, bad.json), nil, false)
				wantUserError(t, status, body, "shareGallery", "message")
			}
			share = map[string]any{"senderName": "Ju@BAD@lie", "emails": []string{"tom@example.com"}, "message": "Bonjour"}
			status, body = client.post("/api/galleries/share", "application/json", rawJSON(t, share, bad.json), gh, false)
			wantRESTRefusal(t, status, body, "senderName")
			share["galleryId"] = wedding
			status, body = client.post("/graphql", "application/json", rawJSON(t, map[string]any{"query": shareOp,
				"variables": map[string]any{"in": share}}, bad.json), nil, false)
			wantUserError(t, status, body, "shareGallery", "senderName")
			if n := shares(); n != sharesBefore {
				t.Fatalf("%d shares written", n-sharesBefore)
			}

			// X-Gallery-Id: sent through the wire where HTTP allows the
			// bytes, handed to the handler otherwise.
			raw := strings.NewReplacer(`\u0000`, "\x00", `\u001b`, "\x1b", `\u007f`, "\x7f", `\u0085`, "\u0085", `\n`, "\n", `\t`, "\t").Replace(bad.json)
			req := httptest.NewRequest("GET", "/api/photos", nil)
			req.Header.Set("X-Gallery-Id", wedding+raw)
			rec := httptest.NewRecorder()
			e.app.Handler().ServeHTTP(rec, req)
			wantRESTRefusal(t, rec.Code, rec.Body.Bytes(), "X-Gallery-Id")
			if !strings.ContainsAny(raw, "\x00\x1b\x7f\n\t") {
				res, body := julie.do("GET", "/api/photos", nil, map[string]string{"X-Gallery-Id": wedding + raw})
				wantRESTRefusal(t, res.StatusCode, body, "X-Gallery-Id")
			}
		})
	}
	// A message keeps its line breaks and tabs.
	status, body := client.post("/api/galleries/share", "application/json",
		[]byte(`{"senderName":"Julie","emails":["tom@example.com"],"message":"Bonjour,\n\tà bientôt\r\n"}`), gh, false)
	if status != 200 {
		t.Fatalf("message with line breaks: %d %s", status, body)
	}
}

func TestAddressTextRefusedAtBothDoors(t *testing.T) {
	s := newCartEnv(t)
	anne := s.person("Anne@Example.com", "", "")
	s.cartOK(anne, "POST", "/formats/"+s.photos[0].ID+"/"+s.p10x15, nil)
	for _, bad := range badText {
		t.Run(bad.name, func(t *testing.T) {
			addr := cartAddress("BE")
			addr["lastname"] = "Mar@BAD@tin"
			status, body := anne.post("/api/cart/address", "application/json",
				rawJSON(t, map[string]any{"billing": addr}, bad.json), map[string]string{"X-Gallery-Id": s.gala}, false)
			wantRESTRefusal(t, status, body, "billing", "lastname")
			q := `mutation($input: ClientDataInput!) { setClientData(input: $input) { cart { id } userErrors { code field } } }`
			status, body = anne.post("/graphql", "application/json", rawJSON(t, map[string]any{"query": q, "variables": map[string]any{
				"input": map[string]any{"galleryId": s.gala, "billing": addr, "deliveryOption": "shipping"}}}, bad.json), nil, false)
			wantUserError(t, status, body, "setClientData", "billing", "lastname")
			if c := s.cartOK(anne, "GET", "", nil); c.ClientData != nil {
				t.Fatalf("client data written: %+v", c.ClientData)
			}
		})
	}
}

// A query (no payload to hold a userError) is refused with an
// invalid_input error naming the variable or the argument.
func TestTextRefusedInQueries(t *testing.T) {
	e := newEnv(t, 1)
	for _, bad := range badText[:6] {
		status, body := e.post("/graphql", "application/json", rawJSON(t, map[string]any{
			"query": `query($g: ID!) { mySelections(galleryId: $g) { id } }`, "variables": map[string]any{"g": "gal@BAD@"}}, bad.json), nil, false)
		var r struct {
			Errors []struct {
				Extensions struct {
					Code  string
					Field []string
				}
			}
		}
		_ = json.Unmarshal(body, &r)
		if status != 200 && status != 400 || len(r.Errors) != 1 || r.Errors[0].Extensions.Code != "invalid_input" || !slices.Equal(r.Errors[0].Extensions.Field, []string{"g"}) {
			t.Fatalf("%s in a variable: %d %s", bad.name, status, body)
		}
		status, body = e.post("/graphql", "application/json", rawJSON(t, map[string]any{
			"query": `{ mySelections(galleryId: "gal@BAD@") { id } }`}, bad.json), nil, false)
		if status >= 500 || gqlCode(body) == "" || gqlCode(body) == "internal" {
			t.Fatalf("%s in a literal: %d %s", bad.name, status, body)
		}
	}
	// Path and query of a REST call.
	for _, path := range []string{"/api/users/selections/sel%00x", "/api/users/selections/sel%FFx", "/api/photos?previewHash=a%00b"} {
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		req.Header.Set("X-Gallery-Id", e.galleryID("gala-2026"))
		res, err := e.web.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var r restRefusal
		_ = json.NewDecoder(res.Body).Decode(&r)
		res.Body.Close()
		if res.StatusCode != 400 || r.Code != "invalid_input" {
			t.Fatalf("%s: %d %+v", path, res.StatusCode, r)
		}
	}
}
