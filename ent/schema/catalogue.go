package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Category groups families into a shop section.
type Category struct{ ent.Schema }

// Mixin of the Category.
func (Category) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "cat"}, TimeMixin{}}
}

// Fields of the Category.
func (Category) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(120),
		field.Enum("section").
			Values("prints", "special_papers", "wall_decor", "digital", "other").
			Default("prints"),
		field.String("description").Default("").MaxLen(2000),
		field.Int("position").Default(0),
	}
}

// Edges of the Category.
func (Category) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("categories").Unique().Required(),
		edge.To("families", Family.Type).Annotations(entgql.Skip()),
	}
}

// Indexes of the Category: the catalogue is read a gallery at a time.
func (Category) Indexes() []ent.Index {
	return []ent.Index{index.Edges("gallery")}
}

// Family is a kind of product (photo paper, canvas...) with its print options.
type Family struct{ ent.Schema }

// Mixin of the Family.
func (Family) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "fam"}, TimeMixin{}}
}

// Fields of the Family. Each option is allowed unless set to false.
func (Family) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(120),
		field.String("description").Default("").MaxLen(2000),
		field.Bool("mat_gloss_option").Default(true),
		field.Bool("white_borders_option").Default(true),
		field.Bool("white_margin_allowed").Default(true),
		// NumberOfImages is how many product images the family shows (productImages).
		field.Int("number_of_images").Default(1).NonNegative(),
		field.Int("position").Default(0),
		field.String("category_id"),
	}
}

// Edges of the Family.
func (Family) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("families").Unique().Required(),
		edge.From("category", Category.Type).Ref("families").Field("category_id").Unique().Required(),
		edge.To("formats", Format.Type).Annotations(entgql.Skip()),
	}
}

// Indexes of the Family: the catalogue is read a gallery at a time.
func (Family) Indexes() []ent.Index {
	return []ent.Index{index.Edges("gallery")}
}

// Format is one sellable size or file of a family, with its price.
type Format struct{ ent.Schema }

// Mixin of the Format.
func (Format) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "fmt"}, TimeMixin{}}
}

// Fields of the Format.
func (Format) Fields() []ent.Field {
	return []ent.Field{
		// Name is optional: when empty, "shortSize x longSize" is shown.
		field.String("name").Default("").MaxLen(120),
		// Sizes in centimetres; zero for digital files.
		field.Float("short_size").Default(0).Min(0),
		field.Float("long_size").Default(0).Min(0),
		// UnitPrice is in euro cents, VAT included.
		field.Int("unit_price").NonNegative(),
		field.Bool("only_in_pack").Default(false),
		field.String("lab").Default("").MaxLen(120),
		field.Enum("kind").Values("print", "digital").Default("print"),
		// DigitalQuality is set for digital formats only.
		field.Enum("digital_quality").Values("web", "hd").Optional().Nillable(),
		// Watermark: a web file delivered with the photographer's watermark.
		field.Bool("watermark").Default(false),
		// GalleryPrice is a digital format's price for every photo of the
		// gallery at once (the whole-gallery download); nil: not offered.
		field.Int("gallery_price").Optional().Nillable().NonNegative(),
		// ExcludedCountries cannot receive this format.
		field.JSON("excluded_countries", []string{}).Default([]string{}),
		field.Int("position").Default(0),
		// Withdrawn formats stay for past orders but are no longer sold.
		field.Bool("withdrawn").Default(false),
		field.String("family_id"),
	}
}

// Edges of the Format.
func (Format) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("formats").Unique().Required(),
		edge.From("family", Family.Type).Ref("formats").Field("family_id").Unique().Required(),
	}
}

// Indexes of the Format.
func (Format) Indexes() []ent.Index {
	return []ent.Index{index.Fields("kind"), index.Edges("gallery")}
}

// Pack is a gallery offer: a bundle of formats and digital files at one price.
type Pack struct{ ent.Schema }

// Mixin of the Pack.
func (Pack) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pck"}, TimeMixin{}}
}

// Fields of the Pack.
func (Pack) Fields() []ent.Field {
	return []ent.Field{
		// Name is the pack's internal name ("pack" in the spec).
		field.String("name").NotEmpty().MaxLen(120),
		field.String("display_name").NotEmpty().MaxLen(120),
		field.String("description").Default("").MaxLen(4000),
		field.Int("unit_price").NonNegative(),
		field.Bool("gift").Default(false),
		field.JSON("shipping_included_to", []string{}).Default([]string{}),
		field.String("offer_type").Default("Gratuit").MaxLen(60),
		field.Int("position").Default(0),
		field.Bool("withdrawn").Default(false),
	}
}

// Edges of the Pack.
func (Pack) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("packs").Unique().Required(),
		edge.To("formats", PackFormat.Type),
		edge.To("digital_files", PackDigitalFile.Type),
	}
}

// Indexes of the Pack: the catalogue is read a gallery at a time.
func (Pack) Indexes() []ent.Index {
	return []ent.Index{index.Edges("gallery")}
}

// PackFormat is a format included in a pack: how many prints, of how many photos.
type PackFormat struct{ ent.Schema }

// Mixin of the PackFormat.
func (PackFormat) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pkf"}}
}

// Fields of the PackFormat.
func (PackFormat) Fields() []ent.Field {
	return []ent.Field{
		field.Int("quantity").Positive(),
		// Photos is how many different photos the buyer picks for this format.
		field.Int("photos").Positive(),
		field.String("format_id"),
	}
}

// Edges of the PackFormat.
func (PackFormat) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("pack", Pack.Type).Ref("formats").Unique().Required(),
		edge.To("format", Format.Type).Field("format_id").Unique().Required(),
	}
}

// PackDigitalFile is a digital file format included in a pack.
type PackDigitalFile struct{ ent.Schema }

// Mixin of the PackDigitalFile.
func (PackDigitalFile) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pkd"}}
}

// Fields of the PackDigitalFile.
func (PackDigitalFile) Fields() []ent.Field {
	return []ent.Field{
		// Quantity is how many files; digital quantity per photo is always 1.
		field.Int("quantity").Positive(),
		field.String("web_description").Default("").MaxLen(500),
		field.String("hd_description").Default("").MaxLen(500),
		field.String("format_id"),
	}
}

// Edges of the PackDigitalFile.
func (PackDigitalFile) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("pack", Pack.Type).Ref("digital_files").Unique().Required(),
		edge.To("format", Format.Type).Field("format_id").Unique().Required(),
	}
}

// Discount is an automatic percentage above a purchase threshold.
type Discount struct{ ent.Schema }

// Mixin of the Discount.
func (Discount) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "dsc"}, TimeMixin{}}
}

// Fields of the Discount.
func (Discount) Fields() []ent.Field {
	return []ent.Field{
		// Threshold is the merchandise subtotal in cents from which it applies.
		field.Int("threshold").NonNegative(),
		field.Int("percent").Range(1, 100),
	}
}

// Edges of the Discount.
func (Discount) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("discounts").Unique().Required(),
	}
}

// Indexes of the Discount: the catalogue is read a gallery at a time.
func (Discount) Indexes() []ent.Index {
	return []ent.Index{index.Edges("gallery")}
}
