package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/studio/gallery/internal/model"
)

// Photographer owns galleries, price lists and the shop settings.
type Photographer struct{ ent.Schema }

// Mixin of the Photographer.
func (Photographer) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pgr"}, TimeMixin{}}
}

// Fields of the Photographer.
func (Photographer) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(200),
		field.String("email").NotEmpty().MaxLen(254).Unique(),
		field.String("phone").Optional().MaxLen(40),
		field.String("website").Optional().MaxLen(500),
		field.String("street").Optional().MaxLen(200),
		field.String("postal_code").Optional().MaxLen(20),
		field.String("city").Optional().MaxLen(100),
		field.String("country").Default("BE").MaxLen(2),
		field.String("logo_url").Optional().MaxLen(500),
		// VAT rate in basis points (2100 = 21 %), prices include it.
		field.Int("vat_rate_bp").Default(2100).NonNegative(),
		field.String("timezone").Default("Europe/Brussels"),
		// ShippingRates price home delivery by destination zone and lab.
		field.JSON("shipping_rates", []model.ShippingRate{}).Default([]model.ShippingRate{}),
		// Legal details printed on invoices (« Coordonnées légales »):
		// the legal name of the business, its address (several lines), its
		// VAT number and its company number (BCE / SIREN).
		field.String("legal_name").Default("").MaxLen(200),
		field.String("legal_address").Default("").MaxLen(500),
		field.String("vat_number").Default("").MaxLen(40),
		field.String("company_number").Default("").MaxLen(40),
		// OrderSeq is the last order number given.
		field.Int("order_seq").Default(10000),
		// SessionsEndedAt is when the photographer last signed out
		// everywhere: a guest's identity cookie of their e-mail confirmed
		// before then no longer makes its browser the photographer's.
		field.Time("sessions_ended_at").Optional().Nillable().Annotations(entgql.Skip()),
	}
}

// Edges of the Photographer.
func (Photographer) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("galleries", Gallery.Type).Annotations(entgql.Skip()),
		edge.To("api_tokens", APIToken.Type).Annotations(entgql.Skip()),
		edge.To("sessions", PhotographerSession.Type).Annotations(entgql.Skip()),
		edge.To("passkeys", Passkey.Type).Annotations(entgql.Skip()),
		edge.To("music_tracks", MusicTrack.Type).Annotations(entgql.Skip()),
		edge.To("vouchers", Voucher.Type).Annotations(entgql.Skip()),
	}
}
