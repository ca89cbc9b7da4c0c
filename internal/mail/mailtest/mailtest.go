// Package mailtest runs a real SMTP server on loopback for tests: messages
// sent to it through the real client are parsed and kept for assertions.
package mailtest

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one delivered message.
type Received struct {
	From    string
	To      []string
	Subject string
	Header  netmail.Header
	// Text is the decoded text/plain part; HTML the text/html one, if any.
	Text string
	HTML string
	Raw  []byte
}

// Server is a running SMTP server.
type Server struct {
	// URL is the SMTP_URL that reaches it (plain, no TLS).
	URL      string
	Username string
	Password string

	srv      *smtp.Server
	mu       sync.Mutex
	messages []Received
	notify   chan struct{}
	down     bool
	rejected map[string]bool
}

// SetDown makes the server answer every message with "421 service not
// available" (a temporary failure, as a mail server being restarted
// answers) until it is set up again.
func (s *Server) SetDown(down bool) {
	s.mu.Lock()
	s.down = down
	s.mu.Unlock()
}

// Reject makes the server refuse addr for good ("550 no such user").
func (s *Server) Reject(addr string) {
	s.mu.Lock()
	if s.rejected == nil {
		s.rejected = map[string]bool{}
	}
	s.rejected[strings.ToLower(addr)] = true
	s.mu.Unlock()
}

func (s *Server) isDown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.down
}

func (s *Server) isRejected(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rejected[strings.ToLower(addr)]
}

// Start starts a server that accepts PLAIN auth with user/password (none
// when user is empty) and stops when the test ends.
func Start(t testing.TB, user, password string) *Server {
	t.Helper()
	s := &Server{Username: user, Password: password, notify: make(chan struct{}, 1)}
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "localhost"
	s.srv.AllowInsecureAuth = true
	s.srv.ReadTimeout = 10 * time.Second
	s.srv.WriteTimeout = 10 * time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	go s.srv.Serve(ln)
	t.Cleanup(func() { s.srv.Close() })
	cred := ""
	if user != "" {
		cred = user + ":" + password + "@"
	}
	s.URL = "smtp://" + cred + ln.Addr().String() + "?tls=none"
	return s
}

// Messages returns what was delivered so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.messages...)
}

// Wait returns once n messages have arrived, or fails the test after timeout.
func (s *Server) Wait(t testing.TB, n int, timeout time.Duration) []Received {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if ms := s.Messages(); len(ms) >= n {
			return ms
		}
		select {
		case <-s.notify:
		case <-deadline:
			t.Fatalf("mailtest: %d messages after %s, want %d", len(s.Messages()), timeout, n)
		}
	}
}

func (s *Server) add(r Received) {
	s.mu.Lock()
	s.messages = append(s.messages, r)
	s.mu.Unlock()
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s      *Server
	authed bool
	from   string
	to     []string
}

var errAuth = errors.New("mailtest: authentication required")

func (se *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (se *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != se.s.Username || pass != se.s.Password {
			return errors.New("mailtest: invalid credentials")
		}
		se.authed = true
		return nil
	}), nil
}

func (se *session) Mail(from string, _ *smtp.MailOptions) error {
	if se.s.Username != "" && !se.authed {
		return errAuth
	}
	if se.s.isDown() {
		return &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 3, 2}, Message: "mailtest: service not available"}
	}
	se.from = from
	return nil
}

func (se *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if se.s.isRejected(to) {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "mailtest: no such user"}
	}
	se.to = append(se.to, to)
	return nil
}

func (se *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	rec, err := parse(raw)
	if err != nil {
		return err
	}
	rec.From, rec.To = se.from, append([]string(nil), se.to...)
	se.s.add(rec)
	return nil
}

func (se *session) Reset()        { se.from, se.to = "", nil }
func (se *session) Logout() error { return nil }

var wordDecoder = new(mime.WordDecoder)

// parse reads the headers and the text and HTML parts of a message.
func parse(raw []byte) (Received, error) {
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Received{}, err
	}
	subject, err := wordDecoder.DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		subject = m.Header.Get("Subject")
	}
	rec := Received{Subject: subject, Header: m.Header, Raw: raw}
	err = walk(m.Header.Get("Content-Type"), m.Header.Get("Content-Transfer-Encoding"), m.Body, &rec)
	return rec, err
}

func walk(contentType, encoding string, body io.Reader, rec *Received) error {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, rec); err != nil {
				return err
			}
		}
	}
	data, err := io.ReadAll(decode(encoding, body))
	if err != nil {
		return err
	}
	switch mt {
	case "text/plain":
		rec.Text += string(data)
	case "text/html":
		rec.HTML += string(data)
	}
	return nil
}

// decode undoes a Content-Transfer-Encoding.
func decode(encoding string, r io.Reader) io.Reader {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		return quotedprintable.NewReader(r)
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, &lineStripper{r: r})
	default:
		return r
	}
}

// lineStripper drops line breaks, which base64 bodies carry every 76 characters.
type lineStripper struct{ r io.Reader }

func (l *lineStripper) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	j := 0
	for _, b := range p[:n] {
		if b != '\r' && b != '\n' {
			p[j] = b
			j++
		}
	}
	return j, err
}
