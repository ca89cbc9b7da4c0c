package server

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/internal/books"
)

// restStudioExport is GET /api/studio/exports/orders-YYYY-MM.csv: the
// accountant's export of a month (internal/books), photographer only
// (studio session cookie or API token): 401 unauthorized otherwise, 400
// invalid_month for another name.
func (s *Server) restStudioExport(w http.ResponseWriter, r *http.Request) {
	y, m, err := books.ParseMonthFile(chi.URLParam(r, "file"))
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	e, err := s.Books.Month(r.Context(), y, m)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	b := e.CSV()
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+e.FileName()+`"`)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "private, no-store")
	_, _ = w.Write(b)
}

// restOrderInvoice is GET /api/orders/{id}/invoice.pdf: the invoice of a
// paid order, for whoever may see the order (its buyer's browser or
// e-mail, its photographer); 404 order_not_found for anyone else, 409
// invoice_unavailable while it is unpaid.
func (s *Server) restOrderInvoice(w http.ResponseWriter, r *http.Request) {
	o, err := s.Orders.Get(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	b, name, err := s.Books.InvoicePDF(r.Context(), o)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "private, no-store")
	_, _ = w.Write(b)
}
