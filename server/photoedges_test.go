package server_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/studio/gallery/graph"
)

// The hand-written writer of photo edge pages (graph/photoedges.go) writes
// the bytes gqlgen writes: for every client query of a gallery as every kind
// of viewer, and for selections the client does not send (aliases,
// fragments, directives, repeated and unknown fields), with the writer on and
// off, each answer made afresh.
func TestPhotoEdgesInlineWritesWhatGqlgenWrites(t *testing.T) {
	e := newEnv(t, 12)
	e.addPhotos("gala-2026", 30)
	e.addPhotos("julie-et-thomas", 30)
	t.Cleanup(func() { graph.InlineWriters.Store(true) })

	answer := func(v clientViewer, body []byte, inline bool) []byte {
		t.Helper()
		graph.InlineWriters.Store(inline)
		e.touch(v.url) // nothing kept: the answer is made now
		rec := httptest.NewRecorder()
		e.app.Handler().ServeHTTP(rec, v.requestOf(body))
		out := plainBody(t, rec)
		if rec.Code != 200 {
			t.Fatalf("%d: %s", rec.Code, out)
		}
		return out
	}
	same := func(name string, v clientViewer, body []byte) {
		t.Helper()
		fast, slow := answer(v, body, true), answer(v, body, false)
		if !bytes.Equal(fast, slow) {
			t.Errorf("%s as %s: the inline writer differs from gqlgen\ninline: %.600s\ngqlgen: %.600s", name, v.name, fast, slow)
		}
	}

	docs, ops := clientGalleryOps(t)
	viewers := clientViewers(e, 0)
	for _, v := range viewers {
		for _, op := range ops {
			same(op, v, v.body(t, docs, op))
		}
	}

	crafted := map[string]string{
		"aliases, typenames, fragments": `query Q { gallery(url: "gala-2026") { photos(first: 7) { edges { c: cursor __typename node { __typename i: id ... on Photo { filename } ...F r: ratio portrait urls { v: viewer thumbnail srcSet original webDownload __typename } } } } } } fragment F on Photo { width height dominantColor filename }`,
		"include and skip":              `query Q($yes: Boolean!, $no: Boolean!) { gallery(url: "gala-2026") { photos(first: 7) { edges { cursor @include(if: $no) node { id @skip(if: $yes) filename @include(if: $yes) urls @include(if: $yes) { thumbnail @skip(if: $no) } } } } } }`,
		"repeated fields":               `query Q { gallery(url: "gala-2026") { photos(first: 7) { edges { node { id urls { thumbnail } } node { filename urls { srcSet } } cursor cursor } } } }`,
		"a field it leaves to gqlgen":   `query Q { gallery(url: "gala-2026") { photos(first: 7) { edges { node { id isPrivate favorite collection position status } } } } }`,
		"the node twice":                `query Q { gallery(url: "gala-2026") { photos(first: 7) { edges { a: node { id } b: node { filename } } } } }`,
		"urls twice":                    `query Q { gallery(url: "gala-2026") { photos(first: 7) { edges { node { a: urls { thumbnail } b: urls { viewer } } } } } }`,
		"no edges field selected below": `query Q { gallery(url: "gala-2026") { photos(first: 7) { edges { __typename } pageInfo { endCursor } } } }`,
		"deferred":                      `query Q { gallery(url: "gala-2026") { photos(first: 7) { edges { node { id ... @defer { filename } } } } } }`,
	}
	anonymous := viewers[0]
	for name, q := range crafted {
		body, _ := json.Marshal(map[string]any{"query": q, "variables": map[string]any{"yes": true, "no": false}})
		same(name, anonymous, body)
	}
}
