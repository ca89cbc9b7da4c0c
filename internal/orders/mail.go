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
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
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
	return w.s.Mail.Send(ctx, w.s.message(o, job.Args.Mail))
}

// message writes an order e-mail, in French.
func (s *Service) message(o *ent.Order, kind MailKind) mail.Message {
	g := o.Edges.Gallery
	pg := g.Edges.Photographer
	studio := pg.Name
	link := strings.TrimRight(s.PublicURL, "/") + "/" + url.PathEscape(g.URL) + "/paymentReturn?order=" + url.QueryEscape(o.ID)
	var b strings.Builder
	to := []string{o.Email}
	var subject string
	switch kind {
	case MailConfirmation:
		subject = fmt.Sprintf("Confirmation de votre commande n° %s", o.Number)
		fmt.Fprintf(&b, "Bonjour %s,\n\nMerci pour votre commande n° %s sur la galerie « %s ». Votre paiement est confirmé.\n\n",
			o.BillingAddress.Firstname, o.Number, g.EventName)
		recap(&b, o)
		if hasDigital(o) {
			b.WriteString("\nVos fichiers numériques sont en préparation : vous recevrez un e-mail avec les liens de téléchargement dès qu'ils sont prêts (au plus tard sous 24 heures).\n")
		}
		fmt.Fprintf(&b, "\nSuivre votre commande : %s\n", link)
	case MailPhotographer:
		to = []string{pg.Email}
		subject = fmt.Sprintf("Nouvelle commande n° %s – %s", o.Number, g.EventName)
		fmt.Fprintf(&b, "Nouvelle commande payée sur la galerie « %s ».\n\nClient : %s %s <%s>\n", g.EventName,
			o.BillingAddress.Firstname, o.BillingAddress.Lastname, o.Email)
		if o.BillingAddress.PhoneNumber != "" {
			fmt.Fprintf(&b, "Téléphone : %s\n", o.BillingAddress.PhoneNumber)
		}
		if o.RetouchAcknowledged {
			b.WriteString("Le client a accepté que les photos soient retouchées.\n")
		}
		b.WriteString("\n")
		recap(&b, o)
	case MailSent:
		subject = fmt.Sprintf("Votre commande n° %s a été expédiée", o.Number)
		fmt.Fprintf(&b, "Bonjour %s,\n\nVos tirages de la commande n° %s ont été expédiés", o.BillingAddress.Firstname, o.Number)
		if o.ShippingAddress != nil {
			fmt.Fprintf(&b, " à l'adresse :\n\n%s\n", addressText(*o.ShippingAddress))
		} else {
			b.WriteString(".\n")
		}
	case MailReady:
		subject = fmt.Sprintf("Votre commande n° %s vous attend au studio", o.Number)
		fmt.Fprintf(&b, "Bonjour %s,\n\nVos tirages de la commande n° %s sont prêts : vous pouvez venir les retirer au studio.\n\n%s\n",
			o.BillingAddress.Firstname, o.Number, o.PickupAddress)
	case MailCancelled:
		subject = fmt.Sprintf("Votre commande n° %s a été annulée", o.Number)
		fmt.Fprintf(&b, "Bonjour %s,\n\nVotre commande n° %s a été annulée.", o.BillingAddress.Firstname, o.Number)
		if o.PaidAt != nil && o.Total > 0 {
			fmt.Fprintf(&b, " Le montant payé (%s) vous est remboursé sur votre moyen de paiement.", frenchMoney(o.Total))
		}
		if o.GiftCardTotal > 0 {
			b.WriteString(" Le montant de votre carte cadeau y est recrédité.")
		}
		b.WriteString("\n")
	case MailRefunded:
		subject = fmt.Sprintf("Remboursement de votre commande n° %s", o.Number)
		fmt.Fprintf(&b, "Bonjour %s,\n\nVotre commande n° %s est remboursée (%s).", o.BillingAddress.Firstname, o.Number, frenchMoney(o.Total))
		if o.GiftCardTotal > 0 {
			b.WriteString(" Le montant de votre carte cadeau y est recrédité.")
		}
		b.WriteString("\n")
	case MailLatePayment:
		to = []string{pg.Email}
		subject = fmt.Sprintf("Paiement reçu pour la commande n° %s (%s) : remboursement en cours", o.Number, o.Status)
		fmt.Fprintf(&b, "Un paiement est arrivé pour la commande n° %s de %s alors qu'elle n'attendait plus de paiement (état : %s).\nCe paiement est remboursé automatiquement.\n",
			o.Number, o.Email, o.Status)
	}
	if kind != MailPhotographer && kind != MailLatePayment {
		fmt.Fprintf(&b, "\nBelle journée,\n%s\n", studio)
		if pg.Email != "" {
			fmt.Fprintf(&b, "%s\n", pg.Email)
		}
	}
	m := mail.Message{To: to, Subject: subject, Text: b.String()}
	if kind == MailPhotographer {
		m.ReplyTo = o.Email
	} else {
		m.ReplyTo = pg.Email
	}
	return m
}

// recap writes the order's lines, totals and delivery.
func recap(b *strings.Builder, o *ent.Order) {
	fmt.Fprintf(b, "Commande n° %s du %s\n\n", o.Number, o.CreatedAt.In(mail.Location(o.Edges.Gallery.Edges.Photographer.Timezone)).Format("02/01/2006 à 15h04"))
	for _, l := range o.Edges.Lines {
		fmt.Fprintf(b, "- %s × %d : %s\n", l.Description, l.Quantity, frenchMoney(l.Total))
	}
	fmt.Fprintf(b, "\nSous-total : %s\n", frenchMoney(o.Subtotal))
	if o.DiscountTotal > 0 {
		label := "Remise"
		if o.DiscountCode != "" {
			label += " (" + o.DiscountCode + ")"
		}
		fmt.Fprintf(b, "%s : -%s\n", label, frenchMoney(o.DiscountTotal))
	}
	switch o.DeliveryOption {
	case "shipping":
		if o.ShippingTotal == 0 {
			// A free-shipping code (beside any discount), or a pack that
			// includes the shipping.
			b.WriteString("Livraison : offerte\n")
		} else {
			fmt.Fprintf(b, "Livraison : %s\n", frenchMoney(o.ShippingTotal))
		}
	case "pickup":
		b.WriteString("Retrait au studio : offert\n")
	}
	if o.GiftCardTotal > 0 {
		fmt.Fprintf(b, "Carte cadeau : -%s\n", frenchMoney(o.GiftCardTotal))
	}
	fmt.Fprintf(b, "Total payé : %s (dont TVA %s)\n", frenchMoney(o.Total), frenchMoney(o.VatTotal))
	switch o.DeliveryOption {
	case "shipping":
		if o.ShippingAddress != nil {
			fmt.Fprintf(b, "\nLivraison à :\n%s\n", addressText(*o.ShippingAddress))
		}
	case "pickup":
		fmt.Fprintf(b, "\nRetrait au studio : %s\n", o.PickupAddress)
	}
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

func addressText(a model.Address) string {
	lines := []string{strings.TrimSpace(a.Title + " " + a.Firstname + " " + a.Lastname), a.Address}
	if a.Address2 != "" {
		lines = append(lines, a.Address2)
	}
	lines = append(lines, strings.TrimSpace(a.PostalCode+" "+a.City), address.CountryName(a.Country))
	return strings.Join(lines, "\n")
}

// frenchMoney writes an order's cents as "12,50 €".
func frenchMoney(c int) string { return money.French(money.Cents(c)) }
