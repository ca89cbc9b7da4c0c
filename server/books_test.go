package server_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The books over HTTP: the invoice of a paid order for its buyer and its
// photographer only, the month's CSV and the dashboard for the photographer
// only, the legal details' French refusals.
func TestBooksOverHTTP(t *testing.T) {
	o := newOrderEnv(t)
	anne := o.confirmEmail("anne@example.com")
	o.fillCart(anne, "BE")
	ord, redirect := o.placeOK(anne)

	invoice := "/api/orders/" + ord.ID + "/invoice.pdf"
	if res, body := anne.do("GET", invoice, nil, nil); res.StatusCode != 409 || !strings.Contains(string(body), `"invoice_unavailable"`) {
		t.Fatalf("unpaid: %d %s", res.StatusCode, body)
	}
	o.pay(anne, redirect, ord.ID)
	paid := o.waitOrder(anne, ord.ID, "paid", func(r restOrder) bool { return r.Status == "validated" })

	res, pdf := anne.do("GET", invoice, nil, nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF-")) ||
		!strings.Contains(res.Header.Get("Content-Disposition"), fmt.Sprintf(`facture-%d-000001.pdf`, paid.PaidAt.In(brussels(t)).Year())) {
		t.Fatalf("the buyer's invoice: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := anne.another().do("GET", invoice, nil, nil); res.StatusCode != 404 {
		t.Fatalf("a stranger's invoice: %d", res.StatusCode)
	}
	token, _ := anne.token()
	if res, pdf2 := anne.another().do("GET", invoice, nil, bearer(token)); res.StatusCode != 200 || !bytes.Equal(pdf2[:5], pdf[:5]) {
		t.Fatalf("the photographer's invoice: %d", res.StatusCode)
	}

	month := paid.PaidAt.In(brussels(t)).Format("2006-01")
	export := "/api/studio/exports/orders-" + month + ".csv"
	if res, body := anne.another().do("GET", export, nil, nil); res.StatusCode != 401 || !strings.Contains(string(body), `"unauthorized"`) {
		t.Fatalf("a guest's export: %d %s", res.StatusCode, body)
	}
	if res, body := anne.another().do("GET", "/api/studio/exports/orders-2026-13.csv", nil, bearer(token)); res.StatusCode != 400 || !strings.Contains(string(body), `"invalid_month"`) {
		t.Fatalf("a bad month: %d %s", res.StatusCode, body)
	}
	res, csv := anne.another().do("GET", export, nil, bearer(token))
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") || !bytes.HasPrefix(csv, []byte("\ufeffType;Commande;")) {
		t.Fatalf("the export: %d %v %q", res.StatusCode, res.Header, csv)
	}
	// 2,50 + 9,00 + 4,90 of shipping: 16,40, VAT 21 % per line 0,43 + 1,56 + 0,85.
	total := ""
	for _, l := range strings.Split(string(csv), "\r\n") {
		if strings.HasPrefix(l, "Total;") {
			total = l
		}
	}
	if total != "Total;;;;;;;;;;13,56;2,84;16,40" || !strings.Contains(string(csv), "Vente;"+ord.Number+";") {
		t.Fatalf("the export's total %q in\n%s", total, csv)
	}

	var d struct {
		StudioBooks struct {
			Revenue struct{ Amount string }
			Orders  int
			Visits  *int
		}
	}
	day := paid.PaidAt.In(brussels(t)).Format(time.DateOnly)
	q := `query($f: String!, $t: String!) { studioBooks(from: $f, to: $t) { revenue { amount } orders visits } }`
	vars := map[string]any{"f": day, "t": day}
	if r := anne.graphqlWith(bearer(token), q, vars, &d); len(r.Errors) > 0 || d.StudioBooks.Revenue.Amount != "16.40" || d.StudioBooks.Orders != 1 || d.StudioBooks.Visits != nil {
		t.Fatalf("studioBooks: %+v %+v", r.Errors, d)
	}
	if r := anne.another().graphql(q, vars, nil); errorCode(r) != "unauthorized" {
		t.Fatalf("a guest's studioBooks: %+v", r)
	}

	var u struct {
		UpdateStudioLegalDetails struct {
			LegalDetails *struct{ VatNumber string }
			UserErrors   []struct{ Code, Message string }
		}
	}
	m := `mutation($in: StudioLegalDetailsInput!) { updateStudioLegalDetails(input: $in) { legalDetails { vatNumber } userErrors { code message } } }`
	in := map[string]any{"legalName": "Studio", "address": "Rue Haute 1", "vatNumber": "BE0123456789", "companyNumber": ""}
	if r := anne.graphqlWith(bearer(token), m, map[string]any{"in": in}, &u); len(r.Errors) > 0 || len(u.UpdateStudioLegalDetails.UserErrors) != 1 ||
		u.UpdateStudioLegalDetails.UserErrors[0].Code != "invalid_vat_number" || u.UpdateStudioLegalDetails.UserErrors[0].Message != "Le numéro de TVA saisi n'est pas valide." {
		t.Fatalf("a wrong VAT number: %+v %+v", r.Errors, u)
	}
}

func brussels(t *testing.T) *time.Location {
	l, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		t.Fatal(err)
	}
	return l
}
