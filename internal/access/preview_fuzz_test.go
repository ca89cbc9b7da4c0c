package access

import (
	"strings"
	"testing"
	"time"
)

// FuzzOpenPreview opens fuzzed preview hashes: only a hash this server
// sealed opens a gallery, never another one, and nothing panics whatever
// the hash holds (bad base64, bad JSON, a huge or expired payload).
func FuzzOpenPreview(f *testing.F) {
	svc := &Service{Signer: NewSigner("fuzz-secret")}
	valid, err := svc.PreviewHash("gal_fuzz", time.Hour)
	if err != nil {
		f.Fatal(err)
	}
	expired, _ := svc.PreviewHash("gal_fuzz", -time.Minute)
	other, _ := (&Service{Signer: NewSigner("another-secret")}).PreviewHash("gal_other", time.Hour)
	f.Add(valid)
	f.Add(expired)
	f.Add(other)
	f.Add(valid[:len(valid)-1])
	f.Add("")
	f.Add(".")
	f.Add("e30.e30")
	f.Add(strings.Repeat("A", 5000) + ".x")
	f.Fuzz(func(t *testing.T, hash string) {
		id, ok := svc.OpenPreview(hash)
		switch {
		case !ok && id != "":
			t.Fatalf("refused %q but named %q", hash, id)
		case ok && hash != valid:
			// Another encoding of the same sealed value would need the key.
			if id != "gal_fuzz" {
				t.Fatalf("%q opened %q", hash, id)
			}
		}
		if svc.CheckPreview("gal_other", hash) {
			t.Fatalf("%q opened a gallery this server never sealed", hash)
		}
	})
}
