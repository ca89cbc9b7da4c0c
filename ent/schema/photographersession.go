package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// PhotographerSession is one signed-in browser of a photographer: the
// signed photographer_session cookie names it, so that a session can be
// ended (signing out, « se déconnecter partout ») before its cookie
// expires (internal/photographer.Sessions).
type PhotographerSession struct{ ent.Schema }

// Mixin of the PhotographerSession.
func (PhotographerSession) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pss"}, TimeMixin{}}
}

// Fields of the PhotographerSession.
func (PhotographerSession) Fields() []ent.Field {
	return []ent.Field{
		// Method is how the session was opened: an e-mailed code, a
		// passkey, or an API token on /playground?token=.
		field.Enum("method").Values("code", "passkey", "token"),
		// TokenID is the API token a "token" session was opened with:
		// revoking the token ends the session too.
		field.String("token_id").Optional().Nillable(),
		field.String("user_agent").Default("").MaxLen(300),
		field.Time("expires_at"),
		field.Time("last_used_at").Optional().Nillable(),
		field.Time("revoked_at").Optional().Nillable(),
		field.String("photographer_id"),
	}
}

// Edges of the PhotographerSession.
func (PhotographerSession) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("photographer", Photographer.Type).Ref("sessions").Field("photographer_id").Unique().Required(),
	}
}

// Indexes of the PhotographerSession.
func (PhotographerSession) Indexes() []ent.Index {
	return []ent.Index{index.Fields("photographer_id")}
}
