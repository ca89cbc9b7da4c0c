package passkey_test

import (
	"testing"

	"github.com/studio/gallery/internal/passkey"
)

func TestRelyingParty(t *testing.T) {
	for _, tc := range []struct{ url, rpID, origin string }{
		{"http://localhost:8080", "localhost", "http://localhost:8080"},
		{"https://Photos.Example.com/", "photos.example.com", "https://photos.example.com"},
		{"https://photos.example.com:8443/base", "photos.example.com", "https://photos.example.com:8443"},
	} {
		rpID, origin, err := passkey.RelyingParty(tc.url)
		if err != nil || rpID != tc.rpID || origin != tc.origin {
			t.Errorf("%s: %q %q %v", tc.url, rpID, origin, err)
		}
	}
	for _, bad := range []string{"http://127.0.0.1:8080", "http://[::1]:8080", "ftp://example.com", "", "localhost:8080"} {
		if _, _, err := passkey.RelyingParty(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
