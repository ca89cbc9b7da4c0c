package contact_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/captcha"
	"github.com/studio/gallery/internal/contact"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

type outbox struct {
	mu   sync.Mutex
	msgs []mail.Message
	fail bool
}

func (o *outbox) Send(_ context.Context, m mail.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fail {
		return errors.New("smtp down")
	}
	o.msgs = append(o.msgs, m)
	return nil
}

type fixture struct {
	db   *ent.Client
	svc  *contact.Service
	mail *outbox
	g    *ent.Gallery
	ctx  context.Context
	sys  context.Context
}

func setup(t *testing.T) *fixture {
	t.Helper()
	db := testdb.Open(t).Client
	f := &fixture{db: db, mail: &outbox{}, sys: viewer.SystemContext(context.Background()),
		ctx: viewer.NewContext(context.Background(), &viewer.Viewer{ClientAddr: "192.0.2.1"})}
	caps := captcha.NewService(db)
	caps.Creations = nil
	f.svc = &contact.Service{DB: db, Mail: f.mail, Captchas: caps, PublicURL: "https://galerie.example"}
	pg := db.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(f.sys)
	// Protected: writing does not need the access code.
	f.g = db.Gallery.Create().SetURL("mariage").SetEventName("Mariage").SetPhotographer(pg).SaveX(f.sys)
	return f
}

// code returns a new captcha and its answer.
func (f *fixture) code(t *testing.T) (string, string) {
	t.Helper()
	c, err := f.svc.Captchas.New(f.ctx, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	return c.ID, f.db.Captcha.GetX(f.sys, c.ID).Digits
}

func (f *fixture) input(t *testing.T) contact.Input {
	id, answer := f.code(t)
	return contact.Input{Name: "Léa Martin", Email: "Lea@Example.com", Message: "Bonjour, j'ai perdu le code.", CaptchaID: id, CaptchaText: answer}
}

func TestEveryFieldIsRequired(t *testing.T) {
	_, err := contact.Validate(contact.Input{Name: " ", Email: "", Message: "\n", CaptchaText: ""})
	var got []string
	for _, e := range apperr.AsList(err) {
		got = append(got, e.Field[0]+": "+e.Message)
	}
	want := []string{
		"name: Merci de saisir votre nom",
		"email: Merci de saisir votre adresse email",
		"message: Merci de saisir votre message",
		"captchaText: Merci de recopier le code de l'image",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%q, want %q", got, want)
	}
	_, err = contact.Validate(contact.Input{Name: "Léa", Email: "lea@", Message: "Bonjour", CaptchaText: "123456"})
	if e := apperr.As(err); e == nil || e.Code != "invalid_email" || e.Message != "L'adresse email saisie n'est pas valide" {
		t.Fatalf("invalid e-mail: %v", err)
	}
}

func TestAMessageReachesThePhotographerOncePerCaptcha(t *testing.T) {
	f := setup(t)
	in := f.input(t)
	if err := f.svc.Send(f.ctx, f.g, in); err != nil {
		t.Fatal(err)
	}
	if len(f.mail.msgs) != 1 {
		t.Fatalf("%d e-mails", len(f.mail.msgs))
	}
	m := f.mail.msgs[0]
	if m.To[0] != "studio@example.com" || m.ReplyTo != "lea@example.com" || !strings.Contains(m.Text, "j'ai perdu le code") ||
		!strings.Contains(m.Subject, "Léa Martin") || !strings.Contains(m.Text, "https://galerie.example/mariage") {
		t.Fatalf("e-mail: %+v", m)
	}
	stored := f.db.ContactMessage.Query().OnlyX(f.sys)
	if stored.Email != "lea@example.com" || stored.ClientAddress != "192.0.2.1" {
		t.Fatalf("stored: %+v", stored)
	}
	// The same captcha again: used up.
	if err := f.svc.Send(f.ctx, f.g, in); !errors.Is(err, captcha.ErrInvalid) {
		t.Fatalf("reused captcha: %v", err)
	}
}

func TestAWrongAnswerUsesTheCaptchaUpButInvalidFieldsDoNot(t *testing.T) {
	f := setup(t)
	in := f.input(t)
	bad := in
	bad.Email = "pas-une-adresse"
	if err := f.svc.Send(f.ctx, f.g, bad); apperr.As(err).Code != "invalid_email" {
		t.Fatalf("invalid e-mail: %v", err)
	}
	right := in.CaptchaText
	in.CaptchaText = "000000"
	if right == in.CaptchaText {
		in.CaptchaText = "111111"
	}
	err := f.svc.Send(f.ctx, f.g, in)
	if e := apperr.As(err); e == nil || e.Code != "captcha_invalid" || e.Message != "Le code recopié est incorrect, merci de réessayer." {
		t.Fatalf("wrong answer: %v", err)
	}
	in.CaptchaText = right
	if err := f.svc.Send(f.ctx, f.g, in); !errors.Is(err, captcha.ErrInvalid) {
		t.Fatalf("right answer after a wrong one: %v", err)
	}
	if len(f.mail.msgs) != 0 || f.db.ContactMessage.Query().CountX(f.sys) != 0 {
		t.Fatal("a refused message went out")
	}
}

func TestAnExpiredCaptchaIsRefused(t *testing.T) {
	f := setup(t)
	in := f.input(t)
	later := time.Now().Add(captcha.TTL + time.Minute)
	f.svc.Captchas.Now = func() time.Time { return later }
	if err := f.svc.Send(f.ctx, f.g, in); !errors.Is(err, captcha.ErrInvalid) {
		t.Fatalf("expired: %v", err)
	}
}

func TestMessagesPerAddressAreLimited(t *testing.T) {
	f := setup(t)
	for i := range contact.PerWindow {
		if err := f.svc.Send(f.ctx, f.g, f.input(t)); err != nil {
			t.Fatalf("message %d: %v", i+1, err)
		}
	}
	in := f.input(t)
	if err := f.svc.Send(f.ctx, f.g, in); !errors.Is(err, apperr.ErrTooManyRequests) {
		t.Fatalf("sixth message: %v", err)
	}
	// The limit spared the captcha; another address may use it.
	other := viewer.NewContext(context.Background(), &viewer.Viewer{ClientAddr: "198.51.100.1"})
	if err := f.svc.Send(other, f.g, in); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

func TestMessageIsNotKeptWhenTheMailServerIsDown(t *testing.T) {
	f := setup(t)
	f.mail.fail = true
	if err := f.svc.Send(f.ctx, f.g, f.input(t)); apperr.As(err).Code != "mail_not_sent" {
		t.Fatalf("%v", err)
	}
	if n := f.db.ContactMessage.Query().CountX(f.sys); n != 0 {
		t.Fatalf("%d messages kept", n)
	}
}
