package books

import (
	"context"
	"fmt"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/invoice"
	"github.com/studio/gallery/ent/invoicecounter"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Invoice numbers: one sequence per photographer and calendar year (in the
// studio's time zone), 1, 2, 3... without a gap. The number is given when
// the order is paid (orders.validate calls Assign in the transaction that
// marks it paid), so that invoices follow the payments in time and every
// paid order has one; an order paid before invoices existed gets its number
// the first time its invoice is asked for. The counter row
// (InvoiceCounter) is incremented in the same transaction that creates the
// invoice: a rolled-back payment gives its number back, and two payments at
// once wait for each other on the row (PostgreSQL's row lock, SQLite's one
// writer), so no number is given twice or skipped.

// Paid tells whether an order was paid (an invoice exists for it, or may
// be issued): refunded and cancelled orders that were paid keep theirs.
func Paid(o *ent.Order) bool { return o.PaidAt != nil }

// Assign gives the order its invoice number, in tx, unless it has one:
// the year is that of at (the payment) in the studio's time zone.
func Assign(ctx context.Context, tx *ent.Client, orderID string, at time.Time) (*ent.Invoice, error) {
	ctx = viewer.SystemContext(ctx)
	if inv, err := tx.Invoice.Query().Where(invoice.OrderID(orderID)).Only(ctx); err == nil {
		return inv, nil
	} else if !ent.IsNotFound(err) {
		return nil, err
	}
	o, err := tx.Order.Query().Where(order.ID(orderID)).WithGallery(func(q *ent.GalleryQuery) { q.WithPhotographer() }).Only(ctx)
	if err != nil {
		return nil, err
	}
	p := o.Edges.Gallery.Edges.Photographer
	year := at.In(Location(p)).Year()
	err = tx.InvoiceCounter.Create().SetPhotographerID(p.ID).SetYear(year).SetLast(0).
		OnConflictColumns(invoicecounter.FieldPhotographerID, invoicecounter.FieldYear).Ignore().Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("books: invoice counter: %w", err)
	}
	if err := tx.InvoiceCounter.Update().Where(invoicecounter.PhotographerID(p.ID), invoicecounter.Year(year)).
		AddLast(1).Exec(ctx); err != nil {
		return nil, fmt.Errorf("books: invoice counter: %w", err)
	}
	c, err := tx.InvoiceCounter.Query().Where(invoicecounter.PhotographerID(p.ID), invoicecounter.Year(year)).Only(ctx)
	if err != nil {
		return nil, err
	}
	l := LegalOf(p)
	seller := map[string]string{"legalName": l.LegalName, "address": l.Address, "vatNumber": l.VATNumber,
		"companyNumber": l.CompanyNumber, "name": p.Name, "email": p.Email}
	return tx.Invoice.Create().SetOrderID(o.ID).SetPhotographerID(p.ID).SetYear(year).SetSeq(c.Last).
		SetNumber(fmt.Sprintf("%d-%06d", year, c.Last)).SetIssuedAt(at).SetSeller(seller).Save(ctx)
}

// InvoiceOf answers the invoice of a paid order, issuing it now for an
// order paid before invoices were kept; an unpaid order has none
// (invoice_unavailable). The caller checked that the viewer may see the order.
func (s *Service) InvoiceOf(ctx context.Context, o *ent.Order) (*ent.Invoice, error) {
	if !Paid(o) {
		return nil, ErrInvoiceUnavailable
	}
	sctx := viewer.SystemContext(ctx)
	inv, err := s.DB.Invoice.Query().Where(invoice.OrderID(o.ID)).Only(sctx)
	if err == nil || !ent.IsNotFound(err) {
		return inv, err
	}
	err = store.InTx(ctx, s.DB, func(tx *ent.Client) error {
		inv, err = Assign(ctx, tx, o.ID, *o.PaidAt)
		return err
	})
	if ent.IsConstraintError(err) {
		// Issued by another request at the same moment: read it.
		return s.DB.Invoice.Query().Where(invoice.OrderID(o.ID)).Only(sctx)
	}
	return inv, err
}
