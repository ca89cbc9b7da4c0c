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
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/jobs/jobstest"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/store"
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
	store *store.DB
	db    *ent.Client
	svc   *contact.Service
	mail  *outbox
	g     *ent.Gallery
	ctx   context.Context
	sys   context.Context
}

func setup(t *testing.T) *fixture {
	t.Helper()
	sdb := testdb.Open(t)
	db := sdb.Client
	f := &fixture{store: sdb, db: db, mail: &outbox{}, sys: viewer.SystemContext(context.Background()),
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
		got = append(got, e.Field[0]+": "+e.Message(lang.FR))
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
	if e := apperr.As(err); e == nil || e.Code != "invalid_email" || e.Message(lang.FR) != "L'adresse email saisie n'est pas valide" {
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
	if e := apperr.As(err); e == nil || e.Code != "captcha_invalid" || e.Message(lang.FR) != "Le code recopié est incorrect, merci de réessayer." {
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

// TestMessageWaitsWhileTheMailServerIsDown: with the job runner, the
// message is kept and the call succeeds while the mail server refuses
// mail; the e-mail arrives once when the server is back.
func TestMessageWaitsWhileTheMailServerIsDown(t *testing.T) {
	f := setup(t)
	runner, srv, failed := jobstest.MailDown(t, f.store)
	f.svc.Jobs = runner

	if err := f.svc.Send(f.ctx, f.g, f.input(t)); err != nil {
		t.Fatalf("with the mail server down: %v", err)
	}
	if n := f.db.ContactMessage.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d messages kept", n)
	}
	select {
	case <-failed:
	case <-time.After(30 * time.Second):
		t.Fatal("the e-mail was not tried while the mail server was down")
	}
	// A wrong captcha keeps nothing and queues nothing.
	in := f.input(t)
	in.CaptchaText = "000000"
	if err := f.svc.Send(f.ctx, f.g, in); err == nil {
		t.Fatal("a wrong captcha was accepted")
	}
	if n := jobstest.Count(t, f.store, jobs.KindMailSend); n != 1 {
		t.Fatalf("%d mail jobs, want 1", n)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d e-mails went through a server that is down", n)
	}
	srv.SetDown(false)
	m := srv.Wait(t, 1, 30*time.Second)[0]
	time.Sleep(300 * time.Millisecond)
	if n := len(srv.Messages()); n != 1 || m.To[0] != "studio@example.com" || m.Header.Get("Reply-To") != "<lea@example.com>" ||
		!strings.Contains(m.Text, "j'ai perdu le code") {
		t.Fatalf("%d e-mails; to %q, reply-to %q: %q", n, m.To, m.Header.Get("Reply-To"), m.Text)
	}
}

// TestMessageWithoutJobsIsNotKeptWhenTheMailServerIsDown: without a job
// runner the e-mail is sent during the call; if it cannot be, the call
// fails with mail_not_sent and the message is not kept.
func TestMessageWithoutJobsIsNotKeptWhenTheMailServerIsDown(t *testing.T) {
	f := setup(t)
	f.mail.fail = true
	if err := f.svc.Send(f.ctx, f.g, f.input(t)); apperr.As(err).Code != "mail_not_sent" {
		t.Fatalf("%v", err)
	}
	if n := f.db.ContactMessage.Query().CountX(f.sys); n != 0 {
		t.Fatalf("%d messages kept", n)
	}
}

// The name is one line of text, the message may break lines; neither may
// hold a NUL, another control character or bytes that are not UTF-8.
func TestValidateRefusesControlCharacters(t *testing.T) {
	for _, c := range []struct {
		name, message, field string
	}{
		{"Léa\nMartin", "Bonjour", "name"},
		{"Léa\x00", "Bonjour", "name"},
		{"Léa", "Bonjour\x00", "message"},
		{"Léa", "Bonjour \xff", "message"},
		{"Léa", "Bonjour\x1b", "message"},
	} {
		_, err := contact.Validate(contact.Input{Name: c.name, Email: "lea@example.com", Message: c.message, CaptchaText: "123456"})
		if e := apperr.As(err); e == nil || e.Code != "invalid_input" || !slices.Equal(e.Field, []string{c.field}) {
			t.Errorf("%q / %q: %v, want invalid_input on %s", c.name, c.message, err, c.field)
		}
	}
	if _, err := contact.Validate(contact.Input{Name: "Léa", Email: "lea@example.com", Message: "Bonjour,\n\tà bientôt", CaptchaText: "123456"}); err != nil {
		t.Errorf("a message may break lines: %v", err)
	}
}

// TestTheMessageIsInTheGallerysLanguage: the photographer reads the
// visitor's message in the gallery's default language, whatever the
// visitor's, with the visitor's words escaped in the HTML part.
func TestTheMessageIsInTheGallerysLanguage(t *testing.T) {
	f := setup(t)
	f.db.Gallery.UpdateOne(f.g).SetLanguage("en").ExecX(f.sys)
	f.g = f.db.Gallery.GetX(f.sys, f.g.ID)
	in := f.input(t)
	in.Name, in.Message = "Léa <Martin>", "<script>x</script>"
	if err := f.svc.Send(lang.With(f.ctx, lang.NL), f.g, in); err != nil {
		t.Fatal(err)
	}
	m := f.mail.msgs[0]
	if m.Subject != "Message from Léa <Martin> — Mariage" || !strings.Contains(m.Text, "wrote to you from the gallery") ||
		!strings.Contains(m.Text, "<script>x</script>") {
		t.Errorf("e-mail: %q\n%s", m.Subject, m.Text)
	}
	if strings.Contains(m.HTML, "<script>") || !strings.Contains(m.HTML, "&lt;script&gt;x&lt;/script&gt;") ||
		!strings.Contains(m.HTML, `<html lang="en">`) {
		t.Errorf("HTML part:\n%s", m.HTML)
	}
}
