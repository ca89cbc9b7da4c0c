package server

import (
	"context"
	"strings"

	"github.com/99designs/gqlgen/graphql"

	"github.com/studio/gallery/graph"
)

// pagedComplexity makes GRAPHQL_MAX_COMPLEXITY follow the data a document
// can return: a connection field costs 1 + its selection's cost × the page
// it asks for (first or last, the larger; MAX_PAGE_SIZE when absent), so a
// document of many cheap-looking paged fields is refused with
// query_too_complex before it runs. Other fields cost 1 + their
// selection's cost (gqlgen's default), lists without a page size included:
// their length is the data's (a gallery's formats and packs, a cart's
// lines, bounded by the catalogue and MAX_LIST_ITEMS), not something the
// document can ask more of, and multiplying nested ones by a guessed
// length would price the cart's own query in the tens of thousands.
// docs/limits.md gives the client's costliest operation.
type pagedComplexity struct {
	graphql.ExecutableSchema
	pageMax int
}

func newPagedComplexity(es graphql.ExecutableSchema, pageMax int) pagedComplexity {
	if pageMax <= 0 || pageMax > graph.MaxPageSize {
		pageMax = graph.MaxPageSize
	}
	return pagedComplexity{ExecutableSchema: es, pageMax: pageMax}
}

// maxCost keeps sums and products far from overflow.
const maxCost = 1 << 40

func (p pagedComplexity) Complexity(ctx context.Context, typeName, field string, child int, args map[string]any) (int, bool) {
	def := p.Schema().Types[typeName]
	if def == nil {
		return p.ExecutableSchema.Complexity(ctx, typeName, field, child, args)
	}
	f := def.Fields.ForName(field)
	if f == nil {
		return p.ExecutableSchema.Complexity(ctx, typeName, field, child, args)
	}
	n := 1
	if strings.HasSuffix(f.Type.Name(), "Connection") {
		n = p.pageMax
		first, hasFirst := intArg(args["first"])
		last, hasLast := intArg(args["last"])
		if hasFirst || hasLast {
			n = int(max(min(max(first, last), int64(p.pageMax)), 0))
		}
	}
	return min(1+min(child, maxCost)*n, maxCost), true
}
