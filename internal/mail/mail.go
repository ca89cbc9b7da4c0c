// Package mail sends the product's e-mails: through an SMTP server when
// SMTP_URL is set, otherwise into an outbox folder of .eml files (the
// embedded default), logged either way. Messages always carry a plain-text
// part; an HTML alternative is optional.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/studio/gallery/internal/ids"
)

// Message is one e-mail. The JSON form is what a mail_send job holds
// (internal/jobs).
type Message struct {
	To      []string `json:"to"`
	ReplyTo string   `json:"reply_to,omitempty"`
	Subject string   `json:"subject"`
	// Text is the plain-text body; every message has one.
	Text string `json:"text"`
	// HTML is an optional alternative body.
	HTML string `json:"html,omitempty"`
}

// Check tells whether m can be sent: it has a recipient, a subject and a
// text, and its addresses parse. The sender is not needed.
func (m Message) Check() error {
	_, err := build("Check <check@example.invalid>", m)
	return err
}

// Permanent tells whether a send failed for good, so that sending again
// cannot help: the message is invalid, or the server refused a recipient
// with a permanent (5xx) answer. A server that is down, slow, or refusing
// for the time being (4xx), and a refused login, are worth another try.
func Permanent(err error) bool {
	if errors.Is(err, ErrInvalidMessage) {
		return true
	}
	var se *gomail.SendError
	return errors.As(err, &se) && se.Reason == gomail.ErrSMTPRcptTo && !se.IsTemp() &&
		se.ErrorCode() >= 500 && se.ErrorCode() < 600
}

// Sender sends messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrInvalidMessage is returned for a message without recipient, subject or text.
var ErrInvalidMessage = errors.New("mail: invalid message")

// Options configure New.
type Options struct {
	// SMTPURL is smtp://user:pass@host:port (STARTTLS when offered),
	// smtp://...?tls=none (plain, for local relays and tests),
	// smtp://...?tls=required, or smtps://... (TLS from the start).
	// Empty selects the outbox.
	SMTPURL string
	// From is the sender, "Name <address>".
	From string
	// OutboxDir receives .eml files when SMTPURL is empty.
	OutboxDir string
	Log       *slog.Logger
}

// New returns the sender the options name.
func New(o Options) (Sender, error) {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if _, err := netmail.ParseAddress(o.From); err != nil {
		return nil, fmt.Errorf("mail: MAIL_FROM %q: %w", o.From, err)
	}
	if o.SMTPURL == "" {
		if o.OutboxDir == "" {
			return nil, errors.New("mail: no SMTP_URL and no outbox folder")
		}
		return &Outbox{Dir: o.OutboxDir, From: o.From, Log: o.Log}, nil
	}
	return newSMTP(o)
}

// build turns a Message into a go-mail message.
func build(from string, m Message) (*gomail.Msg, error) {
	if len(m.To) == 0 || strings.TrimSpace(m.Subject) == "" || strings.TrimSpace(m.Text) == "" {
		return nil, ErrInvalidMessage
	}
	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8))
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("mail: from: %w", err)
	}
	if err := msg.To(m.To...); err != nil {
		return nil, fmt.Errorf("%w: to: %v", ErrInvalidMessage, err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, fmt.Errorf("%w: reply-to: %v", ErrInvalidMessage, err)
		}
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

// Outbox writes each message as an .eml file and logs it: the embedded
// default, where no mail server is configured.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger
}

// Send writes m to a new file in the outbox; the file appears whole or not at all.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	msg, err := build(o.From, m)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	name := time.Now().UTC().Format("20060102T150405.000000000") + "-" + ids.Token(8) + ".eml"
	tmp := filepath.Join(o.Dir, "."+name+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	if _, err := msg.WriteTo(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("mail: outbox write: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("mail: outbox close: %w", err)
	}
	path := filepath.Join(o.Dir, name)
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("mail: outbox: %w", err)
	}
	o.Log.Info("mail written to the outbox", "to", strings.Join(m.To, ", "), "subject", m.Subject, "file", path)
	return nil
}

// SMTP sends through a mail server.
type SMTP struct {
	From   string
	Log    *slog.Logger
	client *gomail.Client
	host   string
}

func newSMTP(o Options) (*SMTP, error) {
	u, err := url.Parse(o.SMTPURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("mail: SMTP_URL is not a valid smtp:// address")
	}
	opts := []gomail.Option{gomail.WithTimeout(20 * time.Second), gomail.WithTLSPolicy(gomail.TLSOpportunistic)}
	port := 587
	switch u.Scheme {
	case "smtp":
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("mail: SMTP_URL scheme %q: use smtp or smtps", u.Scheme)
	}
	switch u.Query().Get("tls") {
	case "", "opportunistic":
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case "required":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	default:
		return nil, fmt.Errorf("mail: SMTP_URL tls=%q: use none, opportunistic or required", u.Query().Get("tls"))
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("mail: SMTP_URL port %q", p)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil {
		pw, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pw))
	}
	c, err := gomail.NewClient(u.Hostname(), opts...)
	if err != nil {
		return nil, fmt.Errorf("mail: smtp client: %w", err)
	}
	return &SMTP{From: o.From, Log: o.Log, client: c, host: u.Host}, nil
}

// Send delivers m through the server; a refusal or a broken connection is an error.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := build(s.From, m)
	if err != nil {
		return err
	}
	if err := s.client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send through %s: %w", s.host, err)
	}
	s.Log.Info("mail sent", "to", strings.Join(m.To, ", "), "subject", m.Subject, "server", s.host)
	return nil
}

// locations caches the time zones e-mails give dates in.
var locations sync.Map

// Location is the time zone an e-mail gives dates in: the photographer's
// (an IANA name such as "Europe/Brussels"), else Brussels, else UTC.
func Location(name string) *time.Location {
	if name == "" {
		name = "Europe/Brussels"
	}
	if l, ok := locations.Load(name); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		if name != "Europe/Brussels" {
			return Location("")
		}
		l = time.UTC
	}
	locations.Store(name, l)
	return l
}
