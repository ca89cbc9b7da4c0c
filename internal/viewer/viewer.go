// Package viewer carries who is making a request through the context, so
// that the data layer can refuse what that person may not see.
package viewer

import "context"

// Role is how a person stands in one gallery.
type Role int

// Roles, from least to most trusted.
const (
	RoleNone Role = iota
	RoleVisitor
	RoleClient
	RolePhotographer
)

// Viewer is the person behind a request.
type Viewer struct {
	// Email is the confirmed e-mail address, if any.
	Email string
	// PhotographerID is set when the person is a photographer (token or
	// confirmed photographer e-mail).
	PhotographerID string
	// Grants maps a gallery id to the role the access cookie gives there.
	// A preview link is not a grant: it is kept in Previews.
	Grants map[string]Role
	// System marks internal work (seeding, jobs) that sees everything.
	System bool
	// SessionKey names the browser, for anonymous carts.
	SessionKey string
	// ClientAddr is the caller's network address, for rate limits (an
	// IPv6 caller's /64 network: server.LimitAddr).
	ClientAddr string
	// Previews lists the galleries a valid preview hash opened in this
	// request: they open even when unpublished, as their clients see them,
	// but read-only (RoleIn counts them, OwnRoleIn does not).
	Previews map[string]bool
	// XSRFOK tells whether the request proved it comes from the site
	// itself (the X-XSRF-TOKEN header matches the session's token) or from
	// a script holding a bearer token: mutations need it.
	XSRFOK bool
}

type ctxKey struct{}

// NewContext returns ctx carrying v.
func NewContext(ctx context.Context, v *Viewer) context.Context {
	return context.WithValue(ctx, ctxKey{}, v)
}

// FromContext returns the viewer of ctx, or an anonymous one.
func FromContext(ctx context.Context) *Viewer {
	if v, ok := ctx.Value(ctxKey{}).(*Viewer); ok && v != nil {
		return v
	}
	return &Viewer{}
}

// SystemContext returns a context for internal work that sees everything.
func SystemContext(ctx context.Context) context.Context {
	return NewContext(ctx, &Viewer{System: true})
}

// RoleIn returns the role the viewer reads a gallery owned by
// photographerID with: the one its credentials give, or a client's when a
// preview link of the gallery is open (a preview shows the gallery as its
// clients see it). What the viewer may do there goes by OwnRoleIn.
func (v *Viewer) RoleIn(galleryID, photographerID string) Role {
	r := v.OwnRoleIn(galleryID, photographerID)
	if r < RoleClient && v.Previews[galleryID] {
		return RoleClient
	}
	return r
}

// OwnRoleIn returns the role the viewer's own credentials give in a
// gallery owned by photographerID (being its photographer, an access code
// cookie), leaving preview links out: actions that change something or
// hand out files go by it, so that a preview is read-only.
func (v *Viewer) OwnRoleIn(galleryID, photographerID string) Role {
	if v.System || (v.PhotographerID != "" && v.PhotographerID == photographerID) {
		return RolePhotographer
	}
	return v.Grants[galleryID]
}

// Acting returns ctx for the work of an action the viewer's own
// credentials allowed (gallery.RequireAction): the same viewer without its
// preview links, so that the data layer hands the action only the photos
// those credentials show (a preview shows client-hidden ones too).
func Acting(ctx context.Context) context.Context {
	v := FromContext(ctx)
	if len(v.Previews) == 0 {
		return ctx
	}
	own := *v
	own.Previews = nil
	return NewContext(ctx, &own)
}

// Previewing tells whether a preview link of the gallery is open.
func (v *Viewer) Previewing(galleryID string) bool {
	return v.Previews[galleryID]
}

// Grant records the role a credential gives in a gallery, keeping the
// higher one when the viewer already has a role there.
func (v *Viewer) Grant(galleryID string, r Role) {
	if v.Grants == nil {
		v.Grants = map[string]Role{}
	}
	if r > v.Grants[galleryID] {
		v.Grants[galleryID] = r
	}
}

// SeesPrivate tells whether the viewer may see private photos of any
// gallery it is checked against (photographers and internal work).
func (v *Viewer) SeesPrivate() bool {
	return v.System || v.PhotographerID != ""
}
