package photographer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// SessionTTL is how long a playground session lasts.
const SessionTTL = 12 * time.Hour

// Sessions signs and checks the playground's photographer-session cookie.
// The cookie names the API token it was opened with, and an expiry, under
// an HMAC-SHA256 of the server's secret key: it never carries the token
// itself, and revoking the token ends the session (the server checks the
// token on every request).
type Sessions struct {
	Key []byte
	// TTL is the session's lifetime; zero means SessionTTL.
	TTL time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s Sessions) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Issue returns the cookie value for a session opened with the token
// tokenID, and when it expires.
func (s Sessions) Issue(tokenID string) (string, time.Time) {
	ttl := s.TTL
	if ttl == 0 {
		ttl = SessionTTL
	}
	exp := s.now().Add(ttl).Truncate(time.Second)
	payload := tokenID + "." + strconv.FormatInt(exp.Unix(), 10)
	return payload + "." + s.mac(payload), exp
}

// Verify returns the token id of a valid, unexpired session value.
func (s Sessions) Verify(value string) (string, bool) {
	i := strings.LastIndexByte(value, '.')
	if i < 0 || len(s.Key) == 0 {
		return "", false
	}
	payload, sig := value[:i], value[i+1:]
	if !hmac.Equal([]byte(sig), []byte(s.mac(payload))) {
		return "", false
	}
	tokenID, expStr, ok := strings.Cut(payload, ".")
	if !ok || tokenID == "" {
		return "", false
	}
	exp, err := strconv.ParseInt(expStr, 10, 64)
	if err != nil || s.now().Unix() >= exp {
		return "", false
	}
	return tokenID, true
}

func (s Sessions) mac(payload string) string {
	m := hmac.New(sha256.New, s.Key)
	// The label keeps these signatures apart from anything else signed with the key.
	m.Write([]byte("photographer-session\x00"))
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
