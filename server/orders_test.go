package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// Checkout through both doors, on the demo's gala-2026 (public, 6 photos,
// the last one private), with the built-in test payment provider (the
// default without Stripe keys), the order and download workers on a job
// runner, and e-mail going to a real SMTP server. Prices are the demo's
// (see cart_test.go): a 10x15 print 2.50, a HD file 9.00, a canvas 30x45
// 69.00; shipping 4.90 to Benelux, 8.90 to the rest of Europe.

// orderEnv is the demo with the order machinery working.
type orderEnv struct {
	*cartEnv
	smtp   *mailtest.Server
	runner *jobs.Runner
	// publicURL is where the server believes it lives (PUBLIC_URL): its
	// redirects and links start with it; local() points them at srv.
	publicURL string
	// later moves the order service's clock forward (expiry).
	later atomic.Int64
}

// newOrderEnv serves the demo with the job runner started and e-mail going
// to a real SMTP server; wire may change more of the services' options.
func newOrderEnv(t testing.TB, wire ...func(*wiring)) *orderEnv {
	t.Helper()
	o := &orderEnv{smtp: mailtest.Start(t, "", "")}
	e := newEnvWith(t, 6, func(w *wiring) {
		sender, err := mail.New(mail.Options{SMTPURL: o.smtp.URL, From: "Galerie <no-reply@example.com>"})
		if err != nil {
			t.Fatal(err)
		}
		w.Mail = sender
		w.Now = func() time.Time { return time.Now().Add(time.Duration(o.later.Load())) }
		w.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
		w.Jobs = &jobs.Config{TestOnly: true, FetchPollInterval: 100 * time.Millisecond, RetryPolicy: dlQuickRetry{}}
		o.publicURL = strings.TrimRight(w.Config.PublicURL, "/")
		for _, f := range wire {
			f(w)
		}
	})
	o.runner = e.app.Jobs
	if err := o.runner.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := o.runner.Stop(ctx); err != nil {
			t.Errorf("stop the runner: %v", err)
		}
	})
	sellGalleryFiles(t, e.db.Client, "gala-2026")
	s := &cartEnv{env: e, sys: viewer.SystemContext(context.Background()), gala: e.galleryID("gala-2026"), wedding: e.galleryID("julie-et-thomas")}
	s.photos = e.visiblePhotos(s.gala)
	s.p10x15 = s.formatID(s.gala, "Papier photo", "10 x 15")
	s.toile30x45 = s.formatID(s.gala, "Toile sur châssis", "Toile 30 x 45")
	s.hd = s.formatID(s.gala, "Fichiers numériques", "Fichier HD")
	o.cartEnv = s
	return o
}

// orderAddress is a valid address in BE or FR (address_test.go's rules:
// postal code format, phone number for the country).
func orderAddress(country string) map[string]any {
	a := map[string]any{"title": "Madame", "firstname": "Anne", "lastname": "Martin", "country": country}
	switch country {
	case "FR":
		a["address"], a["postalCode"], a["city"], a["phoneNumber"] = "10 rue de Rivoli", "75001", "Paris", "+33 1 42 60 00 00"
	default:
		a["address"], a["postalCode"], a["city"], a["phoneNumber"] = "Rue Haute 1", "1000", "Bruxelles", "+32 470 12 34 56"
	}
	return a
}

type restOrderLine struct {
	ID                string `json:"_id"`
	Kind, Description string
	PhotoID           string
	Quantity          int
	UnitPrice, Total  cartMoney
}

type restOrder struct {
	ID     string `json:"_id"`
	Number string
	Status string
	Email  string
	Lines  []restOrderLine
	Totals struct {
		Merchandise, Discount, Shipping, GiftCards, VAT, Total cartMoney
		DiscountCode                                           *string
	}
	BillingAddress  struct{ Firstname, Lastname, PostalCode, City, Country string }
	ShippingAddress *struct{ PostalCode, City, Country string }
	DeliveryOption  string
	PickupAddress   string
	PaymentMethod   string
	CanPay          bool
	Downloads       []restDownload
	CreatedAt       time.Time
	PaidAt          *time.Time
	ExpiresAt       *time.Time
	InProductionAt  *time.Time
	SentAt          *time.Time
	ReadyAt         *time.Time
	restError
}

// kinds lists the lines' kinds, sorted.
func (r restOrder) kinds() []string {
	out := []string{}
	for _, l := range r.Lines {
		out = append(out, l.Kind)
	}
	sort.Strings(out)
	return out
}

type restPlaced struct {
	Order       *restOrder
	RedirectURL *string `json:"redirectUrl"`
	restError
}

// place is POST /api/orders as b in gala.
func (o *orderEnv) place(b *env, body any) (int, restPlaced) {
	o.t.Helper()
	var p restPlaced
	status := b.call("POST", "/api/orders", o.gala, body, &p)
	return status, p
}

// placeBody is the review page's call for a cart with nothing to pay
// (refusals that come before the total is looked at, gift cards covering
// everything); shown sends the total a cart shows.
var placeBody = map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": "0.00"}

// shown is the review page's call for b's cart: placeBody with the amount
// to pay the cart shows now (read as the page reads it).
func (o *orderEnv) shown(b *env) map[string]any {
	o.t.Helper()
	c := o.cartOK(b, "GET", "", nil)
	return map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": c.Totals.Total.Amount}
}

// placeOK places b's cart and checks the answer is an order to pay on
// the test provider's page.
func (o *orderEnv) placeOK(b *env) (restOrder, string) {
	o.t.Helper()
	status, p := o.place(b, o.shown(b))
	if status != 200 || p.Order == nil || p.RedirectURL == nil {
		o.t.Fatalf("POST /api/orders: %d %+v", status, p.restError)
	}
	return *p.Order, *p.RedirectURL
}

// order is GET /api/orders/{id} as b.
func (o *orderEnv) order(b *env, id string) (int, restOrder) {
	o.t.Helper()
	var r restOrder
	status := b.call("GET", "/api/orders/"+id, o.gala, nil, &r)
	return status, r
}

// local turns an address the server wrote with its PUBLIC_URL into one
// of the test server.
func (o *orderEnv) local(u string) string {
	o.t.Helper()
	if !strings.HasPrefix(u, o.publicURL+"/") {
		o.t.Fatalf("%q does not start with PUBLIC_URL %s", u, o.publicURL)
	}
	return o.srv.URL + strings.TrimPrefix(u, o.publicURL)
}

// paymentID reads the payment id out of a test provider's page address.
func (o *orderEnv) paymentID(redirect string) string {
	o.t.Helper()
	u, err := url.Parse(redirect)
	if err != nil || !strings.HasPrefix(u.Path, "/pay/test/") {
		o.t.Fatalf("redirectUrl %q is not the test provider's page", redirect)
	}
	return strings.TrimPrefix(u.Path, "/pay/test/")
}

// returnURL is the gallery's paymentReturn page of an order, as PUBLIC_URL names it.
func (o *orderEnv) returnURL(orderID string) string {
	return o.publicURL + "/gala-2026/paymentReturn?order=" + url.QueryEscape(orderID)
}

// choose submits the test provider's page as b's browser does: a plain
// form (no XSRF header, the page is not under /api), not following the
// redirect (which goes to PUBLIC_URL).
func (o *orderEnv) choose(b *env, redirect, outcome string) *http.Response {
	o.t.Helper()
	c := &http.Client{Jar: b.web.Jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.PostForm(o.local(redirect), url.Values{"outcome": {outcome}})
	if err != nil {
		o.t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// pay chooses success on the page and checks the way back to the gallery.
func (o *orderEnv) pay(b *env, redirect, orderID string) {
	o.t.Helper()
	res := o.choose(b, redirect, "success")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != o.returnURL(orderID) {
		o.t.Fatalf("success on the test page: %d, Location %q, want 303 to %s", res.StatusCode, res.Header.Get("Location"), o.returnURL(orderID))
	}
}

// mailMatching waits until a message to `to` whose subject contains
// subject has arrived.
func (o *orderEnv) mailMatching(to, subject string) mailtest.Received {
	o.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		msgs := o.smtp.Messages()
		for _, m := range msgs {
			if slices.Contains(m.To, to) && strings.Contains(m.Subject, subject) {
				return m
			}
		}
		left := time.Until(deadline)
		if left <= 0 {
			var got []string
			for _, m := range msgs {
				got = append(got, strings.Join(m.To, ",")+": "+m.Subject)
			}
			o.t.Fatalf("no e-mail to %s about %q; got %q", to, subject, got)
		}
		o.smtp.Wait(o.t, len(msgs)+1, left)
	}
}

// mailsMatching counts the messages to `to` whose subject contains subject.
func (o *orderEnv) mailsMatching(to, subject string) int {
	n := 0
	for _, m := range o.smtp.Messages() {
		if slices.Contains(m.To, to) && strings.Contains(m.Subject, subject) {
			n++
		}
	}
	return n
}

// count runs a count query.
func (o *orderEnv) count(query string, args ...any) int {
	o.t.Helper()
	var n int
	if err := o.db.SQL.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		o.t.Fatal(err)
	}
	return n
}

// waitOrder polls GET /api/orders/{id} as b until ok accepts it.
func (o *orderEnv) waitOrder(b *env, id, what string, ok func(restOrder) bool) restOrder {
	o.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		status, r := o.order(b, id)
		if status == 200 && ok(r) {
			return r
		}
		if time.Now().After(deadline) {
			o.t.Fatalf("order %s never %s: %d %+v", id, what, status, r)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// confirmEmail confirms an e-mail in a new browser the way the site does:
// a one-time code sent by e-mail, typed back.
func (o *orderEnv) confirmEmail(email string) *env {
	o.t.Helper()
	b := o.another()
	if status, a := b.rest("POST", "/api/auth/email", o.gala, map[string]string{"email": email}); status != 200 {
		o.t.Fatalf("request a code: %d %+v", status, a)
	}
	addr := strings.ToLower(email)
	otp := otpRE.FindString(o.mailMatching(addr, "").Text)
	if status, a := b.rest("POST", "/api/auth/email/confirm", o.gala, map[string]string{"email": email, "code": otp}); status != 200 || a.Email != addr {
		o.t.Fatalf("confirm the code %q: %d %+v", otp, status, a)
	}
	return b
}

// fillCart puts a 10x15 print of photo 0 and the HD file of photo 1 in
// b's cart and sets a valid address in country with home delivery.
func (o *orderEnv) fillCart(b *env, country string) restCart {
	o.t.Helper()
	o.cartOK(b, "POST", "/formats/"+o.photos[0].ID+"/"+o.p10x15, nil)
	o.cartOK(b, "POST", "/digitalFiles/"+o.photos[1].ID+"/"+o.hd, nil)
	return o.cartOK(b, "POST", "/address", map[string]any{"billing": orderAddress(country), "deliveryOption": "shipping"})
}

func TestOrderPlacedAndPaidOverREST(t *testing.T) {
	o := newOrderEnv(t)
	anne := o.confirmEmail("Anne@Example.com")
	c := o.fillCart(anne, "BE")
	// 2.50 + 9.00, shipped to BE for 4.90.
	wantCartTotals(t, c.Totals, "merchandise 11.50, discount 0.00, shipping 4.90, gift cards 0.00, total 16.40")

	ord, redirect := o.placeOK(anne)
	if ord.Status != "awaiting_payment" || ord.Number == "" || ord.Email != "anne@example.com" || !ord.CanPay || ord.PaidAt != nil ||
		ord.ExpiresAt == nil || ord.PaymentMethod != "card" || ord.DeliveryOption != "shipping" ||
		ord.ShippingAddress == nil || ord.ShippingAddress.Country != "BE" || ord.BillingAddress.Lastname != "Martin" {
		t.Fatalf("placed order = %+v", ord)
	}
	tt := ord.Totals
	if tt.Merchandise != c.Totals.Merchandise || tt.Discount != c.Totals.Discount || tt.Shipping != c.Totals.Shipping ||
		tt.GiftCards != c.Totals.GiftCards || tt.Total != c.Totals.Total || tt.VAT != c.Totals.Vat.Amount ||
		tt.Total != (cartMoney{"16.40", "EUR"}) || tt.DiscountCode != nil {
		t.Fatalf("order totals %+v, cart totals %+v", tt, c.Totals)
	}
	if !slices.Equal(ord.kinds(), []string{"digital_file", "print"}) {
		t.Fatalf("lines = %+v", ord.Lines)
	}
	for _, l := range ord.Lines {
		switch l.Kind {
		case "print":
			if l.PhotoID != o.photos[0].ID || l.Quantity != 1 || l.Total.Amount != "2.50" || !strings.HasPrefix(l.Description, "Tirage 10 x 15") {
				t.Errorf("print line = %+v", l)
			}
		case "digital_file":
			if l.PhotoID != o.photos[1].ID || l.Quantity != 1 || l.Total.Amount != "9.00" || !strings.HasPrefix(l.Description, "Fichier numérique Fichier HD") {
				t.Errorf("file line = %+v", l)
			}
		}
	}
	// The test provider's page, which returns to the gallery's paymentReturn page.
	payID := o.paymentID(redirect)
	u, _ := url.Parse(redirect)
	if !strings.HasPrefix(redirect, o.publicURL+"/pay/test/") || u.Query().Get("return") != o.returnURL(ord.ID) ||
		u.Query().Get("cancel") != o.returnURL(ord.ID)+"&result=cancel" {
		t.Fatalf("redirectUrl = %s", redirect)
	}
	pay := o.db.Client.Payment.Query().Where(payment.HasOrderWith(order.ID(ord.ID))).OnlyX(o.sys)
	if pay.ID != payID || pay.Provider != "test" || pay.Status != payment.StatusPending || pay.Amount != 1640 {
		t.Fatalf("payment = %+v, page %s", pay, payID)
	}

	// A double click answers the same order and the same page.
	again, redirect2 := o.placeOK(anne)
	if again.ID != ord.ID || redirect2 != redirect || again.Number != ord.Number {
		t.Fatalf("second click: order %s %s, page %s; want %s %s", again.ID, again.Number, redirect2, ord.ID, redirect)
	}
	if n := o.count("SELECT count(*) FROM payments"); n != 1 {
		t.Fatalf("%d payments after a double click", n)
	}

	// The page shows the order; choosing success settles it.
	res, page := anne.do("GET", strings.TrimPrefix(o.local(redirect), o.srv.URL), nil, nil)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(page), "Commande n° "+ord.Number) || !strings.Contains(string(page), "16,40 €") {
		t.Fatalf("test page: %d %s\n%s", res.StatusCode, res.Header.Get("Content-Type"), page)
	}
	o.pay(anne, redirect, ord.ID)
	status, paid := o.order(anne, ord.ID)
	if status != 200 || paid.Status != "validated" || paid.PaidAt == nil || paid.CanPay || paid.Totals != ord.Totals {
		t.Fatalf("after payment: %d %+v", status, paid)
	}
	// The page is closed now.
	if _, page := anne.do("GET", strings.TrimPrefix(o.local(redirect), o.srv.URL), nil, nil); !strings.Contains(string(page), "n'est plus ouvert") {
		t.Errorf("test page after payment:\n%s", page)
	}
	// The cart was ordered: the next read opens a new, empty one.
	next := o.cartOK(anne, "GET", "", nil)
	if next.ID == c.ID || len(next.Photos) != 0 || next.ItemCount != 0 {
		t.Fatalf("cart after the order: %s (was %s), %v", next.ID, c.ID, o.lines(next))
	}

	// E-mails: the confirmation to the buyer, the notice to the photographer.
	conf := o.mailMatching("anne@example.com", "Confirmation de votre commande n° "+ord.Number)
	for _, want := range []string{"Commande n° " + ord.Number, "Total payé : 16,40 €", "Livraison à :", "fichiers numériques sont en préparation",
		"/gala-2026/paymentReturn?order=" + ord.ID} {
		if !strings.Contains(conf.Text, want) {
			t.Errorf("confirmation lacks %q:\n%s", want, conf.Text)
		}
	}
	notice := o.mailMatching("studio@example.com", "Nouvelle commande n° "+ord.Number)
	if !strings.Contains(notice.Text, "anne@example.com") || !strings.Contains(notice.Header.Get("Reply-To"), "anne@example.com") {
		t.Errorf("photographer's notice: %+v\n%s", notice.Header, notice.Text)
	}

	// The HD file becomes a download request of the order, ready with its link.
	ready := o.waitOrder(anne, ord.ID, "had its files ready", func(r restOrder) bool {
		return len(r.Downloads) == 1 && r.Downloads[0].Status == "ready" && r.Downloads[0].MailedAt != nil
	})
	dl := ready.Downloads[0]
	if dl.Quality != "hd" || dl.FilesTotal != 1 || dl.FilesDone != 1 || len(dl.Links) != 1 || dl.Email != "anne@example.com" {
		t.Fatalf("order download = %+v", dl)
	}
	// The link works without cookies and holds the bought photo's original.
	res, err := http.Get(o.srv.URL + dl.Links[0])
	if err != nil {
		t.Fatal(err)
	}
	zipped, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("archive: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	files := map[string][]byte{}
	unzipInto(t, zipped, files)
	p1 := o.photos[1]
	original, err := o.media.Bucket.ReadAll(context.Background(), media.OriginalKey(p1.ID, p1.ContentHash))
	if err != nil {
		t.Fatal(err)
	}
	sameArchive(t, files, map[string][]byte{p1.Collection + "/" + p1.Filename: original})
	dlMail := o.mailMatching("anne@example.com", "Vos fichiers de la commande n° "+ord.Number+" sont prêts")
	if !strings.Contains(dlMail.Text, o.publicURL+dl.Links[0]) {
		t.Errorf("download e-mail lacks %s:\n%s", dl.Links[0], dlMail.Text)
	}
	// The same request, followed through its own door.
	if status := o.another().call("GET", "/api/galleries/downloadRequests/"+dl.ID, o.gala, nil, nil); status != 404 {
		t.Errorf("a stranger follows the order's download request: %d", status)
	}
	var viaDownloads restDownload
	if status := anne.call("GET", "/api/galleries/downloadRequests/"+dl.ID, o.gala, nil, &viaDownloads); status != 200 || viaDownloads.Status != "ready" {
		t.Errorf("the buyer follows the order's download request: %d %+v", status, viaDownloads)
	}

	// Asking for the links again e-mails them again.
	before := o.mailsMatching("anne@example.com", "sont prêts")
	var resent restOrder
	if status := anne.call("POST", "/api/orders/"+ord.ID+"/resendDownloads", o.gala, nil, &resent); status != 200 || resent.ID != ord.ID {
		t.Fatalf("resendDownloads: %d %+v", status, resent.restError)
	}
	deadline := time.Now().Add(30 * time.Second)
	for o.mailsMatching("anne@example.com", "sont prêts") != before+1 {
		if time.Now().After(deadline) {
			t.Fatalf("no second download e-mail")
		}
		o.smtp.Wait(t, len(o.smtp.Messages())+1, time.Until(deadline))
	}
}

func TestOrderRefusalsOverREST(t *testing.T) {
	o := newOrderEnv(t)

	// No confirmed e-mail: 401, so that the client asks for one.
	anonymous := o.another()
	o.cartOK(anonymous, "POST", "/formats/"+o.photos[0].ID+"/"+o.p10x15, nil)
	if status, p := o.place(anonymous, placeBody); status != 401 || p.Code != "unauthorized" || p.Order != nil {
		t.Fatalf("without an e-mail: %d %+v", status, p.restError)
	}

	// An empty cart.
	anne := o.person("anne@example.com", "", "")
	if status, p := o.place(anne, placeBody); status != 422 || p.Code != "cart_empty" || p.Message == "" {
		t.Fatalf("empty cart: %d %+v", status, p.restError)
	}
	o.cartOK(anne, "GET", "", nil)
	if status, p := o.place(anne, placeBody); status != 422 || p.Code != "cart_empty" {
		t.Fatalf("empty cart that exists: %d %+v", status, p.restError)
	}

	// Items but no address.
	o.cartOK(anne, "POST", "/formats/"+o.photos[0].ID+"/"+o.p10x15, nil)
	if status, p := o.place(anne, placeBody); status != 422 || p.Code != "address_required" || !slices.Equal(p.Field, []string{"clientData"}) {
		t.Fatalf("no address: %d %+v", status, p.restError)
	}
	o.cartOK(anne, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})

	for _, tc := range []struct {
		name   string
		body   map[string]any
		status int
		code   string
		field  []string
		all    []string
	}{
		{"terms not accepted", map[string]any{"paymentMethod": "card", "acceptRetouch": true, "expectedTotal": "7.40"}, 400, "terms_required", []string{"acceptTerms"}, nil},
		{"retouch not acknowledged", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": false, "expectedTotal": "7.40"}, 400, "retouch_required", []string{"acceptRetouch"}, nil},
		{"neither", map[string]any{"paymentMethod": "card", "expectedTotal": "7.40"}, 400, "terms_required", []string{"acceptTerms"}, []string{"terms_required", "retouch_required"}},
		{"unknown payment method", map[string]any{"paymentMethod": "paypal", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": "7.40"}, 400, "payment_method_unavailable", []string{"paymentMethod"}, nil},
		{"no payment method", map[string]any{"acceptTerms": true, "acceptRetouch": true, "expectedTotal": "7.40"}, 400, "payment_method_unavailable", []string{"paymentMethod"}, nil},
		// The amount to pay the review page showed (2.50 + 4.90): required, an amount, and the cart's.
		{"no expected total", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true}, 400, "invalid_expected_total", []string{"expectedTotal"}, nil},
		{"expected total not an amount", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": "7,40"}, 400, "invalid_expected_total", []string{"expectedTotal"}, nil},
		{"negative expected total", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": "-7.40"}, 400, "invalid_expected_total", []string{"expectedTotal"}, nil},
		{"expected total as a number", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": 7.40}, 400, "invalid_input", nil, nil},
		{"another total", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": "7.39"}, 409, "total_changed", nil, nil},
		{"unknown field", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "total": 1}, 400, "invalid_input", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, p := o.place(anne, tc.body)
			if status != tc.status || p.Code != tc.code || p.Message == "" || p.Order != nil || (tc.field != nil && !slices.Equal(p.Field, tc.field)) {
				t.Fatalf("%d %+v, want %d %s %v", status, p.restError, tc.status, tc.code, tc.field)
			}
			var all []string
			for _, e := range p.Errors {
				all = append(all, e.Code)
			}
			if !slices.Equal(all, tc.all) {
				t.Fatalf("errors %v, want %v", all, tc.all)
			}
		})
	}
	if n := o.count("SELECT count(*) FROM orders"); n != 0 {
		t.Fatalf("the refusals made %d orders", n)
	}
	if n := o.count("SELECT count(*) FROM payments"); n != 0 {
		t.Fatalf("the refusals made %d payments", n)
	}
	// The same cart is then accepted.
	if ord, _ := o.placeOK(anne); ord.Status != "awaiting_payment" {
		t.Fatalf("order = %+v", ord)
	}
}

func TestOrderPaymentFailureThenRetryOverREST(t *testing.T) {
	o := newOrderEnv(t)
	anne := o.person("anne@example.com", "", "")
	c := o.fillCart(anne, "BE")
	ord, first := o.placeOK(anne)

	// Refused: back to the gallery (the cancel address), the order can be paid again.
	res := o.choose(anne, first, "failure")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != o.returnURL(ord.ID)+"&result=cancel" {
		t.Fatalf("failure on the test page: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	status, failed := o.order(anne, ord.ID)
	if status != 200 || failed.Status != "payment_error" || !failed.CanPay || failed.PaidAt != nil {
		t.Fatalf("after the failure: %d %+v", status, failed)
	}
	if p := o.db.Client.Payment.GetX(o.sys, o.paymentID(first)); p.Status != payment.StatusFailed || p.Failure != "card_declined" {
		t.Fatalf("failed payment = %+v", p)
	}
	// The cart is untouched.
	still := o.cartOK(anne, "GET", "", nil)
	if still.ID != c.ID || len(still.Photos) != 2 || still.Totals != c.Totals {
		t.Fatalf("cart after the failure: %s %v %s", still.ID, o.lines(still), still.Totals)
	}
	if _, page := anne.do("GET", strings.TrimPrefix(o.local(first), o.srv.URL), nil, nil); !strings.Contains(string(page), "n'est plus ouvert") {
		t.Errorf("the failed attempt's page is still open:\n%s", page)
	}

	// Trying again: the same order, a new attempt on a new page.
	again, second := o.placeOK(anne)
	if again.ID != ord.ID || again.Number != ord.Number || again.Status != "awaiting_payment" || second == first ||
		o.paymentID(second) == o.paymentID(first) {
		t.Fatalf("retry: order %s %s, page %s (first %s)", again.ID, again.Status, second, first)
	}
	if n := o.count("SELECT count(*) FROM orders"); n != 1 {
		t.Fatalf("%d orders after a retry", n)
	}
	o.pay(anne, second, ord.ID)
	if status, paid := o.order(anne, ord.ID); status != 200 || paid.Status != "validated" || paid.PaidAt == nil {
		t.Fatalf("after the retry: %d %+v", status, paid)
	}
	o.mailMatching("anne@example.com", "Confirmation de votre commande n° "+ord.Number)

	// Abandoning on the page (cancel) also leaves the order payable.
	bob := o.person("bob@example.com", "", "")
	o.fillCart(bob, "BE")
	bobs, page := o.placeOK(bob)
	if res := o.choose(bob, page, "cancel"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != o.returnURL(bobs.ID)+"&result=cancel" {
		t.Fatalf("cancel on the test page: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if _, r := o.order(bob, bobs.ID); r.Status != "payment_error" || !r.CanPay {
		t.Fatalf("after cancel: %+v", r)
	}
	// An unknown outcome or payment.
	if res := o.choose(bob, page, "maybe"); res.StatusCode != 400 {
		t.Errorf("unknown outcome: %d", res.StatusCode)
	}
	if res, _ := bob.do("GET", "/pay/test/pay_nope", nil, nil); res.StatusCode != 404 {
		t.Errorf("unknown payment's page: %d", res.StatusCode)
	}
}

// webhook posts a provider's raw request, as the provider does: no
// cookies, no XSRF token.
func (o *orderEnv) webhook(provider string, payload []byte, header http.Header) (int, restError) {
	o.t.Helper()
	req, _ := http.NewRequest("POST", o.srv.URL+"/api/payments/webhook/"+provider, bytes.NewReader(payload))
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		o.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var e restError
	_ = json.Unmarshal(raw, &e)
	if res.StatusCode == 200 && !bytes.Contains(raw, []byte(`"received":true`)) {
		o.t.Errorf("webhook answer: %s", raw)
	}
	return res.StatusCode, e
}

func TestOrderWebhookAppliesEachEventOnce(t *testing.T) {
	o := newOrderEnv(t)
	anne := o.person("anne@example.com", "", "")
	o.fillCart(anne, "BE")
	ord, redirect := o.placeOK(anne)
	payID := o.paymentID(redirect)
	test := o.app.TestPayments

	payload, header, err := test.Event(payID, payments.Succeeded, "")
	if err != nil {
		t.Fatal(err)
	}
	if status, e := o.webhook("test", payload, header); status != 200 {
		t.Fatalf("webhook: %d %+v", status, e)
	}
	_, paid := o.order(anne, ord.ID)
	if paid.Status != "validated" || paid.PaidAt == nil {
		t.Fatalf("after the webhook: %+v", paid)
	}
	snapshot := func() (events, mailJobs, downloads int, updated time.Time, pay payment.Status) {
		return o.count("SELECT count(*) FROM webhook_events"), o.count("SELECT count(*) FROM river_job WHERE kind = 'order_mail'"),
			o.count("SELECT count(*) FROM download_requests"), o.db.Client.Order.GetX(o.sys, ord.ID).UpdatedAt,
			o.db.Client.Payment.GetX(o.sys, payID).Status
	}
	ev1, mails1, dls1, upd1, st1 := snapshot()
	if ev1 != 1 || mails1 != 2 || dls1 != 1 || st1 != payment.StatusSucceeded {
		t.Fatalf("after one event: %d events, %d mail jobs, %d download requests, payment %s", ev1, mails1, dls1, st1)
	}

	// The same delivery again (providers retry): acknowledged, nothing changes.
	if status, e := o.webhook("test", payload, header); status != 200 {
		t.Fatalf("repeated webhook: %d %+v", status, e)
	}
	// A late failure of the same payment (out of order) changes nothing either.
	late, lateHeader, _ := test.Event(payID, payments.Failed, "card_declined")
	if status, e := o.webhook("test", late, lateHeader); status != 200 {
		t.Fatalf("late failure: %d %+v", status, e)
	}
	ev2, mails2, dls2, upd2, st2 := snapshot()
	if ev2 != 2 || mails2 != mails1 || dls2 != dls1 || !upd2.Equal(upd1) || st2 != st1 {
		t.Fatalf("repeated events changed things: events %d->%d, mail jobs %d->%d, downloads %d->%d, updatedAt %s->%s, payment %s->%s",
			ev1, ev2, mails1, mails2, dls1, dls2, upd1, upd2, st1, st2)
	}
	if _, r := o.order(anne, ord.ID); r.Status != "validated" {
		t.Fatalf("order after the late failure: %s", r.Status)
	}

	// Forgeries: 400 bad_signature, nothing recorded.
	tampered := bytes.Replace(payload, []byte(`"succeeded"`), []byte(`"refunded"`), 1)
	if bytes.Equal(tampered, payload) {
		t.Fatalf("payload %s has no status to tamper with", payload)
	}
	wrong := http.Header{}
	sig := header.Get(payments.TestSignatureHeader)
	wrong.Set(payments.TestSignatureHeader, sig[:strings.Index(sig, "v1=")+3]+strings.Repeat("0", 64))
	forged, forgedHeader, _ := (&payments.Test{Secret: []byte("another secret")}).Event(payID, payments.Refunded, "")
	for _, tc := range []struct {
		name    string
		payload []byte
		header  http.Header
	}{
		{"tampered payload", tampered, header},
		{"wrong signature", payload, wrong},
		{"no signature", payload, http.Header{}},
		{"signed with another secret", forged, forgedHeader},
		{"another event under this signature", forged, header},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if status, e := o.webhook("test", tc.payload, tc.header); status != 400 || e.Code != "bad_signature" {
				t.Fatalf("%d %+v, want 400 bad_signature", status, e)
			}
		})
	}
	if ev3, _, _, upd3, st3 := snapshot(); ev3 != ev2 || !upd3.Equal(upd1) || st3 != st1 {
		t.Fatalf("a forgery changed things: %d events, payment %s", ev3, st3)
	}

	// Providers the server does not hear: 404 (Stripe is not configured here).
	for _, p := range []string{"paypal", "stripe"} {
		if status, e := o.webhook(p, payload, header); status != 404 || e.Code != "unknown_provider" {
			t.Errorf("provider %s: %d %+v", p, status, e)
		}
	}
}

const gqlOrderFields = `id number status email deliveryOption paymentMethod canPay paymentUrl paidAt expiresAt
  lines { kind description quantity photoId unitPrice { amount } total { amount } }
  totals { merchandise { amount } discount { amount } discountCode shipping { amount } giftCards { amount } vat { amount } total { amount currency } }
  payments { id provider method status amount { amount } }
  billingAddress { lastname city country } shippingAddress { postalCode city country }
  gallery { id } downloads { id status quality }`

type gqlOrder struct {
	ID, Number, Status, Email, DeliveryOption, PaymentMethod string
	CanPay                                                   bool
	PaymentURL                                               *string `json:"paymentUrl"`
	PaidAt, ExpiresAt                                        *time.Time
	Lines                                                    []struct {
		Kind, Description string
		Quantity          int
		PhotoID           *string
		UnitPrice, Total  cartMoney
	}
	Totals struct {
		Merchandise, Discount, Shipping, GiftCards, Vat, Total cartMoney
		DiscountCode                                           *string
	}
	Payments []struct {
		ID, Provider, Method, Status string
		Amount                       cartMoney
	}
	BillingAddress  struct{ Lastname, City, Country string }
	ShippingAddress *struct{ PostalCode, City, Country string }
	Gallery         struct{ ID string }
	Downloads       []struct{ ID, Status, Quality string }
}

// gqlOrderOf is order(id) as b (with header, for the photographer).
func (o *orderEnv) gqlOrderOf(b *env, header map[string]string, id string) (*gqlOrder, gqlResponse) {
	o.t.Helper()
	var d struct{ Order *gqlOrder }
	r := b.graphqlWith(header, `query($id: ID!) { order(id: $id) { `+gqlOrderFields+` } }`, map[string]any{"id": id}, &d)
	return d.Order, r
}

// orderMutation runs an id-taking order mutation as b.
func (o *orderEnv) orderMutation(b *env, header map[string]string, name, id string) (*gqlOrder, []gqlUserError, gqlResponse) {
	o.t.Helper()
	var d map[string]*struct {
		Order      *gqlOrder
		UserErrors []gqlUserError
	}
	r := b.graphqlWith(header, `mutation($id: ID!) { `+name+`(id: $id) { order { `+gqlOrderFields+` } userErrors { code field message } } }`,
		map[string]any{"id": id}, &d)
	if d[name] == nil {
		return nil, nil, r
	}
	return d[name].Order, d[name].UserErrors, r
}

const placeOrderMutation = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  order { ` + gqlOrderFields + ` } redirectUrl userErrors { code field message } } }`

type gqlPlaced struct {
	PlaceOrder struct {
		Order       *gqlOrder
		RedirectURL *string `json:"redirectUrl"`
		UserErrors  []gqlUserError
	}
}

func TestOrderOverGraphQL(t *testing.T) {
	o := newOrderEnv(t)
	anne := o.person("anne@example.com", "", "")

	// What the checkout's forms offer, in both doors.
	var lists struct {
		PaymentMethods []string
		Countries      []struct{ Code, Name string }
	}
	if r := anne.graphql(`{ paymentMethods countries { code name } }`, nil, &lists); len(r.Errors) > 0 {
		t.Fatalf("paymentMethods, countries: %+v", r.Errors)
	}
	if !slices.Equal(lists.PaymentMethods, []string{"card", "bancontact"}) {
		t.Fatalf("paymentMethods = %v", lists.PaymentMethods)
	}
	hasBelgium := func(cs []struct{ Code, Name string }) bool {
		return slices.Contains(cs, struct{ Code, Name string }{"BE", "Belgique"})
	}
	if len(lists.Countries) < 200 || !hasBelgium(lists.Countries) {
		t.Fatalf("%d countries, Belgium among them: %v", len(lists.Countries), hasBelgium(lists.Countries))
	}
	var methods []string
	if status := anne.call("GET", "/api/payments/methods", o.gala, nil, &methods); status != 200 || !slices.Equal(methods, []string{"card", "bancontact"}) {
		t.Fatalf("GET /api/payments/methods: %d %v", status, methods)
	}
	var countries []struct{ Code, Name string }
	if status := anne.call("GET", "/api/countries", "", nil, &countries); status != 200 || len(countries) != len(lists.Countries) || !hasBelgium(countries) {
		t.Fatalf("GET /api/countries: %d, %d countries", status, len(countries))
	}

	o.cartDone(anne, "setPrint", map[string]any{"photoId": o.photos[0].ID, "formatId": o.p10x15})
	o.cartDone(anne, "addDigitalFile", map[string]any{"photoId": o.photos[1].ID, "formatId": o.hd})

	// The address step: 75001 is Paris, not Lyon. The answer offers the
	// corrected address; keeping one's own is a second, explicit choice.
	lyon := orderAddress("FR")
	lyon["city"] = "Lyon"
	const setClientData = `mutation($input: ClientDataInput!) { setClientData(input: $input) {
  cart { id clientData { billing { postalCode city country } } totals { shipping { amount } total { amount } } }
  addressSuggestions { field address { title firstname lastname address postalCode city country phoneNumber } }
  userErrors { code field message } } }`
	type clientDataPayload struct {
		SetClientData struct {
			Cart *struct {
				ID         string
				ClientData *struct {
					Billing struct{ PostalCode, City, Country string }
				}
				Totals struct{ Shipping, Total cartMoney }
			}
			AddressSuggestions []struct {
				Field   string
				Address struct{ Title, Firstname, Lastname, Address, PostalCode, City, Country, PhoneNumber string }
			}
			UserErrors []gqlUserError
		}
	}
	var cd clientDataPayload
	in := map[string]any{"galleryId": o.gala, "billing": lyon, "deliveryOption": "shipping"}
	if r := anne.graphql(setClientData, map[string]any{"input": in}, &cd); len(r.Errors) > 0 {
		t.Fatalf("setClientData: %+v", r.Errors)
	}
	p := cd.SetClientData
	if p.Cart != nil || len(p.UserErrors) != 1 || p.UserErrors[0].Code != "address_suggestion" || p.UserErrors[0].Message == "" ||
		!slices.Equal(p.UserErrors[0].Field, []string{"billing", "postalCode"}) || len(p.AddressSuggestions) != 1 {
		t.Fatalf("mismatched city: %+v", p)
	}
	if sg := p.AddressSuggestions[0]; sg.Field != "billing" || sg.Address.City != "Paris" || sg.Address.PostalCode != "75001" ||
		sg.Address.Lastname != "Martin" || sg.Address.Address != "10 rue de Rivoli" || sg.Address.Country != "FR" {
		t.Fatalf("suggestion = %+v", sg)
	}
	// REST says the same with 422 and "suggestions".
	res, raw := anne.do("POST", "/api/cart/address", map[string]any{"billing": lyon, "deliveryOption": "shipping"}, map[string]string{"X-Gallery-Id": o.gala})
	var rs struct {
		restError
		Suggestions []struct {
			Field   string
			Address struct{ PostalCode, City string }
		}
	}
	if json.Unmarshal(raw, &rs); res.StatusCode != 422 || rs.Code != "address_suggestion" || rs.Message == "" || len(rs.Suggestions) != 1 ||
		rs.Suggestions[0].Field != "billing" || rs.Suggestions[0].Address.City != "Paris" || rs.Suggestions[0].Address.PostalCode != "75001" {
		t.Fatalf("REST mismatched city: %d %s", res.StatusCode, raw)
	}
	if c := o.cartOK(anne, "GET", "", nil); c.ClientData != nil {
		t.Fatalf("the refused address was kept: %+v", c.ClientData)
	}
	in["keepAddresses"] = true
	cd = clientDataPayload{}
	if r := anne.graphql(setClientData, map[string]any{"input": in}, &cd); len(r.Errors) > 0 {
		t.Fatalf("setClientData keepAddresses: %+v", r.Errors)
	}
	if p := cd.SetClientData; len(p.UserErrors) != 0 || p.Cart == nil || p.Cart.ClientData == nil || p.Cart.ClientData.Billing.City != "Lyon" ||
		p.Cart.ClientData.Billing.Country != "FR" || len(p.AddressSuggestions) != 0 {
		t.Fatalf("kept address: %+v", p)
	}
	// To France: 11.50 + 8.90.
	cart := o.cartOK(anne, "GET", "", nil)
	wantCartTotals(t, cart.Totals, "merchandise 11.50, discount 0.00, shipping 8.90, gift cards 0.00, total 20.40")

	// placeOrder: refusals the buyer can fix are userErrors.
	var placed gqlPlaced
	input := map[string]any{"galleryId": o.gala, "paymentMethod": "bancontact", "acceptTerms": false, "acceptRetouch": true, "expectedTotal": "20.40"}
	if r := anne.graphql(placeOrderMutation, map[string]any{"input": input}, &placed); len(r.Errors) > 0 || placed.PlaceOrder.Order != nil ||
		len(placed.PlaceOrder.UserErrors) != 1 || placed.PlaceOrder.UserErrors[0].Code != "terms_required" ||
		!slices.Equal(placed.PlaceOrder.UserErrors[0].Field, []string{"acceptTerms"}) {
		t.Fatalf("without the terms: %+v %+v", r.Errors, placed)
	}
	if r := o.another().graphql(placeOrderMutation, map[string]any{"input": map[string]any{"galleryId": o.gala, "paymentMethod": "card",
		"acceptTerms": true, "acceptRetouch": true, "expectedTotal": "20.40"}}, nil); errorCode(r) != "unauthorized" {
		t.Fatalf("without an e-mail: %+v", r.Errors)
	}
	input["acceptTerms"] = true
	placed = gqlPlaced{}
	if r := anne.graphql(placeOrderMutation, map[string]any{"input": input}, &placed); len(r.Errors) > 0 {
		t.Fatalf("placeOrder: %+v", r.Errors)
	}
	po := placed.PlaceOrder
	if len(po.UserErrors) != 0 || po.Order == nil || po.RedirectURL == nil {
		t.Fatalf("placeOrder = %+v", po)
	}
	ord := po.Order
	if ord.Status != "awaiting_payment" || ord.Number == "" || !ord.CanPay || ord.PaymentMethod != "bancontact" || ord.Gallery.ID != o.gala ||
		ord.Totals.Total != (cartMoney{"20.40", "EUR"}) || ord.Totals.Shipping.Amount != "8.90" || ord.Totals.Merchandise.Amount != "11.50" ||
		ord.Totals.Vat.Amount != cart.Totals.Vat.Amount.Amount || ord.ShippingAddress == nil || ord.ShippingAddress.City != "Lyon" ||
		len(ord.Lines) != 2 || len(ord.Payments) != 1 || ord.PaymentURL == nil || *ord.PaymentURL != *po.RedirectURL {
		t.Fatalf("placed order = %+v", ord)
	}
	if py := ord.Payments[0]; py.Provider != "test" || py.Method != "bancontact" || py.Status != "pending" || py.Amount.Amount != "20.40" ||
		py.ID != o.paymentID(*po.RedirectURL) {
		t.Fatalf("payment = %+v", py)
	}
	if res, page := anne.do("GET", strings.TrimPrefix(o.local(*po.RedirectURL), o.srv.URL), nil, nil); res.StatusCode != 200 || !strings.Contains(string(page), "Bancontact") {
		t.Fatalf("test page: %d\n%s", res.StatusCode, page)
	}
	// Placing again: the same order and page.
	placed = gqlPlaced{}
	anne.graphql(placeOrderMutation, map[string]any{"input": input}, &placed)
	if placed.PlaceOrder.Order == nil || placed.PlaceOrder.Order.ID != ord.ID || placed.PlaceOrder.RedirectURL == nil || *placed.PlaceOrder.RedirectURL != *po.RedirectURL {
		t.Fatalf("second placeOrder = %+v", placed.PlaceOrder)
	}

	// Pending (the bank decides later), then success from the same page.
	if res := o.choose(anne, *po.RedirectURL, "pending"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != o.returnURL(ord.ID) {
		t.Fatalf("pending: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	got, r := o.gqlOrderOf(anne, nil, ord.ID)
	if len(r.Errors) > 0 || got.Status != "awaiting_validation" || got.CanPay || got.PaymentURL != nil || got.Payments[0].Status != "processing" {
		t.Fatalf("after pending: %+v %+v", r.Errors, got)
	}
	// While the bank decides, placing the same cart answers the order as
	// it is: no new attempt, no page.
	placed = gqlPlaced{}
	anne.graphql(placeOrderMutation, map[string]any{"input": input}, &placed)
	if p := placed.PlaceOrder; len(p.UserErrors) != 0 || p.Order == nil || p.Order.ID != ord.ID || p.Order.Status != "awaiting_validation" ||
		p.RedirectURL != nil || len(p.Order.Payments) != 1 {
		t.Fatalf("placeOrder while pending: %+v", placed.PlaceOrder)
	}
	o.pay(anne, *po.RedirectURL, ord.ID)
	got, r = o.gqlOrderOf(anne, nil, ord.ID)
	if len(r.Errors) > 0 || got.Status != "validated" || got.PaidAt == nil || got.CanPay || got.PaymentURL != nil ||
		got.Payments[0].Status != "succeeded" || len(got.Downloads) != 1 || got.Downloads[0].Quality != "hd" {
		t.Fatalf("after payment: %+v %+v", r.Errors, got)
	}
	o.mailMatching("anne@example.com", "Confirmation de votre commande n° "+ord.Number)
}

const orderSubscription = `subscription($id: ID!) { orderUpdated(id: $id) { id status paidAt canPay } }`

func TestOrderUpdatedOverWebsocket(t *testing.T) {
	o := newOrderEnv(t)
	subscribers := func() int { return o.app.Events.(*events.Local).Subscribers() }
	waitSubscribers := func(n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for subscribers() != n {
			if time.Now().After(deadline) {
				t.Fatalf("%d event subscriptions open, want %d", subscribers(), n)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	type gqlOrderUpdate struct {
		OrderUpdated *struct {
			ID, Status string
			PaidAt     *time.Time
			CanPay     bool
		}
	}
	for i, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(proto, func(t *testing.T) {
			buyer := o.person([]string{"anne@example.com", "bob@example.com"}[i], "", "")
			o.fillCart(buyer, "BE")
			ord, redirect := o.placeOK(buyer)

			base := subscribers()
			ws := dialWS(t, buyer, proto, true)
			ws.mustInit(map[string]any{"galleryId": o.gala})
			ws.subscribe("1", orderSubscription, map[string]any{"id": ord.ID})
			waitSubscribers(base + 1)

			o.pay(buyer, redirect, ord.ID)
			for {
				r := ws.result("1")
				var d gqlOrderUpdate
				if len(r.Errors) > 0 || r.Complete || json.Unmarshal(r.Data, &d) != nil || d.OrderUpdated == nil {
					t.Fatalf("%+v %s", r, r.Data)
				}
				if d.OrderUpdated.ID != ord.ID {
					t.Fatalf("update of %s, want %s", d.OrderUpdated.ID, ord.ID)
				}
				if d.OrderUpdated.Status == "validated" {
					if d.OrderUpdated.PaidAt == nil || d.OrderUpdated.CanPay {
						t.Fatalf("validated order = %+v", d.OrderUpdated)
					}
					break
				}
				if d.OrderUpdated.Status != "awaiting_payment" {
					t.Fatalf("unexpected status %s", d.OrderUpdated.Status)
				}
			}
			ws.c.Close()
			waitSubscribers(base)

			// A stranger (another browser, another e-mail) is refused.
			for _, stranger := range []*env{o.another(), o.person("eve@example.com", "", "")} {
				ws := dialWS(t, stranger, proto, true)
				ws.mustInit(map[string]any{"galleryId": o.gala})
				ws.subscribe("7", orderSubscription, map[string]any{"id": ord.ID})
				res := ws.result("7")
				var d gqlOrderUpdate
				if res.Complete || res.code() != "order_not_found" || (res.Data != nil && json.Unmarshal(res.Data, &d) == nil && d.OrderUpdated != nil) {
					t.Fatalf("stranger: %+v %s", res, res.Data)
				}
				ws.c.Close()
			}
			waitSubscribers(base)
		})
	}
}

func TestOrderWrongPersonAndPhotographerTools(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	asStudio := bearer(token)
	// A second studio, with its own token.
	other := o.db.Client.Photographer.Create().SetName("Autre Studio").SetEmail("autre@example.com").SaveX(o.sys)
	otherToken, _, err := (&photographer.Tokens{DB: o.db.Client}).Create(context.Background(), other.Email, "t")
	if err != nil {
		t.Fatal(err)
	}
	asOther := bearer(otherToken)

	anne := o.person("anne@example.com", "", "")
	o.fillCart(anne, "BE")
	ord, redirect := o.placeOK(anne)
	o.pay(anne, redirect, ord.ID)

	// Another visitor, another e-mail, nobody: order_not_found in both doors.
	alice := o.person("alice@example.com", "", "")
	for name, who := range map[string]*env{"another e-mail": alice, "an anonymous browser": o.another()} {
		t.Run(name, func(t *testing.T) {
			if status, r := o.order(who, ord.ID); status != 404 || r.Code != "order_not_found" || r.ID != "" {
				t.Errorf("GET: %d %+v", status, r)
			}
			var r restOrder
			if status := who.call("POST", "/api/orders/"+ord.ID+"/resendDownloads", o.gala, nil, &r); status != 404 || r.Code != "order_not_found" {
				t.Errorf("resendDownloads: %d %+v", status, r.restError)
			}
			if got, res := o.gqlOrderOf(who, nil, ord.ID); errorCode(res) != "order_not_found" || got != nil {
				t.Errorf("order(id): %+v", res.Errors)
			}
			if got, _, res := o.orderMutation(who, nil, "resendOrderDownloads", ord.ID); errorCode(res) != "order_not_found" || got != nil {
				t.Errorf("resendOrderDownloads: %+v", res.Errors)
			}
			// The photographer's tools do not say the order exists either.
			for _, m := range []string{"markOrderInProduction", "markOrderSent", "markOrderReadyForPickup", "cancelOrder", "refundOrder"} {
				if got, _, res := o.orderMutation(who, nil, m, ord.ID); errorCode(res) != "order_not_found" || got != nil {
					t.Errorf("%s: %+v", m, res.Errors)
				}
			}
		})
	}
	if status, r := o.order(o.another(), "ord_nope"); status != 404 || r.Code != "order_not_found" {
		t.Errorf("unknown order: %d %+v", status, r)
	}
	// The same e-mail in another browser sees it.
	if status, r := o.order(o.person("anne@example.com", "", ""), ord.ID); status != 200 || r.ID != ord.ID {
		t.Errorf("the buyer in another browser: %d %+v", status, r.restError)
	}
	// The buyer may not use the photographer's tools on their own order.
	if _, _, res := o.orderMutation(anne, nil, "markOrderSent", ord.ID); errorCode(res) != "unauthorized" {
		t.Errorf("the buyer marks it sent: %+v", res.Errors)
	}
	if res := anne.graphql(`{ orders(first: 10) { totalCount } }`, nil, nil); errorCode(res) != "unauthorized" {
		t.Errorf("the buyer lists orders: %+v", res.Errors)
	}
	// Another studio: not its order.
	if status := o.status("GET", "/api/orders/"+ord.ID, asOther); status != 404 {
		t.Errorf("another studio reads it: %d", status)
	}
	if got, _, res := o.orderMutation(o.env, asOther, "markOrderSent", ord.ID); errorCode(res) != "order_not_found" || got != nil {
		t.Errorf("another studio marks it sent: %+v", res.Errors)
	}
	var otherList struct{ Orders struct{ TotalCount int } }
	if res := o.graphqlWith(asOther, `{ orders(first: 10) { totalCount } }`, nil, &otherList); len(res.Errors) > 0 || otherList.Orders.TotalCount != 0 {
		t.Errorf("another studio's list: %+v %+v", res.Errors, otherList)
	}

	// The photographer sees it, in both doors, and lists it.
	var asREST restOrder
	if res, raw := o.do("GET", "/api/orders/"+ord.ID, nil, asStudio); res.StatusCode != 200 || json.Unmarshal(raw, &asREST) != nil || asREST.ID != ord.ID {
		t.Fatalf("photographer over REST: %d %s", res.StatusCode, raw)
	}
	if got, res := o.gqlOrderOf(o.env, asStudio, ord.ID); len(res.Errors) > 0 || got.Status != "validated" || got.Email != "anne@example.com" {
		t.Fatalf("photographer over GraphQL: %+v %+v", res.Errors, got)
	}
	// An unpaid order of another buyer, to filter out.
	bob := o.person("bob@example.com", "", "")
	o.cartOK(bob, "POST", "/formats/"+o.photos[2].ID+"/"+o.p10x15, nil)
	o.cartOK(bob, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "pickup"})
	unpaid, _ := o.placeOK(bob)
	const list = `query($s: [OrderStatus!], $g: ID) { orders(status: $s, galleryId: $g, first: 20) { totalCount edges { node { id number status email } } } }`
	type orderList struct {
		Orders struct {
			TotalCount int
			Edges      []struct {
				Node struct{ ID, Number, Status, Email string }
			}
		}
	}
	var l orderList
	if res := o.graphqlWith(asStudio, list, map[string]any{"s": []string{"validated"}}, &l); len(res.Errors) > 0 || l.Orders.TotalCount != 1 ||
		len(l.Orders.Edges) != 1 || l.Orders.Edges[0].Node.ID != ord.ID || l.Orders.Edges[0].Node.Number != ord.Number {
		t.Fatalf("validated orders: %+v %+v", res.Errors, l)
	}
	l = orderList{}
	if res := o.graphqlWith(asStudio, list, map[string]any{"g": o.gala}, &l); len(res.Errors) > 0 || l.Orders.TotalCount != 2 ||
		l.Orders.Edges[0].Node.ID != unpaid.ID || l.Orders.Edges[1].Node.ID != ord.ID {
		t.Fatalf("the gallery's orders, newest first: %+v %+v", res.Errors, l)
	}

	// In production: the buyer sees the step, dated; only the photographer
	// marks it.
	if _, _, res := o.orderMutation(anne, nil, "markOrderInProduction", ord.ID); errorCode(res) != "unauthorized" {
		t.Fatalf("the buyer marks it in production: %+v", res.Errors)
	}
	made, ues, res := o.orderMutation(o.env, asStudio, "markOrderInProduction", ord.ID)
	if len(res.Errors) > 0 || len(ues) != 0 || made == nil || made.Status != "in_production" {
		t.Fatalf("markOrderInProduction: %+v %+v %+v", res.Errors, ues, made)
	}
	if _, r := o.order(anne, ord.ID); r.Status != "in_production" || r.InProductionAt == nil {
		t.Fatalf("buyer's view in production: %+v", r)
	}

	// Sent: once, and the buyer is told.
	if _, ues, res := o.orderMutation(o.env, asStudio, "markOrderReadyForPickup", ord.ID); len(res.Errors) > 0 || len(ues) != 1 || ues[0].Code != "order_state" {
		t.Fatalf("ready for pickup of a shipped order: %+v %+v", res.Errors, ues)
	}
	sent, ues, res := o.orderMutation(o.env, asStudio, "markOrderSent", ord.ID)
	if len(res.Errors) > 0 || len(ues) != 0 || sent == nil || sent.Status != "sent" {
		t.Fatalf("markOrderSent: %+v %+v %+v", res.Errors, ues, sent)
	}
	if _, r := o.order(anne, ord.ID); r.Status != "sent" || r.SentAt == nil {
		t.Fatalf("buyer's view after sending: %+v", r)
	}
	shipped := o.mailMatching("anne@example.com", "Votre commande n° "+ord.Number+" a été expédiée")
	if !strings.Contains(shipped.Text, "Rue Haute 1") {
		t.Errorf("sent e-mail:\n%s", shipped.Text)
	}
	if _, ues, _ := o.orderMutation(o.env, asStudio, "markOrderSent", ord.ID); len(ues) != 1 || ues[0].Code != "order_state" {
		t.Fatalf("sent twice: %+v", ues)
	}
	// Bob picks up at the studio, but has not paid.
	if _, ues, _ := o.orderMutation(o.env, asStudio, "markOrderReadyForPickup", unpaid.ID); len(ues) != 1 || ues[0].Code != "order_state" {
		t.Fatalf("ready for pickup before payment: %+v", ues)
	}

	// Refunded through the provider: the buyer is told.
	refunded, ues, res := o.orderMutation(o.env, asStudio, "refundOrder", ord.ID)
	if len(res.Errors) > 0 || len(ues) != 0 || refunded.Status != "refunded" {
		t.Fatalf("refundOrder: %+v %+v %+v", res.Errors, ues, refunded)
	}
	o.mailMatching("anne@example.com", "Remboursement de votre commande n° "+ord.Number)
	deadline := time.Now().Add(30 * time.Second)
	for o.db.Client.Payment.Query().Where(payment.HasOrderWith(order.ID(ord.ID))).OnlyX(o.sys).Status != payment.StatusRefunded {
		if time.Now().After(deadline) {
			t.Fatal("the payment was never refunded")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestCancelledOrderGivesBackTheGiftCard(t *testing.T) {
	o := newOrderEnv(t)
	token, _ := o.token()
	card := o.db.Client.Voucher.Query().Where(voucher.Code(seed.DemoGiftCard)).OnlyX(o.sys)
	ledger := func() (amount, spent, released, balance int) {
		t.Helper()
		amount, spent, released, balance, err := orders.Ledger(o.sys, o.db.Client, card.ID)
		if err != nil {
			t.Fatal(err)
		}
		if balance != amount-spent+released {
			t.Fatalf("ledger: amount %d - spent %d + released %d != balance %d", amount, spent, released, balance)
		}
		return
	}
	if a, s, r, b := ledger(); a != 5000 || s != 0 || r != 0 || b != 5000 {
		t.Fatalf("gift card before: %d %d %d %d", a, s, r, b)
	}

	// A canvas: more than the card holds, so something is left to pay.
	bob := o.person("bob@example.com", "", "")
	o.cameraSized(o.photos[0])
	o.cartOK(bob, "POST", "/formats/"+o.photos[0].ID+"/"+o.toile30x45, nil)
	o.cartOK(bob, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})
	c := o.cartOK(bob, "POST", "/vouchers/"+seed.DemoGiftCard, nil)
	if c.Totals.GiftCards.Amount != "50.00" || c.Totals.Total.Amount == "0.00" {
		t.Fatalf("cart = %s", c.Totals)
	}
	ord, redirect := o.placeOK(bob)
	if ord.Totals.GiftCards != c.Totals.GiftCards || ord.Totals.Total != c.Totals.Total || ord.Status != "awaiting_payment" {
		t.Fatalf("order totals %+v, cart %s", ord.Totals, c.Totals)
	}
	if _, s, _, b := ledger(); s != 5000 || b != 0 {
		t.Fatalf("after placing: spent %d, balance %d", s, b)
	}

	// The buyer may not cancel; the photographer may.
	if _, _, res := o.orderMutation(bob, nil, "cancelOrder", ord.ID); errorCode(res) != "unauthorized" {
		t.Fatalf("the buyer cancels: %+v", res.Errors)
	}
	if _, ues, _ := o.orderMutation(o.env, bearer(token), "refundOrder", ord.ID); len(ues) != 1 || ues[0].Code != "order_state" {
		t.Fatalf("refund of an unpaid order: %+v", ues)
	}
	cancelled, ues, res := o.orderMutation(o.env, bearer(token), "cancelOrder", ord.ID)
	if len(res.Errors) > 0 || len(ues) != 0 || cancelled.Status != "cancelled" || cancelled.CanPay {
		t.Fatalf("cancelOrder: %+v %+v %+v", res.Errors, ues, cancelled)
	}
	if a, s, r, b := ledger(); s != 5000 || r != 5000 || b != a {
		t.Fatalf("after cancelling: spent %d, released %d, balance %d", s, r, b)
	}
	m := o.mailMatching("bob@example.com", "Votre commande n° "+ord.Number+" a été annulée")
	if !strings.Contains(m.Text, "carte cadeau") {
		t.Errorf("cancel e-mail:\n%s", m.Text)
	}
	if _, page := bob.do("GET", strings.TrimPrefix(o.local(redirect), o.srv.URL), nil, nil); !strings.Contains(string(page), "n'est plus ouvert") {
		t.Errorf("the cancelled order's page is still open:\n%s", page)
	}
	if _, ues, _ := o.orderMutation(o.env, bearer(token), "cancelOrder", ord.ID); len(ues) != 1 || ues[0].Code != "order_state" {
		t.Fatalf("cancelled twice: %+v", ues)
	}
	// The cart stays; ordering it again makes a new order that spends the card again.
	again, _ := o.placeOK(bob)
	if again.ID == ord.ID || again.Number == ord.Number || again.Totals.GiftCards.Amount != "50.00" {
		t.Fatalf("ordered again: %+v (cancelled %s)", again, ord.ID)
	}
	if _, s, r, b := ledger(); s != 10000 || r != 5000 || b != 0 {
		t.Fatalf("after ordering again: spent %d, released %d, balance %d", s, r, b)
	}
	if n := o.db.Client.Order.Query().Where(order.StatusEQ(order.StatusCancelled)).CountX(o.sys); n != 1 {
		t.Fatalf("%d cancelled orders", n)
	}
}

func TestExpiredOrderGivesBackTheGiftCardAndRefundsALatePayment(t *testing.T) {
	o := newOrderEnv(t)
	card := o.db.Client.Voucher.Query().Where(voucher.Code(seed.DemoGiftCard)).OnlyX(o.sys)
	ledger := func() (spent, released, balance int) {
		t.Helper()
		amount, spent, released, balance, err := orders.Ledger(o.sys, o.db.Client, card.ID)
		if err != nil {
			t.Fatal(err)
		}
		if balance != amount-spent+released {
			t.Fatalf("ledger: amount %d - spent %d + released %d != balance %d", amount, spent, released, balance)
		}
		return spent, released, balance
	}
	carol := o.person("carol@example.com", "", "")
	o.cameraSized(o.photos[0])
	o.cartOK(carol, "POST", "/formats/"+o.photos[0].ID+"/"+o.toile30x45, nil)
	o.cartOK(carol, "POST", "/address", map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"})
	o.cartOK(carol, "POST", "/vouchers/"+seed.DemoGiftCard, nil)
	first, firstPage := o.placeOK(carol)
	if first.ExpiresAt == nil || first.ExpiresAt.Sub(first.CreatedAt) < 59*time.Minute || first.ExpiresAt.Sub(first.CreatedAt) > 61*time.Minute {
		t.Fatalf("expiresAt %v for an order created at %v, want ORDER_EXPIRY (1h) later", first.ExpiresAt, first.CreatedAt)
	}

	// Two hours later the order can no longer be paid; ordering the same
	// cart again expires it (giving the card back) and makes a new order.
	o.later.Store(int64(2 * time.Hour))
	if _, r := o.order(carol, first.ID); r.CanPay {
		t.Fatalf("an order past its expiry can still be paid: %+v", r)
	}
	second, _ := o.placeOK(carol)
	if second.ID == first.ID || second.Number == first.Number || second.Totals.GiftCards.Amount != "50.00" {
		t.Fatalf("order after the expiry: %+v (first %s)", second, first.ID)
	}
	if _, r := o.order(carol, first.ID); r.Status != "expired" || r.CanPay {
		t.Fatalf("first order: %+v", r)
	}
	if s, r, b := ledger(); s != 10000 || r != 5000 || b != 0 {
		t.Fatalf("after the second order: spent %d, released %d, balance %d", s, r, b)
	}

	// The expiry job's work: before the time it waits, after it expires the order.
	var snooze *river.JobSnoozeError
	if err := o.app.Orders.Expire(context.Background(), second.ID); !errors.As(err, &snooze) {
		t.Fatalf("expire before the time: %v, want a snooze", err)
	}
	if _, r := o.order(carol, second.ID); r.Status != "awaiting_payment" {
		t.Fatalf("second order expired early: %s", r.Status)
	}
	o.later.Store(int64(4 * time.Hour))
	if err := o.app.Orders.Expire(context.Background(), second.ID); err != nil {
		t.Fatal(err)
	}
	if _, r := o.order(carol, second.ID); r.Status != "expired" || r.CanPay {
		t.Fatalf("second order: %+v", r)
	}
	if s, r, b := ledger(); s != 10000 || r != 10000 || b != 5000 {
		t.Fatalf("after the expiry: spent %d, released %d, balance %d", s, r, b)
	}
	if err := o.app.Orders.Expire(context.Background(), second.ID); err != nil {
		t.Fatal(err)
	}
	if _, r, _ := ledger(); r != 10000 {
		t.Fatalf("expired twice gives back twice: released %d", r)
	}

	// A payment that arrives for the expired order is refunded, and the
	// photographer hears of it.
	o.pay(carol, firstPage, first.ID)
	if _, r := o.order(carol, first.ID); r.Status != "expired" || r.PaidAt != nil {
		t.Fatalf("a late payment changed the expired order: %+v", r)
	}
	o.mailMatching("studio@example.com", "Paiement reçu pour la commande n° "+first.Number)
	deadline := time.Now().Add(30 * time.Second)
	for o.db.Client.Payment.GetX(o.sys, o.paymentID(firstPage)).Status != payment.StatusRefunded {
		if time.Now().After(deadline) {
			t.Fatal("the late payment was never refunded")
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Gift cards covering everything: validated at once, nothing to pay.
	dave := o.person("dave@example.com", "", "")
	o.fillCart(dave, "BE")
	c := o.cartOK(dave, "POST", "/vouchers/"+seed.DemoGiftCard, nil)
	wantCartTotals(t, c.Totals, "merchandise 11.50, discount 0.00, shipping 4.90, gift cards 16.40, total 0.00")
	status, p := o.place(dave, placeBody)
	if status != 200 || p.Order == nil || p.RedirectURL != nil || p.Order.Status != "validated" || p.Order.PaymentMethod != "none" ||
		p.Order.PaidAt == nil || p.Order.ExpiresAt != nil || p.Order.Totals.Total.Amount != "0.00" || p.Order.Totals.GiftCards.Amount != "16.40" {
		t.Fatalf("covered order: %d %+v %+v", status, p.restError, p.Order)
	}
	if s, r, b := ledger(); s != 11640 || r != 10000 || b != 5000-1640 {
		t.Fatalf("after the covered order: spent %d, released %d, balance %d", s, r, b)
	}
	o.mailMatching("dave@example.com", "Confirmation de votre commande n° "+p.Order.Number)
	if next := o.cartOK(dave, "GET", "", nil); next.ID == c.ID || len(next.Photos) != 0 {
		t.Fatalf("cart after the covered order: %s %v", next.ID, o.lines(next))
	}
}

// gatedProvider holds the first checkout it opens until released, as a
// real provider's page takes a network round trip to open.
type gatedProvider struct {
	payments.Provider
	once             sync.Once
	entered, release chan struct{}
}

func (g *gatedProvider) CreateCheckout(ctx context.Context, in payments.CheckoutInput) (payments.Checkout, error) {
	first := false
	g.once.Do(func() { first = true })
	if first {
		close(g.entered)
		<-g.release
	}
	return g.Provider.CreateCheckout(ctx, in)
}

// A double click whose second request arrives while the first is still
// opening the provider's page must answer the same attempt, as a later
// second click does (the provider's CreateCheckout is idempotent by
// payment id, so the second request may open the same attempt again).
// (Before the fix, attempt took the attempt still being opened for dead,
// replaced it and opened a second page.)
func TestOrderConcurrentDoubleClickGetsOneAttempt(t *testing.T) {
	gate := &gatedProvider{entered: make(chan struct{}), release: make(chan struct{})}
	o := newOrderEnv(t, func(w *wiring) {
		w.WrapProvider = func(p payments.Provider) payments.Provider { gate.Provider = p; return gate }
	})
	anne := o.person("anne@example.com", "", "")
	o.fillCart(anne, "BE")
	body := o.shown(anne)

	var (
		firstStatus int
		firstPlaced restPlaced
		done        = make(chan struct{})
	)
	go func() {
		defer close(done)
		var p restPlaced
		status, raw, err := anne.tryCall("POST", "/api/orders", o.gala, body)
		if err == nil {
			err = json.Unmarshal(raw, &p)
		}
		if err != nil {
			t.Errorf("first click: %v", err)
		}
		firstStatus, firstPlaced = status, p
	}()
	waitClosed(t, gate.entered, "the first click never reached the provider")
	secondStatus, second := o.place(anne, body)
	close(gate.release)
	<-done
	if firstStatus != 200 || secondStatus != 200 || firstPlaced.Order == nil || second.Order == nil {
		t.Fatalf("clicks: %d %+v, %d %+v", firstStatus, firstPlaced.restError, secondStatus, second.restError)
	}
	if firstPlaced.Order.ID != second.Order.ID {
		t.Fatalf("two orders for one cart: %s, %s", firstPlaced.Order.ID, second.Order.ID)
	}
	var attempts []string
	for _, p := range o.db.Client.Payment.Query().AllX(o.sys) {
		attempts = append(attempts, p.ID+" "+string(p.Status)+" "+p.Failure)
	}
	if *firstPlaced.RedirectURL != *second.RedirectURL || len(attempts) != 1 {
		t.Fatalf("a pending attempt without its page yet was replaced: "+
			"a double click during the provider's round trip answered two payment pages\n first:  %s\n second: %s\nattempts: %q",
			*firstPlaced.RedirectURL, *second.RedirectURL, attempts)
	}
}

// Items added to the cart after placing an order are not part of it; paying
// that order (its page was still open) must not make them disappear.
// (Before the fix, validate closed the cart whatever its version and the
// print added after placing was lost.)
func TestPayingAnOrderPlacedBeforeACartChangeKeepsWhatWasAddedSince(t *testing.T) {
	o := newOrderEnv(t)
	anne := o.person("anne@example.com", "", "")
	o.fillCart(anne, "BE")
	ord, redirect := o.placeOK(anne)
	// Back in the gallery (another tab), one more print.
	added := o.cartOK(anne, "POST", "/formats/"+o.photos[2].ID+"/"+o.p10x15, nil)
	if len(added.Photos) != 3 {
		t.Fatalf("cart = %v", o.lines(added))
	}
	// Then the first tab pays the order placed before.
	o.pay(anne, redirect, ord.ID)
	if _, r := o.order(anne, ord.ID); r.Status != "validated" || len(r.Lines) != 2 {
		t.Fatalf("order = %+v", r)
	}
	after := o.cartOK(anne, "GET", "", nil)
	if !slices.Contains(o.lines(after), "p2#10 x 15 x1") {
		t.Fatalf("paying an older order closed the changed cart: "+
			"the print added after placing order %s is gone: cart %s (was %s v%d) holds %v, want it to keep p2#10 x 15 x1",
			ord.Number, after.ID, added.ID, added.Version, o.lines(after))
	}
}
