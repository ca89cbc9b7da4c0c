package media

import "math"

// size is one derivative's displayed dimensions.
type size struct{ w, h int }

// plan is the list of files to make for one photo.
type plan struct {
	// sizes are ascending; the last one is the viewer image.
	sizes []size
	// watermark asks for a marked copy of the viewer image.
	watermark bool
	text      string
	// skipViewer leaves the viewer image itself out: the original stands
	// for it (servesAsViewer), or only the watermarked copy is wanted.
	skipViewer bool
	// webp asks for a WebP twin of every derivative but the watermarked
	// file, the viewer image included even when skipViewer leaves its JPEG
	// out; only libvips makes them.
	webp bool
	// modernOnly makes the WebP twins alone, no JPEG and no watermarked
	// file (MakeWebP: the twins of photos made before they existed).
	modernOnly bool
}

// viewer is the largest size, which every other derivative is made from.
func (p plan) viewer() size { return p.sizes[len(p.sizes)-1] }

// planFor decides the derivatives of a photo displayed at w x h.
//
// The viewer image is the largest derivative: at most the largest of
// Widths, never wider than the original, and with its longest side within
// o.ViewerMaxSize when that is set. Every width of Widths below the viewer's
// is made as well; the widths above it are not made at all, so the viewer
// width is the only derivative "at the bound". For a 4000x6000 portrait and
// ViewerMaxSize 2048 that gives 320, 640, 1280 and 1365 (1365x2048).
func planFor(w, h int, o DerivativeOptions) plan {
	top := min(w, Widths[len(Widths)-1])
	if b := o.ViewerMaxSize; b > 0 && max(w, h) > b {
		// Rounded down, so that the height never exceeds the bound either.
		top = min(top, max(1, w*b/max(w, h)))
	}
	p := plan{watermark: o.Watermark, text: o.WatermarkText}
	for _, x := range Widths {
		if x >= top {
			break
		}
		p.sizes = append(p.sizes, size{x, heightFor(w, h, x)})
	}
	p.sizes = append(p.sizes, size{top, heightFor(w, h, top)})
	return p
}

// heightFor keeps the aspect ratio of w x h at width x.
func heightFor(w, h, x int) int {
	return max(1, int(math.Round(float64(h)*float64(x)/float64(w))))
}
