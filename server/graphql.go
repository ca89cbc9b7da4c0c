package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/studio/gallery/graph"
	"github.com/studio/gallery/graph/loader"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/clientdocs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/metrics"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// maxQueryCache is how many parsed documents are kept. The limits on
// documents are settings: GRAPHQL_MAX_DEPTH (selections nesting,
// introspection aside, which only the photographer may run),
// GRAPHQL_MAX_COMPLEXITY and GRAPHQL_MAX_TOKENS (what the parser reads of
// one document).
const maxQueryCache = 1000

func (s *Server) graphqlHandler() http.Handler {
	srv := handler.New(newPagedComplexity(graph.NewExecutableSchema(graph.Config{Resolvers: &graph.Resolver{Services: s.Services, Version: Version}}), s.Config.MaxPageSize))
	srv.AddTransport(s.websocketTransport())
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(rawPOST{})
	srv.AddTransport(transport.MultipartForm{MaxUploadSize: s.Config.MaxUploadRequestBytes, MaxMemory: maxUploadMemory})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](maxQueryCache))
	srv.SetParserTokenLimit(s.Config.GraphQLMaxTokens)
	srv.SetDisableSuggestion(true)
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		if oc := graphql.GetOperationContext(ctx); oc != nil && oc.Operation != nil {
			metrics.GraphQLOperations.WithLabelValues(metrics.OperationName(oc.OperationName), string(oc.Operation.Operation)).Inc()
		}
		return next(ctx)
	})
	srv.Use(photographerIntrospection{})
	srv.Use(mutationGuard{maxDepth: s.Config.GraphQLMaxDepth})
	srv.Use(pageLimit{max: s.Config.MaxPageSize})
	srv.Use(listLimit{max: s.Config.MaxListItems})
	srv.Use(newTextLimit())
	srv.Use(loader.Fresh{DB: s.DB.Client, Catalogues: s.Catalogues})
	known, err := clientdocs.Persisted()
	if err != nil {
		// A defect of the build (make generate): the client then sends
		// each document's text once after PERSISTED_QUERY_NOT_FOUND.
		s.Log.Error("graphql: the client's persisted documents", "err", err)
	}
	srv.Use(newPersistedDocuments(known))
	srv.Use(newFragmentLimit(s.Config.GraphQLMaxComplexity, s.Config.GraphQLMaxTokens))
	srv.Use(extension.FixedComplexityLimit(s.Config.GraphQLMaxComplexity))
	srv.SetErrorPresenter(s.presentError)
	srv.SetRecoverFunc(func(ctx context.Context, p any) error {
		s.Log.Error("graphql panic", "panic", p)
		return apperr.ErrInternal
	})
	return srv
}

// presentError shows user-facing errors with their code and hides the rest
// behind a generic message; gqlgen's own errors (parsing, validation) keep
// theirs.
func (s *Server) presentError(ctx context.Context, err error) *gqlerror.Error {
	gerr := graphql.DefaultErrorPresenter(ctx, err)
	if ae := apperr.As(err); (ae == nil || ae.Code == apperr.ErrInternal.Code) && store.Unavailable(err) {
		err = apperr.ErrDatabaseUnavailable.With(err)
	}
	if ae := apperr.As(err); ae != nil {
		gerr.Message = ae.Localized(ctx)
		gerr.Extensions = map[string]any{"code": ae.Code}
		if len(ae.Field) > 0 {
			gerr.Extensions["field"] = ae.Field
		}
		if secs := ae.RetryAfterSeconds(); secs > 0 {
			gerr.Extensions["retryAfter"] = secs
		}
		if ae.Status >= 500 {
			s.Log.Error("graphql", "path", gerr.Path, "err", err)
		}
		return gerr
	}
	var ge *gqlerror.Error
	if errors.As(err, &ge) && ge.Err == nil {
		return withStableCode(ctx, gerr)
	}
	// A Time argument that is not RFC 3339 (gqlgen's UnmarshalTime) is the
	// caller's input, not a failure of ours.
	var pe *time.ParseError
	if errors.As(err, &pe) || strings.Contains(err.Error(), "time should be RFC3339") {
		gerr.Message = apperr.ErrInvalidInput.Localized(ctx)
		gerr.Extensions = map[string]any{"code": apperr.ErrInvalidInput.Code}
		return gerr
	}
	if strings.HasSuffix(err.Error(), "introspection disabled") {
		gerr.Message = apperr.Render(lang.Or(ctx, lang.Default), "introspection_photographer_only", nil)
		gerr.Extensions = map[string]any{"code": apperr.ErrForbidden.Code}
		return gerr
	}
	s.Log.Error("graphql", "path", gerr.Path, "err", err)
	gerr.Message = apperr.ErrInternal.Localized(ctx)
	gerr.Extensions = map[string]any{"code": apperr.ErrInternal.Code}
	return gerr
}

// withStableCode gives gqlgen's own errors (parsing, validation, limits,
// unreadable bodies) a stable extensions.code: query_too_large over
// GRAPHQL_MAX_TOKENS, query_too_complex over GRAPHQL_MAX_COMPLEXITY,
// invalid_input for a body that is not JSON (without echoing the body), and
// gqlgen's code, or invalid_input, otherwise.
func withStableCode(ctx context.Context, e *gqlerror.Error) *gqlerror.Error {
	say := func(key string) string { return apperr.Render(lang.Or(ctx, lang.Default), key, nil) }
	code, _ := e.Extensions["code"].(string)
	switch {
	case strings.Contains(e.Message, "exceeded token limit"):
		code = "query_too_large"
		e.Message = say("query_too_large")
	case code == "COMPLEXITY_LIMIT_EXCEEDED":
		code = "query_too_complex"
		e.Message = say("query_too_complex")
	case strings.HasPrefix(e.Message, "json request body could not be decoded"):
		code = apperr.ErrInvalidInput.Code
		e.Message = say("body_not_json")
	case code == "":
		code = apperr.ErrInvalidInput.Code
	}
	if e.Extensions == nil {
		e.Extensions = map[string]any{}
	}
	e.Extensions["code"] = code
	return e
}

// photographerIntrospection allows introspection to photographers only.
type photographerIntrospection struct{}

var _ interface {
	graphql.OperationContextMutator
	graphql.HandlerExtension
} = photographerIntrospection{}

func (photographerIntrospection) ExtensionName() string                   { return "PhotographerIntrospection" }
func (photographerIntrospection) Validate(graphql.ExecutableSchema) error { return nil }
func (photographerIntrospection) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	oc.DisableIntrospection = viewer.FromContext(ctx).PhotographerID == ""
	return nil
}

// mutationGuard refuses mutations without the anti-forgery proof (see
// withXSRF) and operations nested deeper than maxDepth.
type mutationGuard struct{ maxDepth int }

var _ interface {
	graphql.OperationContextMutator
	graphql.HandlerExtension
} = mutationGuard{}

func (mutationGuard) ExtensionName() string                   { return "MutationGuard" }
func (mutationGuard) Validate(graphql.ExecutableSchema) error { return nil }
func (g mutationGuard) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	if oc.Operation.Operation == ast.Mutation && !viewer.FromContext(ctx).XSRFOK {
		return &gqlerror.Error{Message: errXSRF.Localized(ctx), Extensions: map[string]any{"code": errXSRF.Code}}
	}
	if d := depth(oc.Doc, oc.Operation.SelectionSet, 0); d > g.maxDepth {
		return &gqlerror.Error{
			Message:    apperr.Render(lang.Or(ctx, lang.Default), "query_too_deep", apperr.Args{"Depth": d, "Max": g.maxDepth}),
			Extensions: map[string]any{"code": "query_too_deep"},
		}
	}
	return nil
}

// depth is the deepest nesting of a selection set; fragment cycles were
// refused by validation before this runs, and introspection is not counted.
func depth(doc *ast.QueryDocument, set ast.SelectionSet, level int) int {
	deepest := level
	for _, sel := range set {
		var d int
		switch sel := sel.(type) {
		case *ast.Field:
			if strings.HasPrefix(sel.Name, "__") {
				continue
			}
			d = level + 1
			if len(sel.SelectionSet) > 0 {
				d = depth(doc, sel.SelectionSet, level+1)
			}
		case *ast.InlineFragment:
			d = depth(doc, sel.SelectionSet, level)
		case *ast.FragmentSpread:
			if f := doc.Fragments.ForName(sel.Name); f != nil {
				d = depth(doc, f.SelectionSet, level)
			}
		}
		deepest = max(deepest, d)
	}
	return deepest
}
