package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// marshalSliceInline marshals a list one element after the other, in the
// calling goroutine; graph/inlinelists puts it in place of gqlgen's
// graphql.MarshalSliceConcurrently for the lists of types whose fields never
// wait on a dataloader (see that command). Each element has its own field
// context with its index, as with gqlgen, and a panic in one element is
// reported as an error of that element and makes the list null.
func marshalSliceInline(ctx context.Context, length int, marshalElement func(ctx context.Context, i int) graphql.Marshaler) graphql.Array {
	ret := make(graphql.Array, length)
	for i := range length {
		fc := &graphql.FieldContext{Index: &i}
		childCtx := graphql.WithFieldContext(ctx, fc)
		failed := func() (failed bool) {
			defer func() {
				if r := recover(); r != nil {
					graphql.AddError(childCtx, graphql.Recover(childCtx, r))
					failed = true
				}
			}()
			ret[i] = marshalElement(childCtx, i)
			return false
		}()
		if failed {
			return nil
		}
	}
	return ret
}
