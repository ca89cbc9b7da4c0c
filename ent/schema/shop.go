package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/studio/gallery/internal/model"
)

// Cart belongs to one browser and gallery, then to a confirmed e-mail.
type Cart struct{ ent.Schema }

// Mixin of the Cart.
func (Cart) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "crt"}, TimeMixin{}}
}

// Fields of the Cart.
func (Cart) Fields() []ent.Field {
	return []ent.Field{
		// SessionKey names the browser that owns an anonymous cart.
		field.String("session_key").Default("").Sensitive(),
		// OpenKey is unique among open carts: the gallery and the owner (a
		// browser "s:..." or a user "u:..."); it is cleared once ordered, so
		// two tabs can never make two open carts for one owner.
		field.String("open_key").Optional().Nillable().Unique().Sensitive(),
		field.JSON("client_data", &model.ClientData{}).Optional(),
		field.String("delivery_option").Default("shipping"),
		// CartUpdated is set when items were dropped after a settings change, until reported.
		field.Bool("cart_updated").Default(false),
		// Version grows with every change, for optimistic concurrency.
		field.Int("version").Default(0),
		field.Enum("state").Values("open", "ordered").Default("open"),
	}
}

// Edges of the Cart.
func (Cart) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("carts").Unique().Required(),
		edge.From("user", User.Type).Ref("carts").Unique(),
		edge.To("items", CartItem.Type),
		edge.To("vouchers", Voucher.Type),
	}
}

// Indexes of the Cart.
func (Cart) Indexes() []ent.Index {
	return []ent.Index{index.Fields("session_key")}
}

// CartItem is one typed line of a cart.
type CartItem struct{ ent.Schema }

// Mixin of the CartItem.
func (CartItem) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "cti"}, TimeMixin{}}
}

// Fields of the CartItem.
func (CartItem) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("kind").Values("print", "digital_file", "all_gallery", "pack", "ongoing_pack"),
		field.String("photo_id").Optional().Nillable(),
		field.String("format_id").Optional().Nillable(),
		field.String("pack_id").Optional().Nillable(),
		field.Enum("finish").Values("glossy", "mat").Optional().Nillable(),
		field.Enum("border").Values("white", "none").Optional().Nillable(),
		field.JSON("crop", &model.Crop{}).Optional(),
		field.Int("quantity").Default(1).Positive(),
		// PackInstanceID names a pack being configured or in the cart.
		field.String("pack_instance_id").Optional().Nillable(),
		field.String("client_pack_name").Default("").MaxLen(120),
		field.JSON("pack_content", &model.PackContent{}).Optional(),
		// UnitPrice is the price when added, to notice a later change.
		field.Int("unit_price").Default(0),
	}
}

// Edges of the CartItem.
func (CartItem) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("cart", Cart.Type).Ref("items").Unique().Required(),
	}
}

// Indexes of the CartItem: a price-list or photo change finds the items it
// invalidates by these columns.
func (CartItem) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("photo_id"),
		index.Fields("format_id"),
		index.Fields("pack_id"),
	}
}

// Voucher is a discount code or a gift card.
type Voucher struct{ ent.Schema }

// Mixin of the Voucher.
func (Voucher) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "vch"}, TimeMixin{}}
}

// Fields of the Voucher.
func (Voucher) Fields() []ent.Field {
	return []ent.Field{
		field.String("code").NotEmpty().MaxLen(64),
		field.Enum("kind").Values("discount_code", "gift_card"),
		field.Int("percent_off").Default(0).Range(0, 100),
		field.Int("amount_off").Default(0).NonNegative(),
		field.Int("min_spend").Default(0).NonNegative(),
		field.Time("valid_from").Optional().Nillable(),
		field.Time("valid_until").Optional().Nillable(),
		field.Int("usage_limit").Default(0).NonNegative(),
		field.Int("per_email_limit").Default(0).NonNegative(),
		field.Int("times_used").Default(0).NonNegative(),
		field.Bool("free_shipping").Default(false),
		field.JSON("free_shipping_countries", []string{}).Default([]string{}),
		// GiftAmount is a gift card's initial value; Balance what is left of it.
		field.Int("gift_amount").Default(0).NonNegative(),
		field.Int("balance").Default(0).NonNegative(),
		field.Bool("active").Default(true),
	}
}

// Edges of the Voucher.
func (Voucher) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("photographer", Photographer.Type).Ref("vouchers").Unique().Required(),
		// Gallery limits a code to one gallery; empty means all of the photographer's.
		edge.From("gallery", Gallery.Type).Ref("vouchers").Unique(),
		edge.From("carts", Cart.Type).Ref("vouchers"),
		edge.To("redemptions", VoucherRedemption.Type),
	}
}

// Indexes of the Voucher.
func (Voucher) Indexes() []ent.Index {
	return []ent.Index{index.Fields("code").Edges("photographer").Unique()}
}

// VoucherRedemption is one line of a voucher's ledger: a use or a give-back.
type VoucherRedemption struct{ ent.Schema }

// Mixin of the VoucherRedemption.
func (VoucherRedemption) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "vrd"}, TimeMixin{}}
}

// Fields of the VoucherRedemption.
func (VoucherRedemption) Fields() []ent.Field {
	return []ent.Field{
		// Amount in cents: positive when spent, negative when given back.
		field.Int("amount"),
		field.String("email").Default(""),
		field.Enum("reason").Values("order", "release", "adjustment").Default("order"),
	}
}

// Edges of the VoucherRedemption.
func (VoucherRedemption) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("voucher", Voucher.Type).Ref("redemptions").Unique().Required(),
		edge.From("order", Order.Type).Ref("redemptions").Unique(),
	}
}

// Order is a placed cart: lines and totals frozen as they were.
type Order struct{ ent.Schema }

// Mixin of the Order.
func (Order) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "ord"}, TimeMixin{}}
}

// Fields of the Order.
func (Order) Fields() []ent.Field {
	return []ent.Field{
		// Number is the studio's order number, in sequence per photographer.
		field.String("number").NotEmpty(),
		field.String("email").NotEmpty(),
		field.Enum("status").Values(
			"awaiting_payment", "awaiting_validation", "validated", "payment_error",
			"expired", "cancelled", "refunded", "sent", "ready_for_pickup", "in_production",
		).Default("awaiting_payment"),
		// CartID and CartVersion make placing an order idempotent: one
		// order per state of a cart (see the unique index).
		field.String("cart_id").NotEmpty(),
		field.Int("cart_version").Default(0),
		field.Int("subtotal"),
		field.Int("discount_total").Default(0),
		field.String("discount_code").Default(""),
		field.Int("shipping_total").Default(0),
		field.Int("gift_card_total").Default(0),
		field.Int("vat_total").Default(0),
		field.Int("vat_rate_bp").Default(0),
		field.Int("total"),
		field.String("currency").Default("EUR"),
		field.JSON("billing_address", model.Address{}),
		field.JSON("shipping_address", &model.Address{}).Optional(),
		field.String("delivery_option").Default("shipping"),
		field.String("pickup_address").Default(""),
		field.Enum("payment_method").Values("card", "bancontact", "none").Default("card"),
		field.Bool("retouch_acknowledged").Default(false),
		// Language is the one the buyer used when placing the order: its
		// e-mails (sent later, by jobs) are written in it; "" is the
		// gallery's default.
		field.String("language").Default("").Match(buyerLanguageRE),
		field.Time("terms_accepted_at").Default(time.Now),
		field.Time("paid_at").Optional().Nillable(),
		// ExpiresAt: an order still unpaid then expires and gives back its
		// voucher uses and gift-card amounts.
		field.Time("expires_at").Optional().Nillable(),
		// InProductionAt is when the photographer marked the paid order's
		// prints as being made (by the lab or the studio).
		field.Time("in_production_at").Optional().Nillable(),
		field.Time("sent_at").Optional().Nillable(),
		field.Time("ready_at").Optional().Nillable(),
		field.Time("closed_at").Optional().Nillable(),
		// TrackingNumber is the carrier's number given when the prints
		// were sent (told to the buyer in the shipping e-mail).
		field.String("tracking_number").Default("").MaxLen(100),
		// RefundedTotal is what was given back of Total through the
		// provider, in cents. Refunds raise it by a conditional update
		// (refunded_total + x <= total), so concurrent refunds never give
		// back more than was paid.
		field.Int("refunded_total").Default(0).NonNegative(),
		// SessionKey is the browser that placed the order, so that it can
		// follow it even after its e-mail session ends.
		field.String("session_key").Default("").Sensitive(),
	}
}

// Indexes of the Order.
func (Order) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("cart_id", "cart_version").Unique(),
		index.Fields("status", "expires_at"),
		index.Fields("number"),
	}
}

// Edges of the Order.
func (Order) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("orders").Unique().Required(),
		edge.From("user", User.Type).Ref("orders").Unique(),
		edge.To("lines", OrderLine.Type),
		edge.To("payments", Payment.Type),
		edge.To("redemptions", VoucherRedemption.Type),
		edge.To("refunds", Refund.Type),
	}
}

// OrderLine is one priced line of an order.
type OrderLine struct{ ent.Schema }

// Mixin of the OrderLine.
func (OrderLine) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "orl"}}
}

// Fields of the OrderLine.
func (OrderLine) Fields() []ent.Field {
	return []ent.Field{
		field.String("kind"),
		field.String("description"),
		field.String("photo_id").Default(""),
		field.String("format_id").Default(""),
		field.String("pack_id").Default(""),
		field.Int("quantity").Positive(),
		field.Int("unit_price"),
		field.Int("total"),
		// Discount is the share of the order's discount the line carries
		// and VAT the VAT its net amount (total - discount) contains, as
		// the pricing engine gave them (internal/books writes them in the
		// accountant's export; -1 for lines placed before they were kept).
		field.Int("discount").Default(-1),
		field.Int("vat").Default(-1),
		// Details keep the keys of the untyped map they were before.
		field.JSON("details", &model.OrderLineDetails{}).Optional(),
	}
}

// Edges of the OrderLine.
func (OrderLine) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("order", Order.Type).Ref("lines").Unique().Required(),
	}
}

// Payment is one attempt to pay an order through a provider.
type Payment struct{ ent.Schema }

// Mixin of the Payment.
func (Payment) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pay"}, TimeMixin{}}
}

// Fields of the Payment.
func (Payment) Fields() []ent.Field {
	return []ent.Field{
		field.String("provider"),
		field.String("provider_ref").Default(""),
		field.Enum("method").Values("card", "bancontact"),
		field.Int("amount"),
		field.Enum("status").Values("pending", "processing", "succeeded", "failed", "refunded").Default("pending"),
		// RedirectURL is where the buyer pays (the provider's page).
		field.String("redirect_url").Default(""),
		field.String("failure").Default(""),
		field.String("refund_ref").Default(""),
		field.Time("expires_at").Optional().Nillable(),
	}
}

// Indexes of the Payment.
func (Payment) Indexes() []ent.Index {
	return []ent.Index{index.Fields("provider", "provider_ref")}
}

// Edges of the Payment.
func (Payment) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("order", Order.Type).Ref("payments").Unique().Required(),
		edge.To("refunds", Refund.Type),
	}
}

// Refund is money given back of a succeeded payment through its provider:
// the whole of it or a part. Its amount is counted in the order's
// RefundedTotal when it is recorded; a job then asks the provider.
type Refund struct{ ent.Schema }

// Mixin of the Refund.
func (Refund) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "rfd"}, TimeMixin{}}
}

// Fields of the Refund.
func (Refund) Fields() []ent.Field {
	return []ent.Field{
		// Amount in cents, positive.
		field.Int("amount").Positive(),
		field.Enum("status").Values("pending", "succeeded", "failed").Default("pending"),
		field.String("provider_ref").Default(""),
		field.String("failure").Default(""),
	}
}

// Edges of the Refund.
func (Refund) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("order", Order.Type).Ref("refunds").Unique().Required(),
		edge.From("payment", Payment.Type).Ref("refunds").Unique().Required(),
	}
}

// WebhookEvent records provider events already handled, for idempotence.
type WebhookEvent struct{ ent.Schema }

// Fields of the WebhookEvent.
func (WebhookEvent) Fields() []ent.Field {
	return []ent.Field{
		// ID is the provider's event id, prefixed by the provider's name.
		field.String("id").NotEmpty().Immutable(),
		field.String("provider"),
		field.String("type"),
		field.String("payment_id").Default(""),
		// Event is the event as the provider's adapter read it.
		field.JSON("event", map[string]any{}).Optional(),
		field.Time("received_at").Immutable(),
		// ProcessedAt is set once the event changed (or had no need to
		// change) its payment; until then a job retries it.
		field.Time("processed_at").Optional().Nillable(),
	}
}
