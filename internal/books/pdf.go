package books

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// DejaVu Sans (fonts/, from Debian's fonts-dejavu-core; its licence in
// fonts/LICENSE) is embedded in every invoice, so that accents, « » and €
// print whatever the reader's fonts.
var (
	//go:embed fonts/DejaVuSans.ttf
	dejaVuSans []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	dejaVuSansBold []byte
)

// InvoicePDF renders the invoice of a paid order the caller may see (its
// buyer, its photographer) and answers it with its file name. The invoice
// is in French (the studio's books are); it names the seller with the
// legal details kept when it was issued, or today's when none were filled
// in then.
func (s *Service) InvoicePDF(ctx context.Context, o *ent.Order) ([]byte, string, error) {
	inv, err := s.InvoiceOf(ctx, o)
	if err != nil {
		return nil, "", err
	}
	sctx := viewer.SystemContext(ctx)
	lines, err := s.DB.OrderLine.Query().Where(orderline.HasOrderWith(order.ID(o.ID))).Order(ent.Asc(orderline.FieldID)).All(sctx)
	if err != nil {
		return nil, "", err
	}
	p, err := s.DB.Photographer.Get(sctx, inv.PhotographerID)
	if err != nil {
		return nil, "", err
	}
	seller := LegalDetails{LegalName: inv.Seller["legalName"], Address: inv.Seller["address"], VATNumber: inv.Seller["vatNumber"],
		CompanyNumber: inv.Seller["companyNumber"]}
	if !seller.Complete() {
		seller = LegalOf(p)
	}
	if seller.LegalName == "" {
		seller.LegalName = p.Name
	}
	if seller.Address == "" {
		seller.Address = strings.TrimSpace(p.Street + "\n" + strings.TrimSpace(p.PostalCode+" "+p.City))
	}
	var b bytes.Buffer
	if err := renderInvoice(&b, invoiceDoc{inv: inv, o: o, lines: lines, seller: seller, email: p.Email, loc: Location(p)}); err != nil {
		return nil, "", err
	}
	return b.Bytes(), "facture-" + inv.Number + ".pdf", nil
}

type invoiceDoc struct {
	inv    *ent.Invoice
	o      *ent.Order
	lines  []*ent.OrderLine
	seller LegalDetails
	email  string
	loc    *time.Location
}

const (
	pageW   = 210.0
	marginL = 18.0
	marginR = 18.0
	bodyW   = pageW - marginL - marginR
)

func renderInvoice(w *bytes.Buffer, d invoiceDoc) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(marginL, 18, marginR)
	pdf.SetAutoPageBreak(true, 20)
	pdf.AddUTF8FontFromBytes("DejaVu", "", dejaVuSans)
	pdf.AddUTF8FontFromBytes("DejaVu", "B", dejaVuSansBold)
	issued := d.inv.IssuedAt.In(d.loc)
	pdf.SetCreationDate(issued)
	pdf.SetModificationDate(issued)
	pdf.SetTitle("Facture "+d.inv.Number, true)
	pdf.SetAuthor(d.seller.LegalName, true)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-14)
		pdf.SetFont("DejaVu", "", 7.5)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(0, 4, fmt.Sprintf("Facture %s — page %d/{nb}", d.inv.Number, pdf.PageNo()), "", 0, "C", false, 0, "")
	})
	pdf.AliasNbPages("{nb}")
	pdf.AddPage()

	// The seller, top left; the invoice's title and references, top right.
	top := pdf.GetY()
	pdf.SetFont("DejaVu", "B", 12)
	pdf.MultiCell(95, 6, d.seller.LegalName, "", "L", false)
	pdf.SetFont("DejaVu", "", 9)
	for _, l := range strings.Split(d.seller.Address, "\n") {
		pdf.CellFormat(95, 4.6, l, "", 1, "L", false, 0, "")
	}
	if d.seller.VATNumber != "" {
		pdf.CellFormat(95, 4.6, "TVA : "+d.seller.VATNumber, "", 1, "L", false, 0, "")
	}
	if d.seller.CompanyNumber != "" {
		pdf.CellFormat(95, 4.6, "N° d'entreprise : "+d.seller.CompanyNumber, "", 1, "L", false, 0, "")
	}
	pdf.CellFormat(95, 4.6, d.email, "", 1, "L", false, 0, "")
	bottomSeller := pdf.GetY()

	pdf.SetXY(pageW-marginR-70, top)
	pdf.SetFont("DejaVu", "B", 18)
	pdf.CellFormat(70, 9, "FACTURE", "", 2, "R", false, 0, "")
	pdf.SetFont("DejaVu", "", 9.5)
	for _, kv := range [][2]string{
		{"N° ", d.inv.Number},
		{"Date : ", issued.Format("02/01/2006")},
		{"Commande : ", d.o.Number},
		{"Commandée le ", d.o.CreatedAt.In(d.loc).Format("02/01/2006")},
	} {
		pdf.CellFormat(70, 5, kv[0]+kv[1], "", 2, "R", false, 0, "")
	}

	// The buyer.
	pdf.SetY(max(bottomSeller, pdf.GetY()) + 8)
	pdf.SetX(pageW - marginR - 85)
	a := d.o.BillingAddress
	pdf.SetFont("DejaVu", "B", 9)
	pdf.CellFormat(85, 5, "Facturé à", "", 2, "L", false, 0, "")
	pdf.SetFont("DejaVu", "", 9.5)
	buyer := []string{strings.TrimSpace(a.Firstname + " " + a.Lastname), a.Address, a.Address2,
		strings.TrimSpace(a.PostalCode + " " + a.City), address.CountryName(a.Country, lang.FR)}
	if a.VatNumber != "" {
		buyer = append(buyer, "TVA : "+a.VatNumber)
	}
	buyer = append(buyer, d.o.Email)
	for _, l := range buyer {
		if strings.TrimSpace(l) != "" {
			pdf.CellFormat(85, 4.8, l, "", 2, "L", false, 0, "")
		}
	}
	pdf.Ln(8)

	// The lines.
	cols := []struct {
		title string
		w     float64
		align string
	}{{"Désignation", 74, "L"}, {"Qté", 12, "R"}, {"P.U. TVAC", 22, "R"}, {"HTVA", 22, "R"}, {"TVA", 20, "R"}, {"Total TVAC", 24, "R"}}
	pdf.SetFont("DejaVu", "B", 8.5)
	pdf.SetFillColor(240, 238, 234)
	for _, c := range cols {
		pdf.CellFormat(c.w, 7, c.title, "B", 0, c.align, true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("DejaVu", "", 8.5)
	rows := OrderRows(d.o, d.lines)
	for i, r := range rows {
		unit := ""
		if i < len(d.lines) {
			unit = money.French(money.Cents(d.lines[i].UnitPrice))
		} else {
			unit = money.French(r.Incl)
		}
		desc := pdf.SplitText(r.Product, cols[0].w-2)
		h := 5.2 * float64(max(len(desc), 1))
		if pdf.GetY()+h > 270 {
			pdf.AddPage()
		}
		y := pdf.GetY()
		pdf.MultiCell(cols[0].w, 5.2, strings.Join(desc, "\n"), "", "L", false)
		pdf.SetXY(marginL+cols[0].w, y)
		for j, v := range []string{fmt.Sprint(r.Quantity), unit, money.French(r.Excl), money.French(r.VAT), money.French(r.Incl)} {
			pdf.CellFormat(cols[j+1].w, 5.2, v, "", 0, cols[j+1].align, false, 0, "")
		}
		pdf.SetXY(marginL, y+h)
		pdf.SetDrawColor(220, 218, 214)
		pdf.Line(marginL, y+h, pageW-marginR, y+h)
	}
	if d.o.DiscountTotal > 0 {
		pdf.SetFont("DejaVu", "", 8)
		pdf.SetTextColor(90, 90, 90)
		label := "Remise comprise dans les montants : " + money.French(money.Cents(d.o.DiscountTotal))
		if d.o.DiscountCode != "" {
			label += " (code " + d.o.DiscountCode + ")"
		}
		pdf.CellFormat(bodyW, 6, label, "", 1, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	}
	pdf.Ln(4)

	// The totals, by rate (one per order today).
	var excl, vat, incl money.Cents
	for _, r := range rows {
		excl, vat, incl = excl+r.Excl, vat+r.VAT, incl+r.Incl
	}
	total := func(label, v string, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont("DejaVu", style, 9.5)
		pdf.SetX(pageW - marginR - 90)
		pdf.CellFormat(60, 6, label, "", 0, "R", false, 0, "")
		pdf.CellFormat(30, 6, v, "", 1, "R", false, 0, "")
	}
	total("Total HTVA", money.French(excl), false)
	total("TVA "+frenchRate(d.o.VatRateBp)+" %", money.French(vat), false)
	total("Total TVAC", money.French(incl), true)
	if d.o.GiftCardTotal > 0 {
		total("Payé par carte cadeau", "-"+money.French(money.Cents(d.o.GiftCardTotal)), false)
	}
	paid := "Payé"
	if d.o.PaidAt != nil {
		paid += " le " + d.o.PaidAt.In(d.loc).Format("02/01/2006")
	}
	switch d.o.PaymentMethod {
	case "card":
		paid += " par carte"
	case "bancontact":
		paid += " par Bancontact"
	}
	total(paid, money.French(money.Cents(d.o.Total)), true)
	if d.o.Status == "refunded" || d.o.Status == "cancelled" {
		pdf.Ln(3)
		pdf.SetFont("DejaVu", "B", 9)
		when := ""
		if d.o.ClosedAt != nil {
			when = " le " + d.o.ClosedAt.In(d.loc).Format("02/01/2006")
		}
		pdf.CellFormat(bodyW, 6, "Commande remboursée"+when+" : "+money.French(money.Cents(d.o.Total)), "", 1, "R", false, 0, "")
	}
	if d.seller.VATNumber == "" {
		pdf.Ln(4)
		pdf.SetFont("DejaVu", "", 8)
		pdf.MultiCell(bodyW, 4.4, "Prix TVA comprise.", "", "L", false)
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("books: invoice: %w", err)
	}
	return pdf.Output(w)
}
