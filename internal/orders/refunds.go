package orders

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/refund"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// Refunds. What an order gave back is counted in its RefundedTotal, raised
// in the transaction that records each Refund by a conditional update
// (refunded_total + amount <= total): two refunds racing for the same
// order never give back more than it cost, on SQLite or PostgreSQL. A job
// per Refund then asks the provider (its idempotency key is the refund's
// id, so a retried job refunds once).

// KindRefundPart is the job kind that carries out one Refund.
const KindRefundPart = "order_refund"

// ErrRefundAmount: a refund of nothing, or of more than is left to refund.
var ErrRefundAmount = apperr.New(CodeRefundAmount, http.StatusBadRequest, "refund_amount").WithField("amount")

// RefundPartArgs asks the provider for one recorded Refund.
type RefundPartArgs struct {
	RefundID string `json:"refund_id"`
}

// Kind names the job.
func (RefundPartArgs) Kind() string { return KindRefundPart }

// InsertOpts retries for about a day: money owed back is not dropped.
func (RefundPartArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 12} }

// RefundPart gives back part of a paid order through its provider. The
// order keeps its status; giving back all that is left is a full refund
// (Refund), which ends the order.
func (s *Service) RefundPart(ctx context.Context, id string, amount money.Cents) (*ent.Order, error) {
	o, err := s.own(ctx, id)
	if err != nil {
		return nil, err
	}
	if amount <= 0 {
		return nil, ErrRefundAmount
	}
	if int(amount) == o.Total-o.RefundedTotal {
		return s.Refund(ctx, id)
	}
	err = s.Jobs.InTx(viewer.SystemContext(ctx), func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		n, err := tx.Order.Update().Where(order.ID(id), order.StatusIn(PaidStatuses...), fitsRefund(int(amount))).
			AddRefundedTotal(int(amount)).Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			if ok, err := tx.Order.Query().Where(order.ID(id), order.StatusIn(PaidStatuses...)).Exist(ctx); err != nil || !ok {
				return errors.Join(err, ErrTransition)
			}
			return ErrRefundAmount
		}
		if err := s.recordRefunds(ctx, tx, enq, id, int(amount)); err != nil {
			return err
		}
		_, err = enq.Enqueue(ctx, MailArgs{OrderID: id, Mail: MailRefunded, Amount: int(amount)}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.publish(ctx, o)
	return s.Get(ctx, id)
}

// fitsRefund holds while amount more stays within what the order cost.
func fitsRefund(amount int) func(*entsql.Selector) {
	return func(s *entsql.Selector) {
		s.Where(entsql.P(func(b *entsql.Builder) {
			b.WriteString(s.C(order.FieldRefundedTotal)).WriteString(" + ").Arg(amount).
				WriteString(" <= ").WriteString(s.C(order.FieldTotal))
		}))
	}
}

// refundRest counts what is left to refund of an order as refunded, in the
// transaction that ends it, and records it. The order's move out of a paid
// state (release) already happened once in this transaction.
func (s *Service) refundRest(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, id string) (int, error) {
	o, err := tx.Order.Get(ctx, id)
	if err != nil {
		return 0, err
	}
	rest := o.Total - o.RefundedTotal
	if rest <= 0 {
		return 0, nil
	}
	n, err := tx.Order.Update().Where(order.ID(id), fitsRefund(rest)).AddRefundedTotal(rest).Save(ctx)
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, ErrTransition
	}
	return rest, s.recordRefunds(ctx, tx, enq, id, rest)
}

// recordRefunds spreads an amount over the order's succeeded payments (what
// each has left), records a Refund per payment and queues its job.
func (s *Service) recordRefunds(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, id string, amount int) error {
	paid, err := tx.Payment.Query().Where(payment.HasOrderWith(order.ID(id)), payment.StatusEQ(payment.StatusSucceeded)).
		WithRefunds().Order(ent.Asc(payment.FieldCreatedAt), ent.Asc(payment.FieldID)).All(ctx)
	if err != nil {
		return err
	}
	for _, p := range paid {
		if amount == 0 {
			break
		}
		left := p.Amount
		for _, r := range p.Edges.Refunds {
			if r.Status != refund.StatusFailed {
				left -= r.Amount
			}
		}
		x := min(left, amount)
		if x <= 0 {
			continue
		}
		r, err := tx.Refund.Create().SetOrderID(id).SetPaymentID(p.ID).SetAmount(x).Save(ctx)
		if err != nil {
			return err
		}
		if _, err := enq.Enqueue(ctx, RefundPartArgs{RefundID: r.ID}, nil); err != nil {
			return err
		}
		amount -= x
	}
	if amount > 0 {
		return fmt.Errorf("orders: refund of order %s: %d cents more than its payments: %w", id, amount, ErrRefundAmount)
	}
	return nil
}

type refundPartWorker struct {
	river.WorkerDefaults[RefundPartArgs]
	s *Service
}

// Work asks the provider for a recorded refund once. A payment given back
// whole becomes refunded.
func (w *refundPartWorker) Work(ctx context.Context, job *river.Job[RefundPartArgs]) error {
	ctx = viewer.SystemContext(ctx)
	r, err := w.s.DB.Refund.Query().Where(refund.ID(job.Args.RefundID)).WithPayment().WithOrder().Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if r.Status != refund.StatusPending {
		return nil
	}
	p := r.Edges.Payment
	prov := w.s.provider(p.Provider)
	if prov == nil {
		return river.JobCancel(errors.New("orders: refund: unknown provider " + p.Provider))
	}
	ref, err := prov.Refund(ctx, p.ProviderRef, int64(r.Amount), "refund-"+r.ID)
	if err != nil {
		if job.Attempt >= job.MaxAttempts {
			_ = w.s.DB.Refund.UpdateOneID(r.ID).SetStatus(refund.StatusFailed).SetFailure(err.Error()).Exec(ctx)
		}
		return err
	}
	err = w.s.DB.Refund.UpdateOneID(r.ID).Where(refund.StatusEQ(refund.StatusPending)).
		SetStatus(refund.StatusSucceeded).SetProviderRef(ref).Exec(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return err
	}
	given, err := w.s.DB.Refund.Query().Where(refund.HasPaymentWith(payment.ID(p.ID)), refund.StatusEQ(refund.StatusSucceeded)).
		Aggregate(ent.Sum(refund.FieldAmount)).Int(ctx)
	if err != nil {
		return err
	}
	if given >= p.Amount {
		if err := w.s.DB.Payment.Update().Where(payment.ID(p.ID), payment.StatusEQ(payment.StatusSucceeded)).
			SetStatus(payment.StatusRefunded).SetRefundRef(ref).Exec(ctx); err != nil {
			return err
		}
	}
	w.s.publish(ctx, r.Edges.Order)
	return nil
}

// Refunds lists an order's refunds, oldest first.
func (s *Service) Refunds(ctx context.Context, o *ent.Order) ([]*ent.Refund, error) {
	return s.DB.Refund.Query().Where(refund.HasOrderWith(order.ID(o.ID))).
		Order(ent.Asc(refund.FieldCreatedAt), ent.Asc(refund.FieldID)).All(viewer.SystemContext(ctx))
}
