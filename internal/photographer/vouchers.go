package photographer

import (
	"context"
	"crypto/rand"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/money"
)

// codeRE is what a voucher or access code may look like once normalised.
var codeRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$`)

// codeAlphabet has no look-alike characters (0/O, 1/I/L), for codes read aloud or typed.
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// CreateVoucherInput creates a discount code. GalleryID limits it to one
// gallery (nil: all the photographer's galleries); Code is generated when
// empty. At least one of PercentOff, AmountOff, FreeShipping must give
// something.
type CreateVoucherInput struct {
	GalleryID             *string
	Code                  *string
	PercentOff            *int
	AmountOff             *money.Decimal
	MinSpend              *money.Decimal
	ValidFrom             *time.Time
	ValidUntil            *time.Time
	UsageLimit            *int
	PerEmailLimit         *int
	FreeShipping          *bool
	FreeShippingCountries []string
	Active                *bool
}

// CreateGiftCardInput creates a gift card worth Amount; its balance starts
// at Amount and goes down with each order that uses it.
type CreateGiftCardInput struct {
	GalleryID  *string
	Code       *string
	Amount     money.Decimal
	ValidUntil *time.Time
	Active     *bool
}

// UpdateVoucherInput changes a discount code or a gift card; nil fields
// stay as they are. A gift card's amount and balance do not change here
// (its ledger does that); only Code, GalleryID, ValidFrom, ValidUntil and
// Active apply to gift cards. GalleryID "" makes the voucher valid in all
// the photographer's galleries.
type UpdateVoucherInput struct {
	VoucherID             string
	GalleryID             *string
	Code                  *string
	PercentOff            *int
	AmountOff             *money.Decimal
	MinSpend              *money.Decimal
	ValidFrom             *time.Time
	ValidUntil            *time.Time
	UsageLimit            *int
	PerEmailLimit         *int
	FreeShipping          *bool
	FreeShippingCountries []string
	Active                *bool
}

// DeleteVoucherInput names a voucher to delete.
type DeleteVoucherInput struct{ VoucherID string }

// CreateVoucher creates a discount code of the viewer.
func (s *Service) CreateVoucher(ctx context.Context, in CreateVoucherInput) (*ent.Voucher, error) {
	return s.createVoucher(ctx, in.GalleryID, in.Code, voucher.KindDiscountCode, func(m *ent.VoucherMutation, errs *apperr.List) {
		voucherFields(nil, UpdateVoucherInput{PercentOff: in.PercentOff, AmountOff: in.AmountOff, MinSpend: in.MinSpend,
			ValidFrom: in.ValidFrom, ValidUntil: in.ValidUntil, UsageLimit: in.UsageLimit, PerEmailLimit: in.PerEmailLimit,
			FreeShipping: in.FreeShipping, FreeShippingCountries: in.FreeShippingCountries, Active: in.Active}, m, errs)
	})
}

// CreateGiftCard creates a gift card of the viewer.
func (s *Service) CreateGiftCard(ctx context.Context, in CreateGiftCardInput) (*ent.Voucher, error) {
	return s.createVoucher(ctx, in.GalleryID, in.Code, voucher.KindGiftCard, func(m *ent.VoucherMutation, errs *apperr.List) {
		if in.Amount <= 0 {
			errs.Add(userErr(CodeInvalidPrice, "gift_card_amount_positive", "amount"))
		} else {
			m.SetGiftAmount(int(in.Amount))
			m.SetBalance(int(in.Amount))
		}
		voucherFields(nil, UpdateVoucherInput{ValidUntil: in.ValidUntil, Active: in.Active}, m, errs)
	})
}

func (s *Service) createVoucher(ctx context.Context, galleryID, code *string, kind voucher.Kind, fields func(*ent.VoucherMutation, *apperr.List)) (*ent.Voucher, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	var out *ent.Voucher
	err = s.inTx(ctx, func(tx *ent.Client) error {
		c := tx.Voucher.Create().SetPhotographerID(pid).SetKind(kind)
		if galleryID != nil && *galleryID != "" {
			g, err := ownGallery(ctx, tx, *galleryID)
			if err != nil {
				return err
			}
			c.SetGallery(g)
		}
		var errs apperr.List
		if err := voucherCode(ctx, tx, pid, "", code, c.Mutation(), &errs); err != nil {
			return err
		}
		fields(c.Mutation(), &errs)
		if err := errs.Err(); err != nil {
			return err
		}
		out, err = c.Save(ctx)
		return saveErr(uniqueErr(err, CodeDuplicateCode, msgDuplicateVoucher, "code"), "", "")
	})
	if err != nil {
		return nil, err
	}
	return out.Unwrap(), nil
}

// UpdateVoucher changes a voucher of the viewer. Deactivating it flags the
// open carts that hold it, for the cart to report the change.
func (s *Service) UpdateVoucher(ctx context.Context, in UpdateVoucherInput) (*ent.Voucher, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Voucher) error {
		cur, pid, err := ownVoucher(ctx, tx, in.VoucherID)
		if err != nil {
			return err
		}
		u := tx.Voucher.UpdateOne(cur)
		if in.GalleryID != nil {
			if *in.GalleryID == "" {
				u.ClearGallery()
			} else {
				g, err := ownGallery(ctx, tx, *in.GalleryID)
				if err != nil {
					return err
				}
				u.SetGallery(g)
			}
		}
		var errs apperr.List
		if err := voucherCode(ctx, tx, pid, cur.ID, in.Code, u.Mutation(), &errs); err != nil {
			return err
		}
		voucherFields(cur, in, u.Mutation(), &errs)
		if err := errs.Err(); err != nil {
			return err
		}
		*out, err = u.Save(ctx)
		if err = saveErr(uniqueErr(err, CodeDuplicateCode, msgDuplicateVoucher, "code"), "", ""); err != nil {
			return err
		}
		if cur.Active && !(*out).Active {
			return flagVoucherCarts(ctx, tx, cur.ID)
		}
		return nil
	})
}

// DeleteVoucher deletes a voucher that was never used; a used one keeps its
// ledger and can only be deactivated.
func (s *Service) DeleteVoucher(ctx context.Context, in DeleteVoucherInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, _, err := ownVoucher(ctx, tx, in.VoucherID)
		if err != nil {
			return err
		}
		used, err := tx.VoucherRedemption.Query().Where(voucherredemption.HasVoucherWith(voucher.ID(cur.ID))).Exist(ctx)
		if err != nil {
			return fmt.Errorf("photographer: voucher ledger: %w", err)
		}
		if used || cur.TimesUsed > 0 {
			return userErr(CodeVoucherUsed, "voucher_used", "voucherId")
		}
		if err := flagVoucherCarts(ctx, tx, cur.ID); err != nil {
			return err
		}
		return tx.Voucher.DeleteOne(cur).Exec(ctx)
	})
}

// flagVoucherCarts marks the open carts holding a voucher as changed.
func flagVoucherCarts(ctx context.Context, tx *ent.Client, voucherID string) error {
	ids, err := tx.Cart.Query().Where(cart.StateEQ(cart.StateOpen), cart.HasVouchersWith(voucher.ID(voucherID))).IDs(ctx)
	if err != nil {
		return fmt.Errorf("photographer: voucher carts: %w", err)
	}
	if len(ids) > 0 {
		if err := tx.Cart.Update().Where(cart.IDIn(ids...)).RemoveVoucherIDs(voucherID).Exec(ctx); err != nil {
			return fmt.Errorf("photographer: voucher carts: %w", err)
		}
	}
	return flagCarts(ctx, tx, ids)
}

// ownVoucher loads a voucher of the viewer.
func ownVoucher(ctx context.Context, tx *ent.Client, id string) (*ent.Voucher, string, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, "", err
	}
	v, err := tx.Voucher.Query().Where(voucher.ID(id)).
		WithPhotographer(func(q *ent.PhotographerQuery) { q.Select(photographer.FieldID) }).Only(ctx)
	if err != nil {
		return nil, "", notFound(err, "voucher "+id, "voucherId")
	}
	if v.Edges.Photographer == nil || v.Edges.Photographer.ID != pid {
		return nil, "", errNotOwner
	}
	return v, pid, nil
}

// voucherCode sets a normalised, unique code (generated when code is nil
// or empty on create).
func voucherCode(ctx context.Context, tx *ent.Client, pid, selfID string, code *string, m *ent.VoucherMutation, errs *apperr.List) error {
	if code == nil && selfID != "" {
		return nil
	}
	c := ""
	if code != nil {
		c = strings.ToUpper(strings.TrimSpace(*code))
	}
	if c == "" {
		if selfID != "" {
			errs.Add(userErr(CodeRequired, "required", "code"))
			return nil
		}
		c = RandomCode()
	}
	if !codeRE.MatchString(c) {
		errs.Add(userErr(CodeInvalidCode, "invalid_code_format", "code"))
		return nil
	}
	q := tx.Voucher.Query().Where(voucher.CodeEqualFold(c), voucher.HasPhotographerWith(photographer.ID(pid)))
	if selfID != "" {
		q.Where(voucher.IDNEQ(selfID))
	}
	taken, err := q.Exist(ctx)
	if err != nil {
		return fmt.Errorf("photographer: voucher code: %w", err)
	}
	if taken {
		errs.Add(userErr(CodeDuplicateCode, msgDuplicateVoucher, "code"))
		return nil
	}
	m.SetCode(c)
	return nil
}

// voucherFields checks a voucher's values; cur is nil on create.
func voucherFields(cur *ent.Voucher, in UpdateVoucherInput, m *ent.VoucherMutation, errs *apperr.List) {
	kind, _ := m.Kind()
	if cur != nil {
		kind = cur.Kind
	}
	if kind == voucher.KindGiftCard {
		for _, f := range []struct {
			name string
			set  bool
		}{{"percentOff", in.PercentOff != nil}, {"amountOff", in.AmountOff != nil}, {"minSpend", in.MinSpend != nil},
			{"usageLimit", in.UsageLimit != nil}, {"perEmailLimit", in.PerEmailLimit != nil},
			{"freeShipping", in.FreeShipping != nil}, {"freeShippingCountries", in.FreeShippingCountries != nil}} {
			if f.set {
				errs.Add(userErr(CodeNotADiscountCode, "discount_code_only", f.name))
			}
		}
	}
	percent, amount, free := 0, 0, false
	if cur != nil {
		percent, amount, free = cur.PercentOff, cur.AmountOff, cur.FreeShipping
	}
	if in.PercentOff != nil {
		if *in.PercentOff < 0 || *in.PercentOff > 100 {
			errs.Add(userErr(CodeOutOfRange, "percent_range", "percentOff"))
		} else {
			percent = *in.PercentOff
			m.SetPercentOff(percent)
		}
	}
	if in.AmountOff != nil {
		if *in.AmountOff < 0 {
			errs.Add(userErr(CodeInvalidPrice, "negative_amount", "amountOff"))
		} else {
			amount = int(*in.AmountOff)
			m.SetAmountOff(amount)
		}
	}
	if in.FreeShipping != nil {
		free = *in.FreeShipping
		m.SetFreeShipping(free)
	}
	if kind == voucher.KindDiscountCode && percent == 0 && amount == 0 && !free {
		errs.Add(userErr(CodeVoucherWithoutBenefit, "voucher_without_benefit", "percentOff"))
	}
	if in.MinSpend != nil {
		if *in.MinSpend < 0 {
			errs.Add(userErr(CodeInvalidPrice, "negative_min_spend", "minSpend"))
		} else {
			m.SetMinSpend(int(*in.MinSpend))
		}
	}
	var n int
	if intIn(in.UsageLimit, 0, 1_000_000, &n, errs, []string{"usageLimit"}) && in.UsageLimit != nil {
		m.SetUsageLimit(n)
	}
	if intIn(in.PerEmailLimit, 0, 1_000_000, &n, errs, []string{"perEmailLimit"}) && in.PerEmailLimit != nil {
		m.SetPerEmailLimit(n)
	}
	if in.FreeShippingCountries != nil {
		cs := make([]string, 0, len(in.FreeShippingCountries))
		for i, c := range in.FreeShippingCountries {
			c = strings.ToUpper(strings.TrimSpace(c))
			if !countryRE.MatchString(c) {
				errs.Add(userErr(CodeInvalidCountry, "invalid_country_code", "freeShippingCountries", idx(i)))
				continue
			}
			cs = append(cs, c)
		}
		m.SetFreeShippingCountries(cs)
	}
	from, until := (*time.Time)(nil), (*time.Time)(nil)
	if cur != nil {
		from, until = cur.ValidFrom, cur.ValidUntil
	}
	if in.ValidFrom != nil {
		from = in.ValidFrom
		m.SetValidFrom(*in.ValidFrom)
	}
	if in.ValidUntil != nil {
		until = in.ValidUntil
		m.SetValidUntil(*in.ValidUntil)
	}
	if from != nil && until != nil && !until.After(*from) {
		errs.Add(userErr(CodeInvalidDate, "validity_order", "validUntil"))
	}
	if in.Active != nil {
		m.SetActive(*in.Active)
	}
}

// RandomCode returns a code such as "K7QM-3XPA" (about 40 bits), easy to
// read aloud and type.
func RandomCode() string {
	out := make([]byte, 0, 8)
	var b [16]byte
	for len(out) < 8 {
		if _, err := rand.Read(b[:]); err != nil {
			panic("photographer: no randomness: " + err.Error())
		}
		for _, c := range b {
			// Rejecting the top values keeps every letter equally likely.
			if int(c) < 256-256%len(codeAlphabet) && len(out) < 8 {
				out = append(out, codeAlphabet[int(c)%len(codeAlphabet)])
			}
		}
	}
	return string(out[:4]) + "-" + string(out[4:])
}
