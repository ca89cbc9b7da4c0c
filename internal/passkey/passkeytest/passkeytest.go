// Package passkeytest is a software authenticator for tests: it answers a
// passkey ceremony's options as navigator.credentials.create and .get
// would (a P-256 key, "none" attestation), so that the tests of
// internal/passkey and of the server run the ceremonies by hand.
package passkeytest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
)

var b64 = base64.RawURLEncoding

// Key is a software authenticator's passkey: a P-256 key pair, its
// credential id, the user handle it was made for and its signature counter.
type Key struct {
	t       testing.TB
	key     *ecdsa.PrivateKey
	id      []byte
	User    []byte
	Counter uint32
}

// NewKey makes a passkey not yet registered.
func NewKey(t testing.TB) *Key {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	return &Key{t: t, key: k, id: id}
}

// Options is the publicKey part of a begin call's options JSON.
type Options struct {
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

// ParseOptions reads a begin call's options JSON.
func ParseOptions(t testing.TB, s []byte) Options {
	t.Helper()
	var o Options
	if err := json.Unmarshal(s, &o); err != nil {
		t.Fatalf("options JSON %s: %v", s, err)
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

// Create answers creation options as navigator.credentials.create would,
// from origin: a "none" attestation of the key's public half.
func (k *Key) Create(o Options, origin string) string {
	k.t.Helper()
	user, err := b64.DecodeString(o.PublicKey.User.ID)
	if err != nil {
		k.t.Fatal(err)
	}
	k.User = user
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

// Get answers request options as navigator.credentials.get would, from
// origin, with the given counter and user handle.
func (k *Key) Get(o Options, origin string, counter uint32, userHandle []byte) string {
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

// Next signs in with the next counter value and the key's own user handle.
func (k *Key) Next(o Options, origin string) string {
	k.Counter++
	return k.Get(o, origin, k.Counter, k.User)
}
