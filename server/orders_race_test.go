package server_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/orders"
)

// Issue 18, findings 1 and 2: placing an order under concurrency, through
// both doors. Prices are the demo's (orders_test.go): a HD file 9.00, a
// 10x15 print 2.50, shipping to BE 4.90.

// doors are the two ways in; each test runs through both.
var doors = []string{"rest", "graphql"}

// placeAnswer is one placeOrder call's answer, as either door gives it.
type placeAnswer struct {
	status   int // HTTP status (GraphQL: 200)
	orderID  string
	redirect string
	code     string // the refusal's code (REST error, GraphQL userError or error)
	giftCard string // the order's totals.giftCards
	total    string // the order's totals.total
}

// tryPlace places b's cart in gala through a door without failing the test
// (for goroutines). expected is the amount to pay the page showed.
func (o *orderEnv) tryPlace(door string, b *env, expected string) (placeAnswer, error) {
	var a placeAnswer
	if door == "rest" {
		status, raw, err := b.tryCall("POST", "/api/orders", o.gala, map[string]any{"paymentMethod": "card",
			"acceptTerms": true, "acceptRetouch": true, "expectedTotal": expected})
		if err != nil {
			return a, err
		}
		var p restPlaced
		if err := json.Unmarshal(raw, &p); err != nil {
			return a, fmt.Errorf("%d %s: %w", status, raw, err)
		}
		a.status, a.code = status, p.Code
		if p.Order != nil {
			a.orderID, a.giftCard, a.total = p.Order.ID, p.Order.Totals.GiftCards.Amount, p.Order.Totals.Total.Amount
		}
		if p.RedirectURL != nil {
			a.redirect = *p.RedirectURL
		}
		return a, nil
	}
	status, raw, err := b.tryCall("POST", "/graphql", "", map[string]any{"query": placeOrderMutation, "variables": map[string]any{
		"input": map[string]any{"galleryId": o.gala, "paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": expected}}})
	if err != nil {
		return a, err
	}
	var r struct {
		Data   *gqlPlaced
		Errors []struct {
			Message    string
			Extensions map[string]any
		}
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return a, fmt.Errorf("%d %s: %w", status, raw, err)
	}
	a.status = status
	switch {
	case len(r.Errors) > 0:
		a.code, _ = r.Errors[0].Extensions["code"].(string)
		if a.code == "" {
			a.code = r.Errors[0].Message
		}
	case r.Data == nil:
		return a, fmt.Errorf("no data: %s", raw)
	case len(r.Data.PlaceOrder.UserErrors) > 0:
		a.code = r.Data.PlaceOrder.UserErrors[0].Code
		if r.Data.PlaceOrder.UserErrors[0].Message == "" {
			return a, fmt.Errorf("userError without a message: %s", raw)
		}
	case r.Data.PlaceOrder.Order != nil:
		ord := r.Data.PlaceOrder.Order
		a.orderID, a.giftCard, a.total = ord.ID, ord.Totals.GiftCards.Amount, ord.Totals.Total.Amount
		if r.Data.PlaceOrder.RedirectURL != nil {
			a.redirect = *r.Data.PlaceOrder.RedirectURL
		}
	}
	return a, nil
}

// placeOnce is tryPlace for the test's goroutine.
func (o *orderEnv) placeOnce(door string, b *env, expected string) placeAnswer {
	o.t.Helper()
	a, err := o.tryPlace(door, b, expected)
	if err != nil {
		o.t.Fatalf("%s placeOrder: %v", door, err)
	}
	return a
}

// placeAtOnce sends n placeOrder calls for b's cart at the same moment
// (all wait behind one gate) and returns their answers.
func (o *orderEnv) placeAtOnce(door string, b *env, expected string, n int) []placeAnswer {
	o.t.Helper()
	answers := make([]placeAnswer, n)
	errs := make([]error, n)
	gate := make(chan struct{})
	var ready, done sync.WaitGroup
	for i := range n {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-gate
			answers[i], errs[i] = o.tryPlace(door, b, expected)
		}()
	}
	ready.Wait()
	close(gate)
	done.Wait()
	for i, err := range errs {
		if err != nil {
			o.t.Fatalf("%s call %d: %v", door, i, err)
		}
	}
	return answers
}

// giftCard makes a gift card of the gala's photographer worth amount cents.
func (o *orderEnv) giftCard(code string, amount int) string {
	o.t.Helper()
	pg := o.db.Client.Photographer.Query().OnlyX(o.sys)
	v := o.db.Client.Voucher.Create().SetPhotographer(pg).SetCode(code).SetKind(voucher.KindGiftCard).
		SetGiftAmount(amount).SetBalance(amount).SaveX(o.sys)
	return v.ID
}

// balance reads a gift card's balance and checks its ledger adds up.
func (o *orderEnv) balance(id string) int {
	o.t.Helper()
	amount, spent, released, balance, err := orders.Ledger(o.sys, o.db.Client, id)
	if err != nil {
		o.t.Fatal(err)
	}
	if balance != amount-spent+released || balance < 0 {
		o.t.Fatalf("gift card ledger: amount %d - spent %d + released %d, balance %d", amount, spent, released, balance)
	}
	return balance
}

// hdCart puts the HD file of photo i in b's cart with a billing address
// and the gift cards: 9.00, nothing to ship.
func (o *orderEnv) hdCart(b *env, i int, cards ...string) restCart {
	o.t.Helper()
	o.cartOK(b, "POST", "/digitalFiles/"+o.photos[i%len(o.photos)].ID+"/"+o.hd, nil)
	c := o.cartOK(b, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})
	for _, code := range cards {
		c = o.cartOK(b, "POST", "/vouchers/"+code, nil)
	}
	return c
}

// ordersOf counts the orders placed with an e-mail.
func (o *orderEnv) ordersOf(email string) int {
	o.t.Helper()
	return o.db.Client.Order.Query().Where(order.Email(email)).CountX(o.sys)
}

// Finding 1: ten clicks at once on a cart a gift card covers make one
// order and one debit, and every click answers that order; a click after
// they all completed answers it too. Three rounds per door, each with a
// new buyer on the same card. (Before the fix: two orders and two debits
// per round on PostgreSQL, the second click read the cart before the
// first one's lock and ordered the cart state the first order closed.)
func TestConcurrentPlaceOrderOfACoveredCartMakesOneOrder(t *testing.T) {
	o := newOrderEnv(t)
	card := o.giftCard("CADEAU-100", 10000)
	want := 10000
	for _, door := range doors {
		for round := range 3 {
			email := fmt.Sprintf("%s%d@example.com", door, round)
			b := o.person(email, "", "")
			c := o.hdCart(b, round, "CADEAU-100")
			wantCartTotals(t, c.Totals, "merchandise 9.00, discount 0.00, shipping 0.00, gift cards 9.00, total 0.00")
			answers := o.placeAtOnce(door, b, c.Totals.Total.Amount, 10)
			first := answers[0].orderID
			for i, a := range answers {
				if a.status != 200 || a.code != "" || a.orderID == "" || a.orderID != first || a.redirect != "" || a.giftCard != "9.00" || a.total != "0.00" {
					t.Fatalf("%s round %d: click %d answered %+v, click 0 order %s: every click must answer the same covered order", door, round, i, a, first)
				}
			}
			want -= 900
			if n, bal := o.ordersOf(email), o.balance(card); n != 1 || bal != want {
				t.Fatalf("%s round %d: %d orders, card balance %d, want 1 order and %d (one debit of 9.00)", door, round, n, bal, want)
			}
			// A later click on the same page (the cart is closed now).
			if a := o.placeOnce(door, b, c.Totals.Total.Amount); a.status != 200 || a.orderID != first {
				t.Fatalf("%s round %d: a second click after the first completed answered %+v, want order %s", door, round, a, first)
			}
			if n, bal := o.ordersOf(email), o.balance(card); n != 1 || bal != want {
				t.Fatalf("%s round %d after the later click: %d orders, balance %d", door, round, n, bal)
			}
			if st := o.db.Client.Order.GetX(o.sys, first).Status; st != order.StatusValidated {
				t.Fatalf("%s round %d: order %s", door, round, st)
			}
		}
	}
}

// The same with something left to pay: one order, one payment attempt,
// every click answers that order and its page; a later click too.
func TestConcurrentPlaceOrderOfACartToPayMakesOneOrder(t *testing.T) {
	o := newOrderEnv(t)
	for _, door := range doors {
		for round := range 3 {
			email := fmt.Sprintf("%s%d@example.com", door, round)
			b := o.person(email, "", "")
			c := o.fillCart(b, "BE")
			wantCartTotals(t, c.Totals, "merchandise 11.50, discount 0.00, shipping 4.90, gift cards 0.00, total 16.40")
			answers := o.placeAtOnce(door, b, "16.40", 10)
			first := answers[0]
			for i, a := range answers {
				if a.status != 200 || a.code != "" || a.orderID == "" || a.orderID != first.orderID || a.redirect == "" || a.redirect != first.redirect || a.total != "16.40" {
					t.Fatalf("%s round %d: click %d answered %+v, click 0 %+v", door, round, i, a, first)
				}
			}
			attempts := o.db.Client.Payment.Query().Where(payment.HasOrderWith(order.ID(first.orderID))).CountX(o.sys)
			if n := o.ordersOf(email); n != 1 || attempts != 1 {
				t.Fatalf("%s round %d: %d orders, %d payment attempts, want 1 and 1", door, round, n, attempts)
			}
			if a := o.placeOnce(door, b, "16.40"); a.status != 200 || a.orderID != first.orderID || a.redirect != first.redirect {
				t.Fatalf("%s round %d: a later click answered %+v, want %+v", door, round, a, first)
			}
			attempts = o.db.Client.Payment.Query().Where(payment.HasOrderWith(order.ID(first.orderID))).CountX(o.sys)
			if n := o.ordersOf(email); n != 1 || attempts != 1 {
				t.Fatalf("%s round %d after the later click: %d orders, %d payment attempts", door, round, n, attempts)
			}
		}
	}
}

// Finding 2: twenty buyers, each shown 9.00 taken from one shared 100.00
// card, place at once (half through each door). Every order placed took
// exactly what its buyer was shown (9.00 from the card, nothing to pay);
// the others are refused with gift_card_changed (409 in REST, a userError
// in GraphQL) and leave nothing behind; the balance is the initial amount
// minus what the orders took, never below zero. (Before the fix: once the
// card ran low, orders were placed with what was left on the card and the
// rest to pay, without asking.)
func TestSharedGiftCardOrdersTakeWhatEachBuyerWasShown(t *testing.T) {
	o := newOrderEnv(t)
	card := o.giftCard("CADEAU-100", 10000)
	const n = 20
	buyers := make([]*env, n)
	shown := make([]string, n)
	for i := range buyers {
		buyers[i] = o.person(fmt.Sprintf("buyer%02d@example.com", i), "", "")
		c := o.hdCart(buyers[i], i, "CADEAU-100")
		wantCartTotals(t, c.Totals, "merchandise 9.00, discount 0.00, shipping 0.00, gift cards 9.00, total 0.00")
		shown[i] = c.Totals.Total.Amount
	}
	answers := make([]placeAnswer, n)
	errs := make([]error, n)
	gate := make(chan struct{})
	var ready, done sync.WaitGroup
	for i := range buyers {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-gate
			answers[i], errs[i] = o.tryPlace(doors[i%2], buyers[i], shown[i])
		}()
	}
	ready.Wait()
	close(gate)
	done.Wait()
	placed, took := 0, 0
	for i, a := range answers {
		door := doors[i%2]
		switch {
		case errs[i] != nil:
			t.Fatalf("buyer %d (%s): %v", i, door, errs[i])
		case a.orderID != "":
			if a.status != 200 || a.giftCard != "9.00" || a.total != shown[i] {
				t.Errorf("buyer %d (%s) was shown 9.00 from the card and %s to pay; the order took %s and leaves %s to pay",
					i, door, shown[i], a.giftCard, a.total)
			}
			c, _ := money.ParseDecimal(a.giftCard)
			placed, took = placed+1, took+int(c)
		case a.code == "gift_card_changed":
			want := 409
			if door == "graphql" {
				want = 200
			}
			if a.status != want {
				t.Errorf("buyer %d (%s): gift_card_changed with HTTP %d, want %d", i, door, a.status, want)
			}
			if m := o.ordersOf(fmt.Sprintf("buyer%02d@example.com", i)); m != 0 {
				t.Errorf("buyer %d (%s) refused but has %d orders", i, door, m)
			}
		default:
			t.Errorf("buyer %d (%s): %+v", i, door, a)
		}
	}
	bal := o.balance(card)
	if placed != 11 || took != 9900 || bal != 10000-took {
		t.Fatalf("%d orders took %d from the card, balance %d: want 11 orders of 9.00 and 1.00 left", placed, took, bal)
	}
	if m := o.db.Client.Order.Query().CountX(o.sys); m != placed {
		t.Fatalf("%d orders in the database, %d answered", m, placed)
	}
}

// A discount code used up between the review page and the click: the
// click is refused with voucher_used_up, and nothing is written (no order,
// no use of the code), in both doors.
func TestVoucherUsedUpBetweenReviewAndClick(t *testing.T) {
	o := newOrderEnv(t)
	pg := o.db.Client.Photographer.Query().OnlyX(o.sys)
	code := o.db.Client.Voucher.Create().SetPhotographer(pg).SetCode("UNEFOIS").SetKind(voucher.KindDiscountCode).
		SetPercentOff(10).SetUsageLimit(1).SaveX(o.sys)
	first := o.person("first@example.com", "", "")
	o.fillCart(first, "BE")
	o.cartOK(first, "POST", "/vouchers/UNEFOIS", nil)
	// Both late buyers see the discount on their review page.
	late := map[string]*env{}
	totals := map[string]string{}
	for _, door := range doors {
		b := o.person(door+"@example.com", "", "")
		o.fillCart(b, "BE")
		c := o.cartOK(b, "POST", "/vouchers/UNEFOIS", nil)
		if c.Totals.Discount.Amount == "0.00" {
			t.Fatalf("%s: the code gives no discount: %s", door, c.Totals)
		}
		late[door], totals[door] = b, c.Totals.Total.Amount
	}
	if ord, _ := o.placeOK(first); ord.Totals.DiscountCode == nil || *ord.Totals.DiscountCode != "UNEFOIS" {
		t.Fatalf("first order: %+v", ord.Totals)
	}
	for _, door := range doors {
		a := o.placeOnce(door, late[door], totals[door])
		want := 409
		if door == "graphql" {
			want = 200
		}
		if a.code != "voucher_used_up" || a.status != want || a.orderID != "" {
			t.Fatalf("%s: placing after the code was used up answered %+v, want voucher_used_up", door, a)
		}
		if n := o.ordersOf(door + "@example.com"); n != 0 {
			t.Fatalf("%s: %d orders", door, n)
		}
	}
	if v := o.db.Client.Voucher.GetX(o.sys, code.ID); v.TimesUsed != 1 {
		t.Fatalf("the code was counted %d times", v.TimesUsed)
	}
	if n := o.db.Client.VoucherRedemption.Query().Where(voucherredemption.HasVoucherWith(voucher.ID(code.ID))).CountX(o.sys); n != 1 {
		t.Fatalf("%d uses of the code recorded", n)
	}
}

// The photographer changes a price (here the shipping rates, which keep
// the cart's items) between the review page and the click: the click is
// refused with total_changed and nothing is written; the cart read again
// shows the new total, and a click at that total places the order.
func TestPriceChangedBetweenReviewAndClick(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	buyers := map[string]*env{}
	for _, door := range doors {
		buyers[door] = o.person(door+"@example.com", "", "")
		c := o.fillCart(buyers[door], "BE")
		wantCartTotals(t, c.Totals, "merchandise 11.50, discount 0.00, shipping 4.90, gift cards 0.00, total 16.40")
	}
	// A negative total is refused in GraphQL too (REST: TestOrderRefusalsOverREST).
	if a := o.placeOnce("graphql", buyers["graphql"], "-16.40"); a.code != "invalid_expected_total" || a.orderID != "" {
		t.Fatalf("negative expectedTotal: %+v", a)
	}
	// Every shipping rate one euro dearer.
	var rates []map[string]any
	for _, r := range o.db.Client.Photographer.Query().OnlyX(o.sys).ShippingRates {
		rates = append(rates, map[string]any{"zone": r.Zone, "countries": r.Countries, "lab": r.Lab,
			"price": money.Decimal(r.Price + 100).String()})
	}
	var d struct {
		SetShippingRates struct{ UserErrors []gqlUserError }
	}
	if r := o.graphqlWith(bearer(token), `mutation($input: SetShippingRatesInput!) { setShippingRates(input: $input) { userErrors { code field message } } }`,
		map[string]any{"input": map[string]any{"rates": rates}}, &d); len(r.Errors) > 0 || len(d.SetShippingRates.UserErrors) > 0 {
		t.Fatalf("setShippingRates: %+v %+v", r.Errors, d)
	}
	for _, door := range doors {
		b := buyers[door]
		a := o.placeOnce(door, b, "16.40")
		want := 409
		if door == "graphql" {
			want = 200
		}
		if a.code != "total_changed" || a.status != want || a.orderID != "" {
			t.Fatalf("%s: placing at the old total answered %+v, want total_changed", door, a)
		}
		if n := o.ordersOf(door + "@example.com"); n != 0 {
			t.Fatalf("%s: %d orders after the refusal", door, n)
		}
		c := o.cartOK(b, "GET", "", nil)
		wantCartTotals(t, c.Totals, "merchandise 11.50, discount 0.00, shipping 5.90, gift cards 0.00, total 17.40")
		if a := o.placeOnce(door, b, c.Totals.Total.Amount); a.orderID == "" || a.total != "17.40" {
			t.Fatalf("%s: placing at the new total answered %+v", door, a)
		}
	}
	if n := o.db.Client.Payment.Query().CountX(o.sys); n != 2 {
		t.Fatalf("%d payment attempts, want 2", n)
	}
}
