package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// AccessCode opens a protected gallery, as a client (privileged) or a visitor.
type AccessCode struct{ ent.Schema }

// Mixin of the AccessCode.
func (AccessCode) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "acc"}, TimeMixin{}}
}

// Fields of the AccessCode.
func (AccessCode) Fields() []ent.Field {
	return []ent.Field{
		// Code is kept so that a client can recover it by e-mail; it never leaves the server otherwise.
		field.String("code").NotEmpty().MaxLen(64).Sensitive(),
		field.Enum("kind").Values("client", "visitor"),
		field.String("label").Default("").MaxLen(120),
		// Email is the client's registered address, for forgotten-code recovery.
		field.String("email").Default("").MaxLen(254),
		field.Time("revoked_at").Optional().Nillable(),
	}
}

// Edges of the AccessCode.
func (AccessCode) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("access_codes").Unique().Required(),
	}
}

// Indexes of the AccessCode.
func (AccessCode) Indexes() []ent.Index {
	return []ent.Index{index.Fields("code").Edges("gallery").Unique()}
}

// User is a person known by a confirmed e-mail address.
type User struct{ ent.Schema }

// Mixin of the User.
func (User) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "usr"}, TimeMixin{}}
}

// Fields of the User.
func (User) Fields() []ent.Field {
	return []ent.Field{
		field.String("email").NotEmpty().MaxLen(254).Unique(),
		field.Time("verified_at").Optional().Nillable(),
	}
}

// Edges of the User.
func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("selections", Selection.Type),
		edge.To("carts", Cart.Type),
		edge.To("orders", Order.Type),
	}
}

// OneTimeCode is a six-digit code sent by e-mail to confirm an address.
type OneTimeCode struct{ ent.Schema }

// Mixin of the OneTimeCode.
func (OneTimeCode) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "otc"}, TimeMixin{}}
}

// Fields of the OneTimeCode.
func (OneTimeCode) Fields() []ent.Field {
	return []ent.Field{
		field.String("email").NotEmpty().MaxLen(254),
		field.String("gallery_id").Default(""),
		field.String("code_hash").NotEmpty().Sensitive(),
		field.Time("expires_at"),
		field.Int("attempts").Default(0),
		field.Time("used_at").Optional().Nillable(),
		// ClientAddr is the address that asked for the code: guesses from
		// other addresses are limited per e-mail as well (internal/access).
		field.String("client_addr").Default("").MaxLen(64),
	}
}

// Indexes of the OneTimeCode.
func (OneTimeCode) Indexes() []ent.Index {
	return []ent.Index{index.Fields("email")}
}

// Selection is a named set of photos and videos; favourites are a selection too.
type Selection struct{ ent.Schema }

// Mixin of the Selection.
func (Selection) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "sel"}, TimeMixin{}}
}

// Fields of the Selection.
func (Selection) Fields() []ent.Field {
	return []ent.Field{
		// Name: internal/selections bounds it at 60 characters; 240 bytes
		// hold 60 characters of any script.
		field.String("name").NotEmpty().MaxLen(240),
		field.Bool("is_favorites").Default(false),
	}
}

// Edges of the Selection.
func (Selection) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("selections").Unique().Required(),
		edge.From("user", User.Type).Ref("selections").Unique().Required(),
		edge.To("photos", Photo.Type).Annotations(entgql.RelayConnection()),
		edge.To("videos", Video.Type),
	}
}

// Indexes of the Selection.
func (Selection) Indexes() []ent.Index {
	return []ent.Index{
		// One favourites selection per person and gallery, even when two
		// requests create it at once.
		index.Edges("gallery", "user").Unique().Annotations(entsql.IndexWhere("is_favorites")),
		index.Edges("user", "gallery"),
	}
}

// Album is the one album selection the clients of a gallery build together.
type Album struct{ ent.Schema }

// Mixin of the Album.
func (Album) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "alb"}, TimeMixin{}}
}

// Fields of the Album.
func (Album) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("state").Values("open", "sent").Default("open"),
		field.Time("sent_at").Optional().Nillable(),
		field.String("sent_by").Default(""),
	}
}

// Edges of the Album.
func (Album) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("album").Unique().Required(),
		edge.To("photos", Photo.Type).Annotations(entgql.RelayConnection()),
	}
}

// RateLimit is the state of one limiter key (internal/access.Limiter): how
// many attempts were counted under it and until when it is blocked. It is
// in the database so that every replica sees the same limits. The id is a
// hash of the limiter's name and key (a key may hold an e-mail address).
type RateLimit struct{ ent.Schema }

// Annotations of the RateLimit: not part of the GraphQL API.
func (RateLimit) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip()}
}

// Fields of the RateLimit.
func (RateLimit) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").MaxLen(64).NotEmpty().Immutable(),
		// Count is the attempts (or failures) counted in the window.
		field.Int("count").Default(0),
		// Seq changes on every write: updates are conditional on it, so
		// that racing requests cannot both spend the same attempt.
		field.Int64("seq").Default(0),
		field.Time("last_at"),
		// BlockedUntil: no attempt is allowed before it.
		field.Time("blocked_until").Optional().Nillable(),
		// ExpiresAt: the row is forgotten (and swept) after it.
		field.Time("expires_at"),
	}
}

// Indexes of the RateLimit.
func (RateLimit) Indexes() []ent.Index {
	return []ent.Index{index.Fields("expires_at")}
}
