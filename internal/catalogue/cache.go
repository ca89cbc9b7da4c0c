package catalogue

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/studio/gallery/ent"
)

// Cache keeps catalogues between requests: every cart read and change
// prices the cart against its gallery's catalogue, which changes rarely.
//
// A kept catalogue is used while no catalogue entity (category, family,
// format, pack and its lines, discount) nor gallery was written through the
// database client the cache is installed on since it was read, and for at
// most TTL, which bounds how stale it can be after a change made by another
// process (another replica on the same database). Orders are never priced
// from it: the checkout reads the catalogue inside its own transaction.
//
// Kept catalogues are shared between requests: callers must not modify
// them (nothing does: link fills the edges once, before it is kept).
// A nil *Cache reads every time.
type Cache struct {
	// TTL bounds the age of a kept catalogue (DefaultCacheTTL when zero).
	TTL time.Duration

	gen     atomic.Uint64
	flights singleflight.Group
	mu      sync.Mutex
	kept    map[string]keptCatalogue
}

type keptCatalogue struct {
	c    *Catalogue
	gen  uint64
	made time.Time
}

// DefaultCacheTTL is the age after which a kept catalogue is read again.
const DefaultCacheTTL = time.Second

// cacheMaxGalleries bounds the catalogues kept; beyond it they are all dropped.
const cacheMaxGalleries = 1024

// changesCatalogue are the entities whose writes make kept catalogues stale.
var changesCatalogue = map[string]bool{
	ent.TypeCategory: true, ent.TypeFamily: true, ent.TypeFormat: true, ent.TypePack: true,
	ent.TypePackFormat: true, ent.TypePackDigitalFile: true, ent.TypeDiscount: true, ent.TypeGallery: true,
}

// Install makes every catalogue write through db (and its transactions)
// invalidate the kept catalogues, before it runs and after it: inside a
// transaction the second bump comes before the commit, so a reader in
// between may keep the old catalogue, for at most TTL.
func (c *Cache) Install(db *ent.Client) {
	db.Use(func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			if !changesCatalogue[m.Type()] {
				return next.Mutate(ctx, m)
			}
			c.gen.Add(1)
			defer c.gen.Add(1)
			return next.Mutate(ctx, m)
		})
	})
}

// Load returns the catalogue of a gallery, kept or read through db (once
// however many requests miss it at the same time).
func (c *Cache) Load(ctx context.Context, db *ent.Client, galleryID string) (*Catalogue, error) {
	if c == nil {
		return LoadOne(ctx, db, galleryID)
	}
	ttl := c.TTL
	if ttl <= 0 {
		ttl = DefaultCacheTTL
	}
	gen := c.gen.Load()
	c.mu.Lock()
	k, ok := c.kept[galleryID]
	c.mu.Unlock()
	if ok && k.gen == gen && time.Since(k.made) <= ttl {
		return k.c, nil
	}
	v, err, _ := c.flights.Do(galleryID, func() (any, error) {
		gen := c.gen.Load()
		cat, err := LoadOne(ctx, db, galleryID)
		if err != nil {
			return nil, err
		}
		if c.gen.Load() == gen {
			c.mu.Lock()
			if c.kept == nil || len(c.kept) >= cacheMaxGalleries {
				c.kept = map[string]keptCatalogue{}
			}
			c.kept[galleryID] = keptCatalogue{c: cat, gen: gen, made: time.Now()}
			c.mu.Unlock()
		}
		return cat, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Catalogue), nil
}
