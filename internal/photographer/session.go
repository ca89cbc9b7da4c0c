package photographer

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/photographersession"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Lifetimes of the photographer's sessions.
const (
	// SessionTTL is how long a session opened on /playground with an API
	// token lasts.
	SessionTTL = 12 * time.Hour
	// StudioSessionTTL is how long a studio sign-in (e-mailed code,
	// passkey) lasts: a photographer's laptop stays signed in for a month.
	StudioSessionTTL = 30 * 24 * time.Hour
)

// Session methods: how a session was opened.
const (
	MethodCode    = "code"
	MethodPasskey = "passkey"
	MethodToken   = "token"
)

// ErrSessionEnded is a session cookie whose session was ended (signed
// out, revoked everywhere, expired) or never existed.
var ErrSessionEnded = apperr.New(apperr.ErrUnauthorized.Code, http.StatusUnauthorized, "session_ended")

// Sessions opens, checks and ends the photographer's sessions: the signed
// photographer_session cookie names a row of photographer_sessions (never
// a secret), so that signing out, or out everywhere, ends a session
// before its cookie expires. A session opened with an API token on
// /playground also ends when the token is revoked.
type Sessions struct {
	DB     *ent.Client
	Signer *access.Signer
	Tokens *Tokens
	// Access sends and checks the e-mailed one-time codes (the guests'
	// mail path and limits).
	Access *access.Service

	writes store.Writes
	kept   *store.Kept[*ent.PhotographerSession]
}

// NewSessions returns the sessions' service; keepFor > 0 keeps checked
// sessions in memory for at most that long after another process changed
// them (a session ended here stops at once).
func NewSessions(db *ent.Client, signer *access.Signer, tokens *Tokens, acc *access.Service, keepFor time.Duration) *Sessions {
	s := &Sessions{DB: db, Signer: signer, Tokens: tokens, Access: acc}
	if keepFor > 0 {
		s.kept = &store.Kept[*ent.PhotographerSession]{Writes: &s.writes, TTL: keepFor, Max: 1024}
		s.writes.Install(db, func(et string) bool { return et == ent.TypePhotographerSession || et == ent.TypePhotographer })
	}
	return s
}

const sessionPurpose = "photographer-session"

// Opened is a session just opened: the cookie value and when it expires.
type Opened struct {
	Session *ent.PhotographerSession
	Value   string
	Expires time.Time
}

// Open starts a session of photographer pid by method (tokenID for a
// token session), for a browser saying userAgent.
func (s *Sessions) Open(ctx context.Context, pid, method, tokenID, userAgent string) (Opened, error) {
	ttl := StudioSessionTTL
	if method == MethodToken {
		ttl = SessionTTL
	}
	now := s.Signer.Now()
	exp := now.Add(ttl).Truncate(time.Second)
	if len(userAgent) > 300 {
		userAgent = strings.ToValidUTF8(userAgent[:300], "")
	}
	c := s.DB.PhotographerSession.Create().SetPhotographerID(pid).
		SetMethod(photographersession.Method(method)).SetUserAgent(userAgent).SetExpiresAt(exp).SetLastUsedAt(now)
	if tokenID != "" {
		c.SetTokenID(tokenID)
	}
	ses, err := c.Save(viewer.SystemContext(ctx))
	if err != nil {
		return Opened{}, fmt.Errorf("photographer: open session: %w", err)
	}
	v, err := s.Signer.Seal(sessionPurpose, ses.ID, ttl)
	if err != nil {
		return Opened{}, err
	}
	return Opened{Session: ses, Value: v, Expires: exp}, nil
}

// Verify returns the photographer and the session a cookie value names,
// or ErrSessionEnded (ErrRevokedToken for a token session whose token was
// revoked). Other errors are the database's.
func (s *Sessions) Verify(ctx context.Context, value string) (pid, sessionID string, err error) {
	var id string
	if s.Signer == nil || s.Signer.Open(sessionPurpose, value, &id) != nil || !strings.HasPrefix(id, "pss_") {
		return "", "", ErrSessionEnded
	}
	load := func() (*ent.PhotographerSession, error) {
		return s.DB.PhotographerSession.Get(viewer.SystemContext(ctx), id)
	}
	var ses *ent.PhotographerSession
	if s.kept != nil {
		ses, err = s.kept.Get(id, load)
	} else {
		ses, err = load()
	}
	if ent.IsNotFound(err) {
		return "", "", ErrSessionEnded
	}
	if err != nil {
		return "", "", fmt.Errorf("photographer: session: %w", err)
	}
	now := s.Signer.Now()
	if ses.RevokedAt != nil || !now.Before(ses.ExpiresAt) {
		return "", "", ErrSessionEnded
	}
	if ses.TokenID != nil {
		if _, err := s.Tokens.AuthenticateID(ctx, *ses.TokenID); err != nil {
			return "", "", err
		}
	}
	if ses.LastUsedAt == nil || now.Sub(*ses.LastUsedAt) >= touchEvery {
		err := s.DB.PhotographerSession.Update().
			Where(photographersession.ID(ses.ID), photographersession.Or(photographersession.LastUsedAtIsNil(),
				photographersession.LastUsedAtLT(now.Add(-touchEvery)))).
			SetLastUsedAt(now).Exec(viewer.SystemContext(ctx))
		if err != nil {
			return "", "", fmt.Errorf("photographer: session last use: %w", err)
		}
	}
	return ses.PhotographerID, ses.ID, nil
}

// End ends one session (signing out). Ending an ended session is not an
// error.
func (s *Sessions) End(ctx context.Context, sessionID string) error {
	if sessionID == "" {
		return nil
	}
	_, err := s.DB.PhotographerSession.Update().
		Where(photographersession.ID(sessionID), photographersession.RevokedAtIsNil()).
		SetRevokedAt(s.Signer.Now()).Save(viewer.SystemContext(ctx))
	if err != nil {
		return fmt.Errorf("photographer: end session: %w", err)
	}
	return nil
}

// EndAll ends every session of photographer pid (« se déconnecter
// partout »), and what a guest's identity cookie of their e-mail confirmed
// until now gives, and returns how many sessions were still open. API
// tokens stay valid: they are revoked one by one.
func (s *Sessions) EndAll(ctx context.Context, pid string) (int, error) {
	now := s.Signer.Now()
	n, err := s.DB.PhotographerSession.Update().
		Where(photographersession.PhotographerID(pid), photographersession.RevokedAtIsNil(),
			photographersession.ExpiresAtGT(now)).
		SetRevokedAt(now).Save(viewer.SystemContext(ctx))
	if err != nil {
		return 0, fmt.Errorf("photographer: end sessions: %w", err)
	}
	// A guest's identity cookie of the photographer's e-mail, confirmed
	// before now, stops making its browser the photographer's
	// (access.Identify).
	if err := s.DB.Photographer.UpdateOneID(pid).SetSessionsEndedAt(now).Exec(viewer.SystemContext(ctx)); err != nil {
		return 0, fmt.Errorf("photographer: end sessions: %w", err)
	}
	return n, nil
}

// RequestCode e-mails a sign-in code to the photographer with this
// e-mail (access.SendStudioCode: the same answer for any address).
func (s *Sessions) RequestCode(ctx context.Context, clientAddr, email string) error {
	return s.Access.SendStudioCode(ctx, clientAddr, email)
}

// SignInWithCode checks an e-mailed sign-in code and opens a session of
// the photographer it was sent to. A wrong code, or one for an address
// that is no photographer's, is invalid_one_time_code.
func (s *Sessions) SignInWithCode(ctx context.Context, clientAddr, email, code, userAgent string) (Opened, error) {
	email, err := s.Access.ConfirmCode(ctx, access.StudioScope, clientAddr, email, code)
	if err != nil {
		return Opened{}, err
	}
	pg, err := s.DB.Photographer.Query().Where(photographer.EmailEqualFold(email)).Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) { // deleted between the code and its use
		return Opened{}, apperr.List{access.ErrWrongOTP}
	}
	if err != nil {
		return Opened{}, fmt.Errorf("photographer: sign in: %w", err)
	}
	return s.Open(ctx, pg.ID, MethodCode, "", userAgent)
}

// SessionCookie is the cookie holding a signed session id.
const SessionCookie = "photographer_session"

// Remember sets the session cookie of a session just opened on the
// request's answer (strict same-site, HTTP only), and makes the rest of
// the request the photographer's.
func (s *Sessions) Remember(ctx context.Context, o Opened) error {
	if err := access.SetCookie(ctx, &http.Cookie{Name: SessionCookie, Value: o.Value, Path: "/",
		Expires: o.Expires, MaxAge: int(time.Until(o.Expires).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteStrictMode}); err != nil {
		return err
	}
	viewer.FromContext(ctx).PhotographerID = o.Session.PhotographerID
	return nil
}

// SignOut ends the request's session (or, with everywhere, every session
// of its photographer), clears the cookie, and returns how many sessions
// it ended. Without a session (an API token) only everywhere does
// anything.
func (s *Sessions) SignOut(ctx context.Context, everywhere bool) (int, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	if everywhere {
		if n, err = s.EndAll(ctx, pid); err != nil {
			return 0, err
		}
	} else if sid := CurrentSession(ctx); sid != "" {
		if err := s.End(ctx, sid); err != nil {
			return 0, err
		}
		n = 1
	}
	if CurrentSession(ctx) != "" || everywhere {
		_ = access.SetCookie(ctx, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1,
			HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	return n, nil
}

type sessionKey struct{}

// WithSession records in ctx the session the request is authenticated by.
func WithSession(ctx context.Context, sessionID string) context.Context {
	return context.WithValue(ctx, sessionKey{}, sessionID)
}

// CurrentSession is the session the request is authenticated by, or "".
func CurrentSession(ctx context.Context) string {
	id, _ := ctx.Value(sessionKey{}).(string)
	return id
}
