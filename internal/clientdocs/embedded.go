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

// EmbeddedFile is where `make generate` writes the client's queries for
// the binary (go run ./internal/clientdocs/gen), beside this file.
const EmbeddedFile = "queries.json"

//go:embed queries.json
var embedded []byte

// Embedded returns the client's queries as the binary holds them: by
// operation name, the document the client sends (every fragment it uses,
// with the __typename Apollo adds), as `make generate` took them from
// client/src/gql/gql.ts. TestEmbeddedQueriesMatchTheClient fails when the
// file drifts from gql.ts.
var Embedded = sync.OnceValues(func() (map[string]string, error) {
	var m map[string]string
	if err := json.Unmarshal(embedded, &m); err != nil {
		return nil, fmt.Errorf("clientdocs: %s: %w", EmbeddedFile, err)
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
// query, as sent, by name (sorted, indented, one trailing newline).
func (d *Documents) EmbeddedJSON() ([]byte, error) {
	names := d.Operations(ast.Query)
	sort.Strings(names)
	m := make(map[string]string, len(names))
	for _, op := range names {
		text, err := d.Sent(op)
		if err != nil {
			return nil, err
		}
		m[op] = text
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
