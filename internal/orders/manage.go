package orders

import (
	"context"

	"entgo.io/contrib/entgql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/viewer"
)

// Filter narrows the photographer's order list.
type Filter struct {
	Statuses  []order.Status
	GalleryID string
}

// List answers a page of the photographer's orders, newest first.
func (s *Service) List(ctx context.Context, f Filter, after *entgql.Cursor[string], first *int) (*ent.OrderConnection, error) {
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
	return q.Paginate(viewer.SystemContext(ctx), after, first, nil, nil,
		ent.WithOrderOrder(&ent.OrderOrder{Field: ent.OrderOrderFieldCreatedAt, Direction: entgql.OrderDirectionDesc}))
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

// MarkSent records that a paid order's prints left the studio, and tells the buyer.
func (s *Service) MarkSent(ctx context.Context, id string) (*ent.Order, error) {
	return s.move(ctx, id, order.StatusSent, MailSent, func(o *ent.Order) bool { return o.DeliveryOption == "shipping" },
		order.StatusValidated)
}

// MarkReadyForPickup records that a paid order waits at the studio, and tells the buyer.
func (s *Service) MarkReadyForPickup(ctx context.Context, id string) (*ent.Order, error) {
	return s.move(ctx, id, order.StatusReadyForPickup, MailReady, func(o *ent.Order) bool { return o.DeliveryOption == "pickup" },
		order.StatusValidated)
}

// move changes a paid order's status once and mails the buyer in the same
// transaction.
func (s *Service) move(ctx context.Context, id string, to order.Status, kind MailKind, allowed func(*ent.Order) bool, from ...order.Status) (*ent.Order, error) {
	o, err := s.own(ctx, id)
	if err != nil {
		return nil, err
	}
	if !allowed(o) {
		return nil, ErrTransition
	}
	err = s.Jobs.InTx(viewer.SystemContext(ctx), func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		upd := tx.Order.Update().Where(order.ID(id), order.StatusIn(from...)).SetStatus(to)
		switch to {
		case order.StatusSent:
			upd.SetSentAt(s.now())
		case order.StatusReadyForPickup:
			upd.SetReadyAt(s.now())
		}
		n, err := upd.Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrTransition
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
		order.StatusAwaitingPayment, order.StatusPaymentError, order.StatusValidated, order.StatusSent, order.StatusReadyForPickup)
}

// Refund refunds a paid order in full through its provider.
func (s *Service) Refund(ctx context.Context, id string) (*ent.Order, error) {
	return s.end(ctx, id, order.StatusRefunded, MailRefunded, order.StatusValidated, order.StatusSent, order.StatusReadyForPickup)
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
		paid, err := tx.Payment.Query().Where(payment.HasOrderWith(order.ID(id)), payment.StatusEQ(payment.StatusSucceeded)).All(ctx)
		if err != nil {
			return err
		}
		for _, p := range paid {
			if _, err := enq.Enqueue(ctx, RefundArgs{PaymentID: p.ID}, nil); err != nil {
				return err
			}
		}
		if o.PaidAt != nil || to == order.StatusCancelled {
			_, err = enq.Enqueue(ctx, MailArgs{OrderID: id, Mail: kind}, nil)
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
