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
	"errors"
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
	"github.com/studio/gallery/internal/emails"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
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
	// PreviewTTL is how long a preview link works by default.
	PreviewTTL = 14 * 24 * time.Hour
	// MaxEmailLen bounds e-mail addresses.
	MaxEmailLen = 254
	// MaxCodeLen bounds what is compared as an access code.
	MaxCodeLen = 64
)

// Errors users can act on; every wrong code gets the same one. The three
// refusals of what was typed carry REST's 401 or 403 and are returned in an
// apperr.List, so that GraphQL shows them as userErrors (apperr.Fixable).
var (
	ErrWrongCode     = apperr.New(CodeInvalidAccessCode, http.StatusUnauthorized, "invalid_access_code")
	ErrNotClientCode = apperr.New(CodeNotClientCode, http.StatusForbidden, "not_client_code")
	ErrWrongOTP      = apperr.New(CodeInvalidOneTimeCode, http.StatusUnauthorized, "invalid_one_time_code")
	ErrInvalidEmail  = apperr.New(CodeInvalidEmail, http.StatusBadRequest, "invalid_email").WithField("email")
	ErrCodeRequired  = apperr.New(CodeAccessCodeRequired, http.StatusBadRequest, "access_code_required").WithField("code")
	ErrEmailRequired = apperr.New(CodeEmailRequired, http.StatusBadRequest, "email_required").WithField("email")
	// ErrEmailNeeded refuses what needs a confirmed e-mail (selections,
	// orders). Its code is unauthorized, like every 401: the client answers
	// any 401 on those actions by asking for the e-mail (spec sections 4, 8).
	ErrEmailNeeded = apperr.New(apperr.ErrUnauthorized.Code, http.StatusUnauthorized, "email_needed")
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

// Identity is what the identity cookie holds: a confirmed e-mail, and
// when it was confirmed (Unix seconds; 0 in cookies sealed before it was
// recorded).
type Identity struct {
	Email  string `json:"m"`
	Issued int64  `json:"i,omitempty"`
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
	// Limits are the guessing and e-mail limits, in the database.
	Limits Limits
	// Captchas are asked for once a gallery has seen many wrong codes; nil
	// (unit tests) skips them.
	Captchas Captchas
	now      func() time.Time
	// kept holds what every request of a signed-in guest reads (which
	// photographer an e-mail is, which codes are live); nil reads each time.
	kept *keptCredentials
}

// Captchas makes and checks the captchas (internal/captcha.Service).
type Captchas interface {
	New(ctx context.Context, clientAddr string) (*ent.Captcha, error)
	Verify(ctx context.Context, id, answer string) error
}

// Limits are the access rules' limiters (docs/limits.md has the numbers
// and the arithmetic).
type Limits struct {
	// CodeTries: access-code attempts per gallery and address.
	CodeTries *Limiter
	// CodeAddrs: wrong access codes per address, every gallery together
	// (right ones are refunded: many guests share a venue's address).
	CodeAddrs *Limiter
	// GalleryFailures: wrong access codes per gallery, from anywhere;
	// past CaptchaThreshold the code needs a captcha, never a refusal.
	GalleryFailures *Limiter
	// OTPTries: one-time-code attempts per gallery, e-mail and address.
	OTPTries *Limiter
	// OTPAddrs: wrong one-time codes per address (right ones refunded).
	OTPAddrs *Limiter
	// OTPForeign: one-time-code attempts per gallery and e-mail from
	// addresses that did not ask for a code to that e-mail.
	OTPForeign *Limiter
	// SendRecipients, SendAddrs, SendGalleries: e-mails (one-time codes,
	// recovered client codes) per recipient, per address, per gallery.
	SendRecipients *Limiter
	SendAddrs      *Limiter
	SendGalleries  *Limiter
}

// CaptchaThreshold is how many wrong access codes a gallery sees in an
// hour before a code needs a captcha there.
const CaptchaThreshold = 10

// DefaultLimits are the limits of NewService.
func DefaultLimits(db *ent.Client) Limits {
	return Limits{
		CodeTries:       NewLimiter(db, "code-tries", 5, time.Second, 15*time.Minute, time.Hour),
		CodeAddrs:       NewLimiter(db, "code-addrs", 30, time.Second, 15*time.Minute, time.Hour),
		GalleryFailures: NewLimiter(db, "gallery-failures", 1<<30, time.Second, time.Second, time.Hour),
		OTPTries:        NewLimiter(db, "otp-tries", 5, time.Second, 15*time.Minute, time.Hour),
		OTPAddrs:        NewLimiter(db, "otp-addrs", 30, time.Second, 15*time.Minute, time.Hour),
		OTPForeign:      NewLimiter(db, "otp-foreign", 10, time.Minute, time.Hour, time.Hour),
		SendRecipients:  NewLimiter(db, "send-recipients", 3, time.Minute, time.Hour, time.Hour),
		SendAddrs:       NewLimiter(db, "send-addrs", 60, time.Minute, time.Hour, time.Hour),
		SendGalleries:   NewLimiter(db, "send-galleries", 300, 10*time.Second, 15*time.Minute, time.Hour),
	}
}

// all lists the limiters, for tests that set their clock.
func (l Limits) all() []*Limiter {
	return []*Limiter{l.CodeTries, l.CodeAddrs, l.GalleryFailures, l.OTPTries, l.OTPAddrs, l.OTPForeign,
		l.SendRecipients, l.SendAddrs, l.SendGalleries}
}

// SetClock makes every limiter read now (tests).
func (l Limits) SetClock(now func() time.Time) {
	for _, x := range l.all() {
		x.Now = now
	}
}

// Options is what a Service is built with.
type Options struct {
	DB        *ent.Client
	Signer    *Signer
	Mail      mail.Sender
	Jobs      *jobs.Runner
	Captchas  Captchas
	PublicURL string
	// KeepFor, when positive, makes Identify answer from credentials kept
	// in memory (keptCredentials) for at most that long after a change
	// made by another process.
	KeepFor time.Duration
}

// NewService returns the access rules' service with the default limits.
func NewService(o Options) *Service {
	s := &Service{
		DB: o.DB, Signer: o.Signer, Mail: o.Mail, Jobs: o.Jobs, Captchas: o.Captchas,
		PublicURL: strings.TrimRight(o.PublicURL, "/"),
		Limits:    DefaultLimits(o.DB),
		now:       time.Now,
	}
	if o.KeepFor > 0 {
		s.kept = newKeptCredentials(o.DB, o.KeepFor)
	}
	return s
}

// TooMany is the refusal of an attempt that must wait d.
func TooMany(d time.Duration) *apperr.Error {
	secs := max(int((d+time.Second-1)/time.Second), 1)
	return apperr.ErrTooManyRequests.WithMessage("retry_in_seconds", apperr.Args{"Seconds": secs}).
		WithRetryAfter(time.Duration(secs) * time.Second)
}

// take spends an attempt under keys of l, refusing with TooMany.
func take(ctx context.Context, l *Limiter, keys ...string) error {
	d, err := l.Take(ctx, keys...)
	if err != nil {
		return err
	}
	if d > 0 {
		return TooMany(d)
	}
	return nil
}

// normalizeCode makes codes case- and space-insensitive.
func normalizeCode(code string) string {
	return strings.ToUpper(strings.Join(strings.Fields(code), ""))
}

// CodeInput is an access code as typed, with the captcha answered when
// the gallery asked for one.
type CodeInput struct {
	Code        string
	CaptchaID   string
	CaptchaText string
}

// Errors of the gallery captcha; both carry a new captcha (CaptchaError).
var (
	ErrCaptchaRequired = apperr.New(CodeCaptchaRequired, http.StatusBadRequest,
		"gallery_captcha_required").WithField("captchaText")
	ErrCaptchaInvalid = apperr.New(CodeCaptchaInvalid, http.StatusBadRequest,
		"gallery_captcha_invalid").WithField("captchaText")
)

// CaptchaError asks for a captcha: the refusal, and the captcha to show.
type CaptchaError struct {
	Err     *apperr.Error
	Captcha *ent.Captcha
}

func (e *CaptchaError) Error() string { return e.Err.Error() }
func (e *CaptchaError) Unwrap() error { return e.Err }

// CheckCode returns the grant an access code gives in a gallery. Wrong
// codes all get ErrWrongCode after the same work. Attempts are limited per
// gallery and address, wrong codes per address; once the gallery has seen
// CaptchaThreshold wrong codes in the hour, a code needs a captcha.
func (s *Service) CheckCode(ctx context.Context, galleryID, clientAddr, code string) (Grant, error) {
	return s.CheckCodeWith(ctx, galleryID, clientAddr, CodeInput{Code: code})
}

// CheckCodeWith is CheckCode with the captcha the gallery may ask for.
func (s *Service) CheckCodeWith(ctx context.Context, galleryID, clientAddr string, in CodeInput) (Grant, error) {
	code := normalizeCode(in.Code)
	if code == "" {
		return Grant{}, ErrCodeRequired
	}
	l := s.Limits
	triesKey, addrKey, galleryKey := "code|"+galleryID+"|"+clientAddr, "code|"+clientAddr, "code|"+galleryID
	if d, err := l.CodeAddrs.Wait(ctx, addrKey); err != nil {
		return Grant{}, err
	} else if d > 0 {
		return Grant{}, TooMany(d)
	}
	if err := take(ctx, l.CodeTries, triesKey); err != nil {
		return Grant{}, err
	}
	if err := take(ctx, l.CodeAddrs, addrKey); err != nil {
		return Grant{}, err
	}
	if err := s.checkGalleryCaptcha(ctx, galleryKey, clientAddr, in); err != nil {
		if errors.Is(err, ErrCaptchaRequired) {
			// Being asked for a captcha is not a guess.
			err = errors.Join(err, l.CodeTries.Refund(ctx, triesKey), l.CodeAddrs.Refund(ctx, addrKey))
		}
		return Grant{}, err
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
		if err := l.GalleryFailures.Fail(ctx, galleryKey); err != nil {
			return Grant{}, err
		}
		return Grant{}, apperr.List{ErrWrongCode}
	}
	if err := l.CodeTries.Reset(ctx, triesKey); err != nil {
		return Grant{}, err
	}
	if err := l.CodeAddrs.Refund(ctx, addrKey); err != nil {
		return Grant{}, err
	}
	return Grant{GalleryID: galleryID, CodeID: match.ID, Client: match.Kind == accesscode.KindClient}, nil
}

// checkGalleryCaptcha asks for a solved captcha once the gallery has seen
// CaptchaThreshold wrong codes: a right code is then still accepted, with
// the captcha. The answer is checked (and the captcha used up) before the
// code is.
func (s *Service) checkGalleryCaptcha(ctx context.Context, galleryKey, clientAddr string, in CodeInput) error {
	if s.Captchas == nil {
		return nil
	}
	n, err := s.Limits.GalleryFailures.Count(ctx, galleryKey)
	if err != nil || n < CaptchaThreshold {
		return err
	}
	refusal := ErrCaptchaRequired
	if strings.TrimSpace(in.CaptchaText) != "" {
		err := s.Captchas.Verify(ctx, in.CaptchaID, in.CaptchaText)
		if err == nil {
			return nil
		}
		if ae := apperr.As(err); ae == nil || ae.Status >= 500 {
			return err
		}
		refusal = ErrCaptchaInvalid
	}
	c, err := s.Captchas.New(ctx, clientAddr)
	if err != nil {
		return err
	}
	return &CaptchaError{Err: refusal, Captcha: c}
}

// CheckClientCode is CheckCode for the privileged-client dialog: a visitor
// code there is refused with ErrNotClientCode.
func (s *Service) CheckClientCode(ctx context.Context, galleryID, clientAddr, code string) (Grant, error) {
	return s.CheckClientCodeWith(ctx, galleryID, clientAddr, CodeInput{Code: code})
}

// CheckClientCodeWith is CheckClientCode with the captcha.
func (s *Service) CheckClientCodeWith(ctx context.Context, galleryID, clientAddr string, in CodeInput) (Grant, error) {
	g, err := s.CheckCodeWith(ctx, galleryID, clientAddr, in)
	if err != nil {
		return Grant{}, err
	}
	if !g.Client {
		return Grant{}, apperr.List{ErrNotClientCode}
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
	g, err := OpenKept[Grant](s.Signer, "grant:"+galleryID, value)
	if err != nil || g.GalleryID != galleryID {
		return Grant{}, false
	}
	return g, true
}

// LiveGrants keeps the grants whose codes still exist and are not revoked:
// one query for codes not read lately (keptCredentials), none otherwise.
func (s *Service) LiveGrants(ctx context.Context, grants []Grant) ([]Grant, error) {
	if len(grants) == 0 {
		return nil, nil
	}
	ids := make([]string, len(grants))
	for i, g := range grants {
		ids[i] = g.CodeID
	}
	kinds, err := s.kept.codeKinds(ids, func() (map[string]accesscode.Kind, error) { return s.liveCodes(ctx, ids) })
	if err != nil {
		return nil, err
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

// liveCodes reads the kind of each code of ids that exists and is not
// revoked.
func (s *Service) liveCodes(ctx context.Context, ids []string) (map[string]accesscode.Kind, error) {
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
	return kinds, nil
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
	return s.sendCode(ctx, g.ID, clientAddr, email, func(to, code string, minutes int) (mail.Message, error) {
		return s.mail(ctx, g, emails.AccessCode, emails.AccessCodeData{Code: code, Minutes: minutes}, to)
	})
}

// StudioScope is the scope of the one-time codes that sign a photographer
// in to the studio; a guest's codes are scoped by their gallery's id.
const StudioScope = "studio"

// SendStudioCode e-mails a one-time code that signs the photographer with
// this e-mail in to the studio, in the request's language. It answers the
// same whether or not the address is a photographer's (nobody learns which
// addresses are), and counts against the same limits as a guest's code.
func (s *Service) SendStudioCode(ctx context.Context, clientAddr, email string) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	pg, err := s.DB.Photographer.Query().Where(photographer.EmailEqualFold(email)).Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return s.takeSend(ctx, "otp", StudioScope, clientAddr, email)
	}
	if err != nil {
		return fmt.Errorf("access: photographer: %w", err)
	}
	return s.sendCode(ctx, StudioScope, clientAddr, email, func(to, code string, minutes int) (mail.Message, error) {
		e, err := emails.Render(emails.StudioCode, emails.Language(lang.Or(ctx, ""), ""), emails.AccountBrand(s.PublicURL, pg),
			emails.AccessCodeData{Code: code, Minutes: minutes})
		if err != nil {
			return mail.Message{}, err
		}
		return e.Message([]string{to}, ""), nil
	})
}

// sendCode e-mails a new one-time code for email in scope (a gallery id
// or StudioScope), written by msg. Earlier unused codes of the same
// address and scope stop working.
func (s *Service) sendCode(ctx context.Context, scope, clientAddr, email string, msg func(to, code string, minutes int) (mail.Message, error)) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	if err := s.takeSend(ctx, "otp", scope, clientAddr, email); err != nil {
		return err
	}
	code, err := sixDigits()
	if err != nil {
		return err
	}
	now := s.now()
	m, err := msg(email, code, int(OTPTTL/time.Minute))
	if err != nil {
		return err
	}
	// The new code and its e-mail are committed together; the e-mail waits
	// in its job while the mail server is down, until the code expires.
	return s.mailer().InTx(viewer.SystemContext(ctx), func(ctx context.Context, tx *ent.Client, out jobs.Outbox) error {
		if _, err := tx.OneTimeCode.Update().
			Where(onetimecode.Email(email), onetimecode.GalleryID(scope), onetimecode.UsedAtIsNil()).
			SetUsedAt(now).Save(ctx); err != nil {
			return fmt.Errorf("access: retire codes: %w", err)
		}
		if err := tx.OneTimeCode.Create().SetEmail(email).SetGalleryID(scope).SetClientAddr(clientAddr).
			SetCodeHash(s.otpHash(email, scope, code)).SetExpiresAt(now.Add(OTPTTL)).Exec(ctx); err != nil {
			return fmt.Errorf("access: save code: %w", err)
		}
		return out.Post(ctx, m, now.Add(OTPTTL))
	})
}

// takeSend counts an e-mail of kind (otp, recover) to email from
// clientAddr in a gallery, or refuses it: every e-mail counts, per
// recipient (nobody's inbox can be flooded), per address (a generous
// ceiling: a venue's guests share one) and per gallery.
func (s *Service) takeSend(ctx context.Context, kind, galleryID, clientAddr, email string) error {
	l := s.Limits
	steps := []struct {
		lim *Limiter
		key string
	}{
		{l.SendRecipients, kind + "|" + email},
		{l.SendAddrs, kind + "|" + clientAddr},
		{l.SendGalleries, kind + "|" + galleryID},
	}
	for i, st := range steps {
		if err := take(ctx, st.lim, st.key); err != nil {
			// A refused e-mail spends nothing: what the steps before
			// counted is given back.
			for _, done := range steps[:i] {
				if rerr := done.lim.Refund(ctx, done.key); rerr != nil {
					return errors.Join(err, rerr)
				}
			}
			return err
		}
	}
	return nil
}

// mailer queues e-mails through Jobs, or sends them through Mail without it.
func (s *Service) mailer() jobs.Mailer { return jobs.Mailer{Runner: s.Jobs, DB: s.DB, Mail: s.Mail} }

// ConfirmEmail checks a one-time code of a gallery (ConfirmCode) and, on
// success, makes sure the user exists and is verified.
func (s *Service) ConfirmEmail(ctx context.Context, galleryID, clientAddr, email, code string) (*ent.User, error) {
	email, err := s.ConfirmCode(ctx, galleryID, clientAddr, email, code)
	if err != nil {
		return nil, err
	}
	sctx := viewer.SystemContext(ctx)
	if err := s.DB.User.Create().SetEmail(email).SetVerifiedAt(s.now()).
		OnConflictColumns(user.FieldEmail).UpdateVerifiedAt().Exec(sctx); err != nil {
		return nil, fmt.Errorf("access: user: %w", err)
	}
	return s.DB.User.Query().Where(user.Email(email)).Only(sctx)
}

// ConfirmCode checks a one-time code of scope (a gallery id, or
// StudioScope), within OTPTTL, once, and returns the normalised e-mail.
// Attempts are counted per e-mail and address, wrong codes per address,
// and attempts from an address that did not ask for a code to this e-mail
// per e-mail too: someone guessing elsewhere neither spends the owner's
// tries nor burns their code.
func (s *Service) ConfirmCode(ctx context.Context, galleryID, clientAddr, email, code string) (string, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return "", err
	}
	code = strings.TrimSpace(code)
	l := s.Limits
	sctx := viewer.SystemContext(ctx)
	now := s.now()
	triesKey, addrKey, foreignKey := galleryID+"|"+email+"|"+clientAddr, clientAddr, galleryID+"|"+email
	if d, err := l.OTPAddrs.Wait(ctx, addrKey); err != nil {
		return "", err
	} else if d > 0 {
		return "", TooMany(d)
	}
	if err := take(ctx, l.OTPTries, triesKey); err != nil {
		return "", err
	}
	if err := take(ctx, l.OTPAddrs, addrKey); err != nil {
		return "", err
	}
	// The address that asked for a code is the owner's; others also share
	// one budget per e-mail, so that many addresses cannot guess much.
	asked, err := s.DB.OneTimeCode.Query().
		Where(onetimecode.Email(email), onetimecode.GalleryID(galleryID), onetimecode.ClientAddr(clientAddr),
			onetimecode.CreatedAtGT(now.Add(-OTPTTL))).Exist(sctx)
	if err != nil {
		return "", fmt.Errorf("access: code: %w", err)
	}
	foreign := !asked
	if foreign {
		if err := take(ctx, l.OTPForeign, foreignKey); err != nil {
			return "", err
		}
	}
	otc, err := s.DB.OneTimeCode.Query().
		Where(onetimecode.Email(email), onetimecode.GalleryID(galleryID), onetimecode.UsedAtIsNil(),
			onetimecode.ExpiresAtGT(now)).
		Order(ent.Desc(onetimecode.FieldCreatedAt)).First(sctx)
	if err != nil && !ent.IsNotFound(err) {
		return "", fmt.Errorf("access: code: %w", err)
	}
	want := s.otpHash(email, galleryID, code)
	if otc == nil || subtle.ConstantTimeCompare([]byte(want), []byte(otc.CodeHash)) != 1 {
		return "", apperr.List{ErrWrongOTP}
	}
	// Single use: only one confirmation can mark the code used.
	n, err := s.DB.OneTimeCode.Update().Where(onetimecode.ID(otc.ID), onetimecode.UsedAtIsNil()).
		SetUsedAt(now).AddAttempts(1).Save(sctx)
	if err != nil {
		return "", fmt.Errorf("access: use code: %w", err)
	}
	if n == 0 {
		return "", apperr.List{ErrWrongOTP}
	}
	if err := l.OTPTries.Reset(ctx, triesKey); err != nil {
		return "", err
	}
	if err := l.OTPAddrs.Refund(ctx, addrKey); err != nil {
		return "", err
	}
	if foreign {
		if err := l.OTPForeign.Refund(ctx, foreignKey); err != nil {
			return "", err
		}
	}
	return email, nil
}

// SealIdentity returns the identity cookie value for a confirmed e-mail.
func (s *Service) SealIdentity(email string) (string, error) {
	return s.Signer.Seal("identity", Identity{Email: email, Issued: s.Signer.Now().Unix()}, IdentityTTL)
}

// OpenIdentity reads an identity cookie.
func (s *Service) OpenIdentity(value string) (Identity, bool) {
	id, err := OpenKept[Identity](s.Signer, "identity", value)
	if err != nil || id.Email == "" {
		return Identity{}, false
	}
	return id, true
}

// PhotographerRef is the photographer an e-mail is, and when they last
// signed out everywhere (0: never), as Unix seconds.
type PhotographerRef struct {
	ID            string
	SessionsEnded int64
}

// PhotographerID returns the id of the photographer with this confirmed
// e-mail, or "" when the address is not a photographer's.
func (s *Service) PhotographerID(ctx context.Context, email string) (string, error) {
	ref, err := s.Photographer(ctx, email)
	return ref.ID, err
}

// Photographer returns the photographer with this confirmed e-mail (a zero
// PhotographerRef when the address is not a photographer's).
func (s *Service) Photographer(ctx context.Context, email string) (PhotographerRef, error) {
	return s.kept.photographer(email, func() (PhotographerRef, error) {
		p, err := s.DB.Photographer.Query().Where(photographer.EmailEqualFold(email)).Only(viewer.SystemContext(ctx))
		if ent.IsNotFound(err) {
			return PhotographerRef{}, nil
		}
		if err != nil {
			return PhotographerRef{}, fmt.Errorf("access: photographer: %w", err)
		}
		ref := PhotographerRef{ID: p.ID}
		if p.SessionsEndedAt != nil {
			ref.SessionsEnded = p.SessionsEndedAt.Unix()
		}
		return ref, nil
	})
}

// RecoverClientCode e-mails the client code registered for email in g.
// It says nothing about whether the address is registered: the caller
// always answers the same.
func (s *Service) RecoverClientCode(ctx context.Context, g *ent.Gallery, clientAddr, email string) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	if err := s.takeSend(ctx, "recover", g.ID, clientAddr, email); err != nil {
		return err
	}
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
	msg, err := s.mail(ctx, g, emails.ClientCode, emails.ClientCodeData{Code: codes[0].Code, Link: link}, email)
	if err != nil {
		return err
	}
	return s.mailer().Send(ctx, msg, time.Time{})
}

// mail writes e-mail n of gallery g to a visitor, in the language of the
// visitor's request.
func (s *Service) mail(ctx context.Context, g *ent.Gallery, n emails.Name, data any, to string) (mail.Message, error) {
	b, err := emails.BrandFor(ctx, s.DB, s.PublicURL, g)
	if err != nil {
		return mail.Message{}, err
	}
	e, err := emails.Render(n, emails.VisitorLanguage(ctx, g), b, data)
	if err != nil {
		return mail.Message{}, err
	}
	return e.Message([]string{to}, b.StudioEmail), nil
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
	if hash == "" {
		return "", false
	}
	p, err := OpenKept[preview](s.Signer, "preview", hash)
	if err != nil || p.GalleryID == "" {
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
