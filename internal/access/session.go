package access

import (
	"context"
	"crypto/hmac"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/viewer"
)

// XSRFCookie and XSRFHeader carry the anti-forgery token: the server sets
// the cookie (readable by the page's scripts), the page echoes it in the
// header of every mutating request; a cross-site page can do neither.
const (
	XSRFCookie = "XSRF-TOKEN"
	XSRFHeader = "X-XSRF-TOKEN"
)

// XSRF returns the session's anti-forgery token, a keyed hash of the
// session key (tied to the session, no storage), and whether header, the
// token a request echoed, is it: one hash for both the cookie to set and
// the check.
func (s *Service) XSRF(sessionKey, header string) (token string, ok bool) {
	token = base64.RawURLEncoding.EncodeToString(s.Signer.MAC("xsrf", sessionKey))
	return token, sessionKey != "" && header != "" && hmac.Equal([]byte(header), []byte(token))
}

// Identify reads a request's credentials into v: the confirmed e-mail of
// the identity cookie (and the photographer it may name), and the grants
// of the access_{galleryId} cookies whose codes are still valid. It costs
// at most two indexed queries, and none for a browser without cookies.
func (s *Service) Identify(ctx context.Context, v *viewer.Viewer, cookies []*http.Cookie) error {
	var grants []Grant
	var identity Identity
	for _, c := range cookies {
		switch {
		case c.Name == IdentityCookie:
			if id, ok := s.OpenIdentity(c.Value); ok {
				v.Email, identity = id.Email, id
			}
		case strings.HasPrefix(c.Name, previewCookiePrefix):
			// The hash is checked again: it names its gallery and expiry.
			if id, ok := s.OpenPreview(c.Value); ok && previewCookiePrefix+id == c.Name {
				s.applyPreview(v, c.Value)
			}
		case strings.HasPrefix(c.Name, "access_") && len(grants) < 50:
			if g, ok := s.OpenGrant(strings.TrimPrefix(c.Name, "access_"), c.Value); ok {
				grants = append(grants, g)
			}
		}
	}
	if v.Email != "" && v.PhotographerID == "" {
		ref, err := s.Photographer(ctx, v.Email)
		if err != nil {
			return err
		}
		// Signing out everywhere ends what an identity confirmed before
		// gives: the photographer's own tools.
		if ref.SessionsEnded == 0 || identity.Issued > ref.SessionsEnded {
			v.PhotographerID = ref.ID
		}
	}
	live, err := s.LiveGrants(ctx, grants)
	if err != nil {
		return err
	}
	for _, g := range live {
		v.Grant(g.GalleryID, g.Role())
	}
	return nil
}

// previewCookiePrefix names the cookies that keep a preview open for the
// requests the page makes without the hash (images, node lookups).
const previewCookiePrefix = "preview_"

// ApplyPreview opens, for this request, the gallery a preview hash names
// (as its clients see it, even unpublished), and keeps the hash in a
// preview_{galleryId} cookie so that the page's images open too. A wrong
// or expired hash grants nothing and is not an error.
func (s *Service) ApplyPreview(ctx context.Context, hash string) {
	id, ok := s.applyPreview(viewer.FromContext(ctx), hash)
	if !ok {
		return
	}
	// Best effort: without an HTTP response (jobs, tests) there is no cookie.
	_ = setCookie(ctx, previewCookiePrefix+id, hash, 24*time.Hour)
}

func (s *Service) applyPreview(v *viewer.Viewer, hash string) (string, bool) {
	id, ok := s.OpenPreview(hash)
	if !ok {
		return "", false
	}
	if v.Previews == nil {
		v.Previews = map[string]bool{}
	}
	// Not a grant: the preview opens the gallery read-only (viewer.RoleIn
	// reads as a client, viewer.OwnRoleIn acts without it).
	v.Previews[id] = true
	return id, true
}

type responseKey struct{}

// response is where the domain's cookies go: the HTTP answer of the request.
type response struct {
	w      http.ResponseWriter
	secure bool
}

// WithResponse lets the access calls of this request set cookies on w;
// secure marks them Secure (the site is served over https).
func WithResponse(ctx context.Context, w http.ResponseWriter, secure bool) context.Context {
	return context.WithValue(ctx, responseKey{}, &response{w: w, secure: secure})
}

// SetCookie sets c on the HTTP answer of the request (WithResponse),
// marked Secure when the site is served over https.
func SetCookie(ctx context.Context, c *http.Cookie) error {
	r, ok := ctx.Value(responseKey{}).(*response)
	if !ok {
		return fmt.Errorf("access: no HTTP response to set the %s cookie on", c.Name)
	}
	c.Secure = c.Secure || r.secure
	http.SetCookie(r.w, c)
	return nil
}

func setCookie(ctx context.Context, name, value string, maxAge time.Duration) error {
	r, ok := ctx.Value(responseKey{}).(*response)
	if !ok {
		return fmt.Errorf("access: no HTTP response to set the %s cookie on", name)
	}
	c := &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.secure}
	if maxAge > 0 {
		c.MaxAge = int(maxAge / time.Second)
	} else {
		c.MaxAge = -1
	}
	http.SetCookie(r.w, c)
	return nil
}

// EnterCode accepts an access code for g (only a client code when
// clientOnly), sets the access_{galleryId} cookie and opens the gallery
// for the rest of the request.
func (s *Service) EnterCode(ctx context.Context, g *ent.Gallery, in CodeInput, clientOnly bool) error {
	v := viewer.FromContext(ctx)
	check := s.CheckCodeWith
	if clientOnly {
		check = s.CheckClientCodeWith
	}
	grant, err := check(ctx, g.ID, v.ClientAddr, in)
	if err != nil {
		return err
	}
	sealed, err := s.SealGrant(grant)
	if err != nil {
		return err
	}
	if err := setCookie(ctx, CookieName(g.ID), sealed, GrantTTL); err != nil {
		return err
	}
	v.Grant(g.ID, grant.Role())
	return nil
}

// ConfirmAndRemember confirms an e-mail with its one-time code and sets
// the identity cookie; the photographer's address makes the viewer the
// photographer.
func (s *Service) ConfirmAndRemember(ctx context.Context, g *ent.Gallery, email, code string) error {
	v := viewer.FromContext(ctx)
	u, err := s.ConfirmEmail(ctx, g.ID, v.ClientAddr, email, code)
	if err != nil {
		return err
	}
	sealed, err := s.SealIdentity(u.Email)
	if err != nil {
		return err
	}
	if err := setCookie(ctx, IdentityCookie, sealed, IdentityTTL); err != nil {
		return err
	}
	v.Email = u.Email
	if v.PhotographerID == "" {
		pid, err := s.PhotographerID(ctx, u.Email)
		if err != nil {
			return err
		}
		v.PhotographerID = pid
	}
	return nil
}

// Logout clears g's access cookie and the confirmed e-mail, for the
// browser and for the rest of the request.
func (s *Service) Logout(ctx context.Context, g *ent.Gallery) error {
	if err := setCookie(ctx, CookieName(g.ID), "", 0); err != nil {
		return err
	}
	if err := setCookie(ctx, IdentityCookie, "", 0); err != nil {
		return err
	}
	v := viewer.FromContext(ctx)
	delete(v.Grants, g.ID)
	if v.Email != "" && v.PhotographerID != "" {
		// The photographer recognised by e-mail is no longer recognised;
		// one signed in by token stays (the token is sent again anyway).
		if pid, _ := s.PhotographerID(ctx, v.Email); pid == v.PhotographerID {
			v.PhotographerID = ""
		}
	}
	v.Email = ""
	return nil
}

// PreviewLink is a preview address of a gallery.
type PreviewLink struct {
	Hash      string
	URL       string
	ExpiresAt time.Time
}

// MaxPreviewDays bounds how long a preview link may work.
const MaxPreviewDays = 90

// PreviewLink makes a preview link of galleryID for its photographer,
// working for days (PreviewTTL when 0).
func (s *Service) PreviewLink(ctx context.Context, galleryID string, days int) (PreviewLink, error) {
	v := viewer.FromContext(ctx)
	if v.PhotographerID == "" {
		return PreviewLink{}, apperr.ErrUnauthorized
	}
	g, err := s.DB.Gallery.Query().Where(gallery.ID(galleryID)).Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return PreviewLink{}, apperr.ErrGalleryNotFound
	}
	if err != nil {
		return PreviewLink{}, fmt.Errorf("access: preview: %w", err)
	}
	if g.PhotographerID != v.PhotographerID {
		return PreviewLink{}, apperr.ErrForbidden
	}
	if days < 0 || days > MaxPreviewDays {
		return PreviewLink{}, apperr.ErrInvalidInput.WithMessage("preview_days_range", apperr.Args{"Max": MaxPreviewDays}).WithField("days")
	}
	ttl := PreviewTTL
	if days > 0 {
		ttl = time.Duration(days) * 24 * time.Hour
	}
	hash, err := s.PreviewHash(g.ID, ttl)
	if err != nil {
		return PreviewLink{}, err
	}
	return PreviewLink{
		Hash:      hash,
		URL:       s.PublicURL + "/" + url.PathEscape(g.URL) + "/preview?previewHash=" + url.QueryEscape(hash),
		ExpiresAt: s.now().Add(ttl).UTC().Truncate(time.Second),
	}, nil
}
