package orders

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderemail"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/emails"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/ordermail"
	"github.com/studio/gallery/internal/viewer"
)

// MailKind names an order e-mail.
type MailKind string

// The order e-mails.
const (
	// MailConfirmation: to the buyer, with the recap, once paid.
	MailConfirmation MailKind = "confirmation"
	// MailPhotographer: to the photographer, a new paid order.
	MailPhotographer MailKind = "photographer"
	MailSent         MailKind = "sent"
	MailReady        MailKind = "ready_for_pickup"
	MailCancelled    MailKind = "cancelled"
	MailRefunded     MailKind = "refunded"
	// MailLatePayment: to the photographer, a payment that came for an
	// order no longer waiting for it, and is being refunded.
	MailLatePayment MailKind = "late_payment"
)

// MailArgs sends one order e-mail.
type MailArgs struct {
	OrderID string   `json:"order_id"`
	Mail    MailKind `json:"kind"`
	// Amount is what a refund gave back, in cents, when it is not the
	// order's whole total (a partial refund, or the rest after some).
	Amount int `json:"amount,omitempty"`
}

// Kind names the job.
func (MailArgs) Kind() string { return KindMail }

// InsertOpts retries e-mails for about a day: a mail server that is down
// delays them, it does not lose them.
func (MailArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 12} }

type mailWorker struct {
	river.WorkerDefaults[MailArgs]
	s *Service
}

func (w *mailWorker) Timeout(*river.Job[MailArgs]) time.Duration { return time.Minute }

func (w *mailWorker) Work(ctx context.Context, job *river.Job[MailArgs]) error {
	ctx = viewer.SystemContext(ctx)
	o, err := w.s.DB.Order.Query().Where(order.ID(job.Args.OrderID)).
		WithGallery(func(q *ent.GalleryQuery) { q.WithPhotographer() }).
		WithLines(func(q *ent.OrderLineQuery) { q.Order(ent.Asc(orderline.FieldID)) }).Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if w.s.Mail == nil {
		return river.JobCancel(fmt.Errorf("orders: no mail sender"))
	}
	m, err := w.s.message(ctx, o, job.Args.Mail, job.Args.Amount)
	if err != nil {
		return err
	}
	if err := w.s.Mail.Send(ctx, m); err != nil {
		return err
	}
	// Sent: a failure to record it must not send it again.
	if err := ordermail.Record(ctx, w.s.DB, w.s.Events, o.ID, string(job.Args.Mail), m); err != nil {
		w.s.log().WarnContext(ctx, "orders: record e-mail", "order", o.ID, "kind", job.Args.Mail, "err", err)
	}
	return nil
}

// Emails lists what was e-mailed about an order, oldest first
// (photographer only: the buyer sees nothing).
func (s *Service) Emails(ctx context.Context, o *ent.Order) ([]*ent.OrderEmail, error) {
	if !IsPhotographer(ctx, o) {
		return []*ent.OrderEmail{}, nil
	}
	return s.DB.OrderEmail.Query().Where(orderemail.OrderID(o.ID)).
		Order(ent.Asc(orderemail.FieldSentAt), ent.Asc(orderemail.FieldID)).All(viewer.SystemContext(ctx))
}

// mailNames are the e-mails of the order mail kinds.
var mailNames = map[MailKind]emails.Name{
	MailConfirmation: emails.OrderConfirmation, MailPhotographer: emails.OrderPhotographer,
	MailSent: emails.OrderSent, MailReady: emails.OrderReady, MailCancelled: emails.OrderCancelled,
	MailRefunded: emails.OrderRefunded, MailLatePayment: emails.OrderLatePayment,
}

// message writes an order e-mail: to the buyer in the language they
// placed the order in, to the photographer in the gallery's.
func (s *Service) message(ctx context.Context, o *ent.Order, kind MailKind, refunded int) (mail.Message, error) {
	name, ok := mailNames[kind]
	if !ok {
		return mail.Message{}, river.JobCancel(fmt.Errorf("orders: unknown e-mail %q", kind))
	}
	g := o.Edges.Gallery
	pg := g.Edges.Photographer
	b, err := emails.BrandFor(ctx, s.DB, s.PublicURL, g)
	if err != nil {
		return mail.Message{}, err
	}
	d := emails.OrderData{
		Number: o.Number, Firstname: o.BillingAddress.Firstname, Lastname: o.BillingAddress.Lastname,
		Email: o.Email, Phone: o.BillingAddress.PhoneNumber, Retouch: o.RetouchAcknowledged,
		Date:     o.CreatedAt.In(mail.Location(pg.Timezone)),
		Subtotal: o.Subtotal, Discount: o.DiscountTotal, DiscountCode: o.DiscountCode, Shipping: o.ShippingTotal,
		GiftCard: o.GiftCardTotal, Total: o.Total, VAT: o.VatTotal,
		Delivery: o.DeliveryOption, Pickup: o.PickupAddress, Digital: hasDigital(o),
		Paid: o.PaidAt != nil, Status: string(o.Status), Tracking: o.TrackingNumber, Refunded: refunded,
		Link: strings.TrimRight(s.PublicURL, "/") + "/" + url.PathEscape(g.URL) + "/paymentReturn?order=" + url.QueryEscape(o.ID),
	}
	for _, l := range o.Edges.Lines {
		d.Lines = append(d.Lines, emails.OrderLine{Description: l.Description, Quantity: l.Quantity, Total: l.Total})
	}
	to, replyTo, l := []string{o.Email}, pg.Email, emails.Language(lang.Tag(o.Language), g.Language)
	if kind == MailPhotographer || kind == MailLatePayment {
		to, replyTo, l = []string{pg.Email}, o.Email, emails.GalleryLanguage(g)
	}
	if o.ShippingAddress != nil {
		d.ShippingAddress = addressLines(*o.ShippingAddress, l)
	}
	e, err := emails.Render(name, l, b, d)
	if err != nil {
		return mail.Message{}, err
	}
	return e.Message(to, replyTo), nil
}

// requestLanguage is the language the buyer's request named, or "" (the
// gallery's default, read when an e-mail is written).
func requestLanguage(ctx context.Context) string {
	t, _ := lang.From(ctx)
	return string(t)
}

func hasDigital(o *ent.Order) bool {
	for _, l := range o.Edges.Lines {
		if l.Kind == "digital_file" || l.Kind == "all_gallery" {
			return true
		}
		if l.Kind == "pack" && len(packFiles(l)) > 0 {
			return true
		}
	}
	return false
}

// addressLines is an address as its lines, the country by its name in
// language t.
func addressLines(a model.Address, t lang.Tag) []string {
	lines := []string{strings.TrimSpace(a.Title + " " + a.Firstname + " " + a.Lastname), a.Address}
	if a.Address2 != "" {
		lines = append(lines, a.Address2)
	}
	return append(lines, strings.TrimSpace(a.PostalCode+" "+a.City), address.CountryName(a.Country, t))
}
