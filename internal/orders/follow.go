package orders

import (
	"context"
	"errors"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/viewer"
)

// DeliveryNone is the delivery option of an order of digital files only.
const DeliveryNone = "none"

// Follow hands the signed-in photographer each order of their galleries
// as it is placed or changes, read from the tables after each event of
// TopicOrder (which crosses servers on PostgreSQL). Events of other
// photographers' orders are read and dropped. The channel closes when ctx
// ends or the broker stops.
func (s *Service) Follow(ctx context.Context, ev events.Broker) (<-chan *ent.Order, error) {
	pid := viewer.FromContext(ctx).PhotographerID
	if pid == "" {
		return nil, apperr.ErrUnauthorized.WithMessage("photographer_only", nil)
	}
	if ev == nil {
		return nil, apperr.ErrInternal
	}
	sub := ev.Subscribe(TopicOrder)
	ch := make(chan *ent.Order, 8)
	go func() {
		defer close(ch)
		defer sub.Close()
		for {
			evs, err := sub.Next(ctx)
			if err != nil {
				if !errors.Is(err, events.ErrClosed) && ctx.Err() == nil {
					s.log().Warn("orders: studio feed", "err", err)
				}
				return
			}
			var ids []string
			for _, e := range evs {
				if !e.Resync() {
					ids = append(ids, e.ID)
				}
			}
			if len(ids) == 0 {
				continue
			}
			os, err := s.DB.Order.Query().Where(order.IDIn(ids...), order.HasGalleryWith(gallery.PhotographerID(pid))).
				WithGallery().Order(ent.Asc(order.FieldCreatedAt)).All(viewer.SystemContext(ctx))
			if err != nil {
				if ctx.Err() == nil {
					s.log().Warn("orders: studio feed", "err", err)
				}
				return
			}
			for _, o := range os {
				select {
				case ch <- o:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return ch, nil
}
