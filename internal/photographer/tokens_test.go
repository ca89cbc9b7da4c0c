package photographer_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent/apitoken"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
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
	db := testdb.Open(t).Client
	ctx := context.Background()
	sys := viewer.SystemContext(ctx)
	pg := db.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(sys)
	other := db.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").SaveX(sys)
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	toks := &photographer.Tokens{DB: db, Now: clock}
	s := photographer.NewSessions(db, access.NewSigner("k1").WithClock(clock), toks, nil, 0)

	o, err := s.Open(ctx, pg.ID, photographer.MethodCode, "", "Firefox")
	if err != nil {
		t.Fatal(err)
	}
	if o.Expires.Sub(now) != photographer.StudioSessionTTL || strings.Contains(o.Value, o.Session.ID) {
		t.Fatalf("opened %+v", o)
	}
	if pid, sid, err := s.Verify(ctx, o.Value); err != nil || pid != pg.ID || sid != o.Session.ID {
		t.Fatalf("verify: %q %q %v", pid, sid, err)
	}
	wrongKey := photographer.NewSessions(db, access.NewSigner("k2").WithClock(clock), toks, nil, 0)
	forged, _ := wrongKey.Open(ctx, other.ID, photographer.MethodCode, "", "")
	for name, bad := range map[string]string{"other key": forged.Value, "tampered": tamper(o.Value), "garbage": "x", "empty": ""} {
		if _, _, err := s.Verify(ctx, bad); !errors.Is(err, photographer.ErrSessionEnded) {
			t.Errorf("%s: %v", name, err)
		}
	}

	// Ending one session leaves the others; ending all ends only the photographer's.
	o2, _ := s.Open(ctx, pg.ID, photographer.MethodCode, "", "Safari")
	theirs, _ := s.Open(ctx, other.ID, photographer.MethodCode, "", "")
	if err := s.End(ctx, o.Session.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Verify(ctx, o.Value); !errors.Is(err, photographer.ErrSessionEnded) {
		t.Fatalf("ended session: %v", err)
	}
	if _, _, err := s.Verify(ctx, o2.Value); err != nil {
		t.Fatalf("the other session ended too: %v", err)
	}
	plain, tok, _ := toks.Create(ctx, "studio@example.com", "playground")
	viaToken, _ := s.Open(ctx, pg.ID, photographer.MethodToken, tok.ID, "")
	if viaToken.Expires.Sub(now) != photographer.SessionTTL {
		t.Fatalf("token session expires %v", viaToken.Expires)
	}
	if n, err := s.EndAll(ctx, pg.ID); err != nil || n != 2 {
		t.Fatalf("end all: %d %v", n, err)
	}
	for name, v := range map[string]string{"second": o2.Value, "token": viaToken.Value} {
		if _, _, err := s.Verify(ctx, v); !errors.Is(err, photographer.ErrSessionEnded) {
			t.Errorf("%s session after end all: %v", name, err)
		}
	}
	if _, _, err := s.Verify(ctx, theirs.Value); err != nil {
		t.Fatalf("another photographer's session ended: %v", err)
	}
	if _, _, err := toks.Authenticate(ctx, plain); err != nil {
		t.Fatalf("ending sessions revoked a token: %v", err)
	}

	// A token session ends with its token; any session with its time.
	viaToken, _ = s.Open(ctx, pg.ID, photographer.MethodToken, tok.ID, "")
	if _, err := toks.Revoke(ctx, tok.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Verify(ctx, viaToken.Value); !errors.Is(err, photographer.ErrRevokedToken) {
		t.Fatalf("session of a revoked token: %v", err)
	}
	now = now.Add(photographer.StudioSessionTTL)
	if _, _, err := s.Verify(ctx, theirs.Value); !errors.Is(err, photographer.ErrSessionEnded) {
		t.Fatalf("expired session: %v", err)
	}
}

// TestCreatePhotographer checks the account the operator's command makes.
func TestCreatePhotographer(t *testing.T) {
	db := testdb.Open(t).Client
	ctx := context.Background()
	svc := &photographer.Service{DB: db}
	pg, err := svc.CreatePhotographer(ctx, " Lea@Example.COM ", " Studio Léa ")
	if err != nil || pg.Email != "lea@example.com" || pg.Name != "Studio Léa" {
		t.Fatalf("create: %+v %v", pg, err)
	}
	for _, c := range []struct{ email, name, code string }{
		{"LEA@example.com", "x", "duplicate"},
		{"nope", "x", "invalid_email"},
		{"x@example.com", " ", "required"},
		{"x@example.com", strings.Repeat("é", 201), "too_long"},
	} {
		_, err := svc.CreatePhotographer(ctx, c.email, c.name)
		if ae := apperr.As(err); ae == nil || ae.Code != c.code {
			t.Errorf("%q %q: %v, want %s", c.email, c.name, err, c.code)
		}
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
