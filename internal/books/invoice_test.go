package books_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/internal/books"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/pricing"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// N payments at once get the numbers 1..N of their year: no gap, no
// duplicate; each in its own transaction, as orders.validate assigns them.
func TestInvoiceNumbersWithoutGapUnderConcurrency(t *testing.T) {
	f := setup(t)
	const n = 12
	var os []*ent.Order
	for i := 0; i < n; i++ {
		os = append(os, f.order(pricing.Input{Lines: []pricing.Line{line("a", 1000, 1)}, VATRateBP: 2100}, at(2026, 11, 10, 12, i), ""))
	}
	// One payment rolls back after taking a number: it gives it back.
	err := store.InTx(context.Background(), f.db, func(tx *ent.Client) error {
		if _, err := books.Assign(context.Background(), tx, os[0].ID, at(2026, 11, 10, 12, 0)); err != nil {
			return err
		}
		return errors.New("payment failed after")
	})
	if err == nil || err.Error() != "payment failed after" {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	nums := make([]int, n)
	errs := make([]error, n)
	for i, o := range os {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = store.InTx(context.Background(), f.db, func(tx *ent.Client) error {
				inv, err := books.Assign(context.Background(), tx, o.ID, *o.PaidAt)
				if err == nil {
					nums[i] = inv.Seq
				}
				return err
			})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("assignment %d: %v", i, err)
		}
	}
	slices.Sort(nums)
	for i, v := range nums {
		if v != i+1 {
			t.Fatalf("numbers %v, want 1..%d", nums, n)
		}
	}
	// Asked again, an order keeps its number; a new year starts at 1.
	inv, err := f.svc.InvoiceOf(f.ctx, os[3])
	if err != nil || inv.Number != fmt.Sprintf("2026-%06d", inv.Seq) {
		t.Fatalf("again: %+v %v", inv, err)
	}
	next := f.order(pricing.Input{Lines: []pricing.Line{line("a", 1000, 1)}, VATRateBP: 2100}, time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC), "")
	inv, err = f.svc.InvoiceOf(f.ctx, next)
	if err != nil || inv.Year != 2027 || inv.Seq != 1 || inv.Number != "2027-000001" {
		t.Fatalf("new year (1 January in Brussels): %+v %v", inv, err)
	}
}

func TestNoInvoiceForAnUnpaidOrder(t *testing.T) {
	f := setup(t)
	o := f.order(pricing.Input{Lines: []pricing.Line{line("a", 1000, 1)}, VATRateBP: 2100}, at(2026, 11, 10, 12, 0), "")
	o = f.db.Order.UpdateOneID(o.ID).ClearPaidAt().SetStatus(order.StatusAwaitingPayment).SaveX(sysCtx())
	if _, _, err := f.svc.InvoicePDF(f.ctx, o); !errors.Is(err, books.ErrInvoiceUnavailable) {
		t.Fatalf("unpaid order: %v", err)
	}
}

func TestInvoicePDFText(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: apt-get install -y poppler-utils")
	}
	f := setup(t)
	in := pricing.Input{Lines: []pricing.Line{line("Élodie à l'été", 1210, 2), line("b", 333, 1)},
		Code:      &pricing.Code{Code: "BIENVENUE10", PercentOff: 10},
		GiftCards: []pricing.GiftCard{{Code: "CADEAU-50", Balance: 500}},
		Delivery:  pricing.Delivery{Option: pricing.DeliveryShipping, Country: "BE"}, Rates: []model.ShippingRate{{Zone: "BE", Price: 490}},
		VATRateBP: 2100}
	o := f.order(in, at(2026, 11, 10, 12, 0), "BE0123456749")
	b, name, err := f.svc.InvoicePDF(f.ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if name != "facture-2026-000001.pdf" || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("%q, %q", name, b[:8])
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.pdf"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", filepath.Join(dir, "f.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	// 24,20 - 2,42 = 21,78; 3,33 - 0,33 = 3,00; shipping 4,90: 29,68 € in
	// all, VAT 3,78 + 0,52 + 0,85 = 5,15 €, 5,00 € paid by gift card.
	for _, want := range []string{
		"FACTURE", "N° 2026-000001", "Studio Lumière SRL", "Rue de l'Église 4", "TVA : BE0123456749", "N° d'entreprise : 0123.456.749",
		"Anne Dupré", "Tirage 10x15 « Élodie à l'été »", "Livraison", "21,78 €", "3,00 €", "4,90 €",
		"Total HTVA", "24,53 €", "TVA 21 %", "5,15 €", "Total TVAC", "29,68 €", "Payé par carte cadeau", "-5,00 €",
		"24,68 €", "Remise comprise dans les montants : 2,75 € (code BIENVENUE10)", "Commande : " + o.Number,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the invoice lacks %q:\n%s", want, text)
		}
	}
	// The buyer sees it; someone else does not get past the order's rule
	// (the server's), and a guest context has no legal details to change.
	if _, err := f.svc.SetLegal(viewer.NewContext(context.Background(), &viewer.Viewer{}), books.LegalDetails{LegalName: "X"}); err == nil {
		t.Error("a guest changed the legal details")
	}
}

func TestLegalDetails(t *testing.T) {
	f := setup(t)
	d, err := f.svc.SetLegal(f.ctx, books.LegalDetails{LegalName: "  Studio   Lumière  ", Address: "Rue  Haute 1\r\n\n1000 Bruxelles ",
		VATNumber: "be 0123.456.749", CompanyNumber: "0123.456.749"})
	if err != nil {
		t.Fatal(err)
	}
	if d != (books.LegalDetails{LegalName: "Studio Lumière", Address: "Rue Haute 1\n1000 Bruxelles", VATNumber: "BE0123456749", CompanyNumber: "0123.456.749"}) {
		t.Errorf("saved %+v", d)
	}
	if _, err := f.svc.SetLegal(f.ctx, books.LegalDetails{LegalName: "X", VATNumber: "BE0123456789"}); !errors.Is(err, books.ErrInvalidVATNumber) {
		t.Errorf("a wrong VAT number: %v", err)
	}
	if _, err := f.svc.SetLegal(f.ctx, books.LegalDetails{LegalName: strings.Repeat("é", 201)}); !errors.Is(err, books.ErrInvalidLegalDetails) {
		t.Errorf("a long name: %v", err)
	}
	if got, _ := f.svc.Legal(f.ctx); got != d {
		t.Errorf("read %+v", got)
	}
}
