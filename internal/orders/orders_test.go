package orders_test

import (
	"context"
	"encoding/json"
	"net/http"

	"entgo.io/ent/dialect"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderemail"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/webhookevent"
	"github.com/studio/gallery/internal/apperr"
	cartsvc "github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/payments/stripe"
	"github.com/studio/gallery/internal/payments/stripemock"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

const publicURL = "https://galerie.example.com"

// fixture is the demo (6 photos per gallery; the gala sells its digital
// files, which the demo gives away) with the cart and order services, the test payment provider, a job runner with the order and
// download workers, and an SMTP server. Demo prices: 10x15 2.50, Fichier
// HD 9.00, Benelux shipping 4.90; CADEAU-50 holds 50 euros.
type fixture struct {
	t      *testing.T
	db     *store.DB
	sys    context.Context
	carts  *cartsvc.Service
	svc    *orders.Service
	test   *payments.Test
	runner *jobs.Runner
	smtp   *mailtest.Server
	ev     *events.Local
	clock  atomic.Pointer[time.Time]
	gala   *ent.Gallery
	photos []*ent.Photo
	p10x15 *ent.Format
	hd     *ent.Format
}

func setup(t *testing.T, opts ...testdb.Options) *fixture {
	t.Helper()
	ctx := context.Background()
	db := testdb.Open(t, opts...)
	m, err := media.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if _, err := seed.Demo(ctx, db.Client, m, 6); err != nil {
		t.Fatalf("seed: %v", err)
	}
	f := &fixture{t: t, db: db, sys: viewer.SystemContext(ctx), ev: events.NewLocal(), smtp: mailtest.Start(t, "", "")}
	t.Cleanup(func() { f.ev.Close() })
	sender, err := mail.New(mail.Options{SMTPURL: f.smtp.URL, From: "Studio <no-reply@example.com>"})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	f.runner, err = jobs.New(ctx, db, jobs.Config{Media: m, Logger: log, TestOnly: true, FetchPollInterval: 100 * time.Millisecond,
		RetryPolicy: retrySoon{}})
	if err != nil {
		t.Fatal(err)
	}
	f.test = &payments.Test{Secret: []byte("test secret"), PublicURL: publicURL}
	f.carts = &cartsvc.Service{DB: db.Client, Events: f.ev}
	f.svc = &orders.Service{DB: db.Client, Events: f.ev, Carts: f.carts, Mail: sender, PublicURL: publicURL, Logger: log,
		Provider: f.test, Providers: map[string]payments.Provider{"test": f.test}, Now: f.now, Jobs: f.runner}
	dw := &downloads.Workers{DB: db.Client, Media: m, Mail: sender, Events: f.ev, PublicURL: publicURL, Log: log, Runner: f.runner}
	f.runner.Register(dw.Register, f.svc.Register)
	f.gala = db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(f.sys)
	di := f.gala.DownloadInformation
	di.FreeDownload = false
	f.gala = db.Client.Gallery.UpdateOne(f.gala).SetDownloadInformation(di).SaveX(f.sys)
	f.photos = db.Client.Photo.Query().Where(photo.GalleryID(f.gala.ID), photo.IsPrivate(false)).Order(ent.Asc(photo.FieldPosition)).AllX(f.sys)
	f.p10x15 = f.format("Papier photo", "10 x 15")
	f.hd = f.format("Fichiers numériques", "Fichier HD")
	return f
}

type retrySoon struct{}

func (retrySoon) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(20 * time.Millisecond) }

func (f *fixture) now() time.Time {
	if p := f.clock.Load(); p != nil {
		return *p
	}
	return time.Now()
}

// later moves the orders' clock forward.
func (f *fixture) later(d time.Duration) {
	t := time.Now().Add(d)
	f.clock.Store(&t)
}

// work runs the job runner until the test ends.
func (f *fixture) work() {
	f.t.Helper()
	if err := f.runner.Start(context.Background()); err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := f.runner.Stop(ctx); err != nil {
			f.t.Errorf("stop: %v", err)
		}
	})
}

func (f *fixture) format(fam, name string) *ent.Format {
	f.t.Helper()
	for _, x := range f.db.Client.Format.Query().Where(format.HasGalleryWith(gallery.ID(f.gala.ID)), format.HasFamilyWith(family.Name(fam))).AllX(f.sys) {
		if catalogue.FormatName(x) == name {
			return x
		}
	}
	f.t.Fatalf("no format %s %s", fam, name)
	return nil
}

// buyer is a browser with a confirmed e-mail.
func buyer(email string) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: ids.Token(16), Email: email})
}

func belgian() model.Address {
	return model.Address{Title: "Madame", Firstname: "Anne", Lastname: "Martin", Address: "Rue Haute 1", PostalCode: "1000",
		City: "Bruxelles", Country: "BE", PhoneNumber: "0470 12 34 56"}
}

// fill puts a 10x15 print of photo i (quantity q) and, if hd, the HD file
// of photo i+1 in the buyer's cart, with a Belgian address and delivery.
func (f *fixture) fill(ctx context.Context, i, q int, hd bool, vouchers ...string) *cartsvc.View {
	f.t.Helper()
	var v *cartsvc.View
	var err error
	if q > 0 {
		if _, err = f.carts.SetPrint(ctx, f.gala, cartsvc.PrintInput{PhotoID: f.photos[i].ID, FormatID: f.p10x15.ID, Quantity: q}); err != nil {
			f.t.Fatalf("print: %v", err)
		}
	}
	if hd {
		if _, err = f.carts.AddDigitalFile(ctx, f.gala, f.photos[i+1].ID, f.hd.ID); err != nil {
			f.t.Fatalf("hd: %v", err)
		}
	}
	if v, err = f.carts.SetClientData(ctx, f.gala, cartsvc.ClientDataInput{Billing: belgian(), SameAsBilling: true, DeliveryOption: "shipping"}); err != nil {
		f.t.Fatalf("address: %v", err)
	}
	for _, code := range vouchers {
		if v, err = f.carts.AddVoucher(ctx, f.gala, code); err != nil {
			f.t.Fatalf("voucher %s: %v", code, err)
		}
	}
	return v
}

var accept = orders.PlaceInput{Method: payments.Card, AcceptTerms: true, AcceptRetouch: true}

// shown is what the review page sends: accept with the amount to pay the
// viewer's cart shows now.
func (f *fixture) shown(ctx context.Context, m payments.Method) orders.PlaceInput {
	f.t.Helper()
	v, err := f.carts.Get(ctx, f.gala)
	if err != nil {
		f.t.Fatalf("cart: %v", err)
	}
	in := accept
	in.Method, in.ExpectedTotal = m, money.Cents(v.Totals.Total.Amount)
	return in
}

func (f *fixture) place(ctx context.Context) *orders.Placed {
	f.t.Helper()
	p, err := f.svc.Place(ctx, f.gala, f.shown(ctx, payments.Card))
	if err != nil {
		f.t.Fatalf("place: %v", err)
	}
	return p
}

// pay sends the test provider's event for the order's latest attempt.
func (f *fixture) pay(o *ent.Order, status payments.Status) *payments.Event {
	f.t.Helper()
	p := f.latest(o)
	payload, header, err := f.test.Event(p.ID, status, "")
	if err != nil {
		f.t.Fatal(err)
	}
	if err := f.svc.HandleWebhook(context.Background(), "test", payload, header); err != nil {
		f.t.Fatalf("webhook: %v", err)
	}
	ev, _ := f.test.ParseWebhook(payload, header)
	return ev
}

func (f *fixture) latest(o *ent.Order) *ent.Payment {
	f.t.Helper()
	return f.db.Client.Payment.Query().Where(payment.HasOrderWith(order.ID(o.ID))).
		Order(ent.Desc(payment.FieldCreatedAt), ent.Desc(payment.FieldID)).FirstX(f.sys)
}

func (f *fixture) reload(o *ent.Order) *ent.Order {
	f.t.Helper()
	return f.db.Client.Order.GetX(f.sys, o.ID)
}

func code(err error) string {
	if ae := apperr.As(err); ae != nil {
		return ae.Code
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func (f *fixture) giftCard() *ent.Voucher {
	return f.db.Client.Voucher.Query().Where(voucher.Code(seed.DemoGiftCard)).OnlyX(f.sys)
}

// checkLedger asserts the gift card's balance is its amount minus what
// orders spent plus what they gave back, and never negative.
func (f *fixture) checkLedger() (spent int) {
	f.t.Helper()
	amount, spent, released, balance, err := orders.Ledger(f.sys, f.db.Client, f.giftCard().ID)
	if err != nil {
		f.t.Fatal(err)
	}
	if balance < 0 || amount-spent+released != balance {
		f.t.Fatalf("ledger: amount %d - spent %d + released %d != balance %d", amount, spent, released, balance)
	}
	return spent - released
}

func TestPlaceAndPay(t *testing.T) {
	f := setup(t)
	f.work()
	ctx := buyer("anne@example.com")
	v := f.fill(ctx, 0, 2, true)
	p := f.place(ctx)
	o := p.Order
	// 2 x 2.50 + 9.00 + 4.90 shipping to Belgium.
	if o.Status != order.StatusAwaitingPayment || o.Total != 1890 || o.Subtotal != 1400 || o.ShippingTotal != 490 || o.Number == "" {
		t.Fatalf("order %+v", o)
	}
	if o.Total != int(v.Totals.Total.Amount) {
		t.Fatalf("order total %d, cart total %v", o.Total, v.Totals.Total)
	}
	if !strings.HasPrefix(p.RedirectURL, publicURL+"/pay/test/pay_") {
		t.Fatalf("redirect %q", p.RedirectURL)
	}
	lines := o.QueryLines().AllX(f.sys)
	if len(lines) != 2 || !strings.Contains(lines[0].Description+lines[1].Description, "Tirage 10 x 15") {
		t.Fatalf("lines %+v", lines)
	}
	// A double click answers the same order and the same page.
	again := f.place(ctx)
	if again.Order.ID != o.ID || again.RedirectURL != p.RedirectURL {
		t.Fatalf("placed twice: %s %s vs %s %s", again.Order.ID, again.RedirectURL, o.ID, p.RedirectURL)
	}
	f.pay(o, payments.Succeeded)
	o = f.reload(o)
	if o.Status != order.StatusValidated || o.PaidAt == nil {
		t.Fatalf("after payment: %s", o.Status)
	}
	// The cart is closed: the next read opens a new, empty one.
	c := f.db.Client.Cart.GetX(f.sys, o.CartID)
	if c.State != cart.StateOrdered || c.OpenKey != nil {
		t.Fatalf("cart %s %v", c.State, c.OpenKey)
	}
	if nv, err := f.carts.Get(ctx, f.gala); err != nil || nv.ItemCount != 0 || nv.ID == v.ID {
		t.Fatalf("new cart: %v %+v", err, nv)
	}
	// The HD file is prepared and mailed; the confirmation and the
	// photographer's notice go out.
	msgs := f.smtp.Wait(t, 3, 30*time.Second)
	subjects := ""
	for _, m := range msgs {
		subjects += m.Subject + "\n"
	}
	for _, want := range []string{"Confirmation de votre commande n° " + o.Number, "Nouvelle commande n° " + o.Number, "Vos fichiers de la commande n° " + o.Number} {
		if !strings.Contains(subjects, want) {
			t.Errorf("no mail %q in:\n%s", want, subjects)
		}
	}
	d := f.db.Client.DownloadRequest.Query().Where(downloadrequest.OrderID(o.ID)).OnlyX(f.sys)
	if d.Status != downloadrequest.StatusReady || d.FilesTotal != 1 || d.Quality != downloadrequest.QualityHd || len(d.PhotoIds) != 1 || d.PhotoIds[0] != f.photos[1].ID {
		t.Fatalf("delivery %+v", d)
	}
}

// TestOrderEMailsSpeakTheBuyersLanguage: the order keeps the language it
// was placed in; the buyer's e-mails (and the files' links) are written in
// it, the photographer's notice in the gallery's default.
func TestOrderEMailsSpeakTheBuyersLanguage(t *testing.T) {
	f := setup(t)
	f.work()
	ctx := lang.With(buyer("anne@example.com"), lang.NL)
	f.fill(ctx, 0, 2, true)
	o := f.place(ctx).Order
	if o.Language != "nl" {
		t.Fatalf("order language %q", o.Language)
	}
	f.pay(o, payments.Succeeded)
	msgs := f.smtp.Wait(t, 3, 30*time.Second)
	// Each is listed on the order's page in the studio.
	var recorded []*ent.OrderEmail
	for deadline := time.Now().Add(10 * time.Second); len(recorded) < 3; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d e-mails recorded on the order, want 3", len(recorded))
		}
		recorded = f.db.Client.OrderEmail.Query().Where(orderemail.OrderID(o.ID)).AllX(f.sys)
	}
	kinds := map[string]bool{}
	for _, r := range recorded {
		kinds[r.Kind] = true
		if r.Recipient == "" || r.Subject == "" {
			t.Errorf("recorded e-mail %+v", r)
		}
	}
	if !kinds[string(orders.MailConfirmation)] || !kinds[string(orders.MailPhotographer)] || !kinds[downloads.KindOrderEmail] {
		t.Errorf("recorded kinds %v", kinds)
	}
	subjects := ""
	for _, m := range msgs {
		subjects += m.Subject + "\n"
		if m.HTML == "" {
			t.Errorf("%q has no HTML part", m.Subject)
		}
	}
	for _, want := range []string{"Bevestiging van uw bestelling nr. " + o.Number, "Nouvelle commande n° " + o.Number,
		"De bestanden van uw bestelling nr. " + o.Number} {
		if !strings.Contains(subjects, want) {
			t.Errorf("no mail %q in:\n%s", want, subjects)
		}
	}
	// The shipping address names its country in the e-mail's language.
	for _, m := range msgs {
		switch {
		case strings.HasPrefix(m.Subject, "Bevestiging"):
			if !strings.Contains(m.Text, "België") || strings.Contains(m.Text, "Belgique") || !strings.Contains(m.HTML, "België") {
				t.Errorf("Dutch confirmation without België:\n%s", m.Text)
			}
		case strings.HasPrefix(m.Subject, "Nouvelle commande"):
			if !strings.Contains(m.Text, "Belgique") {
				t.Errorf("French notice without Belgique:\n%s", m.Text)
			}
		}
	}
	if d := f.db.Client.DownloadRequest.Query().Where(downloadrequest.OrderID(o.ID)).OnlyX(f.sys); d.Language != "nl" {
		t.Errorf("delivery language %q", d.Language)
	}
}

func TestRefusals(t *testing.T) {
	f := setup(t)
	ctx := buyer("anne@example.com")
	for _, tc := range []struct {
		name string
		ctx  context.Context
		in   orders.PlaceInput
		want string
	}{
		{"no e-mail", viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: "s"}), accept, "unauthorized"},
		{"empty cart", ctx, accept, "cart_empty"},
		{"no terms", ctx, orders.PlaceInput{Method: payments.Card, AcceptRetouch: true}, "terms_required"},
		{"no retouch", ctx, orders.PlaceInput{Method: payments.Card, AcceptTerms: true}, "retouch_required"},
	} {
		if _, err := f.svc.Place(tc.ctx, f.gala, tc.in); code(err) != tc.want {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
	}
	if _, err := f.carts.SetPrint(ctx, f.gala, cartsvc.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Place(ctx, f.gala, f.shown(ctx, payments.Card)); code(err) != "address_required" {
		t.Errorf("no address: %v", err)
	}
	f.fill(ctx, 1, 1, false)
	if _, err := f.svc.Place(ctx, f.gala, orders.PlaceInput{Method: "cash", AcceptTerms: true, AcceptRetouch: true}); code(err) != "payment_method_unavailable" {
		t.Errorf("cash: %v", err)
	}
	if n := f.db.Client.Order.Query().CountX(f.sys); n != 0 {
		t.Fatalf("%d orders after refusals", n)
	}
}

func TestFailedPaymentLeavesTheCartForARetry(t *testing.T) {
	f := setup(t)
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, false, seed.DemoGiftCard)
	first := f.place(ctx)
	o := first.Order
	// 2.50 + 4.90, all paid by the gift card: validated at once.
	if o.Status != order.StatusValidated || first.RedirectURL != "" || o.GiftCardTotal != 740 || o.PaymentMethod != order.PaymentMethodNone {
		t.Fatalf("gift card order: %s %q %d", o.Status, first.RedirectURL, o.GiftCardTotal)
	}
	if b := f.giftCard().Balance; b != 5000-740 {
		t.Fatalf("balance %d", b)
	}
	f.checkLedger()

	ctx = buyer("bob@example.com")
	f.fill(ctx, 0, 4, true)
	p := f.place(ctx)
	f.pay(p.Order, payments.Failed)
	if o := f.reload(p.Order); o.Status != order.StatusPaymentError {
		t.Fatalf("after failure: %s", o.Status)
	}
	v, err := f.carts.Get(ctx, f.gala)
	if err != nil || v.ItemCount != 5 {
		t.Fatalf("cart after failure: %v %+v", err, v)
	}
	retry := f.place(ctx)
	if retry.Order.ID != p.Order.ID || retry.RedirectURL == p.RedirectURL || retry.Order.Status != order.StatusAwaitingPayment {
		t.Fatalf("retry: %s %q (first %q)", retry.Order.Status, retry.RedirectURL, p.RedirectURL)
	}
	f.pay(retry.Order, payments.Succeeded)
	if o := f.reload(p.Order); o.Status != order.StatusValidated {
		t.Fatalf("after retry: %s", o.Status)
	}
	if n := f.db.Client.Payment.Query().Where(payment.HasOrderWith(order.ID(p.Order.ID))).CountX(f.sys); n != 2 {
		t.Fatalf("%d attempts", n)
	}
}

func TestWebhookTwiceAndOutOfOrder(t *testing.T) {
	f := setup(t)
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, true)
	p := f.place(ctx)
	pay := f.latest(p.Order)
	payload, header, err := f.test.Event(pay.ID, payments.Succeeded, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.HandleWebhook(context.Background(), "test", payload, header); err != nil {
		t.Fatal(err)
	}
	before := f.reload(p.Order)
	jobsBefore := countJobs(t, f)
	if err := f.svc.HandleWebhook(context.Background(), "test", payload, header); err != nil {
		t.Fatalf("second delivery: %v", err)
	}
	after := f.reload(p.Order)
	if after.Status != order.StatusValidated || !after.UpdatedAt.Equal(before.UpdatedAt) || countJobs(t, f) != jobsBefore {
		t.Fatalf("second delivery changed something: %s %v %v, jobs %d -> %d", after.Status, before.UpdatedAt, after.UpdatedAt, jobsBefore, countJobs(t, f))
	}
	if n := f.db.Client.WebhookEvent.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d events recorded", n)
	}
	// Late, out-of-order events do not undo the payment.
	f.pay(p.Order, payments.Processing)
	f.pay(p.Order, payments.Failed)
	if o := f.reload(p.Order); o.Status != order.StatusValidated || f.latest(o).Status != payment.StatusSucceeded {
		t.Fatalf("after late events: %s %s", o.Status, f.latest(o).Status)
	}
	// A forged or tampered event is refused.
	if err := f.svc.HandleWebhook(context.Background(), "test", append(payload[:len(payload)-1:len(payload)-1], ' ', '}'), header); !errors.Is(err, orders.ErrBadSignature) {
		t.Fatalf("tampered: %v", err)
	}
	if err := f.svc.HandleWebhook(context.Background(), "nope", payload, header); !errors.Is(err, orders.ErrUnknownProvider) {
		t.Fatalf("unknown provider: %v", err)
	}
}

func countJobs(t *testing.T, f *fixture) int {
	t.Helper()
	var n int
	row := f.db.SQL.QueryRow("SELECT count(*) FROM river_job")
	if err := row.Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestEventBeforeItsPaymentIsVisible(t *testing.T) {
	f := setup(t)
	f.work()
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, false)
	// The event names an attempt whose transaction has not committed yet:
	// it is kept, and a job applies it once the attempt is there.
	id := ids.New("pay")
	payload, header, err := f.test.Event(id, payments.Succeeded, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.HandleWebhook(context.Background(), "test", payload, header); err != nil {
		t.Fatal(err)
	}
	p := f.place(ctx)
	pay := f.latest(p.Order)
	// Give the waiting event's payment the id it names.
	q := "UPDATE payments SET id = ? WHERE id = ?"
	if f.db.Dialect == dialect.Postgres {
		q = "UPDATE payments SET id = $1 WHERE id = $2"
	}
	if _, err := f.db.SQL.Exec(q, id, pay.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for f.reload(p.Order).Status != order.StatusValidated {
		if time.Now().After(deadline) {
			t.Fatalf("the kept event was not applied: %s", f.reload(p.Order).Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	we := f.db.Client.WebhookEvent.Query().Where(webhookevent.PaymentID(id)).OnlyX(f.sys)
	if we.ProcessedAt == nil {
		t.Fatal("event not marked processed")
	}
}

func TestExpiryGivesBack(t *testing.T) {
	f := setup(t)
	f.db.Client.Voucher.Update().Where(voucher.Code(seed.DemoGiftCard)).SetGiftAmount(2000).SetBalance(2000).ExecX(f.sys)
	ctx := buyer("anne@example.com")
	// 10 x 2.50 + 9.00, 10 % off with the code, 4.90 shipping: 35.50, of
	// which the gift card pays 20.00.
	f.fill(ctx, 0, 10, true, seed.DemoDiscountCode, seed.DemoGiftCard)
	p := f.place(ctx)
	o := p.Order
	code := f.db.Client.Voucher.Query().Where(voucher.Code(seed.DemoDiscountCode)).OnlyX(f.sys)
	if o.DiscountCode != seed.DemoDiscountCode || code.TimesUsed != 1 || o.GiftCardTotal != 2000 || o.Total != 1550 || f.giftCard().Balance != 0 {
		t.Fatalf("placed: code %q used %d, gift %d, balance %d", o.DiscountCode, code.TimesUsed, o.GiftCardTotal, f.giftCard().Balance)
	}
	if err := f.svc.Expire(context.Background(), o.ID); !isSnooze(err) {
		t.Fatalf("early expiry: %v", err)
	}
	f.later(2 * time.Hour)
	if err := f.svc.Expire(context.Background(), o.ID); err != nil {
		t.Fatal(err)
	}
	if o := f.reload(o); o.Status != order.StatusExpired {
		t.Fatalf("status %s", o.Status)
	}
	if b, used := f.giftCard().Balance, f.db.Client.Voucher.GetX(f.sys, code.ID).TimesUsed; b != 2000 || used != 0 {
		t.Fatalf("given back: balance %d, uses %d", b, used)
	}
	f.checkLedger()
	// Again: nothing more is given back.
	if err := f.svc.Expire(context.Background(), o.ID); err != nil {
		t.Fatal(err)
	}
	if b := f.giftCard().Balance; b != 2000 {
		t.Fatalf("second expiry: %d", b)
	}
	// The cart is still there; ordering it again makes a new order.
	f.clock.Store(nil)
	again := f.place(ctx)
	if again.Order.ID == o.ID || again.Order.Status != order.StatusAwaitingPayment {
		t.Fatalf("new order after expiry: %s %s", again.Order.ID, again.Order.Status)
	}
	f.checkLedger()
}

func isSnooze(err error) bool {
	var s *river.JobSnoozeError
	return errors.As(err, &s)
}

func TestChangedCartReplacesItsUnpaidOrder(t *testing.T) {
	f := setup(t)
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, false, seed.DemoGiftCard)
	f.fill(ctx, 1, 30, false)
	first := f.place(ctx).Order
	if f.giftCard().Balance != 0 {
		t.Fatalf("balance %d", f.giftCard().Balance)
	}
	f.fill(ctx, 2, 1, false)
	second := f.place(ctx).Order
	if second.ID == first.ID || f.reload(first).Status != order.StatusCancelled {
		t.Fatalf("first order %s", f.reload(first).Status)
	}
	if second.GiftCardTotal != 5000 || f.giftCard().Balance != 0 {
		t.Fatalf("second order gift %d, balance %d", second.GiftCardTotal, f.giftCard().Balance)
	}
	f.checkLedger()
}

// TestGiftCardRace places 100 orders at once, each spending the same gift
// card: the balance never goes below zero and the ledger adds up.
func TestGiftCardRace(t *testing.T) {
	f := setup(t)
	const n = 100
	ctxs := make([]context.Context, n)
	for i := range ctxs {
		ctxs[i] = buyer(fmt.Sprintf("buyer%03d@example.com", i))
		f.fill(ctxs[i], i%5, 2, false, seed.DemoGiftCard) // 5.00 + 4.90
	}
	ins := make([]orders.PlaceInput, n)
	for i := range ctxs {
		ins[i] = f.shown(ctxs[i], payments.Card)
	}
	var wg sync.WaitGroup
	results := make([]*orders.Placed, n)
	errs := make([]error, n)
	for i := range ctxs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = f.svc.Place(ctxs[i], f.gala, ins[i])
		}()
	}
	wg.Wait()
	giftTotal, placed := 0, 0
	for i, err := range errs {
		switch {
		case err == nil:
			placed++
			giftTotal += results[i].Order.GiftCardTotal
			// Each took what its buyer was shown: the whole 9.90 from
			// the card, nothing to pay.
			if results[i].Order.Total != int(ins[i].ExpectedTotal) || results[i].Order.GiftCardTotal != 990 {
				t.Errorf("buyer %d: order total %d, gift card %d; shown total %d", i, results[i].Order.Total,
					results[i].Order.GiftCardTotal, ins[i].ExpectedTotal)
			}
		case code(err) == "gift_card_changed":
		default:
			t.Fatalf("buyer %d: %v", i, err)
		}
	}
	spent := f.checkLedger()
	if spent != giftTotal || placed != 5 || f.giftCard().Balance != 5000-spent || f.giftCard().Balance < 0 {
		t.Fatalf("%d orders took %d, ledger spent %d, balance %d", placed, giftTotal, spent, f.giftCard().Balance)
	}
	t.Logf("%d orders placed, %d refused for a changed balance", placed, n-placed)
}

// TestVoucherUsageLimit places 50 orders at once with a code usable 5 times.
func TestVoucherUsageLimit(t *testing.T) {
	f := setup(t)
	f.db.Client.Voucher.Update().Where(voucher.Code(seed.DemoDiscountCode)).SetUsageLimit(5).ExecX(f.sys)
	const n = 50
	ctxs := make([]context.Context, n)
	for i := range ctxs {
		ctxs[i] = buyer(fmt.Sprintf("buyer%03d@example.com", i))
		f.fill(ctxs[i], i%5, 10, false, seed.DemoDiscountCode) // 25.00, over the code's 20.00 minimum
	}
	ins := make([]orders.PlaceInput, n)
	for i := range ctxs {
		ins[i] = f.shown(ctxs[i], payments.Card)
	}
	var wg sync.WaitGroup
	var used, refused atomic.Int32
	for i := range ctxs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := f.svc.Place(ctxs[i], f.gala, ins[i])
			switch {
			case err == nil && p.Order.DiscountCode == seed.DemoDiscountCode:
				used.Add(1)
			case code(err) == "voucher_used_up":
				refused.Add(1)
			default:
				t.Errorf("buyer %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	v := f.db.Client.Voucher.Query().Where(voucher.Code(seed.DemoDiscountCode)).OnlyX(f.sys)
	if used.Load() != 5 || v.TimesUsed != 5 || refused.Load() != n-5 {
		t.Fatalf("used %d times (counter %d), refused %d", used.Load(), v.TimesUsed, refused.Load())
	}
}

func TestPhotographerTools(t *testing.T) {
	f := setup(t)
	f.work()
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, false)
	o := f.place(ctx).Order
	pg := viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.gala.PhotographerID})
	if _, err := f.svc.MarkSent(pg, o.ID, ""); code(err) != "order_state" {
		t.Fatalf("sent before paid: %v", err)
	}
	if _, err := f.svc.MarkSent(ctx, o.ID, ""); code(err) != "unauthorized" {
		t.Fatalf("buyer marks sent: %v", err)
	}
	stranger := buyer("eve@example.com")
	if _, err := f.svc.Get(stranger, o.ID); code(err) != "order_not_found" {
		t.Fatalf("stranger: %v", err)
	}
	f.pay(o, payments.Succeeded)
	conn, err := f.svc.List(pg, orders.Filter{Statuses: []order.Status{order.StatusValidated}}, nil, nil)
	if err != nil || conn.TotalCount != 1 || conn.Edges[0].Node.ID != o.ID {
		t.Fatalf("list: %v %+v", err, conn)
	}
	if _, err := f.svc.MarkReadyForPickup(pg, o.ID); code(err) != "order_state" {
		t.Fatalf("pickup of a shipped order: %v", err)
	}
	sent, err := f.svc.MarkSent(pg, o.ID, "")
	if err != nil || sent.Status != order.StatusSent || sent.SentAt == nil {
		t.Fatalf("sent: %v", err)
	}
	refunded, err := f.svc.Refund(pg, o.ID)
	if err != nil || refunded.Status != order.StatusRefunded {
		t.Fatalf("refund: %v", err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for f.latest(o).Status != payment.StatusRefunded {
		if time.Now().After(deadline) {
			t.Fatalf("payment not refunded: %s", f.latest(o).Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	subjects := ""
	for _, m := range f.smtp.Wait(t, 4, 30*time.Second) {
		subjects += m.Subject + "\n"
	}
	for _, want := range []string{"a été expédiée", "Remboursement de votre commande"} {
		if !strings.Contains(subjects, want) {
			t.Errorf("no mail %q in:\n%s", want, subjects)
		}
	}
}

// stripeEvent is a Stripe webhook event about a Checkout Session, signed
// with the endpoint's secret.
func stripeEvent(t *testing.T, id, typ, secret string, session map[string]any) ([]byte, http.Header) {
	t.Helper()
	session["object"] = "checkout.session"
	payload, err := json.Marshal(map[string]any{"id": id, "object": "event", "api_version": "2024-06-20",
		"created": time.Now().Unix(), "livemode": false, "pending_webhooks": 1, "type": typ,
		"data": map[string]any{"object": session}})
	if err != nil {
		t.Fatal(err)
	}
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: time.Now()})
	h := http.Header{}
	h.Set("Stripe-Signature", sp.Header)
	return payload, h
}

// TestStripeBancontact runs the real Stripe client library against
// stripe-mock: a Bancontact payment opens a Checkout Session, the signed
// "completed, unpaid" event puts the order in awaiting_validation, the
// asynchronous success validates it, and a refund goes through Stripe.
func TestStripeBancontact(t *testing.T) {
	f := setup(t)
	const secret = "whsec_test_secret"
	sp, err := stripe.New(stripe.Config{SecretKey: "sk_test_123", WebhookSecret: secret, APIURL: stripemock.Start(t)})
	if err != nil {
		t.Fatal(err)
	}
	f.svc.Provider = sp
	f.svc.Providers["stripe"] = sp
	f.work()
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, true)
	placed, err := f.svc.Place(ctx, f.gala, f.shown(ctx, payments.Bancontact))
	if err != nil {
		t.Fatal(err)
	}
	pay := f.latest(placed.Order)
	if placed.RedirectURL == "" || pay.Provider != "stripe" || pay.ProviderRef == "" || pay.Method != payment.MethodBancontact {
		t.Fatalf("checkout: %q %+v", placed.RedirectURL, pay)
	}
	session := func(status, paid string) map[string]any {
		return map[string]any{"id": pay.ProviderRef, "client_reference_id": pay.ID, "status": status, "payment_status": paid,
			"amount_total": pay.Amount, "currency": "eur", "metadata": map[string]any{"payment_id": pay.ID, "order_id": placed.Order.ID}}
	}
	deliver := func(payload []byte, h http.Header) {
		t.Helper()
		if err := f.svc.HandleWebhook(context.Background(), "stripe", payload, h); err != nil {
			t.Fatalf("webhook: %v", err)
		}
	}
	deliver(stripeEvent(t, "evt_1", "checkout.session.completed", secret, session("complete", "unpaid")))
	if o := f.reload(placed.Order); o.Status != order.StatusAwaitingValidation {
		t.Fatalf("after completed-unpaid: %s", o.Status)
	}
	// Placing the same cart again while the bank decides answers the
	// order as it is: no new attempt.
	again, err := f.svc.Place(ctx, f.gala, f.shown(ctx, payments.Bancontact))
	if err != nil || again.Order.ID != placed.Order.ID || again.Order.Status != order.StatusAwaitingValidation || again.RedirectURL != "" {
		t.Fatalf("place while validating: %v %+v", err, again)
	}
	if n := f.db.Client.Payment.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d payment attempts after placing while validating", n)
	}
	ok, okHeader := stripeEvent(t, "evt_2", "checkout.session.async_payment_succeeded", secret, session("complete", "paid"))
	deliver(ok, okHeader)
	deliver(ok, okHeader) // delivered twice
	if o := f.reload(placed.Order); o.Status != order.StatusValidated || o.PaymentMethod != order.PaymentMethodBancontact {
		t.Fatalf("after async success: %s %s", o.Status, o.PaymentMethod)
	}
	// A forged event is refused.
	forged, h := stripeEvent(t, "evt_3", "checkout.session.expired", "whsec_wrong", session("expired", "unpaid"))
	if err := f.svc.HandleWebhook(context.Background(), "stripe", forged, h); !errors.Is(err, orders.ErrBadSignature) {
		t.Fatalf("forged: %v", err)
	}
	pg := viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.gala.PhotographerID})
	if _, err := f.svc.Refund(pg, placed.Order.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for p := f.latest(placed.Order); p.Status != payment.StatusRefunded || p.RefundRef == ""; p = f.latest(placed.Order) {
		if time.Now().After(deadline) {
			t.Fatalf("refund through Stripe: %s %q", p.Status, p.RefundRef)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestPlaceStatements counts what placing an order sends to the database
// (issue 21, one pass per request): the buyer's user and cart are read
// once, and the order's lines come from the cart the transaction locked.
func TestPlaceStatements(t *testing.T) {
	counter := &testdb.Counter{}
	f := setup(t, testdb.Options{Counter: counter})
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 2, true)
	in := f.shown(ctx, payments.Card)
	counter.Reset()
	if _, err := f.svc.Place(ctx, f.gala, in); err != nil {
		t.Fatal(err)
	}
	n := counter.Count()
	t.Logf("Place: %d statements", n)
	if n > maxPlace {
		t.Errorf("Place sent %d statements, want at most %d:\n%s", n, maxPlace, strings.Join(counter.Statements(), "\n"))
	}
}

// maxPlace bounds Place's statements, transactions' begins and commits
// included (before issue 21: 30 on both databases; the buyer's user was
// read twice, the locked cart's row twice, and the payment's page recorded
// in a transaction of its own that read the row back).
const maxPlace = 25

// TestOldOrderLineDetailsRead: order lines written before the details were
// typed (an untyped map, issue 21) read back into the struct, since it
// keeps the map's keys (deliver.go reads them to deliver and close).
func TestOldOrderLineDetailsRead(t *testing.T) {
	f := setup(t)
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, true)
	o := f.place(ctx).Order
	lines := o.QueryLines().AllX(f.sys)
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	// As the map of before stored it: a pack's content and qualities too.
	old := `{"cartItemId":"cit_old","format":"Fichier HD","quality":"hd","filename":"a.jpg","finish":"glossy",` +
		`"border":"white","crop":{"x":1,"y":2,"width":30,"height":40},"lab":"Labo",` +
		`"content":{"formats":[],"digitalFiles":[{"formatId":"fmt_x","photos":[{"photoId":"pho_1","quantity":1}]}]},` +
		`"digitalQualities":{"fmt_x":"web"}}`
	if _, err := f.db.SQL.ExecContext(context.Background(), f.rebind("UPDATE order_lines SET details = ? WHERE id = ?"), old, lines[0].ID); err != nil {
		t.Fatal(err)
	}
	got := f.db.Client.OrderLine.GetX(f.sys, lines[0].ID).Details
	want := &model.OrderLineDetails{CartItemID: "cit_old", Format: "Fichier HD", Quality: "hd", Filename: "a.jpg", Finish: "glossy",
		Border: "white", Crop: &model.Crop{X: 1, Y: 2, Width: 30, Height: 40}, Lab: "Labo",
		Content: &model.PackContent{Formats: []model.PackFormatChoice{}, DigitalFiles: []model.PackFormatChoice{
			{FormatID: "fmt_x", Photos: []model.PackPhotoChoice{{PhotoID: "pho_1", Quantity: 1}}}}},
		DigitalQualities: map[string]string{"fmt_x": "web"}}
	if gj, wj := mustJSON(t, got), mustJSON(t, want); gj != wj {
		t.Fatalf("old details read as\n%s\nwant\n%s", gj, wj)
	}
	// A line written now stores the same keys.
	var raw string
	if err := f.db.SQL.QueryRowContext(context.Background(), f.rebind("SELECT details FROM order_lines WHERE id = ?"), lines[1].ID).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	var keys map[string]any
	if err := json.Unmarshal([]byte(raw), &keys); err != nil {
		t.Fatal(err)
	}
	if _, ok := keys["cartItemId"]; !ok {
		t.Fatalf("new details %s have no cartItemId", raw)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// rebind writes ? placeholders as the database wants them.
func (f *fixture) rebind(q string) string {
	if f.db.Dialect != dialect.Postgres {
		return q
	}
	n := 0
	var b strings.Builder
	for _, r := range q {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
