package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
)

// DownloadRequest asks for a ZIP of a gallery's files, built in the background.
type DownloadRequest struct{ ent.Schema }

// Mixin of the DownloadRequest.
func (DownloadRequest) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "dlr"}, TimeMixin{}}
}

// Fields of the DownloadRequest.
func (DownloadRequest) Fields() []ent.Field {
	return []ent.Field{
		field.String("email").NotEmpty().MaxLen(254),
		field.JSON("collections", []string{}).Default([]string{}),
		field.Enum("quality").Values("web", "hd").Default("web"),
		field.Enum("status").Values("submitted", "preparing", "ready", "failed").Default("submitted"),
		field.Int("files_done").Default(0),
		field.Int("files_total").Default(0),
		// Parts are the blob keys of the finished ZIP parts.
		field.JSON("parts", []string{}).Default([]string{}),
		field.String("order_id").Default(""),
		field.Time("expires_at").Optional().Nillable(),
	}
}

// Edges of the DownloadRequest.
func (DownloadRequest) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("download_requests").Unique().Required(),
	}
}

// ContactMessage is a message a visitor sent to the photographer.
type ContactMessage struct{ ent.Schema }

// Mixin of the ContactMessage.
func (ContactMessage) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "msg"}, TimeMixin{}}
}

// Fields of the ContactMessage.
func (ContactMessage) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(200),
		field.String("email").NotEmpty().MaxLen(254),
		field.Text("message").NotEmpty().MaxLen(5000),
	}
}

// Edges of the ContactMessage.
func (ContactMessage) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("contact_messages").Unique().Required(),
	}
}

// Share records a gallery shared by e-mail, to limit the feature's use for spam.
type Share struct{ ent.Schema }

// Mixin of the Share.
func (Share) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "shr"}, TimeMixin{}}
}

// Fields of the Share.
func (Share) Fields() []ent.Field {
	return []ent.Field{
		field.String("sender_name").NotEmpty().MaxLen(200),
		field.String("sender_email").Default("").MaxLen(254),
		field.JSON("recipients", []string{}),
		field.Text("message").Default("").MaxLen(2000),
		field.String("client_address").Default(""),
		field.Time("sent_at").Default(time.Now),
	}
}

// Edges of the Share.
func (Share) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("shares").Unique().Required(),
	}
}
