package store

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/singleflight"

	"github.com/studio/gallery/ent"
)

// Writes counts the writes made through a database client, so that values
// read before one can be told stale. Install it on the client; Load gives
// the current count.
type Writes struct{ n atomic.Uint64 }

// Install makes every mutation through db (and its transactions) of an
// entity type for which counts answers true bump the count, before it
// runs and after it. Inside a transaction the second bump comes before the
// commit: a reader in between may keep the old value, which is why kept
// values also have a time to live.
func (w *Writes) Install(db *ent.Client, counts func(entityType string) bool) {
	w.InstallOps(db, func(t string, _ ent.Op) bool { return counts(t) })
}

// InstallOps is Install with a rule that also sees the mutation's
// operation. The rule sees only the entity type and operation, so that the
// same rule can judge the writes other replicas tell of (ShareWrites).
func (w *Writes) InstallOps(db *ent.Client, counts func(entityType string, op ent.Op) bool) {
	register(db, w, counts)
	db.Use(func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			if !counts(m.Type(), m.Op()) {
				return next.Mutate(ctx, m)
			}
			w.n.Add(1)
			defer w.n.Add(1)
			return next.Mutate(ctx, m)
		})
	})
}

// Bump counts a write made without the client (raw SQL, an import), so
// that values read before it are stale.
func (w *Writes) Bump() { w.n.Add(1) }

// Load returns the number of write bumps so far.
func (w *Writes) Load() uint64 { return w.n.Load() }

// Kept keeps values read from the database, by key, while no counted write
// happened since they were read (Writes) and for at most TTL, which bounds
// how stale a value can be after a change made by another process (another
// replica on the same database). Concurrent misses of one key read once.
// Kept values are shared: callers must not modify them.
//
// It is the one cache of the server's reads (catalogues, gallery rows and
// media, API tokens, access credentials): a small wrapper over
// golang-lru's bounded LRU that adds the write count and the single read.
// The entries carry their read time rather than using golang-lru's
// expirable cache, whose TTL runs a goroutine per cache that never stops
// (v2.0.7) and wakes every TTL/100 (10 ms at the default second).
type Kept[V any] struct {
	Writes *Writes
	// TTL bounds the age of a kept value.
	TTL time.Duration
	// Max bounds the keys kept (DefaultKeptMax when zero); beyond it the
	// least recently used goes.
	Max int

	flights singleflight.Group
	once    sync.Once
	values  *lru.Cache[string, kept[V]]
}

// DefaultKeptMax is Kept's bound on keys when Max is zero.
const DefaultKeptMax = 1024

type kept[V any] struct {
	v    V
	gen  uint64
	made time.Time
}

func (k *Kept[V]) cache() *lru.Cache[string, kept[V]] {
	k.once.Do(func() {
		limit := k.Max
		if limit <= 0 {
			limit = DefaultKeptMax
		}
		k.values, _ = lru.New[string, kept[V]](limit) // an error only for a size < 1
	})
	return k.values
}

// Get returns the value of key, kept or read with load. load's value is
// kept only if no counted write happened while it ran. A load shared by
// concurrent callers runs with the first caller's context.
func (k *Kept[V]) Get(key string, load func() (V, error)) (V, error) {
	values := k.cache()
	gen := k.Writes.Load()
	if e, ok := values.Get(key); ok && e.gen == gen && time.Since(e.made) <= k.TTL {
		return e.v, nil
	}
	v, err, _ := k.flights.Do(key, func() (any, error) {
		gen := k.Writes.Load()
		v, err := load()
		if err != nil {
			return nil, err
		}
		if k.Writes.Load() == gen {
			values.Add(key, kept[V]{v: v, gen: gen, made: time.Now()})
		}
		return v, nil
	})
	if err != nil {
		var zero V
		return zero, err
	}
	return v.(V), nil
}
