package server

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// TestRawPOSTWritesWhatJSONMarshalWrites: the transport's answer is byte for
// byte what gqlgen's own transport (json.Marshal of the response) wrote,
// HTML-sensitive characters, errors and extensions included.
func TestRawPOSTWritesWhatJSONMarshalWrites(t *testing.T) {
	yes := true
	cases := map[string]*graphql.Response{
		"data":            {Data: json.RawMessage(`{"gallery":{"id":"R2FsbGVyeTox","photos":{"edges":[{"node":{"id":"1","filename":"a.jpg"}}]}}}`)},
		"null data":       {},
		"html in strings": {Data: json.RawMessage(`{"title":"Tom & Jerry <3 >","x":"\u2028 \u2029 ` + "\u2028\u2029" + `"}`)},
		"escaped already": {Data: json.RawMessage(`{"s":"\"quoted\" \\ back\nline \u0000"}`)},
		"errors and data": {
			Errors: gqlerror.List{{Message: "Code d’accès invalide", Path: ast.Path{ast.PathName("gallery")}, Extensions: map[string]any{"code": "access_denied", "retryAfter": 30}}},
			Data:   json.RawMessage(`{"gallery":null}`),
		},
		"errors only": {Errors: gqlerror.List{{Message: "Cannot query field <b> on type Gallery"}}},
		"extensions":  {Data: json.RawMessage(`{"a":1}`), Extensions: map[string]any{"z": 1, "a": []string{"<x>"}}},
		"incremental": {Data: json.RawMessage(`{"a":1}`), Label: "l", Path: ast.Path{ast.PathName("a")}, HasNext: &yes},
		"unicode":     {Data: json.RawMessage(`{"nom":"Élodie – Soirée « gala » 🎉"}`)},
	}
	for name, resp := range cases {
		t.Run(name, func(t *testing.T) {
			want, err := json.Marshal(resp)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := writeGraphQLResponse(&got, resp); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("got  %s\nwant %s", got.Bytes(), want)
			}
		})
	}
}
