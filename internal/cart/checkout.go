package cart

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/user"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/catalogue"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/pricing"
	"github.com/studio/gallery/internal/viewer"
)

// Checkout refusals.
var (
	ErrCartEmpty   = apperr.New(CodeCartEmpty, http.StatusUnprocessableEntity, "cart_empty")
	ErrCartChanged = apperr.New(CodeCartChanged, http.StatusConflict,
		"cart_changed")
	ErrAddressRequired = apperr.New(CodeAddressRequired, http.StatusUnprocessableEntity,
		"address_required").WithField("clientData")
	ErrPackOngoing = apperr.New(CodePackIncomplete, http.StatusUnprocessableEntity,
		"pack_ongoing")
	ErrShippingProblem = apperr.New(CodeShippingUnavailable, http.StatusUnprocessableEntity,
		"shipping_unavailable")
)

// Snapshot is a cart as an order takes it: locked for the caller's
// transaction, priced, with what each line is.
type Snapshot struct {
	Cart         *ent.Cart
	Gallery      *ent.Gallery
	Photographer *ent.Photographer
	Catalogue    *catalogue.Catalogue
	// Items are the buyable items, in the cart's order (no ongoing packs).
	Items []*ent.CartItem
	// Photos are the photos the items name, by id.
	Photos   map[string]*ent.Photo
	Vouchers []*ent.Voucher
	Quote    pricing.Quote
	// ClientData holds the addresses and the delivery choice.
	ClientData     *model.ClientData
	DeliveryOption string
	PickupAddress  string
	// PhotoCount is the gallery's photo count (whole-gallery downloads).
	PhotoCount int
	// User is the buyer's user (their confirmed e-mail's).
	User *ent.User
}

// Buyer is the viewer at a checkout in one gallery: whose cart it is (the
// confirmed e-mail's user, made if missing), worked out once per
// transaction and handed to Checkout and LastOrdered.
type Buyer struct {
	gallery *ent.Gallery
	owner   *owner
}

// User is the buyer's user (their confirmed e-mail's).
func (b *Buyer) User() *ent.User { return b.owner.user }

// BuyerIn checks that the viewer may order in g (their own access, a
// confirmed e-mail) and works out whose cart they would order, in tx.
func (s *Service) BuyerIn(ctx context.Context, tx *ent.Client, g *ent.Gallery) (*Buyer, error) {
	if err := galleries.RequireAction(ctx, g, galleries.Browsing, nil); err != nil {
		return nil, err
	}
	if _, err := confirmedEmail(ctx); err != nil {
		return nil, err
	}
	o, err := s.ownerOf(ctx, tx, g)
	if err != nil {
		return nil, err
	}
	return &Buyer{gallery: g, owner: o}, nil
}

// ForCheckout is BuyerIn then Checkout.
func (s *Service) ForCheckout(ctx context.Context, tx *ent.Client, g *ent.Gallery) (*Snapshot, error) {
	b, err := s.BuyerIn(ctx, tx, g)
	if err != nil {
		return nil, err
	}
	return s.Checkout(ctx, tx, b)
}

// Checkout locks the buyer's open cart inside tx first (and reads
// through tx only: a second connection per transaction would exhaust
// the pool under many buyers) without changing its version, which names
// this state of the cart, then prices it from what it read. No open cart
// (none yet, or the order that was placed from it closed it) is
// ErrCartEmpty. It refuses a cart that cannot be ordered as it is: empty,
// with an unfinished pack, items the photographer's changes made unbuyable
// (the next read drops them), lines that cannot ship, or no address.
func (s *Service) Checkout(ctx context.Context, tx *ent.Client, b *Buyer) (*Snapshot, error) {
	g, o := b.gallery, b.owner
	// The cart's row is locked before anything else is read (on PostgreSQL
	// SELECT ... FOR UPDATE; SQLite's write lock is held from the
	// transaction's start): a checkout that waited for another one reads
	// the cart as that one left it (ordered and closed: no row), never a
	// version read before the wait.
	q := tx.Cart.Query().Where(cart.OpenKey(o.key), cart.StateEQ(cart.StateOpen))
	q.Modify(func(s *sql.Selector) {
		if s.Dialect() == dialect.Postgres {
			s.ForUpdate()
		}
	})
	c, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrCartEmpty
	}
	if err != nil {
		return nil, wrap("checkout lock", err)
	}
	cat, err := catalogue.LoadOne(ctx, tx, g.ID)
	if err != nil {
		return nil, err
	}
	if o.sessionKey != "" && o.sessionKey != o.key {
		waiting, err := tx.Cart.Query().Where(cart.OpenKey(o.sessionKey)).Exist(ctx)
		if err != nil {
			return nil, wrap("checkout", err)
		}
		if waiting {
			// The browser's cart has not been merged yet: the buyer has
			// not seen the cart they would order.
			return nil, ErrCartChanged
		}
	}
	// The locked row is the cart: only its items and vouchers are read.
	st, err := s.loadRead(ctx, tx, g, cat, c)
	if err != nil {
		return nil, err
	}
	if len(st.stale()) > 0 || st.cart.CartUpdated {
		return nil, ErrCartChanged
	}
	snap := &Snapshot{Cart: st.cart, Gallery: g, Photographer: st.photographer, Catalogue: cat, Photos: st.photos,
		Vouchers: st.vouchers, ClientData: st.cart.ClientData, DeliveryOption: st.deliveryOption(),
		PickupAddress: PickupAddress(st.photographer), PhotoCount: st.photoCount, User: o.user}
	for _, it := range st.items {
		if it.Kind == cartitem.KindOngoingPack {
			return nil, ErrPackOngoing
		}
		snap.Items = append(snap.Items, it)
	}
	if len(snap.Items) == 0 {
		return nil, ErrCartEmpty
	}
	snap.Quote = pricing.Price(st.input())
	if snap.ClientData == nil || snap.ClientData.Billing.Lastname == "" ||
		!strings.EqualFold(snap.ClientData.Email, viewer.FromContext(ctx).Email) {
		return nil, ErrAddressRequired
	}
	if snap.Quote.NeedsDelivery && snap.DeliveryOption == pricing.DeliveryShipping && len(snap.Quote.ShippingProblems) > 0 {
		return nil, ErrShippingProblem
	}
	return snap, nil
}

// LastOrdered returns the buyer's cart that an order closed last, when
// they have no open cart in its gallery (nil otherwise): a click on the
// review page of a cart that a first click has just ordered answers that
// order. Call it after Checkout answered ErrCartEmpty, in the same tx.
func (s *Service) LastOrdered(ctx context.Context, tx *ent.Client, b *Buyer) (*ent.Cart, error) {
	g, o := b.gallery, b.owner
	if open, err := tx.Cart.Query().Where(cart.OpenKey(o.key)).Exist(ctx); err != nil || open {
		return nil, wrap("last ordered", err)
	}
	q := tx.Cart.Query().Where(cart.StateEQ(cart.StateOrdered), cart.HasGalleryWith(gallery.ID(g.ID)))
	switch {
	case o.user != nil:
		q.Where(cart.HasUserWith(user.ID(o.user.ID)))
	case o.sessionKey != "" && o.sessionKey == o.key:
		q.Where(cart.SessionKey(o.sessionKey), cart.Not(cart.HasUser()))
	default:
		return nil, nil
	}
	c, err := q.Order(ent.Desc(cart.FieldUpdatedAt), ent.Desc(cart.FieldID)).First(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return c, wrap("last ordered", err)
}

// Format returns the catalogue's format of an id, or nil.
func (s *Snapshot) Format(id *string) *ent.Format {
	if id == nil {
		return nil
	}
	return s.Catalogue.Format(*id)
}

// Pack returns the gallery's pack of an id, or nil.
func (s *Snapshot) Pack(id *string) *ent.Pack {
	if id == nil {
		return nil
	}
	for _, p := range s.Catalogue.Packs {
		if p.ID == *id {
			return p
		}
	}
	return nil
}

// CloseOrdered closes the cart an order was paid from. When the cart is
// still in the state the order was placed from, it is marked ordered and
// leaves the owner's open key, so the next read opens a new, empty cart.
// When the buyer changed it since (and paid the older order's page), only
// the items the order holds leave it: what was added stays to be bought.
func CloseOrdered(ctx context.Context, tx *ent.Client, cartID string, version int, itemIDs []string) error {
	n, err := tx.Cart.Update().Where(cart.ID(cartID), cart.Version(version), cart.StateEQ(cart.StateOpen)).
		SetState(cart.StateOrdered).ClearOpenKey().AddVersion(1).Save(ctx)
	if err != nil {
		return fmt.Errorf("cart: close: %w", err)
	}
	if n > 0 || len(itemIDs) == 0 {
		return nil
	}
	if _, err := tx.CartItem.Delete().Where(cartitem.IDIn(itemIDs...), cartItemOf(cartID)).Exec(ctx); err != nil {
		return fmt.Errorf("cart: close: %w", err)
	}
	if err := tx.Cart.Update().Where(cart.ID(cartID), cart.StateEQ(cart.StateOpen)).AddVersion(1).Exec(ctx); err != nil {
		return fmt.Errorf("cart: close: %w", err)
	}
	return nil
}
