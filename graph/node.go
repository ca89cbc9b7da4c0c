package graph

import (
	"context"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/ids"
)

// node resolves the public node types by their id prefix, checking that
// the viewer may browse the gallery each belongs to.
func (r *Resolver) node(ctx context.Context, id string) (ent.Noder, error) {
	var galleryID string
	var n ent.Noder
	switch ids.Prefix(id) {
	case "gal":
		g, err := r.Galleries.ByID(ctx, id)
		if err != nil {
			return nil, err
		}
		return g, nil
	case "pho":
		p, err := r.DB.Client.Photo.Get(ctx, id)
		if err != nil {
			return nil, notFound(err)
		}
		galleryID, n = p.GalleryID, p
	case "vid":
		v, err := r.DB.Client.Video.Get(ctx, id)
		if err != nil {
			return nil, notFound(err)
		}
		galleryID, n = v.GalleryID, v
	case "fmt":
		f, err := r.DB.Client.Format.Query().Where(formatID(id)).WithGallery().Only(ctx)
		if err != nil {
			return nil, notFound(err)
		}
		galleryID, n = f.Edges.Gallery.ID, f
	case "pck":
		p, err := r.DB.Client.Pack.Query().Where(packID(id)).WithGallery().Only(ctx)
		if err != nil {
			return nil, notFound(err)
		}
		galleryID, n = p.Edges.Gallery.ID, p
	case "dlr":
		// Only its requester or the gallery's photographer sees it.
		return r.Downloads.Get(ctx, id)
	default:
		return nil, apperr.ErrNotFound
	}
	if _, err := r.visibleGallery(ctx, galleryID); err != nil {
		return nil, err
	}
	return n, nil
}

func notFound(err error) error {
	if ent.IsNotFound(err) {
		return apperr.ErrNotFound
	}
	return err
}

var (
	formatID = format.ID
	packID   = pack.ID
)
