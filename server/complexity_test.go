package server

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/complexity"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/studio/gallery/graph"
	"github.com/studio/gallery/internal/clientdocs"
	"github.com/studio/gallery/internal/config"
)

// clientDocument is every operation and fragment the React client sends,
// as graphql-codegen collected them (client/src/gql/gql.ts, generated
// from the graphql“ calls of client/src), in one document.
func clientDocument(t *testing.T) string {
	t.Helper()
	d, err := clientdocs.Load(clientdocs.Path(".."))
	if err != nil {
		t.Fatal(err)
	}
	return d.All()
}

// clientCosts is the complexity of each client operation under the
// default settings, variables absent (a connection's page size given by a
// variable counts as MAX_PAGE_SIZE, the most it can be).
func clientCosts(t *testing.T) map[string]int {
	t.Helper()
	es := graph.NewExecutableSchema(graph.Config{})
	doc, err := parser.ParseQuery(&ast.Source{Name: "client", Input: clientDocument(t)})
	if err != nil {
		t.Fatal(err)
	}
	// What the server receives: Apollo adds __typename everywhere.
	clientdocs.AddTypename(doc)
	for _, e := range validator.ValidateWithRules(es.Schema(), doc, nil) {
		// A fragment is used by another file's operation or not at all.
		if !strings.Contains(e.Message, "is never used") {
			t.Fatalf("client documents do not validate: %v", e)
		}
	}
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	paged := newPagedComplexity(es, cfg.MaxPageSize)
	costs := map[string]int{}
	for _, op := range doc.Operations {
		costs[op.Name] = complexity.Calculate(context.Background(), paged, op, nil)
	}
	return costs
}

// Every operation the client sends stays under the default
// GRAPHQL_MAX_COMPLEXITY, so the limit never breaks the app; the
// costliest is logged (docs/limits.md justifies the default with it).
func TestClientOperationsFitTheComplexityLimit(t *testing.T) {
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	costs := clientCosts(t)
	names := make([]string, 0, len(costs))
	for n := range costs {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return costs[names[i]] > costs[names[j]] })
	for _, n := range names {
		if costs[n] > cfg.GraphQLMaxComplexity {
			t.Errorf("%s costs %d, over GRAPHQL_MAX_COMPLEXITY %d", n, costs[n], cfg.GraphQLMaxComplexity)
		}
	}
	for _, n := range names[:min(5, len(names))] {
		t.Logf("%s: %d", n, costs[n])
	}
	if len(costs) < 40 {
		t.Fatalf("only %d client operations", len(costs))
	}
}

// The cost follows the page sizes: the same selection costs 100 times
// more for 100 photos than for one, and a list of objects more than one
// object.
func TestPagedComplexity(t *testing.T) {
	es := newPagedComplexity(graph.NewExecutableSchema(graph.Config{}), 100)
	cost := func(q string) int {
		t.Helper()
		doc, err := parser.ParseQuery(&ast.Source{Input: q})
		if err != nil {
			t.Fatal(err)
		}
		if errs := validator.ValidateWithRules(es.Schema(), doc, nil); len(errs) > 0 {
			t.Fatalf("%s: %v", q, errs)
		}
		return complexity.Calculate(context.Background(), es, doc.Operations[0], map[string]any{"n": int64(7)})
	}
	const node = `edges { node { id width height } }`
	one := cost(`{ gallery(url: "x") { photos(first: 1) { ` + node + ` } } }`)
	hundred := cost(`{ gallery(url: "x") { photos(first: 100) { ` + node + ` } } }`)
	last := cost(`{ gallery(url: "x") { photos(last: 100) { ` + node + ` } } }`)
	byVar := cost(`query($n: Int) { gallery(url: "x") { photos(first: $n) { ` + node + ` } } }`)
	// gallery 1 + photos (1 + child × n), child = edges 1 + node (1 + 3).
	if one != 1+1+5 || hundred != 1+1+5*100 || last != hundred || byVar != 1+1+5*7 {
		t.Fatalf("costs: first 1 = %d, first 100 = %d, last 100 = %d, first $n=7 = %d", one, hundred, last, byVar)
	}
}
