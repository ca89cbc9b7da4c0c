package books

import (
	"context"
	"fmt"
	"slices"
	"time"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/galleryvisit"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/predicate"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// The dashboard's figures over a period of the studio's days. Revenue is
// what the orders paid in the period cost, VAT and shipping included and
// discounts taken off, before gift cards (a gift card is a payment: the
// money came when it was sold); orders later refunded or cancelled do not
// count. The sums are made by the database (GROUP BY), per UTC hour for
// the time series: Go only folds the hours into the studio's days, weeks
// (ISO, from Monday) and months, which needs the time zone's rules neither
// SQLite nor every PostgreSQL set-up has.

// Point is one bucket of a time series.
type Point struct {
	// Period is "2026-11-03" (day, week's Monday) or "2026-11" (month).
	Period  string
	Revenue money.Cents
	Orders  int
}

// GalleryFigure is a gallery's share: its paid orders and its visits in
// the period (a gallery visited but not bought from is listed too).
type GalleryFigure struct {
	GalleryID string
	Title     string
	Revenue   money.Cents
	Orders    int
	Visits    int
}

// ProductFigure is a product's share: a kind of line and its format.
type ProductFigure struct {
	Kind     string
	Format   string
	Revenue  money.Cents
	Quantity int
}

// PhotoFigure is one of the best-selling photos.
type PhotoFigure struct {
	PhotoID   string
	Filename  string
	GalleryID string
	Revenue   money.Cents
	Quantity  int
}

// Dashboard is the period's figures.
type Dashboard struct {
	From, To     time.Time // the first and last day
	Revenue      money.Cents
	Orders       int
	UniqueBuyers int
	AverageOrder money.Cents
	// Visits is the galleries' visits in the period (one per viewer,
	// gallery and UTC day: internal/visits), nil when none was counted, so
	// that the conversion is unknown rather than zero.
	Visits    *int
	ByDay     []Point
	ByWeek    []Point
	ByMonth   []Point
	Galleries []GalleryFigure
	Products  []ProductFigure
	TopPhotos []PhotoFigure
}

// maxPeriod bounds a period.
const maxPeriod = 2 * 366

// ParseDay reads "2026-11-03" as a day of loc.
func ParseDay(s string, loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateOnly, s, loc)
	if err != nil {
		return t, ErrInvalidPeriod.WithField("from")
	}
	return t, nil
}

// Figures computes the signed-in photographer's dashboard from the day
// from to the day to (both included, "2006-01-02", the studio's days).
func (s *Service) Figures(ctx context.Context, fromDay, toDay string) (*Dashboard, error) {
	pid, err := photographerID(ctx)
	if err != nil {
		return nil, err
	}
	sctx := viewer.SystemContext(ctx)
	p, err := s.DB.Photographer.Get(sctx, pid)
	if err != nil {
		return nil, err
	}
	loc := Location(p)
	from, err1 := ParseDay(fromDay, loc)
	to, err2 := ParseDay(toDay, loc)
	if err1 != nil || err2 != nil || to.Before(from) || to.Sub(from) > maxPeriod*24*time.Hour {
		return nil, ErrInvalidPeriod
	}
	end := to.AddDate(0, 0, 1)
	d := &Dashboard{From: from, To: to}
	paid := []predicate.Order{
		order.HasGalleryWith(gallery.PhotographerID(pid)),
		order.StatusIn(order.StatusValidated, order.StatusInProduction, order.StatusSent, order.StatusReadyForPickup),
		paidBetween(from, end),
	}

	// Per UTC hour.
	var hours []struct {
		Hour    string `sql:"h"`
		Revenue int64  `sql:"r"`
		Orders  int    `sql:"n"`
	}
	err = s.DB.Order.Query().Where(paid...).Modify(func(q *sql.Selector) {
		h := hourExpr(q.Dialect(), q.C(order.FieldPaidAt))
		q.Select(sql.As(h, "h"), sql.As("SUM("+q.C(order.FieldTotal)+" + "+q.C(order.FieldGiftCardTotal)+")", "r"), sql.As(sql.Count("*"), "n")).
			GroupBy(h)
	}).Scan(sctx, &hours)
	if err != nil {
		return nil, fmt.Errorf("books: revenue by hour: %w", err)
	}
	days, weeks, months := map[string]*Point{}, map[string]*Point{}, map[string]*Point{}
	add := func(m map[string]*Point, k string, r money.Cents, n int) {
		pt := m[k]
		if pt == nil {
			pt = &Point{Period: k}
			m[k] = pt
		}
		pt.Revenue += r
		pt.Orders += n
	}
	for _, h := range hours {
		t, err := time.ParseInLocation("2006-01-02 15", h.Hour, time.UTC)
		if err != nil {
			return nil, fmt.Errorf("books: hour %q: %w", h.Hour, err)
		}
		t = t.In(loc)
		day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
		monday := day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
		add(days, day.Format(time.DateOnly), money.Cents(h.Revenue), h.Orders)
		add(weeks, monday.Format(time.DateOnly), money.Cents(h.Revenue), h.Orders)
		add(months, day.Format("2006-01"), money.Cents(h.Revenue), h.Orders)
		d.Revenue += money.Cents(h.Revenue)
		d.Orders += h.Orders
	}
	// Every day, week and month of the period, empty ones too (a chart's axis).
	for t := from; t.Before(end); t = t.AddDate(0, 0, 1) {
		add(days, t.Format(time.DateOnly), 0, 0)
		add(weeks, t.AddDate(0, 0, -((int(t.Weekday())+6)%7)).Format(time.DateOnly), 0, 0)
		add(months, t.Format("2006-01"), 0, 0)
	}
	d.ByDay, d.ByWeek, d.ByMonth = sorted(days), sorted(weeks), sorted(months)
	if d.Orders > 0 {
		d.AverageOrder = money.Cents((int64(d.Revenue) + int64(d.Orders)/2) / int64(d.Orders))
	}
	buyers, err := s.DB.Order.Query().Where(paid...).Modify(func(q *sql.Selector) {
		q.Select(sql.As("COUNT(DISTINCT LOWER("+q.C(order.FieldEmail)+"))", "n"))
	}).Int(sctx)
	if err != nil {
		return nil, fmt.Errorf("books: buyers: %w", err)
	}
	d.UniqueBuyers = buyers

	// Per gallery.
	var gs []struct {
		Gallery string `sql:"g"`
		Revenue int64  `sql:"r"`
		Orders  int    `sql:"n"`
	}
	err = s.DB.Order.Query().Where(paid...).Modify(func(q *sql.Selector) {
		g := q.C(order.GalleryColumn)
		q.Select(sql.As(g, "g"), sql.As("SUM("+q.C(order.FieldTotal)+" + "+q.C(order.FieldGiftCardTotal)+")", "r"), sql.As(sql.Count("*"), "n")).
			GroupBy(g)
	}).Scan(sctx, &gs)
	if err != nil {
		return nil, fmt.Errorf("books: by gallery: %w", err)
	}
	visits, err := s.visits(sctx, pid, from, to)
	if err != nil {
		return nil, err
	}
	gids := []string{}
	for _, g := range gs {
		gids = append(gids, g.Gallery)
	}
	for id := range visits {
		if !slices.Contains(gids, id) {
			gids = append(gids, id)
		}
	}
	titles := map[string]string{}
	for _, g := range s.DB.Gallery.Query().Where(gallery.IDIn(gids...)).Select(gallery.FieldID, gallery.FieldEventName).AllX(sctx) {
		titles[g.ID] = g.EventName
	}
	sold := map[string]bool{}
	for _, g := range gs {
		sold[g.Gallery] = true
		d.Galleries = append(d.Galleries, GalleryFigure{GalleryID: g.Gallery, Title: titles[g.Gallery], Revenue: money.Cents(g.Revenue), Orders: g.Orders, Visits: visits[g.Gallery]})
	}
	total := 0
	for id, n := range visits {
		total += n
		if !sold[id] {
			d.Galleries = append(d.Galleries, GalleryFigure{GalleryID: id, Title: titles[id], Visits: n})
		}
	}
	if len(visits) > 0 {
		d.Visits = &total
	}
	slices.SortStableFunc(d.Galleries, func(a, b GalleryFigure) int {
		if a.Revenue != b.Revenue {
			return int(b.Revenue - a.Revenue)
		}
		return b.Visits - a.Visits
	})

	// Per product and per photo: the lines' net amounts.
	lines := orderline.HasOrderWith(paid...)
	net := func(q *sql.Selector) string {
		return "SUM(" + q.C(orderline.FieldTotal) + " - CASE WHEN " + q.C(orderline.FieldDiscount) + " > 0 THEN " +
			q.C(orderline.FieldDiscount) + " ELSE 0 END)"
	}
	var ps []struct {
		Kind     string `sql:"k"`
		Format   string `sql:"f"`
		Revenue  int64  `sql:"r"`
		Quantity int    `sql:"q"`
	}
	err = s.DB.OrderLine.Query().Where(lines).Modify(func(q *sql.Selector) {
		k, f := q.C(orderline.FieldKind), q.C(orderline.FieldFormatID)
		q.Select(sql.As(k, "k"), sql.As(f, "f"), sql.As(net(q), "r"), sql.As("SUM("+q.C(orderline.FieldQuantity)+")", "q")).GroupBy(k, f)
	}).Scan(sctx, &ps)
	if err != nil {
		return nil, fmt.Errorf("books: by product: %w", err)
	}
	fids := []string{}
	for _, p := range ps {
		fids = append(fids, p.Format)
	}
	names := map[string]string{}
	for _, f := range s.DB.Format.Query().Where(format.IDIn(fids...)).AllX(sctx) {
		names[f.ID] = catalogue.FormatName(f)
	}
	for _, p := range ps {
		d.Products = append(d.Products, ProductFigure{Kind: p.Kind, Format: names[p.Format], Revenue: money.Cents(p.Revenue), Quantity: p.Quantity})
	}
	slices.SortStableFunc(d.Products, func(a, b ProductFigure) int { return int(b.Revenue - a.Revenue) })

	var tops []struct {
		Photo    string `sql:"p"`
		Revenue  int64  `sql:"r"`
		Quantity int    `sql:"q"`
	}
	err = s.DB.OrderLine.Query().Where(lines, orderline.PhotoIDNEQ("")).Modify(func(q *sql.Selector) {
		ph := q.C(orderline.FieldPhotoID)
		q.Select(sql.As(ph, "p"), sql.As(net(q), "r"), sql.As("SUM("+q.C(orderline.FieldQuantity)+")", "q")).GroupBy(ph).
			OrderBy(sql.Desc("r"), sql.Desc("q"), ph).Limit(10)
	}).Scan(sctx, &tops)
	if err != nil {
		return nil, fmt.Errorf("books: top photos: %w", err)
	}
	phids := []string{}
	for _, t := range tops {
		phids = append(phids, t.Photo)
	}
	photos := map[string]*ent.Photo{}
	for _, ph := range s.DB.Photo.Query().Where(photo.IDIn(phids...)).AllX(sctx) {
		photos[ph.ID] = ph
	}
	for _, t := range tops {
		f := PhotoFigure{PhotoID: t.Photo, Revenue: money.Cents(t.Revenue), Quantity: t.Quantity}
		if ph := photos[t.Photo]; ph != nil {
			f.Filename, f.GalleryID = ph.Filename, ph.GalleryID
		}
		d.TopPhotos = append(d.TopPhotos, f)
	}
	return d, nil
}

// paidBetween keeps the orders paid from from (included) to end.
func paidBetween(from, end time.Time) predicate.Order {
	return predicate.Order(func(q *sql.Selector) {
		col := q.C(order.FieldPaidAt)
		if q.Dialect() == dialect.Postgres {
			q.Where(sql.And(sql.GTE(col, from.UTC()), sql.LT(col, end.UTC())))
			return
		}
		const layout = "2006-01-02 15:04:05"
		u := sqliteUTC(col)
		q.Where(sql.ExprP(u+" >= ? AND "+u+" < ?", from.UTC().Format(layout), end.UTC().Format(layout)))
	})
}

// hourExpr is a time column's UTC hour as text, "2026-11-03 14".
func hourExpr(d, col string) string {
	if d == dialect.Postgres {
		return "to_char(" + col + " AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24')"
	}
	return "substr(" + sqliteUTC(col) + ", 1, 13)"
}

// sqliteUTC is a time column of SQLite as UTC text ("2026-11-03
// 14:05:00"). The driver stores Go's time.String() layout, "2026-11-03
// 15:05:00[.999999999] +0100 CET", with the offset of the clock that wrote
// it, which SQLite's date functions cannot read and text comparison
// misorders: the wall time is shifted by the offset.
func sqliteUTC(col string) string {
	off := "substr(" + col + ", 20 + instr(substr(" + col + ", 20), ' '), 5)"
	minutes := "(CASE substr(" + off + ", 1, 1) WHEN '-' THEN -1 ELSE 1 END) * (CAST(substr(" + off + ", 2, 2) AS INTEGER) * 60 + CAST(substr(" + off + ", 4, 2) AS INTEGER))"
	return "datetime(substr(" + col + ", 1, 19), (-" + minutes + ") || ' minutes')"
}

func sorted(m map[string]*Point) []Point {
	out := make([]Point, 0, len(m))
	for _, p := range m {
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b Point) int {
		switch {
		case a.Period < b.Period:
			return -1
		case a.Period > b.Period:
			return 1
		}
		return 0
	})
	return out
}

// visits sums the visits of the photographer's galleries on the period's
// days, per gallery. Visits are kept per UTC day: a studio's day is taken
// as the UTC day of the same date (a visit near midnight may fall on the
// day beside), which is close enough for a conversion rate.
func (s *Service) visits(ctx context.Context, pid string, from, to time.Time) (map[string]int, error) {
	var rows []struct {
		GalleryID string `json:"gallery_id"`
		Sum       int    `json:"sum"`
	}
	err := s.DB.GalleryVisit.Query().Where(
		galleryvisit.HasGalleryWith(gallery.PhotographerID(pid)),
		galleryvisit.DayGTE(from.Format(time.DateOnly)),
		galleryvisit.DayLTE(to.Format(time.DateOnly)),
	).GroupBy(galleryvisit.FieldGalleryID).Aggregate(ent.Sum(galleryvisit.FieldCount)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("books: visits: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		if r.Sum > 0 {
			out[r.GalleryID] = r.Sum
		}
	}
	return out, nil
}
