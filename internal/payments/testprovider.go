package payments

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/studio/gallery/internal/ids"
)

// Test is the built-in test provider of the embedded default. Its checkout
// is a page of the site itself (/pay/test/{paymentId}) where the buyer
// chooses the outcome: success, failure, or pending (then settled later
// from the same page). Choosing sends a webhook event signed like a real
// provider's, which goes through the same handling as Stripe's.
type Test struct {
	// Secret signs the events.
	Secret []byte
	// PublicURL is the site's address, for the page's address.
	PublicURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// TestSignatureHeader carries a test event's signature: "t=<unix>,v1=<hex hmac>".
const TestSignatureHeader = "Test-Signature"

// testTolerance bounds how old a signed event may be.
const testTolerance = 5 * time.Minute

func (t *Test) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// Name is "test".
func (t *Test) Name() string { return "test" }

// Methods offers card and Bancontact.
func (t *Test) Methods() []Method { return []Method{Card, Bancontact} }

// CreateCheckout answers the local payment page of the attempt.
func (t *Test) CreateCheckout(_ context.Context, in CheckoutInput) (Checkout, error) {
	if in.PaymentID == "" || in.Amount <= 0 {
		return Checkout{}, fmt.Errorf("payments: test checkout: bad input")
	}
	q := url.Values{"return": {in.SuccessURL}, "cancel": {in.CancelURL}}
	return Checkout{Ref: "test_" + in.PaymentID,
		RedirectURL: strings.TrimRight(t.PublicURL, "/") + "/pay/test/" + url.PathEscape(in.PaymentID) + "?" + q.Encode()}, nil
}

// Lookup knows nothing the events did not say.
func (t *Test) Lookup(context.Context, string) (Event, bool, error) { return Event{}, false, nil }

// Cancel has no page to close: the page asks the order whether it is payable.
func (t *Test) Cancel(context.Context, string) error { return nil }

// Refund always succeeds.
func (t *Test) Refund(_ context.Context, ref string, _ int64, key string) (string, error) {
	return "test_re_" + strings.TrimPrefix(key, "refund-"), nil
}

// Event builds a signed event for an attempt, as the test page sends it.
func (t *Test) Event(paymentID string, status Status, reason string) ([]byte, http.Header, error) {
	ev := Event{ID: "evt_test_" + ids.Token(12), Type: "test.payment." + string(status), PaymentID: paymentID,
		Ref: "test_" + paymentID, Status: status, Reason: reason, Created: t.now().UTC()}
	payload, err := json.Marshal(ev)
	if err != nil {
		return nil, nil, err
	}
	h := http.Header{}
	h.Set(TestSignatureHeader, t.sign(payload, t.now()))
	return payload, h, nil
}

func (t *Test) sign(payload []byte, at time.Time) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	m := hmac.New(sha256.New, t.Secret)
	m.Write([]byte(ts + "."))
	m.Write(payload)
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

// ParseWebhook verifies a test event's signature and age.
func (t *Test) ParseWebhook(payload []byte, header http.Header) (*Event, error) {
	sig := header.Get(TestSignatureHeader)
	var ts, v1 string
	for _, part := range strings.Split(sig, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			v1 = v
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(t.Secret) == 0 {
		return nil, ErrBadSignature
	}
	at := time.Unix(sec, 0)
	if d := t.now().Sub(at); d > testTolerance || d < -testTolerance {
		return nil, fmt.Errorf("%w: too old", ErrBadSignature)
	}
	want := t.sign(payload, at)
	if !hmac.Equal([]byte(want), []byte("t="+ts+",v1="+v1)) {
		return nil, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, fmt.Errorf("payments: test event: %w", err)
	}
	if ev.ID == "" || ev.PaymentID == "" {
		return nil, fmt.Errorf("payments: test event without id")
	}
	return &ev, nil
}
