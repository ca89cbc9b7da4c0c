// Package payments talks to payment providers: Stripe for card and
// Bancontact in production (package payments/stripe), and the built-in test
// provider of the embedded default (Test), whose local page lets the buyer
// choose success, failure or pending.
//
// A provider does three things for internal/orders: it opens a checkout
// (the page where the buyer pays) for one payment attempt, it turns the
// webhook requests it sends into verified Events, and it refunds. The order
// side never trusts the buyer's return to the site: only a verified event
// (or a provider lookup) changes a payment's status.
package payments

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Method is how the buyer pays.
type Method string

// The methods.
const (
	Card       Method = "card"
	Bancontact Method = "bancontact"
)

// Status is a payment attempt's state at the provider.
type Status string

// The statuses an Event reports.
const (
	// Processing: the buyer finished and the provider waits for the bank
	// (Bancontact and other asynchronous methods).
	Processing Status = "processing"
	Succeeded  Status = "succeeded"
	// Failed covers refused, cancelled and expired attempts.
	Failed Status = "failed"
	// Refunded: the money went back (a refund made elsewhere too).
	Refunded Status = "refunded"
)

// CheckoutInput opens one payment attempt.
type CheckoutInput struct {
	// PaymentID is our attempt's id: the provider's idempotency key and
	// the reference its events carry back.
	PaymentID   string
	OrderID     string
	OrderNumber string
	// Amount in cents, VAT included.
	Amount   int64
	Currency string // "EUR"
	Method   Method
	Email    string
	// Description is shown on the provider's page ("Commande 10042 ...").
	Description string
	// SuccessURL and CancelURL are absolute; the buyer comes back there.
	SuccessURL string
	CancelURL  string
	// ExpiresAt: after it the attempt can no longer be paid.
	ExpiresAt time.Time
}

// Checkout is an opened attempt.
type Checkout struct {
	// Ref is the provider's reference of the attempt.
	Ref string
	// RedirectURL is where the buyer pays.
	RedirectURL string
}

// Event is a verified provider notification about one attempt.
type Event struct {
	// ID is the provider's event id: an event is applied once.
	ID   string `json:"id"`
	Type string `json:"type"`
	// PaymentID is our attempt's id, as given in CheckoutInput.
	PaymentID string `json:"paymentId"`
	// Ref is the provider's reference of the attempt, when known.
	Ref    string `json:"ref,omitempty"`
	Status Status `json:"status"`
	// Amount in cents, when the event carries it.
	Amount int64 `json:"amount,omitempty"`
	// Reason says why an attempt failed, for the photographer.
	Reason  string    `json:"reason,omitempty"`
	Created time.Time `json:"created"`
}

// Provider is a payment provider.
type Provider interface {
	// Name is the provider's stable name ("stripe", "test"), stored with
	// each payment and used in the webhook address.
	Name() string
	// Methods are the methods it offers.
	Methods() []Method
	// CreateCheckout opens an attempt. Calling it again with the same
	// PaymentID must not open a second one.
	CreateCheckout(ctx context.Context, in CheckoutInput) (Checkout, error)
	// Lookup asks the provider where an attempt stands, for a buyer who
	// came back before the webhook; ok is false while nothing is settled.
	Lookup(ctx context.Context, ref string) (ev Event, ok bool, err error)
	// Cancel closes an attempt that is no longer wanted (best effort).
	Cancel(ctx context.Context, ref string) error
	// Refund gives amount (cents: the whole of a succeeded attempt, or a
	// part, as internal/orders' partial refunds ask) back and returns the
	// refund's reference. idempotencyKey makes a retry safe.
	Refund(ctx context.Context, ref string, amount int64, idempotencyKey string) (string, error)
	// ParseWebhook verifies a webhook request's signature and reads it.
	// It returns (nil, nil) for an authentic event of a kind that does not
	// concern payments, and ErrBadSignature for anything unauthentic.
	ParseWebhook(payload []byte, header http.Header) (*Event, error)
}

// Errors.
var (
	// ErrBadSignature: the webhook request is not from the provider.
	ErrBadSignature = errors.New("payments: bad webhook signature")
	// ErrUnavailable: the provider could not be reached or refused; the
	// buyer may try again.
	ErrUnavailable = errors.New("payments: provider unavailable")
)
