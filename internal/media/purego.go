package media

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	"github.com/disintegration/imaging"
)

// pureGo is the back end used without libvips (`make run` on a bare
// machine). It is compiled into every build, so that the vips build can
// test and benchmark it side by side; only the default choice depends on
// the build tag.
//
// Limits, by design of the standard library: JPEG and PNG only (WebP, HEIC
// and AVIF are refused with ErrNotImage); a JPEG is decoded at full size
// (about 1.5 bytes a pixel, 36 MB for 24 megapixels; a PNG 4 or 8 bytes a
// pixel), where libvips shrinks while decoding; embedded ICC profiles are
// applied only when they are matrix/TRC RGB profiles (icc.go); CMYK JPEGs
// are converted with the naive formula and greyscale ones are expanded to
// grey RGB.
type pureGo struct{}

func (pureGo) name() string { return "pure Go" }

func (pureGo) probe(data []byte) (header, error) { return probeGo(data) }

// check decodes nothing: the standard library cannot decode at a smaller
// scale, and a full decode in the upload request cost more than the rest of
// the ingest (190 s of 724 s for 2,000 photos, issue 19). What the request
// checks is enough to refuse what it must: the header (format, dimensions,
// pixel limit, done by probe) and the file's completeness (checkComplete:
// the JPEG end-of-image marker after the first scan, the PNG IEND chunk),
// which is what an interrupted upload lacks. A file damaged inside its
// compressed data passes, and its derivatives job marks the photo failed.
func (pureGo) check(data []byte, h header) error {
	switch h.format {
	case formatJPEG, formatPNG:
		return nil
	}
	return fmt.Errorf("%w: %s needs libvips", ErrNotImage, h.format)
}

func decodeGo(data []byte, h header) (image.Image, error) {
	var img image.Image
	var err error
	switch h.format {
	case formatJPEG:
		img, err = jpeg.Decode(bytes.NewReader(data))
	case formatPNG:
		img, err = png.Decode(bytes.NewReader(data))
	default:
		return nil, fmt.Errorf("%w: %s needs libvips", ErrNotImage, h.format)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	return img, nil
}

func (pureGo) derive(data []byte, h header, p plan, put func(output) error) (string, error) {
	img, err := decodeGo(data, h)
	if err != nil {
		return "", err
	}
	// Resize before turning: the viewer image is a tenth of the pixels of
	// a camera original. The target is given in stored orientation.
	v := p.viewer()
	sw, sh := v.w, v.h
	if h.orientation >= 5 {
		sw, sh = sh, sw
	}
	// A profile describes the decoded samples only when they are RGB.
	var rgb bool
	switch img.(type) {
	case *image.CMYK, *image.Gray, *image.Gray16:
	default:
		rgb = true
	}
	var n *image.NRGBA
	if b := img.Bounds(); b.Dx() == sw && b.Dy() == sh {
		n = imaging.Clone(img)
	} else {
		n = imaging.Resize(img, sw, sh, imaging.CatmullRom)
	}
	// img is dead from here: the full-size pixels can go before encoding.
	n = orient(n, h.orientation)
	flattenWhite(n)
	base := opaqueRGBA(n)
	if h.icc != nil && rgb {
		// An unsupported profile leaves the pixels as they are (see above).
		if t, err := parseICC(h.icc); err == nil && t != nil {
			t.apply(base)
		}
	}
	dominant := averageColor(base)

	if !p.skipViewer {
		if err := encodePut(put, base, v.w, false); err != nil {
			return "", err
		}
	}
	if p.watermark {
		marked := &image.RGBA{Pix: bytes.Clone(base.Pix), Stride: base.Stride, Rect: base.Rect}
		if err := drawWatermark(marked, p.text); err != nil {
			return "", err
		}
		if err := encodePut(put, marked, v.w, true); err != nil {
			return "", err
		}
	}
	// Each smaller size comes from the one above it: a cascade of
	// reductions by less than three is as sharp as one big reduction and
	// much cheaper.
	prev := n
	for i := len(p.sizes) - 2; i >= 0; i-- {
		s := p.sizes[i]
		prev = imaging.Resize(prev, s.w, s.h, imaging.CatmullRom)
		if err := encodePut(put, opaqueRGBA(prev), s.w, false); err != nil {
			return "", err
		}
	}
	return dominant, nil
}

func encodePut(put func(output) error, img *image.RGBA, width int, watermark bool) error {
	var buf bytes.Buffer
	// The standard encoder writes no metadata at all: no EXIF, no GPS.
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality}); err != nil {
		return fmt.Errorf("media: encode: %w", err)
	}
	return put(output{width: width, watermark: watermark, jpeg: buf.Bytes()})
}

// orient turns stored pixels into displayed ones (EXIF orientation).
func orient(n *image.NRGBA, o int) *image.NRGBA {
	switch o {
	case 2:
		return imaging.FlipH(n)
	case 3:
		return imaging.Rotate180(n)
	case 4:
		return imaging.FlipV(n)
	case 5:
		return imaging.Transpose(n)
	case 6:
		return imaging.Rotate270(n)
	case 7:
		return imaging.Transverse(n)
	case 8:
		return imaging.Rotate90(n)
	}
	return n
}

func (pureGo) print(data []byte, h header, p printPlan) ([]byte, error) {
	img, err := decodeGo(data, h)
	if err != nil {
		return nil, err
	}
	var rgb bool
	switch img.(type) {
	case *image.CMYK, *image.Gray, *image.Gray16:
	default:
		rgb = true
	}
	n := orient(imaging.Clone(img), h.orientation)
	img = nil
	flattenWhite(n)
	if h.icc != nil && rgb {
		if t, err := parseICC(h.icc); err == nil && t != nil {
			t.apply(opaqueRGBA(n))
		}
	}
	pic := imaging.Crop(n, p.crop)
	n = nil
	if b := pic.Bounds(); b.Dx() != p.w || b.Dy() != p.h {
		pic = imaging.Resize(pic, p.w, p.h, imaging.Lanczos)
	}
	paper := imaging.New(p.paperW, p.paperH, color.White)
	paper = imaging.Paste(paper, pic, image.Pt(p.x, p.y))
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, opaqueRGBA(paper), &jpeg.Options{Quality: p.jpegQuality}); err != nil {
		return nil, fmt.Errorf("media: encode print: %w", err)
	}
	return buf.Bytes(), nil
}
