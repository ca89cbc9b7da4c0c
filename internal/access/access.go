// Package access decides who may open a gallery and who a person is: access
// codes (client or visitor) sealed into the access_{galleryId} cookie, e-mail
// identity confirmed by a one-time code, forgotten-code recovery, preview
// hashes, and the limits that keep guessing slow. GraphQL and REST both call
// it; the HTTP layer only moves its tokens in and out of cookies.
package access

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"math/big"
	"net/http"
	netmail "net/mail"
	"net/url"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/onetimecode"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/user"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/viewer"
)

// Lifetimes and limits of the access rules (spec section 9 and the issue).
const (
	// GrantTTL is how long an accepted code keeps a gallery open.
	GrantTTL = 30 * 24 * time.Hour
	// IdentityTTL is how long a confirmed e-mail stays confirmed in a browser.
	IdentityTTL = 30 * 24 * time.Hour
	// OTPTTL is how long a one-time code may be used.
	OTPTTL = 10 * time.Minute
	// OTPMaxAttempts is how many guesses one one-time code allows.
	OTPMaxAttempts = 5
	// PreviewTTL is how long a preview link works by default.
	PreviewTTL = 14 * 24 * time.Hour
	// MaxEmailLen bounds e-mail addresses.
	MaxEmailLen = 254
	// MaxCodeLen bounds what is compared as an access code.
	MaxCodeLen = 64
)

// Errors users can act on; every wrong code gets the same one.
var (
	ErrWrongCode     = apperr.New("invalid_access_code", http.StatusUnauthorized, "Le code saisi est incorrect.")
	ErrNotClientCode = apperr.New("not_client_code", http.StatusForbidden, "Le code saisi n'est pas un code client privilégié")
	ErrWrongOTP      = apperr.New("invalid_one_time_code", http.StatusUnauthorized, "Le code de confirmation est incorrect ou a expiré.")
	ErrInvalidEmail  = apperr.New("invalid_email", http.StatusBadRequest, "L'adresse email saisie n'est pas valide").WithField("email")
	ErrCodeRequired  = apperr.New("access_code_required", http.StatusBadRequest, "Merci de saisir le code d'accès").WithField("code")
	ErrEmailRequired = apperr.New("email_required", http.StatusBadRequest, "Merci de saisir votre adresse email").WithField("email")
	// ErrEmailNeeded refuses what needs a confirmed e-mail (selections,
	// orders). Its code is unauthorized, like every 401: the client answers
	// any 401 on those actions by asking for the e-mail (spec sections 4, 8).
	ErrEmailNeeded = apperr.New("unauthorized", http.StatusUnauthorized, "Merci de confirmer votre adresse email.")
)

// Grant is what an access cookie holds: which gallery, through which code
// (never the code itself), and whether it is a client code.
type Grant struct {
	GalleryID string `json:"g"`
	CodeID    string `json:"c"`
	Client    bool   `json:"k,omitempty"`
}

// Role is the viewer role the grant gives.
func (g Grant) Role() viewer.Role {
	if g.Client {
		return viewer.RoleClient
	}
	return viewer.RoleVisitor
}

// Identity is what the identity cookie holds: a confirmed e-mail.
type Identity struct {
	Email string `json:"m"`
}

// CookieName is the access cookie of a gallery.
func CookieName(galleryID string) string { return "access_" + galleryID }

// IdentityCookie names the cookie holding the confirmed e-mail.
const IdentityCookie = "identity"

// Service applies the access rules.
type Service struct {
	DB     *ent.Client
	Signer *Signer
	// Jobs queues the e-mails (mail_send jobs), so that a mail server
	// that is down delays them; without it (tests) they are sent through
	// Mail during the call, which fails with mail_not_sent if they cannot be.
	Jobs      *jobs.Runner
	Mail      mail.Sender
	PublicURL string
	// Codes limits access-code and one-time-code guesses; Sends limits
	// the e-mails one address can trigger.
	Codes *Limiter
	Sends *Limiter
	now   func() time.Time
}

// NewService returns the access rules with the default limits: 5 free
// failures per key, then a delay from 1 s doubling up to 15 minutes.
func NewService(db *ent.Client, signer *Signer, m mail.Sender, publicURL string) *Service {
	return &Service{
		DB: db, Signer: signer, Mail: m, PublicURL: strings.TrimRight(publicURL, "/"),
		Codes: NewLimiter(5, time.Second, 15*time.Minute, time.Hour),
		Sends: NewLimiter(3, 30*time.Second, time.Hour, time.Hour),
		now:   time.Now,
	}
}

// limited refuses an attempt while any key must wait.
func limited(l *Limiter, keys ...string) error {
	if d := l.Wait(keys...); d > 0 {
		secs := int(d.Round(time.Second) / time.Second)
		return apperr.ErrTooManyRequests.WithMessage(fmt.Sprintf("Trop de tentatives, merci de réessayer dans %d s.", max(secs, 1)))
	}
	return nil
}

// normalizeCode makes codes case- and space-insensitive.
func normalizeCode(code string) string {
	return strings.ToUpper(strings.Join(strings.Fields(code), ""))
}

// CheckCode returns the grant an access code gives in a gallery. Wrong
// codes all get ErrWrongCode after the same work; guesses are limited per
// gallery and per client address.
func (s *Service) CheckCode(ctx context.Context, galleryID, clientAddr, code string) (Grant, error) {
	code = normalizeCode(code)
	if code == "" {
		return Grant{}, ErrCodeRequired
	}
	keys := []string{"code|gallery|" + galleryID, "code|addr|" + clientAddr, "code|gallery-addr|" + galleryID + "|" + clientAddr}
	if err := limited(s.Codes, keys[1:]...); err != nil {
		return Grant{}, err
	}
	// The per-gallery budget is larger: many guests share one gallery.
	if d := s.Codes.Wait(keys[0]); d > 5*time.Minute {
		return Grant{}, apperr.ErrTooManyRequests
	}
	sctx := viewer.SystemContext(ctx)
	codes, err := s.DB.AccessCode.Query().
		Where(accesscode.HasGalleryWith(gallery.ID(galleryID)), accesscode.RevokedAtIsNil()).
		All(sctx)
	if err != nil {
		return Grant{}, fmt.Errorf("access: codes: %w", err)
	}
	// Compare keyed hashes of every code so that neither the length nor the
	// position of a match shows in the timing.
	want := s.Signer.MAC("code", code)
	var match *ent.AccessCode
	for _, c := range codes {
		if subtle.ConstantTimeCompare(want, s.Signer.MAC("code", normalizeCode(c.Code))) == 1 {
			match = c
		}
	}
	if match == nil || len(code) > MaxCodeLen {
		s.Codes.Fail(keys...)
		return Grant{}, ErrWrongCode
	}
	s.Codes.Reset(keys[1:]...)
	return Grant{GalleryID: galleryID, CodeID: match.ID, Client: match.Kind == accesscode.KindClient}, nil
}

// CheckClientCode is CheckCode for the privileged-client dialog: a visitor
// code there is refused with ErrNotClientCode.
func (s *Service) CheckClientCode(ctx context.Context, galleryID, clientAddr, code string) (Grant, error) {
	g, err := s.CheckCode(ctx, galleryID, clientAddr, code)
	if err != nil {
		return Grant{}, err
	}
	if !g.Client {
		return Grant{}, ErrNotClientCode
	}
	return g, nil
}

// SealGrant returns the access cookie value of g.
func (s *Service) SealGrant(g Grant) (string, error) {
	return s.Signer.Seal("grant:"+g.GalleryID, g, GrantTTL)
}

// OpenGrant reads an access cookie of galleryID; a cookie sealed for
// another gallery or altered is refused.
func (s *Service) OpenGrant(galleryID, value string) (Grant, bool) {
	var g Grant
	if err := s.Signer.Open("grant:"+galleryID, value, &g); err != nil || g.GalleryID != galleryID {
		return Grant{}, false
	}
	return g, true
}

// LiveGrants keeps the grants whose codes still exist and are not revoked,
// in one query.
func (s *Service) LiveGrants(ctx context.Context, grants []Grant) ([]Grant, error) {
	if len(grants) == 0 {
		return nil, nil
	}
	ids := make([]string, len(grants))
	for i, g := range grants {
		ids[i] = g.CodeID
	}
	live, err := s.DB.AccessCode.Query().
		Where(accesscode.IDIn(ids...), accesscode.RevokedAtIsNil()).
		Select(accesscode.FieldID, accesscode.FieldKind).
		All(viewer.SystemContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("access: live grants: %w", err)
	}
	kinds := make(map[string]accesscode.Kind, len(live))
	for _, c := range live {
		kinds[c.ID] = c.Kind
	}
	out := grants[:0:0]
	for _, g := range grants {
		if k, ok := kinds[g.CodeID]; ok {
			g.Client = k == accesscode.KindClient
			out = append(out, g)
		}
	}
	return out, nil
}

// NormalizeEmail checks an address and returns it trimmed and lower-cased.
func NormalizeEmail(email string) (string, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return "", ErrEmailRequired
	}
	a, err := netmail.ParseAddress(email)
	if err != nil || a.Address != email || len(email) > MaxEmailLen || !strings.Contains(email[strings.LastIndexByte(email, '@')+1:], ".") {
		return "", ErrInvalidEmail
	}
	return strings.ToLower(email), nil
}

// SendEmailCode e-mails a six-digit one-time code that confirms email in
// a gallery. Earlier unused codes for the same address stop working.
func (s *Service) SendEmailCode(ctx context.Context, g *ent.Gallery, clientAddr, email string) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	keys := []string{"send|email|" + email, "send|addr|" + clientAddr}
	if err := limited(s.Sends, keys...); err != nil {
		return err
	}
	s.Sends.Fail(keys...) // every send counts against the budget
	code, err := sixDigits()
	if err != nil {
		return err
	}
	now := s.now()
	msg := mail.Message{
		To:      []string{email},
		Subject: fmt.Sprintf("Votre code de confirmation : %s", code),
		Text: fmt.Sprintf("Bonjour,\n\nVoici votre code de confirmation pour la galerie « %s » : %s\n\n"+
			"Il est valable 10 minutes et ne peut servir qu'une fois.\n"+
			"Si vous n'avez rien demandé, ignorez simplement ce message.\n", g.EventName, code),
	}
	// The new code and its e-mail are committed together; the e-mail waits
	// in its job while the mail server is down, until the code expires.
	return s.mailer().InTx(viewer.SystemContext(ctx), func(ctx context.Context, tx *ent.Client, out jobs.Outbox) error {
		if _, err := tx.OneTimeCode.Update().
			Where(onetimecode.Email(email), onetimecode.GalleryID(g.ID), onetimecode.UsedAtIsNil()).
			SetUsedAt(now).Save(ctx); err != nil {
			return fmt.Errorf("access: retire codes: %w", err)
		}
		if err := tx.OneTimeCode.Create().SetEmail(email).SetGalleryID(g.ID).
			SetCodeHash(s.otpHash(email, g.ID, code)).SetExpiresAt(now.Add(OTPTTL)).Exec(ctx); err != nil {
			return fmt.Errorf("access: save code: %w", err)
		}
		return out.Post(ctx, msg, now.Add(OTPTTL))
	})
}

// mailer queues e-mails through Jobs, or sends them through Mail without it.
func (s *Service) mailer() jobs.Mailer { return jobs.Mailer{Runner: s.Jobs, DB: s.DB, Mail: s.Mail} }

// ConfirmEmail checks a one-time code: at most OTPMaxAttempts guesses per
// code, within OTPTTL, once. On success the user exists and is verified.
func (s *Service) ConfirmEmail(ctx context.Context, galleryID, clientAddr, email, code string) (*ent.User, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return nil, err
	}
	code = strings.TrimSpace(code)
	keys := []string{"otp|email|" + email, "otp|addr|" + clientAddr}
	if err := limited(s.Codes, keys...); err != nil {
		return nil, err
	}
	sctx := viewer.SystemContext(ctx)
	now := s.now()
	otc, err := s.DB.OneTimeCode.Query().
		Where(onetimecode.Email(email), onetimecode.GalleryID(galleryID), onetimecode.UsedAtIsNil(),
			onetimecode.ExpiresAtGT(now), onetimecode.AttemptsLT(OTPMaxAttempts)).
		Order(ent.Desc(onetimecode.FieldCreatedAt)).First(sctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, fmt.Errorf("access: code: %w", err)
	}
	want := s.otpHash(email, galleryID, code)
	if otc == nil {
		s.Codes.Fail(keys...)
		return nil, ErrWrongOTP
	}
	// Count the attempt first, conditionally, so that racing guesses cannot
	// exceed the budget.
	n, err := s.DB.OneTimeCode.Update().
		Where(onetimecode.ID(otc.ID), onetimecode.UsedAtIsNil(), onetimecode.AttemptsLT(OTPMaxAttempts)).
		AddAttempts(1).Save(sctx)
	if err != nil {
		return nil, fmt.Errorf("access: count attempt: %w", err)
	}
	if n == 0 || subtle.ConstantTimeCompare([]byte(want), []byte(otc.CodeHash)) != 1 {
		s.Codes.Fail(keys...)
		return nil, ErrWrongOTP
	}
	// Single use: only one confirmation can mark the code used.
	n, err = s.DB.OneTimeCode.Update().Where(onetimecode.ID(otc.ID), onetimecode.UsedAtIsNil()).SetUsedAt(now).Save(sctx)
	if err != nil {
		return nil, fmt.Errorf("access: use code: %w", err)
	}
	if n == 0 {
		return nil, ErrWrongOTP
	}
	s.Codes.Reset(keys...)
	if err := s.DB.User.Create().SetEmail(email).SetVerifiedAt(now).
		OnConflictColumns(user.FieldEmail).UpdateVerifiedAt().Exec(sctx); err != nil {
		return nil, fmt.Errorf("access: user: %w", err)
	}
	return s.DB.User.Query().Where(user.Email(email)).Only(sctx)
}

// SealIdentity returns the identity cookie value for a confirmed e-mail.
func (s *Service) SealIdentity(email string) (string, error) {
	return s.Signer.Seal("identity", Identity{Email: email}, IdentityTTL)
}

// OpenIdentity reads an identity cookie.
func (s *Service) OpenIdentity(value string) (Identity, bool) {
	var id Identity
	if err := s.Signer.Open("identity", value, &id); err != nil || id.Email == "" {
		return Identity{}, false
	}
	return id, true
}

// PhotographerID returns the id of the photographer with this confirmed
// e-mail, or "" when the address is not a photographer's.
func (s *Service) PhotographerID(ctx context.Context, email string) (string, error) {
	p, err := s.DB.Photographer.Query().Where(photographer.EmailEqualFold(email)).Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("access: photographer: %w", err)
	}
	return p.ID, nil
}

// RecoverClientCode e-mails the client code registered for email in g.
// It says nothing about whether the address is registered: the caller
// always answers the same.
func (s *Service) RecoverClientCode(ctx context.Context, g *ent.Gallery, clientAddr, email string) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	keys := []string{"recover|email|" + email, "recover|addr|" + clientAddr}
	if err := limited(s.Sends, keys...); err != nil {
		return err
	}
	s.Sends.Fail(keys...)
	codes, err := s.DB.AccessCode.Query().
		Where(accesscode.HasGalleryWith(gallery.ID(g.ID)), accesscode.KindEQ(accesscode.KindClient),
			accesscode.EmailEqualFold(email), accesscode.RevokedAtIsNil()).
		All(viewer.SystemContext(ctx))
	if err != nil {
		return fmt.Errorf("access: recover: %w", err)
	}
	if len(codes) == 0 {
		return nil
	}
	link := s.PublicURL + "/" + url.PathEscape(g.URL) + "/authentication/accessCode"
	msg := mail.Message{
		To:      []string{email},
		Subject: fmt.Sprintf("Votre code client pour « %s »", g.EventName),
		Text: fmt.Sprintf("Bonjour,\n\nVotre code client pour la galerie « %s » est : %s\n\n"+
			"Saisissez-le ici : %s\n", g.EventName, codes[0].Code, link),
	}
	return s.mailer().Send(ctx, msg, time.Time{})
}

// preview is what a preview hash holds.
type preview struct {
	GalleryID string `json:"g"`
}

// PreviewHash returns a preview link hash opening galleryID until ttl.
func (s *Service) PreviewHash(galleryID string, ttl time.Duration) (string, error) {
	return s.Signer.Seal("preview", preview{GalleryID: galleryID}, ttl)
}

// OpenPreview returns the gallery a valid, unexpired preview hash opens.
func (s *Service) OpenPreview(hash string) (string, bool) {
	var p preview
	if hash == "" || s.Signer.Open("preview", hash, &p) != nil || p.GalleryID == "" {
		return "", false
	}
	return p.GalleryID, true
}

// CheckPreview tells whether hash is a valid, unexpired preview of galleryID.
func (s *Service) CheckPreview(galleryID, hash string) bool {
	id, ok := s.OpenPreview(hash)
	return ok && id == galleryID
}

func (s *Service) otpHash(email, galleryID, code string) string {
	return hex.EncodeToString(s.Signer.MAC("otp", email+"|"+galleryID+"|"+code))
}

var million = big.NewInt(1_000_000)

// sixDigits returns a uniformly random six-digit code.
func sixDigits() (string, error) {
	n, err := rand.Int(rand.Reader, million)
	if err != nil {
		return "", fmt.Errorf("access: random: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}
