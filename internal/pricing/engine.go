package pricing

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"

	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
)

// Bounds that keep every sum and product far from int64 overflow, so that
// no input, however absurd, makes a total negative or panics. A line total
// or a shipping rate above maxCents (about 11 billion euros) counts as
// maxCents; percentages are clamped to 0..100 and the VAT rate to
// 0..maxVATRateBP.
const (
	maxCents     money.Cents = 1 << 40
	maxVATRateBP             = 100_000
)

// Price prices a cart or an order by the rules of the package doc.
//
// Besides those rules, it decides the following:
//   - A line with Quantity < 1 contributes nothing: its total is 0 and it
//     is not shipped. A negative UnitPrice counts as 0; so do negative
//     balances, rates, amounts off and VAT rates.
//   - A code with both PercentOff and AmountOff gives whichever takes more
//     off the merchandise (the percentage on a tie).
//   - Any delivery option other than DeliveryPickup is home delivery.
//   - Country codes compare case-insensitively, ignoring surrounding
//     spaces; problems name the country in upper case. Lab names compare
//     exactly; a physical line without labs is shipped by the lab "", so
//     only rates without lab price it.
//   - A line whose ExcludedCountries names the country is a problem even if
//     its ShippingIncludedTo names it too. A line with several labs is a
//     no-rate problem (and adds nothing) when one of them has no rate; one
//     problem per line at most.
//   - An automatic discount of 0 % is no discount; a code worth 0 still
//     applies when no automatic discount is reached.
//   - Discount.FreeShipping is set when the applied code's free shipping
//     covers the delivery (home delivery of physical lines to a listed
//     country), even if the shipping already cost nothing.
func Price(in Input) Quote {
	n := len(in.Lines)
	q := Quote{Lines: make([]LineQuote, n)}
	totals := make([]money.Cents, n)
	for i, l := range in.Lines {
		totals[i] = lineTotal(l)
		q.Lines[i] = LineQuote{ID: l.ID, Total: totals[i]}
		q.Merchandise = satAdd(q.Merchandise, totals[i])
	}

	home := in.Delivery.Option != DeliveryPickup
	country := strings.ToUpper(strings.TrimSpace(in.Delivery.Country))
	q.NeedsDelivery, q.ShippingBeforeDiscount, q.ShippingProblems = shipping(in.Lines, home, country, in.Rates, q.Merchandise)

	// The automatic discount.
	autoPct, autoOK := bestAuto(in.AutoDiscounts, q.Merchandise)
	var autoLines []money.Cents
	var autoAmount money.Cents
	if autoOK {
		autoLines = percentLines(totals, autoPct)
		autoAmount = sum(autoLines)
	}

	// The code, when usable.
	var (
		codeOK     bool
		codeLines  []money.Cents
		codeAmount money.Cents
		codePct    int
		codeFree   bool
	)
	if c := in.Code; c != nil {
		q.Code = &CodeQuote{Code: c.Code}
		switch {
		case c.Problem != "":
			q.Code.Reason = c.Problem
		case q.Merchandise < c.MinSpend:
			q.Code.Reason = ReasonMinSpend
		default:
			codeOK = true
			codeLines, codePct = codeDiscount(totals, q.Merchandise, c)
			codeAmount = sum(codeLines)
			codeFree = c.FreeShipping && q.NeedsDelivery && home &&
				(len(c.FreeShippingCountries) == 0 || containsFold(c.FreeShippingCountries, country))
		}
	}

	// Two kinds of discount. The merchandise discounts (the automatic
	// percentage, the code's percentage or amount) never stack: the code's
	// only when it takes strictly more off. The code's free shipping is
	// another kind: it applies beside whichever merchandise discount wins.
	// A code that only makes the shipping free takes the Discount's place
	// (worth 0) when no automatic discount applies.
	codeWins := codeOK && (codeGivesOff(in.Code) || codeFree) && (!autoOK || codeAmount > autoAmount)
	var applied []money.Cents
	switch {
	case codeWins:
		applied = codeLines
		q.Discount = DiscountQuote{Source: SourceCode, Code: in.Code.Code, Percent: codePct, Amount: codeAmount}
	case autoOK:
		applied = autoLines
		q.Discount = DiscountQuote{Source: SourceAutomatic, Percent: autoPct, Amount: autoAmount}
	}
	if codeOK {
		switch {
		case codeWins || codeFree:
			q.Code.Applied, q.Code.FreeShipping = true, codeFree
			q.Discount.FreeShipping = codeFree
			if !codeWins && codeGivesOff(in.Code) {
				// Its free shipping applies, its discount gave way.
				q.Code.Reason = ReasonBetterDiscount
			}
		case codeGivesOff(in.Code):
			q.Code.Reason = ReasonBetterDiscount
		case q.NeedsDelivery && home:
			q.Code.Reason = ReasonFreeShippingCountry
		default:
			q.Code.Reason = ReasonNoDelivery
		}
	}

	q.Shipping = q.ShippingBeforeDiscount
	if q.Code != nil && q.Code.FreeShipping {
		q.Shipping = 0
	}

	rate := min(max(in.VATRateBP, 0), maxVATRateBP)
	q.VAT.RateBP = rate
	for i := range q.Lines {
		lq := &q.Lines[i]
		if applied != nil {
			lq.Discount = applied[i]
		}
		lq.Net = lq.Total - lq.Discount
		lq.VAT = money.VATIncluded(lq.Net, rate)
		q.VAT.Amount = satAdd(q.VAT.Amount, lq.VAT)
	}
	q.VAT.Amount = satAdd(q.VAT.Amount, money.VATIncluded(q.Shipping, rate))

	q.TotalBeforeGiftCards = satAdd(q.Merchandise-min(q.Discount.Amount, q.Merchandise), q.Shipping)
	q.VAT.Base = max(q.TotalBeforeGiftCards-q.VAT.Amount, 0)

	left := q.TotalBeforeGiftCards
	for _, g := range in.GiftCards {
		bal := max(g.Balance, 0)
		use := min(bal, left)
		left -= use
		q.GiftCardTotal += use
		q.GiftCards = append(q.GiftCards, GiftCardQuote{Code: g.Code, Applied: use, Remaining: bal - use})
	}
	q.Total = q.TotalBeforeGiftCards - q.GiftCardTotal
	return q
}

// lineTotal is UnitPrice x Quantity, 0 for a quantity below 1 or a negative
// price, at most maxCents.
func lineTotal(l Line) money.Cents {
	if l.Quantity < 1 || l.UnitPrice <= 0 {
		return 0
	}
	if l.UnitPrice > maxCents/money.Cents(l.Quantity) {
		return maxCents
	}
	return l.UnitPrice * money.Cents(l.Quantity)
}

// bestAuto returns the highest percentage (clamped to 0..100) among the
// discounts whose threshold the subtotal reaches; ok is false when none
// gives more than 0 %.
func bestAuto(ds []AutoDiscount, subtotal money.Cents) (pct int, ok bool) {
	for _, d := range ds {
		if d.Threshold <= subtotal {
			pct = max(pct, min(d.Percent, 100))
		}
	}
	return pct, pct > 0
}

// codeGivesOff tells a code that takes something off the merchandise (a
// percentage or an amount) from a code that only makes the shipping free.
// A code with neither counts as taking 0 off, as it always did.
func codeGivesOff(c *Code) bool {
	return c.PercentOff > 0 || c.AmountOff > 0 || !c.FreeShipping
}

// codeDiscount returns a usable code's discount per line and its
// percentage (0 when the fixed amount applies).
func codeDiscount(totals []money.Cents, subtotal money.Cents, c *Code) ([]money.Cents, int) {
	pct := min(max(c.PercentOff, 0), 100)
	var byPct, byAmount []money.Cents
	if pct > 0 {
		byPct = percentLines(totals, pct)
	}
	if c.AmountOff > 0 {
		byAmount = shareAmount(totals, min(c.AmountOff, subtotal))
	}
	switch {
	case byPct != nil && (byAmount == nil || sum(byPct) >= sum(byAmount)):
		return byPct, pct
	case byAmount != nil:
		return byAmount, 0
	}
	return make([]money.Cents, len(totals)), 0
}

// percentLines is pct % of each line, rounded per line.
func percentLines(totals []money.Cents, pct int) []money.Cents {
	out := make([]money.Cents, len(totals))
	for i, t := range totals {
		out[i] = min(money.Percent(t, pct), t)
	}
	return out
}

// shareAmount shares amount (at most the sum of totals) between the lines
// in proportion to their totals: each line gets the floor of its share,
// and the cents left go one each to the lines with the largest remainders,
// the earliest line on a tie. No line gets more than its total.
func shareAmount(totals []money.Cents, amount money.Cents) []money.Cents {
	out := make([]money.Cents, len(totals))
	var s uint64
	for _, t := range totals {
		s += uint64(t)
	}
	if amount <= 0 || s == 0 {
		return out
	}
	a := min(uint64(amount), s)
	rems := make([]uint64, len(totals))
	var given uint64
	for i, t := range totals {
		hi, lo := bits.Mul64(a, uint64(t))
		quo, rem := bits.Div64(hi, lo, s) // hi < s because a <= s and t < 2^63
		out[i], rems[i] = money.Cents(quo), rem
		given += quo
	}
	// Each line with a remainder gets at most one cent, and floor+1 never
	// exceeds its total (the share is below the total when not whole).
	order := make([]int, 0, len(totals))
	for i, r := range rems {
		if r > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(rems[j], rems[i]) })
	for k := uint64(0); k < a-given && k < uint64(len(order)); k++ {
		out[order[k]]++
	}
	return out
}

// shipping returns whether the cart needs delivery, the home delivery
// price (0 for pickup) and the lines that cannot be delivered, in line
// order.
func shipping(lines []Line, home bool, country string, rates []model.ShippingRate, merchandise money.Cents) (bool, money.Cents, []ShippingProblem) {
	needs := false
	for _, l := range lines {
		if l.Physical && l.Quantity >= 1 {
			needs = true
			break
		}
	}
	if !needs || !home {
		return needs, 0, nil
	}
	var problems []ShippingProblem
	var labs []string
	charged := map[string]bool{}
	prices := map[string]money.Cents{}
	for _, l := range lines {
		if !l.Physical || l.Quantity < 1 {
			continue
		}
		if containsFold(l.ExcludedCountries, country) {
			problems = append(problems, ShippingProblem{LineID: l.ID, Country: country, Reason: ProblemExcludedCountry})
			continue
		}
		if containsFold(l.ShippingIncludedTo, country) {
			continue
		}
		lineLabs := l.Labs
		if len(lineLabs) == 0 {
			lineLabs = []string{""}
		}
		ok := true
		for _, lab := range lineLabs {
			p, found := lookupRate(rates, lab, country, merchandise)
			if !found {
				ok = false
				break
			}
			prices[lab] = p
		}
		if !ok {
			problems = append(problems, ShippingProblem{LineID: l.ID, Country: country, Reason: ProblemNoRate})
			continue
		}
		for _, lab := range lineLabs {
			if !charged[lab] {
				charged[lab] = true
				labs = append(labs, lab)
			}
		}
	}
	var total money.Cents
	for _, lab := range labs {
		total = min(total+prices[lab], maxCents)
	}
	return true, total, problems
}

// lookupRate finds lab's rate to country: the lab's rate naming the
// country, the lab's rate without countries, a rate without lab naming the
// country, a rate without lab and without countries; the first in the list
// at each step. A rate whose FreeFrom the merchandise subtotal (before
// discounts) reaches costs nothing.
func lookupRate(rates []model.ShippingRate, lab, country string, merchandise money.Cents) (money.Cents, bool) {
	for _, step := range []struct {
		lab   string
		named bool
	}{{lab, true}, {lab, false}, {"", true}, {"", false}} {
		for _, r := range rates {
			if r.Lab != step.lab {
				continue
			}
			if (step.named && containsFold(r.Countries, country)) || (!step.named && len(r.Countries) == 0) {
				if r.FreeFrom > 0 && merchandise >= money.Cents(r.FreeFrom) {
					return 0, true
				}
				return min(max(money.Cents(r.Price), 0), maxCents), true
			}
		}
	}
	return 0, false
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(strings.TrimSpace(x), s) {
			return true
		}
	}
	return false
}

func sum(cs []money.Cents) money.Cents {
	var s money.Cents
	for _, c := range cs {
		s = satAdd(s, c)
	}
	return s
}

// satAdd adds two non-negative amounts, saturating instead of overflowing.
func satAdd(a, b money.Cents) money.Cents {
	if s := a + b; s >= a {
		return s
	}
	return 1<<63 - 1
}
