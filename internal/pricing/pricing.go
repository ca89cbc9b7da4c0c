// Package pricing is the shop's one pricing engine: the cart and the order
// both price through Price, so every euro shown is the euro charged. It is
// pure (no database, no clock): callers load the lines, the discounts, the
// voucher's standing and the shipping rates, and Price does the sums.
//
// Rules (all amounts are integer euro cents, VAT included):
//
//   - A line's total is UnitPrice x Quantity. The merchandise subtotal is
//     the sum of the line totals.
//   - Automatic discount: the best percentage among the gallery's discounts
//     whose threshold the merchandise subtotal reaches (threshold <= subtotal).
//   - A discount code gives a percentage or a fixed amount, from a minimum
//     spend, and may make shipping free (to some countries, or to all when
//     the list is empty). A code the caller found unusable (Code.Problem) or
//     whose minimum is not reached is not applied and says why.
//   - Two kinds of discount: on the merchandise (the automatic percentage,
//     a code's percentage or amount) and on the shipping (a code's free
//     shipping). Kinds stack; two merchandise discounts do not: the
//     automatic one and the code's compete on what they take off the
//     merchandise, the code's applying only when it takes strictly more
//     (on a tie the automatic one applies, so that a code that gives
//     nothing else is not spent). The code then reports
//     ReasonBetterDiscount. A code's free shipping applies in any case,
//     beside the automatic discount when that one wins: a code with both a
//     percentage and free shipping that loses as a percentage still makes
//     the shipping free (Applied, with ReasonBetterDiscount for its
//     percentage), and its use is counted.
//   - Rounding: one rule, per line. A percentage discount is computed on each
//     line with money.Percent (half away from zero) and summed; a fixed
//     amount (capped at the subtotal) is shared between the lines in
//     proportion to their totals, the cents left by flooring going to the
//     lines with the largest remainders (the earliest line on a tie). A
//     line's discount never exceeds its total.
//   - Shipping: carts without a physical line need no delivery. Pickup at
//     the studio is free. Home delivery costs, for each lab shipping at
//     least one physical line, that lab's rate to the country; a line whose
//     ShippingIncludedTo names the country ships free and does not count.
//     A rate is looked up in this order: the lab's rate naming the country,
//     the lab's rate without countries, a rate without lab naming the
//     country, a rate without lab and without countries. A line whose
//     ExcludedCountries names the country, or whose lab has no rate, is a
//     ShippingProblem and adds nothing.
//   - Gift cards stack with everything and are spent, in the order given,
//     against the total including shipping, each up to its balance.
//   - VAT is contained in the prices: per line on the line's net amount
//     (total - discount), plus on the shipping, with money.VATIncluded.
//     Gift cards are a means of payment and do not change the VAT.
//   - No total is ever negative.
package pricing

import (
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
)

// Line kinds.
const (
	KindPrint       = "print"
	KindDigitalFile = "digital_file"
	KindAllGallery  = "all_gallery"
	KindPack        = "pack"
)

// Line is one priced line of a cart or an order.
type Line struct {
	// ID is the cart item's id; Quote's lines and problems name it.
	ID        string
	Kind      string
	UnitPrice money.Cents
	Quantity  int
	// Physical lines are shipped (prints, packs holding prints).
	Physical bool
	// Labs ship the line's physical products (a pack may use several).
	Labs []string
	// ExcludedCountries cannot receive the line (its formats' exclusions).
	ExcludedCountries []string
	// ShippingIncludedTo: countries the line ships to for free (a pack's).
	ShippingIncludedTo []string
}

// AutoDiscount is one of the gallery's automatic discounts.
type AutoDiscount struct {
	Threshold money.Cents
	Percent   int
}

// Reasons a code is not applied.
const (
	ReasonUnknown        = "code_unknown"
	ReasonExpired        = "code_expired"
	ReasonNotYetValid    = "code_not_yet_valid"
	ReasonUsedUp         = "code_used_up"
	ReasonAlreadyUsed    = "code_already_used"
	ReasonMinSpend       = "code_min_spend"
	ReasonBetterDiscount = "code_better_discount"
	// ReasonFreeShippingCountry: a free-shipping code (nothing else) and
	// home delivery to a country it does not list.
	ReasonFreeShippingCountry = "code_free_shipping_country"
	// ReasonNoDelivery: a free-shipping code (nothing else) and a cart with
	// nothing to ship home (pickup, or digital files only).
	ReasonNoDelivery = "code_no_delivery"
)

// Code is a discount code attached to the cart.
type Code struct {
	Code                  string
	PercentOff            int
	AmountOff             money.Cents
	MinSpend              money.Cents
	FreeShipping          bool
	FreeShippingCountries []string
	// Problem is a Reason... the caller found in the database (expired,
	// used up, already used by this e-mail), or "" when the code is usable.
	Problem string
}

// GiftCard is a gift card attached to the cart with its current balance.
type GiftCard struct {
	Code    string
	Balance money.Cents
}

// Delivery options.
const (
	DeliveryShipping = "shipping"
	DeliveryPickup   = "pickup"
)

// Delivery is the buyer's choice; Country is where home delivery goes (the
// caller passes the studio's country until the buyer gives an address).
type Delivery struct {
	Option  string
	Country string
}

// Input is everything Quote needs.
type Input struct {
	Lines         []Line
	AutoDiscounts []AutoDiscount
	Code          *Code
	GiftCards     []GiftCard
	Delivery      Delivery
	Rates         []model.ShippingRate
	// VATRateBP is the VAT rate in basis points (2100 = 21 %).
	VATRateBP int
}

// Discount sources.
const (
	SourceNone      = ""
	SourceAutomatic = "automatic"
	SourceCode      = "code"
)

// LineQuote is one line priced.
type LineQuote struct {
	ID       string
	Total    money.Cents
	Discount money.Cents
	// Net is Total - Discount.
	Net money.Cents
	VAT money.Cents
}

// DiscountQuote is the discount that applies.
type DiscountQuote struct {
	// Source is SourceAutomatic, SourceCode or SourceNone.
	Source string
	// Code is set when Source is SourceCode.
	Code string
	// Percent is the percentage, 0 for a fixed amount.
	Percent int
	// Amount is taken off the merchandise (not counting free shipping).
	Amount money.Cents
	// FreeShipping: the cart's code made the shipping free, whichever
	// Source (the code's free shipping applies beside the automatic
	// discount).
	FreeShipping bool
}

// CodeQuote tells what became of the cart's discount code.
type CodeQuote struct {
	Code string
	// Applied: the code gives something (its discount on the merchandise,
	// its free shipping, or both), so an order counts its use.
	Applied bool
	// FreeShipping: the code's free shipping applies.
	FreeShipping bool
	// Reason is one of the Reason constants when not applied, or
	// ReasonBetterDiscount when applied for its free shipping only (the
	// automatic discount took more off than its percentage or amount).
	Reason string
}

// ShippingProblem reasons.
const (
	ProblemExcludedCountry = "excluded_country"
	ProblemNoRate          = "no_rate"
)

// ShippingProblem is a line that cannot be delivered to the country.
type ShippingProblem struct {
	LineID  string
	Country string
	Reason  string
}

// GiftCardQuote is what a gift card pays and what it keeps.
type GiftCardQuote struct {
	Code      string
	Applied   money.Cents
	Remaining money.Cents
}

// VATQuote is the VAT breakdown: the amount excluding VAT and the VAT.
type VATQuote struct {
	RateBP int
	Base   money.Cents
	Amount money.Cents
}

// Quote is a priced cart.
type Quote struct {
	Lines       []LineQuote
	Merchandise money.Cents
	Discount    DiscountQuote
	// Code is nil when the cart has no code.
	Code          *CodeQuote
	NeedsDelivery bool
	// ShippingBeforeDiscount is the delivery price before a free-shipping code.
	ShippingBeforeDiscount money.Cents
	Shipping               money.Cents
	ShippingProblems       []ShippingProblem
	// TotalBeforeGiftCards is Merchandise - Discount.Amount + Shipping.
	TotalBeforeGiftCards money.Cents
	GiftCards            []GiftCardQuote
	GiftCardTotal        money.Cents
	// Total is what is left to pay by card or Bancontact.
	Total money.Cents
	VAT   VATQuote
}
