package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
)

// MusicTrack is a piece of music a gallery may play.
type MusicTrack struct{ ent.Schema }

// Mixin of the MusicTrack.
func (MusicTrack) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "trk"}, TimeMixin{}}
}

// Fields of the MusicTrack.
func (MusicTrack) Fields() []ent.Field {
	return []ent.Field{
		field.String("title").NotEmpty().MaxLen(200),
		field.String("artist").Default("").MaxLen(200),
		// BlobKey is where the audio file is stored.
		field.String("blob_key").Default("").Annotations(entgql.Skip()),
		field.String("content_type").Default("audio/mpeg").Annotations(entgql.Skip()),
		field.Int("duration_seconds").Default(0).NonNegative(),
		// SizeBytes is the audio file's size (the studio's music library).
		field.Int64("size_bytes").Default(0).NonNegative().Annotations(entgql.Skip()),
	}
}

// Edges of the MusicTrack.
func (MusicTrack) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("photographer", Photographer.Type).Ref("music_tracks").Unique().Annotations(entgql.Skip()),
		edge.From("galleries", Gallery.Type).Ref("music_track").Annotations(entgql.Skip()),
	}
}
