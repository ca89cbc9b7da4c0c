// Package keys derives the server's purpose-bound keys from its one secret
// (SECRET_KEY) with HKDF-SHA256 (RFC 5869): each use (cookie seals, the
// sealed mail_send jobs, the test payment provider's webhooks) gets its own
// key, named by a label, so that a key leaked or misused in one place
// opens nothing in another, and no use ever holds the secret itself.
package keys

import (
	"crypto/sha256"
	"io"

	"golang.org/x/crypto/hkdf"
)

// Size is the length of a derived key: 32 bytes, an HMAC-SHA256 or
// AES-256 key.
const Size = 32

// Labels of the keys in use. A label is part of what the key is: changing
// one changes the key (and invalidates what it sealed), hence the versions.
const (
	// Access seals cookies (access grants, identity, previews, photographer
	// sessions) and keys the XSRF tokens and one-time-code hashes.
	Access = "gallery/access/v2"
	// MailSend seals the e-mails waiting in mail_send jobs.
	MailSend = "gallery/mail_send/v2"
	// TestPayments signs the built-in test provider's webhooks.
	TestPayments = "gallery/test-payments/v2"
)

// Derive returns the Size-byte key for label from secret. SECRET_KEY is
// already uniformly random (config.EnsureSecretKey makes 32 random bytes),
// so HKDF's extract step needs no salt; the label is its "info", which
// binds the key to one purpose.
func Derive(secret []byte, label string) []byte {
	key := make([]byte, Size)
	// HKDF-SHA256 can give up to 255*32 bytes: 32 never fails.
	if _, err := io.ReadFull(hkdf.New(sha256.New, secret, nil, []byte(label)), key); err != nil {
		panic("keys: hkdf: " + err.Error())
	}
	return key
}
