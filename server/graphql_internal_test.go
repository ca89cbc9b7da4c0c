package server

import (
	"strings"
	"testing"

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
