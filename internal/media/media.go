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

// Limits bound what an upload may be; both are refused with a clear error
// before anything is stored.
type Limits struct {
	// MaxBytes is the largest original file.
	MaxBytes int64
	// MaxPixels refuses decompression bombs (width x height).
	MaxPixels int
}

// DefaultLimits are the limits used when none are configured.
var DefaultLimits = Limits{MaxBytes: 64 << 20, MaxPixels: 100_000_000}

// ErrNotImage is returned for files that are not a supported image
// (including truncated ones).
var ErrNotImage = errors.New("media: not a supported image")

// ErrTooLarge is returned for images over Limits.MaxPixels.
var ErrTooLarge = errors.New("media: image has too many pixels")

// ErrFileTooLarge is returned for files over Limits.MaxBytes.
var ErrFileTooLarge = errors.New("media: file too large")

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

// Original describes an original safely stored in the bucket.
type Original struct {
	Key         string
	Hash        string
	ContentType string
	// Width and Height are as displayed (EXIF orientation applied).
	Width, Height int
	Size          int64
}

// DerivativeOptions say which derivatives a gallery wants.
type DerivativeOptions struct {
	// ViewerMaxSize bounds the viewer image's longest side; 0 means no bound
	// beyond the largest derivative width.
	ViewerMaxSize int
	// Watermark asks for a watermarked web file as well.
	Watermark bool
	// WatermarkText is drawn on the watermarked file (the studio's name).
	WatermarkText string
}

// Derived is what making derivatives produced.
type Derived struct {
	// Widths lists the derivative widths made, smallest first.
	Widths        []int
	DominantColor string
	// Watermarked tells whether a watermarked web file was made.
	Watermarked bool
}

// Info is what Ingest learned: the original and its derivatives.
type Info struct {
	Original
	Derived
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

// PutOriginal checks that r holds a supported image within lim and stores
// it under the photo. Nothing is stored when the file is refused.
func (s *Store) PutOriginal(ctx context.Context, photoID string, r io.Reader, lim Limits) (Original, error) {
	data, err := io.ReadAll(io.LimitReader(r, lim.MaxBytes+1))
	if err != nil {
		return Original{}, fmt.Errorf("media: read upload: %w", err)
	}
	if int64(len(data)) > lim.MaxBytes {
		return Original{}, ErrFileTooLarge
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Original{}, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > lim.MaxPixels {
		return Original{}, ErrTooLarge
	}
	// Decoding the whole image catches truncated files before they are kept.
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return Original{}, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	sum := sha256.Sum256(data)
	o := Original{
		Hash:        hex.EncodeToString(sum[:])[:24],
		ContentType: "image/" + format,
		Width:       img.Bounds().Dx(),
		Height:      img.Bounds().Dy(),
		Size:        int64(len(data)),
	}
	o.Key = OriginalKey(photoID, o.Hash)
	if err := s.write(ctx, o.Key, o.ContentType, data); err != nil {
		return Original{}, err
	}
	return o, nil
}

// MakeDerivatives reads a stored original and writes its derivatives.
// Running it again overwrites them with the same bytes.
func (s *Store) MakeDerivatives(ctx context.Context, photoID, hash string, o DerivativeOptions) (Derived, error) {
	data, err := s.Bucket.ReadAll(ctx, OriginalKey(photoID, hash))
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return Derived{}, ErrMissing
		}
		return Derived{}, fmt.Errorf("media: read original: %w", err)
	}
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return Derived{}, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	d := Derived{DominantColor: dominant(img)}
	width := img.Bounds().Dx()
	for _, w := range Widths {
		w = min(w, width)
		out := img
		if w < width {
			out = imaging.Resize(img, w, 0, imaging.CatmullRom)
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: 82}); err != nil {
			return Derived{}, fmt.Errorf("media: encode: %w", err)
		}
		if err := s.write(ctx, DerivativeKey(photoID, hash, w), "image/jpeg", buf.Bytes()); err != nil {
			return Derived{}, err
		}
		d.Widths = append(d.Widths, w)
		if w == width {
			break
		}
	}
	return d, nil
}

// Ingest stores an original and makes its derivatives at once (the demo
// and tests use it; uploads make derivatives in a background job).
func (s *Store) Ingest(ctx context.Context, photoID string, data []byte) (Info, error) {
	o, err := s.PutOriginal(ctx, photoID, bytes.NewReader(data), DefaultLimits)
	if err != nil {
		return Info{}, err
	}
	d, err := s.MakeDerivatives(ctx, photoID, o.Hash, DerivativeOptions{})
	if err != nil {
		return Info{}, err
	}
	return Info{Original: o, Derived: d}, nil
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
