package books

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/invoice"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/ent/refund"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// The accountant's export of a month: every line of the orders paid in the
// month (in the studio's time zone), the shipping as a line of its own,
// and the money given back in the month, which lands in the month it
// happens, whatever the month of the sale:
//
//   - an order refunded or cancelled in the month whose refunds (the
//     Refund rows, one per payment given back) all fall in the month, or
//     which has none (orders closed before refunds were recorded), comes
//     back as its sale's lines with negative amounts, the gift cards
//     included;
//   - any other refund (a partial refund, or the rest of an order partly
//     refunded in an earlier month) is one line « Remboursement partiel »
//     of the amount given back, its VAT at the order's rate; refunds of
//     the same order made together (within a second: one per payment)
//     are one line.
//
// Amounts include VAT as the shop's prices do; per line:
//
//   - incl. VAT is the line's net amount: its total less its share of the
//     order's discount (discount codes and automatic discounts lower the
//     price, so the VAT);
//   - VAT is the VAT that net amount contains, rounded to the cent half
//     away from zero, per line (the pricing engine's rule, kept on the
//     order line when the order was placed); the shipping's VAT likewise;
//   - excl. VAT is incl. VAT - VAT, so each line adds up exactly.
//
// The per-rate totals at the end are the sums of the lines: they equal the
// orders' own totals to the cent (VAT: the order's vat_total; incl. VAT:
// its total before gift cards). A gift card is a means of payment, not a
// discount (specification §1: it has an amount and a balance): it lowers
// neither a line nor its VAT, and the export says, below the totals, how
// much of the month was paid with gift cards.

// Row is one line of the export.
type Row struct {
	Kind        string // "sale" or "refund"
	OrderNumber string
	Invoice     string
	Date        time.Time
	Buyer       string
	Email       string
	BuyerVAT    string
	Product     string
	Quantity    int
	RateBP      int
	Excl        money.Cents
	VAT         money.Cents
	Incl        money.Cents
}

// RateTotal is the total of the lines at one VAT rate.
type RateTotal struct {
	RateBP int
	Excl   money.Cents
	VAT    money.Cents
	Incl   money.Cents
}

// Export is a month's export.
type Export struct {
	Year      int
	Month     time.Month
	Rows      []Row
	Rates     []RateTotal
	Total     RateTotal
	GiftCards money.Cents
}

// margin widens a period's query in the database: no time zone is further
// than 14 hours from UTC.
const margin = 15 * time.Hour

var monthName = regexp.MustCompile(`^orders-(\d{4})-(\d{2})\.csv$`)

// ParseMonthFile reads "orders-2026-11.csv".
func ParseMonthFile(name string) (int, time.Month, error) {
	m := monthName.FindStringSubmatch(name)
	if m == nil {
		return 0, 0, ErrInvalidMonth
	}
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	if y < 2000 || y > 2200 || mo < 1 || mo > 12 {
		return 0, 0, ErrInvalidMonth
	}
	return y, time.Month(mo), nil
}

// FileName is the export's file name.
func (e *Export) FileName() string { return fmt.Sprintf("orders-%04d-%02d.csv", e.Year, int(e.Month)) }

// Month builds the signed-in photographer's export of a month.
func (s *Service) Month(ctx context.Context, year int, month time.Month) (*Export, error) {
	pid, err := photographerID(ctx)
	if err != nil {
		return nil, err
	}
	if year < 2000 || year > 2200 || month < 1 || month > 12 {
		return nil, ErrInvalidMonth
	}
	sctx := viewer.SystemContext(ctx)
	p, err := s.DB.Photographer.Get(sctx, pid)
	if err != nil {
		return nil, err
	}
	loc := Location(p)
	from := time.Date(year, month, 1, 0, 0, 0, 0, loc)
	to := from.AddDate(0, 1, 0)
	// The database narrows with a margin (SQLite compares times as text,
	// which an offset other than UTC would mislead); Go decides below.
	lo, hi := from.UTC().Add(-margin), to.UTC().Add(margin)
	os, err := s.DB.Order.Query().Where(
		order.HasGalleryWith(gallery.PhotographerID(pid)),
		order.PaidAtNotNil(),
		order.Or(
			order.And(order.PaidAtGTE(lo), order.PaidAtLT(hi)),
			order.And(order.StatusIn(order.StatusRefunded, order.StatusCancelled), order.ClosedAtGTE(lo), order.ClosedAtLT(hi)),
			order.HasRefundsWith(refund.StatusNEQ(refund.StatusFailed), refund.CreatedAtGTE(lo), refund.CreatedAtLT(hi)),
		),
	).WithLines(func(q *ent.OrderLineQuery) { q.Order(ent.Asc(orderline.FieldID)) }).
		WithRefunds(func(q *ent.RefundQuery) {
			q.Where(refund.StatusNEQ(refund.StatusFailed)).Order(ent.Asc(refund.FieldCreatedAt), ent.Asc(refund.FieldID))
		}).All(sctx)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(os))
	for i, o := range os {
		ids[i] = o.ID
	}
	invs, err := s.DB.Invoice.Query().Where(invoice.OrderIDIn(ids...)).All(sctx)
	if err != nil {
		return nil, err
	}
	numbers := map[string]string{}
	for _, inv := range invs {
		numbers[inv.OrderID] = inv.Number
	}
	e := &Export{Year: year, Month: month}
	type event struct {
		o      *ent.Order
		at     time.Time
		refund bool
		// part is the amount of a partial refund; 0 for a sale or a whole order given back.
		part money.Cents
	}
	var evs []event
	in := func(t *time.Time) bool { return t != nil && !t.Before(from) && t.Before(to) }
	for _, o := range os {
		if in(o.PaidAt) {
			evs = append(evs, event{o: o, at: *o.PaidAt})
		}
		refunds := o.Edges.Refunds
		all := true
		for _, r := range refunds {
			all = all && in(&r.CreatedAt)
		}
		if (o.Status == order.StatusRefunded || o.Status == order.StatusCancelled) && in(o.ClosedAt) && all {
			evs = append(evs, event{o: o, at: *o.ClosedAt, refund: true})
			continue
		}
		for i := 0; i < len(refunds); i++ {
			r := refunds[i]
			if !in(&r.CreatedAt) {
				continue
			}
			ev := event{o: o, at: r.CreatedAt, refund: true, part: money.Cents(r.Amount)}
			for i+1 < len(refunds) && refunds[i+1].CreatedAt.Sub(r.CreatedAt) < time.Second && in(&refunds[i+1].CreatedAt) {
				i++
				ev.part += money.Cents(refunds[i].Amount)
				ev.at = refunds[i].CreatedAt
			}
			evs = append(evs, ev)
		}
	}
	slices.SortStableFunc(evs, func(a, b event) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return strings.Compare(a.o.ID, b.o.ID)
	})
	for _, ev := range evs {
		if ev.part > 0 {
			o := ev.o
			v := money.VATIncluded(ev.part, o.VatRateBp)
			e.Rows = append(e.Rows, Row{Kind: "refund", OrderNumber: o.Number, Invoice: numbers[o.ID], Date: ev.at.In(loc),
				Buyer: buyerName(o.BillingAddress), Email: o.Email, BuyerVAT: o.BillingAddress.VatNumber,
				Product: "Remboursement partiel", Quantity: 1, RateBP: o.VatRateBp, Incl: -ev.part, VAT: -v, Excl: -(ev.part - v)})
			continue
		}
		rows := OrderRows(ev.o, ev.o.Edges.Lines)
		sign := money.Cents(1)
		if ev.refund {
			sign = -1
		}
		for _, r := range rows {
			r.OrderNumber, r.Invoice, r.Date = ev.o.Number, numbers[ev.o.ID], ev.at.In(loc)
			r.Kind = "sale"
			if ev.refund {
				r.Kind = "refund"
			}
			r.Excl, r.VAT, r.Incl = sign*r.Excl, sign*r.VAT, sign*r.Incl
			e.Rows = append(e.Rows, r)
		}
		e.GiftCards += sign * money.Cents(ev.o.GiftCardTotal)
	}
	e.totals()
	return e, nil
}

func (e *Export) totals() {
	by := map[int]*RateTotal{}
	for _, r := range e.Rows {
		t := by[r.RateBP]
		if t == nil {
			t = &RateTotal{RateBP: r.RateBP}
			by[r.RateBP] = t
		}
		t.Excl += r.Excl
		t.VAT += r.VAT
		t.Incl += r.Incl
		e.Total.Excl += r.Excl
		e.Total.VAT += r.VAT
		e.Total.Incl += r.Incl
	}
	e.Rates = nil
	for _, t := range by {
		e.Rates = append(e.Rates, *t)
	}
	slices.SortFunc(e.Rates, func(a, b RateTotal) int { return b.RateBP - a.RateBP })
}

// buyerName is the billing name: the first and last name, or the company.
func buyerName(a model.Address) string {
	return strings.TrimSpace(a.Firstname + " " + a.Lastname)
}

// OrderRows are an order's lines and shipping with their net amount, VAT
// and amount excluding VAT (positive). Lines placed before the discount and
// VAT were kept on them (-1) get the order's discount shared in proportion
// to their totals and their VAT computed the same way; the last cent of a
// difference with the order's VAT goes to its largest line, so the rows
// always add up to the order.
func OrderRows(o *ent.Order, lines []*ent.OrderLine) []Row {
	buyer, vat := buyerName(o.BillingAddress), o.BillingAddress.VatNumber
	rate := o.VatRateBp
	rows := make([]Row, 0, len(lines)+1)
	legacy := false
	for _, l := range lines {
		if l.Discount < 0 || l.Vat < 0 {
			legacy = true
		}
	}
	var shares []money.Cents
	if legacy {
		shares = share(money.Cents(o.DiscountTotal), lines)
	}
	var vatSum money.Cents
	biggest := -1
	for i, l := range lines {
		disc, v := money.Cents(l.Discount), money.Cents(l.Vat)
		if legacy {
			disc = shares[i]
			v = money.VATIncluded(money.Cents(l.Total)-disc, rate)
		}
		net := money.Cents(l.Total) - disc
		rows = append(rows, Row{Buyer: buyer, Email: o.Email, BuyerVAT: vat, Product: l.Description, Quantity: l.Quantity,
			RateBP: rate, Incl: net, VAT: v, Excl: net - v})
		vatSum += v
		if biggest < 0 || net > rows[biggest].Incl {
			biggest = i
		}
	}
	if o.ShippingTotal > 0 {
		sh := money.Cents(o.ShippingTotal)
		v := money.VATIncluded(sh, rate)
		rows = append(rows, Row{Buyer: buyer, Email: o.Email, BuyerVAT: vat, Product: "Livraison", Quantity: 1,
			RateBP: rate, Incl: sh, VAT: v, Excl: sh - v})
		vatSum += v
	}
	if legacy && biggest >= 0 && vatSum != money.Cents(o.VatTotal) {
		d := money.Cents(o.VatTotal) - vatSum
		rows[biggest].VAT += d
		rows[biggest].Excl -= d
	}
	return rows
}

// share divides amount between the lines in proportion to their totals,
// the cents left by flooring going to the largest remainders.
func share(amount money.Cents, lines []*ent.OrderLine) []money.Cents {
	out := make([]money.Cents, len(lines))
	var sum int64
	for _, l := range lines {
		sum += int64(l.Total)
	}
	if sum <= 0 || amount <= 0 {
		return out
	}
	amount = min(amount, money.Cents(sum))
	rems := make([]int64, len(lines))
	var given money.Cents
	for i, l := range lines {
		n := int64(amount) * int64(l.Total)
		out[i] = money.Cents(n / sum)
		rems[i] = n % sum
		given += out[i]
	}
	idx := make([]int, len(lines))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case rems[a] > rems[b]:
			return -1
		case rems[a] < rems[b]:
			return 1
		}
		return 0
	})
	for k := 0; given < amount; k++ {
		out[idx[k%len(idx)]]++
		given++
	}
	return out
}

// frenchAmount writes cents with a decimal comma and no thousands
// separator: "1234,50", "-0,05".
func frenchAmount(c money.Cents) string {
	return strings.Replace(money.Decimal(c).String(), ".", ",", 1)
}

// frenchRate writes basis points as a percentage: 2100 -> "21", 550 -> "5,5".
func frenchRate(bp int) string {
	s := strconv.Itoa(bp / 100)
	if f := bp % 100; f != 0 {
		s += "," + strings.TrimRight(fmt.Sprintf("%02d", f), "0")
	}
	return s
}

// CSVHeader is the export's first line.
var CSVHeader = []string{"Type", "Commande", "Facture", "Date", "Acheteur", "E-mail", "N° TVA acheteur", "Produit",
	"Quantité", "Taux TVA (%)", "Montant HTVA", "TVA", "Montant TVAC"}

// CSV writes the export for a spreadsheet in French: UTF-8 with a byte
// order mark, semicolons, decimal commas, CRLF line ends; the per-rate
// totals, the grand total and the gift cards follow the lines after an
// empty line.
func (e *Export) CSV() []byte {
	var b bytes.Buffer
	b.WriteString("\ufeff")
	w := csv.NewWriter(&b)
	w.Comma = ';'
	w.UseCRLF = true
	_ = w.Write(CSVHeader)
	for _, r := range e.Rows {
		kind := "Vente"
		if r.Kind == "refund" {
			kind = "Remboursement"
		}
		_ = w.Write([]string{kind, r.OrderNumber, r.Invoice, r.Date.Format("02/01/2006"), r.Buyer, r.Email, r.BuyerVAT,
			r.Product, strconv.Itoa(r.Quantity), frenchRate(r.RateBP), frenchAmount(r.Excl), frenchAmount(r.VAT), frenchAmount(r.Incl)})
	}
	_ = w.Write(nil)
	total := func(label string, t RateTotal, rate string) []string {
		return []string{label, "", "", "", "", "", "", "", "", rate, frenchAmount(t.Excl), frenchAmount(t.VAT), frenchAmount(t.Incl)}
	}
	for _, t := range e.Rates {
		_ = w.Write(total("Total TVA "+frenchRate(t.RateBP)+" %", t, frenchRate(t.RateBP)))
	}
	_ = w.Write(total("Total", e.Total, ""))
	_ = w.Write([]string{"Dont payé par cartes cadeaux", "", "", "", "", "", "", "", "", "", "", "", frenchAmount(e.GiftCards)})
	w.Flush()
	return b.Bytes()
}
