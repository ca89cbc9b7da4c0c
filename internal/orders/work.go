package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/viewer"
)

// Job kinds.
const (
	KindExpire = "order_expire"
	KindEvent  = "payment_event"
	KindCancel = "payment_cancel"
	KindRefund = "payment_refund"
	KindMail   = "order_mail"
)

// A provider's page stays open at least minAttempt (Stripe's minimum is
// 30 minutes), and a page with less than minAttemptLeft is not handed out
// again.
const (
	minAttempt     = 35 * time.Minute
	minAttemptLeft = 5 * time.Minute
	// openingGrace: an attempt without its page yet is being opened by
	// the request that made it; after this, that request is taken as dead.
	openingGrace = 2 * time.Minute
)

// ExpireArgs expires an order still unpaid at its ExpiresAt.
type ExpireArgs struct {
	OrderID string `json:"order_id"`
}

// Kind names the job.
func (ExpireArgs) Kind() string { return KindExpire }

// EventArgs applies a provider event whose payment was not visible yet.
type EventArgs struct {
	EventID string `json:"event_id"`
}

// Kind names the job.
func (EventArgs) Kind() string { return KindEvent }

// InsertOpts retries for about a day.
func (EventArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 12} }

// CancelArgs closes a payment page no longer wanted.
type CancelArgs struct {
	PaymentID string `json:"payment_id"`
}

// Kind names the job.
func (CancelArgs) Kind() string { return KindCancel }

// RefundArgs gives a succeeded payment back through its provider.
type RefundArgs struct {
	PaymentID string `json:"payment_id"`
}

// Kind names the job.
func (RefundArgs) Kind() string { return KindRefund }

// InsertOpts retries for about a day: money owed back is not dropped.
func (RefundArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 12} }

// Register adds the order workers to River's: pass it to the service's
// own runner (jobs.Runner.Register) before the runner starts.
func (s *Service) Register(ws *river.Workers) {
	river.AddWorker(ws, &expireWorker{s: s})
	river.AddWorker(ws, &eventWorker{s: s})
	river.AddWorker(ws, &cancelWorker{s: s})
	river.AddWorker(ws, &refundWorker{s: s})
	river.AddWorker(ws, &mailWorker{s: s})
	river.AddWorker(ws, &refundPartWorker{s: s})
}

type expireWorker struct {
	river.WorkerDefaults[ExpireArgs]
	s *Service
}

// Work expires the order if it is still unpaid and its time has come (a
// new payment attempt may have pushed ExpiresAt back: the job then waits).
func (w *expireWorker) Work(ctx context.Context, job *river.Job[ExpireArgs]) error {
	return w.s.Expire(ctx, job.Args.OrderID)
}

// Expire expires an order if it is still unpaid after its ExpiresAt,
// giving back its voucher uses and gift-card amounts.
func (s *Service) Expire(ctx context.Context, id string) error {
	ctx = viewer.SystemContext(ctx)
	o, err := s.DB.Order.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if o.Status != order.StatusAwaitingPayment && o.Status != order.StatusPaymentError {
		return nil
	}
	if left := o.ExpiresAt.Sub(s.now()); left > 0 {
		return river.JobSnooze(left + time.Second)
	}
	var done bool
	err = s.Jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		done, err = s.release(ctx, tx, enq, o, order.StatusExpired, order.StatusAwaitingPayment, order.StatusPaymentError)
		return err
	})
	if err != nil {
		return fmt.Errorf("orders: expire %s: %w", id, err)
	}
	if done {
		s.publish(ctx, o)
	}
	return nil
}

type eventWorker struct {
	river.WorkerDefaults[EventArgs]
	s *Service
}

func (w *eventWorker) Work(ctx context.Context, job *river.Job[EventArgs]) error {
	return w.s.applyStored(ctx, job.Args.EventID)
}

type cancelWorker struct {
	river.WorkerDefaults[CancelArgs]
	s *Service
}

// Work closes the provider's page of an attempt that was replaced or whose
// order ended; a closed page cannot take a late payment.
func (w *cancelWorker) Work(ctx context.Context, job *river.Job[CancelArgs]) error {
	p, err := w.s.DB.Payment.Get(viewer.SystemContext(ctx), job.Args.PaymentID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	prov := w.s.provider(p.Provider)
	if prov == nil || p.ProviderRef == "" {
		return nil
	}
	return prov.Cancel(ctx, p.ProviderRef)
}

type refundWorker struct {
	river.WorkerDefaults[RefundArgs]
	s *Service
}

// Work refunds a succeeded payment once (the provider's idempotency key
// makes a retried job safe).
func (w *refundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	ctx = viewer.SystemContext(ctx)
	p, err := w.s.DB.Payment.Get(ctx, job.Args.PaymentID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.Status != payment.StatusSucceeded {
		return nil
	}
	prov := w.s.provider(p.Provider)
	if prov == nil {
		return river.JobCancel(errors.New("orders: refund: unknown provider " + p.Provider))
	}
	ref, err := prov.Refund(ctx, p.ProviderRef, int64(p.Amount), "refund-"+p.ID)
	if err != nil {
		return err
	}
	n, err := w.s.DB.Payment.Update().Where(payment.ID(p.ID), payment.StatusEQ(payment.StatusSucceeded)).
		SetStatus(payment.StatusRefunded).SetRefundRef(ref).Save(ctx)
	if err == nil && n > 0 {
		if o, err := p.QueryOrder().Only(ctx); err == nil {
			w.s.publish(ctx, o)
		}
	}
	return err
}
