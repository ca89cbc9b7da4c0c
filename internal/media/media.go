// Package media stores photo originals and their derivatives in blob
// storage and builds the addresses that serve them.
package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // uploads may be PNG
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/disintegration/imaging"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/memblob"  // mem:// buckets for tests
	"gocloud.dev/gcerrors"
)

// Widths are the derivative widths made for every photo, smallest first.
var Widths = []int{320, 640, 1280, 2048}

// ThumbnailWidth is the derivative shown in the grid.
const ThumbnailWidth = 640

// MaxPixels refuses decompression bombs.
const MaxPixels = 100_000_000

// ErrNotImage is returned for files that are not a supported image.
var ErrNotImage = errors.New("media: not a supported image")

// ErrTooLarge is returned for images over MaxPixels.
var ErrTooLarge = errors.New("media: image too large")

// Store keeps originals and derivatives in a bucket.
type Store struct {
	Bucket *blob.Bucket
}

// Open opens the bucket at a gocloud.dev/blob URL.
func Open(ctx context.Context, url string) (*Store, error) {
	b, err := blob.OpenBucket(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("media: open bucket: %w", err)
	}
	return &Store{Bucket: b}, nil
}

// Close closes the bucket.
func (s *Store) Close() error { return s.Bucket.Close() }

// Info is what ingesting an image learned about it.
type Info struct {
	Width, Height int
	Hash          string
	DominantColor string
	Widths        []int
	Size          int64
	ContentType   string
}

// OriginalKey is where a photo's original bytes live.
func OriginalKey(photoID, hash string) string {
	return "photos/" + photoID + "/" + hash + "/original"
}

// DerivativeKey is where one derivative lives.
func DerivativeKey(photoID, hash string, width int) string {
	return "photos/" + photoID + "/" + hash + "/" + strconv.Itoa(width) + ".jpg"
}

// URL is the address of a derivative; the hash makes it safe to cache forever.
func URL(photoID, hash string, width int) string {
	return "/media/photos/" + photoID + "/" + hash + "/" + strconv.Itoa(width) + ".jpg"
}

// SrcSet lists every made derivative for an <img srcset>.
func SrcSet(photoID, hash string, widths []int) string {
	parts := make([]string, 0, len(widths))
	for _, w := range widths {
		parts = append(parts, URL(photoID, hash, w)+" "+strconv.Itoa(w)+"w")
	}
	return strings.Join(parts, ", ")
}

// Pick returns the smallest made width at least want, or the largest made.
func Pick(widths []int, want int) int {
	if len(widths) == 0 {
		return want
	}
	ws := append([]int(nil), widths...)
	sort.Ints(ws)
	for _, w := range ws {
		if w >= want {
			return w
		}
	}
	return ws[len(ws)-1]
}

// Ingest stores an original and makes its derivatives. Nothing is left
// behind if the image is refused.
func (s *Store) Ingest(ctx context.Context, photoID string, data []byte) (Info, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Info{}, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > MaxPixels {
		return Info{}, ErrTooLarge
	}
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return Info{}, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	sum := sha256.Sum256(data)
	info := Info{
		Width:         img.Bounds().Dx(),
		Height:        img.Bounds().Dy(),
		Hash:          hex.EncodeToString(sum[:])[:24],
		DominantColor: dominant(img),
		Size:          int64(len(data)),
		ContentType:   "image/" + format,
	}
	if err := s.write(ctx, OriginalKey(photoID, info.Hash), info.ContentType, data); err != nil {
		return Info{}, err
	}
	for _, w := range Widths {
		width := min(w, info.Width)
		d := img
		if width < info.Width {
			d = imaging.Resize(img, width, 0, imaging.CatmullRom)
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, d, &jpeg.Options{Quality: 82}); err != nil {
			return Info{}, fmt.Errorf("media: encode: %w", err)
		}
		if err := s.write(ctx, DerivativeKey(photoID, info.Hash, width), "image/jpeg", buf.Bytes()); err != nil {
			return Info{}, err
		}
		info.Widths = append(info.Widths, width)
		if width == info.Width {
			break
		}
	}
	return info, nil
}

func (s *Store) write(ctx context.Context, key, contentType string, data []byte) error {
	if err := s.Bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: contentType}); err != nil {
		return fmt.Errorf("media: write %s: %w", key, err)
	}
	return nil
}

// OpenDerivative opens one derivative for reading.
func (s *Store) OpenDerivative(ctx context.Context, photoID, hash string, width int) (*blob.Reader, error) {
	r, err := s.Bucket.NewReader(ctx, DerivativeKey(photoID, hash, width), nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, ErrMissing
		}
		return nil, fmt.Errorf("media: open: %w", err)
	}
	return r, nil
}

// ErrMissing is returned when a blob does not exist.
var ErrMissing = errors.New("media: missing")

// dominant averages a tiny copy of the image, as a loading placeholder colour.
func dominant(img image.Image) string {
	small := imaging.Resize(img, 8, 8, imaging.Box)
	var r, g, b, n uint64
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			c := color.NRGBAModel.Convert(small.At(x, y)).(color.NRGBA)
			r, g, b, n = r+uint64(c.R), g+uint64(c.G), b+uint64(c.B), n+1
		}
	}
	return fmt.Sprintf("#%02x%02x%02x", r/n, g/n, b/n)
}

// Copy streams r to w; used by the HTTP layer when ranges are not asked for.
func Copy(w io.Writer, r io.Reader) (int64, error) { return io.Copy(w, r) }
