package stripe_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	stripego "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/payments/stripe"
	"github.com/studio/gallery/internal/payments/stripemock"
)

const webhookSecret = "whsec_test_secret"

// recorder keeps the requests stripe-go sends, to check the parameters that
// stripe-mock accepts but does not echo back.
type recorder struct {
	mu   sync.Mutex
	reqs []recorded
}

type recorded struct {
	method, path   string
	idempotencyKey string
	form           url.Values
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := recorded{method: req.Method, path: req.URL.Path, idempotencyKey: req.Header.Get("Idempotency-Key")}
	if req.Body != nil {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(body))
		rec.form, _ = url.ParseQuery(string(body))
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, rec)
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func (r *recorder) last(t *testing.T) recorded {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) == 0 {
		t.Fatal("no request was sent")
	}
	return r.reqs[len(r.reqs)-1]
}

func newProvider(t *testing.T) (*stripe.Provider, *recorder) {
	t.Helper()
	rec := &recorder{}
	p, err := stripe.New(stripe.Config{
		SecretKey:     "sk_test_123",
		WebhookSecret: webhookSecret,
		APIURL:        stripemock.Start(t),
		HTTPClient:    &http.Client{Transport: rec, Timeout: 10 * time.Second},
	})
	if err != nil {
		t.Fatal(err)
	}
	return p, rec
}

func TestNewNeedsSecrets(t *testing.T) {
	for _, cfg := range []stripe.Config{{WebhookSecret: "whsec_x"}, {SecretKey: "sk_test_x"}} {
		if _, err := stripe.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted a missing secret", cfg)
		}
	}
}

func TestNameAndMethods(t *testing.T) {
	p, err := stripe.New(stripe.Config{SecretKey: "sk_test_x", WebhookSecret: webhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	if p.Name() != "stripe" {
		t.Errorf("Name() = %q", p.Name())
	}
	if got := p.Methods(); len(got) != 2 || got[0] != payments.Card || got[1] != payments.Bancontact {
		t.Errorf("Methods() = %v", got)
	}
}

// TestAPI runs the real stripe-go client against stripe-mock, which checks
// every request against Stripe's OpenAPI spec: a misspelt or misplaced
// parameter fails here.
func TestAPI(t *testing.T) {
	t.Parallel()
	p, rec := newProvider(t)
	ctx := context.Background()

	for _, tc := range []struct {
		method    payments.Method
		expiresIn time.Duration
		// wantExpiresIn is the expiry sent, after clamping to Stripe's window.
		wantExpiresIn time.Duration
	}{
		{payments.Card, 2 * time.Hour, 2 * time.Hour},
		{payments.Bancontact, 5 * time.Minute, 31 * time.Minute},
		{payments.Card, 72 * time.Hour, 24*time.Hour - time.Minute},
	} {
		t.Run("CreateCheckout/"+string(tc.method)+"/"+tc.expiresIn.String(), func(t *testing.T) {
			in := payments.CheckoutInput{
				PaymentID:   "pay_" + string(tc.method) + tc.expiresIn.String(),
				OrderID:     "ord_1",
				OrderNumber: "10042",
				Amount:      1250,
				Currency:    "EUR",
				Method:      tc.method,
				Email:       "client@example.be",
				Description: "Commande 10042 — Mariage Dupont",
				SuccessURL:  "https://galerie.example/commande/10042?paiement=ok",
				CancelURL:   "https://galerie.example/commande/10042",
				ExpiresAt:   time.Now().Add(tc.expiresIn),
			}
			co, err := p.CreateCheckout(ctx, in)
			if err != nil {
				t.Fatalf("CreateCheckout: %v", err)
			}
			if !strings.HasPrefix(co.Ref, "cs_") || !strings.HasPrefix(co.RedirectURL, "https://") {
				t.Errorf("CreateCheckout = %+v", co)
			}

			r := rec.last(t)
			if r.method != http.MethodPost || r.path != "/v1/checkout/sessions" {
				t.Fatalf("request %s %s", r.method, r.path)
			}
			if r.idempotencyKey != "checkout-"+in.PaymentID {
				t.Errorf("Idempotency-Key = %q", r.idempotencyKey)
			}
			want := map[string]string{
				"mode":                                          "payment",
				"line_items[0][price_data][currency]":           "eur",
				"line_items[0][price_data][unit_amount]":        "1250",
				"line_items[0][price_data][product_data][name]": in.Description,
				"line_items[0][quantity]":                       "1",
				"payment_method_types[0]":                       string(tc.method),
				"customer_email":                                in.Email,
				"client_reference_id":                           in.PaymentID,
				"metadata[payment_id]":                          in.PaymentID,
				"metadata[order_id]":                            "ord_1",
				"metadata[order_number]":                        "10042",
				"payment_intent_data[metadata][payment_id]":     in.PaymentID,
				"payment_intent_data[metadata][order_id]":       "ord_1",
				"payment_intent_data[metadata][order_number]":   "10042",
				"success_url":                                   in.SuccessURL,
				"cancel_url":                                    in.CancelURL,
				"locale":                                        "fr",
			}
			for k, v := range want {
				if got := r.form.Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			if n := len(r.form["payment_method_types[0]"]) + len(r.form["payment_method_types[1]"]); n != 1 {
				t.Errorf("payment_method_types: %v", r.form)
			}
			exp, err := strconv.ParseInt(r.form.Get("expires_at"), 10, 64)
			if err != nil {
				t.Fatalf("expires_at: %v", err)
			}
			if d := time.Until(time.Unix(exp, 0)) - tc.wantExpiresIn; d < -5*time.Second || d > 5*time.Second {
				t.Errorf("expires_at is %v from now, want %v", time.Until(time.Unix(exp, 0)), tc.wantExpiresIn)
			}
		})
	}

	t.Run("CreateCheckout/unknown method", func(t *testing.T) {
		_, err := p.CreateCheckout(ctx, payments.CheckoutInput{PaymentID: "pay_x", Amount: 100, Method: "ideal"})
		if err == nil || errors.Is(err, payments.ErrUnavailable) {
			t.Errorf("err = %v, want a plain error", err)
		}
	})

	t.Run("Lookup", func(t *testing.T) {
		// stripe-mock's session fixture is open and unpaid: nothing settled.
		ev, ok, err := p.Lookup(ctx, "cs_test_123")
		if err != nil || ok {
			t.Errorf("Lookup = %+v, %v, %v; want not settled", ev, ok, err)
		}
		if r := rec.last(t); r.method != http.MethodGet || r.path != "/v1/checkout/sessions/cs_test_123" {
			t.Errorf("request %s %s", r.method, r.path)
		}
	})

	t.Run("Cancel", func(t *testing.T) {
		if err := p.Cancel(ctx, "cs_test_123"); err != nil {
			t.Fatalf("Cancel: %v", err)
		}
		if r := rec.last(t); r.method != http.MethodPost || r.path != "/v1/checkout/sessions/cs_test_123/expire" {
			t.Errorf("request %s %s", r.method, r.path)
		}
	})

	t.Run("Refund", func(t *testing.T) {
		id, err := p.Refund(ctx, "cs_test_123", 1250, "refund-pay_1")
		if err != nil {
			t.Fatalf("Refund: %v", err)
		}
		if !strings.HasPrefix(id, "re_") {
			t.Errorf("refund id %q", id)
		}
		r := rec.last(t)
		if r.path != "/v1/refunds" || r.idempotencyKey != "refund-pay_1" || r.form.Get("amount") != "1250" ||
			!strings.HasPrefix(r.form.Get("payment_intent"), "pi_") {
			t.Errorf("refund request %+v", r)
		}
	})
}

func TestAPIErrorsAreUnavailable(t *testing.T) {
	t.Parallel()
	base := stripemock.Start(t)
	ctx := context.Background()

	t.Run("refused by the API", func(t *testing.T) {
		// stripe-mock refuses a request without a valid key with a 401.
		p, err := stripe.New(stripe.Config{SecretKey: "not-a-key", WebhookSecret: webhookSecret, APIURL: base})
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.CreateCheckout(ctx, payments.CheckoutInput{PaymentID: "pay_1", Amount: 100, Method: payments.Card,
			SuccessURL: "https://x/ok", CancelURL: "https://x/ko"})
		if !errors.Is(err, payments.ErrUnavailable) {
			t.Fatalf("err = %v, want ErrUnavailable", err)
		}
		var se *stripego.Error
		if !errors.As(err, &se) {
			t.Errorf("err = %v does not hold the *stripe.Error", err)
		}
		t.Logf("error message: %v", err)
		if strings.Contains(err.Error(), "{") {
			t.Errorf("message holds raw JSON: %v", err)
		}
	})

	t.Run("network", func(t *testing.T) {
		p, err := stripe.New(stripe.Config{SecretKey: "sk_test_123", WebhookSecret: webhookSecret,
			APIURL: "http://127.0.0.1:1", HTTPClient: &http.Client{Timeout: time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		// One call only: stripe-go retries twice with a back-off (about 1.5 s).
		if _, _, err := p.Lookup(ctx, "cs_test_123"); !errors.Is(err, payments.ErrUnavailable) {
			t.Errorf("Lookup err = %v, want ErrUnavailable", err)
		}
	})
}

// fakeSessions serves sessions in states stripe-mock cannot produce: GET
// returns session(status, paymentStatus); POST .../expire fails as Stripe
// does for a session that is no longer open.
func fakeSessions(t *testing.T, status, paymentStatus string) *stripe.Provider {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/v1/checkout/sessions/cs_test_a1":
			_ = json.NewEncoder(w).Encode(session(status, paymentStatus))
		case r.Method == http.MethodPost && r.URL.Path == "/v1/checkout/sessions/cs_test_a1/expire":
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":{"type":"invalid_request_error","message":"Only Checkout Sessions with a status in [\"open\"] can be expired."}}`)
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such checkout.session"}}`)
		}
	}))
	t.Cleanup(srv.Close)
	p, err := stripe.New(stripe.Config{SecretKey: "sk_test_123", WebhookSecret: webhookSecret, APIURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLookupStates(t *testing.T) {
	for _, tc := range []struct {
		status, paymentStatus string
		want                  payments.Status // "": not settled
		reason                string
	}{
		{"open", "unpaid", "", ""},
		{"complete", "paid", payments.Succeeded, ""},
		{"complete", "no_payment_required", payments.Succeeded, ""},
		{"complete", "unpaid", payments.Processing, ""},
		{"expired", "unpaid", payments.Failed, "expired"},
	} {
		t.Run(tc.status+"/"+tc.paymentStatus, func(t *testing.T) {
			p := fakeSessions(t, tc.status, tc.paymentStatus)
			ev, ok, err := p.Lookup(context.Background(), "cs_test_a1")
			if err != nil {
				t.Fatal(err)
			}
			if ok != (tc.want != "") {
				t.Fatalf("Lookup ok = %v, event %+v", ok, ev)
			}
			if !ok {
				return
			}
			if ev.ID != "" || ev.PaymentID != "pay_1" || ev.Ref != "cs_test_a1" || ev.Amount != 1250 ||
				ev.Status != tc.want || ev.Reason != tc.reason || ev.Created.IsZero() {
				t.Errorf("Lookup = %+v", ev)
			}
		})
	}
}

func TestCancel(t *testing.T) {
	ctx := context.Background()
	for _, status := range []string{"expired", "complete"} {
		if err := fakeSessions(t, status, "unpaid").Cancel(ctx, "cs_test_a1"); err != nil {
			t.Errorf("Cancel of a %s session: %v", status, err)
		}
	}
	if err := fakeSessions(t, "open", "unpaid").Cancel(ctx, "cs_test_a1"); !errors.Is(err, payments.ErrUnavailable) {
		t.Errorf("Cancel whose expire fails on an open session: %v, want ErrUnavailable", err)
	}
	if err := fakeSessions(t, "open", "unpaid").Cancel(ctx, "cs_missing"); !errors.Is(err, payments.ErrUnavailable) {
		t.Errorf("Cancel of a missing session: %v, want ErrUnavailable", err)
	}
}

// event builds a webhook body the way Stripe sends it.
func event(t *testing.T, typ string, object map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"id":               "evt_" + strings.ReplaceAll(typ, ".", "_"),
		"object":           "event",
		"api_version":      "2024-06-20", // older than stripe-go's: must be accepted
		"created":          1767261600,
		"livemode":         false,
		"pending_webhooks": 1,
		"request":          map[string]any{"id": nil, "idempotency_key": nil},
		"type":             typ,
		"data":             map[string]any{"object": object},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func session(status, paymentStatus string) map[string]any {
	return map[string]any{
		"id":                   "cs_test_a1",
		"object":               "checkout.session",
		"amount_total":         1250,
		"currency":             "eur",
		"client_reference_id":  "pay_1",
		"metadata":             map[string]any{"payment_id": "pay_1", "order_id": "ord_1", "order_number": "10042"},
		"mode":                 "payment",
		"payment_intent":       "pi_1",
		"payment_method_types": []string{"bancontact"},
		"payment_status":       paymentStatus,
		"status":               status,
	}
}

func intent(meta map[string]any) map[string]any {
	return map[string]any{
		"id":       "pi_1",
		"object":   "payment_intent",
		"amount":   1250,
		"currency": "eur",
		"metadata": meta,
		"status":   "requires_payment_method",
		"last_payment_error": map[string]any{
			"type":         "card_error",
			"code":         "card_declined",
			"decline_code": "insufficient_funds",
			"message":      "Your card has insufficient funds.",
		},
	}
}

func charge(refunded bool, amountRefunded int64) map[string]any {
	return map[string]any{
		"id":              "ch_1",
		"object":          "charge",
		"amount":          1250,
		"amount_refunded": amountRefunded,
		"currency":        "eur",
		"metadata":        map[string]any{"payment_id": "pay_1"},
		"payment_intent":  "pi_1",
		"refunded":        refunded,
		"status":          "succeeded",
	}
}

func signed(payload []byte, secret string, at time.Time) http.Header {
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at})
	h := http.Header{}
	h.Set("Stripe-Signature", sp.Header)
	return h
}

func TestParseWebhook(t *testing.T) {
	p, err := stripe.New(stripe.Config{SecretKey: "sk_test_123", WebhookSecret: webhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	created := time.Unix(1767261600, 0).UTC()
	noReason := intent(map[string]any{"payment_id": "pay_1"})
	noReason["last_payment_error"] = map[string]any{"type": "api_error", "message": "Bank unavailable"}

	for _, tc := range []struct {
		name   string
		typ    string
		object map[string]any
		want   *payments.Event // nil: ignored
	}{
		{"completed paid", "checkout.session.completed", session("complete", "paid"),
			&payments.Event{PaymentID: "pay_1", Ref: "cs_test_a1", Status: payments.Succeeded, Amount: 1250}},
		{"completed free", "checkout.session.completed", session("complete", "no_payment_required"),
			&payments.Event{PaymentID: "pay_1", Ref: "cs_test_a1", Status: payments.Succeeded, Amount: 1250}},
		{"completed unpaid", "checkout.session.completed", session("complete", "unpaid"),
			&payments.Event{PaymentID: "pay_1", Ref: "cs_test_a1", Status: payments.Processing, Amount: 1250}},
		{"async succeeded", "checkout.session.async_payment_succeeded", session("complete", "paid"),
			&payments.Event{PaymentID: "pay_1", Ref: "cs_test_a1", Status: payments.Succeeded, Amount: 1250}},
		{"async failed", "checkout.session.async_payment_failed", session("complete", "unpaid"),
			&payments.Event{PaymentID: "pay_1", Ref: "cs_test_a1", Status: payments.Failed, Amount: 1250, Reason: "async_payment_failed"}},
		{"expired", "checkout.session.expired", session("expired", "unpaid"),
			&payments.Event{PaymentID: "pay_1", Ref: "cs_test_a1", Status: payments.Failed, Amount: 1250, Reason: "expired"}},
		{"intent failed", "payment_intent.payment_failed", intent(map[string]any{"payment_id": "pay_1"}),
			&payments.Event{PaymentID: "pay_1", Ref: "pi_1", Status: payments.Failed, Amount: 1250, Reason: "card_declined"}},
		{"intent failed without code", "payment_intent.payment_failed", noReason,
			&payments.Event{PaymentID: "pay_1", Ref: "pi_1", Status: payments.Failed, Amount: 1250, Reason: "Bank unavailable"}},
		{"intent failed, not ours", "payment_intent.payment_failed", intent(map[string]any{}), nil},
		{"refunded", "charge.refunded", charge(true, 1250),
			&payments.Event{PaymentID: "pay_1", Ref: "pi_1", Status: payments.Refunded, Amount: 1250}},
		{"partly refunded", "charge.refunded", charge(false, 300), nil},
		{"unrelated", "customer.created", map[string]any{"id": "cus_1", "object": "customer"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := event(t, tc.typ, tc.object)
			got, err := p.ParseWebhook(body, signed(body, webhookSecret, time.Now()))
			if err != nil {
				t.Fatalf("ParseWebhook: %v", err)
			}
			if tc.want == nil {
				if got != nil {
					t.Fatalf("ParseWebhook = %+v, want nil", got)
				}
				return
			}
			if got == nil {
				t.Fatal("ParseWebhook = nil")
			}
			want := *tc.want
			want.ID, want.Type, want.Created = "evt_"+strings.ReplaceAll(tc.typ, ".", "_"), tc.typ, created
			if *got != want {
				t.Errorf("ParseWebhook =\n %+v\nwant\n %+v", *got, want)
			}
		})
	}
}

func TestParseWebhookRefusesUnauthentic(t *testing.T) {
	p, err := stripe.New(stripe.Config{SecretKey: "sk_test_123", WebhookSecret: webhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	body := event(t, "checkout.session.completed", session("complete", "paid"))
	tampered := bytes.Replace(body, []byte(`"amount_total":1250`), []byte(`"amount_total":1`), 1)
	if bytes.Equal(tampered, body) {
		t.Fatal("the body was not tampered with")
	}

	for _, tc := range []struct {
		name    string
		payload []byte
		header  http.Header
	}{
		{"wrong secret", body, signed(body, "whsec_other", time.Now())},
		{"tampered body", tampered, signed(body, webhookSecret, time.Now())},
		{"too old", body, signed(body, webhookSecret, time.Now().Add(-10*time.Minute))},
		{"no signature", body, http.Header{}},
		{"garbled header", body, http.Header{"Stripe-Signature": {"nonsense"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := p.ParseWebhook(tc.payload, tc.header)
			if !errors.Is(err, payments.ErrBadSignature) || ev != nil {
				t.Errorf("ParseWebhook = %+v, %v; want ErrBadSignature", ev, err)
			}
		})
	}
}
