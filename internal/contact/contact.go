// Package contact carries a visitor's message to the photographer: the
// form's fields are checked, a captcha (internal/captcha) must be copied,
// the message is stored and e-mailed to the photographer with Reply-To the
// visitor. Messages are counted per client address in the database, so
// the limit holds across replicas. GraphQL and REST both call it.
package contact

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/contactmessage"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/captcha"
	"github.com/studio/gallery/internal/emails"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/text"
	"github.com/studio/gallery/internal/viewer"
)

// Bounds and limits of a message.
const (
	// MaxNameLen and MaxMessageLen are in characters.
	MaxNameLen    = 100
	MaxMessageLen = 5000
	// PerWindow messages may come from one client address within Window.
	PerWindow = 5
	Window    = time.Hour
)

// Errors of the contact form (spec section 5's required-field messages).
var (
	ErrNameRequired    = apperr.New(CodeNameRequired, http.StatusBadRequest, "name_required").WithField("name")
	ErrNameTooLong     = apperr.New(CodeTooLong, http.StatusBadRequest, "name_too_long").WithField("name")
	ErrMessageRequired = apperr.New(CodeMessageRequired, http.StatusBadRequest, "message_required").WithField("message")
	ErrMessageTooLong  = apperr.New(CodeTooLong, http.StatusBadRequest, "message_too_long").WithArgs(apperr.Args{"Max": MaxMessageLen}).WithField("message")
	ErrTooMany         = apperr.ErrTooManyRequests.WithMessage("contact_too_many", nil)
)

// Input is what the visitor fills in.
type Input struct {
	Name        string
	Email       string
	Message     string
	CaptchaID   string
	CaptchaText string
}

// Service sends contact messages.
type Service struct {
	DB *ent.Client
	// Jobs queues the e-mail (a mail_send job); without it (tests) it is
	// sent through Mail during the call, which fails with mail_not_sent
	// (and keeps nothing) when it cannot be.
	Jobs     *jobs.Runner
	Mail     mail.Sender
	Captchas *captcha.Service
	// PublicURL is how browsers reach the site, for the gallery's link.
	PublicURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Validate checks and cleans the fields (the captcha's answer only for
// presence): every problem is reported, each naming its field.
func Validate(in Input) (Input, error) {
	var problems apperr.List
	if err := text.Line(in.Name, "name"); err != nil {
		problems = append(problems, apperr.As(err))
	}
	if err := text.Check(in.Message, "message"); err != nil {
		problems = append(problems, apperr.As(err))
	}
	if len(problems) > 0 {
		return Input{}, problems
	}
	out := in
	out.Name = strings.Join(strings.Fields(in.Name), " ")
	out.Message = strings.TrimSpace(in.Message)
	switch {
	case out.Name == "":
		problems = append(problems, ErrNameRequired)
	case utf8.RuneCountInString(out.Name) > MaxNameLen:
		problems = append(problems, ErrNameTooLong)
	}
	email, err := access.NormalizeEmail(in.Email)
	if err != nil {
		problems = append(problems, apperr.As(err))
	}
	out.Email = email
	switch {
	case out.Message == "":
		problems = append(problems, ErrMessageRequired)
	case utf8.RuneCountInString(out.Message) > MaxMessageLen:
		problems = append(problems, ErrMessageTooLong)
	}
	if strings.TrimSpace(in.CaptchaText) == "" {
		problems = append(problems, captcha.ErrRequired)
	}
	if err := problems.Err(); err != nil {
		return Input{}, err
	}
	return out, nil
}

// Send checks the form, then the captcha (which is used up, right or
// wrong), stores the message and queues its e-mail to g's photographer. Anyone
// who can reach the gallery's address may write, even without its access
// code: asking for the code is a reason to write. A form with missing or
// invalid fields leaves the captcha unused, so the visitor can correct it.
func (s *Service) Send(ctx context.Context, g *ent.Gallery, in Input) error {
	in, err := Validate(in)
	if err != nil {
		return err
	}
	addr := viewer.FromContext(ctx).ClientAddr
	sctx := viewer.SystemContext(ctx)
	n, err := s.DB.ContactMessage.Query().
		Where(contactmessage.ClientAddress(addr), contactmessage.CreatedAtGT(s.now().Add(-Window))).Count(sctx)
	if err != nil {
		return fmt.Errorf("contact: count: %w", err)
	}
	if n >= PerWindow {
		return ErrTooMany
	}
	if err := s.Captchas.Verify(ctx, in.CaptchaID, in.CaptchaText); err != nil {
		return err
	}
	// To the photographer: in the gallery's language, not the visitor's.
	b, err := emails.BrandFor(sctx, s.DB, s.PublicURL, g)
	if err != nil {
		return fmt.Errorf("contact: %w", err)
	}
	e, err := emails.Render(emails.Contact, emails.GalleryLanguage(g), b,
		emails.ContactData{Name: in.Name, Email: in.Email, Message: in.Message})
	if err != nil {
		return err
	}
	m := e.Message([]string{b.StudioEmail}, in.Email)
	// The message and its e-mail are committed together; the e-mail waits
	// in its job while the mail server is down.
	mailer := jobs.Mailer{Runner: s.Jobs, DB: s.DB, Mail: s.Mail}
	return mailer.InTx(sctx, func(ctx context.Context, tx *ent.Client, out jobs.Outbox) error {
		if err := tx.ContactMessage.Create().SetGalleryID(g.ID).SetName(in.Name).SetEmail(in.Email).
			SetMessage(in.Message).SetClientAddress(addr).SetCreatedAt(s.now()).Exec(ctx); err != nil {
			return fmt.Errorf("contact: save: %w", err)
		}
		return out.Post(ctx, m, time.Time{})
	})
}
