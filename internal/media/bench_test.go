package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// benchOriginal is a 24-megapixel camera-like JPEG (6000x4000, quality 92,
// 9.6 MB): soft shapes with sensor grain and fine texture, so that
// decoding costs what a real photo costs (a smooth synthetic picture
// decodes several times faster). Made once per run, never committed.
var benchOriginal = sync.OnceValues(func() ([]byte, error) {
	const w, h = 6000, 4000
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	seed := uint32(2463534242)
	rnd := func() int { // xorshift32: cheap grain
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return int(seed>>24) - 128
	}
	for y := 0; y < h; y++ {
		fy := float64(y) / h
		for x := 0; x < w; x++ {
			fx := float64(x) / w
			l := 70 + 120*fy + 35*math.Sin(fx*23+fy*7)*math.Cos(fy*31) + 12*math.Sin(float64(x)*0.7)*math.Sin(float64(y)*0.55)
			img.Y[y*img.YStride+x] = uint8(clamp(l + float64(rnd())/10))
		}
	}
	for y := 0; y < h/2; y++ {
		for x := 0; x < w/2; x++ {
			fx, fy := float64(x)/(w/2), float64(y)/(h/2)
			i := y*img.CStride + x
			img.Cb[i] = uint8(clamp(128 + 30*math.Sin(fx*5+fy*3) + float64(rnd())/25))
			img.Cr[i] = uint8(clamp(128 + 25*math.Cos(fx*4-fy*6) + float64(rnd())/25))
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
})

// benchBackends are the back ends compared: libvips first when built in.
func benchBackends() []processor {
	out := make([]processor, 0, len(testBackends))
	for i := len(testBackends) - 1; i >= 0; i-- {
		out = append(out, testBackends[i])
	}
	return out
}

// BenchmarkDerivatives times making the derivatives of one 24-megapixel
// photo (320, 640, 1280, 2048 and 2560 wide, JPEG quality 82, metadata stripped,
// plus the dominant colour) with each back end, and with the vipsthumbnail
// command run once per size with the same output options. One op is one
// photo. Run it with `make bench-media`.
func BenchmarkDerivatives(b *testing.B) {
	orig, err := benchOriginal()
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("original: 6000x4000, %.1f MB", float64(len(orig))/1e6)
	for _, p := range benchBackends() {
		b.Run(p.name(), func(b *testing.B) {
			ctx := context.Background()
			s := newStore(b, p)
			o, err := s.PutOriginal(ctx, "pho_b", bytes.NewReader(orig), DefaultLimits)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				d, err := s.MakeDerivatives(ctx, "pho_b", o.Hash, DerivativeOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if len(d.Widths) != len(Widths) {
					b.Fatalf("widths %v", d.Widths)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/photo")
		})
	}
	b.Run("vipsthumbnail", func(b *testing.B) {
		bin, err := exec.LookPath("vipsthumbnail")
		if err != nil {
			b.Skip("vipsthumbnail is not installed (apt-get install libvips-tools)")
		}
		dir := b.TempDir()
		in := filepath.Join(dir, "original.jpg")
		if err := os.WriteFile(in, orig, 0o644); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for _, w := range Widths {
				// "2048x": 2048 wide, height free, as ours.
				out := filepath.Join(dir, fmt.Sprintf("%d.jpg[Q=%d,strip,optimize_coding]", w, jpegQuality))
				if msg, err := exec.Command(bin, in, "--size", fmt.Sprintf("%dx", w), "-o", out).CombinedOutput(); err != nil {
					b.Fatalf("vipsthumbnail: %v: %s", err, msg)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/photo")
	})
}

// BenchmarkPutOriginal times the upload checks on the same photo: header,
// pixel limit, completeness, a decode (1/8 scale with libvips, full with
// pure Go), hash, and the write to a memory bucket.
func BenchmarkPutOriginal(b *testing.B) {
	orig, err := benchOriginal()
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range benchBackends() {
		b.Run(p.name(), func(b *testing.B) {
			s := newStore(b, p)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.PutOriginal(context.Background(), "pho_b", bytes.NewReader(orig), DefaultLimits); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/photo")
		})
	}
}

// BenchmarkDerivativesWeb times the derivatives of one web-sized photo,
// what cmd/ingestbench uploads (1200x800, about 320 KB): 320 and 640 are
// made, the original stands for the 1200 viewer image.
func BenchmarkDerivativesWeb(b *testing.B) {
	orig := encodeJPEG(b, textured(1200, 800), 95)
	for _, p := range benchBackends() {
		b.Run(p.name(), func(b *testing.B) {
			ctx := context.Background()
			s := newStore(b, p)
			o, err := s.PutOriginal(ctx, "pho_b", bytes.NewReader(orig), DefaultLimits)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.MakeDerivatives(ctx, "pho_b", o.Hash, DerivativeOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/photo")
		})
	}
}
