package gallery

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// keptMedia holds what gallery pages read of photos, videos and
// photographers between requests: the pages of photos and videos, the
// photographer's selection, covers. A value is kept per gallery and
// visibility class (store.PhotoVisibilityClass: what the viewer may see is
// the same for everyone of the class), fresh after any photo, video or
// photographer write through this process, and at most keepRows's ttl old.
// A new guest, or the first request after the gallery's title or theme
// changed, reads none of them again.
type keptMedia [3]struct {
	writes store.Writes
	values *store.Kept[any]
}

// Kind names what a kept value reads, and so which writes make it stale.
type Kind int

const (
	// Photos: photo rows (pages, counts, covers).
	Photos Kind = iota
	// Videos: video rows.
	Videos
	// Photographers: photographer rows.
	Photographers
)

var kindTypes = [...]string{Photos: ent.TypePhoto, Videos: ent.TypeVideo, Photographers: ent.TypePhotographer}

func newKeptMedia(db *ent.Client, ttl time.Duration) *keptMedia {
	k := &keptMedia{}
	for i := range k {
		t := kindTypes[i]
		k[i].values = &store.Kept[any]{Writes: &k[i].writes, TTL: ttl, Max: 16384}
		k[i].writes.Install(db, func(et string) bool { return et == t })
	}
	return k
}

// KeptMedia returns what load reads of g's photos, videos or
// photographer (kind: only writes of that kind make it stale), kept under
// key for the viewer's visibility class in g (see keptMedia); load runs
// when nothing is kept. What is returned is shared: callers must not
// modify it.
func KeptMedia[V any](ctx context.Context, s *Service, g *ent.Gallery, kind Kind, key string, load func() (V, error)) (V, error) {
	if s == nil || s.media == nil {
		return load()
	}
	class := store.PhotoVisibilityClass(viewer.FromContext(ctx), g.ID, g.PhotographerID)
	v, err := s.media[kind].values.Get(g.ID+"\x00"+class+"\x00"+key, func() (any, error) { return load() })
	if err != nil {
		var zero V
		return zero, err
	}
	return v.(V), nil
}

// FieldKey names the GraphQL field being resolved in its request: the
// document, the field's place in it and the variables. ent's pagination
// narrows what it reads to the fields the query selects, so a page read
// for one selection is kept for that selection only.
func FieldKey(ctx context.Context, args ...any) string {
	oc := graphql.GetOperationContext(ctx)
	fc := graphql.GetFieldContext(ctx)
	var b strings.Builder
	if oc != nil {
		sum := sha256.Sum256([]byte(oc.RawQuery))
		b.Write(sum[:])
		vars, _ := json.Marshal(oc.Variables)
		b.Write(vars)
		b.WriteString(oc.OperationName)
	}
	if fc != nil && fc.Field.Field != nil {
		b.WriteString(fc.Path().String())
		if p := fc.Field.Position; p != nil {
			fmt.Fprintf(&b, "@%d:%d", p.Line, p.Column)
		}
	}
	for _, a := range args {
		fmt.Fprintf(&b, "\x00%s", argString(a))
	}
	return b.String()
}

// argString prints a pagination argument, following pointers.
func argString(a any) string {
	data, err := json.Marshal(a)
	if err != nil {
		return fmt.Sprint(a)
	}
	return string(data)
}
