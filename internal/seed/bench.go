package seed

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/viewer"
)

// BenchPhotographerEmail owns the benchmark galleries.
const BenchPhotographerEmail = "bench@example.com"

// benchCollections are the collections of a benchmark gallery.
var benchCollections = []string{"Matin", "Après-midi", "Soirée"}

// benchBatch is the number of photos inserted per statement: small enough
// for SQLite's and PostgreSQL's limits on bound parameters.
const benchBatch = 500

// BenchResult says what Bench made.
type BenchResult struct {
	GalleryID string
	URL       string
	Photos    int
	// Created counts the photos made by this run (0 when the gallery was
	// already complete).
	Created int
}

// Bench makes sure a public gallery at url holds exactly n ready photos,
// with their derivatives: small generated images (64x48, 48x64 or 56x56,
// varied colours), so that thousands are made in seconds. The gallery has
// the demo's print catalogue and no access code.
//
// Running it again with the same url reuses the gallery: missing photos
// are added, extra ones (position n and above) are deleted.
func Bench(ctx context.Context, db *ent.Client, store *media.Store, url string, n int) (BenchResult, error) {
	ctx = viewer.SystemContext(ctx)
	res := BenchResult{URL: url, Photos: n}
	if n < 0 {
		return res, fmt.Errorf("seed: bench: negative photo count %d", n)
	}
	pg, err := db.Photographer.Query().Where(photographer.Email(BenchPhotographerEmail)).Only(ctx)
	if ent.IsNotFound(err) {
		pg, err = db.Photographer.Create().
			SetName("Studio Banc d'essai").SetEmail(BenchPhotographerEmail).
			SetCity("Bruxelles").SetCountry("BE").
			SetShippingRates(DemoShippingRates()).
			Save(ctx)
	}
	if err != nil {
		return res, fmt.Errorf("seed: bench photographer: %w", err)
	}
	g, err := db.Gallery.Query().Where(gallery.URL(url)).Only(ctx)
	if ent.IsNotFound(err) {
		g, err = createBenchGallery(ctx, db, pg, url, n)
	}
	if err != nil {
		return res, fmt.Errorf("seed: bench gallery %s: %w", url, err)
	}
	res.GalleryID = g.ID
	// Extra photos go first, so that re-seeding with a smaller n works.
	if _, err := db.Photo.Delete().Where(photo.GalleryID(g.ID), photo.PositionGTE(n)).Exec(ctx); err != nil {
		return res, fmt.Errorf("seed: bench: removing photos beyond %d (re-seed with another --url): %w", n, err)
	}
	have, err := db.Photo.Query().Where(photo.GalleryID(g.ID)).Select(photo.FieldPosition).Ints(ctx)
	if err != nil {
		return res, err
	}
	present := make(map[int]bool, len(have))
	for _, p := range have {
		present[p] = true
	}
	var missing []int
	for i := 0; i < n; i++ {
		if !present[i] {
			missing = append(missing, i)
		}
	}
	if err := benchPhotos(ctx, db, store, g.ID, missing, n); err != nil {
		return res, err
	}
	res.Created = len(missing)
	if n > 0 && (g.CoverPhotoID == nil || len(missing) > 0) {
		first, err := db.Photo.Query().Where(photo.GalleryID(g.ID)).Order(ent.Asc(photo.FieldPosition)).First(ctx)
		if err != nil {
			return res, err
		}
		if err := db.Gallery.UpdateOneID(g.ID).SetCoverPhotoID(first.ID).Exec(ctx); err != nil {
			return res, err
		}
	}
	return res, nil
}

func createBenchGallery(ctx context.Context, db *ent.Client, pg *ent.Photographer, url string, n int) (*ent.Gallery, error) {
	tx, err := db.Tx(ctx)
	if err != nil {
		return nil, err
	}
	c := tx.Client()
	g, err := c.Gallery.Create().
		SetURL(url).SetEventName(fmt.Sprintf("Banc d'essai, %d photos", n)).SetEventDate("2026-01-01").
		SetPhotographer(pg).
		SetIsPublic(true).
		SetCollectionNames(benchCollections).
		SetTheme(model.Theme{Theme: "modern", Variant: "light", PhotosGap: model.Gap{Value: 4}, PhotosLayout: "grid",
			ViewerLimitSize: true, ViewerMaxSize: 2048, ViewerVariant: "dark",
			ColorTheme: model.ColorTheme{Colors: model.Colors{Primary: "#1d3557", Secondary: "#457b9d", Light: "#f1faee", Accent: "#e63946"}}}).
		SetDeliveryOptions([]string{"shipping", "pickup"}).
		SetOgDescription("Galerie de mesure de charge.").
		Save(ctx)
	if err == nil {
		err = buildCatalogue(ctx, c, g)
	}
	if err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return g, tx.Commit()
}

// benchPhotos makes the photos at the given positions: images generated
// and ingested in parallel, rows inserted in batches.
func benchPhotos(ctx context.Context, db *ent.Client, store *media.Store, galleryID string, positions []int, n int) error {
	out, err := ingestGenerated(ctx, store, len(positions), 2*runtime.GOMAXPROCS(0), func(k int) (uint64, int, int, string) {
		pos := positions[k]
		w, h := shape(pos, 64, 48)
		return uint64(pos) + 7919, w, h, fmt.Sprint(pos + 1)
	})
	if err != nil {
		return fmt.Errorf("seed: bench photos: %w", err)
	}
	taken := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	for start := 0; start < len(out); start += benchBatch {
		end := min(start+benchBatch, len(out))
		builders := make([]*ent.PhotoCreate, 0, end-start)
		for k := start; k < end; k++ {
			m, pos := out[k], positions[k]
			builders = append(builders, db.Photo.Create().SetID(m.id).SetGalleryID(galleryID).
				SetFilename(fmt.Sprintf("BENCH_%05d.jpg", pos+1)).
				SetWidth(m.info.Width).SetHeight(m.info.Height).
				SetCollection(benchCollections[pos*len(benchCollections)/max(n, 1)]).
				SetPosition(pos).SetContentHash(m.info.Hash).
				SetOriginalKey(media.OriginalKey(m.id, m.info.Hash)).SetContentType(m.info.ContentType).
				SetSizeBytes(m.info.Size).SetDominantColor(m.info.DominantColor).
				SetDerivatives(m.info.Widths).SetStatus(photo.StatusReady).
				SetFavorite(pos%11 == 0).
				SetTakenAt(taken.Add(time.Duration(pos)*10*time.Second)))
		}
		if err := db.Photo.CreateBulk(builders...).Exec(ctx); err != nil {
			return fmt.Errorf("seed: bench photos: %w", err)
		}
	}
	return nil
}
