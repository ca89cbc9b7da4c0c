package graph

import (
	"context"
	"fmt"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/graph/gqlmodel"
	"github.com/studio/gallery/graph/loader"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/photographer"
)

// MaxPageSize caps every connection page.
const MaxPageSize = 100

// checkPage enforces Relay arguments: first or last, at most MaxPageSize.
func checkPage(first, last *int) error {
	if first == nil && last == nil {
		return apperr.ErrInvalidInput.WithMessage("Indiquez first ou last (100 au plus).").WithField("first")
	}
	for name, v := range map[string]*int{"first": first, "last": last} {
		if v != nil && (*v < 0 || *v > MaxPageSize) {
			return apperr.ErrInvalidInput.WithMessage(fmt.Sprintf("%s doit être compris entre 0 et %d.", name, MaxPageSize)).WithField(name)
		}
	}
	return nil
}

// catalogueOf loads a gallery's catalogue through the request's loader.
func catalogueOf(ctx context.Context, galleryID string) (*catalogue.Catalogue, error) {
	return loader.Get(ctx, loader.For(ctx).Catalogue, galleryID)
}

// visibleGallery loads the gallery of an object and checks the viewer may browse it.
func (r *Resolver) visibleGallery(ctx context.Context, galleryID string) (*ent.Gallery, error) {
	g, err := r.Galleries.ByID(ctx, galleryID)
	if err != nil {
		return nil, err
	}
	if err := gallery.RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	return g, nil
}

// userErrors splits a domain error into the payload's userErrors (never
// nil, as the schema requires a list) and a failure for the errors array.
func userErrors(err error) ([]*gqlmodel.UserError, error) {
	ues, err := photographer.Split(err)
	if err != nil {
		return nil, err
	}
	out := make([]*gqlmodel.UserError, len(ues))
	for i, e := range ues {
		out[i] = toUserError(e)
	}
	return out, nil
}

func toUserError(e *apperr.Error) *gqlmodel.UserError {
	if e == nil {
		e = apperr.ErrInternal
	}
	return &gqlmodel.UserError{Field: e.Field, Message: e.Message, Code: e.Code}
}

// authState is the access state of the viewer in g.
func authState(ctx context.Context, g *ent.Gallery) *gqlmodel.AuthState {
	st := gallery.Access(ctx, g)
	out := &gqlmodel.AuthState{
		AccessCodeAuthorized: st.AccessCodeAuthorized,
		IsClient:             st.IsClient,
		IsPhotographer:       st.IsPhotographer,
		ConnectedAs:          st.ConnectedAs,
		NeedEmail:            st.NeedEmail,
	}
	if st.Email != "" {
		out.AccessEmail = &st.Email
	}
	return out
}

// galleryRef is the gallery an access call works on.
type galleryRef struct{ *ent.Gallery }

// accessCall runs an access change on a gallery and answers the resulting
// state; refusals the visitor can act on (wrong code, invalid e-mail,
// too many tries) are userErrors.
func (r *Resolver) accessCall(ctx context.Context, galleryID string, fn func(*galleryRef) error) (*gqlmodel.AccessPayload, error) {
	g, err := r.Galleries.ByID(ctx, galleryID)
	if err != nil {
		return nil, err
	}
	ues, err := accessUserErrors(fn(&galleryRef{g}))
	if err != nil {
		return nil, err
	}
	return &gqlmodel.AccessPayload{Auth: authState(ctx, g), UserErrors: ues}, nil
}

// accessUserErrors turns the access rules' refusals (4xx) into userErrors
// and keeps other failures as errors.
func accessUserErrors(err error) ([]*gqlmodel.UserError, error) {
	if err == nil {
		return []*gqlmodel.UserError{}, nil
	}
	if ae := apperr.As(err); ae != nil && ae.Status < 500 && ae.Code != apperr.ErrForbidden.Code && ae.Code != apperr.ErrUnauthorized.Code {
		return []*gqlmodel.UserError{toUserError(ae)}, nil
	}
	return nil, err
}
