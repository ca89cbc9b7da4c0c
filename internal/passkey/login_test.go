package passkey_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/passkey"
	"github.com/studio/gallery/internal/passkey/passkeytest"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// The relying party of these tests: PUBLIC_URL http://studio.test.
const origin = "http://studio.test"

// request is one HTTP exchange as the service sees it: a viewer, and an
// answer to set cookies on (secure: the site is served over https).
func request(v *viewer.Viewer, secure bool) (context.Context, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	if v == nil {
		v = &viewer.Viewer{}
	}
	return access.WithResponse(viewer.NewContext(context.Background(), v), rec, secure), rec
}

func setCookie(rec *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// registered is a photographer with one passkey, registered by hand
// through the service (the software authenticator of passkeytest).
func registered(t *testing.T) (*passkey.Service, *ent.Client, *ent.Photographer, *passkeytest.Key) {
	t.Helper()
	db := testdb.Open(t).Client
	sys := viewer.SystemContext(context.Background())
	sessions := photographer.NewSessions(db, access.NewSigner("test-secret"), &photographer.Tokens{DB: db}, nil, 0)
	svc := passkey.New(db, sessions, origin, "")
	if err := svc.Available(); err != nil {
		t.Fatal(err)
	}
	pg := db.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(sys)
	opened, err := sessions.Open(sys, pg.ID, photographer.MethodCode, "", "test")
	if err != nil {
		t.Fatal(err)
	}
	ctx, _ := request(&viewer.Viewer{PhotographerID: pg.ID}, false)
	ctx = photographer.WithSession(ctx, opened.Session.ID)
	opts, err := svc.BeginRegistration(ctx)
	if err != nil {
		t.Fatal(err)
	}
	key := passkeytest.NewKey(t)
	if _, err := svc.FinishRegistration(ctx, "MacBook", []byte(key.Create(passkeytest.ParseOptions(t, opts), origin))); err != nil {
		t.Fatalf("registration: %v", err)
	}
	return svc, db, pg, key
}

// beginLogin begins a sign-in in a browser and returns the options and
// the passkey_login cookie set on its answer.
func beginLogin(t *testing.T, svc *passkey.Service, secure bool) (passkeytest.Options, *http.Cookie) {
	t.Helper()
	ctx, rec := request(nil, secure)
	opts, err := svc.BeginLogin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := setCookie(rec, passkey.LoginCookie)
	if c == nil {
		t.Fatalf("no %s cookie: %q", passkey.LoginCookie, rec.Header().Values("Set-Cookie"))
	}
	return passkeytest.ParseOptions(t, opts), c
}

// finishLogin finishes a sign-in with the browser's cookie value ("" for
// none) and checks that the answer clears the cookie.
func finishLogin(t *testing.T, svc *passkey.Service, response, browser string) (photographer.Opened, error) {
	t.Helper()
	ctx, rec := request(nil, false)
	opened, err := svc.FinishLogin(ctx, []byte(response), browser, "test")
	if browser != "" {
		if c := setCookie(rec, passkey.LoginCookie); c == nil || c.MaxAge >= 0 || c.Value != "" || c.Path != passkey.LoginCookiePath {
			t.Fatalf("the cookie is not cleared: %+v", c)
		}
	}
	return opened, err
}

// TestLoginIsBoundToItsBrowser: a sign-in's challenge is finished only
// with the passkey_login cookie its begin set (kept as a hash only);
// without it, or with another browser's, it is refused and used up.
func TestLoginIsBoundToItsBrowser(t *testing.T) {
	svc, db, pg, key := registered(t)
	sys := viewer.SystemContext(context.Background())
	left := func() int { return db.PasskeyChallenge.Query().CountX(sys) }

	// The cookie: random, HttpOnly, SameSite=Strict, /graphql only, as
	// long as the challenge; Secure when the site is served over https.
	_, c := beginLogin(t, svc, false)
	if len(c.Value) < 32 || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Secure ||
		c.Path != "/graphql" || c.MaxAge != int(passkey.ChallengeTTL.Seconds()) {
		t.Fatalf("cookie %+v", c)
	}
	row := db.PasskeyChallenge.Query().OnlyX(sys)
	sum := sha256.Sum256([]byte(c.Value))
	if row.BrowserHash != hex.EncodeToString(sum[:]) || strings.Contains(string(row.Data), c.Value) {
		t.Fatalf("the challenge keeps %q, not the cookie's hash only", row.BrowserHash)
	}
	if _, sc := beginLogin(t, svc, true); !sc.Secure || sc.Value == c.Value {
		t.Fatalf("over https: %+v", sc)
	}
	db.PasskeyChallenge.Delete().ExecX(sys)

	// The right cookie signs in.
	o, c := beginLogin(t, svc, false)
	opened, err := finishLogin(t, svc, key.Next(o, origin), c.Value)
	if err != nil || opened.Session == nil || opened.Session.PhotographerID != pg.ID || opened.Value == "" {
		t.Fatalf("sign-in with its cookie: %+v %v", opened, err)
	}

	// Without the cookie: refused, and the challenge is used up.
	o, c = beginLogin(t, svc, false)
	signed := key.Next(o, origin)
	if _, err := finishLogin(t, svc, signed, ""); !errors.Is(err, passkey.ErrChallengeEnded) {
		t.Fatalf("without the cookie: %v", err)
	}
	if n := left(); n != 0 {
		t.Fatalf("%d challenges left after a refused attempt", n)
	}
	if _, err := finishLogin(t, svc, signed, c.Value); !errors.Is(err, passkey.ErrChallengeEnded) {
		t.Fatalf("after a refused attempt: %v", err)
	}

	// With another browser's cookie (one that began a sign-in of its own).
	o, _ = beginLogin(t, svc, false)
	_, other := beginLogin(t, svc, false)
	if _, err := finishLogin(t, svc, key.Next(o, origin), other.Value); !errors.Is(err, passkey.ErrChallengeEnded) {
		t.Fatalf("with another browser's cookie: %v", err)
	}
	// With a made-up one.
	o, _ = beginLogin(t, svc, false)
	if _, err := finishLogin(t, svc, key.Next(o, origin), strings.Repeat("a", 32)); !errors.Is(err, passkey.ErrChallengeEnded) {
		t.Fatalf("with a made-up cookie: %v", err)
	}
	if n := left(); n != 1 { // the other browser's, never finished
		t.Fatalf("%d challenges left", n)
	}

	// Without an HTTP answer to set the cookie on, no sign-in begins.
	if _, err := svc.BeginLogin(viewer.NewContext(context.Background(), &viewer.Viewer{})); err == nil {
		t.Fatal("a sign-in began without its cookie")
	}
	if n := left(); n != 1 {
		t.Fatalf("%d challenges left after a begin that failed", n)
	}
}
