package graph

import (
	"bytes"
	"context"
	"io"
	"math"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/graph/gqlmodel"
)

// InlineWriters turns the hand-written list writers on (the default); tests
// turn them off to compare their bytes with gqlgen's.
var InlineWriters = func() *atomic.Bool { b := new(atomic.Bool); b.Store(true); return b }()

// photoEdgesInline writes a page of photo edges straight from the rows when
// every field selected below the edges is one of the plain fields of
// PhotoEdge, Photo and PhotoUrls (columns, and pure functions of the row),
// with no @defer. graph/inlinelists calls it first in the generated
// marshaller of photo edge lists; when it answers false, gqlgen marshals the
// list as usual.
//
// The bytes are gqlgen's own (TestPhotoEdgesInlineWritesWhatGqlgenWrites
// compares both for the client's documents and for aliases, fragments,
// directives and repeated fields). What is saved is gqlgen's machinery per
// field of every photo: a field context, a context value, the field
// middleware chain and a field set, some 200 allocations per photo, which
// made a 100-photo page cost more than a millisecond of CPU.
func (ec *executionContext) photoEdgesInline(ctx context.Context, sel ast.SelectionSet, v []*ent.PhotoEdge) (graphql.Marshaler, bool) {
	if v == nil || !InlineWriters.Load() {
		return nil, false
	}
	oc := ec.OperationContext
	edgeFields := graphql.CollectFields(oc, sel, photoEdgeImplementors)
	var nodeFields, urlFields []graphql.CollectedField
	ratio := false
	for _, f := range edgeFields {
		if f.IsDeferred() {
			return nil, false
		}
		switch f.Name {
		case "__typename", "cursor":
		case "node":
			if nodeFields != nil {
				return nil, false // the same node under two aliases: left to gqlgen
			}
			nodeFields = graphql.CollectFields(oc, f.Selections, photoImplementors)
			for _, nf := range nodeFields {
				if nf.IsDeferred() {
					return nil, false
				}
				switch nf.Name {
				case "__typename", "id", "filename", "width", "height", "dominantColor", "portrait":
				case "ratio":
					ratio = true
				case "urls":
					if urlFields != nil {
						return nil, false
					}
					urlFields = graphql.CollectFields(oc, nf.Selections, photoUrlsImplementors)
					for _, uf := range urlFields {
						switch {
						case uf.IsDeferred():
							return nil, false
						case uf.Name == "__typename", uf.Name == "thumbnail", uf.Name == "viewer", uf.Name == "srcSet",
							uf.Name == "original", uf.Name == "webDownload":
						default:
							return nil, false
						}
					}
				default:
					return nil, false
				}
			}
		default:
			return nil, false
		}
	}
	// What could fail is computed first: a failure leaves the page to gqlgen,
	// which reports it as it always has.
	urls := make([]*gqlmodel.PhotoUrls, len(v))
	for i, e := range v {
		if e == nil || e.Node == nil {
			return nil, false
		}
		if ratio {
			if r, err := ec.Resolvers.Photo().Ratio(ctx, e.Node); err != nil || math.IsNaN(r) || math.IsInf(r, 0) {
				return nil, false
			}
		}
		if urlFields != nil {
			u, err := ec.Resolvers.Photo().Urls(ctx, e.Node)
			if err != nil || u == nil {
				return nil, false
			}
			urls[i] = u
		}
	}

	var buf bytes.Buffer
	buf.Grow(len(v) * 320)
	buf.WriteByte('[')
	for i, e := range v {
		if i > 0 {
			buf.WriteByte(',')
		}
		writeFields(&buf, edgeFields, func(w io.Writer, f graphql.CollectedField) {
			switch f.Name {
			case "__typename":
				graphql.MarshalString("PhotoEdge").MarshalGQL(w)
			case "cursor":
				e.Cursor.MarshalGQL(w)
			case "node":
				ec.writePhotoInline(ctx, w, e.Node, urls[i], nodeFields, urlFields)
			}
		})
	}
	buf.WriteByte(']')
	out := buf.Bytes()
	return graphql.WriterFunc(func(w io.Writer) { _, _ = w.Write(out) }), true
}

// writePhotoInline writes one photo's selected plain fields.
func (ec *executionContext) writePhotoInline(ctx context.Context, w io.Writer, p *ent.Photo, urls *gqlmodel.PhotoUrls, fields, urlFields []graphql.CollectedField) {
	writeFields(w, fields, func(w io.Writer, f graphql.CollectedField) {
		switch f.Name {
		case "__typename":
			graphql.MarshalString("Photo").MarshalGQL(w)
		case "id":
			graphql.MarshalID(p.ID).MarshalGQL(w)
		case "filename":
			graphql.MarshalString(p.Filename).MarshalGQL(w)
		case "width":
			graphql.MarshalInt(p.Width).MarshalGQL(w)
		case "height":
			graphql.MarshalInt(p.Height).MarshalGQL(w)
		case "dominantColor":
			graphql.MarshalString(p.DominantColor).MarshalGQL(w)
		case "portrait":
			portrait, _ := ec.Resolvers.Photo().Portrait(ctx, p)
			graphql.MarshalBoolean(portrait).MarshalGQL(w)
		case "ratio":
			ratio, _ := ec.Resolvers.Photo().Ratio(ctx, p)
			_ = graphql.MarshalFloatContext(ratio).MarshalGQLContext(ctx, w)
		case "urls":
			writeFields(w, urlFields, func(w io.Writer, f graphql.CollectedField) {
				switch f.Name {
				case "__typename":
					graphql.MarshalString("PhotoUrls").MarshalGQL(w)
				case "thumbnail":
					graphql.MarshalString(urls.Thumbnail).MarshalGQL(w)
				case "viewer":
					graphql.MarshalString(urls.Viewer).MarshalGQL(w)
				case "srcSet":
					graphql.MarshalString(urls.SrcSet).MarshalGQL(w)
				case "original":
					graphql.MarshalString(urls.Original).MarshalGQL(w)
				case "webDownload":
					graphql.MarshalString(urls.WebDownload).MarshalGQL(w)
				}
			})
		}
	})
}

// writeFields writes an object as gqlgen's field sets do: the fields in
// order, each alias once.
func writeFields(w io.Writer, fields []graphql.CollectedField, value func(io.Writer, graphql.CollectedField)) {
	_, _ = io.WriteString(w, "{")
	for i, f := range fields {
		if i > 0 {
			_, _ = io.WriteString(w, ",")
		}
		graphql.MarshalString(f.Alias).MarshalGQL(w)
		_, _ = io.WriteString(w, ":")
		value(w, f)
	}
	_, _ = io.WriteString(w, "}")
}
