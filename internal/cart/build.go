package cart

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/predicate"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/ent/voucherredemption"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/catalogue"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/pricing"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Get answers the viewer's cart in g, made on first use. It reports
// cartUpdated once after the photographer's changes removed items, and
// drops items that can no longer be bought (reporting that too).
func (s *Service) Get(ctx context.Context, g *ent.Gallery) (*View, error) {
	if err := galleries.RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	cat, err := s.Catalogues.Load(ctx, s.DB, g.ID)
	if err != nil {
		return nil, err
	}
	// Most reads find the cart as it is: no transaction (which would take
	// SQLite's write lock). Making it, or merging a browser's cart into
	// the e-mail's, goes through one.
	c, ok := s.peek(ctx, g)
	if !ok {
		err = store.InTx(ctx, s.DB, func(tx *ent.Client) error {
			o, err := s.ownerOf(ctx, tx, g)
			if err != nil {
				return err
			}
			c, err = s.open(ctx, tx, g, o, false)
			return err
		})
		if err != nil {
			return nil, wrap("open", err)
		}
	}
	st, err := s.load(ctx, s.DB, g, cat, c.ID)
	if err != nil {
		return nil, err
	}
	if len(st.stale()) == 0 && !st.cart.CartUpdated {
		return s.view(ctx, st, false)
	}
	err = store.InTx(ctx, s.DB, func(tx *ent.Client) error {
		st, _, err = s.settle(ctx, tx, g, cat, c.ID, true)
		return err
	})
	if err != nil {
		return nil, wrap("report update", err)
	}
	return s.view(ctx, st, true)
}

// settle reads the cart through tx and drops the items that can no longer
// be bought, clearing the photographer's flag: updated tells whether the
// viewer is to be told. bump grows the version (a caller that has not
// locked the cart yet: Get); a change already did.
func (s *Service) settle(ctx context.Context, tx *ent.Client, g *ent.Gallery, cat *catalogue.Catalogue, cartID string, bump bool) (*state, bool, error) {
	st, err := s.load(ctx, tx, g, cat, cartID)
	if err != nil {
		return nil, false, err
	}
	return s.settled(ctx, tx, st, bump)
}

// settled is settle for a state already read through tx.
func (s *Service) settled(ctx context.Context, tx *ent.Client, st *state, bump bool) (*state, bool, error) {
	cartID := st.cart.ID
	stale := st.stale()
	if len(stale) == 0 && !st.cart.CartUpdated {
		return st, false, nil
	}
	if len(stale) > 0 {
		if _, err := tx.CartItem.Delete().Where(cartitem.IDIn(stale...), cartItemOf(cartID)).Exec(ctx); err != nil {
			return nil, false, wrap("report update", err)
		}
	}
	upd := tx.Cart.Update().Where(cart.ID(cartID)).SetCartUpdated(false)
	if bump {
		upd.AddVersion(1)
	}
	if err := upd.Exec(ctx); err != nil {
		return nil, false, wrap("report update", err)
	}
	// The view leaves out what is not buyable: the state read is the
	// state left, but for the flag and the version.
	st.cart.CartUpdated = false
	if bump {
		st.cart.Version++
	}
	return st, true, nil
}

// state is a cart with everything needed to present and price it.
type state struct {
	gallery      *ent.Gallery
	photographer *ent.Photographer
	cat          *catalogue.Catalogue
	cart         *ent.Cart
	items        []*ent.CartItem
	// photos the viewer may see, by id.
	photos     map[string]*ent.Photo
	photoCount int
	vouchers   []*ent.Voucher
	// usedByEmail counts each voucher's uses by the viewer's e-mail.
	usedByEmail map[string]int
	email       string
	// free lists the qualities the gallery's free download gives the
	// viewer (freeQualities): digital files in them are not sold.
	free []string
	now  func() time.Time
}

// load reads (through db: the client, or the transaction of the caller)
// a cart with its items, the photos they name (as the viewer
// sees them) and its vouchers.
func (s *Service) load(ctx context.Context, db *ent.Client, g *ent.Gallery, cat *catalogue.Catalogue, cartID string) (*state, error) {
	c, err := db.Cart.Query().Where(cart.ID(cartID)).
		WithItems(itemOrder).
		WithVouchers(voucherOrder).
		Only(ctx)
	if err != nil {
		return nil, wrap("load", err)
	}
	return s.complete(ctx, db, g, cat, c)
}

// loadRead is load for a cart row the caller has just read (locked, in
// its transaction, and kept up to date by what changed it since): only its
// items, vouchers and what they name are read.
func (s *Service) loadRead(ctx context.Context, db *ent.Client, g *ent.Gallery, cat *catalogue.Catalogue, c *ent.Cart) (*state, error) {
	c.Edges.Items, c.Edges.Vouchers = nil, nil
	items := db.CartItem.Query().Where(cartItemOf(c.ID))
	itemOrder(items)
	var err error
	if c.Edges.Items, err = items.All(ctx); err != nil {
		return nil, wrap("load", err)
	}
	vouchers := db.Voucher.Query().Where(voucher.HasCartsWith(cart.ID(c.ID)))
	voucherOrder(vouchers)
	if c.Edges.Vouchers, err = vouchers.All(ctx); err != nil {
		return nil, wrap("load", err)
	}
	return s.complete(ctx, db, g, cat, c)
}

// itemOrder and voucherOrder are the order a cart's items and vouchers
// are shown in.
func itemOrder(q *ent.CartItemQuery) {
	q.Order(ent.Asc(cartitem.FieldCreatedAt), ent.Asc(cartitem.FieldID))
}
func voucherOrder(q *ent.VoucherQuery) { q.Order(ent.Asc(voucher.FieldCreatedAt)) }

// complete reads what a cart's items and vouchers name.
func (s *Service) complete(ctx context.Context, db *ent.Client, g *ent.Gallery, cat *catalogue.Catalogue, c *ent.Cart) (*state, error) {
	pg, err := db.Photographer.Get(viewer.SystemContext(ctx), g.PhotographerID)
	if err != nil {
		return nil, wrap("photographer", err)
	}
	st := &state{gallery: g, photographer: pg, cat: cat, cart: c, items: c.Edges.Items, vouchers: c.Edges.Vouchers,
		email: viewer.FromContext(ctx).Email, free: freeQualities(ctx, g), now: s.now}
	var ids []string
	for _, it := range st.items {
		ids = append(ids, itemPhotoIDs(it)...)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	st.photos = make(map[string]*ent.Photo, len(ids))
	if len(ids) > 0 {
		// As the viewer: private (and, for visitors, client-hidden) photos are left out.
		ps, err := db.Photo.Query().Where(photo.IDIn(ids...), photo.HasGalleryWith(gallery.ID(g.ID))).All(ctx)
		if err != nil {
			return nil, wrap("photos", err)
		}
		for _, p := range ps {
			st.photos[p.ID] = p
		}
	}
	for _, it := range st.items {
		if it.Kind == cartitem.KindAllGallery {
			if st.photoCount, err = db.Photo.Query().Where(photo.HasGalleryWith(gallery.ID(g.ID))).Count(ctx); err != nil {
				return nil, wrap("photos", err)
			}
			break
		}
	}
	if st.email != "" && len(st.vouchers) > 0 {
		if st.usedByEmail, err = usesBy(ctx, db, st.email, st.vouchers); err != nil {
			return nil, err
		}
	}
	if err := st.countHeld(ctx, db); err != nil {
		return nil, err
	}
	return st, nil
}

// countHeld prices the cart as placing it will: the unpaid orders of
// earlier states of this cart (or of this state, past their expiry) are
// replaced when it is placed and give back what they hold first, so their
// gift-card amounts count in the cards' balances and their uses of a code
// do not count against the viewer. The review page's total is then the
// total the order is placed at (orders.Place refuses any other).
func (st *state) countHeld(ctx context.Context, db *ent.Client) error {
	if len(st.vouchers) == 0 {
		return nil
	}
	sctx := viewer.SystemContext(ctx)
	unpaid, err := db.Order.Query().Where(order.CartID(st.cart.ID),
		order.StatusIn(order.StatusAwaitingPayment, order.StatusPaymentError)).All(sctx)
	if err != nil {
		return wrap("held", err)
	}
	var ids []string
	for _, o := range unpaid {
		payable := o.ExpiresAt == nil || st.now().Before(*o.ExpiresAt)
		if o.CartVersion != st.cart.Version || !payable {
			ids = append(ids, o.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	rs, err := db.VoucherRedemption.Query().Where(voucherredemption.HasOrderWith(order.IDIn(ids...)),
		voucherredemption.ReasonEQ(voucherredemption.ReasonOrder)).
		WithVoucher(func(q *ent.VoucherQuery) { q.Select(voucher.FieldID) }).All(sctx)
	if err != nil {
		return wrap("held", err)
	}
	for _, r := range rs {
		for i, v := range st.vouchers {
			if r.Edges.Voucher == nil || r.Edges.Voucher.ID != v.ID {
				continue
			}
			switch v.Kind {
			case voucher.KindGiftCard:
				c := *v // the loaded row stays as read
				c.Balance += r.Amount
				st.vouchers[i] = &c
			case voucher.KindDiscountCode:
				if st.usedByEmail[v.ID] > 0 && strings.EqualFold(r.Email, st.email) {
					st.usedByEmail[v.ID]--
				}
			}
		}
	}
	return nil
}

// usesBy counts the orders of an e-mail that used each voucher (uses minus
// give-backs).
func usesBy(ctx context.Context, db *ent.Client, email string, vs []*ent.Voucher) (map[string]int, error) {
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	rs, err := db.VoucherRedemption.Query().
		Where(voucherredemption.Email(strings.ToLower(email)), voucherredemption.HasVoucherWith(voucher.IDIn(ids...))).
		WithVoucher(func(q *ent.VoucherQuery) { q.Select(voucher.FieldID) }).All(viewer.SystemContext(ctx))
	if err != nil {
		return nil, wrap("voucher uses", err)
	}
	out := map[string]int{}
	for _, r := range rs {
		switch r.Reason {
		case voucherredemption.ReasonOrder:
			out[r.Edges.Voucher.ID]++
		case voucherredemption.ReasonRelease:
			out[r.Edges.Voucher.ID]--
		}
	}
	return out, nil
}

// itemPhotoIDs lists the photos an item names.
func itemPhotoIDs(it *ent.CartItem) []string {
	var out []string
	if it.PhotoID != nil {
		out = append(out, *it.PhotoID)
	}
	if it.PackContent != nil {
		for _, f := range append(slices.Clone(it.PackContent.Formats), it.PackContent.DigitalFiles...) {
			for _, p := range f.Photos {
				out = append(out, p.PhotoID)
			}
		}
	}
	return out
}

// stale lists the items that can no longer be bought as they are: their
// format or pack withdrawn or repriced, their photo no longer visible,
// their digital files given away to the viewer since (the gallery's free
// download turned on, or the viewer became its client).
func (st *state) stale() []string {
	var out []string
	for _, it := range st.items {
		if !st.buyable(it) {
			out = append(out, it.ID)
		}
	}
	return out
}

func (st *state) buyable(it *ent.CartItem) bool {
	switch it.Kind {
	case cartitem.KindPrint, cartitem.KindDigitalFile:
		f := st.format(it.FormatID)
		if f == nil || f.OnlyInPack || it.PhotoID == nil || st.photos[*it.PhotoID] == nil || f.UnitPrice != it.UnitPrice ||
			givenAway(st.free, f) {
			return false
		}
		return (it.Kind == cartitem.KindPrint) == (f.Kind == format.KindPrint)
	case cartitem.KindAllGallery:
		f := st.format(it.FormatID)
		return f != nil && f.Kind == format.KindDigital && f.GalleryPrice != nil && *f.GalleryPrice == it.UnitPrice &&
			!givenAway(st.free, f)
	case cartitem.KindPack, cartitem.KindOngoingPack:
		p := st.pack(it.PackID)
		return p != nil && p.UnitPrice == it.UnitPrice && !freeOnlyPack(st.free, st.cat, p)
	}
	return false
}

func (st *state) format(id *string) *ent.Format {
	if id == nil {
		return nil
	}
	return st.cat.Format(*id)
}

func (st *state) pack(id *string) *ent.Pack {
	if id == nil {
		return nil
	}
	for _, p := range st.cat.Packs {
		if p.ID == *id {
			return p
		}
	}
	return nil
}

// lines turns the buyable items into pricing lines (ongoing packs are not
// in the price).
func (st *state) lines() []pricing.Line {
	var out []pricing.Line
	for _, it := range st.items {
		if !st.buyable(it) {
			continue
		}
		l := pricing.Line{ID: it.ID, UnitPrice: money.Cents(it.UnitPrice), Quantity: it.Quantity}
		switch it.Kind {
		case cartitem.KindPrint:
			f := st.format(it.FormatID)
			l.Kind, l.Physical, l.Labs, l.ExcludedCountries = pricing.KindPrint, true, []string{f.Lab}, f.ExcludedCountries
		case cartitem.KindDigitalFile:
			l.Kind, l.Quantity = pricing.KindDigitalFile, 1
		case cartitem.KindAllGallery:
			l.Kind, l.Quantity = pricing.KindAllGallery, 1
		case cartitem.KindPack:
			p := st.pack(it.PackID)
			l.Kind, l.Quantity, l.ShippingIncludedTo = pricing.KindPack, 1, p.ShippingIncludedTo
			for _, pf := range p.Edges.Formats {
				if f := pf.Edges.Format; f != nil && f.Kind == format.KindPrint {
					l.Physical = true
					if !slices.Contains(l.Labs, f.Lab) {
						l.Labs = append(l.Labs, f.Lab)
					}
					l.ExcludedCountries = append(l.ExcludedCountries, f.ExcludedCountries...)
				}
			}
		default:
			continue
		}
		out = append(out, l)
	}
	return out
}

// deliveryOption is the buyer's choice, shipping by default.
func (st *state) deliveryOption() string {
	if cd := st.cart.ClientData; cd != nil && cd.DeliveryOption != "" {
		return cd.DeliveryOption
	}
	if st.cart.DeliveryOption != "" {
		return st.cart.DeliveryOption
	}
	return pricing.DeliveryShipping
}

// country is where home delivery goes: the shipping address's country,
// else the billing one's, else the studio's.
func (st *state) country() string {
	if cd := st.cart.ClientData; cd != nil {
		if cd.Shipping != nil && !cd.SameAsBilling && cd.Shipping.Country != "" {
			return strings.ToUpper(cd.Shipping.Country)
		}
		if cd.Billing.Country != "" {
			return strings.ToUpper(cd.Billing.Country)
		}
	}
	if st.photographer.Country != "" {
		return strings.ToUpper(st.photographer.Country)
	}
	return "BE"
}

// input is the pricing engine's input for the cart.
func (st *state) input() pricing.Input {
	in := pricing.Input{
		Lines:     st.lines(),
		Delivery:  pricing.Delivery{Option: st.deliveryOption(), Country: st.country()},
		Rates:     st.photographer.ShippingRates,
		VATRateBP: st.photographer.VatRateBp,
	}
	for _, d := range st.cat.Discounts {
		in.AutoDiscounts = append(in.AutoDiscounts, pricing.AutoDiscount{Threshold: money.Cents(d.Threshold), Percent: d.Percent})
	}
	for _, v := range st.vouchers {
		switch v.Kind {
		case voucher.KindDiscountCode:
			in.Code = &pricing.Code{Code: v.Code, PercentOff: v.PercentOff, AmountOff: money.Cents(v.AmountOff),
				MinSpend: money.Cents(v.MinSpend), FreeShipping: v.FreeShipping, FreeShippingCountries: v.FreeShippingCountries,
				Problem: st.codeProblem(v)}
		case voucher.KindGiftCard:
			if st.codeProblem(v) == "" {
				in.GiftCards = append(in.GiftCards, pricing.GiftCard{Code: v.Code, Balance: money.Cents(v.Balance)})
			}
		}
	}
	return in
}

// codeProblem says why a voucher cannot be used now, or "".
func (st *state) codeProblem(v *ent.Voucher) string {
	return voucherProblem(v, st.now(), st.usedByEmail[v.ID])
}

// view presents a loaded cart, priced.
func (s *Service) view(ctx context.Context, st *state, updated bool) (*View, error) {
	q := pricing.Price(st.input())
	// Messages follow the visitor's language, else the gallery's.
	t := lang.Or(ctx, lang.Tag(st.gallery.Language))
	lineTotals := make(map[string]pricing.LineQuote, len(q.Lines))
	for _, l := range q.Lines {
		lineTotals[l.ID] = l
	}
	v := &View{
		ID: st.cart.ID, GalleryID: st.gallery.ID, Version: st.cart.Version, CartUpdated: updated,
		ClientData: st.cart.ClientData, AvailablePacks: st.availablePacks(),
		NeedsDelivery: q.NeedsDelivery, DeliveryOption: st.deliveryOption(), ShippingCountry: st.country(),
		PickupAddress: PickupAddress(st.photographer),
		Photos:        []*PhotoItem{}, OngoingPacks: []*PackItem{}, Packs: []*PackItem{},
		AllDigitalFileFormats: []*AllGalleryItem{}, Vouchers: []*VoucherView{}, ShippingProblems: []*ShippingProblem{},
	}
	for _, it := range st.items {
		if !st.buyable(it) {
			continue
		}
		switch it.Kind {
		case cartitem.KindPrint, cartitem.KindDigitalFile:
			p := st.photos[*it.PhotoID]
			f := st.format(it.FormatID)
			pi := &PhotoItem{ID: it.ID, Kind: it.Kind, PhotoID: *it.PhotoID, Photo: p, Format: f,
				Finish: it.Finish, Border: it.Border, Crop: it.Crop, Quantity: it.Quantity,
				UnitPrice: money.EURCents(it.UnitPrice), Total: money.EURCents(lineTotals[it.ID].Total)}
			if it.Kind == cartitem.KindDigitalFile {
				pi.Quantity = 1
			} else {
				pi.WhiteMargin = it.Crop == nil && ratioDiffers(p, f)
				v.ItemCount += it.Quantity - 1
			}
			if p != nil && p.NeedsRetouch {
				v.PhotosNeedRetouch = true
			}
			v.Photos = append(v.Photos, pi)
		case cartitem.KindAllGallery:
			v.AllDigitalFileFormats = append(v.AllDigitalFileFormats, &AllGalleryItem{ID: it.ID, Format: st.format(it.FormatID),
				Price: money.EURCents(it.UnitPrice), PhotoCount: st.photoCount})
		case cartitem.KindPack, cartitem.KindOngoingPack:
			pk := st.packItem(it)
			for _, id := range itemPhotoIDs(it) {
				if p := st.photos[id]; p != nil && p.NeedsRetouch {
					v.PhotosNeedRetouch = true
				}
			}
			if it.Kind == cartitem.KindPack {
				v.Packs = append(v.Packs, pk)
			} else {
				v.OngoingPacks = append(v.OngoingPacks, pk)
				continue
			}
		}
		v.ItemCount++
	}
	v.Vouchers = st.voucherViews(t, q)
	if q.Discount.Source != pricing.SourceNone {
		d := &DiscountView{Source: q.Discount.Source, Percent: q.Discount.Percent, Amount: money.EURCents(q.Discount.Amount),
			FreeShipping: q.Discount.FreeShipping}
		if q.Discount.Code != "" {
			d.Code = &q.Discount.Code
		}
		v.Discount = d
	}
	for _, p := range q.ShippingProblems {
		v.ShippingProblems = append(v.ShippingProblems, &ShippingProblem{CartItemID: p.LineID, Country: p.Country,
			Reason: p.Reason, Message: shippingMessage(t, p.Reason, p.Country)})
	}
	v.Totals = &Totals{
		Merchandise: money.EURCents(q.Merchandise), Discount: money.EURCents(q.Discount.Amount),
		ShippingBeforeDiscount: money.EURCents(q.ShippingBeforeDiscount), Shipping: money.EURCents(q.Shipping),
		TotalBeforeGiftCards: money.EURCents(q.TotalBeforeGiftCards), GiftCards: money.EURCents(q.GiftCardTotal),
		Total: money.EURCents(q.Total),
		Vat:   &VatBreakdown{RatePercent: float64(q.VAT.RateBP) / 100, Base: money.EURCents(q.VAT.Base), Amount: money.EURCents(q.VAT.Amount)},
	}
	v.RegroupSuggestion = st.regroupSuggestion()
	return v, nil
}

// packItem presents a pack instance with what is chosen and what remains.
func (st *state) packItem(it *ent.CartItem) *PackItem {
	p := st.pack(it.PackID)
	pk := &PackItem{ID: it.ID, PackInstanceID: deref(it.PackInstanceID), ClientPackName: it.ClientPackName, GalleryItem: p,
		UnitPrice: money.EURCents(it.UnitPrice), Formats: []*PackFormat{}, DigitalFiles: []*PackFormat{}}
	content := it.PackContent
	if content == nil {
		content = &model.PackContent{}
	}
	for _, slot := range packSlots(p) {
		choice := findChoice(content, slot)
		pf := &PackFormat{Format: st.cat.Format(slot.formatID), Quantity: slot.quantity, MaxPhotos: slot.photos, Photos: []*PackPhoto{},
			Included: includedSlot(st.free, st.cat, slot)}
		for _, c := range choice {
			pf.Selected += c.Quantity
			pf.Photos = append(pf.Photos, &PackPhoto{PhotoID: c.PhotoID, Photo: st.photos[c.PhotoID], Quantity: c.Quantity,
				Finish: finishOf(c.Finish), Border: borderOf(c.Border), Crop: c.Crop})
		}
		if pf.Selected < pf.Quantity && !pf.Included {
			pk.RemainingPhotos += pf.Quantity - pf.Selected
		}
		if slot.digital {
			pk.DigitalFiles = append(pk.DigitalFiles, pf)
		} else {
			pk.Formats = append(pk.Formats, pf)
		}
	}
	pk.Complete = pk.RemainingPhotos == 0
	return pk
}

// voucherViews tells what each voucher does in the priced cart.
func (st *state) voucherViews(t lang.Tag, q pricing.Quote) []*VoucherView {
	out := []*VoucherView{}
	cards := map[string]pricing.GiftCardQuote{}
	for _, g := range q.GiftCards {
		cards[g.Code] = g
	}
	for _, vc := range st.vouchers {
		vv := &VoucherView{Code: vc.Code, Kind: vc.Kind, Amount: money.EURCents(0)}
		switch vc.Kind {
		case voucher.KindDiscountCode:
			switch {
			case q.Code == nil:
			case q.Code.Applied && q.Discount.Source == pricing.SourceCode:
				vv.Applied, vv.Amount = true, money.EURCents(q.Discount.Amount)
			case q.Code.Applied:
				// Its free shipping applies beside the automatic discount;
				// it takes nothing off the merchandise.
				vv.Applied = true
				if q.Code.Reason != "" {
					vv.Reason, vv.Message = ptr(q.Code.Reason), ptr(apperr.Render(t, freeShippingOnlyMessage, nil))
				}
			default:
				vv.Reason, vv.Message = ptr(q.Code.Reason), ptr(reasonMessage(t, q.Code.Reason, vc))
			}
		case voucher.KindGiftCard:
			if g, ok := cards[vc.Code]; ok {
				vv.Applied = g.Applied > 0
				vv.Amount = money.EURCents(g.Applied)
				rem := money.EURCents(g.Remaining)
				vv.RemainingBalance = &rem
			} else {
				r := st.codeProblem(vc)
				vv.Reason, vv.Message = ptr(r), ptr(reasonMessage(t, r, vc))
				rem := money.EURCents(vc.Balance)
				vv.RemainingBalance = &rem
			}
		}
		out = append(out, vv)
	}
	return out
}

// regroupSuggestion is the first pack the individual items would make for less.
func (st *state) regroupSuggestion() *RegroupSuggestion {
	rs := pricing.FindRegroups(st.singles(), st.packDefs())
	if len(rs) == 0 {
		return nil
	}
	var saving money.Cents
	for _, r := range rs {
		saving += r.Saving
	}
	return &RegroupSuggestion{Pack: st.pack(&rs[0].PackID), Saving: money.EURCents(saving)}
}

// singles are the individual prints and files that could go into a pack.
func (st *state) singles() []pricing.Single {
	var out []pricing.Single
	for _, it := range st.items {
		if !st.buyable(it) || (it.Kind != cartitem.KindPrint && it.Kind != cartitem.KindDigitalFile) {
			continue
		}
		kind := pricing.KindPrint
		if it.Kind == cartitem.KindDigitalFile {
			kind = pricing.KindDigitalFile
		}
		out = append(out, pricing.Single{ID: it.ID, Kind: kind, FormatID: deref(it.FormatID), PhotoID: deref(it.PhotoID),
			Quantity: it.Quantity, UnitPrice: money.Cents(it.UnitPrice)})
	}
	return out
}

// packDefs are the gallery's packs as the regrouping sees them.
func (st *state) packDefs() []pricing.PackDef {
	out := make([]pricing.PackDef, 0, len(st.cat.Packs))
	for _, p := range st.cat.Packs {
		d := pricing.PackDef{ID: p.ID, Price: money.Cents(p.UnitPrice)}
		for _, slot := range packSlots(p) {
			ps := pricing.PackSlot{FormatID: slot.formatID, Quantity: slot.quantity, Photos: slot.photos}
			if slot.digital {
				d.DigitalFiles = append(d.DigitalFiles, ps)
			} else {
				d.Formats = append(d.Formats, ps)
			}
		}
		out = append(out, d)
	}
	return out
}

// PickupAddress is where pickup orders are collected: the studio's name,
// street, postal code and city, as the cart and the studio's settings show it.
func PickupAddress(p *ent.Photographer) string {
	parts := []string{p.Name}
	if p.Street != "" {
		parts = append(parts, p.Street)
	}
	if city := strings.TrimSpace(p.PostalCode + " " + p.City); city != "" {
		parts = append(parts, city)
	}
	return strings.Join(parts, ", ")
}

// shippingMessage says, in language t, why a product is not delivered to
// country (named in t).
func shippingMessage(t lang.Tag, reason, country string) string {
	key := "shipping_no_rate"
	if reason == pricing.ProblemExcludedCountry {
		key = "shipping_excluded_country"
	}
	return apperr.Render(t, key, apperr.Args{"Country": address.CountryName(country, t)})
}

// cartItemOf selects a cart's items.
func cartItemOf(cartID string) predicate.CartItem {
	return cartitem.HasCartWith(cart.ID(cartID))
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func ptr[T any](v T) *T { return &v }

// availablePacks lists the gallery's packs the viewer may buy: not those
// the free download already gives them whole (freeOnlyPack).
func (st *state) availablePacks() []*ent.Pack {
	out := make([]*ent.Pack, 0, len(st.cat.Packs))
	for _, p := range st.cat.Packs {
		if !freeOnlyPack(st.free, st.cat, p) {
			out = append(out, p)
		}
	}
	return out
}
