package server

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/viewer"
)

// orderJSON is an order as REST answers it.
type orderJSON struct {
	ID              string          `json:"_id"`
	Number          string          `json:"number"`
	Status          string          `json:"status"`
	Email           string          `json:"email"`
	Lines           []orderLineJSON `json:"lines"`
	Totals          orderTotalsJSON `json:"totals"`
	BillingAddress  model.Address   `json:"billingAddress"`
	ShippingAddress *model.Address  `json:"shippingAddress"`
	DeliveryOption  string          `json:"deliveryOption"`
	PickupAddress   string          `json:"pickupAddress"`
	PaymentMethod   string          `json:"paymentMethod"`
	CanPay          bool            `json:"canPay"`
	Downloads       []downloadJSON  `json:"downloads"`
	CreatedAt       time.Time       `json:"createdAt"`
	PaidAt          *time.Time      `json:"paidAt"`
	ExpiresAt       *time.Time      `json:"expiresAt"`
	InProductionAt  *time.Time      `json:"inProductionAt"`
	SentAt          *time.Time      `json:"sentAt"`
	ReadyAt         *time.Time      `json:"readyAt"`
}

type orderLineJSON struct {
	ID          string      `json:"_id"`
	Kind        string      `json:"kind"`
	Description string      `json:"description"`
	PhotoID     string      `json:"photoId,omitempty"`
	Quantity    int         `json:"quantity"`
	UnitPrice   money.Money `json:"unitPrice"`
	Total       money.Money `json:"total"`
}

type orderTotalsJSON struct {
	Merchandise  money.Money `json:"merchandise"`
	Discount     money.Money `json:"discount"`
	DiscountCode *string     `json:"discountCode"`
	Shipping     money.Money `json:"shipping"`
	GiftCards    money.Money `json:"giftCards"`
	VAT          money.Money `json:"vat"`
	Total        money.Money `json:"total"`
}

// orderJSONOf presents an order with its lines and downloads.
func (s *Server) orderJSONOf(r *http.Request, o *ent.Order) (*orderJSON, error) {
	ctx := viewer.SystemContext(r.Context())
	lines, err := o.QueryLines().Order(ent.Asc(orderline.FieldID)).All(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := s.Orders.Downloads(r.Context(), o)
	if err != nil {
		return nil, err
	}
	t := orders.TotalsOf(o)
	out := &orderJSON{ID: o.ID, Number: o.Number, Status: string(o.Status), Email: o.Email, Lines: []orderLineJSON{},
		Totals: orderTotalsJSON{Merchandise: t.Merchandise, Discount: t.Discount, DiscountCode: t.DiscountCode,
			Shipping: t.Shipping, GiftCards: t.GiftCards, VAT: t.Vat, Total: t.Total},
		BillingAddress: o.BillingAddress, ShippingAddress: o.ShippingAddress, DeliveryOption: o.DeliveryOption,
		PickupAddress: o.PickupAddress, PaymentMethod: string(o.PaymentMethod), CanPay: s.Orders.Payable(o),
		Downloads: []downloadJSON{}, CreatedAt: o.CreatedAt, PaidAt: o.PaidAt, ExpiresAt: o.ExpiresAt, InProductionAt: o.InProductionAt, SentAt: o.SentAt, ReadyAt: o.ReadyAt}
	for _, l := range lines {
		out.Lines = append(out.Lines, orderLineJSON{ID: l.ID, Kind: l.Kind, Description: l.Description, PhotoID: l.PhotoID,
			Quantity: l.Quantity, UnitPrice: money.EURCents(l.UnitPrice), Total: money.EURCents(l.Total)})
	}
	for _, d := range ds {
		out.Downloads = append(out.Downloads, newDownloadJSON(d))
	}
	return out, nil
}

func (s *Server) answerOrder(w http.ResponseWriter, r *http.Request, o *ent.Order, err error) {
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out, err := s.orderJSONOf(r, o)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// orderRoutes mounts /api/orders.
func (s *Server) orderRoutes(r chi.Router) {
	r.Post("/", s.restPlaceOrder)
	r.Get("/{id}", s.restOrder)
	r.Get("/{id}/invoice.pdf", s.restOrderInvoice)
	r.Post("/{id}/resendDownloads", s.restResendOrderDownloads)
}

// restPlaceOrder is POST /api/orders (gallery header). Body:
// {"paymentMethod":"card"|"bancontact","acceptTerms":true,"acceptRetouch":true,
// "expectedTotal":"16.40"} (the amount to pay the review page showed).
// Answers {"order":{...},"redirectUrl":"..."|null}.
func (s *Server) restPlaceOrder(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var body struct {
		PaymentMethod string `json:"paymentMethod"`
		AcceptTerms   bool   `json:"acceptTerms"`
		AcceptRetouch bool   `json:"acceptRetouch"`
		// ExpectedTotal is a money amount as the API writes it ("16.40").
		ExpectedTotal *string `json:"expectedTotal"`
	}
	if err := decodeJSON(r, &body); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	expected, err := orders.ParseExpectedTotal(body.ExpectedTotal)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	placed, err := s.Orders.Place(r.Context(), g, orders.PlaceInput{Method: payments.Method(body.PaymentMethod),
		AcceptTerms: body.AcceptTerms, AcceptRetouch: body.AcceptRetouch, ExpectedTotal: expected})
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	o, err := s.orderJSONOf(r, placed.Order)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var redirect *string
	if placed.RedirectURL != "" {
		redirect = &placed.RedirectURL
	}
	writeJSON(w, http.StatusOK, map[string]any{"order": o, "redirectUrl": redirect})
}

// restOrder is GET /api/orders/{id}.
func (s *Server) restOrder(w http.ResponseWriter, r *http.Request) {
	o, err := s.Orders.Get(r.Context(), chi.URLParam(r, "id"))
	s.answerOrder(w, r, o, err)
}

// restResendOrderDownloads is POST /api/orders/{id}/resendDownloads.
func (s *Server) restResendOrderDownloads(w http.ResponseWriter, r *http.Request) {
	o, err := s.Orders.ResendDownloads(r.Context(), s.Downloads, chi.URLParam(r, "id"))
	s.answerOrder(w, r, o, err)
}

// restPaymentMethods is GET /api/payments/methods.
func (s *Server) restPaymentMethods(w http.ResponseWriter, r *http.Request) {
	out := []string{}
	for _, m := range s.Orders.Methods() {
		out = append(out, string(m))
	}
	writeJSON(w, http.StatusOK, out)
}

// restCountries is GET /api/countries: the countries of the address form.
func (s *Server) restCountries(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, address.Countries(lang.Or(r.Context(), lang.Default)))
}

// restWebhook is POST /api/payments/webhook/{provider}: the provider's
// signed event (at most MAX_WEBHOOK_BYTES). 200 once recorded (or already recorded); 400 for a bad
// signature; 5xx makes the provider try again.
func (s *Server) restWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.Config.MaxWebhookBytes))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		writeError(w, r, s.Log, errBodyTooLarge)
		return
	case err != nil:
		writeError(w, r, s.Log, apperr.ErrInvalidInput.With(err))
		return
	}
	if err := s.Orders.HandleWebhook(r.Context(), chi.URLParam(r, "provider"), payload, r.Header); err != nil {
		if errors.Is(err, orders.ErrBadSignature) {
			s.Log.Warn("payments: webhook refused", "provider", chi.URLParam(r, "provider"), "err", err)
		}
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"received": true})
}

// suggestionJSON is a corrected address offered at the address step.
type suggestionJSON struct {
	Field   string         `json:"field"`
	Address *model.Address `json:"address"`
}
