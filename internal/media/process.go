package media

import (
	"fmt"
	"image"
	"math"
)

// processor is an image back end: libvips (build tag vips) or pure Go.
// Both decode the same formats' headers the same way (probeGo) and make the
// same files; they differ in speed, memory and colour management.
type processor interface {
	// name says which back end runs, for logs and benchmarks.
	name() string
	// probe reads the header only: format, stored size, orientation. It
	// must never decode pixels, so that the pixel limit is checked first.
	probe(data []byte) (header, error)
	// check refuses, as cheaply as the back end can, files that would fail
	// later (libvips decodes at 1/8 scale; pure Go decodes nothing beyond
	// probe and checkComplete); it returns an error wrapping ErrNotImage.
	check(data []byte, h header) error
	// derive makes the planned JPEGs, metadata stripped and colours in
	// sRGB, and hands each to put as soon as it is encoded; with p.webp, a
	// WebP twin of each derivative as well (libvips only: the pure Go back
	// end has no WebP encoder and makes none). It returns the dominant
	// colour.
	derive(data []byte, h header, p plan, put func(output) error) (string, error)
	// print makes one print file at full resolution (planPrint): the
	// displayed pixels of p.crop, in sRGB, resized to p.w x p.h and placed
	// at p.x, p.y on white paper, as a JPEG without metadata.
	print(data []byte, h header, p printPlan) ([]byte, error)
}

// output is one encoded derivative: a JPEG, or its WebP twin (webp).
type output struct {
	width     int
	watermark bool
	webp      bool
	jpeg      []byte
}

// jpegQuality is the quality of every derivative: visually clean at web
// sizes, about a third of the bytes of quality 95.
const jpegQuality = 82

// Backend names the image back end in use ("libvips 8.14.1" or "pure Go"),
// for the start-up log.
func Backend() string { return defaultProcessor().name() }

// averageColor is the placeholder colour shown while a photo loads: the
// mean of a sample of at most about 64k pixels of an opaque image.
func averageColor(img *image.RGBA) string {
	b := img.Bounds()
	step := max(1, int(math.Sqrt(float64(b.Dx()*b.Dy())/65536)))
	var r, g, bl, n uint64
	for y := b.Min.Y; y < b.Max.Y; y += step {
		row := img.Pix[(y-b.Min.Y)*img.Stride:]
		for x := 0; x < b.Dx(); x += step {
			p := row[4*x : 4*x+3 : 4*x+3]
			r, g, bl, n = r+uint64(p[0]), g+uint64(p[1]), bl+uint64(p[2]), n+1
		}
	}
	if n == 0 {
		return "#808080"
	}
	return fmt.Sprintf("#%02x%02x%02x", (r+n/2)/n, (g+n/2)/n, (bl+n/2)/n)
}

// opaqueRGBA views an opaque NRGBA image as RGBA (identical bytes when every
// alpha is 255), the type the JPEG encoder and image/draw have fast paths for.
func opaqueRGBA(n *image.NRGBA) *image.RGBA {
	return &image.RGBA{Pix: n.Pix, Stride: n.Stride, Rect: n.Rect}
}

// flattenWhite composites a possibly transparent NRGBA image onto white in
// place: JPEG has no alpha, and white is what a print or a page shows.
func flattenWhite(n *image.NRGBA) {
	for y := 0; y < n.Rect.Dy(); y++ {
		row := n.Pix[y*n.Stride : y*n.Stride+4*n.Rect.Dx()]
		for i := 0; i < len(row); i += 4 {
			a := uint32(row[i+3])
			if a == 255 {
				continue
			}
			for c := 0; c < 3; c++ {
				row[i+c] = uint8((uint32(row[i+c])*a + 255*(255-a) + 127) / 255)
			}
			row[i+3] = 255
		}
	}
}
