package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// fragmentLimit refuses, before gqlgen validates a document, one whose
// fragment spreads expand to more than max field selections: a kilobyte
// of fragments each spreading the previous one twice expands to millions
// of fields, and validation (overlapping fields, among others) walks every
// one of them. The expansion is counted on the parsed document, each
// fragment once (memoised), so the count costs one pass over the text.
// max is GRAPHQL_MAX_COMPLEXITY: every field costs at least 1, so a
// document over it would be refused by the complexity limit anyway, only
// after validation.
type fragmentLimit struct {
	max, tokens int
	// accepted remembers documents already counted (the parsed-document
	// cache of gqlgen is only read after this runs).
	accepted graphql.Cache[struct{}]
}

func newFragmentLimit(max, tokens int) *fragmentLimit {
	return &fragmentLimit{max: max, tokens: tokens, accepted: lru.New[struct{}](maxQueryCache)}
}

var _ interface {
	graphql.OperationParameterMutator
	graphql.HandlerExtension
} = &fragmentLimit{}

func (*fragmentLimit) ExtensionName() string                   { return "FragmentLimit" }
func (*fragmentLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (l *fragmentLimit) MutateOperationParameters(ctx context.Context, p *graphql.RawParams) *gqlerror.Error {
	if l.max <= 0 || !strings.Contains(p.Query, "...") {
		return nil
	}
	if _, ok := l.accepted.Get(ctx, p.Query); ok {
		return nil
	}
	doc, err := parser.ParseQueryWithTokenLimit(&ast.Source{Input: p.Query}, l.tokens)
	if err != nil {
		return nil // gqlgen parses it again and answers the error
	}
	if n, _ := expandedSelections(doc, l.max); n > l.max {
		return &gqlerror.Error{
			Message:    fmt.Sprintf("La requête est trop complexe : ses fragments développent plus de %d sélections.", l.max),
			Extensions: map[string]any{"code": "query_too_complex"},
		}
	}
	l.accepted.Add(ctx, p.Query, struct{}{})
	return nil
}

// expandedSelections counts the field selections of doc's largest
// operation once its fragment spreads are expanded, stopping above limit;
// steps is how many selections were visited (each written selection at
// most once: fragments are counted once and remembered). A fragment
// cycle counts as nothing (validation refuses it).
func expandedSelections(doc *ast.QueryDocument, limit int) (n, steps int) {
	const inProgress = -1
	sizes := map[string]int{}
	var size func(set ast.SelectionSet) int
	size = func(set ast.SelectionSet) int {
		total := 0
		for _, sel := range set {
			steps++
			switch s := sel.(type) {
			case *ast.Field:
				total += 1 + size(s.SelectionSet)
			case *ast.InlineFragment:
				total += size(s.SelectionSet)
			case *ast.FragmentSpread:
				n, ok := sizes[s.Name]
				switch {
				case ok && n == inProgress:
					n = 0
				case !ok:
					sizes[s.Name] = inProgress
					n = 0
					if f := doc.Fragments.ForName(s.Name); f != nil {
						n = size(f.SelectionSet)
					}
					sizes[s.Name] = n
				}
				total += n
			}
			if total > limit {
				total = limit + 1 // saturate: no overflow, the answer is known
			}
		}
		return total
	}
	for _, op := range doc.Operations {
		n = max(n, size(op.SelectionSet))
	}
	return n, steps
}
