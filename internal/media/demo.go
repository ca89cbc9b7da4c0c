package media

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/norm"
)

// DemoJPEG draws a landscape-like picture (sky, sun, hills) with a caption,
// for the demo and benchmark galleries. The same seed gives the same image.
func DemoJPEG(seed uint64, w, h int, caption string) ([]byte, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	hue := rng.Float64() * 360
	top := hsv(hue, 0.35, 0.95)
	bottom := hsv(math.Mod(hue+40, 360), 0.55, 0.75)
	sunX, sunY := float64(w)*(0.2+0.6*rng.Float64()), float64(h)*(0.15+0.25*rng.Float64())
	sunR := float64(min(w, h)) * (0.06 + 0.06*rng.Float64())
	type hill struct {
		base, amp, freq, phase float64
		c                      color.RGBA
	}
	hills := make([]hill, 3)
	for i := range hills {
		hills[i] = hill{
			base:  float64(h) * (0.55 + 0.12*float64(i)),
			amp:   float64(h) * (0.05 + 0.05*rng.Float64()),
			freq:  (1 + 2*rng.Float64()) * math.Pi / float64(w),
			phase: rng.Float64() * 6,
			c:     hsv(math.Mod(hue+120+25*float64(i), 360), 0.45, 0.55-0.12*float64(i)),
		}
	}
	for y := 0; y < h; y++ {
		t := float64(y) / float64(h)
		sky := lerp(top, bottom, t)
		for x := 0; x < w; x++ {
			c := sky
			dx, dy := float64(x)-sunX, float64(y)-sunY
			if dx*dx+dy*dy < sunR*sunR {
				c = color.RGBA{255, 236, 180, 255}
			}
			for _, hl := range hills {
				if float64(y) > hl.base+hl.amp*math.Sin(hl.freq*float64(x)+hl.phase) {
					c = hl.c
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	if caption != "" {
		d := &font.Drawer{Dst: img, Src: image.NewUniform(color.White), Face: basicfont.Face7x13,
			Dot: fixed.P(16, h-16)}
		d.DrawString(asciiCaption(caption))
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		return nil, fmt.Errorf("media: demo encode: %w", err)
	}
	return buf.Bytes(), nil
}

// asciiCaption drops accents and replaces other non-ASCII runes, which the
// built-in bitmap font cannot draw.
func asciiCaption(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

func lerp(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

func hsv(h, s, v float64) color.RGBA {
	c := v * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := v - c
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return color.RGBA{uint8((r + m) * 255), uint8((g + m) * 255), uint8((b + m) * 255), 255}
}
