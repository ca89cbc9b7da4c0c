package clientdocs

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/parser"
)

// EmbeddedFile is where `make generate` writes the client's queries and
// mutations for the binary (go run ./internal/clientdocs/gen), beside this
// file; HashesFile maps the hash the client sends for each to its name.
const (
	EmbeddedFile = "queries.json"
	HashesFile   = "hashes.json"
)

var (
	//go:embed queries.json
	embedded []byte
	//go:embed hashes.json
	embeddedHashes []byte
)

// Embedded returns the client's queries and mutations as the binary holds
// them: by operation name, the document the client sends (every fragment
// it uses, with the __typename Apollo adds), as `make generate` took them
// from client/src/gql/gql.ts. TestEmbeddedQueriesMatchTheClient fails
// when the file drifts from gql.ts.
var Embedded = sync.OnceValues(func() (map[string]string, error) {
	var m map[string]string
	if err := json.Unmarshal(embedded, &m); err != nil {
		return nil, fmt.Errorf("clientdocs: %s: %w", EmbeddedFile, err)
	}
	return m, nil
})

// Persisted returns the documents the client sends by hash alone: the
// SHA-256 of graphql-codegen's text of each (hex, what the client puts in
// extensions.persistedQuery.sha256Hash) to the text the server runs
// (Embedded's). The client's persisted documents are these and no others.
var Persisted = sync.OnceValues(func() (map[string]string, error) {
	docs, err := Embedded()
	if err != nil {
		return nil, err
	}
	var names map[string]string
	if err := json.Unmarshal(embeddedHashes, &names); err != nil {
		return nil, fmt.Errorf("clientdocs: %s: %w", HashesFile, err)
	}
	m := make(map[string]string, len(names))
	for hash, name := range names {
		text, ok := docs[name]
		if !ok {
			return nil, fmt.Errorf("clientdocs: %s names %s, missing from %s", HashesFile, name, EmbeddedFile)
		}
		m[hash] = text
	}
	return m, nil
})

// Sent returns the text of op as the client's Apollo sends it: the
// operation with every fragment it uses and __typename in every selection
// set but the operation's own.
func (d *Documents) Sent(op string) (string, error) {
	text, err := d.Document(op)
	if err != nil {
		return "", err
	}
	parsed, perr := parser.ParseQuery(&ast.Source{Input: text})
	if perr != nil {
		return "", perr
	}
	AddTypename(parsed)
	var b strings.Builder
	formatter.NewFormatter(&b, formatter.WithIndent("  ")).FormatQueryDocument(parsed)
	return b.String(), nil
}

// EmbeddedJSON is the content of EmbeddedFile for these documents: every
// query and mutation, as sent, by name (sorted, indented, one trailing
// newline). Subscriptions travel on the websocket with their text.
func (d *Documents) EmbeddedJSON() ([]byte, error) {
	names := append(d.Operations(ast.Query), d.Operations(ast.Mutation)...)
	sort.Strings(names)
	m := make(map[string]string, len(names))
	for _, op := range names {
		text, err := d.Sent(op)
		if err != nil {
			return nil, err
		}
		m[op] = text
	}
	return indentedJSON(m)
}

// HashesJSON is the content of HashesFile: the hash of every query and
// mutation, to its name.
func (d *Documents) HashesJSON() ([]byte, error) {
	m := map[string]string{}
	for _, op := range append(d.Operations(ast.Query), d.Operations(ast.Mutation)...) {
		m[d.hash[op]] = op
	}
	return indentedJSON(m)
}

func indentedJSON(m map[string]string) ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
