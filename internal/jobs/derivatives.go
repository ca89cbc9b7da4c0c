package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
)

// KindDerivatives makes the resized files of an uploaded photo.
const KindDerivatives = "derivatives"

// TopicPhoto is the events topic announcing that a photo finished
// processing (ready or failed); the event id is the photo id.
const TopicPhoto = "photo"

// TopicGalleryPhotos is the events topic announcing, by gallery id, that
// the gallery's photos changed (one finished processing, was deleted, or
// was hidden): guests' galleryPhotoCount subscriptions count them again.
const TopicGalleryPhotos = "gallery-photos"

// DerivativesTimeout bounds one attempt at making a photo's derivatives.
const DerivativesTimeout = 2 * time.Minute

// derivativesAttempts: with River's backoff (attempt^4 s), eight attempts
// ride out more than an hour of transient trouble (a slow bucket, a restart).
const derivativesAttempts = 8

// DerivativesArgs names the photo whose derivatives to make.
type DerivativesArgs struct {
	PhotoID string `json:"photo_id"`
}

// Kind is the River job kind.
func (DerivativesArgs) Kind() string { return KindDerivatives }

// InsertOpts puts derivatives on the media queue.
func (DerivativesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: derivativesAttempts}
}

// EnqueueDerivatives asks for a photo's derivatives; give it InTx's
// enqueuer so the job commits with the photo row.
func EnqueueDerivatives(ctx context.Context, enq Enqueuer, photoID string) error {
	if enq == nil {
		return errNoRunner
	}
	_, err := enq.Enqueue(ctx, DerivativesArgs{PhotoID: photoID}, nil)
	return err
}

type derivativesWorker struct {
	river.WorkerDefaults[DerivativesArgs]
	db     *ent.Client
	media  *media.Store
	events events.Broker
	log    *slog.Logger
}

func (w *derivativesWorker) Timeout(*river.Job[DerivativesArgs]) time.Duration {
	return DerivativesTimeout
}

// Work makes the derivatives and marks the photo ready. Running it twice
// rewrites the same files and the same row. A missing or undecodable
// original can never succeed: the photo is marked failed and the job
// cancelled. Other errors are retried; the last attempt marks it failed.
func (w *derivativesWorker) Work(ctx context.Context, job *river.Job[DerivativesArgs]) error {
	if w.media == nil {
		return errors.New("jobs: derivatives: no media store configured")
	}
	// The worker must see private photos and every gallery.
	ctx = viewer.SystemContext(ctx)
	id := job.Args.PhotoID
	p, err := loadPhoto(ctx, w.db, id)
	if ent.IsNotFound(err) {
		return nil // deleted since the upload: nothing to make
	}
	if err != nil {
		return fmt.Errorf("jobs: derivatives %s: load: %w", id, err)
	}
	o := derivativeOptions(p.Edges.Gallery)
	// The watermarked file is made on its first request (WatermarkOptions,
	// server/media.go), not for every upload: most photos of a gallery that
	// sells one are never asked for it, and it cost a third of the stored
	// bytes (issue 19).
	o.Watermark = false
	d, err := w.media.MakeDerivatives(ctx, p.ID, p.ContentHash, o)
	if err != nil {
		permanent := errors.Is(err, media.ErrNotImage) || errors.Is(err, media.ErrMissing)
		if ctx.Err() == nil && (permanent || job.Attempt >= job.MaxAttempts) {
			if ferr := w.fail(ctx, p); ferr != nil {
				return errors.Join(err, ferr)
			}
		}
		if permanent {
			return river.JobCancel(fmt.Errorf("jobs: derivatives %s: %w", id, err))
		}
		return fmt.Errorf("jobs: derivatives %s: %w", id, err)
	}
	// The hash guard leaves alone a photo whose original was replaced
	// since this job was queued; its own job will handle it.
	n, err := w.db.Photo.Update().Where(photo.ID(p.ID), photo.ContentHash(p.ContentHash)).
		SetDerivatives(d.Widths).SetDominantColor(d.DominantColor).SetStatus(photo.StatusReady).
		Save(ctx)
	if err != nil {
		return fmt.Errorf("jobs: derivatives %s: save: %w", id, err)
	}
	if n > 0 {
		w.announce(ctx, p.ID, p.GalleryID)
	}
	return nil
}

func (w *derivativesWorker) fail(ctx context.Context, p *ent.Photo) error {
	err := w.db.Photo.Update().Where(photo.ID(p.ID), photo.ContentHash(p.ContentHash)).
		SetStatus(photo.StatusFailed).Exec(ctx)
	if err != nil {
		return fmt.Errorf("jobs: derivatives %s: mark failed: %w", p.ID, err)
	}
	w.log.WarnContext(ctx, "photo processing failed", "photo", p.ID)
	w.announce(ctx, p.ID, p.GalleryID)
	return nil
}

func (w *derivativesWorker) announce(ctx context.Context, photoID, galleryID string) {
	if w.events == nil {
		return
	}
	if err := w.events.Publish(ctx, TopicPhoto, photoID); err != nil {
		w.log.WarnContext(ctx, "publish photo event", "photo", photoID, "err", err)
	}
	if err := w.events.Publish(ctx, TopicGalleryPhotos, galleryID); err != nil {
		w.log.WarnContext(ctx, "publish gallery photos event", "gallery", galleryID, "err", err)
	}
}

// loadPhoto reads a photo with what its derivatives depend on: the
// gallery's theme, its photographer, and its watermarked web formats on sale.
func loadPhoto(ctx context.Context, db *ent.Client, id string) (*ent.Photo, error) {
	return db.Photo.Query().Where(photo.ID(id)).
		WithGallery(func(q *ent.GalleryQuery) {
			q.WithPhotographer()
			q.WithFormats(func(q *ent.FormatQuery) {
				q.Where(format.KindEQ(format.KindDigital), format.DigitalQualityEQ(format.DigitalQualityWeb),
					format.Watermark(true), format.Withdrawn(false))
			})
		}).
		Only(ctx)
}

// WatermarkOptions tells whether the photo's gallery sells a watermarked
// web file (Watermark) and the text to draw on it, for the media handler
// that makes that file on its first request. ctx must see every photo
// (viewer.SystemContext).
func WatermarkOptions(ctx context.Context, db *ent.Client, photoID string) (media.DerivativeOptions, error) {
	p, err := loadPhoto(ctx, db, photoID)
	if err != nil {
		return media.DerivativeOptions{}, fmt.Errorf("jobs: watermark options %s: %w", photoID, err)
	}
	return derivativeOptions(p.Edges.Gallery), nil
}

// derivativeOptions reads what the gallery asks of its files: the viewer's
// size bound, and a watermarked web file when a web format sells one.
func derivativeOptions(g *ent.Gallery) media.DerivativeOptions {
	var o media.DerivativeOptions
	if g == nil {
		return o
	}
	if g.Theme.ViewerLimitSize {
		o.ViewerMaxSize = g.Theme.ViewerMaxSize
	}
	if len(g.Edges.Formats) > 0 {
		o.Watermark = true
		if pg := g.Edges.Photographer; pg != nil {
			o.WatermarkText = pg.Name
		}
	}
	return o
}
