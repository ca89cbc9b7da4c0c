package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/studio/gallery/graph"
)

// pageLimit checks, before anything runs, that every connection in the
// operation asks for first or last between 0 and max (MAX_PAGE_SIZE, at
// most graph.MaxPageSize), so an oversized page never reaches the database.
type pageLimit struct{ max int }

var _ interface {
	graphql.OperationContextMutator
	graphql.HandlerExtension
} = pageLimit{}

func (pageLimit) ExtensionName() string                   { return "PageLimit" }
func (pageLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (l pageLimit) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	max := l.max
	if max <= 0 || max > graph.MaxPageSize {
		max = graph.MaxPageSize
	}
	return checkSelection(oc, oc.Operation.SelectionSet, map[string]bool{}, max)
}

func checkSelection(oc *graphql.OperationContext, set ast.SelectionSet, seen map[string]bool, max int) *gqlerror.Error {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if s.Definition != nil && strings.HasSuffix(s.Definition.Type.Name(), "Connection") {
				if err := checkPageArgs(s, s.ArgumentMap(oc.Variables), max); err != nil {
					return err
				}
			}
			if err := checkSelection(oc, s.SelectionSet, seen, max); err != nil {
				return err
			}
		case *ast.InlineFragment:
			if err := checkSelection(oc, s.SelectionSet, seen, max); err != nil {
				return err
			}
		case *ast.FragmentSpread:
			if seen[s.Name] {
				continue
			}
			seen[s.Name] = true
			if f := oc.Doc.Fragments.ForName(s.Name); f != nil {
				if err := checkSelection(oc, f.SelectionSet, seen, max); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func checkPageArgs(f *ast.Field, args map[string]any, max int) *gqlerror.Error {
	first, hasFirst := intArg(args["first"])
	last, hasLast := intArg(args["last"])
	bad := func(msg string) *gqlerror.Error {
		e := gqlerror.ErrorPosf(f.Position, "%s", msg)
		e.Extensions = map[string]any{"code": "invalid_input", "field": []string{f.Alias}}
		return e
	}
	if !hasFirst && !hasLast {
		return bad(fmt.Sprintf("%s : indiquez first ou last (%d au plus).", f.Alias, max))
	}
	for _, v := range []struct {
		name string
		n    int64
		ok   bool
	}{{"first", first, hasFirst}, {"last", last, hasLast}} {
		if v.ok && (v.n < 0 || v.n > int64(max)) {
			return bad(fmt.Sprintf("%s : %s doit être compris entre 0 et %d.", f.Alias, v.name, max))
		}
	}
	return nil
}

func intArg(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	case float64:
		return int64(n), true
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	default:
		return 0, false
	}
}
