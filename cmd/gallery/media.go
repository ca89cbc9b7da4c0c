package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
)

const mediaUsage = "usage: gallery media backfill-webp [--batch N] [--progress DURATION]"

// mediaCmd runs the media maintenance commands.
func mediaCmd(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] != "backfill-webp" {
		return errors.New(mediaUsage)
	}
	fs := flag.NewFlagSet("media backfill-webp", flag.ContinueOnError)
	fs.SetOutput(out)
	batch := fs.Int("batch", 200, "photos read from the database at a time")
	every := fs.Duration("progress", 2*time.Second, "time between two progress lines")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *batch <= 0 || fs.NArg() != 0 {
		return errors.New(mediaUsage)
	}
	db, m, err := open(ctx, cfg, false)
	if err != nil {
		return err
	}
	defer db.Close()
	defer m.Close()
	_, err = backfillWebP(ctx, db.Client, m, backfillOptions{Batch: *batch, Every: *every, Out: out})
	return err
}

// backfillOptions steer backfillWebP.
type backfillOptions struct {
	// Batch is how many photos are read at a time (200 when 0).
	Batch int
	// Every is the time between two progress lines (one per photo when 0).
	Every time.Duration
	// Out receives the progress lines and the summary.
	Out io.Writer
}

// backfillCounts is what a run did.
type backfillCounts struct {
	// Seen counts the ready photos looked at.
	Seen int
	// Made counts the photos whose WebP twins were made.
	Made int
	// Had counts the photos that had them already.
	Had int
	// Failed counts the photos whose original is missing or undecodable.
	Failed int
}

// backfillWebP makes the WebP twins of every ready photo made before they
// existed (media.MakeWebP). It is idempotent and resumable: a photo whose
// twins are all there is skipped, so a run that was stopped (Ctrl-C, a
// crash, an error) starts again where it was by being run again. Photos are
// read in the order of their ids, a batch at a time, so that new uploads
// (which get their twins from the derivatives job) do not disturb the walk.
// A photo whose original is missing or cannot be decoded is counted and
// left; any other error (the bucket, the database) stops the run.
func backfillWebP(ctx context.Context, db *ent.Client, m *media.Store, o backfillOptions) (backfillCounts, error) {
	var c backfillCounts
	if !m.MakesWebP() {
		return c, media.ErrNoWebP
	}
	if o.Batch <= 0 {
		o.Batch = 200
	}
	ctx = viewer.SystemContext(ctx)
	total, err := db.Photo.Query().Where(photo.StatusEQ(photo.StatusReady)).Count(ctx)
	if err != nil {
		return c, fmt.Errorf("backfill-webp: count photos: %w", err)
	}
	fmt.Fprintf(o.Out, "backfill-webp: %d ready photos (%s)\n", total, media.Backend())
	start := time.Now()
	last := start
	progress := func(final bool) {
		rate := float64(c.Seen) / max(time.Since(start).Seconds(), 0.001)
		word := "backfill-webp:"
		if final {
			word = "backfill-webp: done,"
		}
		fmt.Fprintf(o.Out, "%s %d/%d photos: %d made, %d had them, %d failed (%.1f photos/s)\n",
			word, c.Seen, total, c.Made, c.Had, c.Failed, rate)
	}
	stopped := func(what string, err error) error {
		progress(false)
		if ctx.Err() != nil {
			fmt.Fprintln(o.Out, "backfill-webp: stopped; run it again to go on")
		}
		return fmt.Errorf("backfill-webp: %s: %w", what, err)
	}
	after := ""
	for {
		page, err := db.Photo.Query().
			Where(photo.StatusEQ(photo.StatusReady), photo.IDGT(after)).
			Order(ent.Asc(photo.FieldID)).Limit(o.Batch).
			Select(photo.FieldID, photo.FieldContentHash, photo.FieldDerivatives).
			All(ctx)
		if err != nil {
			return c, stopped("read photos", err)
		}
		for _, p := range page {
			if err := ctx.Err(); err != nil {
				return c, stopped("photo "+p.ID, err)
			}
			after = p.ID
			c.Seen++
			if p.ContentHash == "" || len(p.Derivatives) == 0 {
				c.Had++ // nothing to pair: no derivatives
				continue
			}
			has, err := m.HasWebP(ctx, p.ID, p.ContentHash, p.Derivatives)
			if err != nil {
				return c, stopped("photo "+p.ID, err)
			}
			if has {
				c.Had++
				continue
			}
			err = m.MakeWebP(ctx, p.ID, p.ContentHash, p.Derivatives)
			switch {
			case err == nil:
				c.Made++
			case errors.Is(err, media.ErrMissing) || errors.Is(err, media.ErrNotImage):
				c.Failed++
				fmt.Fprintf(o.Out, "backfill-webp: photo %s left without WebP: %v\n", p.ID, err)
			default:
				return c, stopped("photo "+p.ID, err)
			}
			if time.Since(last) >= o.Every {
				last = time.Now()
				progress(false)
			}
		}
		if len(page) < o.Batch {
			break
		}
	}
	progress(true)
	return c, nil
}
