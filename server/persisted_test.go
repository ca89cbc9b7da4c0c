package server_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/studio/gallery/internal/clientdocs"
)

// The client sends its documents by hash alone and gets the same answer
// as with their text; a hash the server does not know is answered
// PERSISTED_QUERY_NOT_FOUND, and the text sent with it runs (and is kept
// under its hash when the hash is the text's); a malformed extension is
// refused.
func TestPersistedDocuments(t *testing.T) {
	e := newEnv(t, 3)
	docs, err := clientdocs.Load(clientdocs.Path(".."))
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]any{"url": "gala-2026"}
	post := func(body any) gqlResponse {
		t.Helper()
		res, out := e.do("POST", "/graphql", body, nil)
		var r gqlResponse
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("%d %s: %v", res.StatusCode, out, err)
		}
		return r
	}
	hashed, err := docs.Body("GalleryHome", vars)
	if err != nil {
		t.Fatal(err)
	}
	full, err := docs.FullBody("GalleryHome", vars)
	if err != nil {
		t.Fatal(err)
	}
	byHash, byText := post(json.RawMessage(hashed)), post(json.RawMessage(full))
	if len(byHash.Errors) > 0 || len(byText.Errors) > 0 || !strings.Contains(string(byHash.Data), "photos") {
		t.Fatalf("by hash %s %v; by text %v", byHash.Data, byHash.Errors, byText.Errors)
	}
	if string(byHash.Data) != string(byText.Data) {
		t.Errorf("by hash and by text differ:\n%s\n%s", byHash.Data, byText.Data)
	}

	// A client of another build, or another Apollo client.
	query := "query Other($url: String!) { gallery(url: $url) { id eventName } }"
	other := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": sha256Hex(query)}}
	if r := post(map[string]any{"operationName": "Other", "variables": vars, "extensions": other}); errorCode(r) != "PERSISTED_QUERY_NOT_FOUND" {
		t.Fatalf("unknown hash: %s %v", r.Data, r.Errors)
	}
	if r := post(map[string]any{"operationName": "Other", "variables": vars, "extensions": other, "query": query}); len(r.Errors) > 0 || !strings.Contains(string(r.Data), "eventName") {
		t.Fatalf("text with its hash: %s %v", r.Data, r.Errors)
	}
	if r := post(map[string]any{"operationName": "Other", "variables": vars, "extensions": other}); len(r.Errors) > 0 || !strings.Contains(string(r.Data), "eventName") {
		t.Fatalf("hash once registered: %s %v", r.Data, r.Errors)
	}
	stale := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": strings.Repeat("ab", 32)}}
	if r := post(map[string]any{"operationName": "Other", "variables": vars, "extensions": stale, "query": query}); len(r.Errors) > 0 {
		t.Fatalf("text with another build's hash: %v", r.Errors)
	}
	if r := post(map[string]any{"operationName": "Other", "variables": vars, "extensions": stale}); errorCode(r) != "PERSISTED_QUERY_NOT_FOUND" {
		t.Errorf("a hash that is not its text's was kept: %s %v", r.Data, r.Errors)
	}

	for name, ext := range map[string]any{
		"version 2":     map[string]any{"version": 2, "sha256Hash": docs.Hash("GalleryHome")},
		"short hash":    map[string]any{"version": 1, "sha256Hash": "abc"},
		"upper case":    map[string]any{"version": 1, "sha256Hash": strings.ToUpper(docs.Hash("GalleryHome"))},
		"not an object": "x",
		"NUL":           map[string]any{"version": 1, "sha256Hash": "\x00" + docs.Hash("GalleryHome")[1:]},
	} {
		r := post(map[string]any{"operationName": "GalleryHome", "variables": vars, "extensions": map[string]any{"persistedQuery": ext}})
		if len(r.Errors) == 0 || r.Data != nil && string(r.Data) != "null" {
			t.Errorf("%s: answered %s", name, r.Data)
		}
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
