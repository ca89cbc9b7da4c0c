package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/studio/gallery/internal/apperr"
)

// The limits on bad or hostile input are settings (internal/config);
// docs/limits.md lists each one with where it is enforced, its error code
// and its test.

// errBodyTooLarge answers a body over MAX_BODY_BYTES (JSON),
// MAX_UPLOAD_REQUEST_BYTES (multipart) or MAX_WEBHOOK_BYTES (webhooks).
var errBodyTooLarge = apperr.New("body_too_large", http.StatusRequestEntityTooLarge, "body_too_large")

// errTooManyItems answers a list over MAX_LIST_ITEMS.
func errTooManyItems(max int, field []string) *apperr.Error {
	return apperr.New("too_many", http.StatusBadRequest, "list_too_long").WithArgs(apperr.Args{"Max": max}).
		WithField(field...)
}

// errUnsupportedContentType answers a POST to /graphql that is neither
// application/json nor multipart/form-data (uploads).
var errUnsupportedContentType = apperr.New("unsupported_content_type", http.StatusUnsupportedMediaType,
	"unsupported_content_type")

type listLimitKey struct{}

// limitBody bounds REST bodies to MAX_BODY_BYTES (a declared length over
// it is refused before anything is read) and hands MAX_LIST_ITEMS to
// decodeJSON through the context.
func (s *Server) limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > s.Config.MaxBodyBytes {
			writeError(w, r, s.Log, errBodyTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.Config.MaxBodyBytes)
		ctx := context.WithValue(r.Context(), listLimitKey{}, s.Config.MaxListItems)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// checkLists refuses a decoded REST body holding a list longer than the
// request's MAX_LIST_ITEMS; the field names the list by its JSON path.
func checkLists(ctx context.Context, v any) error {
	max, ok := ctx.Value(listLimitKey{}).(int)
	if !ok || max <= 0 {
		return nil
	}
	return walkLists(reflect.ValueOf(v), max, nil)
}

func walkLists(v reflect.Value, max int, path []string) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return walkLists(v.Elem(), max, path)
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // []byte and json.RawMessage are text, bounded by the body size
		}
		if v.Len() > max {
			return errTooManyItems(max, path)
		}
		for i := range v.Len() {
			if err := walkLists(v.Index(i), max, append(path, strconv.Itoa(i))); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.Len() > max {
			return errTooManyItems(max, path)
		}
		it := v.MapRange()
		for it.Next() {
			if err := walkLists(it.Value(), max, append(path, fmt.Sprint(it.Key().Interface()))); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if err := walkLists(v.Field(i), max, append(path, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// graphqlError writes a GraphQL-shaped error answer (REST's writeError
// shape does not suit GraphQL clients).
func graphqlError(ctx context.Context, w http.ResponseWriter, ae *apperr.Error) {
	writeJSON(w, ae.Status, map[string]any{"errors": []map[string]any{{
		"message": ae.Localized(ctx), "extensions": map[string]any{"code": ae.Code},
	}}})
}

// limitGraphQLBody refuses a POST /graphql of another content type
// (415 unsupported_content_type) and bounds the others: JSON bodies to MAX_BODY_BYTES
// (read here, so that an oversized one is a 413 with body_too_large) and
// multipart uploads to MAX_UPLOAD_REQUEST_BYTES. gqlgen's own answers to a
// malformed multipart request carry no code; uploadErrorCodes adds one.
func (s *Server) limitGraphQLBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if mt != "application/json" && mt != "multipart/form-data" {
			// gqlgen would answer 400 "transport not supported", no code.
			graphqlError(r.Context(), w, errUnsupportedContentType)
			return
		}
		if mt == "multipart/form-data" {
			if r.ContentLength > s.Config.MaxUploadRequestBytes {
				graphqlError(r.Context(), w, errBodyTooLarge)
				return
			}
			body := &overflowReader{ReadCloser: http.MaxBytesReader(w, r.Body, s.Config.MaxUploadRequestBytes)}
			r.Body = body
			cw := &uploadErrorCodes{ResponseWriter: w, ctx: r.Context(), body: body}
			next.ServeHTTP(cw, r)
			cw.finish()
			return
		}
		if r.ContentLength > s.Config.MaxBodyBytes {
			graphqlError(r.Context(), w, errBodyTooLarge)
			return
		}
		data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.Config.MaxBodyBytes))
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			graphqlError(r.Context(), w, errBodyTooLarge)
			return
		case err != nil:
			graphqlError(r.Context(), w, apperr.ErrInvalidInput.WithMessage("unreadable_request", nil))
			return
		}
		if !utf8.Valid(data) {
			// encoding/json would read the bad bytes as U+FFFD, valid
			// text: each becomes an escaped NUL instead, which textLimit
			// refuses where it stands (a userError for a mutation's
			// argument, an invalid_input error elsewhere) and which makes
			// JSON outside a string invalid, as the byte did.
			data = nulForInvalidUTF8(data)
			r.ContentLength = int64(len(data))
		}
		r.Body = io.NopCloser(bytes.NewReader(data))
		next.ServeHTTP(w, r)
	})
}

// nulForInvalidUTF8 writes each byte of data that is not part of valid
// UTF-8 as the JSON escape \u0000.
func nulForInvalidUTF8(data []byte) []byte {
	out := make([]byte, 0, len(data)+16)
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n == 1 {
			out = append(out, `\u0000`...)
		} else {
			out = append(out, data[:n]...)
		}
		data = data[n:]
	}
	return out
}

// overflowReader remembers that the body went over its limit.
type overflowReader struct {
	io.ReadCloser
	over bool
}

func (o *overflowReader) Read(p []byte) (int, error) {
	n, err := o.ReadCloser.Read(p)
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		o.over = true
	}
	return n, err
}

// uploadErrorCodes holds back an error answer (4xx) of gqlgen's multipart
// transport and gives each of its errors a code: body_too_large (413)
// when the body went over its limit, invalid_input otherwise. Other
// answers pass through untouched.
type uploadErrorCodes struct {
	http.ResponseWriter
	ctx    context.Context // the request's, for the language of its errors
	body   *overflowReader
	status int
	held   *bytes.Buffer
}

func (c *uploadErrorCodes) WriteHeader(status int) {
	if c.status != 0 {
		return
	}
	c.status = status
	if status >= 400 && status < 500 {
		c.held = &bytes.Buffer{}
		return
	}
	c.ResponseWriter.WriteHeader(status)
}

func (c *uploadErrorCodes) Write(p []byte) (int, error) {
	if c.status == 0 {
		c.WriteHeader(http.StatusOK)
	}
	if c.held != nil {
		return c.held.Write(p)
	}
	return c.ResponseWriter.Write(p)
}

func (c *uploadErrorCodes) finish() {
	if c.held == nil {
		return
	}
	if c.body.over {
		graphqlError(c.ctx, c.ResponseWriter, errBodyTooLarge)
		return
	}
	var resp struct {
		Errors []map[string]any `json:"errors"`
	}
	if err := json.Unmarshal(c.held.Bytes(), &resp); err != nil || len(resp.Errors) == 0 {
		graphqlError(c.ctx, c.ResponseWriter, apperr.ErrInvalidInput.WithMessage("bad_multipart", nil))
		return
	}
	for _, e := range resp.Errors {
		ext, _ := e["extensions"].(map[string]any)
		if ext == nil {
			ext = map[string]any{}
			e["extensions"] = ext
		}
		if code, _ := ext["code"].(string); code == "" {
			ext["code"] = apperr.ErrInvalidInput.Code
		}
	}
	writeJSON(c.ResponseWriter, c.status, resp)
}

// listLimit refuses, before anything runs, an operation with a list
// longer than MAX_LIST_ITEMS in its variables or its literal arguments.
type listLimit struct{ max int }

var _ interface {
	graphql.OperationContextMutator
	graphql.HandlerExtension
} = listLimit{}

func (listLimit) ExtensionName() string                   { return "ListLimit" }
func (listLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (l listLimit) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	bad := func(path []string) *gqlerror.Error {
		ae := errTooManyItems(l.max, path)
		return &gqlerror.Error{Message: ae.Localized(ctx), Extensions: map[string]any{"code": ae.Code, "field": path}}
	}
	for name, v := range oc.Variables {
		if path, over := longList(v, l.max, []string{name}); over {
			return bad(path)
		}
	}
	if oc.Doc == nil {
		return nil
	}
	return eachArgument(oc.Doc, func(f *ast.Field, a *ast.Argument) *gqlerror.Error {
		if path, over := longLiteral(a.Value, l.max, []string{f.Alias, a.Name}); over {
			return bad(path)
		}
		return nil
	})
}

// eachArgument calls visit for every argument written in doc (its
// operations and fragments, each fragment once), stopping at the first
// error visit returns.
func eachArgument(doc *ast.QueryDocument, visit func(*ast.Field, *ast.Argument) *gqlerror.Error) *gqlerror.Error {
	var sets []ast.SelectionSet
	for _, op := range doc.Operations {
		sets = append(sets, op.SelectionSet)
	}
	for _, f := range doc.Fragments {
		sets = append(sets, f.SelectionSet)
	}
	for len(sets) > 0 {
		set := sets[len(sets)-1]
		sets = sets[:len(sets)-1]
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				for _, a := range s.Arguments {
					if err := visit(s, a); err != nil {
						return err
					}
				}
				sets = append(sets, s.SelectionSet)
			case *ast.InlineFragment:
				sets = append(sets, s.SelectionSet)
			}
		}
	}
	return nil
}

// longList finds a list longer than max in a decoded JSON value.
func longList(v any, max int, path []string) ([]string, bool) {
	switch v := v.(type) {
	case []any:
		if len(v) > max {
			return path, true
		}
		for i, x := range v {
			if p, over := longList(x, max, append(path, strconv.Itoa(i))); over {
				return p, true
			}
		}
	case map[string]any:
		for k, x := range v {
			if p, over := longList(x, max, append(path, k)); over {
				return p, true
			}
		}
	}
	return nil, false
}

// longLiteral finds a list longer than max in a literal argument.
func longLiteral(v *ast.Value, max int, path []string) ([]string, bool) {
	if v == nil {
		return nil, false
	}
	if v.Kind == ast.ListValue && len(v.Children) > max {
		return path, true
	}
	for i, c := range v.Children {
		name := c.Name
		if v.Kind == ast.ListValue {
			name = strconv.Itoa(i)
		}
		if p, over := longLiteral(c.Value, max, append(path, name)); over {
			return p, true
		}
	}
	return nil, false
}
