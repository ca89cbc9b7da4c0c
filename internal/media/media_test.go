package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/webp"
)

func TestPlan(t *testing.T) {
	tests := []struct {
		name   string
		w, h   int
		opts   DerivativeOptions
		widths []int
	}{
		{"camera landscape", 6000, 4000, DerivativeOptions{}, []int{320, 640, 1280, 2048, 2560}},
		{"camera portrait", 4000, 6000, DerivativeOptions{}, []int{320, 640, 1280, 2048, 2560}},
		{"between the two largest", 2300, 1500, DerivativeOptions{}, []int{320, 640, 1280, 2048, 2300}},
		{"exactly the largest", 2560, 1707, DerivativeOptions{}, []int{320, 640, 1280, 2048, 2560}},
		{"web-sized stops at its width", 2048, 1365, DerivativeOptions{}, []int{320, 640, 1280, 2048}},
		{"never upscaled", 1000, 700, DerivativeOptions{}, []int{320, 640, 1000}},
		{"exactly a width", 1280, 853, DerivativeOptions{}, []int{320, 640, 1280}},
		{"tiny", 200, 100, DerivativeOptions{}, []int{200}},
		{"viewer bound landscape", 6000, 4000, DerivativeOptions{ViewerMaxSize: 1600}, []int{320, 640, 1280, 1600}},
		{"viewer bound portrait", 4000, 6000, DerivativeOptions{ViewerMaxSize: 2048}, []int{320, 640, 1280, 1365}},
		{"viewer bound on a width", 6000, 4000, DerivativeOptions{ViewerMaxSize: 1280}, []int{320, 640, 1280}},
		{"viewer bound above the widths", 6000, 4000, DerivativeOptions{ViewerMaxSize: 4000}, []int{320, 640, 1280, 2048, 2560}},
		{"viewer bound between the two largest", 6000, 4000, DerivativeOptions{ViewerMaxSize: 2200}, []int{320, 640, 1280, 2048, 2200}},
		{"viewer bound above the original", 900, 600, DerivativeOptions{ViewerMaxSize: 1600}, []int{320, 640, 900}},
		{"viewer bound below the smallest", 6000, 4000, DerivativeOptions{ViewerMaxSize: 300}, []int{300}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planFor(tt.w, tt.h, tt.opts)
			var got []int
			for _, s := range p.sizes {
				got = append(got, s.w)
				if s.w > tt.w {
					t.Errorf("width %d is wider than the original %d", s.w, tt.w)
				}
				if b := tt.opts.ViewerMaxSize; b > 0 && max(s.w, s.h) > b {
					t.Errorf("%dx%d is over the viewer bound %d", s.w, s.h, b)
				}
			}
			if !slices.Equal(got, tt.widths) {
				t.Errorf("widths = %v, want %v", got, tt.widths)
			}
		})
	}
}

// TestDerivatives checks the files made for originals of several shapes:
// exactly the planned widths, at the planned sizes, as JPEG, with nothing
// else in the bucket, and the original kept byte for byte.
func TestDerivatives(t *testing.T) {
	tests := []struct {
		name   string
		w, h   int
		opts   DerivativeOptions
		widths []int
	}{
		{"landscape", 2400, 1600, DerivativeOptions{}, []int{320, 640, 1280, 2048, 2400}},
		{"retina width", 3000, 2000, DerivativeOptions{}, []int{320, 640, 1280, 2048, 2560}},
		{"small original is not upscaled", 500, 300, DerivativeOptions{}, []int{320, 500}},
		{"portrait with a viewer bound", 1200, 1800, DerivativeOptions{ViewerMaxSize: 1000}, []int{320, 640, 666}},
		{"landscape with a viewer bound", 2400, 1600, DerivativeOptions{ViewerMaxSize: 1600}, []int{320, 640, 1280, 1600}},
	}
	forEachBackend(t, func(t *testing.T, p processor) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				ctx := context.Background()
				s := newStore(t, p)
				orig := encodeJPEG(t, textured(tt.w, tt.h), 90)
				o, err := s.PutOriginal(ctx, "pho_1", bytes.NewReader(orig), DefaultLimits)
				if err != nil {
					t.Fatal(err)
				}
				if o.Width != tt.w || o.Height != tt.h || o.ContentType != "image/jpeg" || o.Size != int64(len(orig)) {
					t.Errorf("original = %+v", o)
				}
				d, err := s.MakeDerivatives(ctx, "pho_1", o.Hash, tt.opts)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(d.Widths, tt.widths) {
					t.Fatalf("widths = %v, want %v", d.Widths, tt.widths)
				}
				if d.Viewer != tt.widths[len(tt.widths)-1] || d.Thumbnail != Pick(tt.widths, ThumbnailWidth) || d.Watermarked {
					t.Errorf("derived = %+v", d)
				}
				want := []string{OriginalKey("pho_1", o.Hash)}
				for _, w := range tt.widths {
					// An original exactly the viewer's width is served stripped
					// (TestViewerFromOriginal) rather than copied.
					if w != tt.w {
						want = append(want, DerivativeKey("pho_1", o.Hash, w))
					}
					_, img := readDerivative(t, s, "pho_1", o.Hash, w)
					gotW, gotH := img.Bounds().Dx(), img.Bounds().Dy()
					wantH := heightFor(tt.w, tt.h, w)
					if gotW != w || math.Abs(float64(gotH-wantH)) > 1 {
						t.Errorf("derivative %d is %dx%d, want %dx%d", w, gotW, gotH, w, wantH)
					}
					// libvips makes a WebP twin of each, the viewer image's
					// included; pure Go none.
					if strings.HasPrefix(p.name(), "libvips") {
						want = append(want, WebPKey("pho_1", o.Hash, w))
						f, err := s.OpenWebP(ctx, "pho_1", o.Hash, w)
						if err != nil {
							t.Fatalf("webp %d: %v", w, err)
						}
						cfg, err := webp.DecodeConfig(f)
						f.Close()
						if err != nil || cfg.Width != w || math.Abs(float64(cfg.Height-wantH)) > 1 {
							t.Errorf("webp %d is %dx%d (%v), want %dx%d", w, cfg.Width, cfg.Height, err, w, wantH)
						}
					} else if _, err := s.OpenWebP(ctx, "pho_1", o.Hash, w); !errors.Is(err, ErrMissing) {
						t.Errorf("pure Go made a WebP of %d (%v)", w, err)
					}
				}
				if vips := strings.HasPrefix(p.name(), "libvips"); d.WebP != vips {
					t.Errorf("derived.WebP = %v on %s", d.WebP, p.name())
				}
				slices.Sort(want)
				if got := keys(t, s.Bucket); !slices.Equal(got, want) {
					t.Errorf("bucket = %v, want %v", got, want)
				}
				stored, err := s.Bucket.ReadAll(ctx, OriginalKey("pho_1", o.Hash))
				if err != nil || !bytes.Equal(stored, orig) {
					t.Errorf("original changed in the bucket (err %v)", err)
				}
				if !strings.HasPrefix(d.DominantColor, "#") || len(d.DominantColor) != 7 {
					t.Errorf("dominant colour = %q", d.DominantColor)
				}
			})
		}
	})
}

func TestWatermark(t *testing.T) {
	forEachBackend(t, func(t *testing.T, p processor) {
		ctx := context.Background()
		s := newStore(t, p)
		o, err := s.PutOriginal(ctx, "pho_w", bytes.NewReader(encodeJPEG(t, textured(1600, 1000), 90)), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := s.MakeDerivatives(ctx, "pho_w", o.Hash, DerivativeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Watermarked || slices.Contains(keys(t, s.Bucket), WatermarkKey("pho_w", o.Hash)) {
			t.Fatal("watermark made without being asked")
		}
		if _, err := s.OpenWatermark(ctx, "pho_w", o.Hash); !errors.Is(err, ErrMissing) {
			t.Errorf("OpenWatermark before = %v, want ErrMissing", err)
		}

		marked, err := s.MakeDerivatives(ctx, "pho_w", o.Hash, DerivativeOptions{Watermark: true, WatermarkText: "Studio Lumière"})
		if err != nil {
			t.Fatal(err)
		}
		if !marked.Watermarked || !slices.Equal(marked.Widths, plain.Widths) {
			t.Fatalf("derived = %+v", marked)
		}
		_, wm := decodeDerivative(t, s.Bucket, WatermarkKey("pho_w", o.Hash))
		_, viewer := readDerivative(t, s, "pho_w", o.Hash, marked.Viewer)
		if wm.Bounds() != viewer.Bounds() {
			t.Fatalf("watermarked %v, viewer %v", wm.Bounds(), viewer.Bounds())
		}
		// Visible: many pixels changed clearly. Tasteful: the picture is
		// still there (most pixels close to the plain file).
		var changed, total int
		b := wm.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y += 2 {
			for x := b.Min.X; x < b.Max.X; x += 2 {
				total++
				if !near(wm.At(x, y), rgbOf(viewer.At(x, y)), 24) {
					changed++
				}
			}
		}
		share := float64(changed) / float64(total)
		t.Logf("watermark changes %.1f%% of pixels", 100*share)
		if share < 0.03 || share > 0.40 {
			t.Errorf("watermark changes %.1f%% of the pixels, want between 3%% and 40%%", 100*share)
		}
		if r, err := s.OpenWatermark(ctx, "pho_w", o.Hash); err != nil {
			t.Errorf("OpenWatermark: %v", err)
		} else {
			r.Close()
		}
		if os.Getenv("MEDIA_WRITE_SAMPLES") != "" {
			data, _ := s.Bucket.ReadAll(ctx, WatermarkKey("pho_w", o.Hash))
			os.WriteFile(os.TempDir()+"/watermark-"+strings.ReplaceAll(p.name(), " ", "-")+".jpg", data, 0o644)
		}
	})
}

// orientedDisplay maps a displayed pixel to the stored one for an EXIF
// orientation, for a displayed picture of dw x dh.
func orientedDisplay(o, x, y, dw, dh int) (int, int) {
	switch o {
	case 2:
		return dw - 1 - x, y
	case 3:
		return dw - 1 - x, dh - 1 - y
	case 4:
		return x, dh - 1 - y
	case 5:
		return y, x
	case 6:
		return y, dw - 1 - x
	case 7:
		return dh - 1 - y, dw - 1 - x
	case 8:
		return dh - 1 - y, x
	}
	return x, y
}

func TestOrientation(t *testing.T) {
	const sw, sh = 96, 64
	stored := quadrants(sw, sh)
	forEachBackend(t, func(t *testing.T, p processor) {
		for o := 1; o <= 8; o++ {
			for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
				t.Run(fmt.Sprintf("%d/%v", o, bo), func(t *testing.T) {
					ctx := context.Background()
					s := newStore(t, p)
					data := withSegments(encodeJPEG(t, stored, 95), exifAPP1(bo, o, false))
					orig, err := s.PutOriginal(ctx, "pho_o", bytes.NewReader(data), DefaultLimits)
					if err != nil {
						t.Fatal(err)
					}
					dw, dh := sw, sh
					if o >= 5 {
						dw, dh = sh, sw
					}
					if orig.Width != dw || orig.Height != dh {
						t.Fatalf("original %dx%d, want %dx%d as displayed", orig.Width, orig.Height, dw, dh)
					}
					d, err := s.MakeDerivatives(ctx, "pho_o", orig.Hash, DerivativeOptions{})
					if err != nil {
						t.Fatal(err)
					}
					_, img := readDerivative(t, s, "pho_o", orig.Hash, d.Viewer)
					if img.Bounds().Dx() != dw || img.Bounds().Dy() != dh {
						t.Fatalf("derivative %v, want %dx%d", img.Bounds(), dw, dh)
					}
					for _, q := range [][2]int{{dw / 4, dh / 4}, {3 * dw / 4, dh / 4}, {dw / 4, 3 * dh / 4}, {3 * dw / 4, 3 * dh / 4}} {
						x, y := orientedDisplay(o, q[0], q[1], dw, dh)
						want := stored.RGBAAt(x, y)
						if got := img.At(q[0], q[1]); !near(got, want, 40) {
							t.Errorf("displayed (%d,%d) = %v, want %v", q[0], q[1], rgbOf(got), want)
						}
					}
				})
			}
		}
	})
}

// TestDisplayedSizeOfCameraFile is the case from the issue: a 6000x4000
// JPEG with orientation 6 is a 4000x6000 photo.
func TestDisplayedSizeOfCameraFile(t *testing.T) {
	if testing.Short() {
		t.Skip("24 megapixels")
	}
	data := withSegments(encodeJPEG(t, solid(6000, 4000, color.RGBA{120, 140, 160, 255}), 75), exifAPP1(binary.BigEndian, 6, true))
	forEachBackend(t, func(t *testing.T, p processor) {
		o, err := newStore(t, p).PutOriginal(context.Background(), "pho_c", bytes.NewReader(data), DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if o.Width != 4000 || o.Height != 6000 {
			t.Errorf("size = %dx%d, want 4000x6000", o.Width, o.Height)
		}
	})
}

// TestMetadataStripped: the original keeps its EXIF (with GPS), XMP and
// profile; no derivative carries any of them.
func TestMetadataStripped(t *testing.T) {
	srgb := iccProfile(srgbD50, 0, true)
	data := withSegments(encodeJPEG(t, textured(800, 600), 90),
		exifAPP1(binary.LittleEndian, 1, true), xmpAPP1(), iccAPP2(srgb),
		segment(0xED, []byte("Photoshop 3.0\x008BIM")), segment(0xFE, []byte("Canon EOS R5 serial 0123456789")))
	forEachBackend(t, func(t *testing.T, p processor) {
		ctx := context.Background()
		s := newStore(t, p)
		o, err := s.PutOriginal(ctx, "pho_g", bytes.NewReader(data), DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.MakeDerivatives(ctx, "pho_g", o.Hash, DerivativeOptions{Watermark: true})
		if err != nil {
			t.Fatal(err)
		}
		stored, _ := s.Bucket.ReadAll(ctx, OriginalKey("pho_g", o.Hash))
		if !bytes.Equal(stored, data) {
			t.Fatal("original not kept byte for byte")
		}
		wm, _ := decodeDerivative(t, s.Bucket, WatermarkKey("pho_g", o.Hash))
		files := map[string][]byte{"watermark": wm}
		for _, w := range d.Widths {
			files[strconv.Itoa(w)], _ = readDerivative(t, s, "pho_g", o.Hash, w)
		}
		// The 800 viewer is the original itself, stripped: nothing stored.
		if ok, _ := s.Bucket.Exists(ctx, DerivativeKey("pho_g", o.Hash, 800)); ok {
			t.Error("a same-size copy of the original was stored")
		}
		for k, raw := range files {
			for _, m := range segmentMarkers(raw) {
				// APP0 (JFIF) is allowed: it holds no information about the photo.
				if m >= 0xE1 && m <= 0xEF || m == 0xFE {
					t.Errorf("%s has a segment FF%02X", k, m)
				}
			}
			for _, needle := range []string{"Exif\x00\x00", "GPS", "xmpmeta", "ICC_PROFILE", "8BIM", "serial"} {
				if bytes.Contains(raw, []byte(needle)) {
					t.Errorf("%s contains %q", k, needle)
				}
			}
		}
	})
}

// TestColour covers colour management: a profile is applied (a picture
// stored red under a profile whose red is blue comes out blue), an sRGB
// profile changes nothing, greyscale and CMYK JPEGs come out right.
func TestColour(t *testing.T) {
	cmyk, err := os.ReadFile("testdata/cmyk.jpg") // 32x32, (200,30,40) as CMYK, no profile
	if err != nil {
		t.Fatal(err)
	}
	grey := image.NewGray(image.Rect(0, 0, 64, 64))
	for i := range grey.Pix {
		grey.Pix[i] = 150
	}
	stored := color.RGBA{200, 40, 40, 255}
	tests := []struct {
		name string
		data []byte
		want color.RGBA
		tol  int
	}{
		{"no profile", encodeJPEG(t, solid(64, 64, stored), 95), stored, 6},
		{"sRGB profile", withSegments(encodeJPEG(t, solid(64, 64, stored), 95), iccAPP2(iccProfile(srgbD50, 0, true))), stored, 6},
		{"profile applied", withSegments(encodeJPEG(t, solid(64, 64, stored), 95), iccAPP2(iccProfile(swappedPrimaries, 2.2, false))),
			color.RGBA{35, 35, 201, 255}, 20},
		{"greyscale", encodeJPEG(t, grey, 95), color.RGBA{150, 150, 150, 255}, 6},
		// The naive and the ICC conversions differ; both must look red.
		{"CMYK", cmyk, color.RGBA{210, 40, 50, 255}, 45},
	}
	forEachBackend(t, func(t *testing.T, p processor) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				ctx := context.Background()
				s := newStore(t, p)
				o, err := s.PutOriginal(ctx, "pho_c", bytes.NewReader(tt.data), DefaultLimits)
				if err != nil {
					t.Fatal(err)
				}
				d, err := s.MakeDerivatives(ctx, "pho_c", o.Hash, DerivativeOptions{})
				if err != nil {
					t.Fatal(err)
				}
				_, img := readDerivative(t, s, "pho_c", o.Hash, d.Viewer)
				c := img.At(img.Bounds().Dx()/2, img.Bounds().Dy()/2)
				if !near(c, tt.want, tt.tol) {
					t.Errorf("centre = %v, want %v ± %d", rgbOf(c), tt.want, tt.tol)
				}
				want := fmt.Sprintf("#%02x%02x%02x", rgbOf(c).R, rgbOf(c).G, rgbOf(c).B)
				if !nearHex(d.DominantColor, want, 6) {
					t.Errorf("dominant colour %s, picture %s", d.DominantColor, want)
				}
			})
		}
	})
}

func nearHex(a, b string, tol int) bool {
	var ar, ag, ab, br, bg, bb int
	fmt.Sscanf(a, "#%02x%02x%02x", &ar, &ag, &ab)
	fmt.Sscanf(b, "#%02x%02x%02x", &br, &bg, &bb)
	abs := func(x int) int { return max(x, -x) }
	return abs(ar-br) <= tol && abs(ag-bg) <= tol && abs(ab-bb) <= tol
}

func TestPNG(t *testing.T) {
	// Half transparent: flattened onto white.
	img := image.NewNRGBA(image.Rect(0, 0, 400, 300))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 0, 0, 255, 128
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	forEachBackend(t, func(t *testing.T, p processor) {
		ctx := context.Background()
		s := newStore(t, p)
		o, err := s.PutOriginal(ctx, "pho_p", bytes.NewReader(buf.Bytes()), DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if o.ContentType != "image/png" || o.Width != 400 || o.Height != 300 {
			t.Errorf("original = %+v", o)
		}
		d, err := s.MakeDerivatives(ctx, "pho_p", o.Hash, DerivativeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(d.Widths, []int{320, 400}) {
			t.Errorf("widths = %v", d.Widths)
		}
		_, out := readDerivative(t, s, "pho_p", o.Hash, 400)
		if c := out.At(200, 150); !near(c, color.RGBA{127, 127, 255, 255}, 8) {
			t.Errorf("centre = %v, want blue on white", rgbOf(c))
		}
	})
}

// TestRefused: every refusal gives its typed error and leaves the bucket
// empty.
func TestRefused(t *testing.T) {
	good := encodeJPEG(t, textured(400, 300), 90)
	var pngBuf bytes.Buffer
	png.Encode(&pngBuf, textured(200, 100))
	thumb := encodeJPEG(t, textured(160, 120), 80)
	withThumbnail := withSegments(good, segment(0xE1, append([]byte("Exif\x00\x00"), thumb...)))
	tests := []struct {
		name string
		data []byte
		lim  Limits
		want error
	}{
		{"empty", nil, DefaultLimits, ErrNotImage},
		{"text", []byte("Bonjour, ceci n'est pas une photo.\n"), DefaultLimits, ErrNotImage},
		{"PDF", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"), DefaultLimits, ErrNotImage},
		{"JPEG header then garbage", append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16}, bytes.Repeat([]byte("x"), 500)...), DefaultLimits, ErrNotImage},
		{"truncated JPEG", good[:len(good)*2/3], DefaultLimits, ErrNotImage},
		// The thumbnail's start of scan and end of image must not make the
		// cut main image look complete.
		{"truncated JPEG with an EXIF thumbnail", withThumbnail[:len(withThumbnail)*2/3], DefaultLimits, ErrNotImage},
		{"JPEG cut in its header", good[:300], DefaultLimits, ErrNotImage},
		{"truncated PNG", pngBuf.Bytes()[:pngBuf.Len()/2], DefaultLimits, ErrNotImage},
		{"PNG bomb 50000x50000", pngHeaderOnly(50000, 50000), DefaultLimits, ErrTooLarge},
		{"JPEG bomb 60000x60000", jpegClaiming(t, 60000, 60000), DefaultLimits, ErrTooLarge},
		{"over the pixel limit", good, Limits{MaxPixels: 400*300 - 1}, ErrTooLarge},
		{"over the byte limit", good, Limits{MaxBytes: int64(len(good) - 1)}, ErrFileTooLarge},
	}
	forEachBackend(t, func(t *testing.T, p processor) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s := newStore(t, p)
				_, err := s.PutOriginal(context.Background(), "pho_x", bytes.NewReader(tt.data), tt.lim)
				if !errors.Is(err, tt.want) {
					t.Fatalf("err = %v, want %v", err, tt.want)
				}
				if k := keys(t, s.Bucket); len(k) != 0 {
					t.Errorf("bucket holds %v after a refusal", k)
				}
			})
		}
	})
}

// TestModernFormats: libvips reads WebP, HEIC and AVIF (fixtures of 32x32
// pixels of (200,30,40) made with the vips command); pure Go refuses them
// cleanly and stores nothing.
func TestModernFormats(t *testing.T) {
	tests := []struct{ file, contentType string }{
		{"testdata/red.webp", "image/webp"},
		{"testdata/red.heic", "image/heic"},
		{"testdata/red.avif", "image/avif"},
	}
	forEachBackend(t, func(t *testing.T, p processor) {
		for _, tt := range tests {
			t.Run(tt.contentType, func(t *testing.T) {
				data, err := os.ReadFile(tt.file)
				if err != nil {
					t.Fatal(err)
				}
				ctx := context.Background()
				s := newStore(t, p)
				o, err := s.PutOriginal(ctx, "pho_m", bytes.NewReader(data), DefaultLimits)
				if _, pure := p.(pureGo); pure {
					if !errors.Is(err, ErrNotImage) || len(keys(t, s.Bucket)) != 0 {
						t.Fatalf("pure Go: err = %v, bucket %v; want ErrNotImage and nothing stored", err, keys(t, s.Bucket))
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if o.ContentType != tt.contentType || o.Width != 32 || o.Height != 32 {
					t.Errorf("original = %+v", o)
				}
				d, err := s.MakeDerivatives(ctx, "pho_m", o.Hash, DerivativeOptions{})
				if err != nil {
					t.Fatal(err)
				}
				_, img := readDerivative(t, s, "pho_m", o.Hash, 32)
				if !slices.Equal(d.Widths, []int{32}) || !near(img.At(16, 16), color.RGBA{200, 30, 40, 255}, 20) {
					t.Errorf("widths %v, centre %v", d.Widths, rgbOf(img.At(16, 16)))
				}
			})
		}
	})
}

func TestMakeDerivativesMissing(t *testing.T) {
	s := newStore(t, pureGo{})
	if _, err := s.MakeDerivatives(context.Background(), "pho_none", "abc", DerivativeOptions{}); !errors.Is(err, ErrMissing) {
		t.Errorf("err = %v, want ErrMissing", err)
	}
}

// TestIngest is the demo seeder's path, with the build's default back end.
func TestIngest(t *testing.T) {
	s := newStore(t, nil)
	info, err := s.Ingest(context.Background(), "pho_i", encodeJPEG(t, solid(1200, 800, color.RGBA{51, 102, 204, 255}), 90))
	if err != nil {
		t.Fatal(err)
	}
	if info.Width != 1200 || info.Height != 800 || !slices.Equal(info.Widths, []int{320, 640, 1200}) {
		t.Errorf("info = %+v", info)
	}
	if !nearHex(info.DominantColor, "#3366cc", 4) {
		t.Errorf("dominant colour = %s, want about #3366cc", info.DominantColor)
	}
	t.Logf("back end: %s", Backend())
}

func TestParseICC(t *testing.T) {
	inv, ok := invert3(srgbD50)
	if !ok {
		t.Fatal("not invertible")
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			var s float64
			for k := 0; k < 3; k++ {
				s += inv[i][k] * srgbD50[k][j]
			}
			if want := map[bool]float64{true: 1, false: 0}[i == j]; math.Abs(s-want) > 1e-9 {
				t.Errorf("inverse x matrix [%d][%d] = %g", i, j, s)
			}
		}
	}
	tests := []struct {
		name      string
		profile   []byte
		wantNil   bool
		wantError bool
	}{
		{"sRGB is nothing to do", iccProfile(srgbD50, 0, true), true, false},
		{"gamma 2.2 sRGB primaries is a transform", iccProfile(srgbD50, 2.2, false), false, false},
		{"swapped primaries", iccProfile(swappedPrimaries, 2.2, false), false, false},
		{"garbage", []byte("not a profile at all, not even close to 132 bytes long......................................................................."), true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := parseICC(tt.profile)
			if (err != nil) != tt.wantError || (tr == nil) != tt.wantNil {
				t.Errorf("parseICC = %v, %v", tr, err)
			}
		})
	}
}

// TestViewerFromOriginal: an original already the viewer's width is not
// copied when it can be shown as it is; it is then served without any of
// its metadata (EXIF GPS, XMP, comments, what follows the image), with the
// original's pixels. Otherwise a derivative is made as before.
func TestViewerFromOriginal(t *testing.T) {
	plain := encodeJPEG(t, textured(1200, 800), 90)
	noisy := func() []byte {
		img := textured(1200, 800)
		seed := uint32(7)
		for i := range img.Pix {
			seed ^= seed << 13
			seed ^= seed >> 17
			seed ^= seed << 5
			if i%4 != 3 {
				img.Pix[i] = uint8(seed)
			}
		}
		return encodeJPEG(t, img, 100)
	}()
	adobe := iccProfile([3][3]float64{{0.6097, 0.2053, 0.1492}, {0.3111, 0.6257, 0.0632}, {0.0195, 0.0609, 0.7446}}, 2.2, false)
	withMeta := append(withSegments(plain, exifAPP1(binary.BigEndian, 1, true), xmpAPP1(),
		iccAPP2(iccProfile(srgbD50, 0, true)), segment(0xFE, []byte("serial 0123456789"))),
		// An MPF preview after the image, as cameras append them.
		append([]byte{0xFF, 0xD8}, append(exifAPP1(binary.LittleEndian, 1, true), 0xFF, 0xD9)...)...)
	for _, tc := range []struct {
		name   string
		data   []byte
		opts   DerivativeOptions
		stored bool
	}{
		{"plain JPEG at the viewer's width", plain, DerivativeOptions{}, false},
		{"camera metadata and a trailer", withMeta, DerivativeOptions{}, false},
		{"turned by EXIF", withSegments(plain, exifAPP1(binary.BigEndian, 6, false)), DerivativeOptions{}, true},
		{"Adobe RGB profile", withSegments(plain, iccAPP2(adobe)), DerivativeOptions{}, true},
		{"over 4 bits a pixel", noisy, DerivativeOptions{}, true},
		{"viewer bound below the width", plain, DerivativeOptions{ViewerMaxSize: 1000}, true},
	} {
		forEachBackend(t, func(t *testing.T, p processor) {
			t.Run(tc.name, func(t *testing.T) {
				ctx := context.Background()
				s := newStore(t, p)
				o, err := s.PutOriginal(ctx, "pho_v", bytes.NewReader(tc.data), DefaultLimits)
				if err != nil {
					t.Fatal(err)
				}
				d, err := s.MakeDerivatives(ctx, "pho_v", o.Hash, tc.opts)
				if err != nil {
					t.Fatal(err)
				}
				stored, _ := s.Bucket.Exists(ctx, DerivativeKey("pho_v", o.Hash, d.Viewer))
				if stored != tc.stored {
					t.Fatalf("viewer %d stored: %v, want %v", d.Viewer, stored, tc.stored)
				}
				raw, img := readDerivative(t, s, "pho_v", o.Hash, d.Viewer)
				if img.Bounds().Dx() != d.Viewer {
					t.Fatalf("viewer is %v wide, want %d", img.Bounds(), d.Viewer)
				}
				if int64(len(raw)) > o.Size {
					t.Errorf("viewer %d bytes, original %d", len(raw), o.Size)
				}
				for _, needle := range []string{"Exif", "GPS", "xmpmeta", "ICC_PROFILE", "serial"} {
					if bytes.Contains(raw, []byte(needle)) {
						t.Errorf("viewer contains %q", needle)
					}
				}
				if tc.stored {
					return
				}
				if bytes.Count(raw, []byte{0xFF, 0xD8}) != 1 || !bytes.HasSuffix(raw, []byte{0xFF, 0xD9}) {
					t.Error("viewer keeps what follows the image")
				}
				want, _ := jpeg.Decode(bytes.NewReader(tc.data))
				if !sameYCbCr(want, img) {
					t.Error("viewer pixels differ from the original's")
				}
			})
		})
	}
}

// sameYCbCr compares two decoded JPEGs sample for sample.
func sameYCbCr(a, b image.Image) bool {
	x, ok1 := a.(*image.YCbCr)
	y, ok2 := b.(*image.YCbCr)
	return ok1 && ok2 && x.Rect == y.Rect && bytes.Equal(x.Y, y.Y) && bytes.Equal(x.Cb, y.Cb) && bytes.Equal(x.Cr, y.Cr)
}

// TestWatermarkOnRequest: Watermark makes the marked file from the viewer
// image when it is first asked for (stored derivative or stripped
// original), stores it, and never answers with the unmarked image.
func TestWatermarkOnRequest(t *testing.T) {
	forEachBackend(t, func(t *testing.T, p processor) {
		for _, size := range [][2]int{{1200, 800}, {2400, 1600}} {
			t.Run(fmt.Sprint(size[0]), func(t *testing.T) {
				ctx := context.Background()
				s := newStore(t, p)
				o, err := s.PutOriginal(ctx, "pho_l", bytes.NewReader(encodeJPEG(t, textured(size[0], size[1]), 90)), DefaultLimits)
				if err != nil {
					t.Fatal(err)
				}
				// Without the 2048 viewer image there is nothing to mark (the
				// 1200 one is the original itself).
				if _, err := s.Watermark(ctx, "pho_l", o.Hash, 2048, "Studio"); size[0] > 2048 && !errors.Is(err, ErrMissing) {
					t.Fatalf("before the derivatives: %v, want ErrMissing", err)
				}
				d, err := s.MakeDerivatives(ctx, "pho_l", o.Hash, DerivativeOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if ok, _ := s.Bucket.Exists(ctx, WatermarkKey("pho_l", o.Hash)); ok || d.Watermarked {
					t.Fatal("watermark made with the derivatives")
				}
				f, err := s.Watermark(ctx, "pho_l", o.Hash, d.Viewer, "Studio")
				if err != nil {
					t.Fatal(err)
				}
				marked, _ := io.ReadAll(f)
				f.Close()
				wm, err := jpeg.Decode(bytes.NewReader(marked))
				if err != nil {
					t.Fatal(err)
				}
				_, viewer := readDerivative(t, s, "pho_l", o.Hash, d.Viewer)
				if wm.Bounds() != viewer.Bounds() {
					t.Fatalf("watermarked %v, viewer %v", wm.Bounds(), viewer.Bounds())
				}
				changed := 0
				for y := 0; y < viewer.Bounds().Dy(); y += 4 {
					for x := 0; x < viewer.Bounds().Dx(); x += 4 {
						if !near(wm.At(x, y), rgbOf(viewer.At(x, y)), 12) {
							changed++
						}
					}
				}
				if share := float64(changed) / float64(viewer.Bounds().Dx()*viewer.Bounds().Dy()/16); share < 0.03 {
					t.Errorf("watermark changes %.1f%% of the pixels", 100*share)
				}
				stored, err := s.Bucket.ReadAll(ctx, WatermarkKey("pho_l", o.Hash))
				if err != nil || !bytes.Equal(stored, marked) {
					t.Fatalf("watermark not stored (%v)", err)
				}
			})
		}
	})
}
