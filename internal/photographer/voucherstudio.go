package photographer

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// The studio's codes screen (issue 24): discount codes and gift cards made
// by the batch, the list with its filters, and a voucher's ledger.

// MaxVoucherBatch is how many codes one batch makes at most.
const MaxVoucherBatch = 500

// maxVoucherList is how many vouchers the studio's list answers at most.
const maxVoucherList = 1000

// prefixRE is a batch's prefix once upper-cased: the random part follows
// after a dash.
var prefixRE = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{0,19}$`)

// VoucherStatus is where a voucher stands, as the studio's list shows and
// filters it (the GraphQL enum VoucherStatus).
type VoucherStatus string

// The statuses of a voucher.
const (
	VoucherActive    VoucherStatus = "active"
	VoucherScheduled VoucherStatus = "scheduled"
	VoucherUsedUp    VoucherStatus = "used_up"
	VoucherExpired   VoucherStatus = "expired"
	VoucherDisabled  VoucherStatus = "disabled"
)

// MarshalGQL writes the status as its GraphQL enum value.
func (s VoucherStatus) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, strconv.Quote(string(s))) }

// UnmarshalGQL reads a GraphQL enum value.
func (s *VoucherStatus) UnmarshalGQL(v any) error {
	str, ok := v.(string)
	if !ok {
		return fmt.Errorf("photographer: voucher status must be a string")
	}
	switch VoucherStatus(str) {
	case VoucherActive, VoucherScheduled, VoucherUsedUp, VoucherExpired, VoucherDisabled:
		*s = VoucherStatus(str)
		return nil
	}
	return fmt.Errorf("photographer: %q is not a voucher status", str)
}

// CreateVoucherBatchInput makes Count vouchers with the same settings:
// DiscountCode's or GiftCard's (exactly one, without a code), each with a
// code made of Prefix, a dash and a random part (RandomCode).
type CreateVoucherBatchInput struct {
	Count        int
	Prefix       *string
	DiscountCode *CreateVoucherInput
	GiftCard     *CreateGiftCardInput
}

// VoucherFilter narrows the studio's list of vouchers; empty fields keep
// everything.
type VoucherFilter struct {
	// Search matches a part of the code, whatever its case.
	Search string
	Status VoucherStatus
	Kind   *voucher.Kind
	// GalleryID keeps the codes limited to that gallery.
	GalleryID *string
	// GalleryScope keeps the codes valid in every gallery of the
	// photographer's (no gallery) or those limited to one; empty keeps both.
	// With GalleryID it may only be VoucherOneGallery.
	GalleryScope VoucherGalleryScope
}

// VoucherGalleryScope is where a voucher is valid: a voucher without a
// gallery is valid in all of its photographer's galleries, one with a
// gallery in that gallery alone (ent/schema Voucher's gallery edge).
type VoucherGalleryScope string

// The galleries a voucher is valid in.
const (
	VoucherAllGalleries VoucherGalleryScope = "all_galleries"
	VoucherOneGallery   VoucherGalleryScope = "one_gallery"
)

// MarshalGQL writes the scope as its GraphQL enum value.
func (s VoucherGalleryScope) MarshalGQL(w io.Writer) {
	_, _ = io.WriteString(w, strconv.Quote(string(s)))
}

// UnmarshalGQL reads a GraphQL enum value.
func (s *VoucherGalleryScope) UnmarshalGQL(v any) error {
	str, ok := v.(string)
	if !ok {
		return fmt.Errorf("photographer: voucher gallery scope must be a string")
	}
	switch VoucherGalleryScope(str) {
	case VoucherAllGalleries, VoucherOneGallery:
		*s = VoucherGalleryScope(str)
		return nil
	}
	return fmt.Errorf("photographer: %q is not a voucher gallery scope", str)
}

// VoucherLedger is a voucher's ledger: what orders spent (a gift card's
// debits, a discount code's discounts) and gave back, oldest first. For a
// gift card Balance = Amount - Spent + GivenBack.
type VoucherLedger struct {
	Voucher   *ent.Voucher
	Amount    money.Money
	Spent     money.Money
	GivenBack money.Money
	Balance   money.Money
	Entries   []*VoucherLedgerEntry
}

// VoucherLedgerEntry is one line of a ledger: Amount is positive, Reason
// says whether an order spent it (order) or gave it back (release).
type VoucherLedgerEntry struct {
	At          time.Time
	Reason      voucherredemption.Reason
	Amount      money.Money
	Email       string
	OrderID     *string
	OrderNumber *string
}

// StatusOf is a voucher's status at now: disabled, expired, used up
// (a discount code's uses, a gift card's balance), scheduled (not valid
// yet) or active, in that order.
func StatusOf(v *ent.Voucher, now time.Time) VoucherStatus {
	switch {
	case !v.Active:
		return VoucherDisabled
	case v.ValidUntil != nil && now.After(*v.ValidUntil):
		return VoucherExpired
	case v.Kind == voucher.KindGiftCard && v.Balance <= 0,
		v.Kind == voucher.KindDiscountCode && v.UsageLimit > 0 && v.TimesUsed >= v.UsageLimit:
		return VoucherUsedUp
	case v.ValidFrom != nil && now.Before(*v.ValidFrom):
		return VoucherScheduled
	}
	return VoucherActive
}

// CreateVoucherBatch makes a batch of discount codes or gift cards of the
// viewer in one transaction: all of them or none. The codes are unique
// among the photographer's (checked against the codes already there, and by
// the unique index).
func (s *Service) CreateVoucherBatch(ctx context.Context, in CreateVoucherBatchInput) ([]*ent.Voucher, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	var errs apperr.List
	if in.Count < 1 || in.Count > MaxVoucherBatch {
		errs.Add(userErr(CodeOutOfRange, "value_range", "count").WithArgs(apperr.Args{"Min": 1, "Max": MaxVoucherBatch}))
	}
	prefix := ""
	if in.Prefix != nil {
		prefix = strings.ToUpper(strings.TrimSpace(*in.Prefix))
		if prefix != "" && !prefixRE.MatchString(prefix) {
			errs.Add(userErr(CodeInvalidCode, "voucher_batch_prefix", "prefix"))
		}
	}
	var (
		kind      voucher.Kind
		galleryID *string
		field     string
		fields    func(*ent.VoucherMutation, *apperr.List)
	)
	switch {
	case (in.DiscountCode == nil) == (in.GiftCard == nil):
		errs.Add(userErr(CodeRequired, "voucher_batch_kind", "discountCode"))
	case in.DiscountCode != nil:
		d := *in.DiscountCode
		kind, galleryID, field = voucher.KindDiscountCode, d.GalleryID, "discountCode"
		if d.Code != nil && *d.Code != "" {
			errs.Add(userErr(CodeInvalidValue, "voucher_batch_code", field, "code"))
		}
		fields = func(m *ent.VoucherMutation, errs *apperr.List) {
			voucherFields(nil, UpdateVoucherInput{PercentOff: d.PercentOff, AmountOff: d.AmountOff, MinSpend: d.MinSpend,
				ValidFrom: d.ValidFrom, ValidUntil: d.ValidUntil, UsageLimit: d.UsageLimit, PerEmailLimit: d.PerEmailLimit,
				FreeShipping: d.FreeShipping, FreeShippingCountries: d.FreeShippingCountries, Active: d.Active}, m, errs)
		}
	default:
		g := *in.GiftCard
		kind, galleryID, field = voucher.KindGiftCard, g.GalleryID, "giftCard"
		if g.Code != nil && *g.Code != "" {
			errs.Add(userErr(CodeInvalidValue, "voucher_batch_code", field, "code"))
		}
		fields = func(m *ent.VoucherMutation, errs *apperr.List) {
			if g.Amount <= 0 {
				errs.Add(userErr(CodeInvalidPrice, "gift_card_amount_positive", "amount"))
			} else {
				m.SetGiftAmount(int(g.Amount))
				m.SetBalance(int(g.Amount))
			}
			voucherFields(nil, UpdateVoucherInput{ValidUntil: g.ValidUntil, Active: g.Active}, m, errs)
		}
	}
	if fields != nil {
		// The settings are checked once, on a voucher that is not saved;
		// their errors name the field inside the batch's input.
		probe := s.DB.Voucher.Create().SetKind(kind)
		var ferrs apperr.List
		fields(probe.Mutation(), &ferrs)
		for _, e := range ferrs {
			e.Field = append([]string{field}, e.Field...)
			errs.Add(e)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	var out []*ent.Voucher
	err = s.inTx(ctx, func(tx *ent.Client) error {
		var g *ent.Gallery
		if galleryID != nil && *galleryID != "" {
			if g, err = ownGallery(ctx, tx, *galleryID); err != nil {
				if e := apperr.As(err); e != nil && len(e.Field) > 0 {
					return e.WithField(append([]string{field}, e.Field...)...)
				}
				return err
			}
		}
		codes, err := batchCodes(ctx, tx, pid, prefix, in.Count)
		if err != nil {
			return err
		}
		builders := make([]*ent.VoucherCreate, len(codes))
		for i, code := range codes {
			c := tx.Voucher.Create().SetPhotographerID(pid).SetKind(kind).SetCode(code)
			if g != nil {
				c.SetGallery(g)
			}
			var ignored apperr.List // checked above
			fields(c.Mutation(), &ignored)
			builders[i] = c
		}
		out, err = tx.Voucher.CreateBulk(builders...).Save(ctx)
		return saveErr(uniqueErr(err, CodeDuplicateCode, msgDuplicateVoucher, "prefix"), "", "")
	})
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i] = out[i].Unwrap()
	}
	return out, nil
}

// batchCodes draws n codes PREFIX-XXXX-XXXX (or XXXX-XXXX without a
// prefix) that the photographer does not have yet and that differ from one
// another.
func batchCodes(ctx context.Context, tx *ent.Client, pid, prefix string, n int) ([]string, error) {
	head := ""
	if prefix != "" {
		head = prefix + "-"
	}
	q := tx.Voucher.Query().Where(voucher.HasPhotographerWith(photographer.ID(pid)))
	if head != "" {
		q.Where(voucher.CodeHasPrefix(head))
	}
	taken, err := q.Select(voucher.FieldCode).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: voucher codes: %w", err)
	}
	seen := make(map[string]bool, len(taken)+n)
	for _, c := range taken {
		seen[strings.ToUpper(c)] = true
	}
	out := make([]string, 0, n)
	// About 40 random bits per code: a clash is rare, a few draws at most.
	for tries := 0; len(out) < n; tries++ {
		if tries > 100*n {
			return nil, fmt.Errorf("photographer: no free voucher code after %d draws", tries)
		}
		c := head + RandomCode()
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out, nil
}

// StudioVouchers lists the viewer's vouchers, newest first, that f keeps
// (maxVoucherList at most).
func (s *Service) StudioVouchers(ctx context.Context, f VoucherFilter, now time.Time) ([]*ent.Voucher, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	switch f.Status {
	case "", VoucherActive, VoucherScheduled, VoucherUsedUp, VoucherExpired, VoucherDisabled:
	default:
		return nil, userErr(CodeInvalidValue, "invalid_input", "status")
	}
	oneGallery := f.GalleryID != nil && *f.GalleryID != ""
	switch f.GalleryScope {
	case "", VoucherOneGallery:
	case VoucherAllGalleries:
		if oneGallery {
			// A code valid in every gallery is never limited to one.
			return nil, userErr(CodeInvalidValue, "invalid_input", "galleryScope")
		}
	default:
		return nil, userErr(CodeInvalidValue, "invalid_input", "galleryScope")
	}
	q := s.DB.Voucher.Query().Where(voucher.HasPhotographerWith(photographer.ID(pid)))
	if search := strings.TrimSpace(f.Search); search != "" {
		q.Where(voucher.CodeContainsFold(search))
	}
	if f.Kind != nil {
		q.Where(voucher.KindEQ(*f.Kind))
	}
	switch {
	case oneGallery:
		q.Where(voucher.HasGalleryWith(gallery.ID(*f.GalleryID)))
	case f.GalleryScope == VoucherOneGallery:
		q.Where(voucher.HasGallery())
	case f.GalleryScope == VoucherAllGalleries:
		q.Where(voucher.Not(voucher.HasGallery()))
	}
	// The status depends on the clock and on two columns compared with
	// each other: the first three are filtered here, the rest below.
	switch f.Status {
	case VoucherDisabled:
		q.Where(voucher.Active(false))
	case VoucherExpired:
		q.Where(voucher.Active(true), voucher.ValidUntilLT(now))
	case VoucherActive, VoucherScheduled, VoucherUsedUp:
		q.Where(voucher.Active(true), voucher.Or(voucher.ValidUntilIsNil(), voucher.ValidUntilGTE(now)))
	}
	vs, err := q.Order(ent.Desc(voucher.FieldCreatedAt), ent.Desc(voucher.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: vouchers: %w", err)
	}
	out := make([]*ent.Voucher, 0, min(len(vs), maxVoucherList))
	for _, v := range vs {
		if f.Status != "" && StatusOf(v, now) != f.Status {
			continue
		}
		if out = append(out, v); len(out) == maxVoucherList {
			break
		}
	}
	return out, nil
}

// StudioVoucherLedger reads a voucher of the viewer's ledger.
func (s *Service) StudioVoucherLedger(ctx context.Context, voucherID string) (*VoucherLedger, error) {
	v, _, err := ownVoucher(ctx, s.DB, voucherID)
	if err != nil {
		return nil, err
	}
	// Orders belong to the buyers: read as the system once the voucher is
	// known to be the viewer's.
	rs, err := s.DB.VoucherRedemption.Query().Where(voucherredemption.HasVoucherWith(voucher.ID(v.ID))).
		WithOrder(func(q *ent.OrderQuery) { q.Select("id", "number") }).
		Order(ent.Asc(voucherredemption.FieldCreatedAt), ent.Asc(voucherredemption.FieldID)).All(viewer.SystemContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("photographer: voucher ledger: %w", err)
	}
	l := &VoucherLedger{Voucher: v, Entries: make([]*VoucherLedgerEntry, 0, len(rs))}
	var spent, back int
	for _, r := range rs {
		e := &VoucherLedgerEntry{At: r.CreatedAt, Reason: r.Reason, Amount: money.EURCents(r.Amount), Email: r.Email}
		if o := r.Edges.Order; o != nil {
			id, number := o.ID, o.Number
			e.OrderID, e.OrderNumber = &id, &number
		}
		switch r.Reason {
		case voucherredemption.ReasonOrder:
			spent += r.Amount
		case voucherredemption.ReasonRelease:
			back += r.Amount
		}
		l.Entries = append(l.Entries, e)
	}
	l.Amount, l.Spent, l.GivenBack, l.Balance = money.EURCents(v.GiftAmount), money.EURCents(spent), money.EURCents(back), money.EURCents(v.Balance)
	return l, nil
}
