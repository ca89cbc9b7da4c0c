package photographer

import (
	"time"

	"github.com/studio/gallery/internal/access"
)

// SessionTTL is how long a playground session lasts.
const SessionTTL = 12 * time.Hour

// Sessions seals and checks the playground's photographer-session cookie
// with the server's signer (access.Signer): the cookie names the API token
// it was opened with and expires; it never carries the token itself, and
// revoking the token ends the session (the server checks the token on
// every request).
type Sessions struct {
	Signer *access.Signer
	// TTL is the session's lifetime; zero means SessionTTL.
	TTL time.Duration
}

const sessionPurpose = "photographer-session"

// Issue returns the cookie value for a session opened with the token
// tokenID, and when it expires.
func (s Sessions) Issue(tokenID string) (string, time.Time) {
	ttl := s.TTL
	if ttl == 0 {
		ttl = SessionTTL
	}
	v, err := s.Signer.Seal(sessionPurpose, tokenID, ttl)
	if err != nil { // a string always marshals
		return "", time.Time{}
	}
	return v, s.Signer.Now().Add(ttl).Truncate(time.Second)
}

// Verify returns the token id of a valid, unexpired session value.
func (s Sessions) Verify(value string) (string, bool) {
	var tokenID string
	if s.Signer == nil || s.Signer.Open(sessionPurpose, value, &tokenID) != nil || tokenID == "" {
		return "", false
	}
	return tokenID, true
}
