package books_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/internal/books"
	"github.com/studio/gallery/internal/pricing"
)

func TestDashboardFigures(t *testing.T) {
	f := setup(t)
	ph := f.db.Photo.Create().SetGalleryID(f.gal.ID).SetFilename("IMG_0001.jpg").SetWidth(600).SetHeight(400).SaveX(sysCtx())
	withPhoto := func(in pricing.Input, paid time.Time) {
		o := f.order(in, paid, "")
		f.db.OrderLine.Update().Where().SetPhotoID(ph.ID).ExecX(sysCtx())
		_ = o
	}
	// 2 November 00:30 in Brussels is 1 November 23:30 UTC: the 2nd.
	withPhoto(pricing.Input{Lines: []pricing.Line{line("a", 1000, 2)}, VATRateBP: 2100}, time.Date(2026, 11, 1, 23, 30, 0, 0, time.UTC))
	f.order(pricing.Input{Lines: []pricing.Line{line("b", 500, 1)}, VATRateBP: 2100}, at(2026, 11, 2, 18, 0), "")
	f.order(pricing.Input{Lines: []pricing.Line{line("c", 1500, 1)}, VATRateBP: 2100}, at(2026, 11, 10, 9, 0), "")
	// Refunded: not counted; outside the period: not counted.
	r := f.order(pricing.Input{Lines: []pricing.Line{line("d", 9900, 1)}, VATRateBP: 2100}, at(2026, 11, 3, 9, 0), "")
	f.db.Order.UpdateOneID(r.ID).SetStatus(order.StatusRefunded).ExecX(sysCtx())
	f.order(pricing.Input{Lines: []pricing.Line{line("e", 7700, 1)}, VATRateBP: 2100}, at(2026, 10, 31, 23, 0), "")

	d, err := f.svc.Figures(f.ctx, "2026-11-01", "2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	if d.Revenue != 4000 || d.Orders != 3 || d.AverageOrder != 1333 || d.UniqueBuyers != 1 || d.Visits != nil {
		t.Errorf("figures %+v", d)
	}
	if len(d.ByDay) != 30 || d.ByDay[0].Revenue != 0 || d.ByDay[1] != (books.Point{Period: "2026-11-02", Revenue: 2500, Orders: 2}) ||
		d.ByDay[9] != (books.Point{Period: "2026-11-10", Revenue: 1500, Orders: 1}) {
		t.Errorf("by day %+v", d.ByDay)
	}
	// Weeks start on Monday: 26 October (holding 1 November), 2 November, 9 November...
	if d.ByWeek[0].Period != "2026-10-26" || d.ByWeek[1] != (books.Point{Period: "2026-11-02", Revenue: 2500, Orders: 2}) || len(d.ByMonth) != 1 || d.ByMonth[0].Revenue != 4000 {
		t.Errorf("by week %+v, by month %+v", d.ByWeek, d.ByMonth)
	}
	if len(d.Galleries) != 1 || d.Galleries[0].Title != "Fête d'école" || d.Galleries[0].Revenue != 4000 {
		t.Errorf("galleries %+v", d.Galleries)
	}
	if len(d.Products) != 1 || d.Products[0].Kind != "print" || d.Products[0].Quantity != 4 || d.Products[0].Revenue != 4000 {
		t.Errorf("products %+v", d.Products)
	}
	if fmt.Sprint(d.TopPhotos) != fmt.Sprint([]books.PhotoFigure{{PhotoID: ph.ID, Filename: "IMG_0001.jpg", GalleryID: f.gal.ID, Revenue: 2000, Quantity: 2}}) {
		t.Errorf("top photos %+v", d.TopPhotos)
	}
	for _, p := range [][2]string{{"2026-11-30", "2026-11-01"}, {"2020-01-01", "2026-01-01"}, {"x", "2026-01-01"}} {
		if _, err := f.svc.Figures(f.ctx, p[0], p[1]); err == nil {
			t.Errorf("period %v accepted", p)
		}
	}
}

// Visits make the conversion: the period's days only, the photographer's
// galleries only, and a gallery visited without a sale is listed.
func TestDashboardConversionFromVisits(t *testing.T) {
	f := setup(t)
	f.order(pricing.Input{Lines: []pricing.Line{line("a", 1000, 1)}, VATRateBP: 2100}, time.Date(2026, 11, 5, 10, 0, 0, 0, time.UTC), "")
	quiet := f.db.Gallery.Create().SetURL("g-quiet-" + fmt.Sprint(time.Now().UnixNano()%1e6)).SetEventName("Gala").SetPhotographerID(f.pg.ID).SaveX(sysCtx())
	other := f.db.Photographer.Create().SetName("Autre").SetEmail(fmt.Sprintf("o%d@example.com", time.Now().UnixNano())).SaveX(sysCtx())
	foreign := f.db.Gallery.Create().SetURL("g-foreign-" + fmt.Sprint(time.Now().UnixNano()%1e6)).SetEventName("Ailleurs").SetPhotographerID(other.ID).SaveX(sysCtx())
	visit := func(gid, day string, n int) {
		f.db.GalleryVisit.Create().SetGalleryID(gid).SetDay(day).SetCount(n).ExecX(sysCtx())
	}
	visit(f.gal.ID, "2026-11-01", 30)
	visit(f.gal.ID, "2026-11-30", 10)
	visit(f.gal.ID, "2026-10-31", 500) // before the period
	visit(f.gal.ID, "2026-12-01", 500) // after it
	visit(quiet.ID, "2026-11-15", 8)
	visit(foreign.ID, "2026-11-15", 1000) // another photographer's

	d, err := f.svc.Figures(f.ctx, "2026-11-01", "2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	if d.Visits == nil || *d.Visits != 48 {
		t.Fatalf("visits %v, want 48", d.Visits)
	}
	want := []books.GalleryFigure{
		{GalleryID: f.gal.ID, Title: "Fête d'école", Revenue: 1000, Orders: 1, Visits: 40},
		{GalleryID: quiet.ID, Title: "Gala", Visits: 8},
	}
	if fmt.Sprint(d.Galleries) != fmt.Sprint(want) {
		t.Errorf("galleries %+v, want %+v", d.Galleries, want)
	}

	// A period without visits: unknown, not zero.
	d, err = f.svc.Figures(f.ctx, "2026-09-01", "2026-09-30")
	if err != nil {
		t.Fatal(err)
	}
	if d.Visits != nil {
		t.Errorf("visits %v in a period without any", *d.Visits)
	}
}

// Every status of a paid order counts in the figures, in production
// included; the ended ones do not.
func TestDashboardCountsEveryPaidStatus(t *testing.T) {
	f := setup(t)
	paid := []order.Status{order.StatusValidated, order.StatusInProduction, order.StatusSent, order.StatusReadyForPickup}
	ended := []order.Status{order.StatusRefunded, order.StatusCancelled}
	for i, st := range append(paid, ended...) {
		o := f.order(pricing.Input{Lines: []pricing.Line{line(string(st), 1000, 1)}, VATRateBP: 2100}, at(2026, 11, 2+i, 9, 0), "")
		f.db.Order.UpdateOneID(o.ID).SetStatus(st).ExecX(sysCtx())
	}
	d, err := f.svc.Figures(f.ctx, "2026-11-01", "2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	if d.Orders != len(paid) || int(d.Revenue) != 1000*len(paid) {
		t.Errorf("%d orders, revenue %d; want %d paid orders", d.Orders, d.Revenue, len(paid))
	}
	if d.ByDay[2] != (books.Point{Period: "2026-11-03", Revenue: 1000, Orders: 1}) {
		t.Errorf("the order in production: %+v", d.ByDay[2])
	}
}
