package photographer

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/dialect/sql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/musictrack"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/selection"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/internal/visits"
)

// GalleryStats are a gallery's figures in the studio's list.
type GalleryStats struct {
	PhotoCount         int
	FavoritePhotoCount int
	OrderCount         int
	RevenueCents       int
	// Visits: viewers who opened the gallery, once per viewer and day (internal/visits).
	Visits int
	// FormatCount is how many formats its catalogue holds (withdrawn too).
	FormatCount int
}

// Revenue is what the paid orders total.
func (s GalleryStats) Revenue() money.Money { return money.EURCents(s.RevenueCents) }

// paidStatuses are the orders that count as sales.
var paidStatuses = []order.Status{order.StatusValidated, order.StatusInProduction, order.StatusSent, order.StatusReadyForPickup}

// Galleries pages through the viewer's galleries; search keeps those
// whose title or address contains it.
func (s *Service) Galleries(ctx context.Context, after *entgql.Cursor[string], first *int, before *entgql.Cursor[string], last *int,
	search string, orderBy *ent.GalleryOrder) (*ent.GalleryConnection, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	q := s.DB.Gallery.Query().Where(gallery.PhotographerID(pid))
	if search = strings.TrimSpace(search); search != "" {
		q = q.Where(gallery.Or(gallery.EventNameContainsFold(search), gallery.URLContainsFold(search)))
	}
	return q.Paginate(ctx, after, first, before, last, ent.WithGalleryOrder(orderBy))
}

// Stats returns the figures of the viewer's galleries among ids, in five
// grouped queries whatever their number (the studio's list asks for a
// page at once through a dataloader). Other photographers' galleries are
// left out of the answer.
func Stats(ctx context.Context, db *ent.Client, ids []string) (map[string]GalleryStats, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	sctx := viewer.SystemContext(ctx)
	own, err := db.Gallery.Query().Where(gallery.IDIn(ids...), gallery.PhotographerID(pid)).IDs(sctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: stats: %w", err)
	}
	out := make(map[string]GalleryStats, len(own))
	for _, id := range own {
		out[id] = GalleryStats{}
	}
	if len(own) == 0 {
		return out, nil
	}
	type row struct {
		GalleryID string `json:"gallery_id"`
		Count     int    `json:"count"`
		Sum       int    `json:"sum"`
	}
	var photos, favs, orders, formats []row
	if err := db.Photo.Query().Where(photo.HasGalleryWith(gallery.IDIn(own...))).
		GroupBy(photo.GalleryColumn).Aggregate(ent.Count()).Scan(sctx, &photos); err != nil {
		return nil, fmt.Errorf("photographer: stats photos: %w", err)
	}
	if err := db.Photo.Query().Where(photo.HasGalleryWith(gallery.IDIn(own...)),
		photo.HasSelectionsWith(selection.IsFavorites(true))).
		GroupBy(photo.GalleryColumn).Aggregate(ent.Count()).Scan(sctx, &favs); err != nil {
		return nil, fmt.Errorf("photographer: stats favourites: %w", err)
	}
	if err := db.Order.Query().Where(order.HasGalleryWith(gallery.IDIn(own...)), order.StatusIn(paidStatuses...)).
		Modify(func(q *sql.Selector) {
			q.Select(sql.As(q.C(order.GalleryColumn), "gallery_id"), sql.As(sql.Count("*"), "count"),
				sql.As(sql.Sum(q.C(order.FieldTotal)), "sum")).GroupBy(q.C(order.GalleryColumn))
		}).Scan(sctx, &orders); err != nil {
		return nil, fmt.Errorf("photographer: stats orders: %w", err)
	}
	if err := db.Format.Query().Where(format.HasGalleryWith(gallery.IDIn(own...))).
		Modify(func(q *sql.Selector) {
			q.Select(sql.As(q.C(format.GalleryColumn), "gallery_id"), sql.As(sql.Count("*"), "count")).
				GroupBy(q.C(format.GalleryColumn))
		}).Scan(sctx, &formats); err != nil {
		return nil, fmt.Errorf("photographer: stats formats: %w", err)
	}
	for _, r := range formats {
		st := out[r.GalleryID]
		st.FormatCount = r.Count
		out[r.GalleryID] = st
	}
	seen, err := visits.Totals(sctx, db, own)
	if err != nil {
		return nil, fmt.Errorf("photographer: stats visits: %w", err)
	}
	for id, n := range seen {
		st := out[id]
		st.Visits = n
		out[id] = st
	}
	for _, r := range photos {
		st := out[r.GalleryID]
		st.PhotoCount = r.Count
		out[r.GalleryID] = st
	}
	for _, r := range favs {
		st := out[r.GalleryID]
		st.FavoritePhotoCount = r.Count
		out[r.GalleryID] = st
	}
	for _, r := range orders {
		st := out[r.GalleryID]
		st.OrderCount, st.RevenueCents = r.Count, r.Sum
		out[r.GalleryID] = st
	}
	return out, nil
}

// MusicTracks lists the viewer's music tracks by title, to pick a gallery's.
func (s *Service) MusicTracks(ctx context.Context) ([]*ent.MusicTrack, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	tracks, err := s.DB.MusicTrack.Query().Where(musictrack.HasPhotographerWith(photographer.ID(pid))).
		Order(ent.Asc(musictrack.FieldTitle), ent.Asc(musictrack.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: music tracks: %w", err)
	}
	return tracks, nil
}

// FirstPhotos returns, for each of ids, the gallery's first ready photo in
// display order (the automatic cover of a gallery whose photographer chose
// none), in one statement whatever their number; galleries without a
// ready photo are absent. The caller's own view of the photos applies.
func FirstPhotos(ctx context.Context, db *ent.Client, ids []string) (map[string]*ent.Photo, error) {
	rows, err := db.Photo.Query().Where(photo.GalleryIDIn(ids...), photo.StatusEQ(photo.StatusReady), func(s *sql.Selector) {
		t := sql.Table(photo.Table).As("first_photo")
		s.Where(sql.EQ(s.C(photo.FieldPosition), sql.Select(sql.Min(t.C(photo.FieldPosition))).From(t).
			Where(sql.And(sql.ColumnsEQ(t.C(photo.GalleryColumn), s.C(photo.GalleryColumn)), sql.EQ(t.C(photo.FieldStatus), photo.StatusReady)))))
	}).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: first photos: %w", err)
	}
	out := make(map[string]*ent.Photo, len(ids))
	for _, p := range rows {
		if cur, ok := out[p.GalleryID]; !ok || p.ID < cur.ID {
			out[p.GalleryID] = p
		}
	}
	return out, nil
}
