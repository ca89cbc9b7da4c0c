package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math"
	"sort"
	"testing"

	"gocloud.dev/blob"
	"gocloud.dev/blob/memblob"

	"github.com/studio/gallery/internal/testblob"
)

// testBackends are the back ends every behaviour test runs on: pure Go
// always, libvips too in builds with the vips tag (vips_test.go).
var testBackends = []processor{pureGo{}}

// forEachBackend runs f as a subtest per back end.
func forEachBackend(t *testing.T, f func(t *testing.T, p processor)) {
	t.Helper()
	for _, p := range testBackends {
		t.Run(p.name(), func(t *testing.T) { f(t, p) })
	}
}

// newStore is an empty store on the tests' blob store (testblob: a folder,
// or S3 with TEST_BLOB=s3); benchmarks and fuzzing keep an in-memory
// bucket, which measures the image work alone.
func newStore(t testing.TB, p processor) *Store {
	t.Helper()
	if _, ok := t.(*testing.T); ok {
		u := testblob.URL(t)
		s, err := Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		s.proc = p
		return s
	}
	b := memblob.OpenBucket(nil)
	t.Cleanup(func() { b.Close() })
	return &Store{Bucket: b, proc: p}
}

// keys lists everything in the bucket.
func keys(t testing.TB, b *blob.Bucket) []string {
	t.Helper()
	var out []string
	it := b.List(nil)
	for {
		o, err := it.Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, o.Key)
	}
	sort.Strings(out)
	return out
}

// encodeJPEG encodes img with the standard library (which writes no
// metadata: tests add their own segments with withSegments).
func encodeJPEG(t testing.TB, img image.Image, quality int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// solid is an image of one colour.
func solid(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 255
	}
	return img
}

// Quadrant colours of the orientation test picture, as stored.
var (
	qTL = color.RGBA{220, 30, 30, 255}   // red
	qTR = color.RGBA{30, 200, 40, 255}   // green
	qBL = color.RGBA{30, 40, 220, 255}   // blue
	qBR = color.RGBA{240, 240, 240, 255} // white
)

func quadrants(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := qTL
			switch {
			case x >= w/2 && y < h/2:
				c = qTR
			case x < w/2 && y >= h/2:
				c = qBL
			case x >= w/2 && y >= h/2:
				c = qBR
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// textured is a busy picture (gradients and fine stripes), so that JPEG
// files have realistic entropy and resizing has something to do.
func textured(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			s := math.Sin(float64(x)*0.9+float64(y)*0.3) * 30
			img.SetRGBA(x, y, color.RGBA{
				uint8(clamp(60 + 150*fx + s)),
				uint8(clamp(90 + 100*fy - s)),
				uint8(clamp(140 + 60*math.Sin(6*fx*fy) + s/2)),
				255,
			})
		}
	}
	return img
}

func clamp(v float64) float64 { return math.Max(0, math.Min(255, v)) }

// withSegments inserts marker segments (each a full FFxx length body)
// right after the SOI marker.
func withSegments(jpg []byte, segs ...[]byte) []byte {
	out := append([]byte(nil), jpg[:2]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[2:]...)
}

func segment(marker byte, body []byte) []byte {
	s := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(s[2:], uint16(len(body)+2))
	return append(s, body...)
}

// exifAPP1 builds an EXIF segment by hand: IFD0 with Orientation and, when
// gps is set, a GPS IFD (latitude and longitude of Brussels).
func exifAPP1(bo binary.ByteOrder, orientation int, gps bool) []byte {
	var t bytes.Buffer
	if bo == binary.LittleEndian {
		t.WriteString("II")
	} else {
		t.WriteString("MM")
	}
	u16 := func(v int) { binary.Write(&t, bo, uint16(v)) }
	u32 := func(v int) { binary.Write(&t, bo, uint32(v)) }
	u16(42)
	u32(8)
	n := 1
	if gps {
		n = 2
	}
	u16(n) // IFD0 at 8
	u16(0x0112)
	u16(3)
	u32(1)
	u16(orientation)
	u16(0)
	gpsIFD := 8 + 2 + 12*n + 4
	if gps {
		u16(0x8825) // GPSInfo
		u16(4)
		u32(1)
		u32(gpsIFD)
	}
	u32(0) // no IFD1
	if gps {
		// Two entries: GPSLatitudeRef "N", GPSLatitude 50/1 50/1 0/1.
		data := gpsIFD + 2 + 2*12 + 4
		u16(2)
		u16(0x0001)
		u16(2)
		u32(2)
		t.WriteString("N\x00\x00\x00")
		u16(0x0002)
		u16(5)
		u32(3)
		u32(data)
		u32(0)
		for _, v := range []int{50, 1, 50, 1, 0, 1} {
			u32(v)
		}
	}
	return segment(0xE1, append([]byte("Exif\x00\x00"), t.Bytes()...))
}

// xmpAPP1 is an XMP packet with a location, as Lightroom writes them.
func xmpAPP1() []byte {
	return segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta><rdf:Description exif:GPSLatitude=\"50,50.0N\"/></x:xmpmeta>"))
}

// iccProfile builds a version 2 matrix/TRC RGB display profile with the
// given D50 colorants (columns: red, green, blue) and tone curve: either a
// plain gamma (curv) or, with para set, the sRGB parametric curve.
func iccProfile(cols [3][3]float64, gamma float64, para bool) []byte {
	type tag struct {
		sig  string
		data []byte
	}
	xyz := func(x, y, z float64) []byte {
		b := []byte("XYZ \x00\x00\x00\x00")
		for _, v := range []float64{x, y, z} {
			b = binary.BigEndian.AppendUint32(b, uint32(int32(math.Round(v*65536))))
		}
		return b
	}
	var trc []byte
	if para {
		trc = []byte("para\x00\x00\x00\x00\x00\x03\x00\x00")
		for _, v := range []float64{2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045} {
			trc = binary.BigEndian.AppendUint32(trc, uint32(int32(math.Round(v*65536))))
		}
	} else {
		trc = []byte("curv\x00\x00\x00\x00\x00\x00\x00\x01")
		trc = binary.BigEndian.AppendUint16(trc, uint16(math.Round(gamma*256)))
		trc = append(trc, 0, 0)
	}
	desc := []byte("desc\x00\x00\x00\x00")
	name := "Test RGB\x00"
	desc = binary.BigEndian.AppendUint32(desc, uint32(len(name)))
	desc = append(desc, name...)
	desc = append(desc, make([]byte, 4+4+2+1+67)...)
	tags := []tag{
		{"desc", desc},
		{"wtpt", xyz(0.9642, 1, 0.8249)},
		{"rXYZ", xyz(cols[0][0], cols[1][0], cols[2][0])},
		{"gXYZ", xyz(cols[0][1], cols[1][1], cols[2][1])},
		{"bXYZ", xyz(cols[0][2], cols[1][2], cols[2][2])},
		{"rTRC", trc},
		{"gTRC", trc},
		{"bTRC", trc},
		{"cprt", []byte("text\x00\x00\x00\x00none\x00\x00\x00\x00")},
	}
	off := 128 + 4 + 12*len(tags)
	var table, body []byte
	table = binary.BigEndian.AppendUint32(table, uint32(len(tags)))
	for _, tg := range tags {
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
		table = append(table, tg.sig...)
		table = binary.BigEndian.AppendUint32(table, uint32(off+len(body)))
		table = binary.BigEndian.AppendUint32(table, uint32(len(tg.data)))
		body = append(body, tg.data...)
	}
	h := make([]byte, 128)
	total := 128 + len(table) + len(body)
	binary.BigEndian.PutUint32(h[0:], uint32(total))
	copy(h[4:], "lcms")
	binary.BigEndian.PutUint32(h[8:], 0x02100000)
	copy(h[12:], "mntrRGB XYZ ")
	binary.BigEndian.PutUint16(h[24:], 2024)
	binary.BigEndian.PutUint16(h[26:], 1)
	binary.BigEndian.PutUint16(h[28:], 1)
	copy(h[36:], "acsp")
	for i, v := range []float64{0.9642, 1, 0.8249} {
		binary.BigEndian.PutUint32(h[68+4*i:], uint32(int32(math.Round(v*65536))))
	}
	return append(append(h, table...), body...)
}

// iccAPP2 wraps a profile in a single ICC_PROFILE segment.
func iccAPP2(p []byte) []byte {
	return segment(0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), p...))
}

// swappedPrimaries is a colour space whose red primary is sRGB's blue and
// whose blue primary is sRGB's red: a pixel stored red must be shown blue,
// an unmistakable sign that the profile was applied.
var swappedPrimaries = [3][3]float64{
	{srgbD50[0][2], srgbD50[0][1], srgbD50[0][0]},
	{srgbD50[1][2], srgbD50[1][1], srgbD50[1][0]},
	{srgbD50[2][2], srgbD50[2][1], srgbD50[2][0]},
}

// pngHeaderOnly is a PNG whose header claims w x h and whose image data is
// a few bytes: a decompression bomb in miniature.
func pngHeaderOnly(w, h int) []byte {
	chunk := func(typ string, data []byte) []byte {
		out := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		out = append(out, typ...)
		out = append(out, data...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 2, 0, 0, 0)
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, chunk("IHDR", ihdr)...)
	out = append(out, chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	return append(out, chunk("IEND", nil)...)
}

// jpegClaiming patches the frame header of a real JPEG to claim w x h.
func jpegClaiming(t testing.TB, w, h int) []byte {
	t.Helper()
	j := encodeJPEG(t, solid(16, 16, color.RGBA{90, 90, 90, 255}), 80)
	i := bytes.Index(j, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0")
	}
	binary.BigEndian.PutUint16(j[i+5:], uint16(h))
	binary.BigEndian.PutUint16(j[i+7:], uint16(w))
	return j
}

// decodeDerivative reads a derivative back from the bucket.
func decodeDerivative(t testing.TB, b *blob.Bucket, key string) ([]byte, image.Image) {
	t.Helper()
	data, err := b.ReadAll(context.Background(), key)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode %s: %v", key, err)
	}
	return data, img
}

// readDerivative reads a derivative as it is served (OpenDerivative: the
// viewer image may be the original stripped of its metadata).
func readDerivative(t testing.TB, s *Store, photoID, hash string, width int) ([]byte, image.Image) {
	t.Helper()
	f, err := s.OpenDerivative(context.Background(), photoID, hash, width)
	if err != nil {
		t.Fatalf("open %s %d: %v", photoID, width, err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil || int64(len(data)) != f.Size() {
		t.Fatalf("read %s %d: %v (%d bytes, size %d)", photoID, width, err, len(data), f.Size())
	}
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode %s %d: %v", photoID, width, err)
	}
	return data, img
}

// near tells whether two colours are within tol on every channel.
func near(a color.Color, b color.RGBA, tol int) bool {
	r, g, bl, _ := a.RGBA()
	d := func(x uint32, y uint8) bool { return math.Abs(float64(x>>8)-float64(y)) <= float64(tol) }
	return d(r, b.R) && d(g, b.G) && d(bl, b.B)
}

func rgbOf(c color.Color) color.RGBA {
	r, g, b, _ := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
}

// segmentMarkers lists the markers of the segments before the first scan.
func segmentMarkers(data []byte) []byte {
	var out []byte
	for i := 2; i+4 <= len(data) && data[i] == 0xFF; {
		m := data[i+1]
		if m == 0xDA {
			break
		}
		out = append(out, m)
		i += 2 + int(binary.BigEndian.Uint16(data[i+2:]))
	}
	return out
}
