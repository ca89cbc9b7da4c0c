package server_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/internal/events"
)

// TestStudioOrdersOverGraphQL: the orders list's new filters and its
// summary, the partial refund and the tracking number, through the real
// server as the photographer; the buyer and other studios are refused.
func TestStudioOrdersOverGraphQL(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	asStudio := bearer(token)
	anne := o.person("anne@example.com", "", "")
	o.fillCart(anne, "BE")
	ord, redirect := o.placeOK(anne)
	o.pay(anne, redirect, ord.ID)

	const list = `query($search: String, $from: Time, $to: Time, $pm: [OrderPaymentMethod!], $d: [OrderDelivery!]) {
	  orders(first: 10, search: $search, from: $from, to: $to, paymentMethod: $pm, delivery: $d) { totalCount edges { node { id } } }
	  studioOrderSummary(search: $search, from: $from, to: $to, paymentMethod: $pm, delivery: $d) { count paid { amount } refunded { amount } } }`
	type listed struct {
		Orders struct {
			TotalCount int
			Edges      []struct{ Node struct{ ID string } }
		}
		StudioOrderSummary struct {
			Count    int
			Paid     struct{ Amount string }
			Refunded struct{ Amount string }
		}
	}
	hour := time.Hour
	for _, tc := range []struct {
		name string
		vars map[string]any
		want int
	}{
		{"search by e-mail", map[string]any{"search": "ANNE@"}, 1},
		{"search by nothing", map[string]any{"search": "personne"}, 0},
		{"card, home delivery", map[string]any{"pm": []string{"card"}, "d": []string{"shipping"}}, 1},
		{"digital only", map[string]any{"d": []string{"digital"}}, 0},
		{"this hour", map[string]any{"from": time.Now().Add(-hour), "to": time.Now().Add(hour)}, 1},
		{"before", map[string]any{"to": time.Now().Add(-hour)}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d listed
			if res := o.graphqlWith(asStudio, list, tc.vars, &d); len(res.Errors) > 0 {
				t.Fatalf("%+v", res.Errors)
			}
			if d.Orders.TotalCount != tc.want || d.StudioOrderSummary.Count != tc.want {
				t.Fatalf("%+v", d)
			}
			if tc.want == 1 && (d.Orders.Edges[0].Node.ID != ord.ID || d.StudioOrderSummary.Paid.Amount != ord.Totals.Total.Amount) {
				t.Fatalf("%+v, order %s of %s", d, ord.ID, ord.Totals.Total)
			}
		})
	}
	if res := anne.graphql(list, map[string]any{"search": "anne"}, nil); errorCode(res) != "unauthorized" {
		t.Errorf("the buyer lists: %+v", res.Errors)
	}

	// Sent with a tracking number; refunds: nothing, too much, then half.
	const sent = `mutation($id: ID!, $n: String) { markOrderSent(id: $id, trackingNumber: $n) {
	  order { status trackingNumber } userErrors { code field message } } }`
	var s struct {
		MarkOrderSent struct {
			Order      *struct{ Status, TrackingNumber string }
			UserErrors []gqlUserError
		}
	}
	if res := o.graphqlWith(asStudio, sent, map[string]any{"id": ord.ID, "n": "BE 123\n456"}, &s); len(res.Errors) > 0 ||
		len(s.MarkOrderSent.UserErrors) != 1 || s.MarkOrderSent.UserErrors[0].Code != "invalid_input" || s.MarkOrderSent.UserErrors[0].Message == "" {
		t.Fatalf("two-line tracking number: %+v %+v", res.Errors, s)
	}
	if res := o.graphqlWith(asStudio, sent, map[string]any{"id": ord.ID, "n": "BE123456789"}, &s); len(res.Errors) > 0 ||
		s.MarkOrderSent.Order == nil || s.MarkOrderSent.Order.Status != "sent" || s.MarkOrderSent.Order.TrackingNumber != "BE123456789" {
		t.Fatalf("sent: %+v %+v", res.Errors, s)
	}
	if m := o.mailMatching("anne@example.com", "a été expédiée"); !strings.Contains(m.Text, "Numéro de suivi : BE123456789") {
		t.Errorf("shipping e-mail:\n%s", m.Text)
	}

	const refund = `mutation($id: ID!, $a: Decimal) { refundOrder(id: $id, amount: $a) {
	  order { status refunded { amount } refundable { amount } refunds { amount { amount } } } userErrors { code field message } } }`
	type refunded struct {
		RefundOrder struct {
			Order *struct {
				Status               string
				Refunded, Refundable struct{ Amount string }
				Refunds              []struct{ Amount struct{ Amount string } }
			}
			UserErrors []gqlUserError
		}
	}
	for _, bad := range []string{"0", "100000"} {
		var r refunded
		if res := o.graphqlWith(asStudio, refund, map[string]any{"id": ord.ID, "a": bad}, &r); len(res.Errors) > 0 ||
			len(r.RefundOrder.UserErrors) != 1 || r.RefundOrder.UserErrors[0].Code != "refund_amount" || r.RefundOrder.UserErrors[0].Field[0] != "amount" {
			t.Fatalf("refund of %s: %+v %+v", bad, res.Errors, r)
		}
	}
	var other refunded
	if res := anne.graphql(refund, map[string]any{"id": ord.ID, "a": "1.00"}, &other); errorCode(res) != "unauthorized" {
		t.Fatalf("the buyer refunds: %+v", res.Errors)
	}
	var r refunded
	if res := o.graphqlWith(asStudio, refund, map[string]any{"id": ord.ID, "a": "1.00"}, &r); len(res.Errors) > 0 || r.RefundOrder.Order == nil ||
		r.RefundOrder.Order.Status != "sent" || r.RefundOrder.Order.Refunded.Amount != "1.00" || len(r.RefundOrder.Order.Refunds) != 1 {
		t.Fatalf("refund of 1.00: %+v %+v", res.Errors, r)
	}
	o.mailMatching("anne@example.com", "Remboursement de votre commande")
}

// TestStudioOrderEventsOverWebsocket: the photographer's feed brings a
// guest's new order; a guest may not subscribe.
func TestStudioOrderEventsOverWebsocket(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	const feed = `subscription { studioOrderEvents { id number status } }`

	guest := o.person("eve@example.com", "", "")
	ws := dialWS(t, guest, "graphql-transport-ws", true)
	ws.mustInit(map[string]any{"galleryId": o.gala})
	ws.subscribe("1", feed, nil)
	if res := ws.result("1"); res.code() != "unauthorized" {
		t.Fatalf("a guest follows the studio's orders: %+v %s", res, res.Data)
	}
	ws.c.Close()

	subscribers := func() int { return o.app.Events.(*events.Local).Subscribers() }
	base := subscribers()
	studio := dialWS(t, o.another(), "graphql-transport-ws", false)
	studio.mustInit(map[string]any{"authorization": "Bearer " + token})
	studio.subscribe("2", feed, nil)
	deadline := time.Now().Add(10 * time.Second)
	for subscribers() != base+1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d event subscriptions open, want %d", subscribers(), base+1)
		}
		time.Sleep(10 * time.Millisecond)
	}
	anne := o.person("anne@example.com", "", "")
	o.fillCart(anne, "BE")
	ord, _ := o.placeOK(anne)
	res := studio.result("2")
	var d struct {
		StudioOrderEvents struct{ ID, Number, Status string }
	}
	if len(res.Errors) > 0 || json.Unmarshal(res.Data, &d) != nil || d.StudioOrderEvents.ID != ord.ID || d.StudioOrderEvents.Status != "awaiting_payment" {
		t.Fatalf("feed: %+v %s", res, res.Data)
	}
}
