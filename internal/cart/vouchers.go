package cart

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/pricing"
	"github.com/studio/gallery/internal/viewer"
)

// Voucher refusals not tied to the cart's contents.
const (
	ReasonGiftCardEmpty = "gift_card_empty"
)

// confirmedEmail is the viewer's confirmed e-mail, or ErrEmailNeeded.
func confirmedEmail(ctx context.Context) (string, error) {
	email := viewer.FromContext(ctx).Email
	if email == "" {
		return "", access.ErrEmailNeeded
	}
	return strings.ToLower(email), nil
}

// voucherProblem says why a voucher cannot be used at now by an e-mail
// that used it `used` times, or "".
func voucherProblem(v *ent.Voucher, now time.Time, used int) string {
	switch {
	case !v.Active:
		return pricing.ReasonUnknown
	case v.ValidFrom != nil && now.Before(*v.ValidFrom):
		return pricing.ReasonNotYetValid
	case v.ValidUntil != nil && now.After(*v.ValidUntil):
		return pricing.ReasonExpired
	case v.Kind == voucher.KindGiftCard && v.Balance <= 0:
		return ReasonGiftCardEmpty
	case v.Kind == voucher.KindDiscountCode && v.UsageLimit > 0 && v.TimesUsed >= v.UsageLimit:
		return pricing.ReasonUsedUp
	case v.Kind == voucher.KindDiscountCode && v.PerEmailLimit > 0 && used >= v.PerEmailLimit:
		return pricing.ReasonAlreadyUsed
	}
	return ""
}

// freeShippingOnlyMessage tells the buyer why an applied code with a
// percentage and free shipping gives only the free shipping (a catalog key).
const freeShippingOnlyMessage = "voucher_free_shipping_only"

// reasonKey is the catalog key of a refusal's message.
func reasonKey(reason string) string {
	switch reason {
	case pricing.ReasonUnknown:
		return "voucher_unknown"
	case pricing.ReasonExpired:
		return "voucher_expired"
	case pricing.ReasonNotYetValid:
		return "voucher_not_yet_valid"
	case pricing.ReasonUsedUp:
		return "voucher_used_up"
	case pricing.ReasonAlreadyUsed:
		return "voucher_already_used"
	case pricing.ReasonMinSpend:
		return "voucher_min_spend"
	case pricing.ReasonBetterDiscount:
		return "voucher_better_discount"
	case pricing.ReasonFreeShippingCountry:
		return "voucher_free_shipping_country"
	case pricing.ReasonNoDelivery:
		return "voucher_no_delivery"
	case ReasonGiftCardEmpty:
		return "voucher_gift_card_empty"
	}
	return "voucher_not_usable"
}

// reasonMessage is a refusal's message as the cart view shows it, in
// French: the view is built without the request's language.
func reasonMessage(t lang.Tag, reason string, v *ent.Voucher) string {
	return voucherErr(reason, v).Message(t)
}

func voucherErr(reason string, v *ent.Voucher) *apperr.Error {
	e := apperr.New(reason, http.StatusUnprocessableEntity, reasonKey(reason)).WithField("code")
	if reason == pricing.ReasonMinSpend && v != nil {
		e = e.WithArgs(apperr.Args{"Amount": apperr.Amount(v.MinSpend)})
	}
	return e
}

// NormalizeCode is how codes compare: trimmed, upper case.
func NormalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// AddVoucher enters a discount code (replacing the cart's previous one) or
// a gift card (they stack). It needs a confirmed e-mail. A code that
// cannot be used now is refused with why.
func (s *Service) AddVoucher(ctx context.Context, g *ent.Gallery, code string) (*View, error) {
	if err := galleries.RequireAction(ctx, g, galleries.Browsing, nil); err != nil {
		return nil, err
	}
	email, err := confirmedEmail(ctx)
	if err != nil {
		return nil, err
	}
	code = NormalizeCode(code)
	if code == "" || len(code) > 64 {
		return nil, voucherErr(pricing.ReasonUnknown, nil)
	}
	sctx := viewer.SystemContext(ctx)
	v, err := s.DB.Voucher.Query().Where(voucher.Code(code), voucher.HasPhotographerWith(photographer.ID(g.PhotographerID)),
		voucher.Or(voucher.Not(voucher.HasGallery()), voucher.HasGalleryWith(gallery.ID(g.ID)))).Only(sctx)
	if ent.IsNotFound(err) {
		return nil, voucherErr(pricing.ReasonUnknown, nil)
	}
	if err != nil {
		return nil, wrap("voucher", err)
	}
	used, err := usesBy(ctx, s.DB, email, []*ent.Voucher{v})
	if err != nil {
		return nil, err
	}
	if r := voucherProblem(v, s.now(), used[v.ID]); r != "" {
		return nil, voucherErr(r, v)
	}
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		// The minimum spend is checked against the cart as it is now, locked
		// by the change; a cart that shrinks later keeps the code, which then
		// says why it waits. The row is the one the change locked (read
		// once): only its items and vouchers are read here.
		if v.Kind == voucher.KindDiscountCode && v.MinSpend > 0 {
			st, err := s.loadRead(ctx, w.tx, g, w.cat, w.cart)
			if err != nil {
				return err
			}
			if int(pricing.Price(st.input()).Merchandise) < v.MinSpend {
				return voucherErr(pricing.ReasonMinSpend, v)
			}
		}
		upd := w.tx.Cart.UpdateOneID(w.cart.ID)
		if v.Kind == voucher.KindDiscountCode {
			old, err := w.tx.Voucher.Query().Where(voucher.HasCartsWith(cart.ID(w.cart.ID)),
				voucher.KindEQ(voucher.KindDiscountCode)).IDs(viewer.SystemContext(ctx))
			if err != nil {
				return err
			}
			for _, id := range old {
				if id != v.ID {
					upd.RemoveVoucherIDs(id)
				}
			}
		}
		if err := upd.Exec(ctx); err != nil {
			return err
		}
		has, err := w.tx.Voucher.Query().Where(voucher.ID(v.ID), voucher.HasCartsWith(cart.ID(w.cart.ID))).Exist(viewer.SystemContext(ctx))
		if err != nil || has {
			return err
		}
		return w.tx.Cart.UpdateOneID(w.cart.ID).AddVoucherIDs(v.ID).Exec(ctx)
	})
}

// RemoveVoucher takes a code or gift card out of the cart; absent, nothing
// changes.
func (s *Service) RemoveVoucher(ctx context.Context, g *ent.Gallery, code string) (*View, error) {
	if _, err := confirmedEmail(ctx); err != nil {
		if gerr := galleries.RequireAction(ctx, g, galleries.Browsing, nil); gerr != nil {
			return nil, gerr
		}
		return nil, err
	}
	code = NormalizeCode(code)
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		ids, err := w.tx.Voucher.Query().Where(voucher.Code(code), voucher.HasCartsWith(cart.ID(w.cart.ID))).IDs(viewer.SystemContext(ctx))
		if err != nil || len(ids) == 0 {
			return err
		}
		return w.tx.Cart.UpdateOneID(w.cart.ID).RemoveVoucherIDs(ids...).Exec(ctx)
	})
}
