// Package catalogue loads a gallery's price list (categories, families,
// formats) and offers (packs), and checks that their references hold.
package catalogue

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/discount"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/packdigitalfile"
	"github.com/studio/gallery/ent/packformat"
)

// Catalogue is one gallery's price list and offers.
type Catalogue struct {
	GalleryID  string
	Categories []*ent.Category
	Families   []*ent.Family
	Formats    []*ent.Format
	Packs      []*ent.Pack
	Discounts  []*ent.Discount
}

// Load reads the catalogues of several galleries with a fixed number of
// queries, whatever their size. Withdrawn formats and packs are left out.
func Load(ctx context.Context, db *ent.Client, galleryIDs []string) (map[string]*Catalogue, error) {
	out := make(map[string]*Catalogue, len(galleryIDs))
	for _, id := range galleryIDs {
		out[id] = &Catalogue{GalleryID: id}
	}
	// With one gallery, every row is its own: its edge is set without the
	// extra query per entity that loading it takes (the same gallery with
	// its id only, as the loaded edge would be).
	var only *ent.Gallery
	if len(galleryIDs) == 1 {
		only = &ent.Gallery{ID: galleryIDs[0]}
	}
	withGallery := func(q *ent.GalleryQuery) { q.Select(gallery.FieldID) }
	catsQ := db.Category.Query().
		Where(category.HasGalleryWith(gallery.IDIn(galleryIDs...))).
		Order(ent.Asc(category.FieldPosition), ent.Asc(category.FieldName))
	if only == nil {
		catsQ.WithGallery(withGallery)
	}
	cats, err := catsQ.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalogue: categories: %w", err)
	}
	for _, c := range cats {
		if only != nil {
			c.Edges.Gallery = only
		}
		out[c.Edges.Gallery.ID].Categories = append(out[c.Edges.Gallery.ID].Categories, c)
	}
	famsQ := db.Family.Query().
		Where(family.HasGalleryWith(gallery.IDIn(galleryIDs...))).
		Order(ent.Asc(family.FieldPosition), ent.Asc(family.FieldName))
	if only == nil {
		famsQ.WithGallery(withGallery)
	}
	fams, err := famsQ.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalogue: families: %w", err)
	}
	for _, f := range fams {
		if only != nil {
			f.Edges.Gallery = only
		}
		out[f.Edges.Gallery.ID].Families = append(out[f.Edges.Gallery.ID].Families, f)
	}
	fmtsQ := db.Format.Query().
		Where(format.HasGalleryWith(gallery.IDIn(galleryIDs...)), format.Withdrawn(false)).
		Order(ent.Asc(format.FieldPosition), ent.Asc(format.FieldUnitPrice))
	if only == nil {
		fmtsQ.WithGallery(withGallery)
	}
	fmts, err := fmtsQ.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalogue: formats: %w", err)
	}
	for _, f := range fmts {
		if only != nil {
			f.Edges.Gallery = only
		}
		out[f.Edges.Gallery.ID].Formats = append(out[f.Edges.Gallery.ID].Formats, f)
	}
	packsQ := db.Pack.Query().
		Where(pack.HasGalleryWith(gallery.IDIn(galleryIDs...)), pack.Withdrawn(false)).
		WithFormats(func(q *ent.PackFormatQuery) { q.Order(ent.Asc(packformat.FieldID)) }).
		WithDigitalFiles(func(q *ent.PackDigitalFileQuery) { q.Order(ent.Asc(packdigitalfile.FieldID)) }).
		Order(ent.Asc(pack.FieldPosition), ent.Asc(pack.FieldUnitPrice))
	if only == nil {
		packsQ.WithGallery(withGallery)
	}
	packs, err := packsQ.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalogue: packs: %w", err)
	}
	for _, p := range packs {
		if only != nil {
			p.Edges.Gallery = only
		}
		out[p.Edges.Gallery.ID].Packs = append(out[p.Edges.Gallery.ID].Packs, p)
	}
	dsQ := db.Discount.Query().
		Where(discount.HasGalleryWith(gallery.IDIn(galleryIDs...))).
		Order(ent.Asc(discount.FieldThreshold))
	if only == nil {
		dsQ.WithGallery(withGallery)
	}
	ds, err := dsQ.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalogue: discounts: %w", err)
	}
	for _, d := range ds {
		if only != nil {
			d.Edges.Gallery = only
		}
		out[d.Edges.Gallery.ID].Discounts = append(out[d.Edges.Gallery.ID].Discounts, d)
	}
	for _, c := range out {
		c.link()
	}
	return out, nil
}

// LoadOne reads one gallery's catalogue.
func LoadOne(ctx context.Context, db *ent.Client, galleryID string) (*Catalogue, error) {
	m, err := Load(ctx, db, []string{galleryID})
	if err != nil {
		return nil, err
	}
	return m[galleryID], nil
}

// link fills the edges between loaded entities so that callers never query
// them one by one.
func (c *Catalogue) link() {
	cats := make(map[string]*ent.Category, len(c.Categories))
	for _, x := range c.Categories {
		cats[x.ID] = x
	}
	fams := make(map[string]*ent.Family, len(c.Families))
	for _, x := range c.Families {
		fams[x.ID] = x
		if cat := cats[x.CategoryID]; cat != nil {
			x.Edges.Category = cat
		}
	}
	fmts := make(map[string]*ent.Format, len(c.Formats))
	for _, x := range c.Formats {
		fmts[x.ID] = x
		if f := fams[x.FamilyID]; f != nil {
			x.Edges.Family = f
		}
	}
	for _, p := range c.Packs {
		for _, pf := range p.Edges.Formats {
			pf.Edges.Format = fmts[pf.FormatID]
		}
		for _, pd := range p.Edges.DigitalFiles {
			pd.Edges.Format = fmts[pd.FormatID]
		}
	}
}

// Format returns the format with an id, or nil.
func (c *Catalogue) Format(id string) *ent.Format {
	for _, f := range c.Formats {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// RefError is one broken reference found when building a gallery.
type RefError struct {
	Kind, ID, Missing, MissingID string
}

func (e *RefError) Error() string {
	return fmt.Sprintf("%s %s references a missing %s %s", e.Kind, e.ID, e.Missing, e.MissingID)
}

// ErrBuild marks a catalogue that cannot be built.
var ErrBuild = errors.New("catalogue: gallery cannot be built")

// Validate reports the three build failures of the spec: a format with a
// missing family, a family with a missing category, a pack with a missing
// format. Writes already refuse them; this guards data changed elsewhere.
func (c *Catalogue) Validate() error {
	var errs []error
	for _, f := range c.Families {
		if f.Edges.Category == nil {
			errs = append(errs, &RefError{"family", f.ID, "category", f.CategoryID})
		}
	}
	for _, f := range c.Formats {
		if f.Edges.Family == nil {
			errs = append(errs, &RefError{"format", f.ID, "family", f.FamilyID})
		}
	}
	for _, p := range c.Packs {
		for _, pf := range p.Edges.Formats {
			if pf.Edges.Format == nil {
				errs = append(errs, &RefError{"pack", p.ID, "format", pf.FormatID})
			}
		}
		for _, pd := range p.Edges.DigitalFiles {
			if pd.Edges.Format == nil {
				errs = append(errs, &RefError{"pack", p.ID, "format", pd.FormatID})
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %w", ErrBuild, errors.Join(errs...))
}

// FormatName is the format's name, or "short x long" when it has none.
func FormatName(f *ent.Format) string {
	if f.Name != "" {
		return f.Name
	}
	return num(f.ShortSize) + " x " + num(f.LongSize)
}

// DefaultOfferType is a pack's offer type when the photographer gave none
// (spec: « Gratuit »).
const DefaultOfferType = "Gratuit"

// OfferType is the badge a pack shows the guests: its offer type, except
// the default « Gratuit » on a pack that costs something (a 39 € pack is
// not free): "" then, no badge. The photographer's own words (« Livraison
// offerte ») are kept whatever the price.
func OfferType(p *ent.Pack) string {
	t := strings.TrimSpace(p.OfferType)
	if p.UnitPrice > 0 && (t == "" || strings.EqualFold(t, DefaultOfferType)) {
		return ""
	}
	if t == "" {
		return DefaultOfferType
	}
	return t
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// ProductImages pairs a family with how many product images it shows.
type ProductImages struct {
	Family         *ent.Family
	NumberOfImages int
}

// ProductImagesOf lists productImages per family.
func (c *Catalogue) ProductImagesOf() []ProductImages {
	out := make([]ProductImages, 0, len(c.Families))
	for _, f := range c.Families {
		out = append(out, ProductImages{Family: f, NumberOfImages: f.NumberOfImages})
	}
	return out
}

// ForSale lists the formats sold alone (onlyInPack formats are not).
func (c *Catalogue) ForSale() []*ent.Format {
	out := make([]*ent.Format, 0, len(c.Formats))
	for _, f := range c.Formats {
		if !f.OnlyInPack {
			out = append(out, f)
		}
	}
	return out
}
