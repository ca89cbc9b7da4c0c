// Package captcha makes the codes the contact form asks people to copy: six
// digits drawn as a PNG image, with a spoken WAV alternative. Codes live in
// the database, so any replica can draw or check them; each works once
// (a wrong answer uses it up too) and expires after TTL.
package captcha

import (
	"bytes"
	"context"
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"
	"time"

	dcaptcha "github.com/dchest/captcha"

	"github.com/studio/gallery/ent"
	entcaptcha "github.com/studio/gallery/ent/captcha"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/viewer"
)

// Shape and lifetime of a code.
const (
	// Length is the number of digits.
	Length = 6
	// TTL is how long a code may be drawn and checked.
	TTL = 10 * time.Minute
	// Width and Height are the image's size in pixels.
	Width, Height = 240, 80
	// AudioLanguage is the spoken alternative's language: the library has
	// no French voice, so English it is.
	AudioLanguage = "en"
)

// Errors of the captcha.
var (
	ErrRequired = apperr.New(CodeCaptchaRequired, http.StatusBadRequest, "captcha_required").WithField("captchaText")
	ErrInvalid  = apperr.New(CodeCaptchaInvalid, http.StatusBadRequest, "captcha_invalid").WithField("captchaText")
	ErrExpired  = ErrInvalid.WithMessage("captcha_expired", nil)
	// ErrNotFound answers for the image or audio of an unknown, used or
	// expired code.
	ErrNotFound = apperr.ErrNotFound.WithMessage("captcha_not_found", nil)
)

// Service makes and checks codes.
type Service struct {
	DB *ent.Client
	// Creations limits the codes one address asks for (in the database,
	// shared by the replicas).
	Creations *access.Limiter
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// NewService returns the captcha service: 30 codes per address, then one
// more every few seconds, doubling up to a minute.
func NewService(db *ent.Client) *Service {
	return &Service{DB: db, Creations: access.NewLimiter(db, "captcha-creations", 30, 2*time.Second, time.Minute, 10*time.Minute)}
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// New makes a code for clientAddr and clears out expired ones.
func (s *Service) New(ctx context.Context, clientAddr string) (*ent.Captcha, error) {
	if s.Creations != nil {
		d, err := s.Creations.Take(ctx, clientAddr)
		if err != nil {
			return nil, err
		}
		if d > 0 {
			secs := max(int((d+time.Second-1)/time.Second), 1)
			return nil, apperr.ErrTooManyRequests.WithMessage("captcha_retry_in_seconds", apperr.Args{"Seconds": secs}).
				WithRetryAfter(time.Duration(secs) * time.Second)
		}
	}
	sctx := viewer.SystemContext(ctx)
	now := s.now()
	// Expired captchas are deleted by the periodic housekeeping job (jobs.Housekeep).
	c, err := s.DB.Captcha.Create().SetDigits(digitString(dcaptcha.RandomDigits(Length))).
		SetExpiresAt(now.Add(TTL)).Save(sctx)
	if err != nil {
		return nil, fmt.Errorf("captcha: create: %w", err)
	}
	return c, nil
}

// ImageURL is where the code's image is drawn.
func ImageURL(id string) string { return "/api/captcha/" + id + ".png" }

// AudioURL is where the code is spoken.
func AudioURL(id string) string { return "/api/captcha/" + id + ".wav" }

// live returns a code that may still be drawn: unused and unexpired.
func (s *Service) live(ctx context.Context, id string) (*ent.Captcha, error) {
	if ids.Prefix(id) != "cap" {
		return nil, ErrNotFound
	}
	c, err := s.DB.Captcha.Query().
		Where(entcaptcha.ID(id), entcaptcha.UsedAtIsNil(), entcaptcha.ExpiresAtGT(s.now())).
		Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("captcha: %s: %w", id, err)
	}
	return c, nil
}

// Image draws the code as a PNG.
func (s *Service) Image(ctx context.Context, id string) ([]byte, error) {
	c, err := s.live(ctx, id)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := dcaptcha.NewImage(c.ID, digitBytes(c.Digits), Width, Height).WriteTo(&b); err != nil {
		return nil, fmt.Errorf("captcha: image: %w", err)
	}
	return b.Bytes(), nil
}

// Audio speaks the code as a WAV file.
func (s *Service) Audio(ctx context.Context, id string) ([]byte, error) {
	c, err := s.live(ctx, id)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := dcaptcha.NewAudio(c.ID, digitBytes(c.Digits), AudioLanguage).WriteTo(&b); err != nil {
		return nil, fmt.Errorf("captcha: audio: %w", err)
	}
	return b.Bytes(), nil
}

// Verify checks an answer and uses the code up, right or wrong: every
// guess needs a new code. Spaces in the answer are ignored; an empty
// answer is ErrRequired and leaves the code as it is.
func (s *Service) Verify(ctx context.Context, id, answer string) error {
	answer = strings.Join(strings.Fields(answer), "")
	if answer == "" {
		return ErrRequired
	}
	if ids.Prefix(id) != "cap" {
		return ErrInvalid
	}
	sctx := viewer.SystemContext(ctx)
	c, err := s.DB.Captcha.Get(sctx, id)
	if ent.IsNotFound(err) {
		return ErrInvalid
	}
	if err != nil {
		return fmt.Errorf("captcha: %s: %w", id, err)
	}
	now := s.now()
	// Only one request can use a code up: the update is conditional.
	n, err := s.DB.Captcha.Update().
		Where(entcaptcha.ID(id), entcaptcha.UsedAtIsNil(), entcaptcha.ExpiresAtGT(now)).
		SetUsedAt(now).Save(sctx)
	if err != nil {
		return fmt.Errorf("captcha: use %s: %w", id, err)
	}
	if n == 0 {
		if c.UsedAt == nil && !c.ExpiresAt.After(now) {
			return ErrExpired
		}
		return ErrInvalid
	}
	if subtle.ConstantTimeCompare([]byte(answer), []byte(c.Digits)) != 1 {
		return ErrInvalid
	}
	return nil
}

// digitString writes the library's digits (values 0 to 9) as text.
func digitString(d []byte) string {
	b := make([]byte, len(d))
	for i, v := range d {
		b[i] = '0' + v
	}
	return string(b)
}

// digitBytes is the reverse of digitString.
func digitBytes(s string) []byte {
	b := make([]byte, len(s))
	for i := range len(s) {
		b[i] = s[i] - '0'
	}
	return b
}
