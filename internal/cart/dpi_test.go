package cart_test

import (
	"testing"

	"github.com/studio/gallery/internal/cart"
)

func TestPrintDPI(t *testing.T) {
	for _, tc := range []struct {
		w, h        int
		short, long float64
		want        int
	}{
		{1200, 800, 30, 45, 67},   // 1200 px over 17.7 in
		{1200, 800, 13, 18, 156},  // the short side fills first: 800 px over 5.1 in
		{800, 1200, 13, 18, 156},  // the format turns with the photo
		{1182, 788, 20, 30, 100},  // 30 cm make 11.81 in: 1181.1 px are 100 dpi
		{1181, 787, 20, 30, 99},   // one pixel short
		{6000, 4000, 20, 30, 508}, // a camera's original
		{0, 0, 20, 30, 0},         // size unknown
		{1200, 800, 0, 0, 0},      // a digital format
	} {
		if got := cart.PrintDPI(tc.w, tc.h, tc.short, tc.long); got != tc.want {
			t.Errorf("PrintDPI(%dx%d on %gx%g) = %d, want %d", tc.w, tc.h, tc.short, tc.long, got, tc.want)
		}
	}
	if cart.MinPrintDPI != 100 || cart.LowPrintDPI != 150 {
		t.Fatalf("thresholds %d/%d", cart.MinPrintDPI, cart.LowPrintDPI)
	}
}
