package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/studio/gallery/internal/model"
)

// Gallery is one published event: its photos, videos, price list and settings.
type Gallery struct{ ent.Schema }

// Mixin of the Gallery.
func (Gallery) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "gal"}, TimeMixin{}}
}

// Fields of the Gallery.
func (Gallery) Fields() []ent.Field {
	return []ent.Field{
		// URL is the address slug: /{url}.
		field.String("url").NotEmpty().MaxLen(120).Match(slugRE).Unique(),
		field.String("event_name").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("EVENT_NAME")),
		// EventDate is a calendar date (YYYY-MM-DD), shown shifted by the viewer's timezone offset.
		field.String("event_date").Default("").MaxLen(10).Annotations(entgql.OrderField("EVENT_DATE")),
		field.String("cover_photo_position").Default("50% 50%").MaxLen(20),
		field.Bool("published").Default(true),
		// ArchivedAt: the photographer took the gallery offline (it is kept,
		// with its orders); guests get gallery_offline. Null: not archived.
		field.Time("archived_at").Optional().Nillable(),
		// ExpiresAt: the gallery goes offline for guests from then on, as
		// when archived. Null: it never expires.
		field.Time("expires_at").Optional().Nillable(),
		// Access policy.
		field.Bool("is_public").Default(false),
		field.Bool("need_email").Default(false),
		field.Bool("has_clients").Default(false),
		field.JSON("theme", model.Theme{}).Default(model.DefaultTheme()).Annotations(entgql.Skip()),
		field.JSON("print_options", model.PrintOptions{}).Default(model.DefaultPrintOptions()).Annotations(entgql.Skip()),
		field.JSON("collection_names", []string{}).Default([]string{}),
		field.Bool("album_activated").Default(false),
		field.Int("album_max_photos").Default(0).NonNegative(),
		field.Bool("show_filename").Default(false),
		field.Bool("music_active").Default(false),
		field.JSON("delivery_options", []string{}).Default([]string{"shipping"}),
		field.JSON("welcome_popup", &model.WelcomePopup{}).Optional().Annotations(entgql.Skip()),
		field.JSON("download_information", model.DownloadInformation{}).Default(model.DownloadInformation{Qualities: []string{"web", "hd"}}).Annotations(entgql.Skip()),
		field.Bool("hide_sale_emphasis").Default(false),
		field.Bool("lighten_homepage").Default(false),
		field.Bool("shop_enabled").Default(true),
		field.String("og_description").Default("").MaxLen(500),
		// Language is the gallery's default language (fr, nl or en): the
		// client's and the e-mails' language when the visitor chose none
		// and the browser names none the product speaks.
		field.String("language").Default("fr").Match(languageRE),
		field.String("cover_photo_id").Optional().Nillable(),
		field.String("music_track_id").Optional().Nillable(),
		field.String("photographer_id"),
	}
}

// Edges of the Gallery.
func (Gallery) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("photographer", Photographer.Type).Ref("galleries").Field("photographer_id").Unique().Required(),
		edge.From("cover_photo", Photo.Type).Ref("cover_of").Field("cover_photo_id").Unique(),
		edge.To("music_track", MusicTrack.Type).Field("music_track_id").Unique(),
		edge.To("photos", Photo.Type).Annotations(entgql.RelayConnection()),
		edge.To("videos", Video.Type).Annotations(entgql.RelayConnection()),
		edge.To("categories", Category.Type),
		edge.To("families", Family.Type),
		edge.To("formats", Format.Type),
		edge.To("packs", Pack.Type),
		edge.To("discounts", Discount.Type),
		edge.To("access_codes", AccessCode.Type).Annotations(entgql.Skip()),
		edge.To("selections", Selection.Type).Annotations(entgql.Skip()),
		edge.To("album", Album.Type).Unique().Annotations(entgql.Skip()),
		edge.To("carts", Cart.Type).Annotations(entgql.Skip()),
		edge.To("orders", Order.Type).Annotations(entgql.Skip()),
		edge.To("download_requests", DownloadRequest.Type).Annotations(entgql.Skip()),
		edge.To("contact_messages", ContactMessage.Type).Annotations(entgql.Skip()),
		edge.To("shares", Share.Type).Annotations(entgql.Skip()),
		edge.To("vouchers", Voucher.Type).Annotations(entgql.Skip()),
		edge.To("visits", GalleryVisit.Type).Annotations(entgql.Skip()),
	}
}

// Indexes of the Gallery.
func (Gallery) Indexes() []ent.Index {
	return []ent.Index{index.Fields("published")}
}
