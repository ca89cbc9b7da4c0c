package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/internal/passkey"
	"github.com/studio/gallery/internal/passkey/passkeytest"
	"github.com/studio/gallery/internal/viewer"
)

// The passkey tests run against PUBLIC_URL http://studio.test: the relying
// party ID is studio.test and http://studio.test the only origin.
const (
	passkeyRPID   = "studio.test"
	passkeyOrigin = "http://studio.test"
)

type passkeyOptions = passkeytest.Options

var newSoftKey = passkeytest.NewKey

func parseOptions(t testing.TB, s *string) passkeyOptions {
	t.Helper()
	if s == nil {
		t.Fatal("no optionsJSON")
	}
	return passkeytest.ParseOptions(t, []byte(*s))
}

type userErrs []struct{ Code, Message string }

func (u userErrs) code() string {
	if len(u) == 0 {
		return ""
	}
	return u[0].Code
}

func (e *env) beginRegistration() passkeyOptions {
	e.t.Helper()
	var out struct {
		BeginPasskeyRegistration struct {
			OptionsJSON *string
			UserErrors  userErrs
		}
	}
	r := e.graphql(`mutation { beginPasskeyRegistration { optionsJSON userErrors { code message } } }`, nil, &out)
	if len(r.Errors) > 0 || len(out.BeginPasskeyRegistration.UserErrors) > 0 {
		e.t.Fatalf("beginPasskeyRegistration: %+v %+v", r.Errors, out)
	}
	return parseOptions(e.t, out.BeginPasskeyRegistration.OptionsJSON)
}

func (e *env) finishRegistration(name, response string) (id string, code string) {
	e.t.Helper()
	var out struct {
		FinishPasskeyRegistration struct {
			Passkey    *struct{ ID, Name string }
			UserErrors userErrs
		}
	}
	r := e.graphql(`mutation($in: FinishPasskeyRegistrationInput!) { finishPasskeyRegistration(input: $in) { passkey { id name } userErrors { code message } } }`,
		map[string]any{"in": map[string]any{"name": name, "responseJSON": response}}, &out)
	if len(r.Errors) > 0 {
		e.t.Fatalf("finishPasskeyRegistration: %+v", r.Errors)
	}
	p := out.FinishPasskeyRegistration
	if p.Passkey != nil {
		if p.Passkey.Name != name || !strings.HasPrefix(p.Passkey.ID, "pky_") {
			e.t.Fatalf("passkey %+v", p.Passkey)
		}
		return p.Passkey.ID, ""
	}
	return "", p.UserErrors.code()
}

// beginSignIn begins a sign-in in this browser, which gets a fresh
// passkey_login cookie: HttpOnly, SameSite=Strict, for /graphql only and
// the challenge's 5 minutes (not Secure: PUBLIC_URL is http here).
func (e *env) beginSignIn() passkeyOptions {
	e.t.Helper()
	before := e.loginCookie()
	var out struct {
		BeginPasskeySignIn struct {
			OptionsJSON *string
			UserErrors  userErrs
		}
	}
	res, body := e.do("POST", "/graphql", map[string]any{"query": `mutation { beginPasskeySignIn { optionsJSON userErrors { code message } } }`}, nil)
	var r gqlResponse
	if err := json.Unmarshal(body, &r); err != nil || r.Data == nil || json.Unmarshal(r.Data, &out) != nil {
		e.t.Fatalf("beginPasskeySignIn: %d %s", res.StatusCode, body)
	}
	if len(r.Errors) > 0 || len(out.BeginPasskeySignIn.UserErrors) > 0 {
		e.t.Fatalf("beginPasskeySignIn: %+v %+v", r.Errors, out)
	}
	var set *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == passkey.LoginCookie {
			set = c
		}
	}
	if set == nil || len(set.Value) < 32 || !set.HttpOnly || set.SameSite != http.SameSiteStrictMode || set.Secure ||
		set.Path != "/graphql" || set.MaxAge != int(passkey.ChallengeTTL/time.Second) {
		e.t.Fatalf("passkey_login cookie: %+v (%q)", set, res.Header.Values("Set-Cookie"))
	}
	if c := e.loginCookie(); c == nil || c.Value != set.Value || (before != nil && before.Value == set.Value) {
		e.t.Fatalf("passkey_login: %v, was %v", c, before)
	}
	return parseOptions(e.t, out.BeginPasskeySignIn.OptionsJSON)
}

// loginCookie is this browser's passkey_login cookie, as it would send it
// to /graphql, or nil.
func (e *env) loginCookie() *http.Cookie {
	for _, c := range e.web.Jar.Cookies(mustURL(e.srv.URL + "/graphql")) {
		if c.Name == passkey.LoginCookie {
			return c
		}
	}
	return nil
}

// dropLoginCookie forgets this browser's passkey_login cookie.
func (e *env) dropLoginCookie() {
	e.web.Jar.SetCookies(mustURL(e.srv.URL+"/graphql"), []*http.Cookie{{Name: passkey.LoginCookie, Path: "/graphql", MaxAge: -1}})
}

// finishSignIn answers the e-mail signed in, or the userError's code.
func (e *env) finishSignIn(response string) (email, code string) {
	e.t.Helper()
	var out struct {
		FinishPasskeySignIn struct {
			Photographer *struct{ Email string }
			UserErrors   userErrs
		}
	}
	r := e.graphql(`mutation($in: FinishPasskeySignInInput!) { finishPasskeySignIn(input: $in) { photographer { email } userErrors { code message } } }`,
		map[string]any{"in": map[string]any{"responseJSON": response}}, &out)
	if len(r.Errors) > 0 {
		e.t.Fatalf("finishPasskeySignIn: %+v", r.Errors)
	}
	if c := e.loginCookie(); c != nil {
		e.t.Fatalf("passkey_login not cleared by finishPasskeySignIn: %v", c)
	}
	p := out.FinishPasskeySignIn
	if p.Photographer != nil {
		return p.Photographer.Email, ""
	}
	if len(p.UserErrors) > 0 && p.UserErrors[0].Message == "" {
		e.t.Fatalf("userError without a message: %+v", p)
	}
	return "", p.UserErrors.code()
}

// TestPasskeys: a photographer signed in by code registers a passkey (a
// software authenticator: P-256, "none" attestation) and signs in with it
// from another browser; replays, other origins, counters going back and
// another photographer's passkey get nowhere.
func TestPasskeys(t *testing.T) {
	laptop, smtp := newAccessEnvConfig(t, map[string]string{"PUBLIC_URL": passkeyOrigin})
	sys := viewer.SystemContext(context.Background())
	laptop.db.Client.Photographer.Create().SetName("Autre studio").SetEmail("autre@example.com").ExecX(sys)

	// Anonymous: no registration.
	r := laptop.graphql(`mutation { beginPasskeyRegistration { optionsJSON } }`, nil, nil)
	if errorCode(r) != "unauthorized" {
		t.Fatalf("anonymous registration: %+v", r)
	}
	laptop.studioSignIn(smtp, "studio@example.com", 1)

	o := laptop.beginRegistration()
	if o.PublicKey.RP.ID != passkeyRPID || o.PublicKey.AuthenticatorSelection.ResidentKey != "required" || o.PublicKey.Challenge == "" {
		t.Fatalf("creation options: %+v", o)
	}
	key := newSoftKey(t)
	resp := key.Create(o, passkeyOrigin)
	if _, code := laptop.finishRegistration("", resp); code != "required" {
		t.Fatalf("no name: %q", code)
	}
	id, code := laptop.finishRegistration("MacBook", resp)
	if id == "" {
		t.Fatalf("registration: %s", code)
	}
	// The same answer again: its challenge is used up.
	if _, code := laptop.finishRegistration("MacBook bis", resp); code != "passkey_challenge_ended" {
		t.Fatalf("replayed registration: %q", code)
	}
	// From another origin: refused, and that challenge is gone too.
	o = laptop.beginRegistration()
	other := newSoftKey(t)
	if _, code := laptop.finishRegistration("Pirate", other.Create(o, "http://evil.test")); code != "invalid_passkey_response" {
		t.Fatalf("wrong origin registration: %q", code)
	}
	if _, code := laptop.finishRegistration("Pirate", other.Create(o, passkeyOrigin)); code != "passkey_challenge_ended" {
		t.Fatalf("challenge after a failed try: %q", code)
	}
	var list struct {
		StudioPasskeys []struct {
			ID, Name   string
			LastUsedAt *string
		}
	}
	laptop.graphql(`{ studioPasskeys { id name createdAt lastUsedAt } }`, nil, &list)
	if len(list.StudioPasskeys) != 1 || list.StudioPasskeys[0].ID != id || list.StudioPasskeys[0].LastUsedAt != nil {
		t.Fatalf("passkeys: %+v", list)
	}

	// Another browser signs in with the passkey: the same session cookie.
	phone := laptop.another()
	o = phone.beginSignIn()
	if o.PublicKey.RPID != passkeyRPID {
		t.Fatalf("request options: %+v", o)
	}
	signed := key.Next(o, passkeyOrigin)
	if email, code := phone.finishSignIn(signed); email != "studio@example.com" {
		t.Fatalf("passkey sign-in: %q %q", email, code)
	}
	if phone.cookie("photographer_session") == nil || phone.signedInAs() != "studio@example.com" {
		t.Fatal("no session after the passkey sign-in")
	}
	laptop.graphql(`{ studioPasskeys { id name createdAt lastUsedAt } }`, nil, &list)
	if list.StudioPasskeys[0].LastUsedAt == nil {
		t.Fatal("lastUsedAt not set")
	}

	// A sign-in is finished only by the browser that began it (its
	// passkey_login cookie), and its challenge is used up by any attempt.
	tablet, kiosk := laptop.another(), laptop.another()
	o = tablet.beginSignIn()
	ko := kiosk.beginSignIn() // a cookie of its own, not the tablet's
	if _, code := kiosk.finishSignIn(key.Next(o, passkeyOrigin)); code != "passkey_challenge_ended" || kiosk.signedInAs() != "" {
		t.Fatalf("sign-in begun in another browser: %q", code)
	}
	// That attempt cleared the kiosk's cookie: its own sign-in is over too.
	if _, code := kiosk.finishSignIn(key.Next(ko, passkeyOrigin)); code != "passkey_challenge_ended" || kiosk.signedInAs() != "" {
		t.Fatalf("sign-in after the cookie was cleared: %q", code)
	}
	if _, code := tablet.finishSignIn(key.Next(o, passkeyOrigin)); code != "passkey_challenge_ended" || tablet.signedInAs() != "" {
		t.Fatalf("a challenge tried from another browser still signs in: %q", code)
	}
	o = tablet.beginSignIn()
	tablet.dropLoginCookie()
	if _, code := tablet.finishSignIn(key.Next(o, passkeyOrigin)); code != "passkey_challenge_ended" || tablet.signedInAs() != "" {
		t.Fatalf("sign-in without its cookie: %q", code)
	}
	// Only the browser's latest sign-in counts: a new one replaces the cookie.
	first := tablet.beginSignIn()
	o = tablet.beginSignIn()
	if _, code := tablet.finishSignIn(key.Next(first, passkeyOrigin)); code != "passkey_challenge_ended" {
		t.Fatalf("an earlier sign-in of the same browser: %q", code)
	}
	if _, code := tablet.finishSignIn(key.Next(o, passkeyOrigin)); code != "passkey_challenge_ended" {
		t.Fatalf("sign-in after a failed one cleared the cookie: %q", code)
	}
	o = tablet.beginSignIn()
	if email, code := tablet.finishSignIn(key.Next(o, passkeyOrigin)); email != "studio@example.com" || tablet.signedInAs() != email {
		t.Fatalf("sign-in with its cookie: %q %q", email, code)
	}
	stranger := laptop.another()
	// The same assertion again.
	if _, code := stranger.finishSignIn(signed); code != "passkey_challenge_ended" || stranger.signedInAs() != "" {
		t.Fatalf("replayed sign-in: %q", code)
	}
	// Signed for another origin.
	if _, code := stranger.finishSignIn(key.Next(stranger.beginSignIn(), "http://evil.test")); code != "invalid_passkey_response" {
		t.Fatalf("wrong origin sign-in: %q", code)
	}
	// A passkey nobody registered.
	nobody := newSoftKey(t)
	nobody.User = key.User
	if _, code := stranger.finishSignIn(nobody.Next(stranger.beginSignIn(), passkeyOrigin)); code != "unknown_passkey" {
		t.Fatalf("unknown passkey: %q", code)
	}
	// A counter that went back: a cloned authenticator.
	if _, code := stranger.finishSignIn(key.Get(stranger.beginSignIn(), passkeyOrigin, 1, key.User)); code != "passkey_cloned" {
		t.Fatalf("counter back: %q", code)
	}
	if stranger.signedInAs() != "" {
		t.Fatal("a refused sign-in signed in")
	}

	// The other photographer registers a passkey of their own.
	autre := laptop.another()
	autre.studioSignIn(smtp, "autre@example.com", 2)
	theirs := newSoftKey(t)
	theirID, code := autre.finishRegistration("Leur clé", theirs.Create(autre.beginRegistration(), passkeyOrigin))
	if theirID == "" {
		t.Fatalf("other registration: %s", code)
	}
	// Their passkey presented with this photographer's user handle, even
	// correctly signed, does not sign in as this photographer.
	if _, code := stranger.finishSignIn(theirs.Get(stranger.beginSignIn(), passkeyOrigin, 1, key.User)); code != "unknown_passkey" || stranger.signedInAs() != "" {
		t.Fatalf("other photographer's passkey as this one: %q", code)
	}
	// A registration begun by one photographer cannot be finished by another.
	o = laptop.beginRegistration()
	if _, code := autre.finishRegistration("Volée", newSoftKey(t).Create(o, passkeyOrigin)); code != "passkey_challenge_ended" {
		t.Fatalf("registration finished by another photographer: %q", code)
	}
	// Nor can one delete the other's passkey.
	r = autre.graphql(`mutation($in: DeletePasskeyInput!) { deletePasskey(input: $in) { deletedPasskeyId } }`,
		map[string]any{"in": map[string]any{"passkeyId": id}}, nil)
	if errorCode(r) != "not_found" {
		t.Fatalf("deleting another's passkey: %+v", r)
	}
	// Their passkey signs them in, as themselves.
	if email, code := stranger.finishSignIn(theirs.Get(stranger.beginSignIn(), passkeyOrigin, 2, theirs.User)); email != "autre@example.com" {
		t.Fatalf("other photographer's sign-in: %q %q", email, code)
	}

	// A challenge past its 5 minutes is refused; used ones are gone.
	o = stranger.beginSignIn()
	laptop.db.Client.PasskeyChallenge.Update().SetExpiresAt(time.Now().Add(-time.Second)).ExecX(sys)
	if _, code := stranger.finishSignIn(theirs.Get(o, passkeyOrigin, 3, theirs.User)); code != "passkey_challenge_ended" {
		t.Fatalf("expired challenge: %q", code)
	}
	if n := laptop.db.Client.PasskeyChallenge.Query().CountX(sys); n != 0 {
		t.Fatalf("%d challenges left after their use", n)
	}

	// Removed, the passkey no longer signs in.
	r = laptop.graphql(`mutation($in: DeletePasskeyInput!) { deletePasskey(input: $in) { deletedPasskeyId } }`,
		map[string]any{"in": map[string]any{"passkeyId": id}}, nil)
	if len(r.Errors) > 0 {
		t.Fatalf("delete: %+v", r.Errors)
	}
	late := laptop.another()
	if _, code := late.finishSignIn(key.Next(late.beginSignIn(), passkeyOrigin)); code != "unknown_passkey" {
		t.Fatalf("removed passkey: %q", code)
	}
}

// TestPasskeysNeedAHostName: with an IP address as PUBLIC_URL (no relying
// party ID possible) the ceremonies answer passkeys_unavailable.
func TestPasskeysNeedAHostName(t *testing.T) {
	e, _ := newAccessEnvConfig(t, map[string]string{"PUBLIC_URL": "http://127.0.0.1:8080"})
	var out struct {
		BeginPasskeySignIn struct {
			OptionsJSON *string
			UserErrors  userErrs
		}
	}
	e.graphql(`mutation { beginPasskeySignIn { optionsJSON userErrors { code message } } }`, nil, &out)
	if out.BeginPasskeySignIn.OptionsJSON != nil || out.BeginPasskeySignIn.UserErrors.code() != "passkeys_unavailable" {
		t.Fatalf("%+v", out)
	}
}

// TestStudioAPITokens: the signed-in photographer lists, creates and
// revokes API tokens; the token is shown once and works as a bearer token
// until revoked; another photographer's token cannot be revoked.
func TestStudioAPITokens(t *testing.T) {
	e, smtp := newAccessEnv(t)
	r := e.graphql(`{ studioApiTokens { id } }`, nil, nil)
	if errorCode(r) != "unauthorized" {
		t.Fatalf("anonymous: %+v", r)
	}
	e.studioSignIn(smtp, "studio@example.com", 1)
	var created struct {
		CreateAPIToken struct {
			APIToken   *struct{ ID, Name, Prefix string }
			Token      *string
			UserErrors userErrs
		}
	}
	const create = `mutation($in: CreateApiTokenInput!) { createApiToken(input: $in) { apiToken { id name prefix } token userErrors { code message } } }`
	e.graphql(create, map[string]any{"in": map[string]any{"name": " "}}, &created)
	if created.CreateAPIToken.UserErrors.code() != "required" || created.CreateAPIToken.Token != nil {
		t.Fatalf("no name: %+v", created)
	}
	e.graphql(create, map[string]any{"in": map[string]any{"name": "Lightroom"}}, &created)
	c := created.CreateAPIToken
	if c.Token == nil || c.APIToken == nil || c.APIToken.Name != "Lightroom" || len(c.APIToken.Prefix) != 12 || !strings.HasPrefix(*c.Token, c.APIToken.Prefix) {
		t.Fatalf("created: %+v", c)
	}
	token, tokenID := *c.Token, c.APIToken.ID
	cliToken, _ := e.token() // the CLI's way, same table
	var list struct {
		StudioApiTokens []struct {
			ID, Name, Prefix string
			Token            *string
			RevokedAt        *string
		}
	}
	e.graphql(`{ studioApiTokens { id name prefix revokedAt lastUsedAt createdAt } }`, nil, &list)
	if len(list.StudioApiTokens) != 2 {
		t.Fatalf("tokens: %+v", list)
	}
	var me struct{ ViewerPhotographer *struct{ Email string } }
	other := e.another()
	other.graphqlWith(bearer(token), `{ viewerPhotographer { email } }`, nil, &me)
	if me.ViewerPhotographer == nil || me.ViewerPhotographer.Email != "studio@example.com" {
		t.Fatalf("bearer token: %+v", me)
	}
	// Another photographer cannot revoke it.
	sys := viewer.SystemContext(context.Background())
	e.db.Client.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").ExecX(sys)
	autre := e.another()
	autre.studioSignIn(smtp, "autre@example.com", 2)
	r = autre.graphql(`mutation($in: RevokeApiTokenInput!) { revokeApiToken(input: $in) { apiToken { revokedAt } } }`,
		map[string]any{"in": map[string]any{"tokenId": tokenID}}, nil)
	if errorCode(r) != "not_found" {
		t.Fatalf("revoked by another: %+v", r)
	}
	var revoked struct {
		RevokeAPIToken struct{ APIToken struct{ RevokedAt *string } }
	}
	r = e.graphql(`mutation($in: RevokeApiTokenInput!) { revokeApiToken(input: $in) { apiToken { revokedAt } } }`,
		map[string]any{"in": map[string]any{"tokenId": tokenID}}, &revoked)
	if len(r.Errors) > 0 || revoked.RevokeAPIToken.APIToken.RevokedAt == nil {
		t.Fatalf("revoke: %+v %+v", r.Errors, revoked)
	}
	res, body := other.do("POST", "/graphql", map[string]any{"query": `{ viewerPhotographer { email } }`}, bearer(token))
	if res.StatusCode != 401 || !strings.Contains(string(body), `"code":"revoked_token"`) {
		t.Fatalf("revoked token used: %d %s", res.StatusCode, body)
	}
	if r := other.graphqlWith(bearer(cliToken), `{ viewerPhotographer { email } }`, nil, &me); len(r.Errors) > 0 {
		t.Fatalf("the CLI's token: %+v", r.Errors)
	}
}
