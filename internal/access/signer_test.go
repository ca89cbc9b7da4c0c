package access

import (
	"crypto/hmac"
	"crypto/sha256"
	"strconv"
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

// TestOpenKeptChecksWhatItKeeps: a token opened once is answered from
// memory, but only that very token, for its purpose and until its expiry;
// an altered or foreign token is checked in full and refused, a refused
// token is not kept, and the memory forgets everything when full.
func TestOpenKeptChecksWhatItKeeps(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := NewSigner("the server's secret").WithClock(func() time.Time { return now })
	g := Grant{GalleryID: "gal_1", CodeID: "acc_1", Client: true}
	tok, err := s.Seal("grant:gal_1", g, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if got, err := OpenKept[Grant](s, "grant:gal_1", tok); err != nil || got != g {
			t.Fatalf("kept open: %+v, %v", got, err)
		}
	}
	if _, err := OpenKept[Grant](s, "grant:gal_2", tok); err != ErrBadToken {
		t.Fatalf("opened for another gallery: %v", err)
	}
	if _, err := OpenKept[Identity](s, "identity", tok); err != ErrBadToken {
		t.Fatalf("opened for another purpose: %v", err)
	}
	altered := tok[:len(tok)-2] + "AA"
	if altered == tok {
		altered = tok[:len(tok)-2] + "BB"
	}
	if _, err := OpenKept[Grant](s, "grant:gal_1", altered); err != ErrBadToken {
		t.Fatalf("altered token opened: %v", err)
	}
	if _, err := OpenKept[Grant](s, "grant:gal_1", tok+"x"); err != ErrBadToken {
		t.Fatalf("longer token opened: %v", err)
	}
	s.checked.mu.RLock()
	kept := len(s.checked.m)
	s.checked.mu.RUnlock()
	if kept != 1 {
		t.Fatalf("%d tokens kept, want the one that opened", kept)
	}

	now = now.Add(time.Hour)
	if _, err := OpenKept[Grant](s, "grant:gal_1", tok); err != ErrBadToken {
		t.Fatalf("expired token answered from memory: %v", err)
	}

	now = time.Unix(1_800_000_000, 0)
	for i := range maxCheckedTokens + 1 {
		s.checked.put(strconv.Itoa(i), checkedToken{exp: now.Unix() + 10, v: g})
	}
	s.checked.mu.RLock()
	kept = len(s.checked.m)
	s.checked.mu.RUnlock()
	if kept >= maxCheckedTokens {
		t.Fatalf("%d tokens kept after %d more, want them forgotten when full", kept, maxCheckedTokens+1)
	}
}
