package schema

import (
	"entgo.io/contrib/entgql"
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"

	"github.com/studio/gallery/internal/ids"
)

// IDMixin gives an entity a random, prefixed string id ("gal_5k2..."): ids
// appear in addresses, so they must not be guessable, and the prefix lets
// node(id:) find the type without a lookup table.
type IDMixin struct {
	mixin.Schema
	Prefix string
}

// Fields of the IDMixin.
func (m IDMixin) Fields() []ent.Field {
	p := m.Prefix
	return []ent.Field{
		field.String("id").
			MaxLen(40).
			NotEmpty().
			Immutable().
			DefaultFunc(func() string { return ids.New(p) }),
	}
}

// TimeMixin records creation and update times.
type TimeMixin struct{ mixin.Schema }

// Fields of the TimeMixin.
func (TimeMixin) Fields() []ent.Field {
	return []ent.Field{
		field.Time("created_at").Default(time.Now).Immutable().Annotations(entgql.OrderField("CREATED_AT")),
		field.Time("updated_at").Default(time.Now).UpdateDefault(time.Now),
	}
}
