package access

import (
	"crypto/hmac"
	"crypto/sha256"
	"testing"
	"time"
)

// TestSignerOpensWhatTheOldKeySealed: cookies and preview links sealed
// before the keys came from HKDF still open after the upgrade (nobody is
// signed out), for their purpose only; new seals use the new key, which
// the old server could not open; another secret opens neither.
func TestSignerOpensWhatTheOldKeySealed(t *testing.T) {
	const secret = "the server's secret"
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(legacyLabel))
	old := &Signer{key: m.Sum(nil), now: time.Now}
	s := NewSigner(secret)

	tok, err := old.Seal("identity", Identity{Email: "anne@example.com"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	var id Identity
	if err := s.Open("identity", tok, &id); err != nil || id.Email != "anne@example.com" {
		t.Fatalf("old seal: %+v, %v", id, err)
	}
	if err := s.Open("grant:gal_1", tok, &id); err != ErrBadToken {
		t.Fatalf("old seal opened for another purpose: %v", err)
	}
	fresh, err := s.Seal("identity", Identity{Email: "anne@example.com"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := old.Open("identity", fresh, &id); err != ErrBadToken {
		t.Fatalf("a new seal opens under the old key: %v", err)
	}
	other := NewSigner("another secret")
	for _, v := range []string{tok, fresh} {
		if err := other.Open("identity", v, &id); err != ErrBadToken {
			t.Fatalf("another secret opened %q: %v", v, err)
		}
	}
	if string(s.MAC("xsrf", "k")) == string(old.MAC("xsrf", "k")) {
		t.Fatal("MAC still uses the old key")
	}
}
