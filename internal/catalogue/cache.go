package catalogue

import (
	"context"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/store"
)

// Cache keeps catalogues between requests: every cart read and change
// prices the cart against its gallery's catalogue, which changes rarely.
//
// A kept catalogue is used while no catalogue entity (category, family,
// format, pack and its lines, discount) was written nor gallery deleted through the
// database client the cache is installed on since it was read, and for at
// most TTL, which bounds how stale it can be after a change made by another
// process (another replica on the same database). Orders are never priced
// from it: the checkout reads the catalogue inside its own transaction.
//
// Kept catalogues are shared between requests: callers must not modify
// them (nothing does: link fills the edges once, before it is kept).
// A nil *Cache reads every time.
type Cache struct {
	// TTL bounds the age of a kept catalogue (DefaultCacheTTL when zero);
	// set it before Install.
	TTL time.Duration

	writes store.Writes
	kept   *store.Kept[*Catalogue]
}

// DefaultCacheTTL is the age after which a kept catalogue is read again.
const DefaultCacheTTL = time.Second

// cacheMaxGalleries bounds the catalogues kept; beyond it they are all dropped.
const cacheMaxGalleries = 1024

// changesCatalogue are the entities whose writes make kept catalogues
// stale; of a gallery, only its deletion (which takes its catalogue with
// it): a new title or cover leaves the prices as they are.
var changesCatalogue = map[string]bool{
	ent.TypeCategory: true, ent.TypeFamily: true, ent.TypeFormat: true, ent.TypePack: true,
	ent.TypePackFormat: true, ent.TypePackDigitalFile: true, ent.TypeDiscount: true,
}

func changes(t string, op ent.Op) bool {
	if t == ent.TypeGallery {
		return op.Is(ent.OpDelete | ent.OpDeleteOne)
	}
	return changesCatalogue[t]
}

// Install makes every catalogue write through db (and its transactions)
// invalidate the kept catalogues (store.Writes). Call it before Load.
func (c *Cache) Install(db *ent.Client) {
	ttl := c.TTL
	if ttl <= 0 {
		ttl = DefaultCacheTTL
	}
	c.kept = &store.Kept[*Catalogue]{Writes: &c.writes, TTL: ttl, Max: cacheMaxGalleries}
	c.writes.InstallOps(db, changes)
}

// Load returns the catalogue of a gallery, kept or read through db (once
// however many requests miss it at the same time).
func (c *Cache) Load(ctx context.Context, db *ent.Client, galleryID string) (*Catalogue, error) {
	if c == nil || c.kept == nil {
		return LoadOne(ctx, db, galleryID)
	}
	return c.kept.Get(galleryID, func() (*Catalogue, error) { return LoadOne(ctx, db, galleryID) })
}
