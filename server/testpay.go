package server

import (
	"html/template"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/viewer"
)

// The built-in test provider's payment page (PAYMENT_PROVIDER=test, the
// embedded default): it stands where Stripe's page would, shows the
// order and lets the buyer choose the outcome. The choice goes through a
// signed webhook event into the same handling as Stripe's events, then the
// buyer returns to the gallery's paymentReturn page, as from Stripe.

var testPayTemplate = template.Must(template.New("pay").Parse(`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paiement de test – commande {{.Number}}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f6;color:#1d1d24;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 16px rgba(0,0,0,.08);padding:2rem;max-width:28rem;width:100%}
h1{font-size:1.3rem;margin:0 0 .25rem}
.note{color:#6b6b78;font-size:.9rem;margin:0 0 1.5rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
button{display:block;width:100%;padding:.8rem;margin:.5rem 0;border-radius:8px;border:1px solid #c9c9d2;background:#fff;font-size:1rem;cursor:pointer}
button.primary{background:#1d6f42;border-color:#1d6f42;color:#fff}
button:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Paiement de test</h1>
<p class="note">Prestataire de paiement de démonstration : aucun argent n'est débité.</p>
<p>Commande n° {{.Number}} – {{.Method}}</p>
<p class="amount">{{.Amount}}</p>
{{if .Open}}
<form method="post">
{{if .Processing}}<p>Le paiement attend la confirmation de la banque.</p>
<button class="primary" name="outcome" value="success">La banque confirme le paiement</button>
<button name="outcome" value="failure">La banque refuse le paiement</button>
{{else}}
<button class="primary" name="outcome" value="success">Payer (paiement accepté)</button>
<button name="outcome" value="failure">Paiement refusé</button>
<button name="outcome" value="pending">Paiement en attente de validation</button>
<button name="outcome" value="cancel">Annuler et revenir à la galerie</button>
{{end}}
</form>
{{else}}
<p>Ce paiement n'est plus ouvert ({{.Status}}).</p>
<p><a href="{{.Return}}">Revenir à la galerie</a></p>
{{end}}
</main>
</body>
</html>
`))

// testPayment loads a test payment with its order and gallery.
func (s *Server) testPayment(r *http.Request) (*ent.Payment, *ent.Order, *ent.Gallery, error) {
	ctx := viewer.SystemContext(r.Context())
	p, err := s.DB.Client.Payment.Query().Where(payment.ID(chi.URLParam(r, "paymentId")), payment.Provider("test")).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil, nil, apperr.ErrNotFound
	}
	if err != nil {
		return nil, nil, nil, err
	}
	o, err := p.QueryOrder().WithGallery().Only(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	return p, o, o.Edges.Gallery, nil
}

// returnURL is the gallery's paymentReturn page of an order.
func (s *Server) returnURL(g *ent.Gallery, o *ent.Order, cancelled bool) string {
	u := strings.TrimRight(s.Config.PublicURL, "/") + "/" + url.PathEscape(g.URL) + "/paymentReturn?order=" + url.QueryEscape(o.ID)
	if cancelled {
		u += "&result=cancel"
	}
	return u
}

// testPaymentPage is GET /pay/test/{paymentId}.
func (s *Server) testPaymentPage(w http.ResponseWriter, r *http.Request) {
	p, o, g, err := s.testPayment(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	method := "Carte bancaire"
	if p.Method == payment.MethodBancontact {
		method = "Bancontact"
	}
	open := p.Status == payment.StatusPending || p.Status == payment.StatusProcessing
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = testPayTemplate.Execute(w, map[string]any{"Number": o.Number, "Method": method, "Amount": money.French(money.Cents(p.Amount)),
		"Open": open, "Processing": p.Status == payment.StatusProcessing, "Status": p.Status, "Return": s.returnURL(g, o, false)})
}

// testPaymentChoice is POST /pay/test/{paymentId} (outcome=success,
// failure, pending or cancel): the choice becomes a signed event handled
// like a provider's webhook, then the buyer goes back to the gallery.
func (s *Server) testPaymentChoice(w http.ResponseWriter, r *http.Request) {
	p, o, g, err := s.testPayment(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var status payments.Status
	reason := ""
	switch r.PostFormValue("outcome") {
	case "success":
		status = payments.Succeeded
	case "failure":
		status, reason = payments.Failed, "card_declined"
	case "pending":
		status = payments.Processing
	case "cancel":
		status, reason = payments.Failed, "cancelled"
	default:
		writeError(w, r, s.Log, apperr.ErrInvalidInput.WithField("outcome"))
		return
	}
	payload, header, err := s.TestPayments.Event(p.ID, status, reason)
	if err == nil {
		err = s.Orders.HandleWebhook(r.Context(), s.TestPayments.Name(), payload, header)
	}
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	http.Redirect(w, r, s.returnURL(g, o, status == payments.Failed), http.StatusSeeOther)
}
