package jobs

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/keys"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/store"
)

// KindMailSend sends one rendered e-mail.
const KindMailSend = "mail_send"

// Attempts and timeout of a mail_send job: with River's backoff, twelve
// attempts cover about a day of the mail server being down.
const (
	mailSendAttempts = 12
	MailSendTimeout  = time.Minute
)

// MailArgs is one e-mail, rendered when the action that sends it is
// recorded, and sent by the job. EnqueueMail stores it sealed: Message is
// left empty and Sealed holds it encrypted (AES-256-GCM under a key derived
// from Config.SecretKey), because e-mails carry one-time codes and River
// keeps finished jobs for a day. A clear Message (jobs queued before
// sealing) is still sent.
type MailArgs struct {
	Message mail.Message `json:"message,omitzero"`
	// Sealed is the JSON of the message, sealed by the runner (nonce
	// followed by the GCM ciphertext); NotAfter is bound to it.
	Sealed []byte `json:"sealed,omitempty"`
	// NotAfter, if set, is when the message stops being worth sending (a
	// one-time code that has expired): a job still unsent then is cancelled.
	NotAfter *time.Time `json:"not_after,omitempty"`
}

// Kind is the River job kind.
func (MailArgs) Kind() string { return KindMailSend }

// InsertOpts retries for about a day: a mail server that is down delays
// the e-mail, it does not lose it.
func (MailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: mailSendAttempts}
}

// EnqueueMail queues m; call it with InTx's enqueuer in the transaction
// that records what the e-mail tells about. A zero notAfter never expires.
func EnqueueMail(ctx context.Context, enq Enqueuer, m mail.Message, notAfter time.Time) error {
	if enq == nil {
		return errNoRunner
	}
	if err := m.Check(); err != nil {
		return err
	}
	s, ok := enq.(sealer)
	var box *mailBox
	if ok {
		box = s.mailBox()
	}
	if box == nil {
		return fmt.Errorf("jobs: %T cannot seal e-mails; enqueue them through a Runner or its InTx", enq)
	}
	var args MailArgs
	if !notAfter.IsZero() {
		t := notAfter.UTC()
		args.NotAfter = &t
	}
	sealed, err := box.seal(m, args.NotAfter)
	if err != nil {
		return err
	}
	args.Sealed = sealed
	_, err = enq.Enqueue(ctx, args, nil)
	return err
}

// legacyMailKeyLabel derived the mail_send key before keys.Derive
// (HMAC-SHA256(secret, label)): messages sealed then, still waiting in
// river_job when the server is upgraded, are opened with it. Remove it
// once no job sealed under it can remain (its 24 hours of retries).
const legacyMailKeyLabel = "gallery mail_send v1"

// sealer is an enqueuer that can seal mail_send messages: the Runner and
// the enqueuer its InTx hands out.
type sealer interface{ mailBox() *mailBox }

func (r *Runner) mailBox() *mailBox         { return r.box }
func (e txEnqueuer[TTx]) mailBox() *mailBox { return e.box }

// mailBox seals and opens mail_send messages. legacy, when set, opens
// what was sealed under the key of before keys.Derive.
type mailBox struct{ aead, legacy cipher.AEAD }

// newMailBox derives the key from the secret (keys.MailSend); an empty
// secret (tests) gives a random key, good for this process only.
func newMailBox(secret []byte) (*mailBox, error) {
	if len(secret) == 0 {
		key := make([]byte, keys.Size)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("jobs: mail key: %w", err)
		}
		aead, err := newAEAD(key)
		return &mailBox{aead: aead}, err
	}
	aead, err := newAEAD(keys.Derive(secret, keys.MailSend))
	if err != nil {
		return nil, err
	}
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(legacyMailKeyLabel))
	legacy, err := newAEAD(h.Sum(nil))
	if err != nil {
		return nil, err
	}
	return &mailBox{aead: aead, legacy: legacy}, nil
}

// newAEAD is AES-256-GCM under key (32 bytes).
func newAEAD(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("jobs: mail key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("jobs: mail key: %w", err)
	}
	return aead, nil
}

// mailAAD binds the job kind and its deadline to the sealed message, so
// that the deadline, left in clear, cannot be changed without the message
// failing to open.
func mailAAD(notAfter *time.Time) []byte {
	aad := []byte(KindMailSend)
	if notAfter != nil {
		aad = append(aad, 0)
		aad = strconv.AppendInt(aad, notAfter.UnixNano(), 10)
	}
	return aad
}

func (b *mailBox) seal(m mail.Message, notAfter *time.Time) ([]byte, error) {
	plain, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("jobs: seal mail: %w", err)
	}
	nonce := make([]byte, b.aead.NonceSize(), b.aead.NonceSize()+len(plain)+b.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("jobs: seal mail: %w", err)
	}
	return b.aead.Seal(nonce, nonce, plain, mailAAD(notAfter)), nil
}

// errMailUnopenable: the job was sealed under another key (SECRET_KEY
// changed, or a replica with another one), or its args were altered.
var errMailUnopenable = errors.New("jobs: mail_send job cannot be opened (sealed under another key, or altered)")

func (b *mailBox) open(sealed []byte, notAfter *time.Time) (mail.Message, error) {
	var m mail.Message
	n := b.aead.NonceSize()
	if len(sealed) < n+b.aead.Overhead() {
		return m, errMailUnopenable
	}
	plain, err := b.aead.Open(nil, sealed[:n], sealed[n:], mailAAD(notAfter))
	if err != nil && b.legacy != nil {
		plain, err = b.legacy.Open(nil, sealed[:n], sealed[n:], mailAAD(notAfter))
	}
	if err != nil {
		return m, errMailUnopenable
	}
	if err := json.Unmarshal(plain, &m); err != nil {
		return m, fmt.Errorf("jobs: sealed mail: %w", err)
	}
	return m, nil
}

type mailWorker struct {
	river.WorkerDefaults[MailArgs]
	sender mail.Sender
	box    *mailBox
	log    *slog.Logger
	now    func() time.Time
}

func (w *mailWorker) Timeout(*river.Job[MailArgs]) time.Duration { return MailSendTimeout }

func (w *mailWorker) Work(ctx context.Context, job *river.Job[MailArgs]) error {
	m := job.Args.Message // queued in clear before messages were sealed
	if len(job.Args.Sealed) > 0 {
		var err error
		if m, err = w.box.open(job.Args.Sealed, job.Args.NotAfter); err != nil {
			// Retrying cannot help: the key will not come back by itself.
			w.log.Error("mail: cannot open the message; job cancelled", "job", job.ID, "attempt", job.Attempt, "err", err)
			return river.JobCancel(err)
		}
	}
	if na := job.Args.NotAfter; na != nil && w.now().After(*na) {
		w.log.Warn("mail: not sent before it expired", "to", strings.Join(m.To, ", "), "subject", m.Subject,
			"attempt", job.Attempt)
		return river.JobCancel(fmt.Errorf("jobs: mail expired at %s", na.Format(time.RFC3339)))
	}
	if w.sender == nil {
		return errors.New("jobs: no mail sender (Config.Mail)")
	}
	err := w.sender.Send(ctx, m)
	if err != nil && mail.Permanent(err) {
		return river.JobCancel(err)
	}
	return err
}

// Mailer sends the e-mails of an action through mail_send jobs committed
// with the action's rows, so that a mail server that is down delays them
// without failing the action. Without a runner (tests that wire no jobs)
// it sends them directly, before the rows are committed: a refusal then
// rolls the rows back and fails the action with apperr.ErrMailNotSent.
type Mailer struct {
	Runner *Runner
	DB     *ent.Client
	Mail   mail.Sender
}

// Outbox queues the e-mails of one transaction.
type Outbox interface {
	// Post queues m; a non-zero notAfter drops it if it is still unsent then.
	Post(ctx context.Context, m mail.Message, notAfter time.Time) error
}

// InTx runs fn in one transaction; the e-mails it posts are sent if, and
// only if, the transaction commits.
func (m Mailer) InTx(ctx context.Context, fn func(ctx context.Context, tx *ent.Client, out Outbox) error) error {
	if m.Runner != nil {
		return m.Runner.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq Enqueuer) error {
			return fn(ctx, tx, queued{enq})
		})
	}
	return store.InTx(ctx, m.DB, func(tx *ent.Client) error {
		d := &direct{}
		if err := fn(ctx, tx, d); err != nil {
			return err
		}
		return d.send(ctx, m.Mail)
	})
}

// Send sends e-mails that go with no rows: queued at once, or sent directly.
func (m Mailer) Send(ctx context.Context, msg mail.Message, notAfter time.Time) error {
	if m.Runner != nil {
		return EnqueueMail(ctx, m.Runner, msg, notAfter)
	}
	d := &direct{}
	if err := d.Post(ctx, msg, notAfter); err != nil {
		return err
	}
	return d.send(ctx, m.Mail)
}

type queued struct{ enq Enqueuer }

func (q queued) Post(ctx context.Context, m mail.Message, notAfter time.Time) error {
	return EnqueueMail(ctx, q.enq, m, notAfter)
}

// direct collects messages to send once the transaction's work is done.
type direct struct{ msgs []mail.Message }

func (d *direct) Post(_ context.Context, m mail.Message, _ time.Time) error {
	if err := m.Check(); err != nil {
		return err
	}
	d.msgs = append(d.msgs, m)
	return nil
}

func (d *direct) send(ctx context.Context, s mail.Sender) error {
	if len(d.msgs) > 0 && s == nil {
		return apperr.ErrMailNotSent.With(errors.New("jobs: no mail sender"))
	}
	for _, m := range d.msgs {
		if err := s.Send(ctx, m); err != nil {
			return apperr.ErrMailNotSent.With(err)
		}
	}
	return nil
}
