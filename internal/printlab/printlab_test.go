package printlab_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/printsheet"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/jobs/jobstest"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/ordermail"
	"github.com/studio/gallery/internal/printlab"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// Quadrant colours of the test photo (1200 x 800, PNG so that they stay exact).
var (
	red    = color.NRGBA{220, 20, 20, 255}
	green  = color.NRGBA{20, 200, 20, 255}
	blue   = color.NRGBA{20, 20, 220, 255}
	yellow = color.NRGBA{230, 210, 20, 255}
)

func quadrants(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 1200, 800))
	for y := 0; y < 800; y++ {
		for x := 0; x < 1200; x++ {
			c := red
			switch {
			case x >= 600 && y < 400:
				c = green
			case x < 600 && y >= 400:
				c = blue
			case x >= 600 && y >= 400:
				c = yellow
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type fixture struct {
	db     *ent.Client
	media  *media.Store
	svc    *printlab.Service
	gala   *ent.Gallery
	order  *ent.Order
	format *ent.Format
	events *events.Local
}

func setup(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	sys := viewer.SystemContext(ctx)
	db := testdb.Open(t)
	m, err := media.Open(ctx, testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if _, err := seed.Demo(ctx, db.Client, m, 2); err != nil {
		t.Fatalf("seed: %v", err)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	runner := jobstest.New(t, db, jobs.Config{Media: m, Logger: log})
	ev := events.NewLocal()
	t.Cleanup(func() { _ = ev.Close() })
	f := &fixture{db: db.Client, media: m, events: ev, svc: &printlab.Service{DB: db.Client, Jobs: runner, Media: m, Events: ev, Log: log}}
	runner.Register(f.svc.Register)
	jobstest.Run(t, runner)

	f.gala = db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(sys)
	// The smallest print format of the gala (a 3:2 one: 10 x 15 or 20 x 30).
	for _, fm := range db.Client.Format.Query().Where(format.HasGalleryWith(gallery.ID(f.gala.ID)), format.KindEQ(format.KindPrint),
		format.ShortSizeGT(0)).Order(ent.Asc(format.FieldLongSize)).AllX(sys) {
		if r := fm.LongSize / fm.ShortSize; r > 1.49 && r < 1.51 && fm.Name != "" {
			f.format = fm
			break
		}
	}
	if f.format == nil {
		t.Fatal("no 3:2 print format in the demo")
	}
	id := ids.New("pho")
	info, err := m.Ingest(ctx, id, quadrants(t))
	if err != nil {
		t.Fatal(err)
	}
	p := db.Client.Photo.Create().SetID(id).SetGallery(f.gala).SetFilename("QUAD.png").SetWidth(info.Width).
		SetHeight(info.Height).SetContentHash(info.Hash).SetOriginalKey(media.OriginalKey(id, info.Hash)).
		SetContentType(info.ContentType).SetStatus(photo.StatusReady).SaveX(sys)
	now := time.Now()
	addr := model.Address{Firstname: "Anne", Lastname: "Martin", Address: "Rue Haute 1", PostalCode: "1000", City: "Bruxelles", Country: "BE"}
	o := db.Client.Order.Create().SetGallery(f.gala).SetNumber("2026-0042").SetEmail("anne@example.com").
		SetCartID("crt_test").SetSubtotal(3000).SetTotal(3000).SetBillingAddress(addr).SetShippingAddress(&addr).
		SetStatus(order.StatusValidated).SetPaidAt(now).SaveX(sys)
	line := func(id, kind string, q int, d *model.OrderLineDetails) {
		c := db.Client.OrderLine.Create().SetID(id).SetOrder(o).SetKind(kind).SetDescription(kind).SetQuantity(q).
			SetUnitPrice(1000).SetTotal(1000 * q).SetPhotoID(p.ID)
		if kind == "print" {
			c.SetFormatID(f.format.ID)
		}
		c.SetDetails(d).SaveX(sys)
	}
	// Line 1: the red quarter, twice, no border. Line 2: the yellow
	// quarter with a white border. Line 3: a digital file, not printed.
	line("orl_1", "print", 2, &model.OrderLineDetails{Finish: "glossy", Border: "none", Crop: &model.Crop{X: 0, Y: 0, Width: 600, Height: 400}})
	line("orl_2", "print", 1, &model.OrderLineDetails{Finish: "mat", Border: "white", Crop: &model.Crop{X: 600, Y: 400, Width: 600, Height: 400}})
	line("orl_3", "digital_file", 1, &model.OrderLineDetails{Quality: "hd"})
	f.order = o
	return f
}

func (f *fixture) photographer() context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.gala.PhotographerID})
}

func (f *fixture) wait(t *testing.T, id string) *ent.PrintSheet {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		sh, err := f.svc.Get(f.photographer(), id)
		if err != nil {
			t.Fatal(err)
		}
		if sh.Status != printsheet.StatusPreparing {
			return sh
		}
		if time.Now().After(deadline) {
			t.Fatalf("sheet still preparing: %d of %d", sh.FilesDone, sh.FilesTotal)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// near tells whether two colours are the same up to JPEG's rounding.
func near(a color.Color, b color.NRGBA) bool {
	r, g, bl, _ := a.RGBA()
	d := func(x uint32, y uint8) int { return max(int(x>>8), int(y)) - min(int(x>>8), int(y)) }
	return d(r, b.R) < 12 && d(g, b.G) < 12 && d(bl, b.B) < 12
}

// TestPrintSheetFiles prepares the sheet of a known order and checks the
// files' names, pixel sizes, resolution, crop and border, and the packing list.
func TestPrintSheetFiles(t *testing.T) {
	f := setup(t)
	pg := f.photographer()
	// The order's page follows the sheet on the order's topic: one event
	// when it starts, one per file, one when the ZIP is ready.
	sub := f.events.Subscribe(ordermail.TopicOrder)
	defer sub.Close()
	var mu sync.Mutex
	heard := 0
	sub.Notify(func() {
		got, _ := sub.Take()
		mu.Lock()
		defer mu.Unlock()
		for _, e := range got {
			if e.ID == f.order.ID {
				heard++
			}
		}
	})
	sh, err := f.svc.Prepare(pg, f.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sh.Status != printsheet.StatusPreparing || sh.FilesTotal != 2 || printlab.URL(sh) != "" {
		t.Fatalf("prepared: %+v", sh)
	}
	sh = f.wait(t, sh.ID)
	if sh.Status != printsheet.StatusReady || sh.FilesDone != 2 || sh.SizeBytes == 0 {
		t.Fatalf("sheet: %+v", sh)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := heard
		mu.Unlock()
		if n >= 4 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d order events for a sheet of 2 files, want 4 (started, 2 files, ready)", n)
		}
	}
	if got, err := f.svc.Download(pg, sh.ID, sh.Token); err != nil || got.BlobKey == "" {
		t.Fatalf("download: %v", err)
	}
	data, err := f.media.Bucket.ReadAll(context.Background(), sh.BlobKey)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	fs := strings.ReplaceAll(f.format.Name, " ", "")
	if f.format.Name == "" {
		t.Skip("unnamed format")
	}
	want := []string{"2026-0042_L01_" + fs + "_x2.jpg", "2026-0042_L02_" + fs + "_x1.jpg", "packing-list.csv"}
	if len(zr.File) != len(want) {
		t.Fatalf("files: %d, want %v", len(zr.File), want)
	}
	long := int(f.format.LongSize/2.54*300 + 0.5)
	short := int(f.format.ShortSize/2.54*300 + 0.5)
	border := 59 // 5 mm at 300 dpi
	for i, zf := range zr.File {
		if zf.Name != want[i] {
			t.Fatalf("file %d: %q, want %q", i, zf.Name, want[i])
		}
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if i == 2 {
			csv := string(b)
			if !strings.HasPrefix(csv, "\uFEFFFichier;Commande;Ligne;Format;") || !strings.Contains(csv, want[0]+";2026-0042;1;") ||
				!strings.Contains(csv, ";2;brillant;aucun;QUAD.png;0, 0, 600, 400;") || !strings.Contains(csv, ";1;mat;blanc;QUAD.png;600, 400, 600, 400;") ||
				!strings.Contains(csv, "Total;2026-0042;;;;;3;") || !strings.Contains(csv, "Anne Martin, Rue Haute 1, 1000 Bruxelles, BE") {
				t.Fatalf("packing list:\n%s", csv)
			}
			continue
		}
		if dpi := media.JPEGDensity(b); dpi != 300 {
			t.Errorf("%s: %d dpi", zf.Name, dpi)
		}
		img, err := jpeg.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if s := img.Bounds().Size(); s.X != long || s.Y != short {
			t.Fatalf("%s: %v, want %dx%d", zf.Name, s, long, short)
		}
		inner, edge := red, red
		if i == 1 {
			inner, edge = yellow, color.NRGBA{255, 255, 255, 255}
		}
		// Inside the picture: only the crop's colour (no green, blue or yellow of the rest).
		for _, pt := range []image.Point{{long / 2, short / 2}, {border + 20, border + 20}, {long - border - 20, short - border - 20},
			{border + 20, short - border - 20}, {long - border - 20, border + 20}} {
			if c := img.At(pt.X, pt.Y); !near(c, inner) {
				t.Errorf("%s at %v: %v, want %v", zf.Name, pt, c, inner)
			}
		}
		// The border (or, without one, the picture to its edges).
		for _, pt := range []image.Point{{3, 3}, {long - 4, short - 4}, {long / 2, 3}, {3, short / 2}} {
			if c := img.At(pt.X, pt.Y); !near(c, edge) {
				t.Errorf("%s edge at %v: %v, want %v", zf.Name, pt, c, edge)
			}
		}
	}
}

// TestPrintSheetAccess: only the order's photographer prepares, follows
// and downloads its sheet, and only with its token.
func TestPrintSheetAccess(t *testing.T) {
	f := setup(t)
	guest := viewer.NewContext(context.Background(), &viewer.Viewer{Email: "anne@example.com"})
	other := viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: "pgr_other"})
	if _, err := f.svc.Prepare(guest, f.order.ID); !errors.Is(err, apperr.ErrUnauthorized) {
		t.Fatalf("guest prepares: %v", err)
	}
	if _, err := f.svc.Prepare(other, f.order.ID); !errors.Is(err, printlab.ErrNotFound) {
		t.Fatalf("other photographer prepares: %v", err)
	}
	sh, err := f.svc.Prepare(f.photographer(), f.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Download(f.photographer(), sh.ID, sh.Token); !errors.Is(err, printlab.ErrNotReady) {
		t.Fatalf("download while preparing: %v", err)
	}
	sh = f.wait(t, sh.ID)
	for name, ctx := range map[string]context.Context{"guest": guest, "other": other} {
		if _, err := f.svc.Download(ctx, sh.ID, sh.Token); err == nil {
			t.Fatalf("%s downloads", name)
		}
		if l, _ := f.svc.OfOrder(ctx, f.order); len(l) != 0 {
			t.Fatalf("%s lists %d sheets", name, len(l))
		}
	}
	if _, err := f.svc.Download(f.photographer(), sh.ID, wrong(sh.Token)); !errors.Is(err, printlab.ErrNotFound) {
		t.Fatalf("wrong token: %v", err)
	}
	if l, _ := f.svc.OfOrder(f.photographer(), f.order); len(l) != 1 || l[0].ID != sh.ID {
		t.Fatalf("sheets of the order: %v", l)
	}
	// An order not paid has nothing to print.
	f.db.Order.UpdateOneID(f.order.ID).SetStatus(order.StatusCancelled).ExecX(viewer.SystemContext(context.Background()))
	if _, err := f.svc.Prepare(f.photographer(), f.order.ID); !errors.Is(err, printlab.ErrEmpty) {
		t.Fatalf("cancelled order: %v", err)
	}
}

func wrong(token string) string {
	if token[0] == 'x' {
		return "y" + token[1:]
	}
	return "x" + token[1:]
}
