package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Passkey is a WebAuthn credential a photographer registered from the
// studio (internal/passkey): signing in with it opens a studio session.
type Passkey struct{ ent.Schema }

// Mixin of the Passkey.
func (Passkey) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pky"}, TimeMixin{}}
}

// Fields of the Passkey.
func (Passkey) Fields() []ent.Field {
	return []ent.Field{
		// Name is what the photographer called it (« MacBook », « Téléphone »).
		field.String("name").NotEmpty().MaxLen(100),
		// CredentialID is the credential's id, base64url without padding.
		field.String("credential_id").NotEmpty().MaxLen(1400).Unique().Immutable(),
		// Credential is go-webauthn's credential record as JSON: the public
		// key, the sign counter, the flags, the transports.
		field.Bytes("credential").Sensitive().Annotations(entgql.Skip()),
		field.Time("last_used_at").Optional().Nillable(),
		field.String("photographer_id").Immutable(),
	}
}

// Edges of the Passkey.
func (Passkey) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("photographer", Photographer.Type).Ref("passkeys").Field("photographer_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Passkey.
func (Passkey) Indexes() []ent.Index {
	return []ent.Index{index.Fields("photographer_id")}
}

// PasskeyChallenge is a WebAuthn ceremony begun and not finished: its
// challenge and go-webauthn's session data, kept server side. Finishing
// the ceremony deletes it (a challenge is used once); it lasts minutes.
type PasskeyChallenge struct{ ent.Schema }

// Mixin of the PasskeyChallenge.
func (PasskeyChallenge) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pkc"}, TimeMixin{}}
}

// Fields of the PasskeyChallenge.
func (PasskeyChallenge) Fields() []ent.Field {
	return []ent.Field{
		// Challenge is the random challenge, base64url as the browser's
		// clientDataJSON carries it back.
		field.String("challenge").NotEmpty().MaxLen(200).Unique().Immutable(),
		// Kind: registering a passkey, or signing in with one.
		field.Enum("kind").Values("registration", "login").Immutable(),
		// PhotographerID and SessionID bind a registration to the signed-in
		// photographer and the session that began it; empty for a sign-in.
		field.String("photographer_id").Default("").Immutable(),
		field.String("session_id").Default("").Immutable(),
		// BrowserHash binds a sign-in to the browser that began it: the
		// SHA-256 (hex) of the random passkey_login cookie BeginLogin set
		// there (the cookie's value is never kept); empty for a
		// registration.
		field.String("browser_hash").Default("").MaxLen(64).Sensitive().Immutable(),
		// Data is go-webauthn's SessionData as JSON.
		field.Bytes("data").Immutable(),
		field.Time("expires_at"),
	}
}

// Indexes of the PasskeyChallenge.
func (PasskeyChallenge) Indexes() []ent.Index {
	return []ent.Index{index.Fields("expires_at")}
}
