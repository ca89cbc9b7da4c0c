package server_test

import (
	"regexp"
	"testing"

	"github.com/studio/gallery/ent/gallery"
)

// The studio's codes screen over GraphQL (graph/schema/studiocodes.graphql).

const studioVoucherFields = `id code kind status timesUsed usageLimit active balance { amount } giftAmount { amount }`

type gqlVoucher struct {
	ID, Code, Kind, Status string
	TimesUsed, UsageLimit  int
	Active                 bool
	Balance, GiftAmount    struct{ Amount string }
}

const batchMutation = `mutation($input: CreateVoucherBatchInput!) { createVoucherBatch(input: $input) {
  vouchers { ` + studioVoucherFields + ` } userErrors { code field message } } }`

type gqlBatch struct {
	CreateVoucherBatch struct {
		Vouchers   []gqlVoucher
		UserErrors []gqlUserError
	}
}

const listQuery = `query($search: String, $status: VoucherStatus, $kind: VoucherKind) {
  studioVouchers(search: $search, status: $status, kind: $kind) { ` + studioVoucherFields + ` } }`

// TestStudioVoucherBatches: batches draw unique codes with their prefix
// (across batches too), refuse bad settings with stable codes and the
// field inside the batch, write nothing then, and the list filters them.
func TestStudioVoucherBatches(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	asStudio := bearer(token)
	batch := func(input map[string]any) (gqlBatch, gqlResponse) {
		t.Helper()
		var d gqlBatch
		res := o.graphqlWith(asStudio, batchMutation, map[string]any{"input": input}, &d)
		return d, res
	}
	list := func(vars map[string]any) []gqlVoucher {
		t.Helper()
		var d struct{ StudioVouchers []gqlVoucher }
		if res := o.graphqlWith(asStudio, listQuery, vars, &d); len(res.Errors) > 0 {
			t.Fatalf("studioVouchers %v: %+v", vars, res.Errors)
		}
		return d.StudioVouchers
	}

	shape := regexp.MustCompile(`^NOEL-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$`)
	seen := map[string]bool{}
	for round := range 2 {
		d, res := batch(map[string]any{"count": 60, "prefix": " noel ", "discountCode": map[string]any{"percentOff": 10, "usageLimit": 1}})
		if len(res.Errors) > 0 || len(d.CreateVoucherBatch.UserErrors) > 0 || len(d.CreateVoucherBatch.Vouchers) != 60 {
			t.Fatalf("round %d: %+v %+v", round, res.Errors, d.CreateVoucherBatch.UserErrors)
		}
		for _, v := range d.CreateVoucherBatch.Vouchers {
			if !shape.MatchString(v.Code) || v.Kind != "discount_code" || v.Status != "active" || v.UsageLimit != 1 {
				t.Fatalf("drawn voucher %+v", v)
			}
			if seen[v.Code] {
				t.Fatalf("code %s drawn twice", v.Code)
			}
			seen[v.Code] = true
		}
	}
	cards, res := batch(map[string]any{"count": 3, "giftCard": map[string]any{"amount": "20.00"}})
	if len(res.Errors) > 0 || len(cards.CreateVoucherBatch.Vouchers) != 3 {
		t.Fatalf("gift cards: %+v %+v", res.Errors, cards.CreateVoucherBatch.UserErrors)
	}
	for _, v := range cards.CreateVoucherBatch.Vouchers {
		if v.Kind != "gift_card" || v.Balance.Amount != "20.00" || v.GiftAmount.Amount != "20.00" || len(v.Code) != 9 {
			t.Fatalf("gift card %+v", v)
		}
	}

	before := o.count(`SELECT COUNT(*) FROM vouchers`)
	for _, tc := range []struct {
		name  string
		input map[string]any
		code  string
		field []string
	}{
		{"no vouchers", map[string]any{"count": 0, "discountCode": map[string]any{"percentOff": 5}}, "out_of_range", []string{"count"}},
		{"too many", map[string]any{"count": 501, "discountCode": map[string]any{"percentOff": 5}}, "out_of_range", []string{"count"}},
		{"bad prefix", map[string]any{"count": 2, "prefix": "ÉTÉ 2027", "discountCode": map[string]any{"percentOff": 5}}, "invalid_code", []string{"prefix"}},
		{"neither kind", map[string]any{"count": 2}, "required", []string{"discountCode"}},
		{"both kinds", map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 5}, "giftCard": map[string]any{"amount": "5"}},
			"required", []string{"discountCode"}},
		{"a code", map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 5, "code": "FIXE"}}, "invalid_value", []string{"discountCode", "code"}},
		{"nothing given", map[string]any{"count": 2, "discountCode": map[string]any{"minSpend": "10"}}, "voucher_without_benefit", []string{"discountCode", "percentOff"}},
		{"percent", map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 101, "amountOff": "1"}}, "out_of_range", []string{"discountCode", "percentOff"}},
		{"negative minimum", map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 5, "minSpend": "-1"}}, "invalid_price", []string{"discountCode", "minSpend"}},
		{"uses", map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 5, "usageLimit": -1}}, "out_of_range", []string{"discountCode", "usageLimit"}},
		{"uses per e-mail", map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 5, "perEmailLimit": -2}}, "out_of_range", []string{"discountCode", "perEmailLimit"}},
		{"dates", map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 5, "validFrom": "2027-05-01T00:00:00Z", "validUntil": "2027-04-01T00:00:00Z"}},
			"invalid_date", []string{"discountCode", "validUntil"}},
		{"country", map[string]any{"count": 2, "discountCode": map[string]any{"freeShipping": true, "freeShippingCountries": []string{"BE", "Belgique"}}},
			"invalid_country", []string{"discountCode", "freeShippingCountries", "1"}},
		{"gift amount", map[string]any{"count": 2, "giftCard": map[string]any{"amount": "0"}}, "invalid_price", []string{"giftCard", "amount"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, res := batch(tc.input)
			if len(res.Errors) > 0 {
				t.Fatalf("%+v", res.Errors)
			}
			ues := d.CreateVoucherBatch.UserErrors
			if len(ues) != 1 || ues[0].Code != tc.code || ues[0].Message == "" || len(d.CreateVoucherBatch.Vouchers) != 0 ||
				len(ues[0].Field) != len(tc.field) {
				t.Fatalf("userErrors %+v, vouchers %d", ues, len(d.CreateVoucherBatch.Vouchers))
			}
			for i := range tc.field {
				if ues[0].Field[i] != tc.field[i] {
					t.Fatalf("field %v, want %v", ues[0].Field, tc.field)
				}
			}
		})
	}
	// An unknown gallery is an error of the request, as in every photographer tool.
	if _, res := batch(map[string]any{"count": 2, "discountCode": map[string]any{"percentOff": 5, "galleryId": "gal_nope"}}); errorCode(res) != "gallery_not_found" {
		t.Fatalf("unknown gallery: %+v", res.Errors)
	}
	if after := o.count(`SELECT COUNT(*) FROM vouchers`); after != before {
		t.Fatalf("refused batches wrote %d vouchers", after-before)
	}

	// The list: search, kind, status.
	if got := list(map[string]any{"search": "noel-"}); len(got) != 120 {
		t.Fatalf("search noel-: %d", len(got))
	}
	if got := list(map[string]any{"kind": "gift_card", "search": "noel"}); len(got) != 0 {
		t.Fatalf("gift cards named noel: %d", len(got))
	}
	first := cards.CreateVoucherBatch.Vouchers[0]
	var upd struct {
		UpdateVoucher struct {
			Voucher    *gqlVoucher
			UserErrors []gqlUserError
		}
	}
	if res := o.graphqlWith(asStudio, `mutation($id: ID!) { updateVoucher(input: {voucherId: $id, active: false}) { voucher { `+studioVoucherFields+` } userErrors { code field message } } }`,
		map[string]any{"id": first.ID}, &upd); len(res.Errors) > 0 || upd.UpdateVoucher.Voucher == nil || upd.UpdateVoucher.Voucher.Status != "disabled" {
		t.Fatalf("disable: %+v %+v", res.Errors, upd)
	}
	if got := list(map[string]any{"status": "disabled", "kind": "gift_card"}); len(got) != 1 || got[0].ID != first.ID {
		t.Fatalf("disabled gift cards: %+v", got)
	}
	var single struct {
		CreateVoucher struct {
			Voucher    *gqlVoucher
			UserErrors []gqlUserError
		}
	}
	create := `mutation($input: CreateVoucherInput!) { createVoucher(input: $input) { voucher { ` + studioVoucherFields + ` } userErrors { code field message } } }`
	for code, input := range map[string]map[string]any{
		"expired":   {"code": "PASSE-2020", "percentOff": 5, "validUntil": "2020-12-31T00:00:00Z"},
		"scheduled": {"code": "AVENIR-2099", "percentOff": 5, "validFrom": "2099-01-01T00:00:00Z"},
	} {
		if res := o.graphqlWith(asStudio, create, map[string]any{"input": input}, &single); len(res.Errors) > 0 || single.CreateVoucher.Voucher == nil ||
			single.CreateVoucher.Voucher.Status != code {
			t.Fatalf("%s: %+v %+v", code, res.Errors, single)
		}
		if got := list(map[string]any{"status": code}); len(got) != 1 || got[0].Code != input["code"] {
			t.Fatalf("status %s: %+v", code, got)
		}
	}
	if got := list(map[string]any{"status": "active", "search": "noel"}); len(got) != 120 {
		t.Fatalf("active noel: %d", len(got))
	}

	// Only the photographer.
	anne := o.person("anne@example.com", "", "")
	if res := anne.graphql(listQuery, nil, nil); errorCode(res) != "unauthorized" {
		t.Fatalf("a buyer lists codes: %+v", res.Errors)
	}
	if res := anne.graphql(batchMutation, map[string]any{"input": map[string]any{"count": 1, "discountCode": map[string]any{"percentOff": 5}}}, nil); errorCode(res) != "unauthorized" {
		t.Fatalf("a buyer makes codes: %+v", res.Errors)
	}
}

// TestStudioVoucherLedger: an order that spends a gift card and uses a
// discount code writes a debit on each ledger; cancelling it writes the
// give-backs, and the card's balance and the code's uses come back.
func TestStudioVoucherLedger(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	asStudio := bearer(token)
	var gc struct {
		CreateGiftCard struct {
			Voucher    *gqlVoucher
			UserErrors []gqlUserError
		}
	}
	if res := o.graphqlWith(asStudio, `mutation { createGiftCard(input: {code: "carte-registre", amount: "50.00"}) { voucher { `+studioVoucherFields+` } userErrors { code field message } } }`,
		nil, &gc); len(res.Errors) > 0 || gc.CreateGiftCard.Voucher == nil || gc.CreateGiftCard.Voucher.Code != "CARTE-REGISTRE" {
		t.Fatalf("gift card: %+v %+v", res.Errors, gc)
	}
	var dc struct {
		CreateVoucher struct {
			Voucher    *gqlVoucher
			UserErrors []gqlUserError
		}
	}
	if res := o.graphqlWith(asStudio, `mutation { createVoucher(input: {code: "UNEFOIS", amountOff: "20.00", usageLimit: 1, perEmailLimit: 1}) { voucher { `+studioVoucherFields+` } userErrors { code field message } } }`,
		nil, &dc); len(res.Errors) > 0 || dc.CreateVoucher.Voucher == nil {
		t.Fatalf("discount code: %+v %+v", res.Errors, dc)
	}
	card, code := gc.CreateGiftCard.Voucher.ID, dc.CreateVoucher.Voucher.ID

	const ledgerQuery = `query($id: ID!) { studioVoucherLedger(voucherId: $id) {
	  voucher { ` + studioVoucherFields + ` } amount { amount } spent { amount } givenBack { amount } balance { amount }
	  entries { at reason amount { amount } email orderId orderNumber } } }`
	type ledger struct {
		StudioVoucherLedger struct {
			Voucher                           gqlVoucher
			Amount, Spent, GivenBack, Balance struct{ Amount string }
			Entries                           []struct {
				Reason, Email        string
				Amount               struct{ Amount string }
				OrderID, OrderNumber *string
			}
		}
	}
	read := func(id string) ledger {
		t.Helper()
		var l ledger
		if res := o.graphqlWith(asStudio, ledgerQuery, map[string]any{"id": id}, &l); len(res.Errors) > 0 {
			t.Fatalf("ledger: %+v", res.Errors)
		}
		return l
	}
	if l := read(card); len(l.StudioVoucherLedger.Entries) != 0 || l.StudioVoucherLedger.Balance.Amount != "50.00" {
		t.Fatalf("new card's ledger: %+v", l)
	}

	// A canvas, more than the card holds: the card pays 50.00 of it.
	bob := o.person("bob@example.com", "", "")
	o.cameraSized(o.photos[0])
	o.cartOK(bob, "POST", "/formats/"+o.photos[0].ID+"/"+o.toile30x45, nil)
	o.cartOK(bob, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})
	o.cartOK(bob, "POST", "/vouchers/unefois", nil)
	c := o.cartOK(bob, "POST", "/vouchers/CARTE-REGISTRE", nil)
	if c.Totals.GiftCards.Amount != "50.00" || c.Totals.Discount.Amount != "20.00" {
		t.Fatalf("cart = %s", c.Totals)
	}
	ord, _ := o.placeOK(bob)

	l := read(card).StudioVoucherLedger
	if len(l.Entries) != 1 || l.Entries[0].Reason != "order" || l.Entries[0].Amount.Amount != "50.00" || l.Entries[0].Email != "bob@example.com" ||
		l.Entries[0].OrderNumber == nil || *l.Entries[0].OrderNumber != ord.Number || *l.Entries[0].OrderID != ord.ID ||
		l.Spent.Amount != "50.00" || l.Balance.Amount != "0.00" || l.Voucher.Status != "used_up" {
		t.Fatalf("card's ledger after the order: %+v", l)
	}
	d := read(code).StudioVoucherLedger
	if len(d.Entries) != 1 || d.Entries[0].Amount.Amount != c.Totals.Discount.Amount || d.Voucher.TimesUsed != 1 || d.Voucher.Status != "used_up" {
		t.Fatalf("code's ledger after the order: %+v (discount %s)", d, c.Totals.Discount.Amount)
	}

	if _, ues, res := o.orderMutation(o.env, asStudio, "cancelOrder", ord.ID); len(res.Errors) > 0 || len(ues) > 0 {
		t.Fatalf("cancel: %+v %+v", res.Errors, ues)
	}
	l = read(card).StudioVoucherLedger
	if len(l.Entries) != 2 || l.Entries[1].Reason != "release" || l.Entries[1].Amount.Amount != "50.00" || *l.Entries[1].OrderNumber != ord.Number ||
		l.Spent.Amount != "50.00" || l.GivenBack.Amount != "50.00" || l.Balance.Amount != "50.00" || l.Voucher.Status != "active" {
		t.Fatalf("card's ledger after the cancel: %+v", l)
	}
	if o.balance(card) != 5000 {
		t.Fatal("the ledger does not add up")
	}
	d = read(code).StudioVoucherLedger
	if len(d.Entries) != 2 || d.Entries[1].Reason != "release" || d.Voucher.TimesUsed != 0 || d.Voucher.Status != "active" {
		t.Fatalf("code's ledger after the cancel: %+v", d)
	}

	// A used voucher stays: it can be switched off, not deleted.
	var del struct {
		DeleteVoucher struct {
			DeletedVoucherID *string
			UserErrors       []gqlUserError
		}
	}
	if res := o.graphqlWith(asStudio, `mutation($id: ID!) { deleteVoucher(input: {voucherId: $id}) { deletedVoucherId userErrors { code field message } } }`,
		map[string]any{"id": card}, &del); len(res.Errors) > 0 || del.DeleteVoucher.DeletedVoucherID != nil ||
		len(del.DeleteVoucher.UserErrors) != 1 || del.DeleteVoucher.UserErrors[0].Code != "voucher_used" {
		t.Fatalf("delete a used card: %+v %+v", res.Errors, del)
	}
	if res := bob.graphql(ledgerQuery, map[string]any{"id": card}, nil); errorCode(res) != "unauthorized" {
		t.Fatalf("a buyer reads the ledger: %+v", res.Errors)
	}
}

// TestStudioVouchersGalleryScope: studioVouchers' galleryScope over
// GraphQL: the demo's codes valid in every gallery, none limited to one
// until one is made, and all_galleries with a galleryId refused.
func TestStudioVouchersGalleryScope(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	asStudio := bearer(token)
	const q = `query($scope: VoucherGalleryScope, $gallery: ID) { studioVouchers(galleryScope: $scope, galleryId: $gallery) { code galleryId } }`
	type row struct {
		Code      string
		GalleryID *string
	}
	list := func(vars map[string]any) ([]row, gqlResponse) {
		t.Helper()
		var d struct{ StudioVouchers []row }
		res := o.graphqlWith(asStudio, q, vars, &d)
		return d.StudioVouchers, res
	}
	all, res := list(map[string]any{"scope": "all_galleries"})
	if len(res.Errors) > 0 || len(all) == 0 {
		t.Fatalf("all galleries: %v %+v", all, res.Errors)
	}
	for _, v := range all {
		if v.GalleryID != nil {
			t.Fatalf("%s is limited to %s", v.Code, *v.GalleryID)
		}
	}
	gid := o.db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(o.sys).ID
	var made struct {
		CreateVoucherBatch struct{ Vouchers []gqlVoucher }
	}
	if res := o.graphqlWith(asStudio, batchMutation, map[string]any{"input": map[string]any{"count": 2, "prefix": "GALA",
		"discountCode": map[string]any{"percentOff": 5, "galleryId": gid}}}, &made); len(res.Errors) > 0 || len(made.CreateVoucherBatch.Vouchers) != 2 {
		t.Fatalf("batch: %+v %+v", res.Errors, made)
	}
	for _, vars := range []map[string]any{{"scope": "one_gallery"}, {"gallery": gid}, {"scope": "one_gallery", "gallery": gid}} {
		one, res := list(vars)
		if len(res.Errors) > 0 || len(one) != 2 || one[0].GalleryID == nil || *one[0].GalleryID != gid {
			t.Fatalf("%v: %+v %+v", vars, one, res.Errors)
		}
	}
	if again, _ := list(map[string]any{"scope": "all_galleries"}); len(again) != len(all) {
		t.Fatalf("all galleries after the batch: %d, want %d", len(again), len(all))
	}
	if _, res := list(map[string]any{"scope": "all_galleries", "gallery": gid}); len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "invalid_value" {
		t.Fatalf("all galleries and a gallery: %+v", res.Errors)
	}
}
