package access

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
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
	// checked keeps the values of tokens opened lately (OpenKept).
	checked *checkedTokens
}

// legacyLabel derived the sealing key before keys.Derive.
const legacyLabel = "gallery/access/v1"

// NewSigner derives the sealing key from the server's secret (keys.Access).
func NewSigner(secret string) *Signer {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(legacyLabel))
	return &Signer{key: keys.Derive([]byte(secret), keys.Access), legacy: m.Sum(nil), now: time.Now,
		checked: &checkedTokens{m: map[string]checkedToken{}}}
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
	_, err := s.open(purpose, token, v)
	return err
}

// open is Open, which also returns the token's expiry (Unix seconds).
func (s *Signer) open(purpose, token string, v any) (int64, error) {
	p, sig, ok := strings.Cut(token, ".")
	if !ok || len(token) > 4096 {
		return 0, ErrBadToken
	}
	got, err := b64.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac(purpose, p)) && (s.legacy == nil || !hmac.Equal(got, macWith(s.legacy, purpose, p))) {
		return 0, ErrBadToken
	}
	body, err := b64.DecodeString(p)
	if err != nil {
		return 0, ErrBadToken
	}
	var sl sealed
	if err := json.Unmarshal(body, &sl); err != nil || s.now().Unix() >= sl.Exp {
		return 0, ErrBadToken
	}
	if err := json.Unmarshal(sl.Data, v); err != nil {
		return 0, ErrBadToken
	}
	return sl.Exp, nil
}

// OpenKept is Open for a value of type T, answered from memory when the
// same token was opened lately. A guest's browser sends the same cookies
// with every request, and checking a seal (two HMACs, two base64 and two
// JSON decodings: about 15 µs) cost more than answering a kept page. Only
// tokens that opened are kept, keyed by their whole text (signature
// included), with their expiry, which is checked on every use: a token
// that was never checked here, or another byte of it, is checked in full.
func OpenKept[T any](s *Signer, purpose, token string) (T, error) {
	key := purpose + "\x00" + token
	if v, ok := s.checked.get(key, s.now().Unix()); ok {
		if t, ok := v.(T); ok {
			return t, nil
		}
	}
	var t T
	exp, err := s.open(purpose, token, &t)
	if err != nil {
		return t, err
	}
	s.checked.put(key, checkedToken{exp: exp, v: t})
	return t, nil
}

// checkedTokens is OpenKept's memory. It holds at most maxCheckedTokens
// tokens (a few MB) and forgets them all when full, so a flood of valid
// tokens costs memory no more than checking them did.
type checkedTokens struct {
	mu sync.RWMutex
	m  map[string]checkedToken
}

type checkedToken struct {
	exp int64
	v   any
}

const maxCheckedTokens = 16384

func (c *checkedTokens) get(key string, now int64) (any, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.RLock()
	t, ok := c.m[key]
	c.mu.RUnlock()
	if !ok || now >= t.exp {
		return nil, false
	}
	return t.v, true
}

func (c *checkedTokens) put(key string, t checkedToken) {
	if c == nil {
		return
	}
	c.mu.Lock()
	if len(c.m) >= maxCheckedTokens {
		clear(c.m)
	}
	c.m[key] = t
	c.mu.Unlock()
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
