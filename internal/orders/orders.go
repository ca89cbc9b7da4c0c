// Package orders turns a cart into an order and follows its payment.
//
// Placing (Place) is one transaction: the cart is locked and priced again
// (internal/cart, internal/pricing), every line and total is recorded as
// it is, the discount code's use is counted against its limits by a
// conditional update, and each gift card is spent through its ledger by
// another one (balance = balance - x WHERE balance >= x), so a card's
// balance never goes below zero however many orders race for it. A new
// order is placed at the total the buyer was shown (PlaceInput's
// ExpectedTotal) or refused (gift_card_changed, a voucher's code,
// total_changed) with nothing written. An order is named by its cart and
// the cart's version, and the cart's row is locked before it is read:
// placing the same cart again, concurrently or later, answers the same
// order (with a new payment attempt while it is unpaid, as it is once
// paid); a changed cart replaces its unpaid order.
//
// Paying. After the commit, a payment attempt is opened at the provider
// (internal/payments): Stripe for card and Bancontact, or the built-in test
// provider. Only verified provider events change a payment: HandleWebhook
// records each event once (by its id) and applies it in the same
// transaction; an event that arrives before its payment is visible waits in
// a job that retries it. Status changes are conditional updates from the
// states they may leave, so events arriving twice or out of order, and the
// expiry job racing a late payment, change an order once.
//
// After payment, in the transaction that validates the order: the cart is
// closed, the confirmation and the photographer's notice are queued as mail
// jobs, and the digital files bought become download requests
// (internal/downloads) whose links are e-mailed when ready. Unpaid orders
// expire (Expiry) and give back their voucher uses and gift-card amounts.
// Every change is published on TopicOrder.
package orders

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/ordermail"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/viewer"
)

// TopicOrder is the events topic of orders; the id is the order's.
const TopicOrder = ordermail.TopicOrder

// DefaultExpiry is how long an order waits for its payment.
const DefaultExpiry = time.Hour

// Errors.
var (
	ErrOrderNotFound = apperr.New(CodeOrderNotFound, http.StatusNotFound, "order_not_found")
	ErrTerms         = apperr.New(CodeTermsRequired, http.StatusBadRequest,
		"terms_required").WithField("acceptTerms")
	ErrRetouch = apperr.New(CodeRetouchRequired, http.StatusBadRequest,
		"retouch_required").WithField("acceptRetouch")
	ErrMethod = apperr.New(CodePaymentMethodUnavailable, http.StatusBadRequest,
		"payment_method_unavailable").WithField("paymentMethod")
	ErrVoucherUsedUp = apperr.New(CodeVoucherUsedUp, http.StatusConflict,
		"order_voucher_used_up")
	ErrVoucherAlreadyUsed = apperr.New(CodeVoucherAlreadyUsed, http.StatusConflict,
		"order_voucher_already_used")
	ErrGiftCardChanged = apperr.New(CodeGiftCardChanged, http.StatusConflict,
		"gift_card_changed")
	ErrExpectedTotal = apperr.New(CodeInvalidExpectedTotal, http.StatusBadRequest,
		"invalid_expected_total").WithField("expectedTotal")
	ErrTotalChanged = apperr.New(CodeTotalChanged, http.StatusConflict,
		"total_changed")
	ErrPaymentInProgress = apperr.New(CodePaymentInProgress, http.StatusConflict,
		"payment_in_progress")
	ErrPaymentUnavailable = apperr.New(CodePaymentUnavailable, http.StatusServiceUnavailable,
		"payment_unavailable")
	ErrNotPayable = apperr.New(CodeOrderNotPayable, http.StatusConflict,
		"order_not_payable")
	ErrTransition = apperr.New(CodeOrderState, http.StatusConflict,
		"order_state")
	ErrNoPrints = apperr.New(CodeOrderNoPrints, http.StatusConflict,
		"order_no_prints")
	ErrUnknownProvider = apperr.New(CodeUnknownProvider, http.StatusNotFound, "unknown_provider")
	ErrBadSignature    = apperr.New(CodeBadSignature, http.StatusBadRequest, "bad_signature")
)

// ParseExpectedTotal reads the REST door's expectedTotal ("16.40"):
// required, at least zero, at most two decimals.
func ParseExpectedTotal(s *string) (money.Cents, error) {
	if s == nil {
		return 0, ErrExpectedTotal
	}
	c, err := money.ParseDecimal(*s)
	if err != nil || c < 0 {
		return 0, ErrExpectedTotal.With(err)
	}
	return c, nil
}

// Service places and follows orders.
type Service struct {
	DB     *ent.Client
	Jobs   *jobs.Runner
	Events events.Broker
	Carts  *cart.Service
	// Mail sends the order e-mails (from their jobs).
	Mail mail.Sender
	// Provider takes new payments; Providers hears the webhooks of the
	// providers named there (Provider included).
	Provider  payments.Provider
	Providers map[string]payments.Provider
	// PublicURL is the site's address, for the return and e-mail links.
	PublicURL string
	// Expiry is how long an unpaid order waits; zero means DefaultExpiry.
	Expiry time.Duration
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) expiry() time.Duration {
	if s.Expiry > 0 {
		return s.Expiry
	}
	return DefaultExpiry
}

func (s *Service) log() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

func (s *Service) provider(name string) payments.Provider {
	if p, ok := s.Providers[name]; ok {
		return p
	}
	if s.Provider != nil && s.Provider.Name() == name {
		return s.Provider
	}
	return nil
}

// Methods lists the payment methods offered.
func (s *Service) Methods() []payments.Method {
	if s.Provider == nil {
		return nil
	}
	return s.Provider.Methods()
}

// publish tells subscribers an order changed, and its cart's subscribers
// that the cart may have (a paid order closes it); a lost notice only
// delays a page that also polls.
func (s *Service) publish(ctx context.Context, orders ...*ent.Order) {
	if s.Events == nil {
		return
	}
	for _, o := range orders {
		_ = s.Events.Publish(context.WithoutCancel(ctx), TopicOrder, o.ID)
		_ = s.Events.Publish(context.WithoutCancel(ctx), cart.TopicCart, o.CartID)
	}
}

// CanSee tells whether the viewer may see an order (loaded with its
// gallery): the buyer's confirmed e-mail or browser, or the gallery's
// photographer.
func CanSee(ctx context.Context, o *ent.Order) bool {
	v := viewer.FromContext(ctx)
	switch {
	case v.System:
		return true
	case v.PhotographerID != "" && o.Edges.Gallery != nil && o.Edges.Gallery.PhotographerID == v.PhotographerID:
		return true
	case v.Email != "" && v.Email == o.Email:
		return true
	case v.SessionKey != "" && o.SessionKey != "" && v.SessionKey == o.SessionKey:
		return true
	}
	return false
}

// IsPhotographer tells whether the viewer is the order's photographer.
func IsPhotographer(ctx context.Context, o *ent.Order) bool {
	v := viewer.FromContext(ctx)
	return v.System || (v.PhotographerID != "" && o.Edges.Gallery != nil && o.Edges.Gallery.PhotographerID == v.PhotographerID)
}

// Get answers an order the viewer may see.
func (s *Service) Get(ctx context.Context, id string) (*ent.Order, error) {
	o, err := s.DB.Order.Query().Where(order.ID(id)).WithGallery().Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return nil, ErrOrderNotFound
	}
	if err != nil {
		return nil, err
	}
	if !CanSee(ctx, o) {
		return nil, ErrOrderNotFound
	}
	return o, nil
}

// Payable tells whether a new payment attempt may start for the order.
func (s *Service) Payable(o *ent.Order) bool {
	switch o.Status {
	case order.StatusAwaitingPayment, order.StatusPaymentError:
		return o.ExpiresAt == nil || s.now().Before(*o.ExpiresAt)
	}
	return false
}
