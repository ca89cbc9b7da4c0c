// Package ordermail keeps what was e-mailed about an order (its kind, to
// whom, its subject) for the order's page in the studio, and tells that
// page: it is shared by the packages that send order e-mails (orders,
// downloads), which cannot import each other.
package ordermail

import (
	"context"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/text"
	"github.com/studio/gallery/internal/viewer"
)

// TopicOrder is the events topic of orders; the id is the order's. Every
// change of an order, its e-mails and its print sheets included, is
// published on it.
const TopicOrder = "order"

// Record keeps m as sent about the order and publishes the change on
// TopicOrder (ev may be nil). Subject and recipients are cut at a
// character boundary to fit their columns.
func Record(ctx context.Context, db *ent.Client, ev events.Broker, orderID, kind string, m mail.Message) error {
	to := text.Cut(strings.Join(m.To, ", "), 254)
	subject := text.Cut(m.Subject, 400)
	if err := db.OrderEmail.Create().SetOrderID(orderID).SetKind(kind).SetRecipient(to).SetSubject(subject).
		Exec(viewer.SystemContext(ctx)); err != nil {
		return err
	}
	if ev != nil {
		return ev.Publish(context.WithoutCancel(ctx), TopicOrder, orderID)
	}
	return nil
}
