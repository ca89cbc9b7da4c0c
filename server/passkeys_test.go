package server_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"

	"github.com/studio/gallery/internal/viewer"
)

// The passkey tests run against PUBLIC_URL http://studio.test: the relying
// party ID is studio.test and http://studio.test the only origin.
const (
	passkeyRPID   = "studio.test"
	passkeyOrigin = "http://studio.test"
)

var b64 = base64.RawURLEncoding

// softKey is a software authenticator's passkey: a P-256 key pair, its
// credential id, the user handle it was made for and its signature counter.
type softKey struct {
	t       *testing.T
	key     *ecdsa.PrivateKey
	id      []byte
	user    []byte
	counter uint32
}

func newSoftKey(t *testing.T) *softKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	return &softKey{t: t, key: k, id: id}
}

// options is the publicKey part of a begin call's optionsJSON.
type passkeyOptions struct {
	PublicKey struct {
		Challenge string `json:"challenge"`
		RPID      string `json:"rpId"`
		RP        struct {
			ID string `json:"id"`
		} `json:"rp"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
		AuthenticatorSelection struct {
			ResidentKey string `json:"residentKey"`
		} `json:"authenticatorSelection"`
	} `json:"publicKey"`
}

func parseOptions(t testing.TB, s *string) passkeyOptions {
	t.Helper()
	if s == nil {
		t.Fatal("no optionsJSON")
	}
	var o passkeyOptions
	if err := json.Unmarshal([]byte(*s), &o); err != nil {
		t.Fatalf("optionsJSON %s: %v", *s, err)
	}
	return o
}

func clientData(typ, challenge, origin string) []byte {
	b, _ := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": origin, "crossOrigin": false})
	return b
}

func authData(rpID string, flags byte, counter uint32, attested []byte) []byte {
	h := sha256.Sum256([]byte(rpID))
	out := append([]byte{}, h[:]...)
	out = append(out, flags)
	out = binary.BigEndian.AppendUint32(out, counter)
	return append(out, attested...)
}

// create answers creation options as navigator.credentials.create would,
// from origin: a "none" attestation of the key's public half.
func (k *softKey) create(o passkeyOptions, origin string) string {
	k.t.Helper()
	user, err := b64.DecodeString(o.PublicKey.User.ID)
	if err != nil {
		k.t.Fatal(err)
	}
	k.user = user
	pub, err := k.key.PublicKey.Bytes() // 0x04 || X || Y
	if err != nil {
		k.t.Fatal(err)
	}
	cose, err := webauthncbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: pub[1:33], -3: pub[33:65]})
	if err != nil {
		k.t.Fatal(err)
	}
	attested := make([]byte, 16) // AAGUID: none
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(k.id)))
	attested = append(attested, k.id...)
	attested = append(attested, cose...)
	// User present, user verified, attested credential data.
	ad := authData(o.PublicKey.RP.ID, 0x01|0x04|0x40, 0, attested)
	att, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": ad})
	if err != nil {
		k.t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{
		"id": b64.EncodeToString(k.id), "rawId": b64.EncodeToString(k.id), "type": "public-key",
		"authenticatorAttachment": "platform", "clientExtensionResults": map[string]any{},
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(clientData("webauthn.create", o.PublicKey.Challenge, origin)),
			"attestationObject": b64.EncodeToString(att),
			"transports":        []string{"internal"},
		},
	})
	return string(b)
}

// get answers request options as navigator.credentials.get would, from
// origin, with the given counter and user handle.
func (k *softKey) get(o passkeyOptions, origin string, counter uint32, userHandle []byte) string {
	k.t.Helper()
	ad := authData(o.PublicKey.RPID, 0x01|0x04, counter, nil)
	cd := clientData("webauthn.get", o.PublicKey.Challenge, origin)
	cdh := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, ad...), cdh[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, k.key, digest[:])
	if err != nil {
		k.t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{
		"id": b64.EncodeToString(k.id), "rawId": b64.EncodeToString(k.id), "type": "public-key",
		"authenticatorAttachment": "platform", "clientExtensionResults": map[string]any{},
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(cd),
			"authenticatorData": b64.EncodeToString(ad),
			"signature":         b64.EncodeToString(sig),
			"userHandle":        b64.EncodeToString(userHandle),
		},
	})
	return string(b)
}

// next signs in with the next counter value.
func (k *softKey) next(o passkeyOptions, origin string) string {
	k.counter++
	return k.get(o, origin, k.counter, k.user)
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

func (e *env) beginSignIn() passkeyOptions {
	e.t.Helper()
	var out struct {
		BeginPasskeySignIn struct {
			OptionsJSON *string
			UserErrors  userErrs
		}
	}
	r := e.graphql(`mutation { beginPasskeySignIn { optionsJSON userErrors { code message } } }`, nil, &out)
	if len(r.Errors) > 0 || len(out.BeginPasskeySignIn.UserErrors) > 0 {
		e.t.Fatalf("beginPasskeySignIn: %+v %+v", r.Errors, out)
	}
	return parseOptions(e.t, out.BeginPasskeySignIn.OptionsJSON)
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
	resp := key.create(o, passkeyOrigin)
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
	if _, code := laptop.finishRegistration("Pirate", other.create(o, "http://evil.test")); code != "invalid_passkey_response" {
		t.Fatalf("wrong origin registration: %q", code)
	}
	if _, code := laptop.finishRegistration("Pirate", other.create(o, passkeyOrigin)); code != "passkey_challenge_ended" {
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
	signed := key.next(o, passkeyOrigin)
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
	stranger := laptop.another()
	// The same assertion again.
	if _, code := stranger.finishSignIn(signed); code != "passkey_challenge_ended" || stranger.signedInAs() != "" {
		t.Fatalf("replayed sign-in: %q", code)
	}
	// Signed for another origin.
	if _, code := stranger.finishSignIn(key.next(stranger.beginSignIn(), "http://evil.test")); code != "invalid_passkey_response" {
		t.Fatalf("wrong origin sign-in: %q", code)
	}
	// A passkey nobody registered.
	nobody := newSoftKey(t)
	nobody.user = key.user
	if _, code := stranger.finishSignIn(nobody.next(stranger.beginSignIn(), passkeyOrigin)); code != "unknown_passkey" {
		t.Fatalf("unknown passkey: %q", code)
	}
	// A counter that went back: a cloned authenticator.
	if _, code := stranger.finishSignIn(key.get(stranger.beginSignIn(), passkeyOrigin, 1, key.user)); code != "passkey_cloned" {
		t.Fatalf("counter back: %q", code)
	}
	if stranger.signedInAs() != "" {
		t.Fatal("a refused sign-in signed in")
	}

	// The other photographer registers a passkey of their own.
	autre := laptop.another()
	autre.studioSignIn(smtp, "autre@example.com", 2)
	theirs := newSoftKey(t)
	theirID, code := autre.finishRegistration("Leur clé", theirs.create(autre.beginRegistration(), passkeyOrigin))
	if theirID == "" {
		t.Fatalf("other registration: %s", code)
	}
	// Their passkey presented with this photographer's user handle, even
	// correctly signed, does not sign in as this photographer.
	if _, code := stranger.finishSignIn(theirs.get(stranger.beginSignIn(), passkeyOrigin, 1, key.user)); code != "unknown_passkey" || stranger.signedInAs() != "" {
		t.Fatalf("other photographer's passkey as this one: %q", code)
	}
	// A registration begun by one photographer cannot be finished by another.
	o = laptop.beginRegistration()
	if _, code := autre.finishRegistration("Volée", newSoftKey(t).create(o, passkeyOrigin)); code != "passkey_challenge_ended" {
		t.Fatalf("registration finished by another photographer: %q", code)
	}
	// Nor can one delete the other's passkey.
	r = autre.graphql(`mutation($in: DeletePasskeyInput!) { deletePasskey(input: $in) { deletedPasskeyId } }`,
		map[string]any{"in": map[string]any{"passkeyId": id}}, nil)
	if errorCode(r) != "not_found" {
		t.Fatalf("deleting another's passkey: %+v", r)
	}
	// Their passkey signs them in, as themselves.
	if email, code := stranger.finishSignIn(theirs.get(stranger.beginSignIn(), passkeyOrigin, 2, theirs.user)); email != "autre@example.com" {
		t.Fatalf("other photographer's sign-in: %q %q", email, code)
	}

	// A challenge past its 5 minutes is refused; used ones are gone.
	o = stranger.beginSignIn()
	laptop.db.Client.PasskeyChallenge.Update().SetExpiresAt(time.Now().Add(-time.Second)).ExecX(sys)
	if _, code := stranger.finishSignIn(theirs.get(o, passkeyOrigin, 3, theirs.user)); code != "passkey_challenge_ended" {
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
	if _, code := late.finishSignIn(key.next(late.beginSignIn(), passkeyOrigin)); code != "unknown_passkey" {
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
