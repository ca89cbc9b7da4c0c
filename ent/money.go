package ent

// Money views of the cents fields the GraphQL schema shows as Money: the
// schema binds each field to its method (@goField(name: ...)), so no
// resolver is written per field (issue 21). Written by hand: entc leaves
// this file alone.

import "github.com/studio/gallery/internal/money"

// UnitPriceMoney is the format's price.
func (f *Format) UnitPriceMoney() money.Money { return money.EURCents(f.UnitPrice) }

// GalleryPriceMoney is the price of the whole gallery in this digital
// format, when it is sold.
func (f *Format) GalleryPriceMoney() *money.Money {
	if f.GalleryPrice == nil {
		return nil
	}
	m := money.EURCents(*f.GalleryPrice)
	return &m
}

// UnitPriceMoney is the pack's price.
func (p *Pack) UnitPriceMoney() money.Money { return money.EURCents(p.UnitPrice) }

// ThresholdMoney is the spend from which the discount applies.
func (d *Discount) ThresholdMoney() money.Money { return money.EURCents(d.Threshold) }

// UnitPriceMoney is the line's unit price.
func (l *OrderLine) UnitPriceMoney() money.Money { return money.EURCents(l.UnitPrice) }

// TotalMoney is the line's total.
func (l *OrderLine) TotalMoney() money.Money { return money.EURCents(l.Total) }

// AmountMoney is the payment's amount.
func (p *Payment) AmountMoney() money.Money { return money.EURCents(p.Amount) }

// AmountOffMoney is the discount code's amount off.
func (v *Voucher) AmountOffMoney() money.Money { return money.EURCents(v.AmountOff) }

// MinSpendMoney is the discount code's minimum spend.
func (v *Voucher) MinSpendMoney() money.Money { return money.EURCents(v.MinSpend) }

// GiftAmountMoney is the gift card's amount.
func (v *Voucher) GiftAmountMoney() money.Money { return money.EURCents(v.GiftAmount) }

// BalanceMoney is the gift card's balance.
func (v *Voucher) BalanceMoney() money.Money { return money.EURCents(v.Balance) }

// AmountMoney is the refund's amount as the GraphQL schema shows it.
func (r *Refund) AmountMoney() money.Money { return money.EURCents(r.Amount) }
