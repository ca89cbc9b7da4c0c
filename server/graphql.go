package server

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/studio/gallery/graph"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/viewer"
)

// GraphQL limits.
const (
	maxComplexity = 5000
	maxQueryCache = 1000
)

func (s *Server) graphqlHandler() http.Handler {
	srv := handler.New(graph.NewExecutableSchema(graph.Config{Resolvers: &graph.Resolver{
		DB:        s.DB.Client,
		Galleries: s.Galleries,
		Tools:     s.Tools,
		Photos:    s.Photos,
		Version:   Version,
	}}))
	srv.AddTransport(s.websocketTransport())
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.AddTransport(transport.MultipartForm{MaxUploadSize: maxUploadRequest, MaxMemory: maxUploadMemory})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](maxQueryCache))
	srv.Use(photographerIntrospection{})
	srv.Use(pageLimit{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](100)})
	srv.Use(extension.FixedComplexityLimit(maxComplexity))
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
	if ae := apperr.As(err); ae != nil {
		gerr.Message = ae.Message
		gerr.Extensions = map[string]any{"code": ae.Code}
		if len(ae.Field) > 0 {
			gerr.Extensions["field"] = ae.Field
		}
		if ae.Status >= 500 {
			s.Log.Error("graphql", "path", gerr.Path, "err", err)
		}
		return gerr
	}
	var ge *gqlerror.Error
	if errors.As(err, &ge) && ge.Err == nil {
		return gerr
	}
	if strings.HasSuffix(err.Error(), "introspection disabled") {
		gerr.Message = "L'introspection est réservée au photographe."
		gerr.Extensions = map[string]any{"code": apperr.ErrForbidden.Code}
		return gerr
	}
	s.Log.Error("graphql", "path", gerr.Path, "err", err)
	gerr.Message = apperr.ErrInternal.Message
	gerr.Extensions = map[string]any{"code": apperr.ErrInternal.Code}
	return gerr
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
