package main

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// testPhotoJPEG is a w x h JPEG with some detail (a gradient and stripes).
func testPhotoJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x / 7 % 2) * 200), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// cancelAfter is a progress writer that cancels the run once a line says `after`.
type cancelAfter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	after  string
	cancel context.CancelFunc
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil && strings.Contains(string(p), c.after) {
		c.cancel()
	}
	return c.buf.Write(p)
}

// TestBackfillWebP makes the WebP twins of photos made before them (their
// .webp removed), on the blob store of TEST_BLOB (file:// by default), on
// SQLite or PostgreSQL: a run stopped half-way, then run again, makes each
// photo's twins once, leaves the JPEGs alone, skips a photo still being
// processed and counts one whose original is gone; a third run makes
// nothing. In a build without libvips it refuses with ErrNoWebP.
func TestBackfillWebP(t *testing.T) {
	ctx := viewer.SystemContext(context.Background())
	cfg := config.Config{DataDir: t.TempDir()}
	if testdb.Postgres() {
		cfg.DatabaseURL = testdb.CreatePostgres(t)
	}
	db, err := store.Open(ctx, store.Options{DatabaseURL: cfg.DatabaseURL, SQLitePath: filepath.Join(cfg.DataDir, "gallery.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m, err := media.Open(ctx, testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()

	pg := db.Client.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(ctx)
	g := db.Client.Gallery.Create().SetURL("mariage").SetEventName("Mariage").SetPhotographer(pg).SaveX(ctx)
	add := func(name string, w, h int) *ent.Photo {
		p := db.Client.Photo.Create().SetGallery(g).SetFilename(name).SetWidth(w).SetHeight(h).SaveX(ctx)
		info, err := m.Ingest(ctx, p.ID, testPhotoJPEG(t, w, h))
		if err != nil {
			t.Fatal(err)
		}
		// As before WebP twins existed: the JPEGs alone.
		for _, width := range info.Widths {
			if err := m.Bucket.Delete(ctx, media.WebPKey(p.ID, info.Hash, width)); err != nil && m.MakesWebP() {
				t.Fatal(err)
			}
		}
		return p.Update().SetContentHash(info.Hash).SetOriginalKey(info.Key).SetDerivatives(info.Widths).
			SetStatus(photo.StatusReady).SaveX(ctx)
	}
	photos := []*ent.Photo{add("a.jpg", 900, 600), add("b.jpg", 400, 700), add("c.jpg", 1400, 900)}
	gone := add("gone.jpg", 500, 500)
	if err := m.Bucket.Delete(ctx, media.OriginalKey(gone.ID, gone.ContentHash)); err != nil {
		t.Fatal(err)
	}
	// Still being processed: its derivatives job will make the twins.
	processing := db.Client.Photo.Create().SetGallery(g).SetFilename("new.jpg").SetWidth(10).SetHeight(10).SaveX(ctx)

	if !m.MakesWebP() {
		var out bytes.Buffer
		if _, err := backfillWebP(ctx, db.Client, m, backfillOptions{Out: &out}); !errors.Is(err, media.ErrNoWebP) {
			t.Fatalf("pure Go build: %v, want ErrNoWebP", err)
		}
		t.Log("the pure Go build makes no WebP: run with -tags vips for the backfill itself")
		return
	}

	jpegs := map[string][]byte{}
	for _, p := range photos {
		for _, w := range p.Derivatives {
			key := media.DerivativeKey(p.ID, p.ContentHash, w)
			if b, err := m.Bucket.ReadAll(ctx, key); err == nil {
				jpegs[key] = b
			}
		}
		if has, err := m.HasWebP(ctx, p.ID, p.ContentHash, p.Derivatives); err != nil || has {
			t.Fatalf("photo %s has its WebP twins before the backfill (%v)", p.Filename, err)
		}
	}
	if len(jpegs) == 0 {
		t.Fatal("no JPEG derivative stored")
	}

	// First run, stopped once a photo is made (Ctrl-C).
	stopCtx, cancel := context.WithCancel(ctx)
	w := &cancelAfter{after: " 1 made", cancel: cancel}
	c, err := backfillWebP(stopCtx, db.Client, m, backfillOptions{Batch: 2, Out: w})
	cancel()
	if err == nil || c.Made != 1 || !strings.Contains(w.buf.String(), "run it again") {
		t.Fatalf("stopped run: %+v, %v\n%s", c, err, w.buf.String())
	}
	done := 0
	for _, p := range photos {
		if has, _ := m.HasWebP(ctx, p.ID, p.ContentHash, p.Derivatives); has {
			done++
		}
	}
	if done != 1 {
		t.Fatalf("%d photos have their twins after the stopped run, want 1", done)
	}

	// Run again: the others, the one made is skipped, the lost original counted.
	var out bytes.Buffer
	c, err = backfillWebP(ctx, db.Client, m, backfillOptions{Batch: 2, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if want := (backfillCounts{Seen: 4, Made: 2, Had: 1, Failed: 1}); c != want {
		t.Fatalf("second run: %+v, want %+v\n%s", c, want, out.String())
	}
	if !strings.Contains(out.String(), "done, 4/4 photos: 2 made, 1 had them, 1 failed") || !strings.Contains(out.String(), gone.ID) {
		t.Fatalf("progress output:\n%s", out.String())
	}
	for _, p := range photos {
		for _, width := range p.Derivatives {
			b, err := m.Bucket.ReadAll(ctx, media.WebPKey(p.ID, p.ContentHash, width))
			if err != nil {
				t.Fatalf("%s %d: %v", p.Filename, width, err)
			}
			if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
				t.Fatalf("%s %d: not a WebP file", p.Filename, width)
			}
			attrs, err := m.Bucket.Attributes(ctx, media.WebPKey(p.ID, p.ContentHash, width))
			if err != nil || attrs.ContentType != "image/webp" {
				t.Fatalf("%s %d: content type %v %v", p.Filename, width, attrs, err)
			}
		}
	}
	for key, before := range jpegs {
		after, err := m.Bucket.ReadAll(ctx, key)
		if err != nil || !bytes.Equal(before, after) {
			t.Fatalf("%s changed by the backfill (%v)", key, err)
		}
	}
	if exists, _ := m.Bucket.Exists(ctx, media.WebPKey(processing.ID, "", 320)); exists {
		t.Fatal("a photo still being processed got twins")
	}

	// Idempotent: nothing left to make.
	out.Reset()
	c, err = backfillWebP(ctx, db.Client, m, backfillOptions{Out: &out})
	if want := (backfillCounts{Seen: 4, Made: 0, Had: 3, Failed: 1}); err != nil || c != want {
		t.Fatalf("third run: %+v %v, want %+v", c, err, want)
	}
}

func TestMediaCommandUsage(t *testing.T) {
	cfg := config.Config{DataDir: t.TempDir()}
	for _, args := range [][]string{nil, {"backfill"}, {"backfill-webp", "--batch", "0"}, {"backfill-webp", "extra"}} {
		var out bytes.Buffer
		if err := mediaCmd(context.Background(), cfg, args, &out); err == nil {
			t.Fatalf("media %v: no error", args)
		}
	}
}
