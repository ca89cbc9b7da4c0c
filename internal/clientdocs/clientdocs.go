// Package clientdocs reads the GraphQL documents the React client sends,
// as graphql-codegen collected them in client/src/gql/gql.ts, so that
// tests and benchmarks replay exactly what a browser sends (never a query
// written by hand that could drift from the client's).
package clientdocs

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/parser"
)

// Documents are the operations and fragments of the React client, as
// graphql-codegen collected them in client/src/gql/gql.ts: one graphql“
// call of client/src per definition, with its source text unchanged.
type Documents struct {
	// text and spread are keyed by definition: "op:" or "fragment:" and
	// its name (an operation and a fragment may share a name).
	text   map[string]string        // definition -> its source text
	spread map[string][]string      // definition -> fragments it spreads, in order
	kind   map[string]ast.Operation // operation name -> query, mutation...
	hash   map[string]string        // operation name -> its persisted document's SHA-256 (hex)
}

// documentsKey matches one key of gql.ts's Documents map, a JSON-style
// string literal followed by its type.
var documentsKey = regexp.MustCompile(`(?m)^\s+("(?:[^"\\]|\\.)*"): typeof types\.`)

// Path is where gql.ts lies under the repository's root.
func Path(root string) string { return filepath.Join(root, "client", "src", "gql", "gql.ts") }

// PersistedFile is graphql-codegen's map of every operation's hash to its
// text ("sha256:" and the hex digest of that text), beside gql.ts. The
// client sends the hash alone (its documents carry it as __meta__.hash).
const PersistedFile = "persisted-documents.json"

// Load reads the Documents map of gql.ts.
func Load(path string) (*Documents, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	body := string(src)
	start := strings.Index(body, "type Documents = {")
	if start < 0 {
		return nil, fmt.Errorf("%s: no Documents map", path)
	}
	end := strings.Index(body[start:], "\n};")
	if end < 0 {
		return nil, fmt.Errorf("%s: Documents map does not end", path)
	}
	d := &Documents{text: map[string]string{}, spread: map[string][]string{}, kind: map[string]ast.Operation{}, hash: map[string]string{}}
	for _, m := range documentsKey.FindAllStringSubmatch(body[start:start+end], -1) {
		s, err := strconv.Unquote(m[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, m[1], err)
		}
		doc, perr := parser.ParseQuery(&ast.Source{Input: s})
		if perr != nil {
			return nil, fmt.Errorf("%s: %w", path, perr)
		}
		if len(doc.Operations)+len(doc.Fragments) != 1 {
			return nil, fmt.Errorf("%s: a graphql() call with %d definitions (one expected): %.80q", path,
				len(doc.Operations)+len(doc.Fragments), s)
		}
		var name string
		var sel ast.SelectionSet
		if len(doc.Operations) == 1 {
			name, sel = "op:"+doc.Operations[0].Name, doc.Operations[0].SelectionSet
			d.kind[doc.Operations[0].Name] = doc.Operations[0].Operation
		} else {
			name, sel = "fragment:"+doc.Fragments[0].Name, doc.Fragments[0].SelectionSet
		}
		d.text[name] = s
		d.spread[name] = spreads(sel, nil)
	}
	if len(d.kind) == 0 {
		return nil, fmt.Errorf("%s: no operation found", path)
	}
	if err := d.loadHashes(filepath.Join(filepath.Dir(path), PersistedFile)); err != nil {
		return nil, err
	}
	return d, nil
}

// loadHashes reads graphql-codegen's persisted documents: the hash of
// each operation, by its name.
func (d *Documents) loadHashes(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var persisted map[string]string
	if err := json.Unmarshal(b, &persisted); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for key, text := range persisted {
		hash, ok := strings.CutPrefix(key, "sha256:")
		if !ok {
			return fmt.Errorf("%s: %q is not a sha256 hash", path, key)
		}
		doc, perr := parser.ParseQuery(&ast.Source{Input: text})
		if perr != nil {
			return fmt.Errorf("%s: %w", path, perr)
		}
		if len(doc.Operations) != 1 {
			return fmt.Errorf("%s: %s holds %d operations (one expected)", path, key, len(doc.Operations))
		}
		d.hash[doc.Operations[0].Name] = hash
	}
	for op := range d.kind {
		if d.hash[op] == "" {
			return fmt.Errorf("%s: no hash for %s: run `make generate`", path, op)
		}
	}
	return nil
}

// Hash returns the hash the client sends for op (persistedQuery.sha256Hash).
func (d *Documents) Hash(op string) string { return d.hash[op] }

// spreads lists the fragment names spread in a selection set, in order.
func spreads(set ast.SelectionSet, into []string) []string {
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			into = spreads(s.SelectionSet, into)
		case *ast.InlineFragment:
			into = spreads(s.SelectionSet, into)
		case *ast.FragmentSpread:
			into = append(into, s.Name)
		}
	}
	return into
}

// Operations lists the client's operations of a kind, sorted by name.
func (d *Documents) Operations(kind ast.Operation) []string {
	var names []string
	for name, k := range d.kind {
		if k == kind {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// All returns every operation and fragment in one document (the fragments
// once each).
func (d *Documents) All() string {
	names := make([]string, 0, len(d.text))
	for name := range d.text {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = d.text[name]
	}
	return strings.Join(parts, "\n")
}

// Document returns the full text of an operation with every fragment it
// uses, directly or through other fragments, after it (the order
// graphql-codegen's documents put them in).
func (d *Documents) Document(op string) (string, error) {
	if _, ok := d.kind[op]; !ok {
		return "", fmt.Errorf("no client operation %q in gql.ts", op)
	}
	seen := map[string]bool{}
	parts := []string{d.text["op:"+op]}
	var walk func(string) error
	walk = func(name string) error {
		for _, f := range d.spread[name] {
			if seen[f] {
				continue
			}
			seen[f] = true
			t, ok := d.text["fragment:"+f]
			if !ok {
				return fmt.Errorf("%s uses fragment %s, missing from gql.ts", name, f)
			}
			parts = append(parts, t)
			if err := walk("fragment:" + f); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk("op:" + op); err != nil {
		return "", err
	}
	return strings.Join(parts, "\n"), nil
}

// Request is the body of a GraphQL request over HTTP as the client's
// Apollo HttpLink sends it: the query's text, or only its hash in
// extensions.persistedQuery (the server knows the text).
type Request struct {
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Query         string         `json:"query,omitempty"`
	Extensions    *Extensions    `json:"extensions,omitempty"`
}

// Extensions are a request's extensions as the client sends them.
type Extensions struct {
	PersistedQuery *PersistedQuery `json:"persistedQuery,omitempty"`
}

// PersistedQuery names a document by its SHA-256 (Apollo's persisted
// query link, version 1).
type PersistedQuery struct {
	Version    int    `json:"version"`
	SHA256Hash string `json:"sha256Hash"`
}

// Body returns the request the client sends for op with these variables:
// the operation's name, the variables and the document's hash, without
// its text (the server holds the client's documents by hash).
func (d *Documents) Body(op string, vars map[string]any) ([]byte, error) {
	if _, ok := d.kind[op]; !ok {
		return nil, fmt.Errorf("no client operation %q in gql.ts", op)
	}
	if vars == nil {
		vars = map[string]any{}
	}
	return json.Marshal(Request{OperationName: op, Variables: vars,
		Extensions: &Extensions{PersistedQuery: &PersistedQuery{Version: 1, SHA256Hash: d.hash[op]}}})
}

// FullBody returns the request with the document's text, as the client
// sends it again when the server does not know the hash: the document as
// Apollo Client prints it (AddTypename, printed again).
func (d *Documents) FullBody(op string, vars map[string]any) ([]byte, error) {
	text, err := d.Document(op)
	if err != nil {
		return nil, err
	}
	parsed, perr := parser.ParseQuery(&ast.Source{Input: text})
	if perr != nil {
		return nil, perr
	}
	AddTypename(parsed)
	var b strings.Builder
	formatter.NewFormatter(&b, formatter.WithIndent("  ")).FormatQueryDocument(parsed)
	doc := b.String()
	if vars == nil {
		vars = map[string]any{}
	}
	return json.Marshal(Request{OperationName: op, Variables: vars, Query: doc})
}

// AddTypename adds __typename to every selection set of doc but the
// operations' own, where it is not already, as Apollo Client's cache does
// (addTypenameToDocument) before it sends a query: what the server
// receives, and what its complexity limit sees.
func AddTypename(doc *ast.QueryDocument) {
	var walk func(set ast.SelectionSet, root bool) ast.SelectionSet
	walk = func(set ast.SelectionSet, root bool) ast.SelectionSet {
		has := false
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				if strings.HasPrefix(s.Name, "__") {
					has = true
				}
				if len(s.SelectionSet) > 0 {
					s.SelectionSet = walk(s.SelectionSet, false)
				}
			case *ast.InlineFragment:
				s.SelectionSet = walk(s.SelectionSet, false)
			}
		}
		if root || has || len(set) == 0 {
			return set
		}
		return append(set, &ast.Field{Name: "__typename", Alias: "__typename"})
	}
	for _, op := range doc.Operations {
		op.SelectionSet = walk(op.SelectionSet, true)
	}
	for _, f := range doc.Fragments {
		f.SelectionSet = walk(f.SelectionSet, false)
	}
}

// photosPageSize is PHOTOS_PAGE_SIZE of
// client/src/features/gallery/gallery-home-page.tsx.
const photosPageSize = 100

// GalleryVariables returns the variables the client sends with a gallery
// operation outside a preview link. galleryVariables
// (client/src/lib/preview-hash.ts) leaves previewHash out when the tab
// holds no preview hash, so the key is absent (the server reads it as
// null). GalleryPhotos adds first: PHOTOS_PAGE_SIZE (firstPhotosPage), and
// the next page merges after: endCursor into them (fetchMore in
// gallery-home-page.tsx). after is only used for GalleryPhotos.
func GalleryVariables(op, galleryURL, after string) (map[string]any, error) {
	v := map[string]any{"url": galleryURL}
	switch op {
	case "GalleryShell", "GalleryHome", "PhotoGallery", "ShopGallery":
		// PhotoGallery is what the photo viewer asks of its gallery (with
		// PhotoNode for the photo), ShopGallery what the shop asks.
		if after != "" {
			return nil, fmt.Errorf("%s has no page to turn", op)
		}
	case "GalleryPhotos":
		v["first"] = photosPageSize
		if after != "" {
			v["after"] = after
		}
	default:
		return nil, fmt.Errorf("the variables the client sends with %s are not known to loadbench", op)
	}
	return v, nil
}
