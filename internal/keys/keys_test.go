package keys

import (
	"bytes"
	"encoding/hex"
	"testing"
)

// TestDeriveIsHKDF pins the derivation to RFC 5869's HKDF-SHA256 (test
// case 3: no salt, no info, which HKDF then takes as empty): a change of
// algorithm would sign everyone out and orphan the sealed jobs.
func TestDeriveIsHKDF(t *testing.T) {
	ikm := bytes.Repeat([]byte{0x0b}, 22)
	want, _ := hex.DecodeString("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d")
	if got := Derive(ikm, ""); !bytes.Equal(got, want) {
		t.Fatalf("Derive = %x, want %x", got, want)
	}
}

// TestDeriveSeparatesPurposes: one secret, one key per label, and a key
// depends on the secret.
func TestDeriveSeparatesPurposes(t *testing.T) {
	secret := []byte("a secret of the server")
	seen := map[string]string{}
	for _, label := range []string{Access, MailSend, TestPayments} {
		k := Derive(secret, label)
		if len(k) != Size {
			t.Fatalf("%s: %d bytes", label, len(k))
		}
		if other, dup := seen[string(k)]; dup {
			t.Fatalf("%s and %s share a key", label, other)
		}
		seen[string(k)] = label
		if bytes.Equal(k, Derive([]byte("another secret"), label)) {
			t.Fatalf("%s: the key does not depend on the secret", label)
		}
		if !bytes.Equal(k, Derive(secret, label)) {
			t.Fatalf("%s: not deterministic", label)
		}
	}
}
