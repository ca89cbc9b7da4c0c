package books_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/refund"
	"github.com/studio/gallery/internal/books"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/pricing"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

type fixture struct {
	t   *testing.T
	db  *ent.Client
	svc *books.Service
	pg  *ent.Photographer
	gal *ent.Gallery
	ctx context.Context
	seq int
}

func setup(t *testing.T) *fixture {
	t.Helper()
	db := testdb.Open(t).Client
	sys := viewer.SystemContext(context.Background())
	pg := db.Photographer.Create().SetName("Studio Lumière").SetEmail(ids.New("p") + "@example.com").
		SetLegalName("Studio Lumière SRL").SetLegalAddress("Rue de l'Église 4\n1000 Bruxelles").
		SetVatNumber("BE0123456749").SetCompanyNumber("0123.456.749").SaveX(sys)
	gal := db.Gallery.Create().SetURL("g-" + strings.ToLower(ids.New("x"))[2:12]).SetEventName("Fête d'école").SetPhotographerID(pg.ID).SaveX(sys)
	ctx := viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: pg.ID})
	return &fixture{t: t, db: db, svc: &books.Service{DB: db}, pg: pg, gal: gal, ctx: ctx}
}

func sysCtx() context.Context { return viewer.SystemContext(context.Background()) }

// line is a print line of the test's orders.
func line(id string, price money.Cents, qty int) pricing.Line {
	return pricing.Line{ID: id, Kind: pricing.KindPrint, UnitPrice: price, Quantity: qty, Physical: true, Labs: []string{"lab"}}
}

// order records an order as orders.create does, from the pricing engine's
// quote of in, paid at paidAt.
func (f *fixture) order(in pricing.Input, paidAt time.Time, buyerVAT string) *ent.Order {
	f.t.Helper()
	f.seq++
	q := pricing.Price(in)
	c := f.db.Order.Create().SetGalleryID(f.gal.ID).SetNumber(fmt.Sprint(10000 + f.seq)).SetEmail("anne@example.com").
		SetCartID(ids.New("crt")).SetSubtotal(int(q.Merchandise)).SetDiscountTotal(int(q.Discount.Amount)).
		SetShippingTotal(int(q.Shipping)).SetGiftCardTotal(int(q.GiftCardTotal)).SetVatTotal(int(q.VAT.Amount)).
		SetVatRateBp(q.VAT.RateBP).SetTotal(int(q.Total)).SetStatus(order.StatusValidated).SetPaidAt(paidAt).
		SetBillingAddress(model.Address{Firstname: "Anne", Lastname: "Dupré", Country: "BE", VatNumber: buyerVAT})
	if q.Discount.Source == pricing.SourceCode {
		c.SetDiscountCode(q.Discount.Code)
	}
	o := c.SaveX(sysCtx())
	for i, lq := range q.Lines {
		l := in.Lines[i]
		f.db.OrderLine.Create().SetOrderID(o.ID).SetKind(l.Kind).SetDescription("Tirage 10x15 « " + l.ID + " »").
			SetQuantity(l.Quantity).SetUnitPrice(int(l.UnitPrice)).SetTotal(int(lq.Total)).
			SetDiscount(int(lq.Discount)).SetVat(int(lq.VAT)).ExecX(sysCtx())
	}
	return o
}

func (f *fixture) month(y int, m time.Month) *books.Export {
	f.t.Helper()
	e, err := f.svc.Month(f.ctx, y, m)
	if err != nil {
		f.t.Fatal(err)
	}
	return e
}

var brussels, _ = time.LoadLocation("Europe/Brussels")

func at(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, brussels)
}

// sums adds the rows up.
func sums(e *books.Export) (excl, vat, incl money.Cents) {
	for _, r := range e.Rows {
		if r.Excl+r.VAT != r.Incl {
			panic(fmt.Sprintf("row %+v does not add up", r))
		}
		excl += r.Excl
		vat += r.VAT
		incl += r.Incl
	}
	return
}

func TestExportVATPerRateRoundedPerLine(t *testing.T) {
	f := setup(t)
	// Two lines of 10,00 € at 21 %: 1,74 € of VAT each (10 x 21/121 =
	// 1,7355), 3,48 € in all, where 20,00 € at once would contain 3,47 €.
	a := f.order(pricing.Input{Lines: []pricing.Line{line("a", 1000, 1), line("b", 500, 2)}, VATRateBP: 2100}, at(2026, 11, 3, 10, 0), "")
	// Shipping 4,90 € at 21 %: 0,85 €.
	b := f.order(pricing.Input{Lines: []pricing.Line{line("c", 250, 3)}, Delivery: pricing.Delivery{Option: pricing.DeliveryShipping, Country: "BE"},
		Rates: []model.ShippingRate{{Zone: "BE", Price: 490}}, VATRateBP: 2100}, at(2026, 11, 4, 10, 0), "BE0123456749")
	// An order at 6 %: 12,34 € contains 0,70 € (0,6985).
	c := f.order(pricing.Input{Lines: []pricing.Line{line("d", 1234, 1)}, VATRateBP: 600}, at(2026, 11, 5, 10, 0), "")
	e := f.month(2026, time.November)
	if a.VatTotal != 348 || b.VatTotal != 130+85 || c.VatTotal != 70 {
		t.Fatalf("engine VAT: %d %d %d", a.VatTotal, b.VatTotal, c.VatTotal)
	}
	if len(e.Rows) != 5 {
		t.Fatalf("rows: %+v", e.Rows)
	}
	if got := e.Rows[0]; got.Product == "Tirage 10x15 « b »" {
		e.Rows[0], e.Rows[1] = e.Rows[1], e.Rows[0]
	}
	if got := e.Rows[0]; got.VAT != 174 || got.Excl != 826 || got.Incl != 1000 || got.RateBP != 2100 || got.OrderNumber != a.Number {
		t.Errorf("first line: %+v", got)
	}
	if got := e.Rows[3]; got.Product != "Livraison" || got.VAT != 85 || got.Incl != 490 || got.BuyerVAT != "BE0123456749" {
		t.Errorf("shipping line: %+v", got)
	}
	want := []books.RateTotal{
		{RateBP: 2100, Incl: 2000 + 750 + 490, VAT: 348 + 130 + 85, Excl: 2000 + 750 + 490 - 563},
		{RateBP: 600, Incl: 1234, VAT: 70, Excl: 1164},
	}
	if fmt.Sprint(e.Rates) != fmt.Sprint(want) {
		t.Errorf("rates %+v, want %+v", e.Rates, want)
	}
	// The totals are the orders' own, to the cent.
	_, vat, incl := sums(e)
	if vat != money.Cents(a.VatTotal+b.VatTotal+c.VatTotal) || incl != money.Cents(a.Total+b.Total+c.Total) || e.Total.VAT != vat || e.Total.Incl != incl {
		t.Errorf("totals VAT %d incl %d (export %+v); orders %d %d", vat, incl, e.Total, a.VatTotal+b.VatTotal+c.VatTotal, a.Total+b.Total+c.Total)
	}
}

func TestExportDiscountsLowerTheLinesGiftCardsDoNot(t *testing.T) {
	f := setup(t)
	in := pricing.Input{Lines: []pricing.Line{line("a", 1210, 1), line("b", 333, 1), line("c", 999, 1)},
		Code:      &pricing.Code{Code: "BIENVENUE10", PercentOff: 10},
		GiftCards: []pricing.GiftCard{{Code: "CADEAU-50", Balance: 1000}},
		Delivery:  pricing.Delivery{Option: pricing.DeliveryShipping, Country: "BE"}, Rates: []model.ShippingRate{{Zone: "BE", Price: 490}},
		VATRateBP: 2100}
	o := f.order(in, at(2026, 11, 10, 12, 0), "")
	if o.DiscountTotal != 121+33+100 || o.GiftCardTotal != 1000 {
		t.Fatalf("discount %d, gift cards %d", o.DiscountTotal, o.GiftCardTotal)
	}
	e := f.month(2026, time.November)
	nets := map[string]money.Cents{"Tirage 10x15 « a »": 1089, "Tirage 10x15 « b »": 300, "Tirage 10x15 « c »": 899, "Livraison": 490}
	for i, r := range e.Rows {
		if r.Incl != nets[r.Product] || r.VAT != money.VATIncluded(nets[r.Product], 2100) {
			t.Errorf("row %d: %+v, want net %d", i, r, nets[r.Product])
		}
	}
	if len(e.Rows) != 4 {
		t.Errorf("%d rows", len(e.Rows))
	}
	_, vat, incl := sums(e)
	// Incl. VAT is what the buyer owed before gift cards; the card paid part of it.
	if incl != money.Cents(o.Total+o.GiftCardTotal) || vat != money.Cents(o.VatTotal) || e.GiftCards != 1000 {
		t.Errorf("incl %d vat %d gift cards %d; order total %d + %d, VAT %d", incl, vat, e.GiftCards, o.Total, o.GiftCardTotal, o.VatTotal)
	}
}

func TestExportRefundIsNegativeInItsMonth(t *testing.T) {
	f := setup(t)
	o := f.order(pricing.Input{Lines: []pricing.Line{line("a", 1500, 2)}, VATRateBP: 2100}, at(2026, 10, 20, 9, 0), "")
	f.db.Order.UpdateOneID(o.ID).SetStatus(order.StatusRefunded).SetClosedAt(at(2026, 11, 2, 9, 0)).ExecX(sysCtx())
	oct, nov := f.month(2026, time.October), f.month(2026, time.November)
	if len(oct.Rows) != 1 || oct.Rows[0].Kind != "sale" || oct.Total.Incl != 3000 || oct.Total.VAT != 521 {
		t.Errorf("October: %+v", oct)
	}
	if len(nov.Rows) != 1 || nov.Rows[0].Kind != "refund" || nov.Total.Incl != -3000 || nov.Total.VAT != -521 || nov.Total.Excl != -2479 {
		t.Errorf("November: %+v", nov)
	}
	// Paid and refunded in the same month: the sale and its refund, nothing in all.
	p := f.order(pricing.Input{Lines: []pricing.Line{line("b", 700, 1)}, VATRateBP: 2100}, at(2026, 11, 3, 9, 0), "")
	f.db.Order.UpdateOneID(p.ID).SetStatus(order.StatusCancelled).SetClosedAt(at(2026, 11, 4, 9, 0)).ExecX(sysCtx())
	nov = f.month(2026, time.November)
	if len(nov.Rows) != 3 || nov.Total.Incl != -3000 || nov.Rates[0].VAT != -521 {
		t.Errorf("November with a sale refunded: %+v", nov)
	}
	// An unpaid order that expired is nowhere.
	q := f.order(pricing.Input{Lines: []pricing.Line{line("c", 900, 1)}, VATRateBP: 2100}, at(2026, 11, 5, 9, 0), "")
	f.db.Order.UpdateOneID(q.ID).SetStatus(order.StatusExpired).ClearPaidAt().SetClosedAt(at(2026, 11, 6, 9, 0)).ExecX(sysCtx())
	if n := len(f.month(2026, time.November).Rows); n != 3 {
		t.Errorf("an expired order is exported: %d rows", n)
	}
}

func TestExportMonthIsTheStudiosInBrussels(t *testing.T) {
	f := setup(t)
	// 30 November 23:30 UTC is 1 December 00:30 in Brussels; 31 October
	// 23:30 UTC is 1 November 00:30.
	late := f.order(pricing.Input{Lines: []pricing.Line{line("a", 1000, 1)}, VATRateBP: 2100}, time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC), "")
	early := f.order(pricing.Input{Lines: []pricing.Line{line("b", 2000, 1)}, VATRateBP: 2100}, time.Date(2026, 10, 31, 23, 30, 0, 0, time.UTC), "")
	last := f.order(pricing.Input{Lines: []pricing.Line{line("c", 3000, 1)}, VATRateBP: 2100}, time.Date(2026, 11, 30, 22, 59, 0, 0, time.UTC), "")
	nov, dec, oct := f.month(2026, time.November), f.month(2026, time.December), f.month(2026, time.October)
	numbers := func(e *books.Export) (out []string) {
		for _, r := range e.Rows {
			out = append(out, r.OrderNumber)
		}
		return
	}
	if fmt.Sprint(numbers(nov)) != fmt.Sprint([]string{early.Number, last.Number}) || fmt.Sprint(numbers(dec)) != fmt.Sprint([]string{late.Number}) || len(oct.Rows) != 0 {
		t.Errorf("November %v, December %v, October %v", numbers(nov), numbers(dec), numbers(oct))
	}
	if d := nov.Rows[0].Date; d.Day() != 1 || d.Month() != time.November {
		t.Errorf("date %v, want 1 November in Brussels", d)
	}
}

func TestExportLinesPlacedBeforeTheirVATWasKeptAddUp(t *testing.T) {
	f := setup(t)
	in := pricing.Input{Lines: []pricing.Line{line("a", 1000, 1), line("b", 1000, 1), line("c", 1001, 1)},
		Code: &pricing.Code{Code: "X", PercentOff: 15}, VATRateBP: 2100}
	o := f.order(in, at(2026, 11, 10, 12, 0), "")
	f.db.OrderLine.Update().SetDiscount(-1).SetVat(-1).ExecX(sysCtx())
	e := f.month(2026, time.November)
	_, vat, incl := sums(e)
	if vat != money.Cents(o.VatTotal) || incl != money.Cents(o.Total) {
		t.Errorf("VAT %d incl %d, order %d %d", vat, incl, o.VatTotal, o.Total)
	}
}

func TestExportCSV(t *testing.T) {
	f := setup(t)
	o := f.order(pricing.Input{Lines: []pricing.Line{line("é", 1234, 1)}, VATRateBP: 2100}, at(2026, 11, 10, 12, 0), "BE0123456749")
	f.db.Order.UpdateOneID(o.ID).SetStatus(order.StatusRefunded).SetClosedAt(at(2026, 11, 12, 12, 0)).ExecX(sysCtx())
	e := f.month(2026, time.November)
	b := e.CSV()
	if !bytes.HasPrefix(b, []byte("\xef\xbb\xbfType;Commande;Facture;Date;Acheteur;")) || !bytes.Contains(b, []byte("\r\n")) {
		t.Fatalf("not UTF-8 with BOM, semicolons, CRLF: %q", b[:60])
	}
	recs, err := func() ([][]string, error) {
		r := csv.NewReader(bytes.NewReader(b[3:]))
		r.Comma, r.FieldsPerRecord = ';', -1
		return r.ReadAll()
	}()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		books.CSVHeader,
		{"Vente", o.Number, "", "10/11/2026", "Anne Dupré", "anne@example.com", "BE0123456749", "Tirage 10x15 « é »", "1", "21", "10,20", "2,14", "12,34"},
		{"Remboursement", o.Number, "", "12/11/2026", "Anne Dupré", "anne@example.com", "BE0123456749", "Tirage 10x15 « é »", "1", "21", "-10,20", "-2,14", "-12,34"},
		{"Total TVA 21 %", "", "", "", "", "", "", "", "", "21", "0,00", "0,00", "0,00"},
		{"Total", "", "", "", "", "", "", "", "", "", "0,00", "0,00", "0,00"},
		{"Dont payé par cartes cadeaux", "", "", "", "", "", "", "", "", "", "", "", "0,00"},
	}
	if fmt.Sprintf("%q", recs) != fmt.Sprintf("%q", want) {
		t.Errorf("CSV\n%q\nwant\n%q", recs, want)
	}
	if e.FileName() != "orders-2026-11.csv" {
		t.Errorf("file name %q", e.FileName())
	}
}

func TestExportIsThePhotographersOnly(t *testing.T) {
	f := setup(t)
	f.order(pricing.Input{Lines: []pricing.Line{line("a", 1000, 1)}, VATRateBP: 2100}, at(2026, 11, 10, 12, 0), "")
	if _, err := f.svc.Month(context.Background(), 2026, time.November); err == nil {
		t.Error("a guest got the export")
	}
	other := setup(t)
	other.db, other.svc = f.db, f.svc
	pg := f.db.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").SaveX(sysCtx())
	e, err := f.svc.Month(viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: pg.ID}), 2026, time.November)
	if err != nil || len(e.Rows) != 0 {
		t.Errorf("another photographer sees %v, %v", e, err)
	}
	for _, name := range []string{"orders-2026-13.csv", "orders-26-11.csv", "orders-2026-11.xls", "../x"} {
		if _, _, err := books.ParseMonthFile(name); err == nil {
			t.Errorf("%q accepted", name)
		}
	}
}

// refund records what orders.RefundPart records: a Refund of amount on the
// order's payment, made at when.
func (f *fixture) refund(o *ent.Order, amount int, when time.Time, status refund.Status) {
	f.t.Helper()
	p, err := f.db.Payment.Query().Where(payment.HasOrderWith(order.ID(o.ID))).First(sysCtx())
	if ent.IsNotFound(err) {
		p = f.db.Payment.Create().SetOrderID(o.ID).SetProvider("stripe").SetMethod(payment.MethodCard).SetAmount(o.Total).
			SetStatus(payment.StatusSucceeded).SaveX(sysCtx())
	} else if err != nil {
		f.t.Fatal(err)
	}
	f.db.Refund.Create().SetOrderID(o.ID).SetPaymentID(p.ID).SetAmount(amount).SetStatus(status).SetCreatedAt(when).ExecX(sysCtx())
	f.db.Order.UpdateOneID(o.ID).AddRefundedTotal(amount).ExecX(sysCtx())
}

// TestExportPartialRefunds: a partial refund is a negative line of the
// amount given back in its month, with the VAT it contains; a failed one
// is nowhere; the rest given back when the order is cancelled in a later
// month is a line of its own; an order refunded whole in the month of its
// refunds comes back as its lines.
func TestExportPartialRefunds(t *testing.T) {
	f := setup(t)
	o := f.order(pricing.Input{Lines: []pricing.Line{line("a", 2000, 3)}, VATRateBP: 2100}, at(2026, 10, 20, 9, 0), "")
	f.refund(o, 1210, at(2026, 11, 3, 10, 0), refund.StatusSucceeded)
	f.refund(o, 500, at(2026, 11, 4, 10, 0), refund.StatusFailed)
	nov := f.month(2026, time.November)
	if len(nov.Rows) != 1 || nov.Rows[0].Kind != "refund" || nov.Rows[0].Product != "Remboursement partiel" ||
		nov.Total.Incl != -1210 || nov.Total.VAT != -210 || nov.Total.Excl != -1000 || nov.GiftCards != 0 {
		t.Fatalf("November, a partial refund: %+v", nov)
	}
	if oct := f.month(2026, time.October); len(oct.Rows) != 1 || oct.Total.Incl != 6000 {
		t.Fatalf("October, the sale: %+v", oct)
	}
	// Cancelled in December: the rest comes back then, once.
	f.refund(o, o.Total-1210, at(2026, 12, 1, 10, 0), refund.StatusSucceeded)
	f.db.Order.UpdateOneID(o.ID).SetStatus(order.StatusCancelled).SetClosedAt(at(2026, 12, 1, 10, 0)).ExecX(sysCtx())
	dec := f.month(2026, time.December)
	if len(dec.Rows) != 1 || dec.Total.Incl != -4790 || dec.Rows[0].Date.Day() != 1 {
		t.Fatalf("December, the rest: %+v", dec)
	}
	if again := f.month(2026, time.November); again.Total.Incl != -1210 {
		t.Fatalf("November after the cancellation: %+v", again)
	}
	// Sold and refunded whole in two payments made together, in January: its lines, negative.
	p := f.order(pricing.Input{Lines: []pricing.Line{line("b", 1000, 1), line("c", 500, 2)}, VATRateBP: 2100}, at(2027, 1, 5, 9, 0), "")
	f.refund(p, 1200, at(2027, 1, 9, 9, 0), refund.StatusSucceeded)
	f.refund(p, 800, at(2027, 1, 9, 9, 0).Add(20*time.Millisecond), refund.StatusSucceeded)
	f.db.Order.UpdateOneID(p.ID).SetStatus(order.StatusRefunded).SetClosedAt(at(2027, 1, 9, 9, 0)).ExecX(sysCtx())
	jan := f.month(2027, time.January)
	if len(jan.Rows) != 4 || jan.Total.Incl != 0 || jan.Total.VAT != 0 || jan.Rows[2].Product == "Remboursement partiel" {
		t.Fatalf("January, refunded whole: %+v", jan)
	}
	// Two refunds made together but not whole: one line.
	q := f.order(pricing.Input{Lines: []pricing.Line{line("d", 3000, 1)}, VATRateBP: 2100}, at(2027, 2, 5, 9, 0), "")
	f.refund(q, 100, at(2027, 2, 6, 9, 0), refund.StatusSucceeded)
	f.refund(q, 200, at(2027, 2, 6, 9, 0).Add(10*time.Millisecond), refund.StatusSucceeded)
	if feb := f.month(2027, time.February); len(feb.Rows) != 2 || feb.Rows[1].Incl != -300 {
		t.Fatalf("February, two payments given back together: %+v", feb)
	}
}
