package orders

import (
	"context"
	"slices"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/internal/books"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/pricing"
)

// validate marks an order paid (by pay, or by gift cards when pay is nil)
// if it is still waiting for that, and, in the same transaction, closes
// its cart, queues the e-mails and starts preparing its digital files. It
// reports whether the order moved.
func (s *Service) validate(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, o *ent.Order, pay *ent.Payment) (bool, error) {
	paidAt := s.now()
	upd := tx.Order.Update().Where(order.ID(o.ID),
		order.StatusIn(order.StatusAwaitingPayment, order.StatusAwaitingValidation, order.StatusPaymentError)).
		SetStatus(order.StatusValidated).SetPaidAt(paidAt)
	if pay != nil {
		upd.SetPaymentMethod(order.PaymentMethod(pay.Method))
	}
	n, err := upd.Save(ctx)
	if err != nil || n == 0 {
		return false, err
	}
	// The invoice's number, in the payment's transaction (internal/books).
	if _, err := books.Assign(ctx, tx, o.ID, paidAt); err != nil {
		return false, err
	}
	lines, err := tx.OrderLine.Query().Where(orderline.HasOrderWith(order.ID(o.ID))).All(ctx)
	if err != nil {
		return false, err
	}
	var items []string
	for _, l := range lines {
		if l.Details != nil && l.Details.CartItemID != "" {
			items = append(items, l.Details.CartItemID)
		}
	}
	if err := cart.CloseOrdered(ctx, tx, o.CartID, o.CartVersion, items); err != nil {
		return false, err
	}
	for _, k := range []MailKind{MailConfirmation, MailPhotographer} {
		if _, err := enq.Enqueue(ctx, MailArgs{OrderID: o.ID, Mail: k}, nil); err != nil {
			return false, err
		}
	}
	return true, s.deliver(ctx, tx, enq, o, lines)
}

// deliver turns the digital files of an order into download requests: one
// per quality, for the whole gallery when a whole-gallery download was
// bought in that quality, else for the photos bought one by one (alone or
// in packs).
func (s *Service) deliver(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, o *ent.Order, lines []*ent.OrderLine) error {
	whole := map[string]bool{}
	photos := map[string][]string{}
	for _, l := range lines {
		var q string
		if l.Details != nil {
			q = l.Details.Quality
		}
		switch l.Kind {
		case pricing.KindAllGallery:
			whole[q] = true
		case pricing.KindDigitalFile:
			photos[q] = append(photos[q], l.PhotoID)
		case pricing.KindPack:
			for q, ids := range packFiles(l) {
				photos[q] = append(photos[q], ids...)
			}
		}
	}
	g, err := o.QueryGallery().Only(ctx)
	if err != nil {
		return err
	}
	for _, q := range []string{"hd", "web"} {
		d := downloads.OrderDelivery{GalleryID: g.ID, OrderID: o.ID, Email: o.Email, SessionKey: o.SessionKey, Language: o.Language,
			Quality: downloadrequest.Quality(q)}
		switch {
		case whole[q]:
		case len(photos[q]) > 0:
			ids := slices.Clone(photos[q])
			slices.Sort(ids)
			d.PhotoIDs = slices.Compact(ids)
		default:
			continue
		}
		if _, err := downloads.ForOrder(ctx, tx, enq, d); err != nil {
			return err
		}
	}
	return nil
}

// packFiles lists a pack line's digital files by quality, from the
// content and qualities its details recorded.
func packFiles(l *ent.OrderLine) map[string][]string {
	out := map[string][]string{}
	if l.Details == nil || l.Details.Content == nil {
		return out
	}
	for _, c := range l.Details.Content.DigitalFiles {
		q := l.Details.DigitalQualities[c.FormatID]
		if q == "" {
			q = "hd"
		}
		for _, p := range c.Photos {
			out[q] = append(out[q], p.PhotoID)
		}
	}
	return out
}
