package server

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/studio/gallery/internal/clientdocs"
)

// The first data of a gallery page (issue 22): the client page of a
// gallery address carries the answers of the queries the client sends
// when it opens that address, so that it draws its first screen from
// Apollo's cache with no GraphQL round trip (client/src/lib/first-data.ts
// writes them there before the first render).
//
// They are the client's own documents (internal/clientdocs/queries.json,
// taken from client/src/gql by `make generate`) with the variables the
// client sends, run as POST /graphql requests through the same handler
// (s.gql: its limits, its answer cache, its executor) in the page
// request's context: the same viewer (cookies, photographer), so the page
// holds exactly what the API would answer this viewer. An answer with an
// error (a protected gallery's photos before the code) is left out: the
// client asks for it and shows what it shows today. The contract is in
// docs/api.md ("First data in the client page").

// firstDataTimeout bounds the time the page waits for its first data; past
// it the page is served without (the client asks, as without first data).
const firstDataTimeout = 3 * time.Second

// The client's first pages of a photo list: a collection's grid
// (FIRST_PHOTOS_PAGE_SIZE, features/gallery/gallery-home-page.tsx, as in
// GalleryHome's document) and the photo page's sequence (PAGE_SIZE,
// features/photos/photo-page.tsx).
const (
	gridFirstPageSize     = 48
	sequenceFirstPageSize = 100
)

// firstDataID is the id of the page's <script type="application/json">.
const firstDataID = "first-data"

// firstOp is one query of the page's first data and its answer's data.
type firstOp struct {
	Op        string          `json:"op"`
	Variables map[string]any  `json:"variables"`
	Data      json.RawMessage `json:"data"`
}

// firstDataPlan lists the queries the client sends when it opens the
// gallery address name (the path without its leading slash) with query
// string q, without their data: the layout's shell on every gallery page
// (GalleryShell: the browser may know the gallery from an earlier visit
// and ask for GalleryShellWithCart instead, which it then sends), the
// home's (GalleryHome, and the chosen collection's first page), a photo
// page's (PhotoGallery, PhotoNode, PhotoSequence). Nothing on a preview
// link (its hash changes the viewer) or outside a gallery.
func firstDataPlan(name string, q url.Values) []firstOp {
	parts := strings.Split(name, "/")
	slug := parts[0]
	if slug == "" || strings.Contains(slug, ".") || q.Has("previewHash") {
		return nil
	}
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	gallery := func() map[string]any { return map[string]any{"url": slug} }
	ops := []firstOp{{Op: "GalleryShell", Variables: gallery()}}
	switch {
	case len(parts) == 1:
		ops = append(ops, firstOp{Op: "GalleryHome", Variables: gallery()})
		if q.Has("collection") {
			ops = append(ops, firstOp{Op: "GalleryCollectionPhotos",
				Variables: map[string]any{"url": slug, "collection": q.Get("collection"), "first": gridFirstPageSize}})
		}
	case len(parts) == 3 && parts[1] == "photos" && parts[2] != "":
		ops = append(ops,
			firstOp{Op: "PhotoGallery", Variables: gallery()},
			firstOp{Op: "PhotoNode", Variables: map[string]any{"photoId": parts[2]}},
			firstOp{Op: "PhotoSequence", Variables: map[string]any{"url": slug, "first": sequenceFirstPageSize}})
	}
	return ops
}

// firstData runs the page's first-data queries for r and returns those
// answered without error. It never fails the page: anything that goes
// wrong (a document missing, a panic, the time bound) leaves a query out.
func (s *Server) firstData(r *http.Request) (ops []firstOp) {
	if s.gql == nil || r.Method != http.MethodGet {
		return nil
	}
	plan := firstDataPlan(strings.TrimPrefix(path.Clean(r.URL.Path), "/"), r.URL.Query())
	if len(plan) == 0 {
		return nil
	}
	docs, err := clientdocs.Embedded()
	if err != nil {
		s.Log.Warn("first data: client documents", "err", err)
		return nil
	}
	defer func() {
		if rec := recover(); rec != nil {
			s.Log.Error("first data: panic", "path", r.URL.Path, "panic", rec)
			ops = nil
		}
	}()
	ctx, cancel := context.WithTimeout(r.Context(), firstDataTimeout)
	defer cancel()
	for _, op := range plan {
		if data := s.runFirst(ctx, r, docs[op.Op], op); data != nil {
			op.Data = data
			ops = append(ops, op)
		}
	}
	return ops
}

// runFirst sends op through the GraphQL handler as the client would, in
// ctx (the page request's viewer), and returns its data when the answer
// has no error.
func (s *Server) runFirst(ctx context.Context, page *http.Request, query string, op firstOp) json.RawMessage {
	if query == "" {
		s.Log.Warn("first data: no such client query", "op", op.Op)
		return nil
	}
	body, err := json.Marshal(clientdocs.Request{OperationName: op.Op, Variables: op.Variables, Query: query})
	if err != nil {
		return nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "/graphql", bytes.NewReader(body))
	if err != nil {
		return nil
	}
	req.Header.Set("Content-Type", "application/json")
	if al := page.Header.Get("Accept-Language"); al != "" {
		req.Header.Set("Accept-Language", al)
	}
	req.RemoteAddr = page.RemoteAddr
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	s.gql.ServeHTTP(rec, req)
	if rec.status != http.StatusOK {
		return nil
	}
	return answerData(rec.body.Bytes())
}

// answerData is the data of a GraphQL answer without errors, or nil. The
// answer as writeGraphQLResponse writes it, {"data":...} (errors come
// first, before data), is cut without decoding it again; anything else is
// decoded.
func answerData(body []byte) json.RawMessage {
	const head = `{"data":`
	if bytes.HasPrefix(body, []byte(head)) && bytes.HasSuffix(body, []byte("}")) && !bytes.Contains(body, []byte(`"extensions":`)) {
		data := body[len(head) : len(body)-1]
		if bytes.Equal(data, []byte("null")) {
			return nil
		}
		return data
	}
	var answer struct {
		Data   json.RawMessage `json:"data"`
		Errors json.RawMessage `json:"errors"`
	}
	if json.Unmarshal(body, &answer) != nil || len(answer.Errors) > 0 ||
		len(answer.Data) == 0 || bytes.Equal(answer.Data, []byte("null")) {
		return nil
	}
	return answer.Data
}

// firstDataScript is the page's <script type="application/json"
// id="first-data">: {"v":1,"ops":[{"op","variables","data"}...]} with
// every <, >, & and U+2028/U+2029 escaped (\u003c...), so that no caption
// can close the element (`</script>`) or open a comment (`<!--`).
func firstDataScript(ops []firstOp) []byte {
	var js bytes.Buffer
	js.WriteString(`{"v":1,"ops":[`)
	for i, op := range ops {
		if i > 0 {
			js.WriteByte(',')
		}
		name, _ := json.Marshal(op.Op)
		vars, _ := json.Marshal(op.Variables)
		js.WriteString(`{"op":`)
		js.Write(name)
		js.WriteString(`,"variables":`)
		js.Write(vars)
		js.WriteString(`,"data":`)
		js.Write(op.Data)
		js.WriteByte('}')
	}
	js.WriteString(`]}`)
	var out bytes.Buffer
	out.Grow(js.Len() + 128)
	out.WriteString(`<script type="application/json" id="` + firstDataID + `">`)
	json.HTMLEscape(&out, js.Bytes())
	out.WriteString("</script>\n")
	return out.Bytes()
}

// coverPreload is the <link rel="preload"> of the home's cover (the
// largest image of the first screen, its LCP element), with the sources
// and sizes of the cover's <img> (features/gallery/gallery-cover.tsx), or
// nil when the first data holds no home with a cover.
func coverPreload(ops []firstOp) []byte {
	for _, op := range ops {
		if op.Op != "GalleryHome" {
			continue
		}
		var cover struct {
			URLs struct {
				Viewer string `json:"viewer"`
				SrcSet string `json:"srcSet"`
			} `json:"urls"`
		}
		if !decodeGalleryField(op.Data, "coverPhoto", &cover) || cover.URLs.Viewer == "" {
			return nil
		}
		u := cover.URLs
		var b strings.Builder
		b.WriteString(`<link rel="preload" as="image" href="` + html.EscapeString(u.Viewer) + `"`)
		if u.SrcSet != "" {
			b.WriteString(` imagesrcset="` + html.EscapeString(u.SrcSet) + `" imagesizes="100vw"`)
		}
		b.WriteString(` fetchpriority="high" />` + "\n    ")
		return []byte(b.String())
	}
	return nil
}

// withFirstData puts the first data (before </body>) and the cover's
// preload (before the head's first script, else before </head>) into the
// page.
func withFirstData(index []byte, ops []firstOp) []byte {
	if len(ops) == 0 {
		return index
	}
	script := firstDataScript(ops)
	out := make([]byte, 0, len(index)+len(script)+512)
	head := bytes.Index(index, []byte("</head>"))
	if link := coverPreload(ops); link != nil && head >= 0 {
		at := head
		if sc := bytes.Index(index[:head], []byte("<script")); sc >= 0 {
			at = sc
		}
		out = append(out, index[:at]...)
		out = append(out, link...)
		index = index[at:]
	}
	if body := bytes.LastIndex(index, []byte("</body>")); body >= 0 {
		out = append(out, index[:body]...)
		out = append(out, script...)
		return append(out, index[body:]...)
	}
	out = append(out, index...)
	return append(out, script...)
}

// decodeGalleryField decodes data.gallery.<field> into v, reading the
// answer only up to it (the cover comes before the photos in GalleryHome);
// false when it is absent or null.
func decodeGalleryField(data json.RawMessage, field string, v any) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	// {"gallery":{
	for _, want := range []any{json.Delim('{'), "gallery", json.Delim('{')} {
		if tok, err := dec.Token(); err != nil || tok != want {
			return false
		}
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if tok != field {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return false
			}
			continue
		}
		var raw json.RawMessage
		if dec.Decode(&raw) != nil || bytes.Equal(raw, []byte("null")) {
			return false
		}
		return json.Unmarshal(raw, v) == nil
	}
	return false
}
