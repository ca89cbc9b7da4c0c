package media

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"
)

// DefaultWatermarkText is drawn when a gallery asks for a watermark but
// gives no studio name.
const DefaultWatermarkText = "ÉPREUVE"

// The mark: the text repeated along a rising diagonal, white at low opacity
// over a faint dark edge, so that it reads on skies and on dark suits alike
// without hiding the picture. Both back ends draw it with this code (fonts
// embedded, nothing asked of the system), so it looks the same everywhere.
const (
	watermarkAngle  = -30 * math.Pi / 180
	watermarkInk    = 97 // alpha of the white letters (38 %)
	watermarkShadow = 56 // alpha of their dark edge (22 %)
)

var watermarkFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// drawWatermark marks an opaque image in place.
func drawWatermark(dst *image.RGBA, text string) error {
	if text == "" {
		text = DefaultWatermarkText
	}
	f, err := watermarkFont()
	if err != nil {
		return fmt.Errorf("media: watermark font: %w", err)
	}
	b := dst.Bounds()
	w, h := b.Dx(), b.Dy()
	px := max(10, float64(min(w, h))/16)
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return fmt.Errorf("media: watermark face: %w", err)
	}
	defer face.Close()

	// The text, horizontal, as a coverage mask.
	m := face.Metrics()
	pad := int(px / 4)
	adv := font.MeasureString(face, text).Ceil()
	flat := image.NewAlpha(image.Rect(0, 0, adv+2*pad, (m.Ascent+m.Descent).Ceil()+2*pad))
	(&font.Drawer{Dst: flat, Src: image.Opaque, Face: face, Dot: fixed.P(pad, pad+m.Ascent.Ceil())}).DrawString(text)

	// The same mask turned once; it is then stamped many times.
	sin, cos := math.Sincos(watermarkAngle)
	fw, fh := float64(flat.Rect.Dx()), float64(flat.Rect.Dy())
	rw := int(math.Ceil(math.Abs(fw*cos) + math.Abs(fh*sin)))
	rh := int(math.Ceil(math.Abs(fw*sin) + math.Abs(fh*cos)))
	mark := image.NewAlpha(image.Rect(0, 0, rw, rh))
	// Source to destination: move the text's centre to the origin, turn,
	// move to the centre of mark.
	s2d := f64.Aff3{
		cos, -sin, float64(rw)/2 - (cos*fw/2 - sin*fh/2),
		sin, cos, float64(rh)/2 - (sin*fw/2 + cos*fh/2),
	}
	xdraw.BiLinear.Transform(mark, s2d, flat, flat.Rect, xdraw.Src, nil)

	// Stamps on a lattice along the text's direction, every other row
	// shifted by half a step, covering the whole picture once turned.
	stepU := fw * 1.35
	stepV := fh * 3.2
	shadow := image.NewUniform(color.NRGBA{0, 0, 0, watermarkShadow})
	ink := image.NewUniform(color.NRGBA{255, 255, 255, watermarkInk})
	off := max(1, int(px/28))
	cx, cy := float64(w)/2, float64(h)/2
	reach := math.Hypot(float64(w), float64(h))/2 + fw
	for j := -int(reach/stepV) - 1; j <= int(reach/stepV)+1; j++ {
		shift := 0.0
		if j%2 != 0 {
			shift = stepU / 2
		}
		for i := -int(reach/stepU) - 1; i <= int(reach/stepU)+1; i++ {
			u, v := float64(i)*stepU+shift, float64(j)*stepV
			x := cx + u*cos - v*sin
			y := cy + u*sin + v*cos
			at := image.Pt(b.Min.X+int(x)-rw/2, b.Min.Y+int(y)-rh/2)
			r := mark.Rect.Add(at)
			if !r.Overlaps(b) {
				continue
			}
			draw.DrawMask(dst, r.Add(image.Pt(off, off)), shadow, image.Point{}, mark, image.Point{}, draw.Over)
			draw.DrawMask(dst, r, ink, image.Point{}, mark, image.Point{}, draw.Over)
		}
	}
	return nil
}
