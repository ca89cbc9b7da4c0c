package photographer_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent/apitoken"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

func TestTokens(t *testing.T) {
	db := testdb.Open(t).Client
	ctx := context.Background()
	sys := viewer.SystemContext(ctx)
	pg := db.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(sys)
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	toks := &photographer.Tokens{DB: db, Now: func() time.Time { return now }}

	plain, tok, err := toks.Create(ctx, "Studio@Example.com", "script")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(plain, photographer.TokenPrefix) || len(plain) != 44 || !strings.HasPrefix(tok.ID, "tok_") {
		t.Fatalf("token %q %s", plain, tok.ID)
	}
	stored := db.APIToken.GetX(sys, tok.ID)
	if stored.TokenHash != photographer.HashToken(plain) || strings.Contains(stored.TokenHash, plain[4:]) {
		t.Fatal("the token is not stored as its hash only")
	}
	plain2, _, _ := toks.Create(ctx, "studio@example.com", "")
	if plain2 == plain {
		t.Fatal("two tokens are equal")
	}

	id, pid, err := toks.Authenticate(ctx, plain)
	if err != nil || id != tok.ID || pid != pg.ID {
		t.Fatalf("authenticate: %s %s %v", id, pid, err)
	}
	lastUsed := func() time.Time { return *db.APIToken.GetX(sys, tok.ID).LastUsedAt }
	first := lastUsed()
	now = now.Add(30 * time.Second)
	if _, _, err := toks.Authenticate(ctx, plain); err != nil {
		t.Fatal(err)
	}
	if !lastUsed().Equal(first) {
		t.Fatal("last_used_at written twice within a minute")
	}
	now = now.Add(2 * time.Minute)
	if _, _, err := toks.Authenticate(ctx, plain); err != nil {
		t.Fatal(err)
	}
	if !lastUsed().After(first) {
		t.Fatal("last_used_at not written after a minute")
	}

	// One character changed (never to itself: the last one may already be "0").
	changed := plain[:len(plain)-1] + "0"
	if strings.HasSuffix(plain, "0") {
		changed = plain[:len(plain)-1] + "1"
	}
	for _, garbage := range []string{"", "glt_", "nope", plain + "x", changed, "glt_" + strings.Repeat("a", 40)} {
		if _, _, err := toks.Authenticate(ctx, garbage); !errors.Is(err, photographer.ErrInvalidToken) {
			t.Errorf("%q: %v, want invalid_token", garbage, err)
		}
	}

	list, err := toks.List(ctx, "studio@example.com")
	if err != nil || len(list) != 2 {
		t.Fatalf("list: %d %v", len(list), err)
	}
	if _, err := toks.Revoke(ctx, tok.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := toks.Authenticate(ctx, plain); !errors.Is(err, photographer.ErrRevokedToken) {
		t.Fatalf("revoked token: %v", err)
	}
	if _, err := toks.AuthenticateID(ctx, tok.ID); !errors.Is(err, photographer.ErrRevokedToken) {
		t.Fatalf("revoked token by id: %v", err)
	}
	if _, _, err := toks.Authenticate(ctx, plain2); err != nil {
		t.Fatalf("the other token was revoked too: %v", err)
	}
	if n, err := toks.RevokeByName(ctx, "studio@example.com", ""); err != nil || n != 1 {
		t.Fatalf("revoke by name: %d %v", n, err)
	}
	if n := db.APIToken.Query().Where(apitoken.RevokedAtIsNil()).CountX(sys); n != 0 {
		t.Fatalf("%d tokens still active", n)
	}
	if _, _, err := toks.Create(ctx, "nobody@example.com", ""); err == nil {
		t.Fatal("a token for an unknown photographer")
	}
}

func TestSessions(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	s := photographer.Sessions{Signer: access.NewSigner("k1").WithClock(clock)}
	v, exp := s.Issue("tok_abc")
	if exp.Sub(now) != photographer.SessionTTL {
		t.Fatalf("expires %v", exp)
	}
	if id, ok := s.Verify(v); !ok || id != "tok_abc" {
		t.Fatalf("verify: %q %v", id, ok)
	}
	other := photographer.Sessions{Signer: access.NewSigner("k2").WithClock(clock)}
	for name, bad := range map[string]string{
		"other key": func() string { v, _ := other.Issue("tok_abc"); return v }(),
		"tampered":  tamper(v),
		"garbage":   "x",
		"empty":     "",
	} {
		if _, ok := s.Verify(bad); ok {
			t.Errorf("%s accepted", name)
		}
	}
	now = now.Add(photographer.SessionTTL)
	if _, ok := s.Verify(v); ok {
		t.Error("an expired session was accepted")
	}
}

// tamper changes one character of a sealed value's payload.
func tamper(v string) string {
	b := []byte(v)
	if b[2] == 'A' {
		b[2] = 'B'
	} else {
		b[2] = 'A'
	}
	return string(b)
}
