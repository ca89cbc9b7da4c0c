package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Photo is one picture of a gallery. Portrait and ratio are derived from its size.
type Photo struct{ ent.Schema }

// Mixin of the Photo.
func (Photo) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "pho"}, TimeMixin{}}
}

// Fields of the Photo.
func (Photo) Fields() []ent.Field {
	return []ent.Field{
		field.String("filename").NotEmpty().MaxLen(255),
		field.Int("width").Positive(),
		field.Int("height").Positive(),
		field.Bool("is_private").Default(false),
		// Favorite is the photographer's own selection.
		field.Bool("favorite").Default(false),
		// ClientHidden: hidden from visitors by a client; clients still see it.
		field.Bool("client_hidden").Default(false),
		field.Bool("needs_retouch").Default(false),
		field.String("collection").Default("").MaxLen(120),
		field.Int("position").Default(0).Annotations(entgql.OrderField("POSITION")),
		// ContentHash names the original's bytes; URLs carry it so they can be cached forever.
		field.String("content_hash").Default("").MaxLen(64),
		field.String("original_key").Default("").Annotations(entgql.Skip()),
		field.String("content_type").Default("image/jpeg").Annotations(entgql.Skip()),
		field.Int64("size_bytes").Default(0).Annotations(entgql.Skip()),
		field.String("dominant_color").Default("#cccccc").MaxLen(9),
		// Derivatives lists the widths made so far; empty while processing.
		field.JSON("derivatives", []int{}).Default([]int{}),
		field.Enum("status").Values("processing", "ready", "failed").Default("processing"),
		field.Time("taken_at").Optional().Nillable(),
		field.String("gallery_id").Immutable(),
	}
}

// Edges of the Photo.
func (Photo) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("photos").Field("gallery_id").Unique().Required().Immutable(),
		edge.To("cover_of", Gallery.Type).Annotations(entgql.Skip()),
		// A photo may be in any number of selections and in the album:
		// these inverse edges make both many-to-many.
		edge.From("selections", Selection.Type).Ref("photos").Annotations(entgql.Skip()),
		edge.From("albums", Album.Type).Ref("photos").Annotations(entgql.Skip()),
	}
}

// Indexes of the Photo.
func (Photo) Indexes() []ent.Index {
	return []ent.Index{
		// A gallery's photos are read in order, a page at a time: a range
		// read of this index, not a scan and sort of every gallery's photos.
		index.Fields("gallery_id", "position"),
		index.Fields("content_hash"),
	}
}

// Video is an embedded video hosted elsewhere (YouTube, Vimeo, Dailymotion).
type Video struct{ ent.Schema }

// Mixin of the Video.
func (Video) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "vid"}, TimeMixin{}}
}

// Fields of the Video.
func (Video) Fields() []ent.Field {
	return []ent.Field{
		field.String("embedded_url").NotEmpty().MaxLen(500),
		field.Enum("host").Values("youtube", "vimeo", "dailymotion"),
		field.String("host_video_id").NotEmpty().MaxLen(64),
		field.String("title").Default("").MaxLen(200),
		field.Bool("favorite").Default(false),
		field.String("collection").Default("").MaxLen(120),
		field.Int("position").Default(0).Annotations(entgql.OrderField("POSITION")),
		// ThumbnailURL is cached for hosts whose thumbnail needs a lookup (Vimeo).
		field.String("thumbnail_url").Default("").MaxLen(500),
		field.String("gallery_id").Immutable(),
	}
}

// Edges of the Video.
func (Video) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("videos").Field("gallery_id").Unique().Required().Immutable(),
		edge.From("selections", Selection.Type).Ref("videos").Annotations(entgql.Skip()),
	}
}

// Indexes of the Video.
func (Video) Indexes() []ent.Index {
	return []ent.Index{index.Fields("gallery_id", "position")}
}
