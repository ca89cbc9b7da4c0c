package orders

import (
	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/money"
)

// Totals are an order's sums as the buyer saw them when placing it.
type Totals struct {
	Merchandise  money.Money
	Discount     money.Money
	DiscountCode *string
	Shipping     money.Money
	GiftCards    money.Money
	Vat          money.Money
	Total        money.Money
}

// TotalsOf presents an order's frozen sums.
func TotalsOf(o *ent.Order) *Totals {
	t := &Totals{
		Merchandise: money.EURCents(o.Subtotal), Discount: money.EURCents(o.DiscountTotal),
		Shipping: money.EURCents(o.ShippingTotal), GiftCards: money.EURCents(o.GiftCardTotal),
		Vat: money.EURCents(o.VatTotal), Total: money.EURCents(o.Total),
	}
	if o.DiscountCode != "" {
		code := o.DiscountCode
		t.DiscountCode = &code
	}
	return t
}
