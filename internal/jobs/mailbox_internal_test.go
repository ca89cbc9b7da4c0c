package jobs

import (
	"crypto/hmac"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/studio/gallery/internal/mail"
)

// TestMailBoxOpensWhatTheOldKeySealed: e-mails sealed before the upgrade to
// keys.Derive, still queued, go out after it; a new seal uses the new key
// only, and another secret opens neither.
func TestMailBoxOpensWhatTheOldKeySealed(t *testing.T) {
	secret := []byte("the server's secret")
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(legacyMailKeyLabel))
	oldAEAD, err := newAEAD(h.Sum(nil))
	if err != nil {
		t.Fatal(err)
	}
	old := &mailBox{aead: oldAEAD}
	box, err := newMailBox(secret)
	if err != nil {
		t.Fatal(err)
	}
	notAfter := time.Now().Add(time.Hour).Round(0)
	msg := mail.Message{To: []string{"anne@example.com"}, Subject: "Votre code", Text: "123456"}
	sealed, err := old.seal(msg, &notAfter)
	if err != nil {
		t.Fatal(err)
	}
	got, err := box.open(sealed, &notAfter)
	if err != nil || got.Subject != msg.Subject {
		t.Fatalf("old seal: %+v, %v", got, err)
	}
	fresh, err := box.seal(msg, &notAfter)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.open(fresh, &notAfter); err == nil {
		t.Fatal("a new seal opens under the old key: the new key is not in use")
	}
	other, err := newMailBox([]byte("another secret"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.open(sealed, &notAfter); err == nil {
		t.Fatal("another secret opened an old seal")
	}
	if _, err := other.open(fresh, &notAfter); err == nil {
		t.Fatal("another secret opened a new seal")
	}
}
