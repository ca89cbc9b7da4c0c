package clientdocs

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// Each gallery operation the bench replays comes out of gql.ts as one
// document holding every fragment it spreads, with the client's variables.
func TestClientBodies(t *testing.T) {
	docs, err := Load(Path("../.."))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ op, after string }{
		{"GalleryShell", ""}, {"GalleryHome", ""}, {"GalleryPhotos", ""}, {"GalleryPhotos", "c1"}, {"PhotoGallery", ""}, {"ShopGallery", ""},
	} {
		t.Run(tc.op+tc.after, func(t *testing.T) {
			vars, err := GalleryVariables(tc.op, "bench-1", tc.after)
			if err != nil {
				t.Fatal(err)
			}
			hashed, err := docs.Body(tc.op, vars)
			if err != nil {
				t.Fatal(err)
			}
			var sent Request
			if err := json.Unmarshal(hashed, &sent); err != nil {
				t.Fatal(err)
			}
			if sent.Query != "" || sent.Extensions == nil || sent.Extensions.PersistedQuery == nil ||
				sent.Extensions.PersistedQuery.SHA256Hash != docs.Hash(tc.op) || len(docs.Hash(tc.op)) != 64 {
				t.Errorf("the client sends the hash alone, not %s", hashed)
			}
			body, err := docs.FullBody(tc.op, vars)
			if err != nil {
				t.Fatal(err)
			}
			var req Request
			if err := json.Unmarshal(body, &req); err != nil {
				t.Fatal(err)
			}
			if req.OperationName != tc.op || req.Variables["url"] != "bench-1" || sent.OperationName != tc.op || sent.Variables["url"] != "bench-1" {
				t.Errorf("body %s", body)
			}
			if _, ok := req.Variables["previewHash"]; ok {
				t.Error("previewHash sent outside a preview")
			}
			doc, perr := parser.ParseQuery(&ast.Source{Input: req.Query})
			if perr != nil {
				t.Fatal(perr)
			}
			defined := map[string]bool{}
			for _, f := range doc.Fragments {
				defined[f.Name] = true
			}
			var used []string
			used = spreads(doc.Operations[0].SelectionSet, used)
			for _, f := range doc.Fragments {
				used = spreads(f.SelectionSet, used)
			}
			for _, u := range used {
				if !defined[u] {
					t.Errorf("fragment %s used, not defined", u)
				}
			}
			if len(doc.Operations) != 1 || len(defined) != len(uniq(used)) {
				t.Errorf("%d operations, %d fragments defined for %d used", len(doc.Operations), len(defined), len(uniq(used)))
			}
		})
	}
	if vars, _ := GalleryVariables("GalleryPhotos", "b", "c1"); vars["first"] != photosPageSize || vars["after"] != "c1" {
		t.Errorf("next page variables %v", vars)
	}
}

func uniq(s []string) map[string]bool {
	m := map[string]bool{}
	for _, v := range s {
		m[v] = true
	}
	return m
}

// An operation and a fragment may share a name (the checkout's query
// CheckoutCart spreads the fragment CheckoutCart): both are kept.
func TestOperationAndFragmentOfTheSameName(t *testing.T) {
	docs, err := Load(Path("../.."))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := docs.Document("CheckoutCart")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc, "query CheckoutCart") || !strings.Contains(doc, "fragment CheckoutCart on Cart") {
		t.Fatalf("CheckoutCart document lacks its query or its fragment:\n%s", doc)
	}
	if all := docs.All(); !strings.Contains(all, "query CheckoutCart") || !strings.Contains(all, "fragment CheckoutCart on Cart") {
		t.Fatal("All lacks the query or the fragment CheckoutCart")
	}
}

// The body carries __typename in every selection set but the operation's,
// as Apollo Client sends it, and stays a valid request of the same
// operation.
func TestBodyAddsTypenameAsApolloDoes(t *testing.T) {
	docs, err := Load(Path("../.."))
	if err != nil {
		t.Fatal(err)
	}
	body, err := docs.FullBody("GalleryPhotos", map[string]any{"url": "x", "first": 100})
	if err != nil {
		t.Fatal(err)
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	doc, perr := parser.ParseQuery(&ast.Source{Input: req.Query})
	if perr != nil {
		t.Fatalf("%v\n%s", perr, req.Query)
	}
	op := doc.Operations.ForName("GalleryPhotos")
	if op == nil {
		t.Fatalf("no GalleryPhotos in\n%s", req.Query)
	}
	for _, sel := range op.SelectionSet {
		if f, ok := sel.(*ast.Field); ok && f.Name == "__typename" {
			t.Error("__typename at the operation's root")
		}
	}
	if n := strings.Count(req.Query, "__typename"); n < 4 {
		t.Errorf("%d __typename in\n%s", n, req.Query)
	}
	if strings.Contains(req.Query, "__typename: __typename") {
		t.Errorf("aliased __typename in\n%s", req.Query)
	}
}

// The queries the binary embeds (queries.json, written by `make generate`)
// are the client's, as gql.ts holds them now: a client document changed
// without `make generate` fails here.
func TestEmbeddedQueriesMatchTheClient(t *testing.T) {
	docs, err := Load(Path("../.."))
	if err != nil {
		t.Fatal(err)
	}
	want, err := docs.EmbeddedJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(embedded) {
		t.Fatalf("internal/clientdocs/%s differs from client/src/gql/gql.ts: run `make generate`", EmbeddedFile)
	}
	hashes, err := docs.HashesJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(hashes) != string(embeddedHashes) {
		t.Fatalf("internal/clientdocs/%s differs from client/src/gql/%s: run `make generate`", HashesFile, PersistedFile)
	}
	m, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Persisted()
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range []string{"AddToAlbum", "GalleryShell", "GalleryHome", "GalleryCollectionPhotos", "PhotoGallery", "PhotoNode", "PhotoSequence"} {
		body, err := docs.FullBody(op, map[string]any{})
		if err != nil {
			t.Fatal(err)
		}
		var req Request
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatal(err)
		}
		if m[op] == "" || m[op] != req.Query {
			t.Errorf("embedded %s is not what the client sends", op)
		}
		if p[docs.Hash(op)] != req.Query {
			t.Errorf("the hash the client sends for %s does not name its document", op)
		}
	}
}
