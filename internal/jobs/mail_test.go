package jobs_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// smtpSender is a real SMTP client of a test server.
func smtpSender(t *testing.T, srv *mailtest.Server) mail.Sender {
	t.Helper()
	s, err := mail.New(mail.Options{SMTPURL: srv.URL, From: "Galerie <no-reply@example.com>"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func note(to, subject string) mail.Message {
	return mail.Message{To: []string{to}, ReplyTo: "studio@example.com", Subject: subject, Text: "Bonjour,\n\nUn message.\n",
		HTML: "<p>Un message.</p>"}
}

// TestMailWaitsForTheServerAndGoesOnce: a mail_send job committed while
// the mail server refuses everything fails and is retried; once the server
// takes mail again, the message arrives once, whole.
func TestMailWaitsForTheServerAndGoesOnce(t *testing.T) {
	db := testdb.Open(t)
	srv := mailtest.Start(t, "", "")
	r := newRunner(t, db, jobs.Config{Mail: smtpSender(t, srv)})
	watch := r.Watch(jobs.KindMailSend)
	defer watch.Close()
	failed, stop := r.Subscribe(river.EventKindJobFailed)
	defer stop()
	start(t, r)
	ctx := viewer.SystemContext(context.Background())

	srv.SetDown(true)
	err := r.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		if err := tx.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").Exec(ctx); err != nil {
			return err
		}
		return jobs.EnqueueMail(ctx, enq, note("anne@example.com", "Bonjour Anne"), time.Time{})
	})
	if err != nil {
		t.Fatal(err)
	}
	// Two failed attempts while the server is down.
	for range 2 {
		select {
		case e := <-failed:
			if e.Job.Kind != jobs.KindMailSend || (e.Job.State != rivertype.JobStateRetryable && e.Job.State != rivertype.JobStateAvailable) {
				t.Fatalf("failed job %s in state %s", e.Job.Kind, e.Job.State)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the mail job did not fail while the server was down")
		}
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages went through a server that is down", n)
	}
	srv.SetDown(false)
	done := wait(t, watch, 1)
	if done[0].State != rivertype.JobStateCompleted {
		t.Fatalf("mail job %s", done[0].State)
	}
	time.Sleep(300 * time.Millisecond)
	got := srv.Messages()
	if len(got) != 1 {
		t.Fatalf("%d messages, want 1", len(got))
	}
	m := got[0]
	if m.To[0] != "anne@example.com" || m.Subject != "Bonjour Anne" || !strings.Contains(m.Text, "Un message.") ||
		m.HTML != "<p>Un message.</p>" || m.Header.Get("Reply-To") != "<studio@example.com>" {
		t.Fatalf("delivered to %q, %q, text %q, html %q, reply-to %q", m.To, m.Subject, m.Text, m.HTML, m.Header.Get("Reply-To"))
	}
}

// TestMailThatCannotGoIsDropped: an expired message (a one-time code past
// its validity) and a recipient the server refuses for good are not retried.
func TestMailThatCannotGoIsDropped(t *testing.T) {
	db := testdb.Open(t)
	srv := mailtest.Start(t, "", "")
	srv.Reject("nobody@example.com")
	r := newRunner(t, db, jobs.Config{Mail: smtpSender(t, srv)})
	watch := r.Watch(jobs.KindMailSend)
	defer watch.Close()
	start(t, r)
	ctx := context.Background()
	if err := jobs.EnqueueMail(ctx, r, note("anne@example.com", "Code expiré"), time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := jobs.EnqueueMail(ctx, r, note("nobody@example.com", "Refusé"), time.Time{}); err != nil {
		t.Fatal(err)
	}
	for _, j := range wait(t, watch, 2) {
		if j.State != rivertype.JobStateCancelled || j.Attempt != 1 {
			t.Errorf("job %d: %s after %d attempts, want cancelled after 1", j.ID, j.State, j.Attempt)
		}
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages sent", n)
	}
	// A message that cannot be sent is refused when queued.
	if err := jobs.EnqueueMail(ctx, r, mail.Message{To: []string{"anne@example.com"}}, time.Time{}); !errors.Is(err, mail.ErrInvalidMessage) {
		t.Fatalf("a message without subject: %v", err)
	}
}

// TestMailerWithoutRunnerSendsBeforeCommitting: with no runner the
// e-mails go out directly, and a refusal rolls the rows back.
func TestMailerWithoutRunnerSendsBeforeCommitting(t *testing.T) {
	db := testdb.Open(t)
	srv := mailtest.Start(t, "", "")
	m := jobs.Mailer{DB: db.Client, Mail: smtpSender(t, srv)}
	ctx := viewer.SystemContext(context.Background())
	write := func(email string) error {
		return m.InTx(ctx, func(ctx context.Context, tx *ent.Client, out jobs.Outbox) error {
			if err := tx.Photographer.Create().SetName("Studio").SetEmail(email).Exec(ctx); err != nil {
				return err
			}
			return out.Post(ctx, note(email, "Bienvenue"), time.Time{})
		})
	}
	if err := write("sent@example.com"); err != nil {
		t.Fatal(err)
	}
	srv.SetDown(true)
	if err := write("down@example.com"); apperr.As(err) == nil || apperr.As(err).Code != "mail_not_sent" {
		t.Fatalf("with the server down: %v", err)
	}
	kept := db.Client.Photographer.Query().Where(photographer.EmailIn("sent@example.com", "down@example.com")).
		Select(photographer.FieldEmail).StringsX(ctx)
	if len(kept) != 1 || kept[0] != "sent@example.com" || len(srv.Messages()) != 1 {
		t.Fatalf("kept %q, %d messages", kept, len(srv.Messages()))
	}
}

// mailArgs returns the args of the mail_send jobs, as stored in river_job.
func mailArgs(t *testing.T, db *store.DB) []string {
	t.Helper()
	q := "SELECT json(args) FROM river_job WHERE kind = ? ORDER BY id" // riversqlite keeps JSONB
	if db.Dialect == dialect.Postgres {
		q = "SELECT args::text FROM river_job WHERE kind = $1 ORDER BY id"
	}
	rows, err := db.SQL.QueryContext(context.Background(), q, jobs.KindMailSend)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMailIsSealedInTheQueue: a message carrying a one-time code is kept
// in river_job sealed (neither the code, the subject nor the recipient in
// clear, the deadline in clear), and still goes out once, whole, whether
// queued through InTx's enqueuer or the runner.
func TestMailIsSealedInTheQueue(t *testing.T) {
	db := testdb.Open(t)
	srv := mailtest.Start(t, "", "")
	r := newRunner(t, db, jobs.Config{Mail: smtpSender(t, srv), SecretKey: []byte("le secret du serveur")})
	watch := r.Watch(jobs.KindMailSend)
	defer watch.Close()
	ctx := viewer.SystemContext(context.Background())
	const code = "739214"
	msg := func(to string) mail.Message {
		return mail.Message{To: []string{to}, Subject: "Votre code de connexion", Text: "Votre code : " + code + "\n",
			HTML: "<p>Votre code : <b>" + code + "</b></p>"}
	}
	notAfter := time.Now().Add(10 * time.Minute)
	err := r.InTx(ctx, func(ctx context.Context, _ *ent.Client, enq jobs.Enqueuer) error {
		return jobs.EnqueueMail(ctx, enq, msg("anne@example.com"), notAfter)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := jobs.EnqueueMail(ctx, r, msg("bruno@example.com"), time.Time{}); err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		args := mailArgs(t, db)
		if len(args) != 2 {
			t.Fatalf("%s: %d mail_send jobs, want 2", when, len(args))
		}
		for _, a := range args {
			for _, clear := range []string{code, "Votre code", "anne@", "bruno@"} {
				if strings.Contains(a, clear) {
					t.Fatalf("%s: args hold %q in clear: %s", when, clear, a)
				}
			}
			if !strings.Contains(a, `"sealed"`) {
				t.Fatalf("%s: args not sealed: %s", when, a)
			}
		}
		if !strings.Contains(args[0], "not_after") {
			t.Fatalf("%s: the deadline is not kept: %s", when, args[0])
		}
	}
	check("queued")
	start(t, r)
	for _, j := range wait(t, watch, 2) {
		if j.State != rivertype.JobStateCompleted {
			t.Fatalf("job %d: %s", j.ID, j.State)
		}
	}
	check("finished")
	time.Sleep(300 * time.Millisecond)
	got := srv.Messages()
	if len(got) != 2 {
		t.Fatalf("%d messages, want 2", len(got))
	}
	for _, m := range got {
		if m.Subject != "Votre code de connexion" || !strings.Contains(m.Text, code) || !strings.Contains(m.HTML, code) {
			t.Fatalf("delivered %q: %q, text %q, html %q", m.To, m.Subject, m.Text, m.HTML)
		}
	}
	if a, b := got[0].To[0], got[1].To[0]; !(a == "anne@example.com" && b == "bruno@example.com" || a == "bruno@example.com" && b == "anne@example.com") {
		t.Fatalf("delivered to %q and %q", a, b)
	}
}

// TestMailSealedUnderAnotherKeyIsCancelled: a job this server cannot open
// (sealed under another SECRET_KEY) is cancelled at once, not retried,
// and sends nothing; a job queued in clear before sealing still goes.
func TestMailSealedUnderAnotherKeyIsCancelled(t *testing.T) {
	db := testdb.Open(t)
	srv := mailtest.Start(t, "", "")
	other := newRunner(t, db, jobs.Config{SecretKey: []byte("une autre clé")}) // never started
	ctx := context.Background()
	if err := jobs.EnqueueMail(ctx, other, note("anne@example.com", "Scellé ailleurs"), time.Time{}); err != nil {
		t.Fatal(err)
	}
	r := newRunner(t, db, jobs.Config{Mail: smtpSender(t, srv), SecretKey: []byte("le secret du serveur")})
	watch := r.Watch(jobs.KindMailSend)
	defer watch.Close()
	start(t, r)
	done := wait(t, watch, 1)
	if j := done[0]; j.State != rivertype.JobStateCancelled || j.Attempt != 1 {
		t.Fatalf("job %d: %s after %d attempts, want cancelled after 1", j.ID, j.State, j.Attempt)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages sent", n)
	}

	// The old form: a message in clear in the args is sent as before.
	if _, err := r.Enqueue(ctx, jobs.MailArgs{Message: note("bruno@example.com", "En clair")}, nil); err != nil {
		t.Fatal(err)
	}
	if j := wait(t, watch, 1)[0]; j.State != rivertype.JobStateCompleted {
		t.Fatalf("clear job %d: %s", j.ID, j.State)
	}
	time.Sleep(300 * time.Millisecond)
	if got := srv.Messages(); len(got) != 1 || got[0].Subject != "En clair" {
		t.Fatalf("%d messages", len(got))
	}
}

// plainEnqueuer can insert jobs but not seal them.
type plainEnqueuer struct{ r *jobs.Runner }

func (p plainEnqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (int64, error) {
	return p.r.Enqueue(ctx, args, opts)
}

// TestMailNeedsASealingEnqueuer: EnqueueMail refuses an enqueuer that
// cannot seal rather than store the message in clear.
func TestMailNeedsASealingEnqueuer(t *testing.T) {
	db := testdb.Open(t)
	r := newRunner(t, db, jobs.Config{})
	if err := jobs.EnqueueMail(context.Background(), plainEnqueuer{r}, note("anne@example.com", "Bonjour"), time.Time{}); err == nil {
		t.Fatal("queued through an enqueuer that cannot seal")
	}
	if n := len(mailArgs(t, db)); n != 0 {
		t.Fatalf("%d jobs stored", n)
	}
}
