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
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/memblob"  // mem:// buckets for tests
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets (AWS S3 and S3-compatible servers)
	"gocloud.dev/gcerrors"
	"golang.org/x/sync/singleflight"
)

// Widths are the derivative widths made for every photo, smallest first.
// A width is made only when the original is wider (or for the original's
// own width, the largest made): 2560 serves retina screens (a 1440 CSS px
// desktop at 2x, zoom in the viewer) and costs nothing for originals of
// 2048 px or less, which stop at their own width as before.
var Widths = []int{320, 640, 1280, 2048, 2560}

// ThumbnailWidth is the derivative shown in the grid.
const ThumbnailWidth = 640

// WebWidth is the web file's width (a web download, the viewer's default
// src): the smallest made derivative at least this wide, or the largest.
const WebWidth = 2048

// Limits bound what an upload may be; both are refused with a clear error
// before anything is stored. A zero field takes its DefaultLimits value.
type Limits struct {
	// MaxBytes is the largest original file.
	MaxBytes int64
	// MaxPixels refuses decompression bombs (width x height).
	MaxPixels int
}

// DefaultLimits are the limits used when none are configured.
var DefaultLimits = Limits{MaxBytes: 64 << 20, MaxPixels: 100_000_000}

func (l Limits) orDefault() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	if l.MaxPixels <= 0 {
		l.MaxPixels = DefaultLimits.MaxPixels
	}
	return l
}

// ErrNotImage is returned for files that are not a supported image
// (including truncated ones). JPEG and PNG are always supported; WebP, HEIC
// and AVIF only with libvips (see Backend).
var ErrNotImage = errors.New("media: not a supported image")

// ErrTooLarge is returned for images over Limits.MaxPixels.
var ErrTooLarge = errors.New("media: image has too many pixels")

// ErrFileTooLarge is returned for files over Limits.MaxBytes.
var ErrFileTooLarge = errors.New("media: file too large")

// Store keeps originals and derivatives in a bucket.
type Store struct {
	Bucket *blob.Bucket
	// proc is the image back end; nil means the build's default.
	proc processor
	// marking makes each missing watermarked file once at a time.
	marking singleflight.Group
	// SignedURLExpiry is the lifetime of the presigned addresses that
	// deliver originals and archives on S3 (BLOB_SIGNED_URL_TTL; Open sets
	// DefaultSignedURLExpiry): zero turns them off (the app serves the
	// bytes, as on file://).
	SignedURLExpiry time.Duration
	// scheme is the blob URL's ("file", "s3", "mem"); s3 is scheme == "s3".
	scheme string
	s3     bool
}

func (s *Store) processor() processor {
	if s.proc != nil {
		return s.proc
	}
	return defaultProcessor()
}

// Open opens the bucket at a gocloud.dev/blob URL.
func Open(ctx context.Context, url string) (*Store, error) {
	b, err := blob.OpenBucket(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("media: open bucket: %w", err)
	}
	sc := scheme(url)
	return &Store{Bucket: b, scheme: sc, s3: sc == "s3", SignedURLExpiry: DefaultSignedURLExpiry}, nil
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
//
// Every derivative is a JPEG in sRGB, turned by the EXIF orientation, with
// no metadata; libvips builds also make a WebP twin of each (WebPKey). The widths of Widths are made up to the viewer image, which
// is the largest: the largest of Widths, never wider than the original
// (nothing is upscaled) and, when ViewerMaxSize is set, with its longest
// side within it. Widths above the viewer's are not made. A 6000x4000
// original gives 320, 640, 1280, 2048 and 2560; a 2400x1600 one 320, 640,
// 1280, 2048 and 2400; with ViewerMaxSize 1600, 320, 640, 1280 and 1600; a
// 4000x6000 portrait with ViewerMaxSize 1600 gives 320, 640 and 1066
// (1066x1600).
type DerivativeOptions struct {
	// ViewerMaxSize bounds the viewer image's longest side; 0 means no bound
	// beyond the largest derivative width.
	ViewerMaxSize int
	// Watermark asks for a watermarked web file as well: the viewer image
	// with a mark drawn across it (WatermarkKey).
	Watermark bool
	// WatermarkText is drawn on the watermarked file (the studio's name);
	// DefaultWatermarkText when empty.
	WatermarkText string
}

// Derived is what making derivatives produced.
type Derived struct {
	// Widths lists the derivative widths made, smallest first.
	Widths []int
	// DominantColor is the placeholder colour, "#rrggbb".
	DominantColor string
	// Watermarked tells whether a watermarked web file was made.
	Watermarked bool
	// Thumbnail is the width shown in the grid (ThumbnailWidth, or the
	// largest made when the photo is narrower).
	Thumbnail int
	// Viewer is the width of the viewer image, the largest of Widths; the
	// watermarked file has the same size.
	Viewer int
	// WebP tells whether WebP twins were made (libvips builds).
	WebP bool
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

// WebPKey is where the WebP twin of a derivative lives (libvips builds
// make one beside every derivative; it is served at the derivative's
// address to browsers that accept WebP).
func WebPKey(photoID, hash string, width int) string {
	return "photos/" + photoID + "/" + hash + "/" + strconv.Itoa(width) + ".webp"
}

// WatermarkKey is where a photo's watermarked web file lives.
func WatermarkKey(photoID, hash string) string {
	return "photos/" + photoID + "/" + hash + "/watermark.jpg"
}

// OriginalURL is the address of the HD original, served to those entitled.
func OriginalURL(photoID, hash string) string {
	return "/media/photos/" + photoID + "/" + hash + "/original"
}

// WatermarkURL is the address of the watermarked web file, beside URL's.
func WatermarkURL(photoID, hash string) string {
	return "/media/photos/" + photoID + "/" + hash + "/watermark.jpg"
}

// URL is the address of a derivative; the hash makes it safe to cache forever.
func URL(photoID, hash string, width int) string {
	return "/media/photos/" + photoID + "/" + hash + "/" + strconv.Itoa(width) + ".jpg"
}

// DownloadURL is the address of a derivative served as an attachment (the
// web file of a free web download), named after the photo's file.
func DownloadURL(photoID, hash string, width int) string {
	return URL(photoID, hash, width) + "?download=1"
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
// it under the photo. Nothing is stored when the file is refused: over
// lim.MaxBytes (ErrFileTooLarge, found without reading further), over
// lim.MaxPixels by its header, before any pixel is decoded (ErrTooLarge),
// not an image, truncated or undecodable (ErrNotImage). The stored bytes are
// the upload's, untouched.
func (s *Store) PutOriginal(ctx context.Context, photoID string, r io.Reader, lim Limits) (Original, error) {
	lim = lim.orDefault()
	data, err := io.ReadAll(io.LimitReader(r, lim.MaxBytes+1))
	if err != nil {
		return Original{}, fmt.Errorf("media: read upload: %w", err)
	}
	if int64(len(data)) > lim.MaxBytes {
		return Original{}, ErrFileTooLarge
	}
	o, err := s.checkOriginal(data, lim)
	if err != nil {
		return Original{}, err
	}
	o.Key = OriginalKey(photoID, o.Hash)
	if err := s.write(ctx, o.Key, o.ContentType, data); err != nil {
		return Original{}, err
	}
	return o, nil
}

// checkOriginal runs every check of PutOriginal but the size in bytes.
func (s *Store) checkOriginal(data []byte, lim Limits) (Original, error) {
	p := s.processor()
	h, err := p.probe(data)
	if err != nil {
		return Original{}, err
	}
	if int64(h.storedW)*int64(h.storedH) > int64(lim.MaxPixels) {
		return Original{}, ErrTooLarge
	}
	if err := checkComplete(h.format, data); err != nil {
		return Original{}, err
	}
	if err := p.check(data, h); err != nil {
		return Original{}, err
	}
	sum := sha256.Sum256(data)
	o := Original{
		Hash:        hex.EncodeToString(sum[:])[:24],
		ContentType: contentType(h.format),
		Size:        int64(len(data)),
	}
	o.Width, o.Height = h.displayed()
	return o, nil
}

// MakeDerivatives reads a stored original and writes its derivatives (see
// DerivativeOptions). Running it again overwrites them with the same bytes.
func (s *Store) MakeDerivatives(ctx context.Context, photoID, hash string, o DerivativeOptions) (Derived, error) {
	data, err := s.Bucket.ReadAll(ctx, OriginalKey(photoID, hash))
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return Derived{}, ErrMissing
		}
		return Derived{}, fmt.Errorf("media: read original: %w", err)
	}
	return s.derive(ctx, photoID, hash, data, o)
}

func (s *Store) derive(ctx context.Context, photoID, hash string, data []byte, o DerivativeOptions) (Derived, error) {
	p := s.processor()
	h, err := p.probe(data)
	if err != nil {
		return Derived{}, err
	}
	dw, dh := h.displayed()
	pl := planFor(dw, dh, o)
	// A same-size copy of an original that can be shown as it is (once
	// stripped of its metadata) would only add bytes and lose quality.
	pl.skipViewer = servesAsViewer(data, h, pl.viewer().w)
	pl.webp = true // made where the back end can (libvips)
	d := Derived{Viewer: pl.viewer().w}
	for _, sz := range pl.sizes {
		d.Widths = append(d.Widths, sz.w)
	}
	d.Thumbnail = Pick(d.Widths, ThumbnailWidth)
	d.DominantColor, err = p.derive(data, h, pl, func(out output) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if out.watermark {
			d.Watermarked = true
			return s.write(ctx, WatermarkKey(photoID, hash), "image/jpeg", out.jpeg)
		}
		if out.webp {
			d.WebP = true
			return s.write(ctx, WebPKey(photoID, hash, out.width), "image/webp", out.jpeg)
		}
		return s.write(ctx, DerivativeKey(photoID, hash, out.width), "image/jpeg", out.jpeg)
	})
	if err != nil {
		return Derived{}, err
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
	d, err := s.derive(ctx, photoID, o.Hash, data, DerivativeOptions{})
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

// OpenDerivative opens one derivative for reading. The viewer-sized
// derivative of an original that serves as the viewer image
// (servesAsViewer) is not stored: it is the original stripped of its
// metadata, made on the fly.
func (s *Store) OpenDerivative(ctx context.Context, photoID, hash string, width int) (File, error) {
	r, err := s.Bucket.NewReader(ctx, DerivativeKey(photoID, hash, width), nil)
	if err == nil {
		return r, nil
	}
	if gcerrors.Code(err) != gcerrors.NotFound {
		return nil, fmt.Errorf("media: open: %w", err)
	}
	data, mod, err := s.viewerFromOriginal(ctx, photoID, hash, width)
	if err != nil {
		return nil, err
	}
	return memFile{Reader: bytes.NewReader(data), mod: mod}, nil
}

// OpenWebP opens the WebP twin of a derivative, ErrMissing when there is
// none (a pure Go build, or a photo made before WebP twins were).
func (s *Store) OpenWebP(ctx context.Context, photoID, hash string, width int) (File, error) {
	r, err := s.Bucket.NewReader(ctx, WebPKey(photoID, hash, width), nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, ErrMissing
		}
		return nil, fmt.Errorf("media: open: %w", err)
	}
	return r, nil
}

// viewerFromOriginal returns the stripped original when it serves as the
// viewer image of that width, ErrMissing otherwise.
func (s *Store) viewerFromOriginal(ctx context.Context, photoID, hash string, width int) ([]byte, time.Time, error) {
	key := OriginalKey(photoID, hash)
	r, err := s.Bucket.NewReader(ctx, key, nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, time.Time{}, ErrMissing
		}
		return nil, time.Time{}, fmt.Errorf("media: open original: %w", err)
	}
	defer r.Close()
	if r.Size() > maxViewerBytes {
		return nil, time.Time{}, ErrMissing
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("media: read original: %w", err)
	}
	h, err := probeGo(data)
	if err != nil || !servesAsViewer(data, h, width) {
		return nil, time.Time{}, ErrMissing
	}
	return stripJPEG(data), r.ModTime(), nil
}

// OpenWatermark opens a photo's watermarked web file for reading.
func (s *Store) OpenWatermark(ctx context.Context, photoID, hash string) (File, error) {
	r, err := s.Bucket.NewReader(ctx, WatermarkKey(photoID, hash), nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, ErrMissing
		}
		return nil, fmt.Errorf("media: open: %w", err)
	}
	return r, nil
}

// Watermark opens a photo's watermarked web file, making it first when it
// is not stored yet: galleries that sell a watermarked web file get it on
// its first request rather than for every upload (issue 19), and the others
// never store one. It is drawn (with text, DefaultWatermarkText when empty)
// on the viewer image, viewer pixels wide, decoded from its stored
// derivative or from the original standing for it; the result is the
// viewer image's size, like MakeDerivatives' watermarked file. It never
// returns the unmarked image: it fails with ErrMissing when the viewer
// image is not there.
func (s *Store) Watermark(ctx context.Context, photoID, hash string, viewer int, text string) (File, error) {
	f, err := s.OpenWatermark(ctx, photoID, hash)
	if !errors.Is(err, ErrMissing) {
		return f, err
	}
	// Visitors opening a gallery ask for many at once, several times each.
	v, err, _ := s.marking.Do(photoID+"/"+hash, func() (any, error) {
		return s.makeWatermark(context.WithoutCancel(ctx), photoID, hash, viewer, text)
	})
	if err != nil {
		return nil, err
	}
	return memFile{Reader: bytes.NewReader(v.([]byte)), mod: time.Now()}, nil
}

func (s *Store) makeWatermark(ctx context.Context, photoID, hash string, viewer int, text string) ([]byte, error) {
	data, err := s.Bucket.ReadAll(ctx, DerivativeKey(photoID, hash, viewer))
	if gcerrors.Code(err) == gcerrors.NotFound {
		data, _, err = s.viewerFromOriginal(ctx, photoID, hash, viewer)
	}
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, ErrMissing
		}
		return nil, fmt.Errorf("media: watermark source: %w", err)
	}
	p := s.processor()
	h, err := p.probe(data)
	if err != nil {
		return nil, err
	}
	dw, dh := h.displayed()
	if dw != viewer {
		return nil, fmt.Errorf("media: watermark source is %d wide, not %d", dw, viewer)
	}
	pl := plan{sizes: []size{{dw, dh}}, watermark: true, text: text, skipViewer: true}
	var marked []byte
	if _, err := p.derive(data, h, pl, func(out output) error {
		if out.watermark {
			marked = out.jpeg
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if marked == nil {
		return nil, errors.New("media: watermark not made")
	}
	if err := s.write(ctx, WatermarkKey(photoID, hash), "image/jpeg", marked); err != nil {
		return nil, err
	}
	return marked, nil
}

// ErrMissing is returned when a blob does not exist.
var ErrMissing = errors.New("media: missing")

// Copy streams r to w; used by the HTTP layer when ranges are not asked for.
func Copy(w io.Writer, r io.Reader) (int64, error) { return io.Copy(w, r) }
