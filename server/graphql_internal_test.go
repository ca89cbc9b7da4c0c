package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

func TestDepth(t *testing.T) {
	const maxDepth = 12
	nest := func(n int) string {
		return strings.Repeat("a { ", n-1) + "b" + strings.Repeat(" }", n-1)
	}
	for _, tc := range []struct {
		doc  string
		want int
	}{
		{`{ a }`, 1},
		{`{ a { b } c }`, 2},
		{"{ " + nest(maxDepth) + " }", maxDepth},
		{"{ " + nest(maxDepth+1) + " }", maxDepth + 1},
		{`fragment F on T { x { y } } { a { ...F } }`, 3},
		{`{ a { ... on T { b { c } } } }`, 3},
		{`{ __schema { types { fields { type { ofType { ofType { name } } } } } } a }`, 1},
	} {
		doc, err := parser.ParseQuery(&ast.Source{Input: tc.doc})
		if err != nil {
			t.Fatalf("%s: %v", tc.doc, err)
		}
		if got := depth(doc, doc.Operations[0].SelectionSet, 0); got != tc.want {
			t.Errorf("depth(%s) = %d, want %d", tc.doc, got, tc.want)
		}
	}
}

// fragmentBomb is n fragments, each spreading the previous one twice:
// 2^n expansions of the first in under a kilobyte for n = 22.
func fragmentBomb(n int) string {
	var b strings.Builder
	b.WriteString("fragment F0 on Query { build { version } }\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "fragment F%d on Query { ...F%d ...F%d }\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "query { ...F%d }", n)
	return b.String()
}

// The expansion of a fragment bomb is counted without walking it: each
// written selection is visited once, whatever the expansion.
func TestExpandedSelectionsCountsWithoutExpanding(t *testing.T) {
	bomb := fragmentBomb(22)
	if len(bomb) > 1100 {
		t.Fatalf("bomb is %d bytes", len(bomb))
	}
	doc, err := parser.ParseQuery(&ast.Source{Input: bomb})
	if err != nil {
		t.Fatal(err)
	}
	const written = 2 + 2*22 + 1
	n, steps := expandedSelections(doc, 1<<40)
	if n != 2<<22 || steps != written {
		t.Fatalf("expanded %d selections in %d steps, want %d in %d", n, steps, 2<<22, written)
	}
	n, steps = expandedSelections(doc, 1000)
	if n != 1001 || steps > written {
		t.Fatalf("saturated: %d in %d steps", n, steps)
	}
	doc, _ = parser.ParseQuery(&ast.Source{Input: `fragment A on Query { build { version } } { ...A x: build { ...on BuildInfo { version } } }`})
	if n, _ := expandedSelections(doc, 1000); n != 4 {
		t.Fatalf("small document: %d selections, want 4", n)
	}
}

// The refusal happens before gqlgen parses and validates the document:
// the extension answers on the raw parameters, the parsed-document
// cache and the validator never see it.
func TestFragmentLimitRefusesBeforeValidation(t *testing.T) {
	l := newFragmentLimit(5000, 15000)
	p := &graphql.RawParams{Query: fragmentBomb(22)}
	err := l.MutateOperationParameters(context.Background(), p)
	if err == nil || err.Extensions["code"] != "query_too_complex" {
		t.Fatalf("bomb: %v", err)
	}
	ok := &graphql.RawParams{Query: fragmentBomb(8)} // 512 expansions
	if err := l.MutateOperationParameters(context.Background(), ok); err != nil {
		t.Fatalf("small bomb: %v", err)
	}
}
