// Package visits counts the viewers who open a gallery: one visit per
// viewer, gallery and day (UTC), kept in one row per gallery and day
// (gallery_visits). The client page's handler calls Visit on every load;
// an in-memory set of who was already counted today keeps that to one
// write per viewer and day, so a visit costs nothing after the first.
//
// Each server process keeps its own set: behind several replicas a viewer
// whose loads land on two of them counts twice that day, and a restart
// forgets who was counted (a few double counts, never a lost visit).
package visits

import (
	"context"
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

// Counter counts visits into the database.
type Counter struct {
	DB *ent.Client

	mu   sync.Mutex
	day  string
	seen map[string]struct{}
}

// New returns a counter writing through db.
func New(db *ent.Client) *Counter { return &Counter{DB: db} }

// Day is the calendar day (UTC) visits at t are counted under.
func Day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// Visit counts a visit of galleryID by the viewer named by key at now,
// unless that viewer was counted for that gallery today. It reports
// whether it wrote.
func (c *Counter) Visit(ctx context.Context, galleryID, key string, now time.Time) (bool, error) {
	day := Day(now)
	k := galleryID + "\x00" + key
	c.mu.Lock()
	if c.day != day || len(c.seen) >= maxSeen {
		c.day, c.seen = day, map[string]struct{}{}
	}
	_, done := c.seen[k]
	if !done {
		c.seen[k] = struct{}{}
	}
	c.mu.Unlock()
	if done {
		return false, nil
	}
	err := c.DB.GalleryVisit.Create().SetGalleryID(galleryID).SetDay(day).SetCount(1).
		OnConflictColumns(galleryvisit.FieldGalleryID, galleryvisit.FieldDay).AddCount(1).
		Exec(viewer.SystemContext(ctx))
	if err != nil {
		// Not counted: the next load may try again.
		c.mu.Lock()
		if c.day == day {
			delete(c.seen, k)
		}
		c.mu.Unlock()
		return false, fmt.Errorf("visits: count: %w", err)
	}
	return true, nil
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
