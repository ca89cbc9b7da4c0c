package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"entgo.io/contrib/entgql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// Filter narrows the photographer's order list. Zero fields do not filter.
type Filter struct {
	Statuses  []order.Status
	GalleryID string
	// Search finds an order by its number, its buyer's name or e-mail
	// (a part of any, case-insensitive).
	Search string
	// From and To bound when the order was placed: From <= created < To.
	From, To *time.Time
	Methods  []order.PaymentMethod
	// Deliveries are delivery options: "shipping", "pickup" or "none"
	// (digital files only).
	Deliveries []string
}

// query is the photographer's orders the filter keeps.
func (s *Service) query(ctx context.Context, f Filter) (*ent.OrderQuery, error) {
	pid := viewer.FromContext(ctx).PhotographerID
	if pid == "" {
		return nil, apperr.ErrUnauthorized.WithMessage("photographer_only", nil)
	}
	q := s.DB.Order.Query().Where(order.HasGalleryWith(gallery.PhotographerID(pid)))
	if len(f.Statuses) > 0 {
		q.Where(order.StatusIn(f.Statuses...))
	}
	if f.GalleryID != "" {
		q.Where(order.HasGalleryWith(gallery.ID(f.GalleryID)))
	}
	if f.From != nil {
		q.Where(order.CreatedAtGTE(*f.From))
	}
	if f.To != nil {
		q.Where(order.CreatedAtLT(*f.To))
	}
	if len(f.Methods) > 0 {
		q.Where(order.PaymentMethodIn(f.Methods...))
	}
	if len(f.Deliveries) > 0 {
		q.Where(order.DeliveryOptionIn(f.Deliveries...))
	}
	if t := strings.TrimSpace(f.Search); t != "" {
		q.Where(searchOrders(t))
	}
	return q, nil
}

// searchOrders matches a part of the number, the e-mail or the billing
// name ("first last" or "last first"), ignoring case, on both databases.
func searchOrders(text string) func(*entsql.Selector) {
	like := "%" + likeEscaper.Replace(strings.ToLower(text)) + "%"
	return func(s *entsql.Selector) {
		addr := s.C(order.FieldBillingAddress)
		first, last := "json_extract("+addr+", '$.firstname')", "json_extract("+addr+", '$.lastname')"
		if s.Dialect() == dialect.Postgres {
			first, last = addr+"->>'firstname'", addr+"->>'lastname'"
		}
		likeP := func(expr string) *entsql.Predicate {
			return entsql.P(func(b *entsql.Builder) {
				b.WriteString("LOWER(" + expr + ") LIKE ").Arg(like).WriteString(` ESCAPE '\'`)
			})
		}
		s.Where(entsql.Or(
			likeP(s.C(order.FieldNumber)),
			likeP(s.C(order.FieldEmail)),
			likeP("COALESCE("+first+", '') || ' ' || COALESCE("+last+", '')"),
			likeP("COALESCE("+last+", '') || ' ' || COALESCE("+first+", '')"),
		))
	}
}

var likeEscaper = strings.NewReplacer("\\", "\\\\", "%", "\\%", "_", "\\_")

// List answers a page of the photographer's orders, newest first.
func (s *Service) List(ctx context.Context, f Filter, after *entgql.Cursor[string], first *int) (*ent.OrderConnection, error) {
	q, err := s.query(ctx, f)
	if err != nil {
		return nil, err
	}
	return q.Paginate(viewer.SystemContext(ctx), after, first, nil, nil,
		ent.WithOrderOrder(&ent.OrderOrder{Field: ent.OrderOrderFieldCreatedAt, Direction: entgql.OrderDirectionDesc}))
}

// Summary is what the orders a filter keeps add up to.
type Summary struct {
	Count int
	// Paid is the total of the paid orders among them (validated, in
	// production, sent, ready for pickup, refunded), Refunded what went back of them, in cents.
	Paid, Refunded int
}

// Summarise adds up the photographer's orders a filter keeps.
func (s *Service) Summarise(ctx context.Context, f Filter) (*Summary, error) {
	q, err := s.query(ctx, f)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Count    int `json:"count"`
		Paid     int `json:"paid"`
		Refunded int `json:"refunded"`
	}
	err = q.Where(order.PaidAtNotNil()).
		Modify(func(sel *entsql.Selector) {
			sel.Select(
				entsql.As("COUNT(*)", "count"),
				entsql.As("COALESCE(SUM("+sel.C(order.FieldTotal)+"), 0)", "paid"),
				entsql.As("COALESCE(SUM("+sel.C(order.FieldRefundedTotal)+"), 0)", "refunded"))
		}).Scan(viewer.SystemContext(ctx), &rows)
	if err != nil {
		return nil, fmt.Errorf("orders: summary: %w", err)
	}
	all, err := s.query(ctx, f)
	if err != nil {
		return nil, err
	}
	n, err := all.Count(viewer.SystemContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("orders: count: %w", err)
	}
	out := &Summary{Count: n}
	if len(rows) > 0 {
		out.Paid, out.Refunded = rows[0].Paid, rows[0].Refunded
	}
	return out, nil
}

// own loads an order of the viewer's galleries, for the photographer's tools.
func (s *Service) own(ctx context.Context, id string) (*ent.Order, error) {
	o, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !IsPhotographer(ctx, o) {
		if viewer.FromContext(ctx).PhotographerID == "" {
			return nil, apperr.ErrUnauthorized.WithMessage("photographer_only", nil)
		}
		return nil, ErrOrderNotFound
	}
	return o, nil
}

// MaxTracking is the longest tracking number kept.
const MaxTracking = 100

// ErrTracking: a tracking number too long.
var ErrTracking = apperr.ErrInvalidInput.WithMessage("order_tracking_invalid", nil).WithField("trackingNumber")

// PaidStatuses are the statuses of a paid order that is neither cancelled
// nor refunded in full: what the photographer may still move, cancel or
// refund.
var PaidStatuses = []order.Status{order.StatusValidated, order.StatusInProduction, order.StatusSent, order.StatusReadyForPickup}

// MarkInProduction records that a paid order's prints are being made (by
// the lab or the studio). Only a validated order with prints or products
// to deliver. A second call (a double click, another tab) changes nothing
// and answers the order as the first left it. The buyer follows it on the
// order's page, without an e-mail.
func (s *Service) MarkInProduction(ctx context.Context, id string) (*ent.Order, error) {
	o, err := s.own(ctx, id)
	if err != nil {
		return nil, err
	}
	if o.DeliveryOption == "none" {
		return nil, ErrNoPrints
	}
	if o.Status == order.StatusInProduction {
		return o, nil
	}
	moved, err := s.move(ctx, o, order.StatusInProduction, "",
		func(u *ent.OrderUpdate) { u.SetInProductionAt(s.now()) },
		order.StatusValidated)
	if errors.Is(err, ErrTransition) {
		// Another call may have won the conditional update meanwhile.
		if now, gerr := s.Get(ctx, id); gerr == nil && now.Status == order.StatusInProduction {
			return now, nil
		}
	}
	return moved, err
}

// MarkSent records that a paid order's prints left the studio, with the
// carrier's tracking number if given, and tells the buyer.
func (s *Service) MarkSent(ctx context.Context, id, tracking string) (*ent.Order, error) {
	tracking = strings.TrimSpace(tracking)
	if utf8.RuneCountInString(tracking) > MaxTracking || strings.ContainsAny(tracking, "\r\n") {
		return nil, ErrTracking
	}
	o, err := s.own(ctx, id)
	if err != nil {
		return nil, err
	}
	if o.DeliveryOption != "shipping" {
		return nil, ErrTransition
	}
	return s.move(ctx, o, order.StatusSent, MailSent,
		func(u *ent.OrderUpdate) { u.SetSentAt(s.now()).SetTrackingNumber(tracking) },
		order.StatusValidated, order.StatusInProduction)
}

// MarkReadyForPickup records that a paid order waits at the studio, and tells the buyer.
func (s *Service) MarkReadyForPickup(ctx context.Context, id string) (*ent.Order, error) {
	o, err := s.own(ctx, id)
	if err != nil {
		return nil, err
	}
	if o.DeliveryOption != "pickup" {
		return nil, ErrTransition
	}
	return s.move(ctx, o, order.StatusReadyForPickup, MailReady,
		func(u *ent.OrderUpdate) { u.SetReadyAt(s.now()) },
		order.StatusValidated, order.StatusInProduction)
}

// move changes a paid order's status once (a conditional update: of
// concurrent calls one wins, the others get ErrTransition) and mails the
// buyer in the same transaction, unless kind is "".
func (s *Service) move(ctx context.Context, o *ent.Order, to order.Status, kind MailKind, set func(*ent.OrderUpdate), from ...order.Status) (*ent.Order, error) {
	id := o.ID
	err := s.Jobs.InTx(viewer.SystemContext(ctx), func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		upd := tx.Order.Update().Where(order.ID(id), order.StatusIn(from...)).SetStatus(to)
		set(upd)
		n, err := upd.Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrTransition
		}
		if kind == "" {
			return nil
		}
		_, err = enq.Enqueue(ctx, MailArgs{OrderID: id, Mail: kind}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.publish(ctx, o)
	return s.Get(ctx, id)
}

// Cancel cancels an order: an unpaid one gives back its voucher uses and
// gift-card amounts; a paid one is refunded too.
func (s *Service) Cancel(ctx context.Context, id string) (*ent.Order, error) {
	return s.end(ctx, id, order.StatusCancelled, MailCancelled,
		append([]order.Status{order.StatusAwaitingPayment, order.StatusPaymentError}, PaidStatuses...)...)
}

// Refund refunds a paid order in full through its provider.
func (s *Service) Refund(ctx context.Context, id string) (*ent.Order, error) {
	return s.end(ctx, id, order.StatusRefunded, MailRefunded, PaidStatuses...)
}

func (s *Service) end(ctx context.Context, id string, to order.Status, kind MailKind, from ...order.Status) (*ent.Order, error) {
	o, err := s.own(ctx, id)
	if err != nil {
		return nil, err
	}
	err = s.Jobs.InTx(viewer.SystemContext(ctx), func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		done, err := s.release(ctx, tx, enq, o, to, from...)
		if err != nil {
			return err
		}
		if !done {
			return ErrTransition
		}
		paid, err := tx.Payment.Query().Where(payment.HasOrderWith(order.ID(id)), payment.StatusEQ(payment.StatusSucceeded)).Exist(ctx)
		if err != nil {
			return err
		}
		rest := 0
		if paid {
			// What earlier partial refunds left goes back now.
			if rest, err = s.refundRest(ctx, tx, enq, id); err != nil {
				return err
			}
		}
		if o.PaidAt != nil || to == order.StatusCancelled {
			args := MailArgs{OrderID: id, Mail: kind}
			if o.RefundedTotal > 0 {
				args.Amount = rest
			}
			_, err = enq.Enqueue(ctx, args, nil)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	s.publish(ctx, o)
	return s.Get(ctx, id)
}

// Downloads lists the download requests delivering an order's files.
func (s *Service) Downloads(ctx context.Context, o *ent.Order) ([]*ent.DownloadRequest, error) {
	return s.DB.DownloadRequest.Query().Where(downloadrequest.OrderID(o.ID)).
		WithGallery(func(q *ent.GalleryQuery) { q.Select(gallery.FieldID, gallery.FieldPhotographerID, gallery.FieldURL) }).
		Order(ent.Asc(downloadrequest.FieldQuality)).All(viewer.SystemContext(ctx))
}

// ResendDownloads e-mails the ready links of an order's files again.
func (s *Service) ResendDownloads(ctx context.Context, d *downloads.Service, id string) (*ent.Order, error) {
	o, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	rs, err := s.Downloads(ctx, o)
	if err != nil {
		return nil, err
	}
	for _, r := range rs {
		if r.Status != downloadrequest.StatusReady {
			continue
		}
		if _, err := d.Resend(viewer.SystemContext(ctx), r.ID); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// PaidMoney is Paid as the GraphQL schema shows it.
func (s *Summary) PaidMoney() money.Money { return money.EURCents(s.Paid) }

// RefundedMoney is Refunded as the GraphQL schema shows it.
func (s *Summary) RefundedMoney() money.Money { return money.EURCents(s.Refunded) }

// VoucherUse is a discount code or gift card an order used.
type VoucherUse struct {
	Code   string
	Kind   voucher.Kind
	Amount money.Money
}

// VoucherUses lists the vouchers an order used, each with what it took
// net of give-backs, in the order they were used.
func (s *Service) VoucherUses(ctx context.Context, o *ent.Order) ([]*VoucherUse, error) {
	rs, err := s.DB.VoucherRedemption.Query().Where(voucherredemption.HasOrderWith(order.ID(o.ID))).WithVoucher().
		Order(ent.Asc(voucherredemption.FieldCreatedAt), ent.Asc(voucherredemption.FieldID)).All(viewer.SystemContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("orders: vouchers of %s: %w", o.ID, err)
	}
	var out []*VoucherUse
	net := map[string]int{}
	for _, r := range rs {
		v := r.Edges.Voucher
		if _, ok := net[v.ID]; !ok {
			out = append(out, &VoucherUse{Code: v.Code, Kind: v.Kind})
		}
		net[v.ID] += r.Amount
	}
	i := 0
	for _, r := range rs {
		v := r.Edges.Voucher
		if c, ok := net[v.ID]; ok {
			out[i].Amount = money.EURCents(money.Cents(c))
			delete(net, v.ID)
			i++
		}
	}
	return out, nil
}
