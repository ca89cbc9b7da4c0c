package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/webhookevent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/viewer"
)

// errSeen ends the transaction of an event already recorded.
var errSeen = errors.New("orders: event already recorded")

// HandleWebhook verifies a provider's webhook request and applies its
// event once. A forged request gets ErrBadSignature; an event already
// recorded, or of no interest, changes nothing and is acknowledged.
func (s *Service) HandleWebhook(ctx context.Context, provider string, payload []byte, header http.Header) error {
	p := s.provider(provider)
	if p == nil {
		return ErrUnknownProvider
	}
	ev, err := p.ParseWebhook(payload, header)
	if errors.Is(err, payments.ErrBadSignature) {
		return ErrBadSignature.With(err)
	}
	if err != nil {
		return apperr.ErrInvalidInput.With(err)
	}
	if ev == nil {
		return nil
	}
	return s.Apply(viewer.SystemContext(ctx), provider, ev)
}

// Apply records a verified provider event and applies it to its payment in
// one transaction. An event seen before is acknowledged without a change.
// One whose payment is not visible yet (its transaction has not
// committed) is kept and retried by a job.
func (s *Service) Apply(ctx context.Context, provider string, ev *payments.Event) error {
	ctx = viewer.SystemContext(ctx)
	id := provider + ":" + ev.ID
	raw, err := toMap(ev)
	if err != nil {
		return err
	}
	var moved *ent.Order
	err = s.Jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		seen, err := tx.WebhookEvent.Query().Where(webhookevent.ID(id)).Exist(ctx)
		if err != nil {
			return err
		}
		if seen {
			return errSeen
		}
		create := tx.WebhookEvent.Create().SetID(id).SetProvider(provider).SetType(ev.Type).SetPaymentID(ev.PaymentID).
			SetEvent(raw).SetReceivedAt(s.now())
		pay, err := findPayment(ctx, tx, provider, ev)
		if err != nil {
			return err
		}
		if pay == nil {
			if err := create.Exec(ctx); err != nil {
				return err
			}
			_, err := enq.Enqueue(ctx, EventArgs{EventID: id}, nil)
			return err
		}
		if moved, err = s.applyTo(ctx, tx, enq, pay, ev); err != nil {
			return err
		}
		return create.SetProcessedAt(s.now()).Exec(ctx)
	})
	switch {
	case errors.Is(err, errSeen):
		return nil
	case ent.IsConstraintError(err):
		return nil // the same event, delivered twice at once: the other one applied it
	case err != nil:
		return fmt.Errorf("orders: event %s: %w", id, err)
	}
	if moved != nil {
		s.publish(ctx, moved)
	}
	return nil
}

// findPayment finds the attempt an event is about, or nil.
func findPayment(ctx context.Context, tx *ent.Client, provider string, ev *payments.Event) (*ent.Payment, error) {
	q := tx.Payment.Query().Where(payment.Provider(provider))
	switch {
	case ev.PaymentID != "":
		q.Where(payment.ID(ev.PaymentID))
	case ev.Ref != "":
		q.Where(payment.ProviderRef(ev.Ref))
	default:
		return nil, nil
	}
	p, err := q.First(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return p, err
}

// applyTo moves a payment and its order after an event. Every move is a
// conditional update from the states it may leave, so a repeated, late or
// out-of-order event changes nothing it should not. It returns the order
// when something moved.
func (s *Service) applyTo(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, pay *ent.Payment, ev *payments.Event) (*ent.Order, error) {
	o, err := pay.QueryOrder().Only(ctx)
	if err != nil {
		return nil, err
	}
	switch ev.Status {
	case payments.Processing:
		n, err := tx.Payment.Update().Where(payment.ID(pay.ID), payment.StatusEQ(payment.StatusPending)).
			SetStatus(payment.StatusProcessing).Save(ctx)
		if err != nil || n == 0 {
			return nil, err
		}
		err = tx.Order.Update().Where(order.ID(o.ID), order.StatusIn(order.StatusAwaitingPayment, order.StatusPaymentError)).
			SetStatus(order.StatusAwaitingValidation).Exec(ctx)
		return o, err
	case payments.Succeeded:
		n, err := tx.Payment.Update().Where(payment.ID(pay.ID),
			payment.StatusIn(payment.StatusPending, payment.StatusProcessing, payment.StatusFailed)).
			SetStatus(payment.StatusSucceeded).SetFailure("").Save(ctx)
		if err != nil || n == 0 {
			return nil, err
		}
		moved, err := s.validate(ctx, tx, enq, o, pay)
		if err != nil {
			return nil, err
		}
		if !moved {
			// Paid twice, or after the order expired or was cancelled:
			// this money goes back, and the photographer hears of it.
			s.log().Warn("orders: payment for an order not waiting for it: refunding", "order", o.ID, "payment", pay.ID, "status", o.Status)
			if _, err := enq.Enqueue(ctx, RefundArgs{PaymentID: pay.ID}, nil); err != nil {
				return nil, err
			}
			if _, err := enq.Enqueue(ctx, MailArgs{OrderID: o.ID, Mail: MailLatePayment}, nil); err != nil {
				return nil, err
			}
		}
		return o, nil
	case payments.Failed:
		n, err := tx.Payment.Update().Where(payment.ID(pay.ID), payment.StatusIn(payment.StatusPending, payment.StatusProcessing)).
			SetStatus(payment.StatusFailed).SetFailure(ev.Reason).Save(ctx)
		if err != nil || n == 0 {
			return nil, err
		}
		// Another attempt may be under way (the buyer tried again).
		other, err := tx.Payment.Query().Where(payment.HasOrderWith(order.ID(o.ID)), payment.IDNEQ(pay.ID),
			payment.StatusIn(payment.StatusPending, payment.StatusProcessing, payment.StatusSucceeded)).Exist(ctx)
		if err != nil || other {
			return o, err
		}
		n, err = tx.Order.Update().Where(order.ID(o.ID), order.StatusIn(order.StatusAwaitingPayment, order.StatusAwaitingValidation)).
			SetStatus(order.StatusPaymentError).Save(ctx)
		if err != nil {
			return nil, err
		}
		if n > 0 && o.ExpiresAt != nil {
			// The expiry job may have passed while the bank was deciding.
			at := *o.ExpiresAt
			if now := s.now(); at.Before(now) {
				at = now
			}
			if _, err := enq.Enqueue(ctx, ExpireArgs{OrderID: o.ID}, &river.InsertOpts{ScheduledAt: at}); err != nil {
				return nil, err
			}
		}
		return o, nil
	case payments.Refunded:
		n, err := tx.Payment.Update().Where(payment.ID(pay.ID), payment.StatusEQ(payment.StatusSucceeded)).
			SetStatus(payment.StatusRefunded).Save(ctx)
		if err != nil || n == 0 {
			return nil, err
		}
		// Refunded at the provider (its dashboard): the order follows.
		done, err := s.release(ctx, tx, enq, o, order.StatusRefunded, PaidStatuses...)
		if err != nil {
			return nil, err
		}
		if done {
			if err := tx.Order.UpdateOneID(o.ID).SetRefundedTotal(o.Total).Exec(ctx); err != nil {
				return nil, err
			}
			if _, err := enq.Enqueue(ctx, MailArgs{OrderID: o.ID, Mail: MailRefunded}, nil); err != nil {
				return nil, err
			}
		}
		return o, nil
	}
	return nil, nil
}

// applyStored applies an event kept for later (EventArgs).
func (s *Service) applyStored(ctx context.Context, id string) error {
	ctx = viewer.SystemContext(ctx)
	var moved *ent.Order
	err := s.Jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		we, err := tx.WebhookEvent.Get(ctx, id)
		if ent.IsNotFound(err) {
			return nil
		}
		if err != nil || we.ProcessedAt != nil {
			return err
		}
		ev, err := fromMap(we.Event)
		if err != nil {
			return err
		}
		pay, err := findPayment(ctx, tx, we.Provider, ev)
		if err != nil {
			return err
		}
		if pay == nil {
			return fmt.Errorf("orders: event %s: its payment is not visible yet", id)
		}
		if moved, err = s.applyTo(ctx, tx, enq, pay, ev); err != nil {
			return err
		}
		return tx.WebhookEvent.UpdateOneID(id).SetProcessedAt(s.now()).Exec(ctx)
	})
	if err == nil && moved != nil {
		s.publish(ctx, moved)
	}
	return err
}

func toMap(ev *payments.Event) (map[string]any, error) {
	b, err := json.Marshal(ev)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	return m, json.Unmarshal(b, &m)
}

func fromMap(m map[string]any) (*payments.Event, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var ev payments.Event
	return &ev, json.Unmarshal(b, &ev)
}
