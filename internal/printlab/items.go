package printlab

import (
	"context"
	"fmt"
	"image"
	"math"
	"strings"
	"unicode"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/model"
)

// DPI is the resolution of the print files.
const DPI = 300

// BorderMM is the width of the white border, on each side, of a print
// ordered with one; the paper keeps the format's size.
const BorderMM = 5

// Item is one print file of a sheet: a photo on a format, so many times.
type Item struct {
	// Line is the order line's number (1 for the first line); Sub numbers
	// the prints of a pack line (0 for a print line).
	Line, Sub int
	Photo     *ent.Photo
	Format    *ent.Format
	Quantity  int
	Finish    string
	Border    string
	// Crop is the guest's, in the photo's pixels; nil: the whole photo.
	Crop *model.Crop
}

// FormatName is the format's name as the studio shows it.
func (it Item) FormatName() string { return catalogue.FormatName(it.Format) }

// FileName is the file's name in the ZIP: order number, line, format and
// quantity ("2026-0042_L02_10x15_x3.jpg", "..._L03-2_..." in a pack).
func (it Item) FileName(number string) string {
	line := fmt.Sprintf("L%02d", it.Line)
	if it.Sub > 0 {
		line += fmt.Sprintf("-%d", it.Sub)
	}
	return fmt.Sprintf("%s_%s_%s_x%d.jpg", slug(number), line, slug(it.FormatName()), it.Quantity)
}

// slug keeps letters, digits, dots and dashes; spaces go, other characters
// become dashes ("10 x 15" gives "10x15").
func slug(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
		case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '-'):
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}

// Paper is the print's size in pixels at DPI, oriented like the picture
// (its crop, or the photo), and its border in pixels.
func (it Item) Paper() (w, h, border int) {
	pw, ph := it.Photo.Width, it.Photo.Height
	if it.Crop != nil {
		pw, ph = it.Crop.Width, it.Crop.Height
	}
	short, long := px(it.Format.ShortSize), px(it.Format.LongSize)
	w, h = long, short
	if ph > pw {
		w, h = short, long
	}
	if it.Border == "white" {
		border = px(BorderMM / 10.0)
	}
	return w, h, border
}

// px is a length in centimetres as pixels at DPI.
func px(cm float64) int { return int(math.Round(cm / 2.54 * DPI)) }

// CropRect is the crop as a rectangle of the original's pixels, scaled
// when the original's size differs from the photo's recorded one; the
// zero rectangle for the whole photo.
func (it Item) CropRect(origW, origH int) image.Rectangle {
	c := it.Crop
	if c == nil {
		return image.Rectangle{}
	}
	sx, sy := 1.0, 1.0
	if it.Photo.Width > 0 && it.Photo.Height > 0 && (origW != it.Photo.Width || origH != it.Photo.Height) {
		sx, sy = float64(origW)/float64(it.Photo.Width), float64(origH)/float64(it.Photo.Height)
	}
	r := image.Rect(int(math.Round(float64(c.X)*sx)), int(math.Round(float64(c.Y)*sy)),
		int(math.Round(float64(c.X+c.Width)*sx)), int(math.Round(float64(c.Y+c.Height)*sy)))
	return r.Intersect(image.Rect(0, 0, origW, origH))
}

// Items lists an order's prints, in the order of its lines: each print
// line, and each photo of a pack's print formats. Photos or formats
// removed since are left out (the sheet says so by its count).
func Items(ctx context.Context, db *ent.Client, o *ent.Order) ([]Item, error) {
	lines, err := db.OrderLine.Query().Where(orderline.HasOrderWith(order.ID(o.ID))).
		Order(ent.Asc(orderline.FieldID)).All(ctx)
	if err != nil {
		return nil, err
	}
	// Lines are numbered as the order's page shows them (by id).
	type raw struct {
		line, sub       int
		photoID, format string
		qty             int
		finish, border  string
		crop            *model.Crop
	}
	var raws []raw
	photoIDs, formatIDs := map[string]bool{}, map[string]bool{}
	for i, l := range lines {
		d := l.Details
		if d == nil {
			d = &model.OrderLineDetails{}
		}
		switch l.Kind {
		case "print":
			raws = append(raws, raw{line: i + 1, photoID: l.PhotoID, format: l.FormatID, qty: l.Quantity,
				finish: d.Finish, border: d.Border, crop: d.Crop})
		case "pack":
			if d.Content == nil {
				continue
			}
			sub := 0
			for _, f := range d.Content.Formats {
				for _, p := range f.Photos {
					sub++
					raws = append(raws, raw{line: i + 1, sub: sub, photoID: p.PhotoID, format: f.FormatID,
						qty: max(1, p.Quantity) * max(1, l.Quantity), finish: p.Finish, border: p.Border, crop: p.Crop})
				}
			}
		}
	}
	for _, r := range raws {
		photoIDs[r.photoID], formatIDs[r.format] = true, true
	}
	photos, err := db.Photo.Query().Where(photo.IDIn(keys(photoIDs)...)).All(ctx)
	if err != nil {
		return nil, err
	}
	formats, err := db.Format.Query().Where(format.IDIn(keys(formatIDs)...), format.KindEQ(format.KindPrint)).All(ctx)
	if err != nil {
		return nil, err
	}
	pm, fm := map[string]*ent.Photo{}, map[string]*ent.Format{}
	for _, p := range photos {
		pm[p.ID] = p
	}
	for _, f := range formats {
		fm[f.ID] = f
	}
	out := []Item{}
	for _, r := range raws {
		p, f := pm[r.photoID], fm[r.format]
		if p == nil || f == nil || f.ShortSize <= 0 || f.LongSize <= 0 {
			continue
		}
		out = append(out, Item{Line: r.line, Sub: r.sub, Photo: p, Format: f, Quantity: max(1, r.qty),
			Finish: r.finish, Border: r.border, Crop: r.crop})
	}
	return out, nil
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
