package cart

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/model"
)

// FuzzCheckCrop checks the crop rectangle of a print: a crop is accepted
// only inside the photo and at the format's ratio, anything else is
// invalid_crop, and nothing panics or overflows.
func FuzzCheckCrop(f *testing.F) {
	f.Add(6000, 4000, 10.0, 15.0, 0, 0, 6000, 4000)
	f.Add(6000, 4000, 10.0, 15.0, 0, 0, 5999, 4000)
	f.Add(6000, 4000, 13.0, 18.0, 100, 50, 5000, 3611)
	f.Add(6000, 4000, 10.0, 15.0, math.MaxInt-1, 0, 2, 3) // x + width overflows
	f.Add(6000, 4000, 10.0, 15.0, 0, math.MaxInt-2, 2, 3) // y + height overflows
	f.Add(0, 0, 10.0, 15.0, -1, 0, 10, 15)                // unknown dimensions
	f.Add(4000, 6000, 0.0, 0.0, 0, 0, 1, 1)               // a format without sizes
	f.Add(6000, 4000, math.NaN(), 15.0, 0, 0, 60, 40)     // not a number
	f.Add(6000, 4000, 10.0, math.Inf(1), 0, 0, 60, 40)    // infinite
	f.Add(math.MaxInt, math.MaxInt, 1.0, 1.0, 0, 0, math.MaxInt, math.MaxInt)
	f.Fuzz(func(t *testing.T, pw, ph int, short, long float64, x, y, w, h int) {
		p := &ent.Photo{Width: pw, Height: ph}
		fm := &ent.Format{ShortSize: short, LongSize: long, Kind: format.KindPrint}
		c := &model.Crop{X: x, Y: y, Width: w, Height: h}
		err := checkCrop(p, fm, c)
		if err != nil {
			if !errors.Is(err, ErrCrop) {
				t.Fatalf("error %v, want invalid_crop", err)
			}
			return
		}
		if w < 1 || h < 1 || x < 0 || y < 0 {
			t.Fatalf("accepted %+v", *c)
		}
		inside := func(off, size, whole int) bool {
			end := new(big.Int).Add(big.NewInt(int64(off)), big.NewInt(int64(size)))
			return end.Cmp(big.NewInt(int64(whole))) <= 0
		}
		if (pw > 0 && !inside(x, w, pw)) || (ph > 0 && !inside(y, h, ph)) {
			t.Fatalf("accepted %+v outside a %dx%d photo", *c, pw, ph)
		}
		if rf := ratio(short, long); rf > 0 && math.Abs(ratio(float64(w), float64(h))-rf)/rf > CropTolerance {
			t.Fatalf("accepted %+v at another ratio than %gx%g", *c, short, long)
		}
	})
}

// TestCheckCropAtTheEdge: a crop ending on the photo's last pixel is
// accepted; one pixel beyond, or one whose end overflows, is refused.
func TestCheckCropAtTheEdge(t *testing.T) {
	p := &ent.Photo{Width: 6000, Height: 4000}
	fm := &ent.Format{ShortSize: 10, LongSize: 15, Kind: format.KindPrint}
	if err := checkCrop(p, fm, &model.Crop{X: 0, Y: 0, Width: 6000, Height: 4000}); err != nil {
		t.Fatalf("the whole photo: %v", err)
	}
	for _, c := range []model.Crop{
		{X: 3, Y: 0, Width: 6000, Height: 4000},
		{X: 0, Y: 1, Width: 6000, Height: 4000},
		{X: math.MaxInt - 1, Y: 0, Width: 3, Height: 2},
		{X: 0, Y: math.MaxInt - 1, Width: 3, Height: 2},
	} {
		if err := checkCrop(p, fm, &c); !errors.Is(err, ErrCrop) {
			t.Errorf("%+v: %v, want invalid_crop", c, err)
		}
	}
}
