package mail_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
)

const from = "Studio Lumière <studio@example.com>"

func message() mail.Message {
	return mail.Message{
		To:      []string{"julie@example.com"},
		ReplyTo: "studio@example.com",
		Subject: "Votre code de connexion : 123456",
		Text:    "Bonjour,\n\nVoici votre code : 123456. Il est valable 10 minutes.\n\nÀ bientôt,\nStudio Lumière",
		HTML:    "<p>Voici votre code : <strong>123456</strong></p>",
	}
}

func TestSMTPDeliversToARealServer(t *testing.T) {
	srv := mailtest.Start(t, "studio", "s3cret")
	s, err := mail.New(mail.Options{SMTPURL: srv.URL, From: from})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := s.Send(ctx, message()); err != nil {
		t.Fatalf("send: %v", err)
	}
	got := srv.Wait(t, 1, 10*time.Second)[0]
	if got.From != "studio@example.com" || len(got.To) != 1 || got.To[0] != "julie@example.com" {
		t.Errorf("envelope = %q -> %v", got.From, got.To)
	}
	if got.Subject != "Votre code de connexion : 123456" {
		t.Errorf("subject = %q", got.Subject)
	}
	if !strings.Contains(got.Text, "Voici votre code : 123456. Il est valable 10 minutes.") || !strings.Contains(got.Text, "À bientôt") {
		t.Errorf("text part = %q", got.Text)
	}
	if !strings.Contains(got.HTML, "<strong>123456</strong>") {
		t.Errorf("html part = %q", got.HTML)
	}
	if got.Header.Get("Reply-To") == "" || got.Header.Get("Message-Id") == "" {
		t.Errorf("headers = %v", got.Header)
	}
}

func TestSMTPRefusesWrongCredentials(t *testing.T) {
	srv := mailtest.Start(t, "studio", "s3cret")
	s, err := mail.New(mail.Options{SMTPURL: strings.Replace(srv.URL, "s3cret", "wrong", 1), From: from})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), message()); err == nil {
		t.Fatal("send with a wrong password succeeded")
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages delivered", n)
	}
}

func TestSMTPUnreachableServerIsAnError(t *testing.T) {
	s, err := mail.New(mail.Options{SMTPURL: "smtp://127.0.0.1:1?tls=none", From: from})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), message()); err == nil {
		t.Fatal("send to a closed port succeeded")
	}
}

func TestOutboxWritesWholeEMLFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	s, err := mail.New(mail.Options{From: from, OutboxDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := s.Send(context.Background(), message()); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("outbox has %d entries, want 2", len(entries))
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".eml") || strings.HasPrefix(e.Name(), ".") {
			t.Errorf("unexpected outbox entry %q", e.Name())
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"To: <julie@example.com>", "multipart/alternative", "text/plain", "text/html"} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %q", e.Name(), want)
			}
		}
		// The plain part first: a client shows the last alternative it can.
		if strings.Index(string(b), "text/plain") > strings.Index(string(b), "text/html") {
			t.Errorf("%s: the HTML part comes before the text part", e.Name())
		}
	}
}

func TestInvalidMessagesAndSettingsAreRefused(t *testing.T) {
	dir := t.TempDir()
	s, err := mail.New(mail.Options{From: from, OutboxDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]mail.Message{
		"no recipient":     {Subject: "s", Text: "t"},
		"no subject":       {To: []string{"a@example.com"}, Text: "t"},
		"no text":          {To: []string{"a@example.com"}, Subject: "s"},
		"bad recipient":    {To: []string{"not an address"}, Subject: "s", Text: "t"},
		"header injection": {To: []string{"a@example.com\r\nBcc: b@example.com"}, Subject: "s", Text: "t"},
	} {
		if err := s.Send(context.Background(), m); !errors.Is(err, mail.ErrInvalidMessage) {
			t.Errorf("%s: err = %v, want ErrInvalidMessage", name, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused messages left %d files", len(entries))
	}
	for name, o := range map[string]mail.Options{
		"bad from":   {From: "nobody", OutboxDir: dir},
		"bad scheme": {From: from, SMTPURL: "http://mail.example.com"},
		"bad tls":    {From: from, SMTPURL: "smtp://mail.example.com?tls=maybe"},
	} {
		if _, err := mail.New(o); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
