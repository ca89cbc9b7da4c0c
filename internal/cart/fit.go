package cart

import (
	"context"
	"math"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/model"
)

// How a photo suits a print format.
const (
	// MinPrintDPI is the lowest resolution a print may have: a print
	// of fewer dots per inch is refused (the shop shows the format
	// disabled, with the reason).
	MinPrintDPI = 100
	// LowPrintDPI is the resolution under which the shop warns that the
	// print will be soft (« Résolution faible pour ce format »).
	LowPrintDPI = 150
	// RatioTolerance is how far (relative) two ratios may differ and still
	// count as the same: no white margin, no crop needed.
	RatioTolerance = 0.01
	// CropTolerance is how far a crop's ratio may stray from the format's
	// (rounding to whole pixels).
	CropTolerance = 0.02
	// MaxQuantity bounds a print's quantity.
	MaxQuantity = 999
	// MaxChoices bounds the photos of one pack format in one call.
	MaxChoices = 500
	// MaxPackNameLen bounds a pack's name, in characters.
	MaxPackNameLen = 80
)

// White-margin policies of a photo on a format.
const (
	MarginNone         = "none"
	MarginWarning      = "warning"
	MarginCropRequired = "crop_required"
)

// ratio is long side over short side, >= 1; 0 when unknown.
func ratio(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	return math.Max(a, b) / math.Min(a, b)
}

// ratioDiffers tells whether a photo printed whole on f gets white margins.
func ratioDiffers(p *ent.Photo, f *ent.Format) bool {
	if p == nil || f == nil || f.Kind != format.KindPrint {
		return false
	}
	rp, rf := ratio(float64(p.Width), float64(p.Height)), ratio(f.ShortSize, f.LongSize)
	if rp == 0 || rf == 0 {
		return false
	}
	return math.Abs(rp-rf)/rf > RatioTolerance
}

// PrintDPI is the resolution, in dots per inch rounded down, of an image
// of width x height pixels printed as large as it fits on a print of
// shortCm x longCm centimetres (oriented like the image): the side that
// fills the paper first sets it. 0 when a size is unknown. The client's
// copy is client/src/features/shop/print-dpi.ts.
func PrintDPI(width, height int, shortCm, longCm float64) int {
	if width <= 0 || height <= 0 || shortCm <= 0 || longCm <= 0 {
		return 0
	}
	long, short := math.Max(float64(width), float64(height)), math.Min(float64(width), float64(height))
	dpi := math.Min(long/(longCm/2.54), short/(shortCm/2.54))
	// A hair of tolerance so that 1181 pixels over 30 cm count as 100 dpi.
	return int(math.Floor(dpi + 1e-6))
}

// printDPI is the resolution of photo p printed on f: from the crop when
// there is one, the whole photo otherwise; 0 when unknown or not a print.
func printDPI(p *ent.Photo, f *ent.Format, crop *model.Crop) int {
	if f.Kind != format.KindPrint {
		return 0
	}
	if crop != nil {
		return PrintDPI(crop.Width, crop.Height, f.ShortSize, f.LongSize)
	}
	return PrintDPI(p.Width, p.Height, f.ShortSize, f.LongSize)
}

// checkResolution refuses a print of fewer than MinPrintDPI dots per inch.
func checkResolution(p *ent.Photo, f *ent.Format, crop *model.Crop) error {
	if dpi := printDPI(p, f, crop); dpi > 0 && dpi < MinPrintDPI {
		return ErrLowResolution(dpi)
	}
	return nil
}

// marginPolicy is what happens to a photo whose ratio differs from f's.
func marginPolicy(g *ent.Gallery, p *ent.Photo, f *ent.Format) string {
	if !ratioDiffers(p, f) {
		return MarginNone
	}
	fam := f.Edges.Family
	if g.PrintOptions.NonHomotheticity.Policy == model.PolicyForbidden || (fam != nil && !fam.WhiteMarginAllowed) {
		return MarginCropRequired
	}
	return MarginWarning
}

// finishes are the finishes f offers, the gallery's default first.
func finishes(g *ent.Gallery, f *ent.Format) []cartitem.Finish {
	if f.Kind != format.KindPrint {
		return []cartitem.Finish{}
	}
	def := defaultFinish(g)
	if fam := f.Edges.Family; fam != nil && !fam.MatGlossOption {
		return []cartitem.Finish{def}
	}
	if def == cartitem.FinishMat {
		return []cartitem.Finish{cartitem.FinishMat, cartitem.FinishGlossy}
	}
	return []cartitem.Finish{cartitem.FinishGlossy, cartitem.FinishMat}
}

func defaultFinish(g *ent.Gallery) cartitem.Finish {
	if g.PrintOptions.Finish == string(cartitem.FinishMat) {
		return cartitem.FinishMat
	}
	return cartitem.FinishGlossy
}

// borders are the borders f offers.
func borders(g *ent.Gallery, f *ent.Format) []cartitem.Border {
	if f.Kind != format.KindPrint {
		return []cartitem.Border{}
	}
	fam := f.Edges.Family
	if g.PrintOptions.WhiteBorders.Policy == model.PolicyForbidden || (fam != nil && !fam.WhiteBordersOption) {
		return []cartitem.Border{cartitem.BorderNone}
	}
	return []cartitem.Border{cartitem.BorderNone, cartitem.BorderWhite}
}

// defaultCrop is the largest rectangle of f's ratio, oriented like the
// photo, centred in it.
func defaultCrop(p *ent.Photo, f *ent.Format) *model.Crop {
	rf := ratio(f.ShortSize, f.LongSize)
	if f.Kind != format.KindPrint || rf == 0 || p.Width <= 0 || p.Height <= 0 {
		return nil
	}
	w, h := float64(p.Width), float64(p.Height)
	// Target width/height ratio, landscape when the photo is.
	target := rf
	if h > w {
		target = 1 / rf
	}
	cw, ch := w, w/target
	if ch > h {
		cw, ch = h*target, h
	}
	c := &model.Crop{Width: int(math.Round(cw)), Height: int(math.Round(ch))}
	c.Width, c.Height = min(c.Width, p.Width), min(c.Height, p.Height)
	c.X, c.Y = (p.Width-c.Width)/2, (p.Height-c.Height)/2
	return c
}

// checkCrop validates a crop against the photo and the format's ratio.
func checkCrop(p *ent.Photo, f *ent.Format, c *model.Crop) error {
	if c == nil {
		return nil
	}
	// Compared without adding offset and size, which could overflow.
	if c.Width < 1 || c.Height < 1 || c.X < 0 || c.Y < 0 ||
		(p.Width > 0 && (c.Width > p.Width || c.X > p.Width-c.Width)) ||
		(p.Height > 0 && (c.Height > p.Height || c.Y > p.Height-c.Height)) {
		return ErrCrop
	}
	rf, rc := ratio(f.ShortSize, f.LongSize), ratio(float64(c.Width), float64(c.Height))
	if rf > 0 && math.Abs(rc-rf)/rf > CropTolerance {
		return ErrCrop
	}
	return nil
}

// printOptions checks a print's finish, border and crop for photo p on f
// and returns them with defaults filled.
func printOptions(g *ent.Gallery, p *ent.Photo, f *ent.Format, fin *cartitem.Finish, bor *cartitem.Border, crop *model.Crop) (*cartitem.Finish, *cartitem.Border, *model.Crop, error) {
	fs, bs := finishes(g, f), borders(g, f)
	if fin == nil {
		fin = &fs[0]
	} else if !contains(fs, *fin) {
		return nil, nil, nil, ErrFinish
	}
	if bor == nil {
		bor = &bs[0]
	} else if !contains(bs, *bor) {
		return nil, nil, nil, ErrBorder
	}
	if err := checkCrop(p, f, crop); err != nil {
		return nil, nil, nil, err
	}
	if crop == nil && marginPolicy(g, p, f) == MarginCropRequired {
		return nil, nil, nil, ErrCropRequired
	}
	return fin, bor, crop, nil
}

func contains[T comparable](xs []T, x T) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// PhotoProducts lists the formats a photo can be bought in: every format
// sold alone. Prints the photo's resolution is too low for (under
// MinPrintDPI) are listed too, so that the shop can show them disabled with
// the reason; SetPrint refuses them. Digital files the gallery gives the
// viewer (its free download) are not listed: they are not sold.
func (s *Service) PhotoProducts(ctx context.Context, g *ent.Gallery, photoID string) ([]*PhotoProduct, error) {
	if err := galleries.RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	p, err := s.photo(ctx, s.DB, g, photoID)
	if err != nil {
		return nil, err
	}
	cat, err := s.Catalogues.Load(ctx, s.DB, g.ID)
	if err != nil {
		return nil, err
	}
	out := []*PhotoProduct{}
	free := freeQualities(ctx, g)
	for _, f := range cat.ForSale() {
		// Files the gallery gives this viewer are not offered for money.
		if givenAway(free, f) {
			continue
		}
		pp := &PhotoProduct{Format: f, RatioDiffers: ratioDiffers(p, f), WhiteMargin: marginPolicy(g, p, f),
			Finishes: finishes(g, f), Borders: borders(g, f), DefaultCrop: defaultCrop(p, f)}
		if len(pp.Finishes) > 0 {
			pp.DefaultFinish = &pp.Finishes[0]
		}
		out = append(out, pp)
	}
	return out, nil
}

// photo finds a photo of g as the viewer sees it.
func (s *Service) photo(ctx context.Context, db *ent.Client, g *ent.Gallery, id string) (*ent.Photo, error) {
	p, err := db.Photo.Query().Where(photo.ID(id), photo.HasGalleryWith(gallery.ID(g.ID))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrPhotoNotFound
	}
	return p, wrap("photo", err)
}
