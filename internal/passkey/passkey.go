// Package passkey lets a photographer register passkeys (WebAuthn
// credentials, github.com/go-webauthn/webauthn) from the studio and sign
// in with them. The relying party is the server's public address
// (PUBLIC_URL): its host is the RP ID, its origin the only origin
// accepted. Each ceremony's challenge is kept server side
// (passkey_challenges), bound to the photographer and session that began a
// registration, or to the browser that began a sign-in (LoginCookie), lasts
// ChallengeTTL and is deleted by the first attempt to finish it, so that it
// is used once.
package passkey

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/studio/gallery/ent"
	entpasskey "github.com/studio/gallery/ent/passkey"
	"github.com/studio/gallery/ent/passkeychallenge"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/viewer"
)

// ChallengeTTL is how long a ceremony may take between its begin and its
// finish.
const ChallengeTTL = 5 * time.Minute

// LoginCookie binds a sign-in to the browser that began it: BeginLogin
// sets it to a fresh random value (HttpOnly, SameSite=Strict, Secure over
// https, sent to LoginCookiePath only, for ChallengeTTL) and keeps only its
// hash with the challenge; FinishLogin wants the same value back and
// clears it.
const LoginCookie = "passkey_login"

// LoginCookiePath is where the browser sends LoginCookie: the GraphQL
// endpoint, which finishPasskeySignIn is a mutation of.
const LoginCookiePath = "/graphql"

// MaxNameLen bounds a passkey's name (characters).
const MaxNameLen = 100

// The refusals: 422 problems the person can act on (userErrors).
var (
	ErrUnavailable     = userErr(CodePasskeysUnavailable, "passkeys_unavailable")
	ErrChallengeEnded  = userErr(CodePasskeyChallengeEnded, "passkey_challenge_ended")
	ErrInvalidResponse = userErr(CodeInvalidPasskeyResponse, "invalid_passkey_response")
	ErrUnknownPasskey  = userErr(CodeUnknownPasskey, "unknown_passkey")
	ErrCloned          = userErr(CodePasskeyCloned, "passkey_cloned")
	ErrExists          = userErr(CodePasskeyExists, "passkey_exists")
)

func userErr(code, key string, field ...string) *apperr.Error {
	return &apperr.Error{Code: code, Status: http.StatusUnprocessableEntity, Key: key, Field: field}
}

// Service runs the passkey ceremonies.
type Service struct {
	DB       *ent.Client
	Sessions *photographer.Sessions
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	wa *webauthn.WebAuthn
	// why is what makes passkeys unavailable (PUBLIC_URL not usable).
	why error
}

// New returns the service for the server reached at publicURL. Passkeys
// need a host name (an IP address cannot be a relying party ID): with
// another address every ceremony answers passkeys_unavailable.
func New(db *ent.Client, sessions *photographer.Sessions, publicURL, displayName string) *Service {
	s := &Service{DB: db, Sessions: sessions}
	rpID, origin, err := RelyingParty(publicURL)
	if err == nil {
		if displayName == "" {
			displayName = rpID
		}
		s.wa, err = webauthn.New(&webauthn.Config{
			RPID:          rpID,
			RPDisplayName: displayName,
			RPOrigins:     []string{origin},
			Timeouts: webauthn.TimeoutsConfig{
				Login:        webauthn.TimeoutConfig{Enforce: true, Timeout: ChallengeTTL},
				Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: ChallengeTTL},
			},
		})
	}
	s.why = err
	return s
}

// RelyingParty is the relying party ID (the host) and the origin of a
// public address.
func RelyingParty(publicURL string) (rpID, origin string, err error) {
	u, err := url.Parse(strings.TrimSpace(publicURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return "", "", fmt.Errorf("passkey: PUBLIC_URL %q is no http(s) address", publicURL)
	}
	host := strings.ToLower(u.Hostname())
	if net.ParseIP(host) != nil {
		return "", "", fmt.Errorf("passkey: PUBLIC_URL %q has an IP address: passkeys need a host name", publicURL)
	}
	return host, u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// Available says whether passkeys work with the configured address, and why not.
func (s *Service) Available() error { return s.why }

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// user is a photographer as go-webauthn sees them: the user handle is the
// photographer's id.
type user struct {
	pg    *ent.Photographer
	creds []webauthn.Credential
}

func (u *user) WebAuthnID() []byte                         { return []byte(u.pg.ID) }
func (u *user) WebAuthnName() string                       { return u.pg.Email }
func (u *user) WebAuthnDisplayName() string                { return u.pg.Name }
func (u *user) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// loadUser reads a photographer and their passkeys' credential records.
func (s *Service) loadUser(ctx context.Context, pid string) (*user, []*ent.Passkey, error) {
	ctx = viewer.SystemContext(ctx)
	pg, err := s.DB.Photographer.Get(ctx, pid)
	if err != nil {
		return nil, nil, err
	}
	pks, err := s.DB.Passkey.Query().Where(entpasskey.PhotographerID(pid)).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("passkey: list: %w", err)
	}
	u := &user{pg: pg}
	for _, pk := range pks {
		var c webauthn.Credential
		if err := json.Unmarshal(pk.Credential, &c); err != nil {
			return nil, nil, fmt.Errorf("passkey: credential %s: %w", pk.ID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, pks, nil
}

func requirePhotographer(ctx context.Context) (string, error) {
	pid := viewer.FromContext(ctx).PhotographerID
	if pid == "" {
		return "", apperr.ErrUnauthorized.WithMessage("photographer_only", nil)
	}
	return pid, nil
}

// hashBrowser is what is kept of a LoginCookie's value; "" for no value.
func hashBrowser(browser string) string {
	if browser == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(browser))
	return hex.EncodeToString(sum[:])
}

// keep stores a ceremony's session data under its challenge, bound to
// photographer pid and session sid (a registration) or to the browser
// whose LoginCookie hashes to browserHash (a sign-in). The challenges of
// ceremonies left unfinished are deleted by the periodic housekeeping job
// (jobs.Housekeep).
func (s *Service) keep(ctx context.Context, kind passkeychallenge.Kind, sd *webauthn.SessionData, pid, sid, browserHash string) error {
	ctx = viewer.SystemContext(ctx)
	now := s.now()
	data, err := json.Marshal(sd)
	if err != nil {
		return err
	}
	err = s.DB.PasskeyChallenge.Create().SetChallenge(sd.Challenge).SetKind(kind).SetPhotographerID(pid).
		SetSessionID(sid).SetBrowserHash(browserHash).SetData(data).SetExpiresAt(now.Add(ChallengeTTL)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("passkey: keep challenge: %w", err)
	}
	return nil
}

// take finds the ceremony a browser's clientDataJSON answers and deletes
// it: the first attempt to finish a ceremony, right or wrong, uses its
// challenge up. A challenge unknown, already used, expired, of another
// kind, (for a registration) begun by another photographer or session or
// (for a sign-in) begun by another browser, the LoginCookie value browser
// missing or not the one set with it, is ErrChallengeEnded.
func (s *Service) take(ctx context.Context, kind passkeychallenge.Kind, clientDataJSON []byte, pid, sid, browser string) (webauthn.SessionData, error) {
	ctx = viewer.SystemContext(ctx)
	var sd webauthn.SessionData
	var cd struct {
		Challenge string `json:"challenge"`
	}
	if err := json.Unmarshal(clientDataJSON, &cd); err != nil || cd.Challenge == "" {
		return sd, ErrInvalidResponse
	}
	row, err := s.DB.PasskeyChallenge.Query().Where(passkeychallenge.Challenge(cd.Challenge)).Only(ctx)
	if ent.IsNotFound(err) {
		return sd, ErrChallengeEnded
	}
	if err != nil {
		return sd, fmt.Errorf("passkey: challenge: %w", err)
	}
	n, err := s.DB.PasskeyChallenge.Delete().Where(passkeychallenge.ID(row.ID)).Exec(ctx)
	if err != nil {
		return sd, fmt.Errorf("passkey: use challenge: %w", err)
	}
	if n == 0 || row.Kind != kind || !s.now().Before(row.ExpiresAt) || row.PhotographerID != pid || row.SessionID != sid {
		return sd, ErrChallengeEnded
	}
	if kind == passkeychallenge.KindLogin {
		// A sign-in is finished only by the browser that began it; a row
		// without a hash (none can be made since) binds no browser.
		h := hashBrowser(browser)
		if h == "" || row.BrowserHash == "" || subtle.ConstantTimeCompare([]byte(h), []byte(row.BrowserHash)) != 1 {
			return sd, ErrChallengeEnded
		}
	}
	if err := json.Unmarshal(row.Data, &sd); err != nil {
		return sd, fmt.Errorf("passkey: challenge data: %w", err)
	}
	return sd, nil
}

// BeginRegistration starts registering a passkey for the signed-in
// photographer and returns the options for navigator.credentials.create
// (the JSON of PublicKeyCredentialCreationOptions under "publicKey").
func (s *Service) BeginRegistration(ctx context.Context) (json.RawMessage, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	if s.wa == nil {
		return nil, ErrUnavailable
	}
	u, _, err := s.loadUser(ctx, pid)
	if err != nil {
		return nil, err
	}
	exclude := make([]protocol.CredentialDescriptor, len(u.creds))
	for i, c := range u.creds {
		exclude[i] = c.Descriptor()
	}
	creation, sd, err := s.wa.BeginRegistration(u,
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey:        protocol.ResidentKeyRequirementRequired,
			RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification:   protocol.VerificationPreferred,
		}),
		webauthn.WithConveyancePreference(protocol.PreferNoAttestation),
		webauthn.WithExclusions(exclude))
	if err != nil {
		return nil, fmt.Errorf("passkey: begin registration: %w", err)
	}
	if err := s.keep(ctx, passkeychallenge.KindRegistration, sd, pid, photographer.CurrentSession(ctx), ""); err != nil {
		return nil, err
	}
	return json.Marshal(creation)
}

// FinishRegistration checks the browser's answer to BeginRegistration (the
// JSON of the PublicKeyCredential, as @simplewebauthn/browser gives it)
// and keeps the passkey under name.
func (s *Service) FinishRegistration(ctx context.Context, name string, response []byte) (*ent.Passkey, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return nil, userErr(CodeRequired, "required", "name")
	case utf8.RuneCountInString(name) > MaxNameLen:
		return nil, userErr(CodeTooLong, "name_too_long", "name")
	}
	if s.wa == nil {
		return nil, ErrUnavailable
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(response)
	if err != nil {
		return nil, ErrInvalidResponse.WithField("response")
	}
	sd, err := s.take(ctx, passkeychallenge.KindRegistration, parsed.Raw.AttestationResponse.ClientDataJSON, pid, photographer.CurrentSession(ctx), "")
	if err != nil {
		return nil, err
	}
	u, _, err := s.loadUser(ctx, pid)
	if err != nil {
		return nil, err
	}
	cred, err := s.wa.CreateCredential(u, sd, parsed)
	if err != nil {
		return nil, ErrInvalidResponse.WithField("response")
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	pk, err := s.DB.Passkey.Create().SetName(name).SetCredentialID(base64.RawURLEncoding.EncodeToString(cred.ID)).
		SetCredential(data).SetPhotographerID(pid).Save(viewer.SystemContext(ctx))
	if ent.IsConstraintError(err) {
		return nil, ErrExists
	}
	if err != nil {
		return nil, fmt.Errorf("passkey: save: %w", err)
	}
	return pk, nil
}

// BeginLogin starts a sign-in with a discoverable passkey (no e-mail
// asked: the authenticator offers the passkeys it holds for this site)
// and returns the options for navigator.credentials.get. It sets
// LoginCookie on the request's answer (access.SetCookie; without one it
// fails): only this browser can finish the sign-in. A new sign-in begun in
// the same browser replaces the cookie, and with it the earlier one.
func (s *Service) BeginLogin(ctx context.Context) (json.RawMessage, error) {
	if s.wa == nil {
		return nil, ErrUnavailable
	}
	assertion, sd, err := s.wa.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		return nil, fmt.Errorf("passkey: begin login: %w", err)
	}
	browser := ids.Token(32) // 160 random bits
	if err := access.SetCookie(ctx, &http.Cookie{Name: LoginCookie, Value: browser, Path: LoginCookiePath,
		Expires: s.now().Add(ChallengeTTL), MaxAge: int(ChallengeTTL / time.Second),
		HttpOnly: true, SameSite: http.SameSiteStrictMode}); err != nil {
		return nil, err
	}
	if err := s.keep(ctx, passkeychallenge.KindLogin, sd, "", "", hashBrowser(browser)); err != nil {
		return nil, err
	}
	return json.Marshal(assertion)
}

// FinishLogin checks the browser's answer to BeginLogin and opens a studio
// session of the passkey's photographer (the caller sets its cookie with
// Sessions.Remember). browser is the request's LoginCookie value ("" when
// it has none): a sign-in begun in another browser, or without it, is
// ErrChallengeEnded (and its challenge is used up all the same). The
// cookie is cleared, whatever the outcome. A passkey nobody registered,
// or whose user handle is not its photographer's, is ErrUnknownPasskey; a
// signature counter that went back (a cloned authenticator) is ErrCloned.
func (s *Service) FinishLogin(ctx context.Context, response []byte, browser, userAgent string) (photographer.Opened, error) {
	if browser != "" {
		// Best effort: without an HTTP answer (a test) nothing is cleared.
		_ = access.SetCookie(ctx, &http.Cookie{Name: LoginCookie, Value: "", Path: LoginCookiePath, MaxAge: -1,
			HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	if s.wa == nil {
		return photographer.Opened{}, ErrUnavailable
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(response)
	if err != nil {
		return photographer.Opened{}, ErrInvalidResponse.WithField("response")
	}
	sd, err := s.take(ctx, passkeychallenge.KindLogin, parsed.Raw.AssertionResponse.ClientDataJSON, "", "", browser)
	if err != nil {
		return photographer.Opened{}, err
	}
	var row *ent.Passkey
	var lookupErr error
	handler := func(rawID, userHandle []byte) (webauthn.User, error) {
		pk, err := s.DB.Passkey.Query().Where(entpasskey.CredentialID(base64.RawURLEncoding.EncodeToString(rawID))).
			Only(viewer.SystemContext(ctx))
		switch {
		case ent.IsNotFound(err):
			lookupErr = ErrUnknownPasskey
		case err != nil:
			lookupErr = fmt.Errorf("passkey: find: %w", err)
		case !bytes.Equal(userHandle, []byte(pk.PhotographerID)):
			// Another photographer's passkey presented as this one's.
			lookupErr = ErrUnknownPasskey
		}
		if lookupErr != nil {
			return nil, lookupErr
		}
		u, _, err := s.loadUser(ctx, pk.PhotographerID)
		if err != nil {
			lookupErr = err
			return nil, err
		}
		row = pk
		return u, nil
	}
	_, cred, err := s.wa.ValidatePasskeyLogin(handler, sd, parsed)
	if lookupErr != nil {
		return photographer.Opened{}, lookupErr
	}
	if err != nil || row == nil {
		return photographer.Opened{}, ErrInvalidResponse.WithField("response")
	}
	if cred.Authenticator.CloneWarning {
		return photographer.Opened{}, ErrCloned
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return photographer.Opened{}, err
	}
	if err := row.Update().SetCredential(data).SetLastUsedAt(s.now()).Exec(viewer.SystemContext(ctx)); err != nil {
		return photographer.Opened{}, fmt.Errorf("passkey: last use: %w", err)
	}
	return s.Sessions.Open(ctx, row.PhotographerID, photographer.MethodPasskey, "", userAgent)
}

// List returns the signed-in photographer's passkeys, newest first.
func (s *Service) List(ctx context.Context) ([]*ent.Passkey, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	pks, err := s.DB.Passkey.Query().Where(entpasskey.PhotographerID(pid)).
		Order(ent.Desc(entpasskey.FieldCreatedAt), ent.Asc(entpasskey.FieldID)).All(viewer.SystemContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("passkey: list: %w", err)
	}
	return pks, nil
}

// Delete removes one of the signed-in photographer's passkeys (another's
// is not_found); it no longer signs in.
func (s *Service) Delete(ctx context.Context, id string) error {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return err
	}
	n, err := s.DB.Passkey.Delete().Where(entpasskey.ID(id), entpasskey.PhotographerID(pid)).Exec(viewer.SystemContext(ctx))
	if err != nil {
		return fmt.Errorf("passkey: delete: %w", err)
	}
	if n == 0 {
		return apperr.ErrNotFound.WithField("passkeyId")
	}
	return nil
}
