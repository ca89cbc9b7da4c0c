package media

import (
	"encoding/binary"
	"errors"
	"image"
	"math"
)

// The pure Go back end converts colours with the profiles cameras and
// phones actually embed: matrix/TRC RGB profiles (Adobe RGB, Display P3,
// ProPhoto, sRGB itself). Those are a tone curve per channel and a 3x3
// matrix to the D50 connection space, which is all there is to transform
// exactly. Profiles built from lookup tables (CMYK press profiles, some
// printer and scanner RGB profiles) are not interpreted: the pixels are then
// taken as sRGB, and libvips (build tag vips) is the answer for them.

// errICCUnsupported marks a profile the pure Go path cannot apply.
var errICCUnsupported = errors.New("media: unsupported ICC profile")

// iccTransform maps 8-bit pixels of a matrix/TRC profile to sRGB.
type iccTransform struct {
	lin [3][256]float32 // per channel: encoded value -> linear light
	m   [3][3]float32   // linear source RGB -> linear sRGB
}

// srgbD50 holds the sRGB colorants adapted to D50, as in every sRGB profile
// (columns are red, green, blue).
var srgbD50 = [3][3]float64{
	{0.4360747, 0.3850649, 0.1430804},
	{0.2225045, 0.7168786, 0.0606169},
	{0.0139322, 0.0971045, 0.7141733},
}

// srgbEncode maps linear light, quantised to 12 bits, to 8-bit sRGB.
var srgbEncode = func() (t [4096]uint8) {
	for i := range t {
		v := float64(i) / 4095
		if v <= 0.0031308 {
			v *= 12.92
		} else {
			v = 1.055*math.Pow(v, 1/2.4) - 0.055
		}
		t[i] = uint8(math.Round(v * 255))
	}
	return t
}()

func srgbDecode(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// parseICC reads an RGB matrix/TRC profile. It returns nil, nil when the
// profile is sRGB (nothing to do) and errICCUnsupported when it is not a
// matrix/TRC RGB profile.
func parseICC(p []byte) (*iccTransform, error) {
	if len(p) < 132 || string(p[36:40]) != "acsp" || string(p[16:20]) != "RGB " || string(p[20:24]) != "XYZ " {
		return nil, errICCUnsupported
	}
	tags := map[string][]byte{}
	n := int(binary.BigEndian.Uint32(p[128:]))
	for i := 0; i < n && 132+12*i+12 <= len(p); i++ {
		e := p[132+12*i:]
		off, sz := int(binary.BigEndian.Uint32(e[4:])), int(binary.BigEndian.Uint32(e[8:]))
		if off < 0 || sz < 0 || off+sz > len(p) || off+sz < off {
			return nil, errICCUnsupported
		}
		tags[string(e[:4])] = p[off : off+sz]
	}
	t := &iccTransform{}
	var src [3][3]float64
	for c, name := range []string{"rXYZ", "gXYZ", "bXYZ"} {
		d := tags[name]
		if len(d) < 20 || string(d[:4]) != "XYZ " {
			return nil, errICCUnsupported
		}
		for k := 0; k < 3; k++ {
			src[k][c] = s15f16(d[8+4*k:])
		}
	}
	identity := true
	for c, name := range []string{"rTRC", "gTRC", "bTRC"} {
		curve, err := parseTRC(tags[name])
		if err != nil {
			return nil, err
		}
		for v := 0; v < 256; v++ {
			x := curve(float64(v) / 255)
			t.lin[c][v] = float32(x)
			if math.Abs(x-srgbDecode(float64(v)/255)) > 0.002 {
				identity = false
			}
		}
	}
	inv, ok := invert3(srgbD50)
	if !ok {
		return nil, errICCUnsupported
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			var s float64
			for k := 0; k < 3; k++ {
				s += inv[i][k] * src[k][j]
			}
			t.m[i][j] = float32(s)
			want := 0.0
			if i == j {
				want = 1
			}
			if math.Abs(s-want) > 0.01 {
				identity = false
			}
		}
	}
	if identity {
		return nil, nil
	}
	return t, nil
}

// apply converts an opaque image in place.
func (t *iccTransform) apply(img *image.RGBA) {
	w := img.Rect.Dx()
	for y := 0; y < img.Rect.Dy(); y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for i := 0; i < len(row); i += 4 {
			r, g, b := t.lin[0][row[i]], t.lin[1][row[i+1]], t.lin[2][row[i+2]]
			for c := 0; c < 3; c++ {
				v := t.m[c][0]*r + t.m[c][1]*g + t.m[c][2]*b
				switch {
				case v <= 0:
					row[i+c] = 0
				case v >= 1:
					row[i+c] = 255
				default:
					row[i+c] = srgbEncode[int(v*4095+0.5)]
				}
			}
		}
	}
}

func s15f16(b []byte) float64 { return float64(int32(binary.BigEndian.Uint32(b))) / 65536 }

// parseTRC reads a curveType or parametricCurveType tone curve.
func parseTRC(d []byte) (func(float64) float64, error) {
	if len(d) < 12 {
		return nil, errICCUnsupported
	}
	switch string(d[:4]) {
	case "curv":
		n := int(binary.BigEndian.Uint32(d[8:]))
		if n < 0 || 12+2*n > len(d) {
			return nil, errICCUnsupported
		}
		switch n {
		case 0:
			return func(x float64) float64 { return x }, nil
		case 1:
			g := float64(binary.BigEndian.Uint16(d[12:])) / 256
			return func(x float64) float64 { return math.Pow(x, g) }, nil
		}
		table := make([]float64, n)
		for i := range table {
			table[i] = float64(binary.BigEndian.Uint16(d[12+2*i:])) / 65535
		}
		return func(x float64) float64 {
			f := x * float64(n-1)
			i := min(int(f), n-2)
			return table[i] + (table[i+1]-table[i])*(f-float64(i))
		}, nil
	case "para":
		fn := binary.BigEndian.Uint16(d[8:])
		counts := []int{1, 3, 4, 5, 7}
		if int(fn) >= len(counts) || 12+4*counts[fn] > len(d) {
			return nil, errICCUnsupported
		}
		var a [7]float64
		for i := 0; i < counts[fn]; i++ {
			a[i] = s15f16(d[12+4*i:])
		}
		g := a[0]
		pow := func(x float64) float64 { return math.Pow(max(x, 0), g) }
		switch fn {
		case 0:
			return pow, nil
		case 1:
			return func(x float64) float64 {
				if x >= -a[2]/a[1] {
					return pow(a[1]*x + a[2])
				}
				return 0
			}, nil
		case 2:
			return func(x float64) float64 {
				if x >= -a[2]/a[1] {
					return pow(a[1]*x+a[2]) + a[3]
				}
				return a[3]
			}, nil
		case 3:
			return func(x float64) float64 {
				if x >= a[4] {
					return pow(a[1]*x + a[2])
				}
				return a[3] * x
			}, nil
		default:
			return func(x float64) float64 {
				if x >= a[4] {
					return pow(a[1]*x+a[2]) + a[5]
				}
				return a[3]*x + a[6]
			}, nil
		}
	}
	return nil, errICCUnsupported
}

func invert3(m [3][3]float64) ([3][3]float64, bool) {
	det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	if math.Abs(det) < 1e-12 {
		return m, false
	}
	var r [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			a, b := (j+1)%3, (j+2)%3
			c, d := (i+1)%3, (i+2)%3
			r[i][j] = (m[a][c]*m[b][d] - m[a][d]*m[b][c]) / det
		}
	}
	return r, true
}
