package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"unicode/utf8"

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
			if text.LineProblem(v) != "" {
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
			graphqlFieldError(w, text.ErrInvalid.WithField(f...))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// graphqlFieldError is graphqlError with the field at fault.
func graphqlFieldError(w http.ResponseWriter, ae *apperr.Error) {
	ext := map[string]any{"code": ae.Code}
	if len(ae.Field) > 0 {
		ext["field"] = ae.Field
	}
	writeJSON(w, ae.Status, map[string]any{"errors": []map[string]any{{"message": ae.Message, "extensions": ext}}})
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
