// Package loader holds the per-request dataloaders for the fields ent's
// field collection does not cover. A new set is made for every request:
// loaders are never shared between requests, so nothing leaks across viewers.
package loader

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vikstrous/dataloadgen"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/musictrack"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/catalogue"
	photographerpkg "github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/selections"
)

// Loaders are the dataloaders of one request.
type Loaders struct {
	Catalogue    *dataloadgen.Loader[string, *catalogue.Catalogue]
	Photo        *dataloadgen.Loader[string, *ent.Photo]
	Photographer *dataloadgen.Loader[string, *ent.Photographer]
	MusicTrack   *dataloadgen.Loader[string, *ent.MusicTrack]
	Format       *dataloadgen.Loader[string, *ent.Format]
	Family       *dataloadgen.Loader[string, *ent.Family]
	Category     *dataloadgen.Loader[string, *ent.Category]
	// SelectionItems are the photo and video ids of selections, as the
	// viewer may see them.
	SelectionItems *dataloadgen.Loader[string, selections.Items]
	// GalleryStats are the studio's figures of the viewer's galleries.
	GalleryStats *dataloadgen.Loader[string, photographerpkg.GalleryStats]
	// FirstPhoto is the first ready photo of each gallery (the automatic
	// cover), for the studio's list.
	FirstPhoto *dataloadgen.Loader[string, *ent.Photo]

	mu sync.Mutex
	// pages are the galleries of the lists this response resolves, by
	// gallery id: see SetPage.
	pages map[string][]*ent.Gallery
}

// SetPage records the galleries of a list the response is resolving, so
// that a per-gallery field loads the whole page in one batch however its
// resolvers are scheduled: the batch window alone splits a page in two
// when the machine is busy.
func (l *Loaders) SetPage(galleries []*ent.Gallery) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.pages == nil {
		l.pages = make(map[string][]*ent.Gallery, len(galleries))
	}
	for _, g := range galleries {
		l.pages[g.ID] = galleries
	}
}

// Page returns the galleries of the recorded list holding the gallery id,
// or nil when it is in none.
func (l *Loaders) Page(id string) []*ent.Gallery {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.pages[id]
}

// PageKeys returns key(g) for every gallery of the page holding id that has
// one, and at least id's own key when the page is unknown.
func (l *Loaders) PageKeys(id string, own string, key func(*ent.Gallery) string) []string {
	page := l.Page(id)
	keys := make([]string, 0, len(page)+1)
	keys = append(keys, own)
	for _, g := range page {
		if k := key(g); k != "" && k != own {
			keys = append(keys, k)
		}
	}
	return keys
}

// New makes a fresh set of loaders over db; catalogues, when not nil, are
// taken from kept ones (shared between requests, fresh after changes).
func New(db *ent.Client, catalogues *catalogue.Cache) *Loaders {
	opts := []dataloadgen.Option{dataloadgen.WithWait(time.Millisecond), dataloadgen.WithBatchCapacity(200)}
	return &Loaders{
		Catalogue: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]*catalogue.Catalogue, error) {
			if catalogues == nil {
				return catalogue.Load(ctx, db, ids)
			}
			out := make(map[string]*catalogue.Catalogue, len(ids))
			for _, id := range ids {
				c, err := catalogues.Load(ctx, db, id)
				if err != nil {
					return nil, err
				}
				out[id] = c
			}
			return out, nil
		}, opts...),
		Photo: dataloadgen.NewMappedLoader(byID(func(ctx context.Context, ids []string) ([]*ent.Photo, error) {
			return db.Photo.Query().Where(photo.IDIn(ids...)).All(ctx)
		}, func(p *ent.Photo) string { return p.ID }), opts...),
		Photographer: dataloadgen.NewMappedLoader(byID(func(ctx context.Context, ids []string) ([]*ent.Photographer, error) {
			return db.Photographer.Query().Where(photographer.IDIn(ids...)).All(ctx)
		}, func(p *ent.Photographer) string { return p.ID }), opts...),
		MusicTrack: dataloadgen.NewMappedLoader(byID(func(ctx context.Context, ids []string) ([]*ent.MusicTrack, error) {
			return db.MusicTrack.Query().Where(musictrack.IDIn(ids...)).All(ctx)
		}, func(t *ent.MusicTrack) string { return t.ID }), opts...),
		Format: dataloadgen.NewMappedLoader(byID(func(ctx context.Context, ids []string) ([]*ent.Format, error) {
			return db.Format.Query().Where(format.IDIn(ids...)).All(ctx)
		}, func(f *ent.Format) string { return f.ID }), opts...),
		Family: dataloadgen.NewMappedLoader(byID(func(ctx context.Context, ids []string) ([]*ent.Family, error) {
			return db.Family.Query().Where(family.IDIn(ids...)).All(ctx)
		}, func(f *ent.Family) string { return f.ID }), opts...),
		Category: dataloadgen.NewMappedLoader(byID(func(ctx context.Context, ids []string) ([]*ent.Category, error) {
			return db.Category.Query().Where(category.IDIn(ids...)).All(ctx)
		}, func(c *ent.Category) string { return c.ID }), opts...),
		SelectionItems: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]selections.Items, error) {
			return selections.Contents(ctx, db, ids)
		}, opts...),
		GalleryStats: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]photographerpkg.GalleryStats, error) {
			return photographerpkg.Stats(ctx, db, ids)
		}, opts...),
		FirstPhoto: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]*ent.Photo, error) {
			return photographerpkg.FirstPhotos(ctx, db, ids)
		}, opts...),
	}
}

// byID turns a list query into a mapped batch function; ids the query does
// not return (missing or hidden from the viewer) load as apperr.ErrNotFound.
func byID[T any](list func(context.Context, []string) ([]T, error), key func(T) string) func(context.Context, []string) (map[string]T, error) {
	return func(ctx context.Context, ids []string) (map[string]T, error) {
		rows, err := list(ctx, ids)
		if err != nil {
			return nil, err
		}
		out := make(map[string]T, len(rows))
		for _, r := range rows {
			out[key(r)] = r
		}
		return out, nil
	}
}

type ctxKey struct{}

// lazy makes a request's loaders the first time a resolver asks for them:
// most requests never do.
type lazy struct {
	once       sync.Once
	db         *ent.Client
	catalogues *catalogue.Cache
	l          *Loaders
}

func (z *lazy) get() *Loaders {
	z.once.Do(func() {
		if z.l == nil {
			z.l = New(z.db, z.catalogues)
		}
	})
	return z.l
}

// Middleware gives every request its own loaders. A websocket upgrade
// gets none: a connection lives for hours and its cache would go stale;
// its operations get theirs from Fresh, one set per response.
func Middleware(db *ent.Client, catalogues *catalogue.Cache, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "" {
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, &lazy{db: db, catalogues: catalogues})))
	})
}

// Fresh is a gqlgen extension giving loaders to the responses that have
// none (operations over a websocket), and new ones to every event of a
// subscription, so that each event is resolved from the database as it
// is then, and an idle subscriber keeps no cache.
type Fresh struct {
	DB         *ent.Client
	Catalogues *catalogue.Cache
}

var _ interface {
	graphql.ResponseInterceptor
	graphql.HandlerExtension
} = Fresh{}

func (Fresh) ExtensionName() string                   { return "FreshLoaders" }
func (Fresh) Validate(graphql.ExecutableSchema) error { return nil }

func (f Fresh) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	_, has := ctx.Value(ctxKey{}).(*lazy)
	if !has || isSubscription(ctx) {
		ctx = context.WithValue(ctx, ctxKey{}, &lazy{db: f.DB, catalogues: f.Catalogues})
	}
	return next(ctx)
}

func isSubscription(ctx context.Context) bool {
	if !graphql.HasOperationContext(ctx) {
		return false
	}
	op := graphql.GetOperationContext(ctx).Operation
	return op != nil && op.Operation == ast.Subscription
}

// NewContext returns ctx carrying l.
func NewContext(ctx context.Context, l *Loaders) context.Context {
	return context.WithValue(ctx, ctxKey{}, &lazy{l: l})
}

// For returns the loaders of the request.
func For(ctx context.Context) *Loaders {
	z, _ := ctx.Value(ctxKey{}).(*lazy)
	if z == nil {
		panic("loader: no loaders in context (missing loader.Middleware)")
	}
	return z.get()
}

// GetAmong loads keys[0] along with the other keys in the same batch (see
// SetPage), turning a missing keys[0] into apperr.ErrNotFound; a missing
// other key is not an error of this call.
func GetAmong[T any](ctx context.Context, l *dataloadgen.Loader[string, T], keys []string) (T, error) {
	if len(keys) > 1 {
		thunks := make([]func() (T, error), len(keys))
		for i, k := range keys {
			thunks[i] = l.LoadThunk(ctx, k)
		}
		return unwrap(thunks[0]())
	}
	return Get(ctx, l, keys[0])
}

func unwrap[T any](v T, err error) (T, error) {
	if err != nil {
		var zero T
		if errors.Is(err, dataloadgen.ErrNotFound) {
			return zero, apperr.ErrNotFound
		}
		return zero, err
	}
	return v, nil
}

// Get loads one key, turning a missing key into apperr.ErrNotFound.
func Get[T any](ctx context.Context, l *dataloadgen.Loader[string, T], id string) (T, error) {
	return unwrap(l.Load(ctx, id))
}
