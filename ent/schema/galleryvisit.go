package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// GalleryVisit counts the viewers who opened a gallery on one day (UTC):
// one row per gallery and day, incremented once per viewer and day
// (internal/visits throttles in memory, so a page load writes at most once).
type GalleryVisit struct{ ent.Schema }

// Annotations of the GalleryVisit: read through Gallery.stats only.
func (GalleryVisit) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip()}
}

// Mixin of the GalleryVisit.
func (GalleryVisit) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "gvi"}}
}

// Fields of the GalleryVisit.
func (GalleryVisit) Fields() []ent.Field {
	return []ent.Field{
		field.String("gallery_id"),
		// Day is the calendar day, YYYY-MM-DD (UTC).
		field.String("day").MaxLen(10),
		field.Int("count").Default(0).NonNegative(),
	}
}

// Edges of the GalleryVisit.
func (GalleryVisit) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("visits").Field("gallery_id").Unique().Required(),
	}
}

// Indexes of the GalleryVisit: one row per gallery and day (the upsert's conflict target).
func (GalleryVisit) Indexes() []ent.Index {
	return []ent.Index{index.Fields("gallery_id", "day").Unique()}
}
