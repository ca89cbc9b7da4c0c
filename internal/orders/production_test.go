package orders_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/payments"
)

// countChanges counts the changes of orders announced to subscribers (each
// status change publishes one).
func (f *fixture) countChanges() *atomic.Int64 {
	var n atomic.Int64
	sub := f.ev.Subscribe(orders.TopicOrder)
	sub.Notify(func() { n.Add(1) })
	f.t.Cleanup(sub.Close)
	return &n
}

// TestMarkInProduction: only the photographer, only a paid order with
// prints; concurrent clicks move it once and date one step; it may then be
// sent, and is refunded as any paid order.
func TestMarkInProduction(t *testing.T) {
	f := setup(t) // no job runs: each change announced below is a status change
	pg := f.photographer()

	digital := buyer("dora@example.com")
	f.fill(digital, 0, 0, true)
	files := f.place(digital).Order
	f.pay(files, payments.Succeeded)
	if _, err := f.svc.MarkInProduction(pg, files.ID); code(err) != orders.CodeOrderNoPrints {
		t.Fatalf("files only: %v", err)
	}

	anne := buyer("anne@example.com")
	f.fill(anne, 0, 2, false)
	o := f.place(anne).Order
	if _, err := f.svc.MarkInProduction(pg, o.ID); code(err) != orders.CodeOrderState {
		t.Fatalf("before paid: %v", err)
	}
	f.pay(o, payments.Succeeded)
	if _, err := f.svc.MarkInProduction(anne, o.ID); code(err) != "unauthorized" {
		t.Fatalf("buyer: %v", err)
	}

	changes := f.countChanges()
	const n = 6
	var wg sync.WaitGroup
	got := make([]*ent.Order, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = f.svc.MarkInProduction(pg, o.ID)
		}()
	}
	wg.Wait()
	stored := f.reload(o)
	if stored.Status != order.StatusInProduction || stored.InProductionAt == nil {
		t.Fatalf("stored: %s %v", stored.Status, stored.InProductionAt)
	}
	for i := range n {
		if errs[i] != nil || got[i].Status != order.StatusInProduction || !got[i].InProductionAt.Equal(*stored.InProductionAt) {
			t.Fatalf("click %d: %v %+v", i, errs[i], got[i])
		}
	}
	if changes.Load() != 1 {
		t.Fatalf("%d status changes, want 1", changes.Load())
	}

	conn, err := f.svc.List(pg, orders.Filter{Statuses: []order.Status{order.StatusInProduction}}, nil, nil)
	if err != nil || conn.TotalCount != 1 || conn.Edges[0].Node.ID != o.ID {
		t.Fatalf("list: %v %+v", err, conn)
	}
	if sum, err := f.svc.Summarise(pg, orders.Filter{}); err != nil || sum.Paid != o.Total+files.Total {
		t.Fatalf("summary: %v %+v", err, sum)
	}
	if _, err := f.svc.MarkReadyForPickup(pg, o.ID); code(err) != orders.CodeOrderState {
		t.Fatalf("pickup of a shipped order: %v", err)
	}
	sent, err := f.svc.MarkSent(pg, o.ID, "BE1")
	if err != nil || sent.Status != order.StatusSent || sent.SentAt == nil || sent.InProductionAt == nil {
		t.Fatalf("sent: %v %+v", err, sent)
	}
	if _, err := f.svc.MarkInProduction(pg, o.ID); code(err) != orders.CodeOrderState {
		t.Fatalf("in production once sent: %v", err)
	}
}

// TestInProductionIsPaid: an order in production is cancelled and refunded
// as a validated one, and may be ready for pickup.
func TestInProductionIsPaid(t *testing.T) {
	f := setup(t)
	f.work()
	pg := f.photographer()
	for _, end := range []string{"cancel", "refund", "part", "pickup"} {
		delivery := "shipping"
		if end == "pickup" {
			delivery = "pickup"
		}
		o := f.paidOrder(end+"@example.com", "Anne", "Martin", 0, 1, delivery)
		if _, err := f.svc.MarkInProduction(pg, o.ID); err != nil {
			t.Fatalf("%s: in production: %v", end, err)
		}
		var got *ent.Order
		var err error
		want := order.StatusRefunded
		switch end {
		case "cancel":
			got, err = f.svc.Cancel(pg, o.ID)
			want = order.StatusCancelled
		case "refund":
			got, err = f.svc.Refund(pg, o.ID)
		case "part":
			got, err = f.svc.RefundPart(pg, o.ID, 100)
			want = order.StatusInProduction
		case "pickup":
			got, err = f.svc.MarkReadyForPickup(pg, o.ID)
			want = order.StatusReadyForPickup
		}
		if err != nil || got.Status != want {
			t.Fatalf("%s: %v %+v", end, err, got)
		}
		if end == "cancel" || end == "refund" {
			deadline := time.Now().Add(30 * time.Second)
			for f.latest(o).Status != payment.StatusRefunded {
				if time.Now().After(deadline) {
					t.Fatalf("%s: payment not refunded: %s", end, f.latest(o).Status)
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
	}
}
