// Package stripe is the Stripe payment provider: card and Bancontact through
// hosted Checkout Sessions, verified webhooks and refunds.
//
// # Setting up the Stripe account
//
//   - Currency: the shop charges in EUR; Bancontact only exists in EUR.
//   - Payment methods: enable Cards and Bancontact under Settings → Payments →
//     Payment methods (test mode and live mode separately). The checkout asks
//     for exactly one method ([payments.Card] or [payments.Bancontact]), so a
//     method that is not enabled makes CreateCheckout fail.
//   - Keys: the secret key (sk_live_… or sk_test_…) goes into Config.SecretKey.
//     A restricted key with write access to Checkout Sessions and Refunds is
//     enough.
//   - Webhook: add an endpoint at <public URL>/api/payments/webhook/stripe
//     listening to
//     checkout.session.completed,
//     checkout.session.async_payment_succeeded,
//     checkout.session.async_payment_failed,
//     checkout.session.expired,
//     payment_intent.payment_failed and
//     charge.refunded,
//     and put its signing secret (whsec_…) into Config.WebhookSecret. The
//     endpoint's API version may differ from stripe-go's: only fields that are
//     stable across versions are read.
//
// # References
//
// A payment attempt's Ref is the Checkout Session id (cs_…). Session events
// carry it; payment_intent.payment_failed and charge.refunded only know the
// PaymentIntent (pi_…), so their Event.Ref is the intent id and the order side
// must find the payment by Event.PaymentID. CreateCheckout puts our payment_id
// in the metadata of the session and of its PaymentIntent, so an intent event
// always has it (one without it is not ours and is ignored). A charge has it
// only if Stripe copied the intent's metadata onto the charge when creating
// it; when it did not, a charge.refunded Event has an empty PaymentID and only
// the intent id to go by.
//
// A payment_intent.payment_failed event is sent for each refused try inside a
// session that stays open: the buyer may still pay with another card in the
// same session, so a later Succeeded for the same payment must win over it.
package stripe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	stripego "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/studio/gallery/internal/payments"
)

// Config configures the provider.
type Config struct {
	SecretKey     string // sk_...
	WebhookSecret string // whsec_...
	// APIURL overrides the API address (stripe-mock in tests); empty means Stripe's.
	APIURL string
	// HTTPClient is optional; stripe-go's default has an 80 s timeout.
	HTTPClient *http.Client
}

// Stripe only accepts a session's expires_at between 30 minutes and 24 hours
// after its creation; the margins absorb clock skew and request latency.
const (
	minExpiry = 30*time.Minute + time.Minute
	maxExpiry = 24*time.Hour - time.Minute
)

// Provider implements payments.Provider with Stripe Checkout.
type Provider struct {
	sc            *stripego.Client
	webhookSecret string
	now           func() time.Time
}

var _ payments.Provider = (*Provider)(nil)

// New returns a provider; both secrets are required.
func New(cfg Config) (*Provider, error) {
	if cfg.SecretKey == "" {
		return nil, errors.New("stripe: the secret key is missing")
	}
	if cfg.WebhookSecret == "" {
		return nil, errors.New("stripe: the webhook signing secret is missing")
	}
	bc := &stripego.BackendConfig{
		HTTPClient: cfg.HTTPClient,
		// Errors reach the caller, which logs them; stripe-go's own logger
		// would print them a second time on stderr.
		LeveledLogger: &stripego.LeveledLogger{Level: stripego.LevelNull},
	}
	if cfg.APIURL != "" {
		bc.URL = stripego.String(cfg.APIURL)
	}
	return &Provider{
		sc:            stripego.NewClient(cfg.SecretKey, stripego.WithBackends(stripego.NewBackendsWithConfig(bc))),
		webhookSecret: cfg.WebhookSecret,
		now:           time.Now,
	}, nil
}

// Name returns "stripe".
func (p *Provider) Name() string { return "stripe" }

// Methods returns card and Bancontact.
func (p *Provider) Methods() []payments.Method {
	return []payments.Method{payments.Card, payments.Bancontact}
}

// CreateCheckout opens a Checkout Session. The idempotency key
// "checkout-<PaymentID>" makes a retry return the same session (Stripe keeps
// keys for 24 hours, longer than a session lives).
func (p *Provider) CreateCheckout(ctx context.Context, in payments.CheckoutInput) (payments.Checkout, error) {
	var pmType string
	switch in.Method {
	case payments.Card:
		pmType = "card"
	case payments.Bancontact:
		pmType = "bancontact"
	default:
		return payments.Checkout{}, fmt.Errorf("stripe: create checkout for payment %s: unsupported method %q", in.PaymentID, in.Method)
	}
	if in.PaymentID == "" {
		return payments.Checkout{}, errors.New("stripe: create checkout: the payment id is missing")
	}
	if in.Amount <= 0 {
		return payments.Checkout{}, fmt.Errorf("stripe: create checkout for payment %s: amount %d is not positive", in.PaymentID, in.Amount)
	}
	currency := strings.ToLower(in.Currency)
	if currency == "" {
		currency = "eur"
	}
	name := in.Description
	if name == "" {
		name = "Commande " + in.OrderNumber
	}
	meta := map[string]string{
		"payment_id":   in.PaymentID,
		"order_id":     in.OrderID,
		"order_number": in.OrderNumber,
	}
	params := &stripego.CheckoutSessionCreateParams{
		Mode: stripego.String(string(stripego.CheckoutSessionModePayment)),
		LineItems: []*stripego.CheckoutSessionCreateLineItemParams{{
			PriceData: &stripego.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripego.String(currency),
				UnitAmount:  stripego.Int64(in.Amount),
				ProductData: &stripego.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripego.String(name)},
			},
			Quantity: stripego.Int64(1),
		}},
		PaymentMethodTypes: []*string{stripego.String(pmType)},
		ClientReferenceID:  stripego.String(in.PaymentID),
		Metadata:           meta,
		PaymentIntentData: &stripego.CheckoutSessionCreatePaymentIntentDataParams{
			Metadata: meta,
		},
		SuccessURL: stripego.String(in.SuccessURL),
		CancelURL:  stripego.String(in.CancelURL),
		Locale:     stripego.String("fr"),
	}
	if in.Email != "" {
		params.CustomerEmail = stripego.String(in.Email)
	}
	if !in.ExpiresAt.IsZero() {
		params.ExpiresAt = stripego.Int64(clampExpiry(p.now(), in.ExpiresAt).Unix())
	}
	params.SetIdempotencyKey("checkout-" + in.PaymentID)

	s, err := p.sc.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return payments.Checkout{}, unavailable("create checkout for payment "+in.PaymentID, err)
	}
	return payments.Checkout{Ref: s.ID, RedirectURL: s.URL}, nil
}

// clampExpiry keeps an expiry inside the window Stripe accepts.
func clampExpiry(now, at time.Time) time.Time {
	if lo := now.Add(minExpiry); at.Before(lo) {
		return lo
	}
	if hi := now.Add(maxExpiry); at.After(hi) {
		return hi
	}
	return at
}

// Lookup retrieves the session and reports a settled state: paid (Succeeded),
// completed but waiting for the bank (Processing) or expired (Failed).
func (p *Provider) Lookup(ctx context.Context, ref string) (payments.Event, bool, error) {
	s, err := p.sc.V1CheckoutSessions.Retrieve(ctx, ref, nil)
	if err != nil {
		return payments.Event{}, false, unavailable("look up session "+ref, err)
	}
	ev := payments.Event{
		Type:      "checkout.session.lookup",
		PaymentID: sessionPaymentID(s),
		Ref:       s.ID,
		Amount:    s.AmountTotal,
		Created:   p.now().UTC(),
	}
	switch {
	case s.PaymentStatus == stripego.CheckoutSessionPaymentStatusPaid,
		s.PaymentStatus == stripego.CheckoutSessionPaymentStatusNoPaymentRequired:
		ev.Status = payments.Succeeded
	case s.Status == stripego.CheckoutSessionStatusExpired:
		ev.Status, ev.Reason = payments.Failed, "expired"
	case s.Status == stripego.CheckoutSessionStatusComplete:
		ev.Status = payments.Processing
	default:
		return payments.Event{}, false, nil
	}
	return ev, true, nil
}

// Cancel expires the session. A session that is already expired or complete
// cannot be expired, which is what the caller wanted anyway.
func (p *Provider) Cancel(ctx context.Context, ref string) error {
	_, err := p.sc.V1CheckoutSessions.Expire(ctx, ref, nil)
	if err == nil {
		return nil
	}
	// Stripe answers a session that is not open with a 400 whose code is not
	// documented; asking for the session's state is the reliable way to tell
	// that case from a real failure.
	s, rerr := p.sc.V1CheckoutSessions.Retrieve(ctx, ref, nil)
	if rerr == nil && (s.Status == stripego.CheckoutSessionStatusExpired || s.Status == stripego.CheckoutSessionStatusComplete) {
		return nil
	}
	return unavailable("expire session "+ref, err)
}

// Refund refunds amount of the session's PaymentIntent. Without a key,
// "refund-<ref>" is used: one full refund per session.
func (p *Provider) Refund(ctx context.Context, ref string, amount int64, idempotencyKey string) (string, error) {
	s, err := p.sc.V1CheckoutSessions.Retrieve(ctx, ref, nil)
	if err != nil {
		return "", unavailable("refund session "+ref, err)
	}
	if s.PaymentIntent == nil || s.PaymentIntent.ID == "" {
		// Nothing was paid through this session: retrying will not help.
		return "", fmt.Errorf("stripe: refund session %s: the session has no payment", ref)
	}
	if idempotencyKey == "" {
		idempotencyKey = "refund-" + ref
	}
	params := &stripego.RefundCreateParams{
		PaymentIntent: stripego.String(s.PaymentIntent.ID),
		Amount:        stripego.Int64(amount),
	}
	if id := sessionPaymentID(s); id != "" {
		params.Metadata = map[string]string{"payment_id": id}
	}
	params.SetIdempotencyKey(idempotencyKey)
	r, err := p.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", unavailable("refund session "+ref, err)
	}
	return r.ID, nil
}

// ParseWebhook verifies the Stripe-Signature header and maps the event.
func (p *Provider) ParseWebhook(payload []byte, header http.Header) (*payments.Event, error) {
	se, err := webhook.ConstructEventWithOptions(payload, header.Get("Stripe-Signature"), p.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		if errors.Is(err, webhook.ErrNotSigned) || errors.Is(err, webhook.ErrInvalidHeader) ||
			errors.Is(err, webhook.ErrNoValidSignature) || errors.Is(err, webhook.ErrTooOld) {
			return nil, fmt.Errorf("stripe: webhook: %w: %w", payments.ErrBadSignature, err)
		}
		// Authentic but unreadable.
		return nil, fmt.Errorf("stripe: webhook: %w", err)
	}
	if se.Data == nil {
		return nil, fmt.Errorf("stripe: webhook %s (%s): no data", se.ID, se.Type)
	}
	ev := &payments.Event{
		ID:      se.ID,
		Type:    string(se.Type),
		Created: time.Unix(se.Created, 0).UTC(),
	}
	decode := func(v any) error {
		if err := json.Unmarshal(se.Data.Raw, v); err != nil {
			return fmt.Errorf("stripe: webhook %s (%s): %w", se.ID, se.Type, err)
		}
		return nil
	}

	switch se.Type {
	case stripego.EventTypeCheckoutSessionCompleted,
		stripego.EventTypeCheckoutSessionAsyncPaymentSucceeded,
		stripego.EventTypeCheckoutSessionAsyncPaymentFailed,
		stripego.EventTypeCheckoutSessionExpired:
		var s stripego.CheckoutSession
		if err := decode(&s); err != nil {
			return nil, err
		}
		ev.PaymentID, ev.Ref, ev.Amount = sessionPaymentID(&s), s.ID, s.AmountTotal
		switch se.Type {
		case stripego.EventTypeCheckoutSessionCompleted:
			switch s.PaymentStatus {
			case stripego.CheckoutSessionPaymentStatusPaid, stripego.CheckoutSessionPaymentStatusNoPaymentRequired:
				ev.Status = payments.Succeeded
			case stripego.CheckoutSessionPaymentStatusUnpaid:
				ev.Status = payments.Processing
			default:
				return nil, nil
			}
		case stripego.EventTypeCheckoutSessionAsyncPaymentSucceeded:
			ev.Status = payments.Succeeded
		case stripego.EventTypeCheckoutSessionAsyncPaymentFailed:
			ev.Status, ev.Reason = payments.Failed, "async_payment_failed"
		case stripego.EventTypeCheckoutSessionExpired:
			ev.Status, ev.Reason = payments.Failed, "expired"
		}

	case stripego.EventTypePaymentIntentPaymentFailed:
		var pi stripego.PaymentIntent
		if err := decode(&pi); err != nil {
			return nil, err
		}
		ev.PaymentID = pi.Metadata["payment_id"]
		if ev.PaymentID == "" {
			return nil, nil // not opened by this shop
		}
		ev.Ref, ev.Amount, ev.Status = pi.ID, pi.Amount, payments.Failed
		if e := pi.LastPaymentError; e != nil {
			ev.Reason = string(e.Code)
			if ev.Reason == "" {
				ev.Reason = e.Msg
			}
		}

	case stripego.EventTypeChargeRefunded:
		var ch stripego.Charge
		if err := decode(&ch); err != nil {
			return nil, err
		}
		// charge.refunded is sent for partial refunds too; only a charge
		// refunded in full makes the payment Refunded.
		if !ch.Refunded {
			return nil, nil
		}
		ev.PaymentID, ev.Amount, ev.Status = ch.Metadata["payment_id"], ch.Amount, payments.Refunded
		if ch.PaymentIntent != nil {
			ev.Ref = ch.PaymentIntent.ID
		}

	default:
		return nil, nil
	}
	return ev, nil
}

// sessionPaymentID is our payment id as CreateCheckout stored it.
func sessionPaymentID(s *stripego.CheckoutSession) string {
	if s.ClientReferenceID != "" {
		return s.ClientReferenceID
	}
	return s.Metadata["payment_id"]
}

// apiError shows a Stripe API error briefly (stripe-go's Error() is the whole
// JSON object) and keeps it reachable with errors.As.
type apiError struct{ err *stripego.Error }

func (e apiError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "stripe %s", e.err.Type)
	if e.err.Code != "" {
		fmt.Fprintf(&b, " %s", e.err.Code)
	}
	if e.err.DeclineCode != "" {
		fmt.Fprintf(&b, " (%s)", e.err.DeclineCode)
	}
	if e.err.HTTPStatusCode != 0 {
		fmt.Fprintf(&b, " status %d", e.err.HTTPStatusCode)
	}
	if e.err.Param != "" {
		fmt.Fprintf(&b, " param %s", e.err.Param)
	}
	if e.err.RequestID != "" {
		fmt.Fprintf(&b, " request %s", e.err.RequestID)
	}
	if e.err.Msg != "" {
		fmt.Fprintf(&b, ": %s", e.err.Msg)
	}
	return b.String()
}

func (e apiError) Unwrap() error { return e.err }

// unavailable wraps a failed API call in payments.ErrUnavailable.
func unavailable(op string, err error) error {
	var se *stripego.Error
	if errors.As(err, &se) {
		err = apiError{se}
	}
	return fmt.Errorf("stripe: %s: %w: %w", op, payments.ErrUnavailable, err)
}
