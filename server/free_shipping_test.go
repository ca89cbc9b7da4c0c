package server_test

import (
	"strings"
	"testing"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/voucher"
)

// Issue 20: a free-shipping code and the automatic threshold discount are
// two kinds of discount and both apply, in the cart (both doors) and in
// the order placed from it; a code with a percentage and free shipping
// competes as a percentage and keeps its free shipping.
func TestFreeShippingCodeBesideTheAutomaticDiscount(t *testing.T) {
	o := newOrderEnv(t)
	pg := o.db.Client.Gallery.Query().Where(gallery.ID(o.gala)).QueryPhotographer().OnlyX(o.sys)
	o.db.Client.Voucher.Create().SetPhotographer(pg).SetCode("LIVRAISON").SetKind(voucher.KindDiscountCode).
		SetFreeShipping(true).SetFreeShippingCountries([]string{"BE", "LU"}).SetMinSpend(3000).ExecX(o.sys)
	o.db.Client.Voucher.Create().SetPhotographer(pg).SetCode("CINQ-LIVRAISON").SetKind(voucher.KindDiscountCode).
		SetPercentOff(5).SetFreeShipping(true).ExecX(o.sys)

	// A canvas (69.00) reaches 50 euros: the automatic 10 % takes 6.90;
	// shipped to BE by Atelier Déco for 9.90, which the code makes free: 69.00 - 6.90 = 62.10.
	anne := o.person("anne@example.com", "", "")
	o.cameraSized(o.photos[0])
	o.cartOK(anne, "POST", "/formats/"+o.photos[0].ID+"/"+o.toile30x45, nil)
	o.cartOK(anne, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})
	c := o.cartOK(anne, "POST", "/vouchers/livraison", nil)
	const both = "merchandise 69.00, discount 6.90, shipping 0.00, gift cards 0.00, total 62.10"
	wantCartTotals(t, c.Totals, both)
	if d := c.Discount; d == nil || d.Source != "automatic" || d.Percent != 10 || d.Amount.Amount != "6.90" || !d.FreeShipping || d.Code != nil {
		t.Fatalf("REST discount = %+v", d)
	}
	if c.Totals.ShippingBeforeDiscount.Amount != "9.90" {
		t.Fatalf("REST shipping before the code = %s", c.Totals.ShippingBeforeDiscount.Amount)
	}
	if v := c.Vouchers; len(v) != 1 || v[0].Code != "LIVRAISON" || !v[0].Applied || v[0].Reason != nil || v[0].Amount.Amount != "0.00" {
		t.Fatalf("REST vouchers = %+v", v)
	}
	var q struct{ Cart *gqlCart }
	if r := anne.graphql(`query($g: ID!) { cart(galleryId: $g) { `+gqlCartFields+` } }`, map[string]any{"g": o.gala}, &q); len(r.Errors) > 0 || q.Cart == nil {
		t.Fatalf("cart: %+v", r.Errors)
	}
	wantCartTotals(t, q.Cart.Totals, both)
	if d := q.Cart.Discount; d == nil || d.Source != "automatic" || d.Percent != 10 || d.Amount.Amount != "6.90" || !d.FreeShipping ||
		q.Cart.Totals.ShippingBeforeDiscount.Amount != "9.90" || len(q.Cart.Vouchers) != 1 || !q.Cart.Vouchers[0].Applied {
		t.Fatalf("GraphQL cart = %+v %+v", d, q.Cart.Vouchers)
	}

	// To France the code does not apply (BE and LU only): the automatic
	// discount alone, shipping 19.90. Back to BE, both again.
	c = o.cartOK(anne, "POST", "/address", map[string]any{"billing": orderAddress("FR"), "deliveryOption": "shipping"})
	wantCartTotals(t, c.Totals, "merchandise 69.00, discount 6.90, shipping 19.90, gift cards 0.00, total 82.00")
	if v := c.Vouchers[0]; v.Applied || v.Reason == nil || *v.Reason != "code_free_shipping_country" || v.Message == nil || c.Discount.FreeShipping {
		t.Fatalf("code outside its countries: %+v %+v", v, c.Discount)
	}
	o.cartOK(anne, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})

	// The order placed over REST carries both, at the cart's total.
	placed, redirect := o.placeOK(anne)
	if tt := placed.Totals; tt.Merchandise.Amount != "69.00" || tt.Discount.Amount != "6.90" || tt.Shipping.Amount != "0.00" || tt.Total.Amount != "62.10" {
		t.Fatalf("REST order totals = %+v", tt)
	}
	g, r := o.gqlOrderOf(anne, nil, placed.ID)
	if len(r.Errors) > 0 || g == nil || g.Totals.Discount.Amount != "6.90" || g.Totals.Shipping.Amount != "0.00" || g.Totals.Total.Amount != "62.10" {
		t.Fatalf("GraphQL order: %+v %+v", r.Errors, g)
	}
	if used := o.db.Client.Voucher.Query().Where(voucher.Code("LIVRAISON")).OnlyX(o.sys).TimesUsed; used != 1 {
		t.Fatalf("LIVRAISON used %d times, want 1", used)
	}
	// Paid, its confirmation says both.
	o.pay(anne, redirect, placed.ID)
	conf := o.mailMatching("anne@example.com", "Confirmation de votre commande n° "+placed.Number)
	for _, want := range []string{"Sous-total : 69,00 €", "Remise : -6,90 €", "Livraison : offerte", "Total payé : 62,10 €", "1000 Bruxelles\nBelgique\n"} {
		if !strings.Contains(strings.ReplaceAll(conf.Text, "\r\n", "\n"), want) {
			t.Errorf("confirmation lacks %q:\n%s", want, conf.Text)
		}
	}
	// Issue 20: the country by its name, not its code.
	if strings.Contains(strings.ReplaceAll(conf.Text, "\r\n", "\n"), "Bruxelles\nBE") {
		t.Errorf("confirmation names the country by its code:\n%s", conf.Text)
	}

	// 5 % and free shipping against the automatic 10 %: the 10 % and the
	// free shipping. The order placed over GraphQL carries both.
	ben := o.person("ben@example.com", "", "")
	o.cartDone(ben, "setPrint", map[string]any{"photoId": o.photos[0].ID, "formatId": o.toile30x45})
	o.cartDone(ben, "setClientData", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})
	bc := o.cartDone(ben, "addVoucher", map[string]any{"code": "cinq-livraison"})
	wantCartTotals(t, bc.Totals, both)
	if d := bc.Discount; d == nil || d.Source != "automatic" || !d.FreeShipping || len(bc.Vouchers) != 1 || !bc.Vouchers[0].Applied ||
		bc.Vouchers[0].Reason == nil || *bc.Vouchers[0].Reason != "code_better_discount" || bc.Vouchers[0].Message == nil {
		t.Fatalf("percentage and free shipping: %+v %+v", d, bc.Vouchers)
	}
	var p gqlPlaced
	in := map[string]any{"galleryId": o.gala, "paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": bc.Totals.Total.Amount}
	if r := ben.graphql(placeOrderMutation, map[string]any{"input": in}, &p); len(r.Errors) > 0 || len(p.PlaceOrder.UserErrors) > 0 || p.PlaceOrder.Order == nil {
		t.Fatalf("placeOrder: %+v %+v", r.Errors, p.PlaceOrder.UserErrors)
	}
	if tt := p.PlaceOrder.Order.Totals; tt.Merchandise.Amount != "69.00" || tt.Discount.Amount != "6.90" || tt.Shipping.Amount != "0.00" ||
		tt.Total.Amount != "62.10" || tt.DiscountCode != nil {
		t.Fatalf("GraphQL order totals = %+v", tt)
	}
	if used := o.db.Client.Voucher.Query().Where(voucher.Code("CINQ-LIVRAISON")).OnlyX(o.sys).TimesUsed; used != 1 {
		t.Fatalf("CINQ-LIVRAISON used %d times, want 1", used)
	}
}
