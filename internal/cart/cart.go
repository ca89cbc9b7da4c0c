// Package cart keeps a visitor's cart in one gallery: prints, single
// digital files, whole-gallery downloads, packs (being configured or
// complete), discount codes and gift cards, the buyer's addresses; and
// prices it with internal/pricing. GraphQL and REST both call it and both
// answer the View it builds.
//
// Ownership. A cart belongs to one browser (the session cookie) and gallery
// until the viewer confirms an e-mail; it then belongs to that e-mail, and
// the browser's cart merges into the e-mail's one. The open_key column,
// unique among open carts, makes sure two tabs never create two carts.
//
// Concurrency. Every change runs in one transaction that first bumps the
// cart's version: on PostgreSQL that locks the cart's row, on SQLite the
// transaction holds the write lock from its start, so two writers on one
// cart take turns and neither loses the other's change.
//
// Invalidation. internal/photographer drops the items a settings change
// makes unbuyable and flags the cart; reading the cart reports that once
// (cartUpdated) and clears it. Items found unbuyable at read time (a format
// withdrawn in a race, a photo made private, digital files the gallery's
// free download now gives the viewer: free.go) are dropped the same way.
package cart

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/user"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/events"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// TopicCart is the events topic a cart change is published on, with the
// cart's id.
const TopicCart = "cart"

// Service keeps the carts.
type Service struct {
	DB *ent.Client
	// Catalogues keeps the galleries' catalogues between cart reads and
	// changes; nil reads them every time. The checkout never uses it.
	Catalogues *catalogue.Cache
	// Events, when set, hears of every committed cart change.
	Events events.Broker
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// owner names who a cart belongs to in a gallery.
type owner struct {
	key  string // the open_key of the owner's open cart
	user *ent.User
	// sessionKey is the browser's open_key, to merge from once a user.
	sessionKey string
}

// anonKey names the viewer's owner in g before an e-mail is confirmed:
// the browser (also returned as sessionKey), else a photographer's script.
func anonKey(v *viewer.Viewer, g *ent.Gallery) (key, sessionKey string) {
	switch {
	case v.SessionKey != "":
		sessionKey = "s:" + g.ID + ":" + v.SessionKey
		return sessionKey, sessionKey
	case v.PhotographerID != "":
		return "p:" + g.ID + ":" + v.PhotographerID, ""
	}
	return "", ""
}

// userKey names a confirmed e-mail's cart in g.
func userKey(g *ent.Gallery, u *ent.User) string { return "u:" + g.ID + ":" + u.ID }

// ownerOf works out the viewer's cart owner in g.
func (s *Service) ownerOf(ctx context.Context, tx *ent.Client, g *ent.Gallery) (*owner, error) {
	v := viewer.FromContext(ctx)
	o := &owner{}
	o.key, o.sessionKey = anonKey(v, g)
	if v.Email != "" {
		u, err := s.userOf(ctx, tx, v.Email)
		if err != nil {
			return nil, err
		}
		o.user, o.key = u, userKey(g, u)
	}
	if o.key == "" {
		return nil, access.ErrEmailNeeded
	}
	return o, nil
}

// peek finds the viewer's open cart in g without writing anything; false
// when it must be made, or when a browser's cart waits to be merged into
// the e-mail's.
func (s *Service) peek(ctx context.Context, g *ent.Gallery) (*ent.Cart, bool) {
	v := viewer.FromContext(ctx)
	key, sessionKey := anonKey(v, g)
	if v.Email != "" {
		u, err := s.DB.User.Query().Where(user.Email(v.Email)).Only(viewer.SystemContext(ctx))
		if err != nil {
			return nil, false
		}
		key = userKey(g, u)
		if sessionKey != "" {
			if waiting, err := s.DB.Cart.Query().Where(cart.OpenKey(sessionKey)).Exist(ctx); err != nil || waiting {
				return nil, false
			}
		}
	}
	if key == "" {
		return nil, false
	}
	c, err := s.DB.Cart.Query().Where(cart.OpenKey(key)).Only(ctx)
	if err != nil {
		return nil, false
	}
	return c, true
}

// userOf returns the user of a confirmed e-mail, made if missing (the
// sealed identity proves the address).
func (s *Service) userOf(ctx context.Context, tx *ent.Client, email string) (*ent.User, error) {
	sctx := viewer.SystemContext(ctx)
	u, err := tx.User.Query().Where(user.Email(email)).Only(sctx)
	if ent.IsNotFound(err) {
		if err := tx.User.Create().SetEmail(email).SetVerifiedAt(s.now()).
			OnConflictColumns(user.FieldEmail).Ignore().Exec(sctx); err != nil {
			return nil, fmt.Errorf("cart: user: %w", err)
		}
		u, err = tx.User.Query().Where(user.Email(email)).Only(sctx)
	}
	if err != nil {
		return nil, fmt.Errorf("cart: user: %w", err)
	}
	return u, nil
}

// open finds or makes the owner's open cart in g and merges the browser's
// cart into the e-mail's one. With lock, it first bumps the version, which
// locks the row (PostgreSQL) for the rest of tx before anything is read;
// the cart is then read once (twice after a merge, which changes it).
func (s *Service) open(ctx context.Context, tx *ent.Client, g *ent.Gallery, o *owner, lock bool) (*ent.Cart, error) {
	if lock {
		// The version grows by a bulk update: it names no entity to read
		// back, which the one read below does.
		n, err := tx.Cart.Update().Where(cart.OpenKey(o.key)).AddVersion(1).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("cart: lock: %w", err)
		}
		lock = n == 0 // none yet: made below, then locked
	}
	c, err := tx.Cart.Query().Where(cart.OpenKey(o.key)).Only(ctx)
	if ent.IsNotFound(err) {
		create := tx.Cart.Create().SetGalleryID(g.ID).SetOpenKey(o.key)
		if o.user != nil {
			create.SetUserID(o.user.ID)
		}
		if o.sessionKey != "" {
			create.SetSessionKey(o.sessionKey)
		}
		// Two tabs may create at once: the unique open_key keeps one.
		if err := create.OnConflictColumns(cart.FieldOpenKey).Ignore().Exec(ctx); err != nil {
			return nil, fmt.Errorf("cart: create: %w", err)
		}
		c, err = tx.Cart.Query().Where(cart.OpenKey(o.key)).Only(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("cart: find: %w", err)
	}
	if lock {
		if err := tx.Cart.Update().Where(cart.ID(c.ID)).AddVersion(1).Exec(ctx); err != nil {
			return nil, fmt.Errorf("cart: lock: %w", err)
		}
		c.Version++
	}
	if o.user != nil && o.sessionKey != "" && o.sessionKey != o.key {
		merged, err := s.merge(ctx, tx, o.sessionKey, c.ID)
		if err != nil || !merged {
			return c, err
		}
		return tx.Cart.Get(ctx, c.ID)
	}
	return c, nil
}

// merge moves the browser's open cart into the e-mail's one and deletes
// it. Duplicates (the same file, the same whole-gallery download, the same
// voucher) are kept once; identical prints become one line of both
// quantities; single files a whole-gallery download covers go. It tells
// whether there was a cart to merge.
func (s *Service) merge(ctx context.Context, tx *ent.Client, fromKey, intoID string) (bool, error) {
	if ok, err := tx.Cart.Query().Where(cart.OpenKey(fromKey)).Exist(ctx); err != nil || !ok {
		return false, wrap("merge", err)
	}
	return true, s.mergeFrom(ctx, tx, fromKey, intoID)
}

func (s *Service) mergeFrom(ctx context.Context, tx *ent.Client, fromKey, intoID string) error {
	// Two requests of the browser may merge at once (a read does not lock
	// the e-mail's cart): locking it makes them take turns, and the second
	// finds the browser's cart gone. The version grows so that the e-mail's
	// other tabs see the merge.
	if err := tx.Cart.UpdateOneID(intoID).AddVersion(1).Exec(ctx); err != nil {
		return fmt.Errorf("cart: merge: %w", err)
	}
	from, err := tx.Cart.Query().Where(cart.OpenKey(fromKey)).WithItems().WithVouchers().Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cart: merge: %w", err)
	}
	into, err := tx.Cart.Query().Where(cart.ID(intoID)).WithItems().WithVouchers().Only(ctx)
	if err != nil {
		return fmt.Errorf("cart: merge: %w", err)
	}
	have := map[string]*ent.CartItem{}
	for _, it := range into.Edges.Items {
		if k := itemKey(it); k != "" {
			have[k] = it
		}
	}
	var allGallery []string
	for _, it := range append(slices.Clone(into.Edges.Items), from.Edges.Items...) {
		if it.Kind == cartitem.KindAllGallery && it.FormatID != nil {
			allGallery = append(allGallery, *it.FormatID)
		}
	}
	for _, it := range from.Edges.Items {
		k := itemKey(it)
		if same := have[k]; k != "" && same != nil {
			// An identical print adds its quantity, as SetPrint does.
			if it.Kind == cartitem.KindPrint {
				same.Quantity = min(same.Quantity+it.Quantity, MaxQuantity)
				if err := tx.CartItem.UpdateOneID(same.ID).SetQuantity(same.Quantity).Exec(ctx); err != nil {
					return fmt.Errorf("cart: merge item: %w", err)
				}
			}
			continue
		}
		if k != "" {
			have[k] = it
		}
		if err := tx.CartItem.UpdateOneID(it.ID).SetCartID(into.ID).Exec(ctx); err != nil {
			return fmt.Errorf("cart: merge item: %w", err)
		}
	}
	// A whole-gallery download covers the single files of its format,
	// whichever cart held which.
	if len(allGallery) > 0 {
		if _, err := tx.CartItem.Delete().Where(cartItemOf(into.ID), cartitem.KindEQ(cartitem.KindDigitalFile),
			cartitem.FormatIDIn(allGallery...)).Exec(ctx); err != nil {
			return fmt.Errorf("cart: merge: %w", err)
		}
	}
	vouchers := map[string]bool{}
	for _, v := range into.Edges.Vouchers {
		vouchers[v.ID] = true
	}
	upd := tx.Cart.UpdateOneID(into.ID)
	for _, v := range from.Edges.Vouchers {
		if !vouchers[v.ID] {
			upd.AddVoucherIDs(v.ID)
		}
	}
	if from.ClientData != nil && into.ClientData == nil {
		upd.SetClientData(from.ClientData).SetDeliveryOption(from.DeliveryOption)
	}
	if from.CartUpdated {
		upd.SetCartUpdated(true)
	}
	if err := upd.Exec(ctx); err != nil {
		return fmt.Errorf("cart: merge: %w", err)
	}
	if _, err := tx.CartItem.Delete().Where(cartItemOf(from.ID)).Exec(ctx); err != nil {
		return fmt.Errorf("cart: merge: %w", err)
	}
	if err := tx.Cart.DeleteOneID(from.ID).Exec(ctx); err != nil {
		return fmt.Errorf("cart: merge: %w", err)
	}
	return nil
}

// change is one cart mutation, run in the cart's transaction.
type change func(ctx context.Context, w *work) error

// work is what a change works with.
type work struct {
	tx      *ent.Client
	gallery *ent.Gallery
	// cart is the cart's row as the transaction locked it: a change that
	// writes one of its fields keeps it up to date (the answer reads the
	// items and vouchers again, not the row).
	cart  *ent.Cart
	cat   *catalogue.Catalogue
	owner *owner
	now   time.Time
}

// mutate runs fn on the viewer's cart in g in one transaction, then
// answers the cart as that transaction leaves it: the access is checked,
// the catalogue loaded and the cart opened once, and the answer is priced
// from what the transaction read (issue 21), not by a second Get.
func (s *Service) mutate(ctx context.Context, g *ent.Gallery, fn change) (*View, error) {
	if err := galleries.RequireAction(ctx, g, galleries.Browsing, nil); err != nil {
		return nil, err
	}
	// The answer shows the cart as the viewer sees it (a preview link
	// included), as Get does; the change acts with the viewer's own
	// credentials only.
	asSeen := ctx
	ctx = viewer.Acting(ctx)
	cat, err := s.Catalogues.Load(ctx, s.DB, g.ID)
	if err != nil {
		return nil, err
	}
	var (
		st      *state
		updated bool
	)
	err = store.InTx(ctx, s.DB, func(tx *ent.Client) error {
		o, err := s.ownerOf(ctx, tx, g)
		if err != nil {
			return err
		}
		c, err := s.open(ctx, tx, g, o, true)
		if err != nil {
			return err
		}
		w := &work{tx: tx, gallery: g, cart: c, cat: cat, owner: o, now: s.now()}
		if err := fn(ctx, w); err != nil {
			return err
		}
		if st, err = s.loadRead(asSeen, tx, g, cat, w.cart); err != nil {
			return err
		}
		st, updated, err = s.settled(asSeen, tx, st, false)
		return err
	})
	if err != nil {
		return nil, wrap("change", err)
	}
	s.published(ctx, st.cart.ID)
	return s.view(asSeen, st, updated)
}

// published tells subscribers the cart changed; a lost notice only delays
// another tab's refresh, so failures are not the buyer's problem.
func (s *Service) published(ctx context.Context, cartID string) {
	if s.Events != nil {
		_ = s.Events.Publish(context.WithoutCancel(ctx), TopicCart, cartID)
	}
}
