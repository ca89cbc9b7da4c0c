package graph

import (
	"context"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/graph/gqlmodel"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/selections"
)

// galleryCall is the shape of every change in a gallery: find the gallery
// (as the viewer may see it), run fn, and answer its result in a payload,
// or the refusals the viewer can act on as userErrors.
func galleryCall[T, P any](ctx context.Context, r *Resolver, galleryID string, fn func(*ent.Gallery) (T, error),
	payload func(T, []*gqlmodel.UserError) P) (P, error) {
	var none P
	g, err := r.Galleries.ByID(ctx, galleryID)
	if err != nil {
		return none, err
	}
	v, err := fn(g)
	ues, err := userErrors(err)
	if err != nil {
		return none, err
	}
	return payload(v, ues), nil
}

// selectionCall runs a change to one of the viewer's selections in a
// gallery and answers the selection.
func (r *Resolver) selectionCall(ctx context.Context, galleryID string, fn func(*ent.Gallery) (*ent.Selection, error)) (*gqlmodel.SelectionPayload, error) {
	return galleryCall(ctx, r, galleryID, fn, func(sel *ent.Selection, ues []*gqlmodel.UserError) *gqlmodel.SelectionPayload {
		return &gqlmodel.SelectionPayload{Selection: sel, UserErrors: ues}
	})
}

// albumCall runs an album change in a gallery and answers the album.
func (r *Resolver) albumCall(ctx context.Context, galleryID string, fn func(*ent.Gallery) (*selections.Album, error)) (*gqlmodel.AlbumPayload, error) {
	return galleryCall(ctx, r, galleryID, fn, func(a *selections.Album, ues []*gqlmodel.UserError) *gqlmodel.AlbumPayload {
		return &gqlmodel.AlbumPayload{Album: a, UserErrors: ues}
	})
}

// cartCall runs a cart change on a gallery and answers the cart.
func (r *Resolver) cartCall(ctx context.Context, galleryID string, fn func(*ent.Gallery) (*cart.View, error)) (*gqlmodel.CartPayload, error) {
	return galleryCall(ctx, r, galleryID, fn, func(v *cart.View, ues []*gqlmodel.UserError) *gqlmodel.CartPayload {
		return &gqlmodel.CartPayload{Cart: v, UserErrors: ues}
	})
}
