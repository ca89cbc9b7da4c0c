package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/studio/gallery/graph"
	"github.com/studio/gallery/graph/gqlmodel"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/text"
)

// Every string that enters through a door is checked once, at the edge,
// with the rule of internal/text: valid UTF-8 without NUL or other
// control characters (line breaks and tabs allowed; the domain refuses
// them in single-line fields with text.Line). REST: the path (and so its
// parameters), every query key and value, the X-Gallery-Id header (here)
// and every key and string value of a JSON body (decodeJSON). GraphQL:
// the same header and query (here) and every variable and literal
// argument (textLimit). A refusal is invalid_input naming the field.

// requestTextField names the first part of the request's path, query or
// read headers that breaks the text rule, or returns nil.
func requestTextField(r *http.Request) []string {
	if text.Problem(r.URL.Path) != "" || text.Problem(r.URL.RawPath) != "" {
		return []string{"path"}
	}
	for k, vs := range r.URL.Query() {
		if text.Problem(k) != "" {
			return []string{"query"}
		}
		for _, v := range vs {
			if text.Problem(v) != "" {
				return []string{"query", k}
			}
		}
	}
	for _, h := range []string{galleryHeader} {
		for _, v := range r.Header.Values(h) {
			if text.LineProblem(v) != "" {
				return []string{h}
			}
		}
	}
	return nil
}

// checkRequestText refuses a REST call whose path, query or read headers
// break the text rule (400 invalid_input).
func (s *Server) checkRequestText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f := requestTextField(r); f != nil {
			writeError(w, r, s.Log, text.ErrInvalid.WithField(f...))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// checkGraphQLRequestText is checkRequestText for /graphql, answering in
// the GraphQL error shape.
func checkGraphQLRequestText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f := requestTextField(r); f != nil {
			graphqlFieldError(r.Context(), w, text.ErrInvalid.WithField(f...))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// graphqlFieldError is graphqlError with the field at fault.
func graphqlFieldError(ctx context.Context, w http.ResponseWriter, ae *apperr.Error) {
	ext := map[string]any{"code": ae.Code}
	if len(ae.Field) > 0 {
		ext["field"] = ae.Field
	}
	writeJSON(w, ae.Status, map[string]any{"errors": []map[string]any{{"message": ae.Localized(ctx), "extensions": ext}}})
}

// jsonTextField walks a JSON document's tokens and names, by its JSON
// path, the first key or string value that is not valid UTF-8 (checked on
// the raw bytes: encoding/json would turn them into U+FFFD) or holds a
// control character other than a line break or tab (checked on the
// decoded text, so that \u0000 is caught). A bad key is named by the
// object holding it. Syntax errors are left to the decoder.
func jsonTextField(data []byte) ([]string, bool) {
	type frame struct {
		object    bool
		expectKey bool
		key       string
		index     int
	}
	var stack []*frame
	path := func() []string {
		p := make([]string, 0, len(stack))
		for _, f := range stack {
			if f.object {
				p = append(p, f.key)
			} else {
				p = append(p, strconv.Itoa(f.index))
			}
		}
		return p
	}
	advance := func() {
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.object {
			top.expectKey = true
		} else {
			top.index++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var prev int64
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		off := dec.InputOffset()
		raw := data[prev:off]
		prev = off
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, &frame{object: true, expectKey: true})
			case '[':
				stack = append(stack, &frame{})
			default:
				stack = stack[:len(stack)-1]
				advance()
			}
		case string:
			bad := !utf8.Valid(raw) || text.Problem(v) != ""
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expectKey {
				if bad {
					return path()[:n-1], true
				}
				stack[n-1].key, stack[n-1].expectKey = v, false
				continue
			}
			if bad {
				return path(), true
			}
			advance()
		default:
			advance()
		}
	}
}

// textLimit applies the text rule to GraphQL operations, once per
// operation, on every variable (keys and strings) and every string in a
// literal argument (operations and fragments are walked as written, never
// expanded). A query or subscription is refused with an invalid_input
// error naming the variable or argument. A mutation's root field whose
// arguments break the rule answers its payload with the userError (as the
// domain's own invalid_input would) without running; other bad strings of
// a mutation refuse it whole.
type textLimit struct {
	// payloads maps a mutation field's name (lower case) to its payload
	// type, from graph.MutationResolver.
	payloads map[string]reflect.Type
}

var _ interface {
	graphql.OperationContextMutator
	graphql.FieldInterceptor
	graphql.HandlerExtension
} = textLimit{}

func newTextLimit() textLimit {
	t := reflect.TypeOf((*graph.MutationResolver)(nil)).Elem()
	l := textLimit{payloads: map[string]reflect.Type{}}
	for i := range t.NumMethod() {
		m := t.Method(i)
		if m.Type.NumOut() == 2 {
			l.payloads[strings.ToLower(m.Name)] = m.Type.Out(0)
		}
	}
	return l
}

func (textLimit) ExtensionName() string                   { return "TextLimit" }
func (textLimit) Validate(graphql.ExecutableSchema) error { return nil }

func textError(ctx context.Context, path []string) *gqlerror.Error {
	return &gqlerror.Error{Message: text.ErrInvalid.Localized(ctx),
		Extensions: map[string]any{"code": text.ErrInvalid.Code, "field": path}}
}

func (l textLimit) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Doc == nil || oc.Operation == nil {
		return nil
	}
	mutation := oc.Operation.Operation == ast.Mutation
	// A mutation's root fields check their own arguments (InterceptField).
	rootArgs := map[*ast.Argument]bool{}
	rootVars := map[string]bool{}
	if mutation {
		for _, sel := range oc.Operation.SelectionSet {
			if f, ok := sel.(*ast.Field); ok {
				for _, a := range f.Arguments {
					rootArgs[a] = true
					variablesIn(a.Value, rootVars)
				}
			}
		}
	}
	for name, v := range oc.Variables {
		if rootVars[name] {
			continue
		}
		if path, bad := badString(v, []string{name}); bad {
			return textError(ctx, path)
		}
	}
	return eachArgument(oc.Doc, func(f *ast.Field, a *ast.Argument) *gqlerror.Error {
		if rootArgs[a] {
			return nil
		}
		if path, bad := badLiteral(a.Value, []string{f.Alias, a.Name}); bad {
			return textError(ctx, path)
		}
		return nil
	})
}

// InterceptField answers a mutation root field whose arguments break the
// text rule with its payload holding the userError, the resolver unrun.
func (l textLimit) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Object != "Mutation" || fc.Field.Field == nil || len(fc.Field.Arguments) == 0 {
		return next(ctx)
	}
	oc := graphql.GetOperationContext(ctx)
	for name, v := range fc.Field.ArgumentMap(oc.Variables) {
		path, bad := badString(v, []string{name})
		if !bad {
			continue
		}
		if len(path) > 1 && path[0] == "input" {
			path = path[1:] // the domain names fields of the input, as REST does
		}
		ae := text.ErrInvalid.WithField(path...)
		if t, ok := l.payloads[strings.ToLower(fc.Field.Name)]; ok && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
			p := reflect.New(t.Elem())
			if f := p.Elem().FieldByName("UserErrors"); f.IsValid() && f.Type() == reflect.TypeOf([]*gqlmodel.UserError(nil)) {
				f.Set(reflect.ValueOf([]*gqlmodel.UserError{gqlmodel.NewUserError(ae)}))
				return p.Interface(), nil
			}
		}
		return nil, ae
	}
	return next(ctx)
}

// variablesIn adds the variables v refers to.
func variablesIn(v *ast.Value, out map[string]bool) {
	if v == nil {
		return
	}
	if v.Kind == ast.Variable {
		out[v.Raw] = true
	}
	for _, c := range v.Children {
		variablesIn(c.Value, out)
	}
}

// badString finds a key or string breaking the text rule in a decoded
// JSON value (variables, evaluated arguments).
func badString(v any, path []string) ([]string, bool) {
	switch v := v.(type) {
	case string:
		return path, text.Problem(v) != ""
	case []any:
		for i, x := range v {
			if p, bad := badString(x, append(path, strconv.Itoa(i))); bad {
				return p, true
			}
		}
	case map[string]any:
		for k, x := range v {
			if text.Problem(k) != "" {
				return path, true
			}
			if p, bad := badString(x, append(path, k)); bad {
				return p, true
			}
		}
	}
	return nil, false
}

// badLiteral finds a string breaking the text rule in a literal argument.
func badLiteral(v *ast.Value, path []string) ([]string, bool) {
	if v == nil {
		return nil, false
	}
	switch v.Kind {
	case ast.StringValue, ast.BlockValue, ast.EnumValue:
		return path, text.Problem(v.Raw) != ""
	}
	for i, c := range v.Children {
		name := c.Name
		if v.Kind == ast.ListValue {
			name = strconv.Itoa(i)
		}
		if p, bad := badLiteral(c.Value, append(path, name)); bad {
			return p, true
		}
	}
	return nil, false
}
