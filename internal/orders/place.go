package orders

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"entgo.io/ent/dialect/sql"
	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/pricing"
	"github.com/studio/gallery/internal/viewer"
)

// PlaceInput is what the review step sends.
type PlaceInput struct {
	Method        payments.Method
	AcceptTerms   bool
	AcceptRetouch bool
	// ExpectedTotal is the amount to pay the review page showed: a new
	// order is placed at that total or not at all (checkTotal).
	ExpectedTotal money.Cents
}

// Placed is a placed order and, while it is to be paid, where to pay it.
type Placed struct {
	Order *ent.Order
	// RedirectURL is the provider's page; "" when nothing is to be paid
	// now (gift cards covered it, or the bank is confirming a payment).
	RedirectURL string
}

// Place places the viewer's cart in g as an order and opens a payment
// attempt for what is left to pay (see the package comment).
func (s *Service) Place(ctx context.Context, g *ent.Gallery, in PlaceInput) (*Placed, error) {
	var errs apperr.List
	if !in.AcceptTerms {
		errs = append(errs, ErrTerms)
	}
	if !in.AcceptRetouch {
		errs = append(errs, ErrRetouch)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	var (
		o        *ent.Order
		pay      *ent.Payment
		replaced []*ent.Order
	)
	// Orders of an earlier state of the cart are released first, in their
	// own transaction, so that the new order is priced with what they gave
	// back (the pricing reads committed balances).
	//
	// Idempotency: an order is named by its cart and the cart's version
	// (unique in the database). ForCheckout locks the cart's row before
	// reading it, so concurrent clicks take turns: the first places the
	// order, the others find it. An order of this state of the cart is
	// answered: with a new payment attempt while it can be paid, as it is
	// when it is paid or being paid. Only an order of this state that
	// ended unpaid (cancelled, expired) lets the same state be ordered
	// again, under a new version. A cart an order closed (gift cards
	// covered it, or it was paid) answers that order.
	conflicts := 0
	for round := 0; ; round++ {
		var released bool
		err := s.Jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
			o, pay, released = nil, nil, false
			sctx := viewer.SystemContext(ctx)
			// The buyer (their user, their cart's owner) is read once and
			// handed down.
			buyer, err := s.Carts.BuyerIn(ctx, tx, g)
			if err != nil {
				return err
			}
			snap, err := s.Carts.Checkout(ctx, tx, buyer)
			if errors.Is(err, cart.ErrCartEmpty) {
				closed, cerr := s.Carts.LastOrdered(ctx, tx, buyer)
				if cerr != nil {
					return cerr
				}
				if closed != nil {
					last, lerr := tx.Order.Query().Where(order.CartID(closed.ID)).
						Order(ent.Desc(order.FieldCartVersion)).First(sctx)
					if lerr == nil {
						o = last
						return nil
					}
					if !ent.IsNotFound(lerr) {
						return lerr
					}
				}
			}
			if err != nil {
				return err
			}
			prior, err := tx.Order.Query().Where(order.CartID(snap.Cart.ID)).Order(ent.Desc(order.FieldCartVersion)).All(sctx)
			if err != nil {
				return err
			}
			asIs := false
			for _, p := range prior {
				switch {
				case p.CartVersion == snap.Cart.Version && s.Payable(p):
					o = p
				case p.CartVersion == snap.Cart.Version && !endedUnpaid(p):
					// Paid, being paid, or done: this state of the cart
					// is ordered.
					o, asIs = p, true
				case p.Status == order.StatusAwaitingValidation:
					return ErrPaymentInProgress
				case p.Status == order.StatusAwaitingPayment || p.Status == order.StatusPaymentError:
					// The cart changed since (or the order ran out of
					// time): this state replaces it.
					to := order.StatusCancelled
					if !s.Payable(p) {
						to = order.StatusExpired
					}
					done, err := s.release(sctx, tx, enq, p, to, order.StatusAwaitingPayment, order.StatusPaymentError)
					if err != nil {
						return err
					}
					if done {
						replaced, released = append(replaced, p), true
					}
				}
			}
			if released && round == 0 {
				o = nil
				return nil // commit the give-backs, then price again
			}
			if asIs {
				return nil
			}
			if o == nil {
				for _, p := range prior {
					if p.CartVersion == snap.Cart.Version {
						// This state of the cart was ordered and the order
						// ended unpaid: a new state names the new order.
						if err := tx.Cart.UpdateOneID(snap.Cart.ID).AddVersion(1).Exec(ctx); err != nil {
							return err
						}
						snap.Cart.Version++
						break
					}
				}
				if o, err = s.create(ctx, tx, enq, snap, in); err != nil {
					return err
				}
				if o.Status == order.StatusValidated {
					return nil
				}
			}
			pay, err = s.attempt(sctx, tx, enq, o, in.Method)
			return err
		})
		if err != nil && ent.IsConstraintError(err) && conflicts < 3 {
			// The backstop: another transaction recorded an order of this
			// cart state first (the unique cart_id + cart_version). Rolled
			// back; the next round answers that order.
			conflicts++
			continue
		}
		if err != nil {
			return nil, err
		}
		if o != nil {
			break
		}
	}
	// Read again outside the transaction the order was made in.
	o, err := s.DB.Order.Get(viewer.SystemContext(ctx), o.ID)
	if err != nil {
		return nil, err
	}
	s.publish(ctx, append(replaced, o)...)
	placed := &Placed{Order: o}
	if pay != nil {
		if placed.RedirectURL, err = s.openCheckout(ctx, g, o, pay); err != nil {
			return nil, err
		}
	}
	return placed, nil
}

// endedUnpaid tells whether an order ended without being paid, so that
// the state of the cart it was placed from may be ordered again.
func endedUnpaid(o *ent.Order) bool {
	switch o.Status {
	case order.StatusCancelled, order.StatusExpired, order.StatusPaymentError, order.StatusAwaitingPayment:
		// (awaiting_payment and payment_error here are past their expiry.)
		return o.PaidAt == nil
	}
	return false
}

// checkTotal refuses to place a new order at another total than the one
// the buyer was shown (expected), saying why: a discount code used up, a
// gift card that covers less than it did (its balance was spent by other
// orders), or another price (ErrTotalChanged). Nothing is written yet.
func checkTotal(snap *cart.Snapshot, expected money.Cents) error {
	q := snap.Quote
	if q.Total == expected {
		return nil
	}
	if q.Code != nil && !q.Code.Applied {
		switch q.Code.Reason {
		case pricing.ReasonUsedUp:
			return ErrVoucherUsedUp
		case pricing.ReasonAlreadyUsed:
			return ErrVoucherAlreadyUsed
		}
	}
	if q.Total > expected {
		applied := map[string]money.Cents{}
		for _, g := range q.GiftCards {
			applied[g.Code] = g.Applied
		}
		for _, v := range snap.Vouchers {
			if v.Kind == voucher.KindGiftCard && money.Cents(v.Balance)-applied[v.Code] <= 0 {
				// A card spent to its last cent still leaves something
				// to pay: it covers less than the buyer was shown.
				return ErrGiftCardChanged
			}
		}
	}
	return ErrTotalChanged
}

// create records the order of a cart state: its lines, its totals, its
// voucher uses and gift-card spending. A fully covered order is validated
// at once.
func (s *Service) create(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, snap *cart.Snapshot, in PlaceInput) (*ent.Order, error) {
	sctx := viewer.SystemContext(ctx)
	q := snap.Quote
	email := viewer.FromContext(ctx).Email
	now := s.now()
	if q.Total > 0 && !s.offers(in.Method) {
		return nil, ErrMethod
	}
	if err := checkTotal(snap, in.ExpectedTotal); err != nil {
		return nil, err
	}
	// Counters first: they are the contended rows, and a refusal costs nothing.
	uses, err := s.spend(sctx, tx, snap, email)
	if err != nil {
		return nil, err
	}
	pg, err := tx.Photographer.UpdateOneID(snap.Photographer.ID).AddOrderSeq(1).Save(sctx)
	if err != nil {
		return nil, fmt.Errorf("orders: number: %w", err)
	}
	create := tx.Order.Create().SetGalleryID(snap.Gallery.ID).SetNumber(strconv.Itoa(pg.OrderSeq)).SetEmail(email).
		SetCartID(snap.Cart.ID).SetCartVersion(snap.Cart.Version).
		SetSubtotal(int(q.Merchandise)).SetDiscountTotal(int(q.Discount.Amount)).SetShippingTotal(int(q.Shipping)).
		SetGiftCardTotal(int(q.GiftCardTotal)).SetVatTotal(int(q.VAT.Amount)).SetVatRateBp(q.VAT.RateBP).SetTotal(int(q.Total)).
		SetBillingAddress(snap.ClientData.Billing).SetRetouchAcknowledged(in.AcceptRetouch).SetTermsAcceptedAt(now).
		SetSessionKey(viewer.FromContext(ctx).SessionKey).SetLanguage(requestLanguage(ctx))
	if q.Discount.Source == pricing.SourceCode {
		create.SetDiscountCode(q.Discount.Code)
	}
	switch {
	case !q.NeedsDelivery:
		create.SetDeliveryOption("none")
	case snap.DeliveryOption == pricing.DeliveryPickup:
		create.SetDeliveryOption(pricing.DeliveryPickup).SetPickupAddress(snap.PickupAddress)
	default:
		ship := snap.ClientData.Billing
		if !snap.ClientData.SameAsBilling && snap.ClientData.Shipping != nil {
			ship = *snap.ClientData.Shipping
		}
		create.SetDeliveryOption(pricing.DeliveryShipping).SetShippingAddress(&ship)
	}
	if snap.User != nil {
		create.SetUserID(snap.User.ID)
	}
	if q.Total == 0 {
		create.SetPaymentMethod(order.PaymentMethodNone)
	} else {
		create.SetPaymentMethod(order.PaymentMethod(in.Method)).SetExpiresAt(now.Add(s.expiry()))
	}
	o, err := create.Save(sctx)
	if err != nil {
		return nil, fmt.Errorf("orders: create: %w", err)
	}
	if err := s.createLines(sctx, tx, snap, o); err != nil {
		return nil, err
	}
	for _, u := range uses {
		err := tx.VoucherRedemption.Create().SetVoucherID(u.voucherID).SetOrderID(o.ID).SetAmount(int(u.amount)).
			SetEmail(strings.ToLower(email)).SetReason(voucherredemption.ReasonOrder).Exec(sctx)
		if err != nil {
			return nil, fmt.Errorf("orders: redemption: %w", err)
		}
	}
	if q.Total == 0 {
		if _, err := s.validate(sctx, tx, enq, o, nil); err != nil {
			return nil, err
		}
		return tx.Order.Get(sctx, o.ID)
	}
	if _, err := enq.Enqueue(ctx, ExpireArgs{OrderID: o.ID}, &river.InsertOpts{ScheduledAt: *o.ExpiresAt}); err != nil {
		return nil, err
	}
	return o, nil
}

func (s *Service) offers(m payments.Method) bool {
	for _, x := range s.Methods() {
		if x == m {
			return true
		}
	}
	return false
}

// use is a voucher's part in an order.
type use struct {
	voucherID string
	amount    money.Cents
}

// spend counts the discount code's use against its limits and takes the
// gift cards' amounts from their balances, each by one conditional update.
func (s *Service) spend(ctx context.Context, tx *ent.Client, snap *cart.Snapshot, email string) ([]use, error) {
	q := snap.Quote
	byCode := map[string]*ent.Voucher{}
	for _, v := range snap.Vouchers {
		byCode[v.Code] = v
	}
	var out []use
	if q.Code != nil && !q.Code.Applied {
		// Other orders used the code up since the buyer saw the cart: the
		// price would not be the one shown.
		switch q.Code.Reason {
		case pricing.ReasonUsedUp:
			return nil, ErrVoucherUsedUp
		case pricing.ReasonAlreadyUsed:
			return nil, ErrVoucherAlreadyUsed
		}
	}
	if q.Code != nil && q.Code.Applied {
		// Applied for its discount, its free shipping or both: its use counts.
		v := byCode[q.Code.Code]
		if v == nil {
			return nil, cart.ErrCartChanged
		}
		n, err := tx.Voucher.Update().Where(voucher.ID(v.ID), voucher.Or(voucher.UsageLimit(0), func(s *sql.Selector) {
			s.Where(sql.ColumnsLT(s.C(voucher.FieldTimesUsed), s.C(voucher.FieldUsageLimit)))
		})).AddTimesUsed(1).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("orders: voucher use: %w", err)
		}
		if n == 0 {
			return nil, ErrVoucherUsedUp
		}
		if v.PerEmailLimit > 0 {
			// After the update, which made other orders using this code
			// wait: their uses are all visible now.
			used, err := usesOf(ctx, tx, v.ID, email)
			if err != nil {
				return nil, err
			}
			if used >= v.PerEmailLimit {
				return nil, ErrVoucherAlreadyUsed
			}
		}
		var amount money.Cents
		if q.Discount.Source == pricing.SourceCode {
			amount = q.Discount.Amount
		}
		out = append(out, use{voucherID: v.ID, amount: amount})
	}
	for _, g := range q.GiftCards {
		v := byCode[g.Code]
		if g.Applied <= 0 {
			continue
		}
		if v == nil {
			return nil, cart.ErrCartChanged
		}
		n, err := tx.Voucher.Update().Where(voucher.ID(v.ID), voucher.BalanceGTE(int(g.Applied))).
			AddBalance(-int(g.Applied)).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("orders: gift card: %w", err)
		}
		if n == 0 {
			return nil, ErrGiftCardChanged
		}
		out = append(out, use{voucherID: v.ID, amount: g.Applied})
	}
	return out, nil
}

// usesOf counts an e-mail's uses of a voucher (uses minus give-backs).
func usesOf(ctx context.Context, tx *ent.Client, voucherID, email string) (int, error) {
	rs, err := tx.VoucherRedemption.Query().Where(voucherredemption.HasVoucherWith(voucher.ID(voucherID)),
		voucherredemption.Email(strings.ToLower(email))).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("orders: voucher uses: %w", err)
	}
	n := 0
	for _, r := range rs {
		switch r.Reason {
		case voucherredemption.ReasonOrder:
			n++
		case voucherredemption.ReasonRelease:
			n--
		}
	}
	return n, nil
}

// createLines records the cart's items as the order's lines, described in
// French, with what the lab and the delivery need in details.
func (s *Service) createLines(ctx context.Context, tx *ent.Client, snap *cart.Snapshot, o *ent.Order) error {
	quoted := map[string]pricing.LineQuote{}
	for _, l := range snap.Quote.Lines {
		quoted[l.ID] = l
	}
	var bulk []*ent.OrderLineCreate
	for _, it := range snap.Items {
		lq := quoted[it.ID]
		l := tx.OrderLine.Create().SetOrderID(o.ID).SetKind(string(it.Kind)).SetQuantity(it.Quantity).
			SetUnitPrice(it.UnitPrice).SetTotal(int(lq.Total)).SetDiscount(int(lq.Discount)).SetVat(int(lq.VAT))
		d := &model.OrderLineDetails{CartItemID: it.ID}
		f := snap.Format(it.FormatID)
		if f != nil {
			l.SetFormatID(f.ID)
			d.Format, d.Lab = catalogue.FormatName(f), f.Lab
			if f.DigitalQuality != nil {
				d.Quality = string(*f.DigitalQuality)
			}
		}
		photoName := ""
		if it.PhotoID != nil {
			l.SetPhotoID(*it.PhotoID)
			if p := snap.Photos[*it.PhotoID]; p != nil {
				photoName = p.Filename
				d.Filename = p.Filename
			}
		}
		var desc string
		switch it.Kind {
		case cartitem.KindPrint:
			desc = "Tirage " + catalogue.FormatName(f)
			if it.Finish != nil {
				d.Finish = string(*it.Finish)
				desc += ", " + finishLabel(string(*it.Finish))
			}
			if it.Border != nil {
				d.Border = string(*it.Border)
				if *it.Border == cartitem.BorderWhite {
					desc += ", bord blanc"
				}
			}
			if it.Crop != nil {
				d.Crop = it.Crop
			}
			desc += photoSuffix(photoName)
		case cartitem.KindDigitalFile:
			l.SetQuantity(1)
			desc = "Fichier numérique " + catalogue.FormatName(f) + photoSuffix(photoName)
		case cartitem.KindAllGallery:
			l.SetQuantity(1)
			desc = fmt.Sprintf("Toute la galerie en fichiers %s (%d photos)", catalogue.FormatName(f), snap.PhotoCount)
		case cartitem.KindPack:
			l.SetQuantity(1)
			p := snap.Pack(it.PackID)
			if p != nil {
				l.SetPackID(p.ID)
				desc = "Pack " + p.DisplayName
			}
			if it.ClientPackName != "" {
				desc += " « " + it.ClientPackName + " »"
			}
			if it.PackContent != nil {
				d.Content, d.DigitalQualities = it.PackContent, packQualities(snap, it)
			}
		}
		bulk = append(bulk, l.SetDescription(desc).SetDetails(d))
	}
	if err := tx.OrderLine.CreateBulk(bulk...).Exec(ctx); err != nil {
		return fmt.Errorf("orders: lines: %w", err)
	}
	return nil
}

// packQualities maps each digital format of a pack to its quality.
func packQualities(snap *cart.Snapshot, it *ent.CartItem) map[string]string {
	out := map[string]string{}
	for _, c := range it.PackContent.DigitalFiles {
		if f := snap.Catalogue.Format(c.FormatID); f != nil && f.Kind == format.KindDigital && f.DigitalQuality != nil {
			out[c.FormatID] = string(*f.DigitalQuality)
		}
	}
	return out
}

func finishLabel(f string) string {
	if f == "glossy" {
		return "brillant"
	}
	return "mat"
}

func photoSuffix(name string) string {
	if name == "" {
		return ""
	}
	return " (" + name + ")"
}

// attempt records a new payment attempt for an unpaid order, or answers
// the one under way when it can still be paid (a double click).
func (s *Service) attempt(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, o *ent.Order, m payments.Method) (*ent.Payment, error) {
	if !s.offers(m) {
		return nil, ErrMethod
	}
	now := s.now()
	last, err := tx.Payment.Query().Where(payment.HasOrderWith(order.ID(o.ID))).Order(ent.Desc(payment.FieldCreatedAt), ent.Desc(payment.FieldID)).First(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, err
	}
	if last != nil && last.Status == payment.StatusPending && last.Method == payment.Method(m) &&
		last.ExpiresAt != nil && last.ExpiresAt.After(now.Add(minAttemptLeft)) &&
		(last.RedirectURL != "" || now.Sub(last.CreatedAt) < openingGrace) {
		// The same attempt: its page is open, or still being opened by a
		// click an instant ago (opening it again is idempotent).
		return last, nil
	}
	if last != nil && last.Status == payment.StatusPending {
		// Replaced: its page is closed after the commit (cancelAttempts).
		if err := tx.Payment.UpdateOneID(last.ID).SetStatus(payment.StatusFailed).SetFailure("replaced").Exec(ctx); err != nil {
			return nil, err
		}
		if _, err := enq.Enqueue(ctx, CancelArgs{PaymentID: last.ID}, nil); err != nil {
			return nil, err
		}
	}
	// A provider's page stays open at least minAttempt: the order waits
	// for it.
	exp := *o.ExpiresAt
	if until := now.Add(minAttempt); exp.Before(until) {
		exp = until
		if err := tx.Order.UpdateOneID(o.ID).SetExpiresAt(exp).Exec(ctx); err != nil {
			return nil, err
		}
		o.ExpiresAt = &exp
	}
	n, err := tx.Order.Update().Where(order.ID(o.ID), order.StatusIn(order.StatusPaymentError, order.StatusAwaitingPayment)).
		SetStatus(order.StatusAwaitingPayment).SetPaymentMethod(order.PaymentMethod(m)).Save(ctx)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotPayable
	}
	o.Status, o.PaymentMethod = order.StatusAwaitingPayment, order.PaymentMethod(m)
	return tx.Payment.Create().SetOrderID(o.ID).SetProvider(s.Provider.Name()).SetMethod(payment.Method(m)).
		SetAmount(o.Total).SetExpiresAt(exp).Save(ctx)
}

// openCheckout opens the attempt at the provider (outside any transaction:
// the attempt is committed first, so its events always find it).
func (s *Service) openCheckout(ctx context.Context, g *ent.Gallery, o *ent.Order, p *ent.Payment) (string, error) {
	if p.RedirectURL != "" {
		return p.RedirectURL, nil
	}
	sctx := viewer.SystemContext(ctx)
	ret := strings.TrimRight(s.PublicURL, "/") + "/" + url.PathEscape(g.URL) + "/paymentReturn?order=" + url.QueryEscape(o.ID)
	co, err := s.Provider.CreateCheckout(ctx, payments.CheckoutInput{
		PaymentID: p.ID, OrderID: o.ID, OrderNumber: o.Number, Amount: int64(p.Amount), Currency: o.Currency,
		Method: payments.Method(p.Method), Email: o.Email,
		Description: fmt.Sprintf("Commande %s – %s", o.Number, g.EventName),
		SuccessURL:  ret, CancelURL: ret + "&result=cancel", ExpiresAt: *p.ExpiresAt,
	})
	if err != nil {
		s.log().Error("orders: open checkout", "order", o.ID, "payment", p.ID, "err", err)
		// The attempt never opened: a retry opens another.
		_ = s.DB.Payment.Update().Where(payment.ID(p.ID), payment.StatusEQ(payment.StatusPending), payment.ProviderRef("")).
			SetStatus(payment.StatusFailed).SetFailure("unavailable").Exec(sctx)
		return "", ErrPaymentUnavailable.With(err)
	}
	// A bulk update of one row: nothing to read back, and no transaction
	// of its own (UpdateOne would take one to read the row back).
	if err := s.DB.Payment.Update().Where(payment.ID(p.ID)).SetProviderRef(co.Ref).SetRedirectURL(co.RedirectURL).Exec(sctx); err != nil {
		return "", err
	}
	return co.RedirectURL, nil
}
