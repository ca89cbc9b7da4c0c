package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// ClientDocuments are the operations and fragments of the React client, as
// graphql-codegen collected them in client/src/gql/gql.ts: one graphql“
// call of client/src per definition, with its source text unchanged.
type ClientDocuments struct {
	text   map[string]string        // definition name -> its source text
	spread map[string][]string      // definition name -> fragments it spreads, in order
	kind   map[string]ast.Operation // operation name -> query, mutation...
}

// documentsKey matches one key of gql.ts's Documents map, a JSON-style
// string literal followed by its type.
var documentsKey = regexp.MustCompile(`(?m)^\s+("(?:[^"\\]|\\.)*"): typeof types\.`)

// LoadClientDocuments reads the Documents map of gql.ts (the same reading
// as clientDocument in server/complexity_test.go).
func LoadClientDocuments(path string) (*ClientDocuments, error) {
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
	d := &ClientDocuments{text: map[string]string{}, spread: map[string][]string{}, kind: map[string]ast.Operation{}}
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
			name, sel = doc.Operations[0].Name, doc.Operations[0].SelectionSet
			d.kind[name] = doc.Operations[0].Operation
		} else {
			name, sel = doc.Fragments[0].Name, doc.Fragments[0].SelectionSet
		}
		d.text[name] = s
		d.spread[name] = spreads(sel, nil)
	}
	if len(d.kind) == 0 {
		return nil, fmt.Errorf("%s: no operation found", path)
	}
	return d, nil
}

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

// Document returns the full text of an operation with every fragment it
// uses, directly or through other fragments, after it (the order
// graphql-codegen's documents put them in).
func (d *ClientDocuments) Document(op string) (string, error) {
	if _, ok := d.kind[op]; !ok {
		return "", fmt.Errorf("no client operation %q in gql.ts", op)
	}
	seen := map[string]bool{op: true}
	parts := []string{d.text[op]}
	var walk func(string) error
	walk = func(name string) error {
		for _, f := range d.spread[name] {
			if seen[f] {
				continue
			}
			seen[f] = true
			t, ok := d.text[f]
			if !ok {
				return fmt.Errorf("%s uses fragment %s, missing from gql.ts", name, f)
			}
			parts = append(parts, t)
			if err := walk(f); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(op); err != nil {
		return "", err
	}
	return strings.Join(parts, "\n"), nil
}

// ClientRequest is the body of a GraphQL request over HTTP as the client's
// Apollo HttpLink sends it.
type ClientRequest struct {
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Query         string         `json:"query"`
}

// Body returns the request the client sends for op with these variables.
func (d *ClientDocuments) Body(op string, vars map[string]any) ([]byte, error) {
	doc, err := d.Document(op)
	if err != nil {
		return nil, err
	}
	if vars == nil {
		vars = map[string]any{}
	}
	return json.Marshal(ClientRequest{OperationName: op, Variables: vars, Query: doc})
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
	case "GalleryShell", "GalleryHome":
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
