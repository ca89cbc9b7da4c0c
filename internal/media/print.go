package media

import (
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"math"

	"gocloud.dev/gcerrors"
)

// PrintQuality is the JPEG quality of print files: a lab prints them, so
// they keep far more detail than the web derivatives.
const PrintQuality = 95

// PrintSpec describes one print file made from a photo's original.
//
// The paper is Width x Height pixels (the format's size at DPI dots per
// inch, oriented like the picture). Inside a white border of Border pixels
// on each side, the picture either fills the area exactly (the guest's crop,
// trimmed by at most a few pixels to the area's exact ratio) or, without a
// crop, shows the whole photo as large as it fits, centred on white (the
// white margins the guest accepted).
type PrintSpec struct {
	// Crop is the part of the photo to print, in the original's displayed
	// pixels (EXIF orientation applied); the zero rectangle means the
	// whole photo, fitted.
	Crop          image.Rectangle
	Width, Height int
	Border        int
	DPI           int
}

// printPlan is a PrintSpec resolved against the original's size: which
// displayed pixels to take, the size to resize them to, and where that
// goes on the white paper.
type printPlan struct {
	crop         image.Rectangle
	w, h         int // the resized picture
	x, y         int // its place on the paper
	paperW       int
	paperH       int
	jpegQuality  int
	densityInDPI int
}

// ErrPrintSpec is a print file that cannot be made as asked (a crop
// outside the photo, a paper too small for its border).
var ErrPrintSpec = fmt.Errorf("media: invalid print spec")

// planPrint resolves spec for an original shown at dw x dh pixels.
func planPrint(dw, dh int, spec PrintSpec) (printPlan, error) {
	aw, ah := spec.Width-2*spec.Border, spec.Height-2*spec.Border
	if aw < 1 || ah < 1 || spec.Border < 0 {
		return printPlan{}, fmt.Errorf("%w: paper %dx%d with a border of %d", ErrPrintSpec, spec.Width, spec.Height, spec.Border)
	}
	p := printPlan{paperW: spec.Width, paperH: spec.Height, jpegQuality: PrintQuality, densityInDPI: spec.DPI}
	full := image.Rect(0, 0, dw, dh)
	if spec.Crop.Empty() {
		// The whole photo, as large as it fits, centred.
		s := math.Min(float64(aw)/float64(dw), float64(ah)/float64(dh))
		p.crop = full
		p.w = min(aw, max(1, int(math.Round(float64(dw)*s))))
		p.h = min(ah, max(1, int(math.Round(float64(dh)*s))))
		p.x, p.y = spec.Border+(aw-p.w)/2, spec.Border+(ah-p.h)/2
		return p, nil
	}
	c := spec.Crop
	if !c.In(full) {
		return printPlan{}, fmt.Errorf("%w: crop %v outside the photo's %dx%d", ErrPrintSpec, c, dw, dh)
	}
	// Trim the crop, centred, to the area's exact ratio: the crop was
	// accepted within a tolerance, and a print is never stretched.
	cw, ch := float64(c.Dx()), float64(c.Dy())
	target := float64(aw) / float64(ah)
	if cw/ch > target {
		nw := max(1, int(math.Round(ch*target)))
		c.Min.X += (c.Dx() - nw) / 2
		c.Max.X = c.Min.X + nw
	} else {
		nh := max(1, int(math.Round(cw/target)))
		c.Min.Y += (c.Dy() - nh) / 2
		c.Max.Y = c.Min.Y + nh
	}
	p.crop, p.w, p.h, p.x, p.y = c, aw, ah, spec.Border, spec.Border
	return p, nil
}

// RenderPrint makes a print file from a photo's original (see PrintSpec):
// a JPEG in sRGB at full quality, without metadata but its resolution.
func (s *Store) RenderPrint(ctx context.Context, photoID, hash string, spec PrintSpec) ([]byte, error) {
	data, err := s.Bucket.ReadAll(ctx, OriginalKey(photoID, hash))
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, ErrMissing
		}
		return nil, fmt.Errorf("media: read original: %w", err)
	}
	return s.renderPrint(data, spec)
}

func (s *Store) renderPrint(data []byte, spec PrintSpec) ([]byte, error) {
	p := s.processor()
	h, err := p.probe(data)
	if err != nil {
		return nil, err
	}
	dw, dh := h.displayed()
	pl, err := planPrint(dw, dh, spec)
	if err != nil {
		return nil, err
	}
	out, err := p.print(data, h, pl)
	if err != nil {
		return nil, err
	}
	return withDensity(out, pl.densityInDPI), nil
}

// withDensity sets a JPEG's JFIF resolution to dpi dots per inch (the lab
// reads the print size from it), adding the JFIF segment when the encoder
// wrote none. dpi <= 0 leaves the file as it is.
func withDensity(j []byte, dpi int) []byte {
	if dpi <= 0 || len(j) < 4 || j[0] != 0xFF || j[1] != 0xD8 {
		return j
	}
	d := uint16(min(dpi, math.MaxUint16))
	if len(j) >= 18 && j[2] == 0xFF && j[3] == 0xE0 && string(j[6:11]) == "JFIF\x00" {
		out := append([]byte(nil), j...)
		out[13] = 1 // dots per inch
		binary.BigEndian.PutUint16(out[14:], d)
		binary.BigEndian.PutUint16(out[16:], d)
		return out
	}
	app0 := []byte{0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 1, 0, 0, 0, 0, 0, 0}
	binary.BigEndian.PutUint16(app0[12:], d)
	binary.BigEndian.PutUint16(app0[14:], d)
	out := make([]byte, 0, len(j)+len(app0))
	out = append(out, j[:2]...)
	out = append(out, app0...)
	return append(out, j[2:]...)
}

// JPEGDensity reads a JPEG's JFIF resolution in dots per inch; 0 when it
// has none in that unit.
func JPEGDensity(j []byte) int {
	if len(j) < 18 || j[2] != 0xFF || j[3] != 0xE0 || string(j[6:11]) != "JFIF\x00" || j[13] != 1 {
		return 0
	}
	return int(binary.BigEndian.Uint16(j[14:]))
}
