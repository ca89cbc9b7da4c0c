package access

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/studio/gallery/internal/keys"
)

// ErrBadToken is returned for a token that is forged, altered, expired or
// sealed for another purpose. Callers treat it as "no credential".
var ErrBadToken = errors.New("access: invalid or expired token")

// Signer seals small values (cookies, preview hashes) with HMAC-SHA256 so
// that they cannot be forged or moved: each seal names a purpose, such as
// the gallery an access cookie opens, and carries its expiry.
type Signer struct {
	key []byte
	// legacy is the key of before keys.Derive (HMAC-SHA256(secret,
	// legacyLabel)): Open still accepts what it sealed, so that an upgrade
	// signs nobody out and keeps preview links working; nothing is sealed
	// or hashed with it. Remove it once its seals have expired (30 days
	// after the upgrade: GrantTTL and IdentityTTL are the longest).
	legacy []byte
	now    func() time.Time
}

// legacyLabel derived the sealing key before keys.Derive.
const legacyLabel = "gallery/access/v1"

// NewSigner derives the sealing key from the server's secret (keys.Access).
func NewSigner(secret string) *Signer {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(legacyLabel))
	return &Signer{key: keys.Derive([]byte(secret), keys.Access), legacy: m.Sum(nil), now: time.Now}
}

type sealed struct {
	Exp  int64           `json:"e"`
	Data json.RawMessage `json:"d"`
}

var b64 = base64.RawURLEncoding

// WithClock returns a copy of s that reads the time from now (tests).
func (s *Signer) WithClock(now func() time.Time) *Signer {
	c := *s
	c.now = now
	return &c
}

// Now is the signer's clock.
func (s *Signer) Now() time.Time { return s.now() }

// Seal returns a token carrying v for purpose until now+ttl.
func (s *Signer) Seal(purpose string, v any, ttl time.Duration) (string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("access: seal: %w", err)
	}
	body, err := json.Marshal(sealed{Exp: s.now().Add(ttl).Unix(), Data: data})
	if err != nil {
		return "", fmt.Errorf("access: seal: %w", err)
	}
	p := b64.EncodeToString(body)
	return p + "." + b64.EncodeToString(s.mac(purpose, p)), nil
}

// Open checks a token sealed for purpose and decodes its value into v.
func (s *Signer) Open(purpose, token string, v any) error {
	p, sig, ok := strings.Cut(token, ".")
	if !ok || len(token) > 4096 {
		return ErrBadToken
	}
	got, err := b64.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac(purpose, p)) && (s.legacy == nil || !hmac.Equal(got, macWith(s.legacy, purpose, p))) {
		return ErrBadToken
	}
	body, err := b64.DecodeString(p)
	if err != nil {
		return ErrBadToken
	}
	var sl sealed
	if err := json.Unmarshal(body, &sl); err != nil || s.now().Unix() >= sl.Exp {
		return ErrBadToken
	}
	if err := json.Unmarshal(sl.Data, v); err != nil {
		return ErrBadToken
	}
	return nil
}

// MAC returns a keyed hash of value for purpose, for values stored hashed
// (one-time codes) that must not be guessable offline from a database copy.
func (s *Signer) MAC(purpose, value string) []byte { return s.mac(purpose, value) }

func (s *Signer) mac(purpose, payload string) []byte { return macWith(s.key, purpose, payload) }

func macWith(key []byte, purpose, payload string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(purpose))
	m.Write([]byte{0})
	m.Write([]byte(payload))
	return m.Sum(nil)
}
