package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/studio/gallery/internal/model"
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
		// Language is the one the visitor used when asking (or buying): the
		// e-mail with the links is written in it; "" is the gallery's default.
		field.String("language").Default("").Match(buyerLanguageRE),
		field.JSON("collections", []string{}).Default([]string{}),
		field.Enum("quality").Values("web", "hd").Default("web"),
		field.Enum("status").Values("submitted", "preparing", "ready", "failed").Default("submitted"),
		field.Int("files_done").Default(0),
		field.Int("files_total").Default(0),
		// Parts are the blob keys of the finished ZIP parts.
		field.JSON("parts", []string{}).Default([]string{}),
		// SizeBytes is the finished parts' total size.
		field.Int64("size_bytes").Default(0),
		field.String("order_id").Default(""),
		// PhotoIDs, when set, are the only photos to pack (an order's
		// single files); otherwise the collections choose.
		field.JSON("photo_ids", []string{}).Optional(),
		field.Time("expires_at").Optional().Nillable(),
		// LinkToken is in the download links; a re-sent link keeps it.
		field.String("link_token").Default("").Sensitive(),
		// SessionKey and UserEmail say who asked, for the live updates.
		field.String("session_key").Default("").Sensitive(),
		// MailedAt is when the link was last e-mailed.
		field.Time("mailed_at").Optional().Nillable(),
		// Plan lists each part's photos and their names in the archive,
		// fixed when preparing starts so that a retried part is the same.
		field.JSON("plan", [][]model.PlannedFile{}).Optional(),
		// Error is why preparing failed for good, for the photographer.
		field.String("error").Default(""),
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
		// Bounds in bytes: internal/contact bounds the name at 100 and the
		// message at 5000 characters, which fit in four bytes each.
		field.String("name").NotEmpty().MaxLen(400),
		field.String("email").NotEmpty().MaxLen(254),
		field.Text("message").NotEmpty().MaxLen(20000),
		// ClientAddress is the sender's network address: messages are
		// counted per address in the database, so the limit holds across
		// replicas.
		field.String("client_address").Default(""),
	}
}

// Indexes of the ContactMessage.
func (ContactMessage) Indexes() []ent.Index {
	return []ent.Index{index.Fields("client_address", "created_at")}
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
		// Bounds in bytes: internal/share bounds the name at 100 and the
		// message at 2000 characters, which fit in four bytes each.
		field.String("sender_name").NotEmpty().MaxLen(400),
		field.String("sender_email").Default("").MaxLen(254),
		field.JSON("recipients", []string{}),
		field.Text("message").Default("").MaxLen(8000),
		field.String("client_address").Default(""),
		// SenderKey names the sender's browser session (a hash of it, never
		// the session key), for the per-session limit.
		field.String("sender_key").Default("").Sensitive(),
		field.Time("sent_at").Default(time.Now),
	}
}

// Indexes of the Share: the spam limits count recent shares per address
// and per session.
func (Share) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("client_address", "sent_at"),
		index.Fields("sender_key", "sent_at"),
	}
}

// Edges of the Share.
func (Share) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("gallery", Gallery.Type).Ref("shares").Unique().Required(),
	}
}

// Captcha is a code drawn as an image (and spoken as audio) that the
// contact form asks to copy. It lives in the database so that any replica
// can check it; it works once and expires.
type Captcha struct{ ent.Schema }

// Mixin of the Captcha.
func (Captcha) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{Prefix: "cap"}, TimeMixin{}}
}

// Fields of the Captcha.
func (Captcha) Fields() []ent.Field {
	return []ent.Field{
		// Digits are kept as they are: the image and the audio are drawn
		// from them on request. They never leave the server otherwise.
		field.String("digits").NotEmpty().MaxLen(16).Sensitive().Immutable(),
		field.Time("expires_at").Immutable(),
		field.Time("used_at").Optional().Nillable(),
	}
}

// Indexes of the Captcha.
func (Captcha) Indexes() []ent.Index {
	return []ent.Index{index.Fields("expires_at")}
}
