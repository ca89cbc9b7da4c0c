package orders

import (
	"context"
	"fmt"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/payment"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/jobs"
)

// The ledger. A gift card's balance is its amount minus what orders spent
// plus what they gave back: every spending is a redemption row with reason
// "order", every give-back one with reason "release", both written in the
// transaction that changes the balance. Ledger checks that.

// release moves an order from one of the from states to `to` and, if it
// did, gives back its voucher uses and gift-card amounts and closes its
// open payment pages. It reports whether the order moved: an order is
// released once, whoever (expiry, replacement, the photographer) gets
// there first.
func (s *Service) release(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer, o *ent.Order, to order.Status, from ...order.Status) (bool, error) {
	n, err := tx.Order.Update().Where(order.ID(o.ID), order.StatusIn(from...)).SetStatus(to).SetClosedAt(s.now()).Save(ctx)
	if err != nil || n == 0 {
		return false, err
	}
	o.Status = to
	if err := s.giveBack(ctx, tx, o); err != nil {
		return false, err
	}
	open, err := tx.Payment.Query().Where(payment.HasOrderWith(order.ID(o.ID)), payment.StatusEQ(payment.StatusPending)).All(ctx)
	if err != nil {
		return false, err
	}
	for _, p := range open {
		if err := tx.Payment.UpdateOneID(p.ID).SetStatus(payment.StatusFailed).SetFailure(string(to)).Exec(ctx); err != nil {
			return false, err
		}
		if p.ProviderRef != "" {
			if _, err := enq.Enqueue(ctx, CancelArgs{PaymentID: p.ID}, nil); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// giveBack returns an order's voucher uses and gift-card amounts.
func (s *Service) giveBack(ctx context.Context, tx *ent.Client, o *ent.Order) error {
	rs, err := tx.VoucherRedemption.Query().Where(voucherredemption.HasOrderWith(order.ID(o.ID))).WithVoucher().All(ctx)
	if err != nil {
		return fmt.Errorf("orders: redemptions: %w", err)
	}
	released := map[string]bool{}
	for _, r := range rs {
		if r.Reason == voucherredemption.ReasonRelease {
			released[r.Edges.Voucher.ID] = true
		}
	}
	for _, r := range rs {
		v := r.Edges.Voucher
		if r.Reason != voucherredemption.ReasonOrder || released[v.ID] {
			continue
		}
		switch v.Kind {
		case voucher.KindGiftCard:
			err = tx.Voucher.UpdateOneID(v.ID).AddBalance(r.Amount).Exec(ctx)
		default:
			err = tx.Voucher.Update().Where(voucher.ID(v.ID), voucher.TimesUsedGT(0)).AddTimesUsed(-1).Exec(ctx)
		}
		if err != nil {
			return fmt.Errorf("orders: give back %s: %w", v.Code, err)
		}
		err = tx.VoucherRedemption.Create().SetVoucherID(v.ID).SetOrderID(o.ID).SetAmount(r.Amount).SetEmail(r.Email).
			SetReason(voucherredemption.ReasonRelease).Exec(ctx)
		if err != nil {
			return fmt.Errorf("orders: give back %s: %w", v.Code, err)
		}
	}
	return nil
}

// Ledger reads a gift card's ledger: its amount, what orders spent and
// gave back, and its balance, which must equal amount - spent + released.
func Ledger(ctx context.Context, db *ent.Client, voucherID string) (amount, spent, released, balance int, err error) {
	v, err := db.Voucher.Query().Where(voucher.ID(voucherID)).WithRedemptions().Only(ctx)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	for _, r := range v.Edges.Redemptions {
		switch r.Reason {
		case voucherredemption.ReasonOrder:
			spent += r.Amount
		case voucherredemption.ReasonRelease:
			released += r.Amount
		}
	}
	return v.GiftAmount, spent, released, v.Balance, nil
}
