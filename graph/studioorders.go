package graph

import (
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/graph/gqlmodel"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/orders"
)

// orderFilter is the orders list's arguments as the domain takes them.
func orderFilter(status []order.Status, galleryID, search *string, from, to *time.Time,
	methods []order.PaymentMethod, delivery []gqlmodel.OrderDelivery) orders.Filter {
	f := orders.Filter{Statuses: status, From: from, To: to, Methods: methods}
	if galleryID != nil {
		f.GalleryID = *galleryID
	}
	if search != nil {
		f.Search = *search
	}
	for _, d := range delivery {
		switch d {
		case gqlmodel.OrderDeliveryDigital:
			f.Deliveries = append(f.Deliveries, orders.DeliveryNone)
		default:
			f.Deliveries = append(f.Deliveries, string(d))
		}
	}
	return f
}

// lineDetail is one of a line's recorded options, or nil when empty.
func lineDetail(l *ent.OrderLine, pick func(*model.OrderLineDetails) string) *string {
	if l.Details == nil {
		return nil
	}
	if v := pick(l.Details); v != "" {
		return &v
	}
	return nil
}
