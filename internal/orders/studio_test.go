package orders_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/refund"
	cartsvc "github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/viewer"
)

func (f *fixture) photographer() context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.gala.PhotographerID})
}

// paidOrder places and pays an order of q prints of photo i for the buyer,
// billed to first/last name.
func (f *fixture) paidOrder(email, first, last string, i, q int, delivery string) *ent.Order {
	f.t.Helper()
	ctx := buyer(email)
	f.fill(ctx, i, q, false)
	a := belgian()
	a.Firstname, a.Lastname = first, last
	if _, err := f.carts.SetClientData(ctx, f.gala, cartsvc.ClientDataInput{Billing: a, SameAsBilling: true, DeliveryOption: delivery}); err != nil {
		f.t.Fatalf("address: %v", err)
	}
	o := f.place(ctx).Order
	f.pay(o, payments.Succeeded)
	return f.reload(o)
}

// TestStudioOrderFilters lists and adds up the photographer's orders by
// every filter, and refuses anyone else.
func TestStudioOrderFilters(t *testing.T) {
	f := setup(t)
	anne := f.paidOrder("anne@example.com", "Anne", "Martin", 0, 1, "shipping")
	bob := f.paidOrder("bob@example.org", "Bob", "Dupont", 1, 2, "pickup")
	ctx := buyer("carla@example.com")
	f.fill(ctx, 2, 1, false)
	unpaid := f.place(ctx).Order
	pg := f.photographer()

	ids := func(fl orders.Filter) string {
		t.Helper()
		conn, err := f.svc.List(pg, fl, nil, nil)
		if err != nil {
			t.Fatalf("list %+v: %v", fl, err)
		}
		var out []string
		for _, e := range conn.Edges {
			out = append(out, e.Node.Number)
		}
		return strings.Join(out, ",")
	}
	hour := time.Hour
	past, future := time.Now().Add(-hour), time.Now().Add(hour)
	for _, tc := range []struct {
		name string
		f    orders.Filter
		want []*ent.Order
	}{
		{"all", orders.Filter{}, []*ent.Order{unpaid, bob, anne}},
		{"e-mail part, any case", orders.Filter{Search: "EXAMPLE.ORG"}, []*ent.Order{bob}},
		{"last name", orders.Filter{Search: "martin"}, []*ent.Order{unpaid, anne}}, // carla's billing name is Anne Martin too
		{"first and last name", orders.Filter{Search: "bob dup"}, []*ent.Order{bob}},
		{"last and first name", orders.Filter{Search: "Dupont Bob"}, []*ent.Order{bob}},
		{"number", orders.Filter{Search: bob.Number}, []*ent.Order{bob}},
		{"like characters are text", orders.Filter{Search: "%"}, nil},
		{"status", orders.Filter{Statuses: []order.Status{order.StatusAwaitingPayment}}, []*ent.Order{unpaid}},
		{"pickup", orders.Filter{Deliveries: []string{"pickup"}}, []*ent.Order{bob}},
		{"digital only", orders.Filter{Deliveries: []string{orders.DeliveryNone}}, nil},
		{"method", orders.Filter{Methods: []order.PaymentMethod{order.PaymentMethodBancontact}}, nil},
		{"from the past", orders.Filter{From: &past}, []*ent.Order{unpaid, bob, anne}},
		{"until the past", orders.Filter{To: &past}, nil},
		{"from the future", orders.Filter{From: &future}, nil},
		{"gallery", orders.Filter{GalleryID: f.gala.ID, Search: "anne@"}, []*ent.Order{anne}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want []string
			for _, o := range tc.want {
				want = append(want, o.Number)
			}
			if got := ids(tc.f); got != strings.Join(want, ",") {
				t.Errorf("got %q, want %q", got, strings.Join(want, ","))
			}
		})
	}

	sum, err := f.svc.Summarise(pg, orders.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Count != 3 || sum.Paid != anne.Total+bob.Total || sum.Refunded != 0 {
		t.Fatalf("summary %+v; anne %d, bob %d", sum, anne.Total, bob.Total)
	}
	sum, err = f.svc.Summarise(pg, orders.Filter{Search: "bob"})
	if err != nil || sum.Count != 1 || sum.Paid != bob.Total {
		t.Fatalf("bob's summary %+v %v", sum, err)
	}

	for name, c := range map[string]context.Context{"buyer": buyer("anne@example.com"), "nobody": context.Background()} {
		if _, err := f.svc.List(c, orders.Filter{}, nil, nil); code(err) != "unauthorized" {
			t.Errorf("%s lists: %v", name, err)
		}
		if _, err := f.svc.Summarise(c, orders.Filter{}); code(err) != "unauthorized" {
			t.Errorf("%s adds up: %v", name, err)
		}
		if _, err := f.svc.Follow(c, f.ev); code(err) != "unauthorized" {
			t.Errorf("%s follows: %v", name, err)
		}
		if _, err := f.svc.RefundPart(c, anne.ID, 100); code(err) != "unauthorized" && code(err) != "order_not_found" {
			t.Errorf("%s refunds: %v", name, err)
		}
	}
	other := viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: "pgr_someoneelse"})
	if conn, err := f.svc.List(other, orders.Filter{}, nil, nil); err != nil || conn.TotalCount != 0 {
		t.Errorf("another photographer lists %v: %v", conn, err)
	}
	if _, err := f.svc.RefundPart(other, anne.ID, 100); code(err) != "order_not_found" {
		t.Errorf("another photographer refunds: %v", err)
	}
}

// TestStudioOrderFeed: the photographer's feed brings an order when it is
// placed and again when it is paid.
func TestStudioOrderFeed(t *testing.T) {
	f := setup(t)
	ctx, cancel := context.WithCancel(f.photographer())
	defer cancel()
	feed, err := f.svc.Follow(ctx, f.ev)
	if err != nil {
		t.Fatal(err)
	}
	b := buyer("anne@example.com")
	f.fill(b, 0, 1, false)
	o := f.place(b).Order
	next := func(want order.Status) {
		t.Helper()
		select {
		case got, ok := <-feed:
			if !ok || got.ID != o.ID || got.Status != want {
				t.Fatalf("feed: %v %v, want %s %s", got, ok, o.ID, want)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("no %s event", want)
		}
	}
	next(order.StatusAwaitingPayment)
	f.pay(o, payments.Succeeded)
	next(order.StatusValidated)
	cancel()
	for range feed { // closes once the subscriber leaves
	}
}

// TestConcurrentRefunds fires partial and full refunds of one paid order
// at once: what they give back never exceeds what was paid, each refund
// reaches the provider once, and the payment ends refunded.
func TestConcurrentRefunds(t *testing.T) {
	f := setup(t)
	o := f.paidOrder("anne@example.com", "Anne", "Martin", 0, 4, "shipping")
	pg := f.photographer()
	part := money.Cents(o.Total * 6 / 10)
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i == n-1 {
				_, errs[i] = f.svc.Refund(pg, o.ID)
				return
			}
			_, errs[i] = f.svc.RefundPart(pg, o.ID, part)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil && code(err) != "refund_amount" && code(err) != "order_state" {
			t.Fatalf("refund %d: %v", i, err)
		}
	}
	got := f.reload(o)
	recorded := 0
	for _, r := range f.db.Client.Refund.Query().Where(refund.HasOrderWith(order.ID(o.ID))).AllX(f.sys) {
		recorded += r.Amount
	}
	if got.RefundedTotal > o.Total || recorded != got.RefundedTotal {
		t.Fatalf("paid %d, refunded %d, refunds recorded %d", o.Total, got.RefundedTotal, recorded)
	}
	// Whatever won, the rest can still be refunded, and no more.
	if got.Status != order.StatusRefunded {
		if _, err := f.svc.RefundPart(pg, o.ID, money.Cents(o.Total-got.RefundedTotal+1)); code(err) != "refund_amount" {
			t.Fatalf("refund beyond what is left: %v", err)
		}
		if _, err := f.svc.Refund(pg, o.ID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.svc.RefundPart(pg, o.ID, 1); code(err) != "order_state" {
		t.Fatalf("refund of a refunded order: %v", err)
	}
	f.work()
	deadline := time.Now().Add(30 * time.Second)
	for f.latest(o).Status != payment.StatusRefunded {
		if time.Now().After(deadline) {
			t.Fatalf("payment not refunded: %s", f.latest(o).Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	got = f.reload(o)
	if got.RefundedTotal != o.Total || got.Status != order.StatusRefunded {
		t.Fatalf("end: %s, refunded %d of %d", got.Status, got.RefundedTotal, o.Total)
	}
	for _, r := range f.db.Client.Refund.Query().Where(refund.HasOrderWith(order.ID(o.ID))).AllX(f.sys) {
		if r.Status != refund.StatusSucceeded || r.ProviderRef != "test_re_"+r.ID {
			t.Errorf("refund %s: %s %q", r.ID, r.Status, r.ProviderRef)
		}
	}
}

// TestSentWithTrackingAndPartialRefund: the shipping e-mail carries the
// tracking number; a partial refund keeps the order's status and tells
// the buyer the amount.
func TestSentWithTrackingAndPartialRefund(t *testing.T) {
	f := setup(t)
	f.work()
	o := f.paidOrder("anne@example.com", "Anne", "Martin", 0, 2, "shipping")
	pg := f.photographer()
	if _, err := f.svc.MarkSent(pg, o.ID, strings.Repeat("x", 101)); code(err) != "invalid_input" {
		t.Fatalf("long tracking number: %v", err)
	}
	sent, err := f.svc.MarkSent(pg, o.ID, " BE123456789 ")
	if err != nil || sent.TrackingNumber != "BE123456789" {
		t.Fatalf("sent: %v %+v", err, sent)
	}
	if _, err := f.svc.RefundPart(pg, o.ID, 0); code(err) != "refund_amount" {
		t.Fatalf("refund of nothing: %v", err)
	}
	half := money.Cents(o.Total / 2)
	r, err := f.svc.RefundPart(pg, o.ID, half)
	if err != nil || r.Status != order.StatusSent || r.RefundedTotal != int(half) {
		t.Fatalf("half refund: %v %+v", err, r)
	}
	var shipped, refunded string
	deadline := time.Now().Add(30 * time.Second)
	for (shipped == "" || refunded == "") && time.Now().Before(deadline) {
		for _, m := range f.smtp.Messages() {
			switch {
			case strings.Contains(m.Subject, "a été expédiée"):
				shipped = m.Text
			case strings.Contains(m.Subject, "Remboursement"):
				refunded = m.Text
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(shipped, "Numéro de suivi : BE123456789") {
		t.Errorf("shipping e-mail:\n%s", shipped)
	}
	if !strings.Contains(refunded, "Nous vous avons remboursé") || !strings.Contains(refunded, o.Number) {
		t.Errorf("refund e-mail:\n%s", refunded)
	}
	for f.latest(o).Status == payment.StatusSucceeded {
		rs := f.db.Client.Refund.Query().Where(refund.HasOrderWith(order.ID(o.ID))).AllX(f.sys)
		if len(rs) == 1 && rs[0].Status == refund.StatusSucceeded {
			break // given back in part: the payment stays succeeded
		}
		if time.Now().After(deadline) {
			t.Fatal("the partial refund never reached the provider")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if f.latest(o).Status != payment.StatusSucceeded {
		t.Fatalf("payment after a partial refund: %s", f.latest(o).Status)
	}
}
