package store

import (
	"context"
	"errors"
	"fmt"

	"entgo.io/ent/dialect/sql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/hook"
	"github.com/studio/gallery/ent/intercept"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/predicate"
	"github.com/studio/gallery/internal/viewer"
)

// ErrCrossReference is returned when a catalogue entity points at another
// that is missing from its gallery (spec section 5's build failures).
var ErrCrossReference = errors.New("missing reference")

// InstallRules installs the same interceptors and hooks as Open on another
// client over the same database, such as one bound to a transaction that
// also carries background jobs (internal/jobs).
func InstallRules(c *ent.Client) { installRules(c) }

// installRules adds the query interceptors that hide what the viewer may
// not see, and the hooks that refuse broken catalogue references.
func installRules(c *ent.Client) {
	c.Photo.Intercept(intercept.TraversePhoto(func(ctx context.Context, q *ent.PhotoQuery) error {
		if p := photoVisibility(viewer.FromContext(ctx)); p != nil {
			q.Where(p)
		}
		return nil
	}))
	c.Format.Use(formatFamilyHook)
	c.Family.Use(familyCategoryHook)
	c.PackFormat.Use(packFormatHook)
	c.PackDigitalFile.Use(packDigitalFileHook)
}

// photoVisibility hides private photos from everyone but the gallery's
// photographer, and client-hidden photos from mere visitors.
func photoVisibility(v *viewer.Viewer) predicate.Photo {
	if v.System {
		return nil
	}
	var ownGallery predicate.Photo = func(s *sql.Selector) { s.Where(sql.False()) }
	if v.PhotographerID != "" {
		ownGallery = photo.HasGalleryWith(gallery.HasPhotographerWith(func(s *sql.Selector) {
			s.Where(sql.EQ(s.C("id"), v.PhotographerID))
		}))
	}
	var clientGalleries []string
	for id, r := range v.Grants {
		if r >= viewer.RoleClient {
			clientGalleries = append(clientGalleries, id)
		}
	}
	// A preview shows its gallery as the clients see it.
	for id, ok := range v.Previews {
		if ok && v.Grants[id] < viewer.RoleClient {
			clientGalleries = append(clientGalleries, id)
		}
	}
	visible := photo.IsPrivate(false)
	if len(clientGalleries) == 0 {
		visible = photo.And(visible, photo.ClientHidden(false))
	} else {
		visible = photo.And(visible, photo.Or(
			photo.ClientHidden(false),
			photo.HasGalleryWith(gallery.IDIn(clientGalleries...)),
		))
	}
	return photo.Or(visible, ownGallery)
}

// PhotoVisibilityClass names which photos of a gallery (its id and its
// photographer's) the viewer sees under photoVisibility: "all", "client"
// (not private) or "visitor" (neither private nor client-hidden). Viewers
// of one class see the same photos; caches key on it. Keep it in step with
// photoVisibility.
func PhotoVisibilityClass(v *viewer.Viewer, galleryID, photographerID string) string {
	switch {
	case v.System || (v.PhotographerID != "" && v.PhotographerID == photographerID):
		return "all"
	case v.RoleIn(galleryID, photographerID) >= viewer.RoleClient:
		return "client"
	default:
		return "visitor"
	}
}

// galleryChild is a mutation of an entity of one gallery that references
// another entity of the same gallery (its parent: a format's family, a
// family's category).
type galleryChild interface {
	ent.Mutation
	GalleryID() (string, bool)
	IDs(context.Context) ([]string, error)
	Client() *ent.Client
}

// sameGallery is the hook that refuses a child whose parent is not in the
// child's gallery: parentOf reads the parent's id the mutation sets,
// stored reads a stored child's gallery and parent (an update that sets
// only one of them), inGallery tells whether a parent is in a gallery.
func sameGallery[M galleryChild](child, parentName string, parentOf func(M) (string, bool),
	stored func(ctx context.Context, c *ent.Client, id string) (galleryID, parentID string, err error),
	inGallery func(ctx context.Context, c *ent.Client, parentID, galleryID string) (bool, error)) ent.Hook {
	return hook.On(func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, mu ent.Mutation) (ent.Value, error) {
			m, ok := mu.(M)
			if !ok {
				return nil, fmt.Errorf("store: %s rule: unexpected mutation %T", child, mu)
			}
			parentID, hasParent := parentOf(m)
			galID, hasGal := m.GalleryID()
			if !hasParent && !hasGal {
				return next.Mutate(ctx, m)
			}
			sctx := viewer.SystemContext(ctx)
			ids, err := mutationIDs(sctx, m.IDs, m.Op().Is(ent.OpCreate))
			if err != nil {
				return nil, err
			}
			for _, id := range ids {
				g, p := galID, parentID
				if id != "" {
					curG, curP, err := stored(sctx, m.Client(), id)
					if err != nil {
						return nil, fmt.Errorf("%s %s: %w", child, id, err)
					}
					if !hasGal {
						g = curG
					}
					if !hasParent {
						p = curP
					}
				}
				ok, err := inGallery(sctx, m.Client(), p, g)
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, fmt.Errorf("%s references %s %s, which is missing from gallery %s: %w", child, parentName, p, g, ErrCrossReference)
				}
			}
			return next.Mutate(ctx, m)
		})
	}, ent.OpCreate|ent.OpUpdate|ent.OpUpdateOne)
}

// formatFamilyHook refuses a format whose family is not in the format's gallery.
var formatFamilyHook = sameGallery("format", "family", (*ent.FormatMutation).FamilyID,
	func(ctx context.Context, c *ent.Client, id string) (string, string, error) {
		cur, err := c.Format.Query().Where(format.ID(id)).WithGallery().WithFamily().Only(ctx)
		if err != nil {
			return "", "", err
		}
		return cur.Edges.Gallery.ID, cur.Edges.Family.ID, nil
	},
	func(ctx context.Context, c *ent.Client, famID, galID string) (bool, error) {
		return c.Family.Query().Where(family.ID(famID), family.HasGalleryWith(gallery.ID(galID))).Exist(ctx)
	})

// familyCategoryHook refuses a family whose category is not in the family's gallery.
var familyCategoryHook = sameGallery("family", "category", (*ent.FamilyMutation).CategoryID,
	func(ctx context.Context, c *ent.Client, id string) (string, string, error) {
		cur, err := c.Family.Query().Where(family.ID(id)).WithGallery().WithCategory().Only(ctx)
		if err != nil {
			return "", "", err
		}
		return cur.Edges.Gallery.ID, cur.Edges.Category.ID, nil
	},
	func(ctx context.Context, c *ent.Client, catID, galID string) (bool, error) {
		return c.Category.Query().Where(category.ID(catID), category.HasGalleryWith(gallery.ID(galID))).Exist(ctx)
	})

// packLine is a mutation of a pack's line that names a format (a printed
// format, a digital file).
type packLine interface {
	ent.Mutation
	PackID() (string, bool)
	FormatID() (string, bool)
	Client() *ent.Client
}

// samePackGallery is the hook that refuses a new pack line whose format is
// not in the pack's gallery.
func samePackGallery[M packLine]() ent.Hook {
	return hook.On(func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, mu ent.Mutation) (ent.Value, error) {
			m, ok := mu.(M)
			if !ok {
				return nil, fmt.Errorf("store: pack line rule: unexpected mutation %T", mu)
			}
			packID, _ := m.PackID()
			fmtID, _ := m.FormatID()
			if err := checkPackFormat(ctx, m.Client(), packID, fmtID); err != nil {
				return nil, err
			}
			return next.Mutate(ctx, m)
		})
	}, ent.OpCreate)
}

// packFormatHook refuses a pack format whose format is not in the pack's gallery.
var packFormatHook = samePackGallery[*ent.PackFormatMutation]()

// packDigitalFileHook refuses a pack digital file whose format is not in
// the pack's gallery.
var packDigitalFileHook = samePackGallery[*ent.PackDigitalFileMutation]()

func checkPackFormat(ctx context.Context, c *ent.Client, packID, fmtID string) error {
	ctx = viewer.SystemContext(ctx)
	g, err := c.Pack.Query().Where(pack.ID(packID)).QueryGallery().OnlyID(ctx)
	if err != nil {
		return fmt.Errorf("pack %s: %w", packID, ErrCrossReference)
	}
	ok, err := c.Format.Query().Where(format.ID(fmtID), format.HasGalleryWith(gallery.ID(g))).Exist(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("pack %s references format %s, which is missing from gallery %s: %w", packID, fmtID, g, ErrCrossReference)
	}
	return nil
}

// mutationIDs returns the ids an update touches, or one empty id for a
// create, whose references all come from the mutation itself.
func mutationIDs(ctx context.Context, ids func(context.Context) ([]string, error), create bool) ([]string, error) {
	if create {
		return []string{""}, nil
	}
	return ids(ctx)
}
