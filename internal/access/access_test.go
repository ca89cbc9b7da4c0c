package access

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/jobs/jobstest"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

type fixture struct {
	db      *store.DB
	svc     *Service
	smtp    *mailtest.Server
	wedding *ent.Gallery
	gala    *ent.Gallery
	clock   *time.Time
}

func setup(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	db := testdb.Open(t)
	m, err := media.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Demo(ctx, db.Client, m, 2); err != nil {
		t.Fatal(err)
	}
	srv := mailtest.Start(t, "", "")
	sender, err := mail.New(mail.Options{SMTPURL: srv.URL, From: "Studio <studio@example.com>", OutboxDir: filepath.Join(t.TempDir(), "outbox")})
	if err != nil {
		t.Fatal(err)
	}
	svc := NewService(Options{DB: db.Client, Signer: NewSigner("test-secret"), Mail: sender, PublicURL: "http://gallery.test"})
	clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	svc.now, svc.Signer.now = now, now
	svc.Limits.SetClock(now)
	sctx := viewer.SystemContext(ctx)
	wedding := db.Client.Gallery.Query().Where(gallery.URL("julie-et-thomas")).OnlyX(sctx)
	gala := db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(sctx)
	return fixture{db: db, svc: svc, smtp: srv, wedding: wedding, gala: gala, clock: &clock}
}

func TestCheckCode(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name, gallery, code string
		client              bool
		err                 error
	}{
		{"client code", f.wedding.ID, seed.DemoClientCode, true, nil},
		{"visitor code", f.wedding.ID, seed.DemoVisitorCode, false, nil},
		{"case and spaces do not matter", f.wedding.ID, " invite-3m8p ", false, nil},
		{"wrong code", f.wedding.ID, "INVITE-0000", false, ErrWrongCode},
		{"code of another gallery", f.gala.ID, seed.DemoVisitorCode, false, ErrWrongCode},
		{"empty code", f.wedding.ID, "  ", false, ErrCodeRequired},
		{"huge code", f.wedding.ID, strings.Repeat("A", 5000), false, ErrWrongCode},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := f.svc.CheckCode(ctx, tc.gallery, "10.0.0."+tc.name, tc.code)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if err == nil && (g.Client != tc.client || g.GalleryID != tc.gallery || g.CodeID == "") {
				t.Fatalf("grant = %+v", g)
			}
		})
	}
}

func TestClientDialogRefusesVisitorCodes(t *testing.T) {
	f := setup(t)
	_, err := f.svc.CheckClientCode(context.Background(), f.wedding.ID, "a", seed.DemoVisitorCode)
	if !errors.Is(err, ErrNotClientCode) || apperr.As(err).Message(lang.FR) != "Le code saisi n'est pas un code client privilégié" {
		t.Fatalf("err = %v", err)
	}
	if _, err := f.svc.CheckClientCode(context.Background(), f.wedding.ID, "a", seed.DemoClientCode); err != nil {
		t.Fatal(err)
	}
}

func TestGuessingIsSlowedPerAddress(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	for i := range 5 {
		if _, err := f.svc.CheckCode(ctx, f.wedding.ID, "198.51.100.7", "WRONG-"+string(rune('A'+i))); !errors.Is(err, ErrWrongCode) {
			t.Fatalf("guess %d: %v", i, err)
		}
	}
	// Now even the right code must wait...
	if _, err := f.svc.CheckCode(ctx, f.wedding.ID, "198.51.100.7", seed.DemoVisitorCode); !errors.Is(err, apperr.ErrTooManyRequests) {
		t.Fatalf("after 5 failures: %v", err)
	}
	// ...while another address is not held back,
	if _, err := f.svc.CheckCode(ctx, f.wedding.ID, "198.51.100.8", seed.DemoVisitorCode); err != nil {
		t.Fatalf("other address: %v", err)
	}
	// and the wait grows with each failure.
	*f.clock = f.clock.Add(2 * time.Second)
	if _, err := f.svc.CheckCode(ctx, f.wedding.ID, "198.51.100.7", "WRONG-Z"); !errors.Is(err, ErrWrongCode) {
		t.Fatalf("after the delay: %v", err)
	}
	if w, _ := f.svc.Limits.CodeTries.Wait(ctx, "code|"+f.wedding.ID+"|198.51.100.7"); w != 2*time.Second {
		t.Fatalf("wait after 6 failures = %s, want 2s (double the first 1s)", w)
	}
}

func TestGrantCookieCannotBeForgedOrMoved(t *testing.T) {
	f := setup(t)
	g, err := f.svc.CheckCode(context.Background(), f.wedding.ID, "a", seed.DemoClientCode)
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.svc.SealGrant(g)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(v, seed.DemoClientCode) {
		t.Fatal("the cookie carries the raw code")
	}
	if got, ok := f.svc.OpenGrant(f.wedding.ID, v); !ok || got != g {
		t.Fatalf("open = %+v %v", got, ok)
	}
	if _, ok := f.svc.OpenGrant(f.gala.ID, v); ok {
		t.Fatal("a grant opened another gallery")
	}
	if _, ok := f.svc.OpenGrant(f.wedding.ID, v[:len(v)-2]+"xx"); ok {
		t.Fatal("an altered grant was accepted")
	}
	other := NewService(Options{Signer: NewSigner("another-secret")})
	if _, ok := other.OpenGrant(f.wedding.ID, v); ok {
		t.Fatal("a grant sealed with another key was accepted")
	}
	*f.clock = f.clock.Add(GrantTTL + time.Second)
	if _, ok := f.svc.OpenGrant(f.wedding.ID, v); ok {
		t.Fatal("an expired grant was accepted")
	}
}

func TestRevokedCodesStopGranting(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	g, err := f.svc.CheckCode(ctx, f.wedding.ID, "a", seed.DemoVisitorCode)
	if err != nil {
		t.Fatal(err)
	}
	live, err := f.svc.LiveGrants(ctx, []Grant{g})
	if err != nil || len(live) != 1 {
		t.Fatalf("live = %v, %v", live, err)
	}
	f.svc.DB.AccessCode.UpdateOneID(g.CodeID).SetRevokedAt(*f.clock).ExecX(viewer.SystemContext(ctx))
	if live, _ := f.svc.LiveGrants(ctx, []Grant{g}); len(live) != 0 {
		t.Fatal("a revoked code still grants access")
	}
	if _, err := f.svc.CheckCode(ctx, f.wedding.ID, "b", seed.DemoVisitorCode); !errors.Is(err, ErrWrongCode) {
		t.Fatalf("revoked code accepted: %v", err)
	}
}

var sixDigitsRE = regexp.MustCompile(`\b\d{6}\b`)

// codeFrom reads the one-time code from the last received message.
func codeFrom(t *testing.T, s *mailtest.Server, n int) string {
	t.Helper()
	msgs := s.Wait(t, n, 10*time.Second)
	m := msgs[n-1]
	code := sixDigitsRE.FindString(m.Text)
	if code == "" || !strings.Contains(m.Subject, code) {
		t.Fatalf("no code in %q / %q", m.Subject, m.Text)
	}
	return code
}

func TestEmailConfirmationByOneTimeCode(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	if err := f.svc.SendEmailCode(ctx, f.wedding, "a", "Julie@Example.com"); err != nil {
		t.Fatal(err)
	}
	code := codeFrom(t, f.smtp, 1)
	if got := f.smtp.Messages()[0].To; len(got) != 1 || got[0] != "julie@example.com" {
		t.Fatalf("sent to %v", got)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "julie@example.com", wrong); !errors.Is(err, ErrWrongOTP) {
		t.Fatalf("wrong code: %v", err)
	}
	if _, err := f.svc.ConfirmEmail(ctx, f.gala.ID, "a", "julie@example.com", code); !errors.Is(err, ErrWrongOTP) {
		t.Fatalf("code used in another gallery: %v", err)
	}
	u, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "julie@example.com", code)
	if err != nil {
		t.Fatal(err)
	}
	if u.Email != "julie@example.com" || u.VerifiedAt == nil {
		t.Fatalf("user = %+v", u)
	}
	if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "julie@example.com", code); !errors.Is(err, ErrWrongOTP) {
		t.Fatalf("second use: %v", err)
	}
}

func TestOneTimeCodeExpires(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	if err := f.svc.SendEmailCode(ctx, f.wedding, "a", "tom@example.com"); err != nil {
		t.Fatal(err)
	}
	code := codeFrom(t, f.smtp, 1)
	*f.clock = f.clock.Add(OTPTTL + time.Second)
	if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "tom@example.com", code); !errors.Is(err, ErrWrongOTP) {
		t.Fatalf("expired code: %v", err)
	}
}

// TestOthersGuessingDoNotLockTheOwnerOut: wrong one-time codes from other
// addresses neither spend the tries of the address that asked for the
// code nor burn the code; they share one small budget per e-mail. The
// owner's own wrong tries slow only the owner down.
func TestOthersGuessingDoNotLockTheOwnerOut(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	const owner, email = "203.0.113.5", "tom@example.com"
	if err := f.svc.SendEmailCode(ctx, f.wedding, owner, email); err != nil {
		t.Fatal(err)
	}
	code := codeFrom(t, f.smtp, 1)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	refused := 0
	for i := range 30 {
		addr := "198.51.100." + string(rune('a'+i%3))
		_, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, addr, email, wrong)
		switch {
		case errors.Is(err, apperr.ErrTooManyRequests):
			refused++
		case !errors.Is(err, ErrWrongOTP):
			t.Fatalf("guess %d: %v", i, err)
		}
	}
	if refused < 30-defaultForeignFree() {
		t.Fatalf("only %d of 30 guesses from other addresses were refused", refused)
	}
	// Four wrong tries of the owner's, then the code: still accepted.
	for range 4 {
		if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, owner, email, wrong); !errors.Is(err, ErrWrongOTP) {
			t.Fatalf("owner's wrong try: %v", err)
		}
	}
	if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, owner, email, code); err != nil {
		t.Fatalf("the owner's code after others guessed: %v", err)
	}
}

// TestOwnTriesAreLimitedPerAddress: five wrong tries from one address make
// the next wait, the right code included, with a growing delay.
func TestOwnTriesAreLimitedPerAddress(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	if err := f.svc.SendEmailCode(ctx, f.wedding, "a", "lea@example.com"); err != nil {
		t.Fatal(err)
	}
	code := codeFrom(t, f.smtp, 1)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := range 5 {
		if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "lea@example.com", wrong); !errors.Is(err, ErrWrongOTP) {
			t.Fatalf("try %d: %v", i, err)
		}
	}
	_, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "lea@example.com", code)
	if ae := apperr.As(err); ae == nil || ae.Code != "too_many_requests" || ae.RetryAfterSeconds() != 1 {
		t.Fatalf("6th try: %v, want too_many_requests with a 1 s wait", err)
	}
	*f.clock = f.clock.Add(time.Second)
	if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "lea@example.com", code); err != nil {
		t.Fatalf("after the wait: %v", err)
	}
}

func defaultForeignFree() int { return DefaultLimits(nil).OTPForeign.Free }

func TestRacingConfirmationsUseACodeOnce(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	if err := f.svc.SendEmailCode(ctx, f.wedding, "a", "race@example.com"); err != nil {
		t.Fatal(err)
	}
	code := codeFrom(t, f.smtp, 1)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "r"+string(rune('0'+i)), "race@example.com", code); err == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if ok != 1 {
		t.Fatalf("%d confirmations succeeded, want exactly 1", ok)
	}
}

// TestCodesWaitWhileTheMailServerIsDown: with the job runner, asking for
// a one-time code and for the client code succeeds while the mail server
// refuses mail; each e-mail arrives once when it is back, and the code
// still confirms the address.
func TestCodesWaitWhileTheMailServerIsDown(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	// The job checks the code's expiry against the real clock.
	now := func() time.Time { return time.Now() }
	f.svc.now, f.svc.Signer.now = now, now
	f.svc.Limits.SetClock(now)
	runner := jobstest.New(t, f.db, jobs.Config{Mail: f.svc.Mail})
	failed, stop := runner.Subscribe(river.EventKindJobFailed)
	defer stop()
	jobstest.Run(t, runner)
	f.svc.Jobs = runner
	f.smtp.SetDown(true)

	if err := f.svc.SendEmailCode(ctx, f.wedding, "a", "julie@example.com"); err != nil {
		t.Fatalf("ask for a code with the mail server down: %v", err)
	}
	if err := f.svc.RecoverClientCode(ctx, f.wedding, "a", seed.DemoClientEmail); err != nil {
		t.Fatalf("recover the client code with the mail server down: %v", err)
	}
	for range 2 {
		select {
		case <-failed:
		case <-time.After(30 * time.Second):
			t.Fatal("the e-mails were not tried while the mail server was down")
		}
	}
	if n := jobstest.Count(t, f.db, jobs.KindMailSend); n != 2 {
		t.Fatalf("%d mail jobs, want 2", n)
	}
	f.smtp.SetDown(false)
	f.smtp.Wait(t, 2, 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	msgs := f.smtp.Messages()
	if len(msgs) != 2 {
		t.Fatalf("%d e-mails, want 2", len(msgs))
	}
	var code string
	for _, m := range msgs {
		switch m.To[0] {
		case "julie@example.com":
			code = sixDigitsRE.FindString(m.Text)
		case seed.DemoClientEmail:
			if !strings.Contains(m.Text, seed.DemoClientCode) {
				t.Errorf("recovery e-mail: %q", m.Text)
			}
		}
	}
	if u, err := f.svc.ConfirmEmail(ctx, f.wedding.ID, "a", "julie@example.com", code); err != nil || u.Email != "julie@example.com" {
		t.Fatalf("confirm the code %q that waited: %v", code, err)
	}
}

// TestCodeWithoutJobsFailsWhenTheMailServerIsDown: without a job runner
// the e-mail is sent during the call, which fails with mail_not_sent if it
// cannot be; the code is then not kept.
func TestCodeWithoutJobsFailsWhenTheMailServerIsDown(t *testing.T) {
	f := setup(t)
	f.smtp.SetDown(true)
	err := f.svc.SendEmailCode(context.Background(), f.wedding, "a", "julie@example.com")
	if e := apperr.As(err); e == nil || e.Code != "mail_not_sent" {
		t.Fatalf("%v", err)
	}
	if n := f.db.Client.OneTimeCode.Query().CountX(viewer.SystemContext(context.Background())); n != 0 {
		t.Fatalf("%d codes kept", n)
	}
}

func TestInvalidEmails(t *testing.T) {
	f := setup(t)
	for _, e := range []string{"", "julie", "julie@localhost", "Julie <julie@example.com>", "a@b.c\r\nBcc: x@y.z", strings.Repeat("a", 250) + "@example.com"} {
		err := f.svc.SendEmailCode(context.Background(), f.wedding, "a", e)
		if !errors.Is(err, ErrInvalidEmail) && !errors.Is(err, ErrEmailRequired) {
			t.Errorf("%q: %v", e, err)
		}
	}
	if n := len(f.smtp.Messages()); n != 0 {
		t.Errorf("%d messages sent for invalid addresses", n)
	}
}

func TestRecoverClientCodeSaysNothing(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	if err := f.svc.RecoverClientCode(ctx, f.wedding, "a", "nobody@example.com"); err != nil {
		t.Fatalf("unknown address: %v", err)
	}
	if err := f.svc.RecoverClientCode(ctx, f.wedding, "b", seed.DemoClientEmail); err != nil {
		t.Fatal(err)
	}
	msgs := f.smtp.Wait(t, 1, 10*time.Second)
	if len(msgs) != 1 || !strings.Contains(msgs[0].Text, seed.DemoClientCode) || msgs[0].To[0] != seed.DemoClientEmail {
		t.Fatalf("messages = %+v", msgs)
	}
	if strings.Contains(msgs[0].Text, seed.DemoVisitorCode) {
		t.Fatal("the visitor code was sent")
	}
}

func TestPreviewHash(t *testing.T) {
	f := setup(t)
	h, err := f.svc.PreviewHash(f.wedding.ID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if !f.svc.CheckPreview(f.wedding.ID, h) {
		t.Fatal("a fresh preview hash was refused")
	}
	if f.svc.CheckPreview(f.gala.ID, h) || f.svc.CheckPreview(f.wedding.ID, "") || f.svc.CheckPreview(f.wedding.ID, h+"x") || f.svc.CheckPreview(f.wedding.ID, strings.Replace(h, ".", "x.", 1)) {
		t.Fatal("a wrong preview hash was accepted")
	}
	*f.clock = f.clock.Add(time.Hour + time.Second)
	if f.svc.CheckPreview(f.wedding.ID, h) {
		t.Fatal("an expired preview hash was accepted")
	}
}

func TestPhotographerIsRecognisedByEmail(t *testing.T) {
	f := setup(t)
	id, err := f.svc.PhotographerID(context.Background(), "Studio@Example.com")
	if err != nil || id == "" || id != f.wedding.PhotographerID {
		t.Fatalf("id = %q, %v", id, err)
	}
	if id, _ := f.svc.PhotographerID(context.Background(), "julie@example.com"); id != "" {
		t.Fatal("a client was taken for the photographer")
	}
}
