// Package share sends a gallery's link by e-mail to people a visitor or
// client names, with the visitor code when a client shares a protected
// gallery. Each share is stored; the stored rows limit how often one
// address or one browser session may share, across replicas. GraphQL and
// REST both call it.
package share

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/ent/gallery"
	entshare "github.com/studio/gallery/ent/share"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/emails"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/text"
	"github.com/studio/gallery/internal/viewer"
)

// Bounds and limits of a share.
const (
	// MaxRecipients bounds the e-mails of one share.
	MaxRecipients = 20
	// MaxNameLen bounds the sender's name, in characters.
	MaxNameLen = 100
	// MaxMessageLen bounds the message, in characters.
	MaxMessageLen = 2000
	// SharesPerWindow and RecipientsPerWindow bound what one client address,
	// and one browser session, may send within Window.
	SharesPerWindow     = 5
	RecipientsPerWindow = 30
	Window              = time.Hour
)

// Errors of the share.
var (
	ErrNameRequired   = apperr.New(CodeNameRequired, http.StatusBadRequest, "name_required").WithField("senderName")
	ErrNameTooLong    = apperr.New(CodeTooLong, http.StatusBadRequest, "name_too_long").WithField("senderName")
	ErrEmailsRequired = apperr.New(CodeEmailRequired, http.StatusBadRequest, "emails_required").WithField("emails")
	ErrTooManyEmails  = apperr.New(CodeTooMany, http.StatusBadRequest, "too_many_recipients").WithArgs(apperr.Args{"Max": MaxRecipients}).WithField("emails")
	ErrDuplicateEmail = apperr.New(CodeDuplicateEmail, http.StatusBadRequest, "duplicate_email")
	ErrMessageTooLong = apperr.New(CodeTooLong, http.StatusBadRequest, "message_too_long").WithArgs(apperr.Args{"Max": MaxMessageLen}).WithField("message")
)

// Input is what the sender fills in.
type Input struct {
	SenderName string
	Emails     []string
	Message    string
}

// Service sends shares.
type Service struct {
	DB *ent.Client
	// Jobs queues the e-mails (mail_send jobs); without it (tests) they are
	// sent through Mail during the call, which fails with mail_not_sent
	// when they cannot be.
	Jobs *jobs.Runner
	Mail mail.Sender
	// PublicURL is how browsers reach the site: links are PublicURL/{url}.
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

// Validate checks and cleans an input: the sender's name on one line, the
// e-mails normalised, the message trimmed. Every problem is reported, each
// naming its field (["emails", "2"] for the third address).
func Validate(in Input) (Input, error) {
	var problems apperr.List
	if err := text.Line(in.SenderName, "senderName"); err != nil {
		problems = append(problems, apperr.As(err))
	}
	if err := text.Check(in.Message, "message"); err != nil {
		problems = append(problems, apperr.As(err))
	}
	if len(problems) > 0 {
		return Input{}, problems
	}
	out := Input{SenderName: strings.Join(strings.Fields(in.SenderName), " "), Message: strings.TrimSpace(in.Message)}
	switch {
	case out.SenderName == "":
		problems = append(problems, ErrNameRequired)
	case utf8.RuneCountInString(out.SenderName) > MaxNameLen:
		problems = append(problems, ErrNameTooLong)
	}
	switch {
	case len(in.Emails) == 0:
		problems = append(problems, ErrEmailsRequired)
	case len(in.Emails) > MaxRecipients:
		problems = append(problems, ErrTooManyEmails)
	default:
		seen := make(map[string]bool, len(in.Emails))
		for i, raw := range in.Emails {
			field := []string{"emails", strconv.Itoa(i)}
			if err := text.Line(raw, field...); err != nil {
				problems = append(problems, apperr.As(err))
				continue
			}
			email, err := access.NormalizeEmail(raw)
			if err != nil {
				problems = append(problems, apperr.As(err).WithField(field...))
				continue
			}
			if seen[email] {
				problems = append(problems, ErrDuplicateEmail.WithField(field...))
				continue
			}
			seen[email] = true
			out.Emails = append(out.Emails, email)
		}
	}
	if utf8.RuneCountInString(out.Message) > MaxMessageLen {
		problems = append(problems, ErrMessageTooLong)
	}
	if err := problems.Err(); err != nil {
		return Input{}, err
	}
	return out, nil
}

// Share e-mails g's link to every address of in (one queued mail_send job
// each) and returns the normalised addresses. The sender must be able to browse g. When g is
// protected and the sender is one of its clients, the e-mail also gives an
// active visitor code. Replies go to the sender's confirmed e-mail, if any.
func (s *Service) Share(ctx context.Context, g *ent.Gallery, in Input) ([]string, error) {
	if err := galleries.RequireAction(ctx, g, galleries.Browsing, nil); err != nil {
		return nil, err
	}
	in, err := Validate(in)
	if err != nil {
		return nil, err
	}
	v := viewer.FromContext(ctx)
	sctx := viewer.SystemContext(ctx)
	row, err := s.DB.Share.Create().SetGalleryID(g.ID).SetSenderName(in.SenderName).SetSenderEmail(v.Email).
		SetRecipients(in.Emails).SetMessage(in.Message).SetClientAddress(v.ClientAddr).
		SetSenderKey(senderKey(v.SessionKey)).SetSentAt(s.now()).Save(sctx)
	if err != nil {
		return nil, fmt.Errorf("share: save: %w", err)
	}
	// The row is stored before counting, so that shares racing on several
	// replicas see each other; the one past the limit takes itself back.
	if err := s.checkLimit(sctx, row); err != nil {
		if derr := s.DB.Share.DeleteOneID(row.ID).Exec(sctx); derr != nil {
			return nil, fmt.Errorf("share: undo %s: %w", row.ID, derr)
		}
		return nil, err
	}
	code := ""
	if !g.IsPublic && galleries.OwnAccess(ctx, g).IsClient {
		if code, err = s.visitorCode(sctx, g); err != nil {
			return nil, s.undo(sctx, row, err)
		}
	}
	e, err := s.render(ctx, g, in, code)
	if err != nil {
		return nil, s.undo(sctx, row, err)
	}
	// The row had to be committed before counting; its e-mails are queued
	// together, in one transaction that finds it still there, and go out
	// even while the mail server is down (they wait in their jobs).
	err = s.mailer().InTx(sctx, func(ctx context.Context, tx *ent.Client, out jobs.Outbox) error {
		if _, err := tx.Share.Get(ctx, row.ID); err != nil {
			return fmt.Errorf("share: %s: %w", row.ID, err)
		}
		for _, to := range in.Emails {
			if err := out.Post(ctx, e.Message([]string{to}, v.Email), time.Time{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.undo(sctx, row, err)
	}
	return in.Emails, nil
}

// undo takes back a share whose e-mails were not queued, and returns err.
func (s *Service) undo(ctx context.Context, row *ent.Share, err error) error {
	if derr := s.DB.Share.DeleteOneID(row.ID).Exec(ctx); derr != nil && !ent.IsNotFound(derr) {
		return errors.Join(err, fmt.Errorf("share: undo %s: %w", row.ID, derr))
	}
	return err
}

func (s *Service) mailer() jobs.Mailer { return jobs.Mailer{Runner: s.Jobs, DB: s.DB, Mail: s.Mail} }

// checkLimit counts the shares of row's address and of its session within
// Window, up to row itself.
func (s *Service) checkLimit(ctx context.Context, row *ent.Share) error {
	who := entshare.ClientAddress(row.ClientAddress)
	if row.SenderKey != "" {
		who = entshare.Or(who, entshare.SenderKey(row.SenderKey))
	}
	recent, err := s.DB.Share.Query().Where(entshare.SentAtGT(row.SentAt.Add(-Window)), who).
		Order(ent.Asc(entshare.FieldSentAt)).All(ctx)
	if err != nil {
		return fmt.Errorf("share: count: %w", err)
	}
	type tally struct {
		shares, recipients int
		first              time.Time
	}
	var byAddr, bySession tally
	count := func(t *tally, r *ent.Share) {
		if t.shares == 0 {
			t.first = r.SentAt
		}
		t.shares++
		t.recipients += len(r.Recipients)
	}
	for _, r := range recent {
		// Shares stored after this one do not count against it; two at the
		// same instant count against each other.
		if r.SentAt.After(row.SentAt) {
			break
		}
		if r.ClientAddress == row.ClientAddress {
			count(&byAddr, r)
		}
		if row.SenderKey != "" && r.SenderKey == row.SenderKey {
			count(&bySession, r)
		}
	}
	for _, t := range []tally{byAddr, bySession} {
		if t.shares > SharesPerWindow || t.recipients > RecipientsPerWindow {
			wait := t.first.Add(Window).Sub(s.now())
			minutes := max(int((wait+time.Minute-1)/time.Minute), 1)
			return apperr.ErrTooManyRequests.WithMessage("share_retry_in_minutes", apperr.Args{"Minutes": minutes}).
				WithRetryAfter(time.Duration(minutes) * time.Minute)
		}
	}
	return nil
}

// visitorCode returns an active visitor code of g, or "" when it has none.
func (s *Service) visitorCode(ctx context.Context, g *ent.Gallery) (string, error) {
	c, err := s.DB.AccessCode.Query().
		Where(accesscode.HasGalleryWith(gallery.ID(g.ID)), accesscode.KindEQ(accesscode.KindVisitor), accesscode.RevokedAtIsNil()).
		Order(ent.Asc(accesscode.FieldCreatedAt), ent.Asc(accesscode.FieldID)).First(ctx)
	if ent.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("share: visitor code: %w", err)
	}
	return c.Code, nil
}

// render writes the e-mail every recipient gets, in the language the
// sender used.
func (s *Service) render(ctx context.Context, g *ent.Gallery, in Input, code string) (emails.Email, error) {
	b, err := emails.BrandFor(ctx, s.DB, s.PublicURL, g)
	if err != nil {
		return emails.Email{}, err
	}
	return emails.Render(emails.Share, emails.VisitorLanguage(ctx, g), b, emails.ShareData{
		Sender: in.SenderName, Message: in.Message, Link: b.GalleryURL, Code: code,
	})
}

// senderKey names a browser session without keeping its key.
func senderKey(session string) string {
	if session == "" {
		return ""
	}
	sum := sha256.Sum256([]byte("share|" + session))
	return hex.EncodeToString(sum[:16])
}
