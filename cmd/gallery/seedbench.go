package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/seed"
)

// seedBenchCmd is `gallery seed-bench --photos N --url bench-N`: a public
// gallery of N small generated photos, derivatives included, for the load
// benchmarks (make bench). Running it again reuses the gallery.
func seedBenchCmd(ctx context.Context, cfg config.Config, args []string) error {
	fs := flag.NewFlagSet("seed-bench", flag.ContinueOnError)
	n := fs.Int("photos", 5000, "photos in the gallery")
	url := fs.String("url", "", "gallery address (default bench-N)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *url == "" {
		*url = fmt.Sprintf("bench-%d", *n)
	}
	db, m, err := open(ctx, cfg, false)
	if err != nil {
		return err
	}
	defer db.Close()
	defer m.Close()
	start := time.Now()
	res, err := seed.Bench(ctx, db.Client, m, *url, *n)
	if err != nil {
		return err
	}
	fmt.Printf("Galerie de mesure prête : %s/%s (%s, %d photos, %d créées en %s)\n",
		cfg.PublicURL, res.URL, res.GalleryID, res.Photos, res.Created, time.Since(start).Round(time.Millisecond))
	return nil
}
