package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// InvoiceCounter is the last invoice number given by a photographer in a
// year. It is updated in the transaction that assigns the number, so that
// numbers follow each other without a gap (internal/books).
type InvoiceCounter struct{ ent.Schema }

// Mixin of the InvoiceCounter.
func (InvoiceCounter) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "ivc"}}
}

// Fields of the InvoiceCounter.
func (InvoiceCounter) Fields() []ent.Field {
	return []ent.Field{
		field.String("photographer_id").NotEmpty(),
		field.Int("year"),
		field.Int("last").Default(0).NonNegative(),
	}
}

// Indexes of the InvoiceCounter.
func (InvoiceCounter) Indexes() []ent.Index {
	return []ent.Index{index.Fields("photographer_id", "year").Unique()}
}

// Invoice is the invoice of one paid order: its number in the year's
// sequence of the photographer and the studio's legal details as they were
// when it was issued.
type Invoice struct{ ent.Schema }

// Mixin of the Invoice.
func (Invoice) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "inv"}}
}

// Fields of the Invoice.
func (Invoice) Fields() []ent.Field {
	return []ent.Field{
		field.String("order_id").NotEmpty().Unique(),
		field.String("photographer_id").NotEmpty(),
		field.Int("year"),
		field.Int("seq").Positive(),
		// Number is written on the invoice: "2026-000042".
		field.String("number").NotEmpty(),
		field.Time("issued_at"),
		// Seller is the studio's legal details when the invoice was issued.
		field.JSON("seller", map[string]string{}).Optional().Annotations(entgql.Skip()),
	}
}

// Indexes of the Invoice.
func (Invoice) Indexes() []ent.Index {
	return []ent.Index{index.Fields("photographer_id", "year", "seq").Unique()}
}
