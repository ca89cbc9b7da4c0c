package graph

import (
	"context"
	"errors"
	"net/http"
	"sync"

	"entgo.io/contrib/entgql"
	"github.com/99designs/gqlgen/graphql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/graph/gqlmodel"
	"github.com/studio/gallery/graph/loader"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/passkey"
	"github.com/studio/gallery/internal/selections"
)

// MaxPageSize caps every connection page.
const MaxPageSize = 100

// checkPage enforces Relay arguments: first or last, at most MaxPageSize.
func checkPage(first, last *int) error {
	if first == nil && last == nil {
		return apperr.ErrInvalidInput.WithMessage("page_size_required", apperr.Args{"Max": MaxPageSize}).WithField("first")
	}
	for name, v := range map[string]*int{"first": first, "last": last} {
		if v != nil && (*v < 0 || *v > MaxPageSize) {
			return apperr.ErrInvalidInput.WithMessage("page_size_range", apperr.Args{"Name": name, "Max": MaxPageSize}).WithField(name)
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
// nil, as the schema requires a list) and a failure for the errors array,
// by the one rule of apperr.Fixable.
func userErrors(err error) ([]*gqlmodel.UserError, error) {
	fixable, err := apperr.Fixable(err)
	if err != nil {
		return nil, err
	}
	out := make([]*gqlmodel.UserError, len(fixable))
	for i, e := range fixable {
		out[i] = toUserError(e)
	}
	return out, nil
}

func toUserError(e *apperr.Error) *gqlmodel.UserError { return gqlmodel.NewUserError(e) }

// authState is the access state of the viewer in g.
func authState(ctx context.Context, g *ent.Gallery) *gqlmodel.AuthState {
	st := gallery.Access(ctx, g)
	out := &gqlmodel.AuthState{
		AccessCodeAuthorized: st.AccessCodeAuthorized,
		IsClient:             st.IsClient,
		IsPhotographer:       st.IsPhotographer,
		ConnectedAs:          st.ConnectedAs,
		NeedEmail:            st.NeedEmail,
		ReadOnly:             st.ReadOnly,
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
	err = fn(&galleryRef{g})
	var withCaptcha *access.CaptchaError
	errors.As(err, &withCaptcha)
	ues, err := userErrors(err)
	if err != nil {
		return nil, err
	}
	out := &gqlmodel.AccessPayload{Auth: authState(ctx, g), UserErrors: ues}
	if withCaptcha != nil {
		out.Captcha = withCaptcha.Captcha
	}
	return out, nil
}

// collectSelections narrows a selection query to what the operation asks
// for (ent field collection: the photos page and the videos in one go).
func collectSelections(ctx context.Context) selections.QueryOption {
	return func(q *ent.SelectionQuery) (*ent.SelectionQuery, error) { return q.CollectFields(ctx) }
}

// photosByPosition is the display order of photo pages.
var photosByPosition = ent.WithPhotoOrder(&ent.PhotoOrder{Field: ent.PhotoOrderFieldPosition, Direction: entgql.OrderDirectionAsc})

// videosByPosition is the display order of video pages.
var videosByPosition = ent.WithVideoOrder(&ent.VideoOrder{Field: ent.VideoOrderFieldPosition, Direction: entgql.OrderDirectionAsc})

// selectionOrFavorites is the selection an input names: absent means the favourites.
func selectionOrFavorites(id *string) string {
	if id == nil || *id == "" {
		return selections.FavoritesAlias
	}
	return *id
}

// packChoices converts a pack configuration's formats.
func packChoices(in []*gqlmodel.PackFormatPhotosInput) []cart.PackChoice {
	out := make([]cart.PackChoice, 0, len(in))
	for _, f := range in {
		c := cart.PackChoice{FormatID: f.FormatID}
		for _, p := range f.Photos {
			c.Photos = append(c.Photos, cart.PhotoChoice{PhotoID: p.PhotoID, Quantity: p.Quantity, Finish: p.Finish, Border: p.Border, Crop: p.Crop})
		}
		out = append(out, c)
	}
	return out
}

// address converts an address input.
func addressOf(a *gqlmodel.AddressInput) model.Address {
	out := model.Address{Title: a.Title, Firstname: a.Firstname, Lastname: a.Lastname, Address: a.Address,
		PostalCode: a.PostalCode, City: a.City, Country: a.Country, PhoneNumber: a.PhoneNumber}
	if a.Address2 != nil {
		out.Address2 = *a.Address2
	}
	if a.VatNumber != nil {
		out.VatNumber = *a.VatNumber
	}
	return out
}

// follow feeds a subscription: the current state first when initial, then
// the state again (load) after each event of topic that match accepts,
// until ctx ends or the broker closes. No goroutine waits while nothing
// happens: the broker's delivery starts a short-lived one that loads and
// hands the new state over. The channel holds the latest state only (each
// state is whole), so a slow client never makes the loads pile up.
func follow[T any](ctx context.Context, ev events.Broker, topic string, initial bool, match func(id string) bool, load func(context.Context) (T, error)) (<-chan T, error) {
	if ev == nil {
		return nil, apperr.ErrInternal
	}
	// Subscribe before the first load, so that no change falls between.
	sub := ev.Subscribe(topic)
	ch := make(chan T, 1)
	if initial {
		v, err := load(ctx)
		if err != nil {
			sub.Close()
			return nil, err
		}
		ch <- v
	}
	f := &follower[T]{ctx: ctx, sub: sub, ch: ch, match: match, load: load}
	context.AfterFunc(ctx, f.stop)
	sub.Notify(f.wake)
	return ch, nil
}

// follower is one subscription's state between events.
type follower[T any] struct {
	ctx   context.Context
	sub   *events.Subscription
	ch    chan T
	match func(string) bool
	load  func(context.Context) (T, error)

	mu      sync.Mutex
	closed  bool // ch is closed
	running bool // a pump goroutine is at work
	again   bool // events came while it worked
}

// wake runs on the broker's delivery: it starts the pump, or tells the
// running one to look again. It never blocks.
func (f *follower[T]) wake() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return
	}
	if f.running {
		f.again = true
		return
	}
	f.running = true
	go f.pump()
}

// pump loads and hands over the state while events keep coming.
func (f *follower[T]) pump() {
	for {
		evs, done := f.sub.Take()
		changed := false
		for _, e := range evs {
			if e.Resync() || f.match(e.ID) {
				changed = true
			}
		}
		if done || f.ctx.Err() != nil {
			f.stop()
			return
		}
		if changed {
			v, err := f.load(f.ctx)
			if err != nil {
				f.stop()
				return
			}
			f.mu.Lock()
			if f.closed {
				f.mu.Unlock()
				return
			}
			select { // the newer state replaces one not read yet
			case <-f.ch:
			default:
			}
			f.ch <- v
			f.mu.Unlock()
		}
		f.mu.Lock()
		if !f.again {
			f.running = false
			f.mu.Unlock()
			return
		}
		f.again = false
		f.mu.Unlock()
	}
}

// stop ends the subscription and closes the channel once.
func (f *follower[T]) stop() {
	f.mu.Lock()
	if !f.closed {
		f.closed = true
		close(f.ch)
	}
	f.mu.Unlock()
	f.sub.Close()
}

// orderPayload answers an order mutation: the order, or why not.
func orderPayload(o *ent.Order, err error) (*gqlmodel.OrderPayload, error) {
	ues, err := userErrors(err)
	if err != nil {
		return nil, err
	}
	return &gqlmodel.OrderPayload{Order: o, UserErrors: ues}, nil
}

// codeInput is an access-code input as the access rules take it.
func codeInput(in gqlmodel.EnterAccessCodeInput) access.CodeInput {
	out := access.CodeInput{Code: in.Code}
	if in.CaptchaID != nil {
		out.CaptchaID = *in.CaptchaID
	}
	if in.CaptchaText != nil {
		out.CaptchaText = *in.CaptchaText
	}
	return out
}

// userAgent is the browser the operation came from (a new session records it).
func userAgent(ctx context.Context) string {
	if !graphql.HasOperationContext(ctx) {
		return ""
	}
	return graphql.GetOperationContext(ctx).Headers.Get("User-Agent")
}

// passkeyBrowser is the passkey_login cookie the request carried: the
// browser a sign-in with a passkey was begun in (passkey.LoginCookie).
func passkeyBrowser(ctx context.Context) string {
	return requestCookie(ctx, passkey.LoginCookie)
}

// requestCookie is the value of the cookie name the operation's HTTP
// request carried, or "".
func requestCookie(ctx context.Context, name string) string {
	if !graphql.HasOperationContext(ctx) {
		return ""
	}
	c, err := (&http.Request{Header: graphql.GetOperationContext(ctx).Headers}).Cookie(name)
	if err != nil {
		return ""
	}
	return c.Value
}

// Keys of a studio list's galleries for loader.PageKeys: the gallery
// itself, its chosen cover, and itself when it has no chosen cover (the
// automatic one is then its first photo).
func galleryID(g *ent.Gallery) string { return g.ID }

func coverID(g *ent.Gallery) string {
	if g.CoverPhotoID == nil {
		return ""
	}
	return *g.CoverPhotoID
}

func withoutCover(g *ent.Gallery) string {
	if g.CoverPhotoID != nil {
		return ""
	}
	return g.ID
}
