package media

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"gocloud.dev/gcerrors"
)

// ErrNoWebP is MakeWebP's answer in a build whose image back end cannot
// encode WebP (the pure Go build, or libvips that did not start).
var ErrNoWebP = errors.New("media: this build makes no WebP (pure Go image back end): use the libvips build")

// webpMaker is a back end that encodes the WebP twins (libvips).
type webpMaker interface{ makesWebP() bool }

// MakesWebP tells whether the image back end makes WebP twins.
func (s *Store) MakesWebP() bool {
	m, ok := s.processor().(webpMaker)
	return ok && m.makesWebP()
}

// HasWebP tells whether every derivative width of a photo has its WebP twin.
func (s *Store) HasWebP(ctx context.Context, photoID, hash string, widths []int) (bool, error) {
	for _, w := range widths {
		ok, err := s.Bucket.Exists(ctx, WebPKey(photoID, hash, w))
		if err != nil {
			return false, fmt.Errorf("media: look for %s: %w", WebPKey(photoID, hash, w), err)
		}
		if !ok {
			return false, nil
		}
	}
	return true, nil
}

// MakeWebP makes the WebP twins of a photo's derivatives, those of widths
// (the widths its JPEGs were made at, Photo.derivatives), from its stored
// original, the same way the derivatives job makes them for a new photo,
// without encoding the JPEGs again: photos uploaded before the twins
// existed get them (`gallery media backfill-webp`). Running it again
// writes the same files. ErrMissing when the original is gone, ErrNotImage
// when it cannot be decoded, ErrNoWebP in a build that cannot encode WebP.
func (s *Store) MakeWebP(ctx context.Context, photoID, hash string, widths []int) error {
	if !s.MakesWebP() {
		return ErrNoWebP
	}
	if len(widths) == 0 {
		return nil
	}
	data, err := s.Bucket.ReadAll(ctx, OriginalKey(photoID, hash))
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return ErrMissing
		}
		return fmt.Errorf("media: read original: %w", err)
	}
	p := s.processor()
	h, err := p.probe(data)
	if err != nil {
		return err
	}
	dw, dh := h.displayed()
	ws := slices.Clone(widths)
	slices.Sort(ws)
	ws = slices.Compact(ws)
	if top := ws[len(ws)-1]; top > dw || ws[0] <= 0 {
		return fmt.Errorf("media: photo %s: derivative widths %v do not fit a %d pixels wide original", photoID, widths, dw)
	}
	pl := plan{webp: true, modernOnly: true}
	for _, w := range ws {
		pl.sizes = append(pl.sizes, size{w, heightFor(dw, dh, w)})
	}
	_, err = p.derive(data, h, pl, func(out output) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !out.webp || out.watermark {
			return nil // the JPEGs are there already
		}
		return s.write(ctx, WebPKey(photoID, hash, out.width), "image/webp", out.jpeg)
	})
	return err
}
