package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// PrintSheet is the print lab's sheet of an order (issue 24): a ZIP of its
// paid prints' files at their ordered size and crop, with a packing list,
// built by a background job (internal/printlab). The order is named by id
// rather than by an edge: the sheet is a by-product that the order's
// schema need not know about.
type PrintSheet struct{ ent.Schema }

// Mixin of the PrintSheet.
func (PrintSheet) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "prs"}, TimeMixin{}}
}

// Fields of the PrintSheet.
func (PrintSheet) Fields() []ent.Field {
	return []ent.Field{
		field.String("order_id").NotEmpty().Immutable(),
		// PhotographerID owns the order's gallery: only they download it.
		field.String("photographer_id").NotEmpty().Immutable(),
		// Status: expired once its ZIP was removed (PRINT_SHEET_RETENTION
		// after it was ready, or at once when a newer sheet of the order is
		// ready); the row stays for the order's page.
		field.Enum("status").Values("preparing", "ready", "failed", "expired").Default("preparing"),
		field.Int("files_done").Default(0),
		field.Int("files_total").Default(0),
		// BlobKey is where the finished ZIP is, once ready.
		field.String("blob_key").Default(""),
		field.Int64("size_bytes").Default(0),
		// Token is in the download address, which is unguessable on top of
		// being the photographer's only.
		field.String("token").NotEmpty().Sensitive(),
		// Error is why it failed for good, for the photographer.
		field.String("error").Default(""),
		field.Time("ready_at").Optional().Nillable(),
		// ExpiredAt is when the ready ZIP was removed (status expired).
		field.Time("expired_at").Optional().Nillable(),
		// CleanedAt is when the sheet's blobs (ZIP and single files) were
		// removed, for an expired or failed sheet; nil while some may be left.
		field.Time("cleaned_at").Optional().Nillable(),
	}
}

// Indexes of the PrintSheet.
func (PrintSheet) Indexes() []ent.Index {
	return []ent.Index{index.Fields("order_id", "created_at"), index.Fields("status", "ready_at")}
}

// OrderEmail records an e-mail sent about an order, once the mail server
// took it, for the order's page in the studio (internal/orders).
type OrderEmail struct{ ent.Schema }

// Mixin of the OrderEmail.
func (OrderEmail) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "oem"}}
}

// Fields of the OrderEmail.
func (OrderEmail) Fields() []ent.Field {
	return []ent.Field{
		field.String("order_id").NotEmpty().Immutable(),
		// Kind is the order e-mail's kind (orders.MailKind) or "download"
		// for the download links.
		field.String("kind").NotEmpty().MaxLen(40).Immutable(),
		field.String("recipient").NotEmpty().MaxLen(254).Immutable(),
		field.String("subject").Default("").MaxLen(400).Immutable(),
		field.Time("sent_at").Default(time.Now).Immutable(),
	}
}

// Indexes of the OrderEmail.
func (OrderEmail) Indexes() []ent.Index {
	return []ent.Index{index.Fields("order_id", "sent_at")}
}
