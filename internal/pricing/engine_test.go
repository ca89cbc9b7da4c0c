package pricing

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
)

// printLine is a physical line shipped by lab.
func printLine(id string, price money.Cents, qty int, lab string) Line {
	return Line{ID: id, Kind: KindPrint, UnitPrice: price, Quantity: qty, Physical: true, Labs: []string{lab}}
}

// fileLine is a digital line.
func fileLine(id string, price money.Cents) Line {
	return Line{ID: id, Kind: KindDigitalFile, UnitPrice: price, Quantity: 1}
}

func home(country string) Delivery { return Delivery{Option: DeliveryShipping, Country: country} }

// flat is a single rate for every lab and country.
var flat = []model.ShippingRate{{Zone: "Monde", Price: 500}}

func lineDiscounts(q Quote) []money.Cents {
	var out []money.Cents
	for _, l := range q.Lines {
		out = append(out, l.Discount)
	}
	return out
}

func TestLineTotalsAndMerchandise(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lines  []Line
		totals []money.Cents
		merch  money.Cents
	}{
		{"unit price times quantity", []Line{fileLine("a", 900), printLine("b", 250, 3, "lab")}, []money.Cents{900, 750}, 1650},
		{"quantity zero or negative counts 0", []Line{printLine("a", 250, 0, "lab"), printLine("b", 250, -2, "lab"), fileLine("c", 100)}, []money.Cents{0, 0, 100}, 100},
		{"negative price counts 0", []Line{printLine("a", -250, 2, "lab"), fileLine("b", 100)}, []money.Cents{0, 100}, 100},
		{"empty cart", nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := Price(Input{Lines: tc.lines, Delivery: home("BE"), Rates: flat})
			var totals []money.Cents
			for i, l := range q.Lines {
				if l.ID != tc.lines[i].ID {
					t.Errorf("line %d is %q, want %q (input order)", i, l.ID, tc.lines[i].ID)
				}
				totals = append(totals, l.Total)
			}
			if !reflect.DeepEqual(totals, tc.totals) || q.Merchandise != tc.merch {
				t.Errorf("totals %v merchandise %d, want %v %d", totals, q.Merchandise, tc.totals, tc.merch)
			}
		})
	}
}

func TestAutomaticDiscountThresholds(t *testing.T) {
	autos := []AutoDiscount{{Threshold: 10000, Percent: 10}, {Threshold: 5000, Percent: 5}, {Threshold: 20000, Percent: 15}}
	for _, tc := range []struct {
		name     string
		subtotal money.Cents
		autos    []AutoDiscount
		source   string
		pct      int
		amount   money.Cents
	}{
		{"below every threshold", 4999, autos, SourceNone, 0, 0},
		{"exactly at the first threshold", 5000, autos, SourceAutomatic, 5, 250},
		{"just below the second, rounded half up", 9999, autos, SourceAutomatic, 5, 500},
		{"exactly at the second threshold", 10000, autos, SourceAutomatic, 10, 1000},
		{"above all: the best percentage", 25000, autos, SourceAutomatic, 15, 3750},
		{"zero threshold", 1000, []AutoDiscount{{Threshold: 0, Percent: 20}}, SourceAutomatic, 20, 200},
		{"zero percent is no discount", 1000, []AutoDiscount{{Threshold: 0, Percent: 0}}, SourceNone, 0, 0},
		{"no discounts", 1000, nil, SourceNone, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := Price(Input{Lines: []Line{fileLine("a", tc.subtotal)}, AutoDiscounts: tc.autos})
			want := DiscountQuote{Source: tc.source, Percent: tc.pct, Amount: tc.amount}
			if q.Discount != want {
				t.Errorf("Discount = %+v, want %+v", q.Discount, want)
			}
			if q.Code != nil {
				t.Errorf("Code = %+v, want nil without a code", q.Code)
			}
		})
	}
}

func TestDiscountCode(t *testing.T) {
	twoLines := []Line{printLine("a", 1000, 1, "lab"), printLine("b", 3000, 1, "lab")}
	for _, tc := range []struct {
		name      string
		lines     []Line
		code      Code
		delivery  Delivery
		discount  DiscountQuote
		codeQuote CodeQuote
		perLine   []money.Cents
		shipping  money.Cents
	}{
		{"percentage per line, rounded half away from zero", []Line{fileLine("a", 1000), fileLine("b", 555)},
			Code{Code: "TEN", PercentOff: 10}, home("BE"),
			DiscountQuote{Source: SourceCode, Code: "TEN", Percent: 10, Amount: 156},
			CodeQuote{Code: "TEN", Applied: true}, []money.Cents{100, 56}, 0},
		{"fixed amount shared in proportion", twoLines,
			Code{Code: "FIVE", AmountOff: 500}, home("BE"),
			DiscountQuote{Source: SourceCode, Code: "FIVE", Amount: 500},
			CodeQuote{Code: "FIVE", Applied: true}, []money.Cents{125, 375}, 500},
		{"fixed amount above the subtotal is capped", twoLines,
			Code{Code: "BIG", AmountOff: 10000}, home("BE"),
			DiscountQuote{Source: SourceCode, Code: "BIG", Amount: 4000},
			CodeQuote{Code: "BIG", Applied: true}, []money.Cents{1000, 3000}, 500},
		{"both percent and amount: the larger", twoLines,
			Code{Code: "BOTH", PercentOff: 10, AmountOff: 500}, home("BE"),
			DiscountQuote{Source: SourceCode, Code: "BOTH", Amount: 500},
			CodeQuote{Code: "BOTH", Applied: true}, []money.Cents{125, 375}, 500},
		{"minimum spend not reached", twoLines,
			Code{Code: "MIN", PercentOff: 10, MinSpend: 4001}, home("BE"),
			DiscountQuote{}, CodeQuote{Code: "MIN", Reason: ReasonMinSpend}, []money.Cents{0, 0}, 500},
		{"minimum spend exactly reached", twoLines,
			Code{Code: "MIN", PercentOff: 10, MinSpend: 4000}, home("BE"),
			DiscountQuote{Source: SourceCode, Code: "MIN", Percent: 10, Amount: 400},
			CodeQuote{Code: "MIN", Applied: true}, []money.Cents{100, 300}, 500},
		{"the caller's problem passes through before the minimum", twoLines,
			Code{Code: "OLD", PercentOff: 10, MinSpend: 99999, Problem: ReasonExpired}, home("BE"),
			DiscountQuote{}, CodeQuote{Code: "OLD", Reason: ReasonExpired}, []money.Cents{0, 0}, 500},
		{"used up", twoLines,
			Code{Code: "USED", PercentOff: 10, Problem: ReasonUsedUp}, home("BE"),
			DiscountQuote{}, CodeQuote{Code: "USED", Reason: ReasonUsedUp}, []money.Cents{0, 0}, 500},
		{"free shipping to a listed country", twoLines,
			Code{Code: "SHIP", FreeShipping: true, FreeShippingCountries: []string{"be", "LU"}}, home("BE"),
			DiscountQuote{Source: SourceCode, Code: "SHIP", FreeShipping: true},
			CodeQuote{Code: "SHIP", Applied: true, FreeShipping: true}, []money.Cents{0, 0}, 0},
		{"a free-shipping code to an unlisted country does not apply", twoLines,
			Code{Code: "SHIP", FreeShipping: true, FreeShippingCountries: []string{"BE"}}, home("FR"),
			DiscountQuote{}, CodeQuote{Code: "SHIP", Reason: ReasonFreeShippingCountry}, []money.Cents{0, 0}, 500},
		{"a free-shipping code below its minimum does not apply", twoLines,
			Code{Code: "SHIP", FreeShipping: true, MinSpend: 4001}, home("BE"),
			DiscountQuote{}, CodeQuote{Code: "SHIP", Reason: ReasonMinSpend}, []money.Cents{0, 0}, 500},
		{"an empty list means every country", twoLines,
			Code{Code: "SHIP", FreeShipping: true}, home("JP"),
			DiscountQuote{Source: SourceCode, Code: "SHIP", FreeShipping: true},
			CodeQuote{Code: "SHIP", Applied: true, FreeShipping: true}, []money.Cents{0, 0}, 0},
		{"a free-shipping code does not apply to pickup", twoLines,
			Code{Code: "SHIP", FreeShipping: true}, Delivery{Option: DeliveryPickup, Country: "BE"},
			DiscountQuote{}, CodeQuote{Code: "SHIP", Reason: ReasonNoDelivery}, []money.Cents{0, 0}, 0},
		{"a percentage with free shipping to an unlisted country gives its percentage", twoLines,
			Code{Code: "BOTH", PercentOff: 10, FreeShipping: true, FreeShippingCountries: []string{"BE"}}, home("FR"),
			DiscountQuote{Source: SourceCode, Code: "BOTH", Percent: 10, Amount: 400},
			CodeQuote{Code: "BOTH", Applied: true}, []money.Cents{100, 300}, 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := tc.code
			q := Price(Input{Lines: tc.lines, Code: &code, Delivery: tc.delivery, Rates: flat})
			if q.Discount != tc.discount {
				t.Errorf("Discount = %+v, want %+v", q.Discount, tc.discount)
			}
			if q.Code == nil || *q.Code != tc.codeQuote {
				t.Errorf("Code = %+v, want %+v", q.Code, tc.codeQuote)
			}
			if got := lineDiscounts(q); !reflect.DeepEqual(got, tc.perLine) {
				t.Errorf("line discounts = %v, want %v", got, tc.perLine)
			}
			if q.Shipping != tc.shipping {
				t.Errorf("Shipping = %d, want %d", q.Shipping, tc.shipping)
			}
		})
	}
}

func TestAutomaticVersusCode(t *testing.T) {
	lines := []Line{printLine("a", 10000, 1, "lab")}    // shipping 500
	auto := []AutoDiscount{{Threshold: 0, Percent: 10}} // worth 1000
	for _, tc := range []struct {
		name      string
		code      Code
		source    string
		amount    money.Cents
		reason    string
		shipping  money.Cents
		codeUsed  bool
		freeShip  bool
		wantTotal money.Cents
	}{
		{"the code is worth more", Code{Code: "C", PercentOff: 15}, SourceCode, 1500, "", 500, true, false, 9000},
		{"the automatic one is worth more", Code{Code: "C", PercentOff: 5}, SourceAutomatic, 1000, ReasonBetterDiscount, 500, false, false, 9500},
		{"a tie keeps the code unspent", Code{Code: "C", AmountOff: 1000}, SourceAutomatic, 1000, ReasonBetterDiscount, 500, false, false, 9500},
		// Issue 20: free shipping and a percentage are two kinds; both apply.
		{"a free-shipping code and the automatic percentage both apply", Code{Code: "C", FreeShipping: true}, SourceAutomatic, 1000, "", 0, true, true, 9000},
		{"a free-shipping code to its listed country beside the automatic percentage", Code{Code: "C", FreeShipping: true, FreeShippingCountries: []string{"LU", "BE"}}, SourceAutomatic, 1000, "", 0, true, true, 9000},
		{"a free-shipping code to an unlisted country leaves the automatic percentage alone", Code{Code: "C", FreeShipping: true, FreeShippingCountries: []string{"FR"}}, SourceAutomatic, 1000, ReasonFreeShippingCountry, 500, false, false, 9500},
		{"a free-shipping code below its minimum leaves the automatic percentage alone", Code{Code: "C", FreeShipping: true, MinSpend: 10001}, SourceAutomatic, 1000, ReasonMinSpend, 500, false, false, 9500},
		// A code with a percentage and free shipping competes as a
		// percentage; its free shipping applies either way.
		{"percent and free shipping: the better percentage and the free shipping", Code{Code: "C", PercentOff: 15, FreeShipping: true}, SourceCode, 1500, "", 0, true, true, 8500},
		{"percent and free shipping: the automatic percentage wins, the shipping stays free", Code{Code: "C", PercentOff: 6, FreeShipping: true}, SourceAutomatic, 1000, ReasonBetterDiscount, 0, true, true, 9000},
		{"percent and free shipping: a tie keeps the automatic percentage, the shipping free", Code{Code: "C", PercentOff: 10, FreeShipping: true}, SourceAutomatic, 1000, ReasonBetterDiscount, 0, true, true, 9000},
		{"percent and free shipping to an unlisted country: percentages compete alone", Code{Code: "C", PercentOff: 6, FreeShipping: true, FreeShippingCountries: []string{"FR"}}, SourceAutomatic, 1000, ReasonBetterDiscount, 500, false, false, 9500},
		{"an unusable code leaves the automatic one", Code{Code: "C", PercentOff: 50, Problem: ReasonAlreadyUsed}, SourceAutomatic, 1000, ReasonAlreadyUsed, 500, false, false, 9500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := tc.code
			q := Price(Input{Lines: lines, AutoDiscounts: auto, Code: &code, Delivery: home("BE"), Rates: flat})
			if q.Discount.Source != tc.source || q.Discount.Amount != tc.amount || q.Discount.FreeShipping != tc.freeShip || q.Code.FreeShipping != tc.freeShip {
				t.Errorf("Discount = %+v, want %s %d free=%v", q.Discount, tc.source, tc.amount, tc.freeShip)
			}
			if q.Code.Applied != tc.codeUsed || q.Code.Reason != tc.reason {
				t.Errorf("Code = %+v, want applied=%v reason %q", q.Code, tc.codeUsed, tc.reason)
			}
			if q.ShippingBeforeDiscount != 500 || q.Shipping != tc.shipping {
				t.Errorf("shipping %d -> %d, want 500 -> %d", q.ShippingBeforeDiscount, q.Shipping, tc.shipping)
			}
			if q.Total != tc.wantTotal {
				t.Errorf("Total = %d, want %d", q.Total, tc.wantTotal)
			}
		})
	}
}

func TestFixedAmountAllocation(t *testing.T) {
	for _, tc := range []struct {
		name   string
		totals []money.Cents
		amount money.Cents
		want   []money.Cents
	}{
		{"even split", []money.Cents{1000, 1000}, 500, []money.Cents{250, 250}},
		{"remainders tie: earliest lines first", []money.Cents{100, 100, 100}, 200, []money.Cents{67, 67, 66}},
		{"largest remainder wins", []money.Cents{100, 200, 300}, 100, []money.Cents{17, 33, 50}},
		{"largest remainder is not the first", []money.Cents{300, 100, 200}, 100, []money.Cents{50, 17, 33}},
		{"free lines get nothing", []money.Cents{0, 999, 0, 1}, 500, []money.Cents{0, 500, 0, 0}},
		{"capped at each line", []money.Cents{1, 2, 3}, 6, []money.Cents{1, 2, 3}},
		{"one cent over many lines", []money.Cents{5, 5, 5, 5}, 1, []money.Cents{1, 0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var lines []Line
			for i, c := range tc.totals {
				lines = append(lines, fileLine(string(rune('a'+i)), c))
			}
			q := Price(Input{Lines: lines, Code: &Code{Code: "X", AmountOff: tc.amount}})
			if got := lineDiscounts(q); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("line discounts = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestShipping(t *testing.T) {
	rates := []model.ShippingRate{
		{Zone: "A Belgique", Lab: "labA", Countries: []string{"BE"}, Price: 500},
		{Zone: "A ailleurs", Lab: "labA", Price: 900},
		{Zone: "France", Countries: []string{"fr"}, Price: 700},
		{Zone: "Monde", Price: 1200},
	}
	noDefault := rates[:3]
	pack := Line{ID: "pack", Kind: KindPack, UnitPrice: 12900, Quantity: 1, Physical: true,
		Labs: []string{"labA", "labB"}, ShippingIncludedTo: []string{"BE", "FR", "LU"}}
	excluded := Line{ID: "canvas", Kind: KindPrint, UnitPrice: 5000, Quantity: 1, Physical: true,
		Labs: []string{"labA"}, ExcludedCountries: []string{"CH", "us"}}
	for _, tc := range []struct {
		name     string
		lines    []Line
		rates    []model.ShippingRate
		delivery Delivery
		needs    bool
		shipping money.Cents
		problems []ShippingProblem
	}{
		{"step 1: the lab's rate naming the country", []Line{printLine("a", 100, 1, "labA")}, rates, home("BE"), true, 500, nil},
		{"countries compare case-insensitively", []Line{printLine("a", 100, 1, "labA")}, rates, home("be"), true, 500, nil},
		{"step 2: the lab's rate without countries", []Line{printLine("a", 100, 1, "labA")}, rates, home("FR"), true, 900, nil},
		{"step 3: a rate without lab naming the country", []Line{printLine("a", 100, 1, "labB")}, rates, home("FR"), true, 700, nil},
		{"step 4: a rate without lab nor countries", []Line{printLine("a", 100, 1, "labB")}, rates, home("DE"), true, 1200, nil},
		{"one rate per lab, not per line", []Line{printLine("a", 100, 1, "labA"), printLine("b", 100, 5, "labA")}, rates, home("BE"), true, 500, nil},
		{"each lab its rate", []Line{printLine("a", 100, 1, "labA"), printLine("b", 100, 1, "labB")}, rates, home("DE"), true, 2100, nil},
		{"a pack shipped by two labs", []Line{pack}, rates, home("DE"), true, 2100, nil},
		{"ShippingIncludedTo ships free", []Line{pack}, rates, home("BE"), true, 0, nil},
		{"ShippingIncludedTo does not free the other lines", []Line{pack, printLine("a", 100, 1, "labA")}, rates, home("BE"), true, 500, nil},
		{"pickup is free", []Line{printLine("a", 100, 1, "labA"), excluded}, rates, Delivery{Option: DeliveryPickup, Country: "CH"}, true, 0, nil},
		{"digital only needs no delivery", []Line{fileLine("a", 900)}, nil, home("CH"), false, 0, nil},
		{"a physical line of quantity 0 needs no delivery", []Line{fileLine("a", 900), printLine("b", 100, 0, "labA")}, nil, home("BE"), false, 0, nil},
		{"excluded country", []Line{printLine("a", 100, 1, "labB"), excluded}, rates, home("US"), true, 1200,
			[]ShippingProblem{{LineID: "canvas", Country: "US", Reason: ProblemExcludedCountry}}},
		{"no rate", []Line{printLine("a", 100, 1, "labB"), printLine("b", 100, 1, "labA")}, noDefault, home("DE"), true, 900,
			[]ShippingProblem{{LineID: "a", Country: "DE", Reason: ProblemNoRate}}},
		{"problems in line order", []Line{excluded, printLine("a", 100, 1, "labC"), printLine("b", 100, 1, "labA"), printLine("c", 100, 1, "labD")}, noDefault, home("ch"), true, 900,
			[]ShippingProblem{{"canvas", "CH", ProblemExcludedCountry}, {"a", "CH", ProblemNoRate}, {"c", "CH", ProblemNoRate}}},
		{"a pack with one lab without rate adds nothing", []Line{pack}, noDefault, home("DE"), true, 0,
			[]ShippingProblem{{"pack", "DE", ProblemNoRate}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := Price(Input{Lines: tc.lines, Delivery: tc.delivery, Rates: tc.rates})
			if q.NeedsDelivery != tc.needs || q.ShippingBeforeDiscount != tc.shipping || q.Shipping != tc.shipping {
				t.Errorf("needs %v shipping %d/%d, want %v %d", q.NeedsDelivery, q.ShippingBeforeDiscount, q.Shipping, tc.needs, tc.shipping)
			}
			if !reflect.DeepEqual(q.ShippingProblems, tc.problems) {
				t.Errorf("problems = %+v, want %+v", q.ShippingProblems, tc.problems)
			}
			if q.TotalBeforeGiftCards != q.Merchandise+tc.shipping {
				t.Errorf("TotalBeforeGiftCards = %d, want %d", q.TotalBeforeGiftCards, q.Merchandise+tc.shipping)
			}
		})
	}
}

func TestGiftCards(t *testing.T) {
	lines := []Line{printLine("a", 4500, 1, "lab")} // + 500 shipping = 5000
	for _, tc := range []struct {
		name  string
		cards []GiftCard
		want  []GiftCardQuote
		total money.Cents
	}{
		{"none", nil, nil, 5000},
		{"spent in order", []GiftCard{{"G1", 3000}, {"G2", 1500}},
			[]GiftCardQuote{{"G1", 3000, 0}, {"G2", 1500, 0}}, 500},
		{"the last one partly used", []GiftCard{{"G1", 3000}, {"G2", 4000}},
			[]GiftCardQuote{{"G1", 3000, 0}, {"G2", 2000, 2000}}, 0},
		{"one card above the total", []GiftCard{{"G1", 8000}},
			[]GiftCardQuote{{"G1", 5000, 3000}}, 0},
		{"cards after the total is paid stay whole", []GiftCard{{"G1", 8000}, {"G2", 100}},
			[]GiftCardQuote{{"G1", 5000, 3000}, {"G2", 0, 100}}, 0},
		{"a negative balance counts 0", []GiftCard{{"G1", -100}, {"G2", 100}},
			[]GiftCardQuote{{"G1", 0, 0}, {"G2", 100, 0}}, 4900},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := Price(Input{Lines: lines, GiftCards: tc.cards, Delivery: home("BE"), Rates: flat, VATRateBP: 2100})
			if !reflect.DeepEqual(q.GiftCards, tc.want) || q.Total != tc.total {
				t.Errorf("gift cards %+v total %d, want %+v %d", q.GiftCards, q.Total, tc.want, tc.total)
			}
			if q.GiftCardTotal != q.TotalBeforeGiftCards-tc.total {
				t.Errorf("GiftCardTotal = %d, want %d", q.GiftCardTotal, q.TotalBeforeGiftCards-tc.total)
			}
			if q.VAT.Amount != 868 { // 4500 -> 781, 500 -> 87: gift cards change nothing
				t.Errorf("VAT = %d, want 868", q.VAT.Amount)
			}
		})
	}
}

func TestVAT(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      Input
		lineVAT []money.Cents
		vat     VATQuote
	}{
		{"1210 contains 210", Input{Lines: []Line{fileLine("a", 1210)}, VATRateBP: 2100},
			[]money.Cents{210}, VATQuote{RateBP: 2100, Base: 1000, Amount: 210}},
		{"per line plus shipping", Input{Lines: []Line{printLine("a", 1210, 1, "lab"), fileLine("b", 2420)},
			Delivery: home("BE"), Rates: []model.ShippingRate{{Price: 605}}, VATRateBP: 2100},
			[]money.Cents{210, 420}, VATQuote{RateBP: 2100, Base: 3500, Amount: 735}},
		{"on the net after discount", Input{Lines: []Line{fileLine("a", 1210)}, Code: &Code{Code: "X", PercentOff: 10}, VATRateBP: 2100},
			[]money.Cents{189}, VATQuote{RateBP: 2100, Base: 900, Amount: 189}},
		{"rounded per line", Input{Lines: []Line{fileLine("a", 1000), fileLine("b", 1000)}, VATRateBP: 2100},
			[]money.Cents{174, 174}, VATQuote{RateBP: 2100, Base: 1652, Amount: 348}},
		{"no VAT", Input{Lines: []Line{fileLine("a", 1000)}}, []money.Cents{0}, VATQuote{Base: 1000}},
		{"a negative rate counts 0", Input{Lines: []Line{fileLine("a", 1000)}, VATRateBP: -10000}, []money.Cents{0}, VATQuote{Base: 1000}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := Price(tc.in)
			var got []money.Cents
			for _, l := range q.Lines {
				got = append(got, l.VAT)
			}
			if !reflect.DeepEqual(got, tc.lineVAT) || q.VAT != tc.vat {
				t.Errorf("line VAT %v, VAT %+v; want %v %+v", got, q.VAT, tc.lineVAT, tc.vat)
			}
		})
	}
}

// randomInput builds a cart from small pools so that labs, countries and
// rates often meet, with some invalid values mixed in.
func randomInput(r *rand.Rand) Input {
	countries := []string{"BE", "FR", "DE", "be", "CH", ""}
	labs := []string{"labA", "labB", "labC", ""}
	pick := func(pool []string, max int) []string {
		var out []string
		for range r.IntN(max + 1) {
			out = append(out, pool[r.IntN(len(pool))])
		}
		return out
	}
	price := func() money.Cents {
		if r.IntN(20) == 0 {
			return -money.Cents(r.IntN(1000))
		}
		return money.Cents(r.IntN(20000))
	}
	var in Input
	kinds := []string{KindPrint, KindDigitalFile, KindAllGallery, KindPack}
	for i := range r.IntN(8) {
		k := kinds[r.IntN(len(kinds))]
		l := Line{ID: string(rune('a' + i)), Kind: k, UnitPrice: price(), Quantity: r.IntN(7) - 1,
			Physical: k == KindPrint || (k == KindPack && r.IntN(2) == 0)}
		if l.Physical {
			l.Labs = pick(labs, 2)
			l.ExcludedCountries = pick(countries, 1)
			if k == KindPack {
				l.ShippingIncludedTo = pick(countries, 2)
			}
		}
		in.Lines = append(in.Lines, l)
	}
	for range r.IntN(3) {
		in.AutoDiscounts = append(in.AutoDiscounts, AutoDiscount{Threshold: money.Cents(r.IntN(30000)), Percent: r.IntN(30)})
	}
	if r.IntN(3) > 0 {
		c := &Code{Code: "CODE", MinSpend: money.Cents(r.IntN(3) * r.IntN(20000))}
		switch r.IntN(3) {
		case 0:
			c.PercentOff = r.IntN(101)
		case 1:
			c.AmountOff = money.Cents(r.IntN(50000))
		}
		c.FreeShipping = r.IntN(2) == 0
		c.FreeShippingCountries = pick(countries, 2)
		if r.IntN(5) == 0 {
			c.Problem = ReasonExpired
		}
		in.Code = c
	}
	for i := range r.IntN(3) {
		in.GiftCards = append(in.GiftCards, GiftCard{Code: string(rune('A' + i)), Balance: money.Cents(r.IntN(20000) - 1000)})
	}
	in.Delivery = Delivery{Option: []string{DeliveryShipping, DeliveryPickup}[r.IntN(2)], Country: countries[r.IntN(len(countries))]}
	for range r.IntN(5) {
		in.Rates = append(in.Rates, model.ShippingRate{Lab: labs[r.IntN(len(labs))], Countries: pick(countries, 2), Price: r.IntN(2000)})
	}
	in.VATRateBP = []int{0, 600, 2100}[r.IntN(3)]
	return in
}

func checkInvariants(t *testing.T, in Input, q Quote) {
	t.Helper()
	for name, c := range map[string]money.Cents{
		"Merchandise": q.Merchandise, "Discount": q.Discount.Amount, "ShippingBeforeDiscount": q.ShippingBeforeDiscount,
		"Shipping": q.Shipping, "TotalBeforeGiftCards": q.TotalBeforeGiftCards, "GiftCardTotal": q.GiftCardTotal,
		"Total": q.Total, "VAT": q.VAT.Amount, "Base": q.VAT.Base,
	} {
		if c < 0 {
			t.Fatalf("%s = %d < 0 for %+v", name, c, in)
		}
	}
	if q.Discount.Amount > q.Merchandise {
		t.Fatalf("discount %d > merchandise %d", q.Discount.Amount, q.Merchandise)
	}
	if len(q.Lines) != len(in.Lines) {
		t.Fatalf("%d lines, want %d", len(q.Lines), len(in.Lines))
	}
	var discounts money.Cents
	for i, l := range q.Lines {
		if l.ID != in.Lines[i].ID || l.Total < 0 || l.Discount < 0 || l.Discount > l.Total || l.Net != l.Total-l.Discount || l.VAT < 0 {
			t.Fatalf("line %d = %+v", i, l)
		}
		discounts += l.Discount
	}
	if discounts != q.Discount.Amount {
		t.Fatalf("line discounts sum to %d, discount is %d", discounts, q.Discount.Amount)
	}
	var spent money.Cents
	for i, g := range q.GiftCards {
		bal := max(in.GiftCards[i].Balance, 0)
		if g.Applied < 0 || g.Applied > bal || g.Remaining != bal-g.Applied {
			t.Fatalf("gift card %+v, balance %d", g, bal)
		}
		spent += g.Applied
	}
	if spent != q.GiftCardTotal || spent > q.TotalBeforeGiftCards {
		t.Fatalf("gift cards %d, total %d, before %d", spent, q.GiftCardTotal, q.TotalBeforeGiftCards)
	}
	if q.Total != q.TotalBeforeGiftCards-q.GiftCardTotal {
		t.Fatalf("Total %d != %d - %d", q.Total, q.TotalBeforeGiftCards, q.GiftCardTotal)
	}
	if q.TotalBeforeGiftCards != q.Merchandise-q.Discount.Amount+q.Shipping {
		t.Fatalf("TotalBeforeGiftCards %d != %d - %d + %d", q.TotalBeforeGiftCards, q.Merchandise, q.Discount.Amount, q.Shipping)
	}
	if q.VAT.Base+q.VAT.Amount != q.TotalBeforeGiftCards {
		t.Fatalf("VAT %+v does not add up to %d", q.VAT, q.TotalBeforeGiftCards)
	}
	if !q.NeedsDelivery && (q.Shipping != 0 || q.ShippingProblems != nil) {
		t.Fatalf("no delivery but shipping %d, problems %v", q.Shipping, q.ShippingProblems)
	}
	if q.Shipping > q.ShippingBeforeDiscount || (q.ShippingBeforeDiscount > 0 && (q.Shipping != q.ShippingBeforeDiscount) != q.Discount.FreeShipping) {
		t.Fatalf("shipping %d -> %d with %+v", q.ShippingBeforeDiscount, q.Shipping, q.Discount)
	}
	if (in.Code == nil) != (q.Code == nil) || q.Code != nil && (q.Code.Applied != (q.Discount.Source == SourceCode || q.Code.FreeShipping) ||
		q.Code.FreeShipping != q.Discount.FreeShipping || q.Code.Reason != "" && q.Code.Applied && q.Code.Reason != ReasonBetterDiscount) ||
		q.Code == nil && q.Discount.FreeShipping {
		t.Fatalf("code %+v, discount %+v", q.Code, q.Discount)
	}
}

func TestPriceProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	for range 5000 {
		in := randomInput(r)
		q := Price(in)
		checkInvariants(t, in, q)
		seen["source "+q.Discount.Source]++
		if q.Code != nil {
			seen["code "+q.Code.Reason]++
		}
		if q.Discount.FreeShipping {
			seen["free shipping"]++
			if q.Discount.Source == SourceAutomatic {
				seen["free shipping beside the automatic discount"]++
			}
		}
		for _, p := range q.ShippingProblems {
			seen["problem "+p.Reason]++
		}
		if q.GiftCardTotal > 0 && q.Total == 0 {
			seen["paid by gift cards"]++
		}
		if q.GiftCardTotal > 0 && q.Total > 0 {
			seen["partly paid by gift cards"]++
		}

		// Adding a line anywhere then removing it restores everything.
		extra := randomInput(r).Lines
		if len(extra) > 0 {
			at := r.IntN(len(in.Lines) + 1)
			added := in
			added.Lines = slices.Insert(slices.Clone(in.Lines), at, extra[0])
			checkInvariants(t, added, Price(added))
			removed := added
			removed.Lines = slices.Delete(slices.Clone(added.Lines), at, at+1)
			if back := Price(removed); !reflect.DeepEqual(back, q) {
				t.Fatalf("add then remove: %+v, want %+v", back, q)
			}
		}

		// The order of the lines changes no total.
		shuffled := in
		shuffled.Lines = slices.Clone(in.Lines)
		r.Shuffle(len(shuffled.Lines), func(i, j int) { shuffled.Lines[i], shuffled.Lines[j] = shuffled.Lines[j], shuffled.Lines[i] })
		s := Price(shuffled)
		checkInvariants(t, shuffled, s)
		if s.Merchandise != q.Merchandise || s.Discount.Amount != q.Discount.Amount || s.Shipping != q.Shipping ||
			s.TotalBeforeGiftCards != q.TotalBeforeGiftCards || s.GiftCardTotal != q.GiftCardTotal || s.Total != q.Total {
			t.Fatalf("shuffled %+v\n gives %+v,\n want %+v", shuffled, s, q)
		}
	}
	// The generator must reach every rule often enough to mean something.
	for _, k := range []string{"source ", "source " + SourceAutomatic, "source " + SourceCode, "code ",
		"code " + ReasonMinSpend, "code " + ReasonExpired, "code " + ReasonBetterDiscount, "free shipping", "free shipping beside the automatic discount",
		"problem " + ProblemExcludedCountry, "problem " + ProblemNoRate, "paid by gift cards", "partly paid by gift cards"} {
		if seen[k] < 50 {
			t.Errorf("only %d random carts with %q", seen[k], k)
		}
	}
	t.Logf("%v", seen)
}

func TestPriceSurvivesAbsurdInput(t *testing.T) {
	huge := money.Cents(1<<63 - 1)
	in := Input{
		Lines: []Line{
			{ID: "a", UnitPrice: huge, Quantity: 1 << 62, Physical: true},
			{ID: "b", UnitPrice: huge, Quantity: 3},
			{ID: "c", UnitPrice: -huge, Quantity: -5},
		},
		AutoDiscounts: []AutoDiscount{{Threshold: -1, Percent: 1000}, {Threshold: 0, Percent: -50}},
		Code:          &Code{Code: "X", PercentOff: -20, AmountOff: huge, MinSpend: -huge},
		GiftCards:     []GiftCard{{"G", huge}, {"H", -huge}},
		Delivery:      home("BE"),
		Rates:         []model.ShippingRate{{Price: 1<<63 - 1}},
		VATRateBP:     1<<62 - 1,
	}
	checkInvariants(t, in, Price(in))
	in.Rates = []model.ShippingRate{{Price: -1000}}
	in.VATRateBP = -10000
	checkInvariants(t, in, Price(in))
	checkInvariants(t, Input{}, Price(Input{}))
}

// A rate's free-shipping threshold compares the merchandise before any
// discount: below it the rate is charged, from it on the lab ships free,
// and another lab's rate without threshold is still charged.
func TestFreeShippingThreshold(t *testing.T) {
	rates := []model.ShippingRate{
		{Zone: "Belgique", Countries: []string{"BE"}, Lab: "a", Price: 700, FreeFrom: 5000},
		{Zone: "Monde", Lab: "b", Price: 300},
	}
	for _, tc := range []struct {
		name     string
		lines    []Line
		auto     []AutoDiscount
		shipping money.Cents
	}{
		{"below the threshold", []Line{printLine("a", 4999, 1, "a")}, nil, 700},
		{"at the threshold", []Line{printLine("a", 2500, 2, "a")}, nil, 0},
		{"digital lines count in the subtotal", []Line{printLine("a", 1000, 1, "a"), fileLine("f", 4000)}, nil, 0},
		{"before the automatic discount", []Line{printLine("a", 5000, 1, "a")}, []AutoDiscount{{Threshold: 1000, Percent: 50}}, 0},
		{"another lab is still charged", []Line{printLine("a", 5000, 1, "a"), printLine("b", 100, 1, "b")}, nil, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := Price(Input{Lines: tc.lines, AutoDiscounts: tc.auto, Delivery: home("BE"), Rates: rates})
			if q.Shipping != tc.shipping || len(q.ShippingProblems) != 0 {
				t.Errorf("shipping %d (problems %v), want %d", q.Shipping, q.ShippingProblems, tc.shipping)
			}
		})
	}
	// Another country than the threshold's rate: no rate for lab a.
	q := Price(Input{Lines: []Line{printLine("a", 9000, 1, "a")}, Delivery: home("FR"), Rates: rates})
	if len(q.ShippingProblems) != 1 {
		t.Errorf("FR problems %v, want one no_rate", q.ShippingProblems)
	}
}
