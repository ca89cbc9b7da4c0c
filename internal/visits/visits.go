// Package visits counts the viewers who open a gallery: one visit per
// viewer, gallery and day (UTC), kept in one row per gallery and day
// (gallery_visits). The client page's handler calls Visit on every load,
// which only counts in memory: an in-memory set of who was already
// counted today keeps that to one count per viewer and day, and the
// counts are written a moment later (FlushAfter) by Flush, one upsert per
// gallery and day for all the visits since the last flush. No page load
// waits on the database.
//
// Each server process keeps its own set and its own pending counts:
// behind several replicas a viewer whose loads land on two of them counts
// twice that day, and a restart forgets who was counted (a few double
// counts). The services flush when they stop (app.Services.Stop); a
// process killed outright loses at most FlushAfter of counts.
package visits

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/galleryvisit"
	"github.com/studio/gallery/internal/viewer"
)

// maxSeen bounds the memory of who was counted today; past it the set
// starts again (those viewers may count twice that day).
const maxSeen = 200_000

// FlushAfter is how long after the first uncounted visit the counts are
// written, when Counter.FlushAfter is zero.
const FlushAfter = 2 * time.Second

// Counter counts visits into the database.
type Counter struct {
	DB *ent.Client
	// FlushAfter overrides the package's FlushAfter; negative flushes only
	// when Flush is called.
	FlushAfter time.Duration
	// OnError, when set, hears a failed background flush (its counts are
	// kept for the next one).
	OnError func(error)

	mu      sync.Mutex
	day     string
	seen    map[string]struct{}
	pending map[dayKey]int
	timer   *time.Timer
	// flushing serialises flushes, so that two never write the same counts.
	flushing sync.Mutex
}

type dayKey struct{ gallery, day string }

// New returns a counter writing through db.
func New(db *ent.Client) *Counter { return &Counter{DB: db} }

// Day is the calendar day (UTC) visits at t are counted under.
func Day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// Visit counts a visit of galleryID by the viewer named by key at now,
// unless that viewer was counted for that gallery today. It reports
// whether it counted. It never touches the database: the count is written
// by the next flush.
func (c *Counter) Visit(galleryID, key string, now time.Time) bool {
	day := Day(now)
	k := galleryID + "\x00" + key
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.day != day || len(c.seen) >= maxSeen {
		c.day, c.seen = day, map[string]struct{}{}
	}
	if _, done := c.seen[k]; done {
		return false
	}
	c.seen[k] = struct{}{}
	if c.pending == nil {
		c.pending = map[dayKey]int{}
	}
	c.pending[dayKey{galleryID, day}]++
	c.schedule()
	return true
}

// schedule arms the flush timer, if none is armed; c.mu is held.
func (c *Counter) schedule() {
	after := c.FlushAfter
	if after == 0 {
		after = FlushAfter
	}
	if after < 0 || c.timer != nil {
		return
	}
	c.timer = time.AfterFunc(after, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := c.Flush(ctx); err != nil && c.OnError != nil {
			c.OnError(err)
		}
	})
}

// Pending is the number of visits counted and not yet written.
func (c *Counter) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.pending {
		n += v
	}
	return n
}

// Flush writes the visits counted since the last flush: one upsert per
// gallery and day. Counts it could not write are kept for the next flush
// (which is scheduled again); a gallery deleted since its visits were
// counted loses them.
func (c *Counter) Flush(ctx context.Context) error {
	c.flushing.Lock()
	defer c.flushing.Unlock()
	c.mu.Lock()
	batch := c.pending
	c.pending = nil
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	c.mu.Unlock()
	var errs []error
	failed := map[dayKey]int{}
	sctx := viewer.SystemContext(ctx)
	for k, n := range batch {
		err := c.DB.GalleryVisit.Create().SetGalleryID(k.gallery).SetDay(k.day).SetCount(n).
			OnConflictColumns(galleryvisit.FieldGalleryID, galleryvisit.FieldDay).AddCount(n).
			Exec(sctx)
		switch {
		case err == nil:
		case ent.IsConstraintError(err):
			// The gallery is gone (foreign key): nothing to count under.
		default:
			failed[k] = n
			errs = append(errs, err)
		}
	}
	if len(failed) > 0 {
		c.mu.Lock()
		if c.pending == nil {
			c.pending = map[dayKey]int{}
		}
		for k, n := range failed {
			c.pending[k] += n
		}
		c.schedule()
		c.mu.Unlock()
		return fmt.Errorf("visits: write %d count(s): %w", len(failed), errors.Join(errs...))
	}
	return nil
}

// Totals returns the visits of each of ids, all days together, in one
// grouped query (galleries without a visit are absent).
func Totals(ctx context.Context, db *ent.Client, ids []string) (map[string]int, error) {
	var rows []struct {
		GalleryID string `json:"gallery_id"`
		Sum       int    `json:"sum"`
	}
	if err := db.GalleryVisit.Query().Where(galleryvisit.GalleryIDIn(ids...)).
		GroupBy(galleryvisit.FieldGalleryID).Aggregate(ent.Sum(galleryvisit.FieldCount)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("visits: totals: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.GalleryID] = r.Sum
	}
	return out, nil
}
