package share_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/jobs/jobstest"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/share"
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
	store     *store.DB
	db        *ent.Client
	svc       *share.Service
	mail      *outbox
	sys       context.Context
	protected *ent.Gallery
	public    *ent.Gallery
	now       time.Time
}

func setup(t *testing.T) *fixture {
	t.Helper()
	sdb := testdb.Open(t)
	db := sdb.Client
	f := &fixture{store: sdb, db: db, mail: &outbox{}, sys: viewer.SystemContext(context.Background()), now: time.Now()}
	f.svc = &share.Service{DB: db, Mail: f.mail, PublicURL: "https://galerie.example/", Now: func() time.Time { return f.now }}
	pg := db.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(f.sys)
	f.protected = db.Gallery.Create().SetURL("mariage").SetEventName("Mariage de Julie").SetPhotographer(pg).SaveX(f.sys)
	f.public = db.Gallery.Create().SetURL("gala").SetEventName("Gala").SetIsPublic(true).SetPhotographer(pg).SaveX(f.sys)
	db.AccessCode.Create().SetGallery(f.protected).SetCode("CLIENT-1234").SetKind(accesscode.KindClient).ExecX(f.sys)
	db.AccessCode.Create().SetGallery(f.protected).SetCode("OLD-VISIT").SetKind(accesscode.KindVisitor).SetRevokedAt(f.now).ExecX(f.sys)
	db.AccessCode.Create().SetGallery(f.protected).SetCode("INVITE-5678").SetKind(accesscode.KindVisitor).ExecX(f.sys)
	return f
}

// as is a browser (session) at a client address with a role in the protected gallery.
func (f *fixture) as(addr, session string, role viewer.Role, email string) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{ClientAddr: addr, SessionKey: session, Email: email,
		Grants: map[string]viewer.Role{f.protected.ID: role}})
}

func TestValidateReportsEveryProblemWithItsField(t *testing.T) {
	long := strings.Repeat("é", share.MaxMessageLen+1)
	many := make([]string, 21)
	for i := range many {
		many[i] = fmt.Sprintf("ami%d@example.com", i)
	}
	for _, c := range []struct {
		name string
		in   share.Input
		want []string // code@field
	}{
		{"nothing", share.Input{}, []string{"name_required@senderName", "email_required@emails"}},
		{"too many addresses", share.Input{SenderName: "Julie", Emails: many}, []string{"too_many@emails"}},
		{"invalid and duplicate", share.Input{SenderName: "Julie", Emails: []string{"Tom@Example.com", "pas-une-adresse", " tom@example.com", ""}},
			[]string{"invalid_email@emails.1", "duplicate_email@emails.2", "email_required@emails.3"}},
		{"long message", share.Input{SenderName: "Julie", Emails: []string{"a@example.com"}, Message: long}, []string{"too_long@message"}},
		{"long name", share.Input{SenderName: strings.Repeat("J", 101), Emails: []string{"a@example.com"}}, []string{"too_long@senderName"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := share.Validate(c.in)
			var got []string
			for _, e := range apperr.AsList(err) {
				got = append(got, e.Code+"@"+strings.Join(e.Field, "."))
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("%v, want %v", got, c.want)
			}
		})
	}
	_, err := share.Validate(share.Input{SenderName: "J", Emails: []string{"a@example.com", "A@example.com"}})
	if e := apperr.As(err); e == nil || e.Message(lang.FR) != "Cette adresse email est présente plusieurs fois" || e.Status != 400 {
		t.Fatalf("duplicate: %v", err)
	}
	for _, c := range []struct {
		in    share.Input
		field string
	}{
		{share.Input{SenderName: "Julie\nMartin", Emails: []string{"a@example.com"}}, "senderName"},
		{share.Input{SenderName: "Julie\x00", Emails: []string{"a@example.com"}}, "senderName"},
		{share.Input{SenderName: "Julie", Emails: []string{"a@example.com"}, Message: "Bonjour\x00"}, "message"},
		{share.Input{SenderName: "Julie", Emails: []string{"a@example.com"}, Message: "Bonjour \xff"}, "message"},
		{share.Input{SenderName: "Julie", Emails: []string{"a@exa\x07mple.com"}}, "emails.0"},
	} {
		_, err := share.Validate(c.in)
		if e := apperr.As(err); e == nil || e.Code != "invalid_input" || strings.Join(e.Field, ".") != c.field {
			t.Errorf("%+q: %v, want invalid_input on %s", c.in, err, c.field)
		}
	}
	if _, err := share.Validate(share.Input{SenderName: "Julie", Emails: []string{"a@example.com"}, Message: "Bonjour,\n\tà bientôt\r\n"}); err != nil {
		t.Errorf("a message may hold line breaks and tabs: %v", err)
	}
	in, err := share.Validate(share.Input{SenderName: " Julie  Martin ", Emails: []string{" Tom@Example.com "}, Message: long[:10]})
	if err != nil || in.SenderName != "Julie Martin" || in.Emails[0] != "tom@example.com" {
		t.Fatalf("clean input: %+v %v", in, err)
	}
}

func TestShareSendsTheLinkAndTheVisitorCodeToClientsOnly(t *testing.T) {
	f := setup(t)
	for _, c := range []struct {
		name     string
		ctx      context.Context
		g        *ent.Gallery
		withCode bool
		replyTo  string
	}{
		{"client of a protected gallery", f.as("192.0.2.1", "s1", viewer.RoleClient, "julie@example.com"), f.protected, true, "julie@example.com"},
		{"visitor of a protected gallery", f.as("192.0.2.2", "s2", viewer.RoleVisitor, ""), f.protected, false, ""},
		{"public gallery", f.as("192.0.2.3", "s3", viewer.RoleNone, ""), f.public, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			f.mail.msgs = nil
			sent, err := f.svc.Share(c.ctx, c.g, share.Input{SenderName: "Julie", Emails: []string{"Tom@Example.com", "ana@example.com"}, Message: "Regardez !"})
			if err != nil || !slices.Equal(sent, []string{"tom@example.com", "ana@example.com"}) {
				t.Fatalf("share: %v %v", sent, err)
			}
			if len(f.mail.msgs) != 2 {
				t.Fatalf("%d e-mails", len(f.mail.msgs))
			}
			for i, m := range f.mail.msgs {
				if len(m.To) != 1 || m.To[0] != sent[i] || m.ReplyTo != c.replyTo {
					t.Errorf("recipients: %+v", m)
				}
				if !strings.Contains(m.Text, "https://galerie.example/"+c.g.URL+"\n") || !strings.Contains(m.Text, "Regardez !") ||
					!strings.Contains(m.Subject, "Julie partage avec vous la galerie") {
					t.Errorf("e-mail: %+v", m)
				}
				if got := strings.Contains(m.Text, "INVITE-5678"); got != c.withCode || strings.Contains(m.Text, "CLIENT-1234") || strings.Contains(m.Text, "OLD-VISIT") {
					t.Errorf("visitor code shown %v, want %v: %s", got, c.withCode, m.Text)
				}
			}
		})
	}
	if n := f.db.Share.Query().CountX(f.sys); n != 3 {
		t.Fatalf("%d shares stored", n)
	}
	// Without access to the gallery: nothing to share.
	if _, err := f.svc.Share(f.as("192.0.2.9", "s9", viewer.RoleNone, ""), f.protected,
		share.Input{SenderName: "X", Emails: []string{"a@example.com"}}); !errors.Is(err, apperr.ErrUnauthorized) {
		t.Fatalf("no access: %v", err)
	}
}

func TestSharesAreLimitedPerAddressAndPerSession(t *testing.T) {
	f := setup(t)
	in := func(n int) share.Input {
		in := share.Input{SenderName: "Julie"}
		for i := range n {
			in.Emails = append(in.Emails, fmt.Sprintf("ami%d@example.com", i))
		}
		return in
	}
	addr := f.as("192.0.2.1", "s1", viewer.RoleVisitor, "")
	for i := range share.SharesPerWindow {
		if _, err := f.svc.Share(addr, f.public, in(1)); err != nil {
			t.Fatalf("share %d: %v", i+1, err)
		}
	}
	_, err := f.svc.Share(addr, f.public, in(1))
	if e := apperr.As(err); e == nil || e.Code != "too_many_requests" || e.Status != 429 || !strings.Contains(e.Message(lang.FR), "60 min") || e.RetryAfterSeconds() != 3600 {
		t.Fatalf("sixth share: %v", err)
	}
	// The same browser from another address is still that session.
	if _, err := f.svc.Share(f.as("198.51.100.7", "s1", viewer.RoleVisitor, ""), f.public, in(1)); !errors.Is(err, apperr.ErrTooManyRequests) {
		t.Fatalf("same session, other address: %v", err)
	}
	// Others are not held back.
	if _, err := f.svc.Share(f.as("198.51.100.8", "s2", viewer.RoleVisitor, ""), f.public, in(1)); err != nil {
		t.Fatalf("someone else: %v", err)
	}
	if n := f.db.Share.Query().CountX(f.sys); n != share.SharesPerWindow+1 {
		t.Fatalf("%d shares stored; refused ones must not stay", n)
	}
	// An hour later the address may share again.
	f.now = f.now.Add(share.Window + time.Second)
	if _, err := f.svc.Share(addr, f.public, in(1)); err != nil {
		t.Fatalf("an hour later: %v", err)
	}
	// Recipients count too: 20 + 10 fit in 30, one more does not.
	other := f.as("203.0.113.5", "s5", viewer.RoleVisitor, "")
	if _, err := f.svc.Share(other, f.public, in(20)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Share(other, f.public, in(10)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Share(other, f.public, in(1)); !errors.Is(err, apperr.ErrTooManyRequests) {
		t.Fatalf("31st recipient: %v", err)
	}
}

// TestShareWaitsWhileTheMailServerIsDown: with the job runner, a share
// succeeds while the mail server refuses mail; its e-mails wait in their
// jobs and each arrives once when the server is back. A share refused by
// the limit queues nothing.
func TestShareWaitsWhileTheMailServerIsDown(t *testing.T) {
	f := setup(t)
	runner, srv, failed := jobstest.MailDown(t, f.store)
	f.svc.Jobs = runner

	client := f.as("192.0.2.1", "s1", viewer.RoleClient, "julie@example.com")
	got, err := f.svc.Share(client, f.protected, share.Input{SenderName: "Julie", Emails: []string{"a@example.com", "B@example.com"}})
	if err != nil || !slices.Equal(got, []string{"a@example.com", "b@example.com"}) {
		t.Fatalf("share with the mail server down: %v %v", got, err)
	}
	if n := f.db.Share.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d shares stored", n)
	}
	select {
	case <-failed:
	case <-time.After(30 * time.Second):
		t.Fatal("no e-mail was tried while the mail server was down")
	}
	// Over the limit: refused, nothing more queued.
	f.now = f.now.Add(time.Second)
	for i := range share.SharesPerWindow {
		_, err = f.svc.Share(f.as("192.0.2.1", "s2", viewer.RoleVisitor, ""), f.public, share.Input{SenderName: "J", Emails: []string{fmt.Sprintf("c%d@example.com", i)}})
	}
	if !errors.Is(err, apperr.ErrTooManyRequests) {
		t.Fatalf("past the limit: %v", err)
	}
	if n := jobstest.Count(t, f.store, jobs.KindMailSend); n != 2+share.SharesPerWindow-1 {
		t.Fatalf("%d mail jobs, want %d", n, 2+share.SharesPerWindow-1)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d e-mails went through a server that is down", n)
	}

	srv.SetDown(false)
	srv.Wait(t, 2+share.SharesPerWindow-1, 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	var to []string
	for _, m := range srv.Messages() {
		to = append(to, m.To...)
		if m.To[0] == "b@example.com" && (!strings.Contains(m.Text, "INVITE-5678") || m.Header.Get("Reply-To") != "<julie@example.com>") {
			t.Errorf("the client's share: %q, reply-to %q", m.Text, m.Header.Get("Reply-To"))
		}
	}
	slices.Sort(to)
	want := []string{"a@example.com", "b@example.com", "c0@example.com", "c1@example.com", "c2@example.com", "c3@example.com"}
	if !slices.Equal(to, want) {
		t.Fatalf("delivered to %q, want each of %q once", to, want)
	}
}

// TestShareWithoutJobsFailsWhenTheMailServerIsDown: without a job runner
// (the e-mails are sent during the call) a share that cannot be e-mailed
// fails with mail_not_sent and is not kept.
func TestShareWithoutJobsFailsWhenTheMailServerIsDown(t *testing.T) {
	f := setup(t)
	f.mail.fail = true
	_, err := f.svc.Share(f.as("192.0.2.1", "s1", viewer.RoleVisitor, ""), f.public, share.Input{SenderName: "J", Emails: []string{"a@example.com"}})
	if e := apperr.As(err); e == nil || e.Code != "mail_not_sent" {
		t.Fatalf("%v", err)
	}
	if n := f.db.Share.Query().CountX(f.sys); n != 0 {
		t.Fatal("a share that sent nothing was kept")
	}
}

// TestShareIsWrittenInTheSendersLanguage: the e-mail speaks the language of
// the sender's request, else the gallery's default; the HTML part escapes
// what the sender typed and shows the cover of a public gallery only.
func TestShareIsWrittenInTheSendersLanguage(t *testing.T) {
	f := setup(t)
	cover := f.db.Photo.Create().SetGallery(f.public).SetFilename("a.jpg").SetWidth(1600).SetHeight(1200).SetContentHash("abc").SetPosition(1).SaveX(f.sys)
	f.db.Gallery.UpdateOne(f.public).SetCoverPhoto(cover).SetLanguage("en").ExecX(f.sys)
	f.public = f.db.Gallery.GetX(f.sys, f.public.ID)
	for _, c := range []struct {
		name    string
		tag     lang.Tag
		subject string
	}{
		{"the request's language", lang.NL, "Julie <b> deelt de galerij ‘Gala’ met u"},
		{"else the gallery's", "", "Julie <b> is sharing the gallery “Gala” with you"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f.mail.msgs = nil
			ctx := f.as("192.0.2.4", "s4-"+c.name, viewer.RoleNone, "")
			if c.tag != "" {
				ctx = lang.With(ctx, c.tag)
			}
			if _, err := f.svc.Share(ctx, f.public, share.Input{SenderName: "Julie <b>", Emails: []string{"tom@example.com"}, Message: "<i>Regardez</i>"}); err != nil {
				t.Fatal(err)
			}
			m := f.mail.msgs[0]
			if m.Subject != c.subject || !strings.Contains(m.Text, "<i>Regardez</i>") {
				t.Errorf("e-mail: %q\n%s", m.Subject, m.Text)
			}
			if strings.Contains(m.HTML, "<i>Regardez") || strings.Contains(m.HTML, "Julie <b>") || !strings.Contains(m.HTML, "&lt;i&gt;Regardez") ||
				!strings.Contains(m.HTML, `src="https://galerie.example/media/photos/`+cover.ID+`/abc/`) {
				t.Errorf("HTML part:\n%s", m.HTML)
			}
		})
	}
	// A protected gallery's e-mail shows no cover.
	f.db.Gallery.UpdateOne(f.protected).SetCoverPhoto(f.db.Photo.Create().SetGallery(f.protected).SetFilename("b.jpg").SetWidth(1600).SetHeight(1200).
		SetContentHash("def").SetPosition(1).SaveX(f.sys)).ExecX(f.sys)
	f.protected = f.db.Gallery.GetX(f.sys, f.protected.ID)
	f.mail.msgs = nil
	if _, err := f.svc.Share(f.as("192.0.2.5", "s5", viewer.RoleVisitor, ""), f.protected,
		share.Input{SenderName: "Julie", Emails: []string{"tom@example.com"}}); err != nil {
		t.Fatal(err)
	}
	if m := f.mail.msgs[0]; strings.Contains(m.HTML, "<img") || !strings.Contains(m.Subject, "partage avec vous") {
		t.Errorf("protected gallery's e-mail: %s\n%s", m.Subject, m.HTML)
	}
}
