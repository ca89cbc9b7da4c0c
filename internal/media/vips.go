//go:build vips

package media

import (
	"fmt"
	"image"
	"log/slog"
	"runtime"
	"sync"

	"github.com/davidbyttow/govips/v2/vips"
)

// vipsProc is the libvips back end (build tag vips). It decodes each
// original once, shrinking while it decodes (a JPEG is read at 1/2, 1/4 or
// 1/8 scale when the viewer size allows: vips_thumbnail), turns it by its
// EXIF orientation, converts its embedded profile to sRGB with lcms, keeps
// that viewer-sized image in memory and makes every other file from it.
type vipsProc struct{}

// vipsMaxCoord leaves the height free, so that vips_thumbnail fits the width.
const vipsMaxCoord = 10_000_000

// startVips starts libvips once per process. Only its errors reach the log
// (its warnings are about users' files, which get typed errors anyway); its
// operation cache is off, since every original is seen once; it uses at
// most four threads per image, since derivative jobs run side by side.
var startVips = sync.OnceValue(func() error {
	vips.LoggingSettings(func(domain string, level vips.LogLevel, msg string) {
		slog.Warn("libvips", "domain", domain, "msg", msg)
	}, vips.LogLevelCritical)
	return vips.Startup(&vips.Config{
		ConcurrencyLevel: min(runtime.GOMAXPROCS(0), 4),
		MaxCacheFiles:    0,
		MaxCacheMem:      0,
		MaxCacheSize:     0,
	})
})

var warnFallback sync.Once

// defaultProcessor is libvips, or pure Go if libvips cannot start.
func defaultProcessor() processor {
	if err := startVips(); err != nil {
		warnFallback.Do(func() { slog.Warn("media: libvips did not start, images use pure Go", "err", err) })
		return pureGo{}
	}
	return vipsProc{}
}

func (vipsProc) name() string { return "libvips " + vips.Version }

var vipsTypes = map[string]vips.ImageType{
	formatJPEG: vips.ImageTypeJPEG,
	formatPNG:  vips.ImageTypePNG,
	formatWebP: vips.ImageTypeWEBP,
	formatHEIF: vips.ImageTypeHEIF,
	formatAVIF: vips.ImageTypeAVIF,
}

func (vipsProc) probe(data []byte) (header, error) {
	f := sniff(data)
	if f == formatJPEG || f == formatPNG {
		h, err := probeGo(data)
		if err == nil {
			return h, nil
		}
		// A rare variant Go does not read (arithmetic coding, 12 bits)
		// may still be one libvips reads.
		if hv, errv := vipsHeader(data, f); errv == nil {
			return hv, nil
		}
		return header{}, err
	}
	return vipsHeader(data, f)
}

// vipsHeader reads a header with libvips, whose loading is lazy: the pixels
// are not decoded.
func vipsHeader(data []byte, f string) (header, error) {
	t, ok := vipsTypes[f]
	if !ok {
		return header{}, fmt.Errorf("%w: unknown format", ErrNotImage)
	}
	if !vips.IsTypeSupported(t) {
		return header{}, fmt.Errorf("%w: %s not supported by this libvips", ErrNotImage, f)
	}
	img, err := vips.LoadImageFromBuffer(data, &vips.ImportParams{})
	if err != nil {
		return header{}, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	defer img.Close()
	h := header{format: f, storedW: img.Width(), storedH: img.Height(), orientation: img.Orientation()}
	if h.orientation < 1 || h.orientation > 8 {
		h.orientation = 1
	}
	if h.storedW <= 0 || h.storedH <= 0 {
		return header{}, fmt.Errorf("%w: empty image", ErrNotImage)
	}
	return h, nil
}

// check decodes the whole file, a JPEG at 1/8 scale (every coefficient is
// still read, so corrupt data shows, at a fraction of the cost).
func (vipsProc) check(data []byte, h header) error {
	p := &vips.ImportParams{}
	p.Access.Set(vips.AccessSequential)
	if h.format == formatJPEG {
		p.JpegShrinkFactor.Set(8)
	}
	img, err := vips.LoadImageFromBuffer(data, p)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	defer img.Close()
	if _, err := img.Average(); err != nil {
		return fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	return nil
}

var jpegExport = vips.JpegExportParams{
	StripMetadata:  true, // EXIF (GPS, serial numbers), XMP, IPTC, profile
	Quality:        jpegQuality,
	OptimizeCoding: true,
	SubsampleMode:  vips.VipsForeignSubsampleAuto,
}

func (vipsProc) derive(data []byte, h header, p plan, put func(output) error) (string, error) {
	v := p.viewer()
	img, err := vips.LoadThumbnailFromBuffer(data, v.w, vipsMaxCoord, vips.InterestingNone, vips.SizeDown, nil)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	defer img.Close()
	if err := vipsToSRGB(img); err != nil {
		return "", fmt.Errorf("media: vips colour: %w", err)
	}
	// The pipeline so far is lazy: bringing it into memory runs the decode
	// once, and every file below is made from that copy.
	n, err := vipsToGo(img)
	if err != nil {
		return "", err
	}
	if n.Rect.Dx() != v.w {
		return "", fmt.Errorf("media: vips made %d pixels wide, not %d", n.Rect.Dx(), v.w)
	}
	dominant := averageColor(opaqueRGBA(n))

	base, err := vipsFromGo(n)
	if err != nil {
		return "", err
	}
	defer base.Close()
	if !p.skipViewer && !p.modernOnly {
		if err := vipsPut(put, base, v.w, false); err != nil {
			return "", err
		}
	}
	if p.webp {
		if err := vipsPutWebP(put, base, v.w); err != nil {
			return "", err
		}
	}
	if p.watermark && !p.modernOnly {
		marked := &image.RGBA{Pix: append([]byte(nil), n.Pix...), Stride: n.Stride, Rect: n.Rect}
		if err := drawWatermark(marked, p.text); err != nil {
			return "", err
		}
		m, err := vipsFromGo(&image.NRGBA{Pix: marked.Pix, Stride: marked.Stride, Rect: marked.Rect})
		if err != nil {
			return "", err
		}
		err = vipsPut(put, m, v.w, true)
		m.Close()
		if err != nil {
			return "", err
		}
	}
	// Each smaller size comes from the one above it, itself kept in
	// memory: libvips 8.14 takes five times longer to reduce 2048 pixels to
	// 320 in one step than in two (profiled: 130 ms against 26), and the
	// cascade of reductions by at most 2x keeps Lanczos sharpness.
	prev := base
	for i := len(p.sizes) - 2; i >= 0; i-- {
		next, err := vipsReduce(prev, p.sizes[i].w)
		if prev != base {
			prev.Close()
		}
		if err != nil {
			return "", err
		}
		prev = next
		if !p.modernOnly {
			if err := vipsPut(put, next, p.sizes[i].w, false); err != nil {
				next.Close()
				return "", err
			}
		}
		if p.webp {
			if err := vipsPutWebP(put, next, p.sizes[i].w); err != nil {
				next.Close()
				return "", err
			}
		}
	}
	if prev != base {
		prev.Close()
	}
	return dominant, nil
}

// vipsReduce makes an in-memory copy of img, width pixels wide.
func vipsReduce(img *vips.ImageRef, width int) (*vips.ImageRef, error) {
	c, err := img.Copy()
	if err != nil {
		return nil, fmt.Errorf("media: vips copy: %w", err)
	}
	defer c.Close()
	if err := c.ThumbnailWithSize(width, vipsMaxCoord, vips.InterestingNone, vips.SizeDown); err != nil {
		return nil, fmt.Errorf("media: vips resize: %w", err)
	}
	n, err := vipsToGo(c)
	if err != nil {
		return nil, err
	}
	if n.Rect.Dx() != width {
		return nil, fmt.Errorf("media: vips made %d pixels wide, not %d", n.Rect.Dx(), width)
	}
	return vipsFromGo(n)
}

// vipsToGo runs a pipeline into memory, as an opaque NRGBA image.
func vipsToGo(img *vips.ImageRef) (*image.NRGBA, error) {
	g, err := img.ToGoImage()
	if err != nil {
		return nil, fmt.Errorf("media: vips decode: %w", err)
	}
	n, ok := g.(*image.NRGBA)
	if !ok {
		return nil, fmt.Errorf("media: vips decode: unexpected %T", g)
	}
	return n, nil
}

// vipsToSRGB brings any decoded image to 8-bit sRGB without alpha: the
// embedded profile (Adobe RGB, Display P3, a CMYK press profile...) is
// imported and sRGB exported; 16-bit, grey and CMYK images are converted;
// transparency is flattened onto white.
func vipsToSRGB(img *vips.ImageRef) error {
	if img.HasICCProfile() {
		if err := img.TransformICCProfileWithFallback("srgb", "srgb"); err != nil {
			return err
		}
	}
	if img.Interpretation() != vips.InterpretationSRGB || img.BandFormat() != vips.BandFormatUchar {
		if err := img.ToColorSpace(vips.InterpretationSRGB); err != nil {
			return err
		}
	}
	if img.HasAlpha() {
		if err := img.Flatten(&vips.Color{R: 255, G: 255, B: 255}); err != nil {
			return err
		}
	}
	return nil
}

// vipsFromGo copies an opaque Go image into libvips as three bands.
func vipsFromGo(n *image.NRGBA) (*vips.ImageRef, error) {
	img, err := vips.NewImageFromGoImage(n)
	if err != nil {
		return nil, fmt.Errorf("media: vips import: %w", err)
	}
	if err := img.ExtractBand(0, 3); err != nil {
		img.Close()
		return nil, fmt.Errorf("media: vips import: %w", err)
	}
	return img, nil
}

func vipsPut(put func(output) error, img *vips.ImageRef, width int, watermark bool) error {
	params := jpegExport
	buf, _, err := img.ExportJpeg(&params)
	if err != nil {
		return fmt.Errorf("media: vips encode: %w", err)
	}
	return put(output{width: width, watermark: watermark, jpeg: buf})
}

// webpQuality is the quality of the WebP twins: at web sizes about the
// look of JPEG quality 82 in fewer bytes (docs/performance.md).
const webpQuality = 78

var webpExport = vips.WebpExportParams{
	StripMetadata:   true,
	Quality:         webpQuality,
	ReductionEffort: 4,
}

// vipsPutWebP makes the WebP twin of a derivative.
func vipsPutWebP(put func(output) error, img *vips.ImageRef, width int) error {
	params := webpExport
	buf, _, err := img.ExportWebp(&params)
	if err != nil {
		return fmt.Errorf("media: vips encode webp: %w", err)
	}
	return put(output{width: width, webp: true, jpeg: buf})
}

// makesWebP: libvips encodes the WebP twins (Store.MakesWebP).
func (vipsProc) makesWebP() bool { return true }

// print decodes the original at full size (a print needs every pixel),
// turns it, brings it to sRGB, cuts the crop, resizes it to the exact
// size and lays it on white paper.
func (vipsProc) print(data []byte, h header, p printPlan) ([]byte, error) {
	img, err := vips.LoadImageFromBuffer(data, &vips.ImportParams{})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	defer img.Close()
	if err := img.AutoRotate(); err != nil {
		return nil, fmt.Errorf("media: vips rotate: %w", err)
	}
	if err := vipsToSRGB(img); err != nil {
		return nil, fmt.Errorf("media: vips colour: %w", err)
	}
	if img.Bands() > 3 {
		if err := img.ExtractBand(0, 3); err != nil {
			return nil, fmt.Errorf("media: vips bands: %w", err)
		}
	}
	c := p.crop
	if c.Min.X != 0 || c.Min.Y != 0 || c.Dx() != img.Width() || c.Dy() != img.Height() {
		if err := img.ExtractArea(c.Min.X, c.Min.Y, c.Dx(), c.Dy()); err != nil {
			return nil, fmt.Errorf("media: vips crop: %w", err)
		}
	}
	if img.Width() != p.w || img.Height() != p.h {
		if err := img.ThumbnailWithSize(p.w, p.h, vips.InterestingNone, vips.SizeForce); err != nil {
			return nil, fmt.Errorf("media: vips resize: %w", err)
		}
	}
	if img.Width() != p.paperW || img.Height() != p.paperH {
		if err := img.EmbedBackground(p.x, p.y, p.paperW, p.paperH, &vips.Color{R: 255, G: 255, B: 255}); err != nil {
			return nil, fmt.Errorf("media: vips paper: %w", err)
		}
	}
	if img.Width() != p.paperW || img.Height() != p.paperH {
		return nil, fmt.Errorf("media: vips made %dx%d, not %dx%d", img.Width(), img.Height(), p.paperW, p.paperH)
	}
	params := jpegExport
	params.Quality = p.jpegQuality
	params.SubsampleMode = vips.VipsForeignSubsampleOff
	buf, _, err := img.ExportJpeg(&params)
	if err != nil {
		return nil, fmt.Errorf("media: vips encode print: %w", err)
	}
	return buf, nil
}
