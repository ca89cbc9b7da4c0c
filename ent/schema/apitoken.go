package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
)

// APIToken lets the photographer use the playground and scripts. Only a
// hash of the token is stored.
type APIToken struct{ ent.Schema }

// Mixin of the APIToken.
func (APIToken) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "tok"}, TimeMixin{}}
}

// Fields of the APIToken.
func (APIToken) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Default("").MaxLen(100),
		// Prefix is the token's first characters (glt_ and 8 more), shown in
		// the studio's list to tell tokens apart; empty for tokens made
		// before it was kept.
		field.String("prefix").Default("").MaxLen(16),
		field.String("token_hash").NotEmpty().Unique().Sensitive(),
		field.Time("last_used_at").Optional().Nillable(),
		field.Time("revoked_at").Optional().Nillable(),
	}
}

// Edges of the APIToken.
func (APIToken) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("photographer", Photographer.Type).Ref("api_tokens").Unique().Required(),
	}
}
