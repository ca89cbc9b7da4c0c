package photographer

import (
	"context"
	"fmt"
	"slices"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/discount"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/packdigitalfile"
	"github.com/studio/gallery/ent/packformat"
	"github.com/studio/gallery/internal/apperr"
)

// CopyCatalogueInput names the gallery whose catalogue is copied and the
// gallery (with an empty catalogue) that receives it.
type CopyCatalogueInput struct {
	FromGalleryID string
	ToGalleryID   string
}

// CopyCatalogue copies the whole catalogue of one of the viewer's galleries
// (categories, families, formats with their prices and options, packs with
// their contents, threshold discounts; withdrawn items too) into another of
// their galleries whose catalogue is empty, in one transaction, with new
// ids. It answers the target's catalogue as the studio reads it.
func (s *Service) CopyCatalogue(ctx context.Context, in CopyCatalogueInput) (*StudioCatalogue, error) {
	err := s.inTx(ctx, func(tx *ent.Client) error {
		from, err := ownGalleryAt(ctx, tx, in.FromGalleryID, "fromGalleryId")
		if err != nil {
			return err
		}
		to, err := ownGalleryAt(ctx, tx, in.ToGalleryID, "toGalleryId")
		if err != nil {
			return err
		}
		if from.ID == to.ID {
			return userErr(CodeSameGallery, "same_gallery", "toGalleryId")
		}
		n, err := copyCatalogue(ctx, tx, from.ID, to.ID)
		if err != nil {
			return err
		}
		if n == 0 {
			return userErr(CodeCatalogueEmpty, "catalogue_empty", "fromGalleryId")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.StudioCatalogue(ctx, in.ToGalleryID)
}

// ownGalleryAt is ownGallery with an unknown gallery reported at field.
func ownGalleryAt(ctx context.Context, tx *ent.Client, id, field string) (*ent.Gallery, error) {
	g, err := ownGallery(ctx, tx, id)
	if ae := apperr.As(err); ae != nil && ae.Code == apperr.ErrGalleryNotFound.Code {
		return nil, apperr.ErrGalleryNotFound.WithField(field)
	}
	return g, err
}

// lockCatalogue serializes the writes that add to a gallery's catalogue
// (copyCatalogue, the create calls) on the gallery's row: PostgreSQL's
// SELECT … FOR UPDATE, held to the transaction's end; SQLite's write lock
// is held from the transaction's start, so nothing to do there. Without
// it, a copy's emptiness check and a new format could both pass, as could
// two formats of the same size (uniqueSize).
func lockCatalogue(ctx context.Context, tx *ent.Client, galleryID string) error {
	lock := tx.Gallery.Query().Where(gallery.ID(galleryID))
	lock.Modify(func(s *sql.Selector) {
		if s.Dialect() == dialect.Postgres {
			s.ForUpdate()
		}
	})
	if _, err := lock.IDs(ctx); err != nil {
		return fmt.Errorf("photographer: lock gallery %s: %w", galleryID, err)
	}
	return nil
}

// ownCatalogue is ownGallery for a write that adds to the gallery's
// catalogue: the gallery's row is locked (lockCatalogue).
func ownCatalogue(ctx context.Context, tx *ent.Client, galleryID string) (*ent.Gallery, error) {
	g, err := ownGallery(ctx, tx, galleryID)
	if err != nil {
		return nil, err
	}
	return g, lockCatalogue(ctx, tx, g.ID)
}

// catalogueHolds tells whether a gallery's catalogue holds anything (one
// EXISTS per kind, stopping at the first that answers yes).
func catalogueHolds(ctx context.Context, tx *ent.Client, galleryID string) (bool, error) {
	of := gallery.ID(galleryID)
	for _, exist := range []func() (bool, error){
		func() (bool, error) { return tx.Category.Query().Where(category.HasGalleryWith(of)).Exist(ctx) },
		func() (bool, error) { return tx.Family.Query().Where(family.HasGalleryWith(of)).Exist(ctx) },
		func() (bool, error) { return tx.Format.Query().Where(format.HasGalleryWith(of)).Exist(ctx) },
		func() (bool, error) { return tx.Pack.Query().Where(pack.HasGalleryWith(of)).Exist(ctx) },
		func() (bool, error) { return tx.Discount.Query().Where(discount.HasGalleryWith(of)).Exist(ctx) },
	} {
		yes, err := exist()
		if err != nil {
			return false, fmt.Errorf("photographer: catalogue items: %w", err)
		}
		if yes {
			return true, nil
		}
	}
	return false, nil
}

// copyCatalogue copies the catalogue of gallery from into gallery to, whose
// catalogue must be empty (else catalogue_not_empty), inside tx; the
// references between the copies point to the copies. It answers how many
// items the source held (0: nothing was copied). The catalogue cache hears
// of the writes through its hooks, as with every other catalogue change.
func copyCatalogue(ctx context.Context, tx *ent.Client, from, to string) (int, error) {
	// Two copies into the same gallery at once (a double click), or a copy
	// and a new item, take turns on the target's row (lockCatalogue): the
	// second finds the first's items and is refused.
	if err := lockCatalogue(ctx, tx, to); err != nil {
		return 0, err
	}
	full, err := catalogueHolds(ctx, tx, to)
	if err != nil {
		return 0, err
	}
	if full {
		return 0, userErr(CodeCatalogueNotEmpty, "catalogue_not_empty", "toGalleryId")
	}
	of := gallery.ID(from)
	cats, err := tx.Category.Query().Where(category.HasGalleryWith(of)).Order(ent.Asc(category.FieldID)).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("photographer: copy categories: %w", err)
	}
	fams, err := tx.Family.Query().Where(family.HasGalleryWith(of)).Order(ent.Asc(family.FieldID)).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("photographer: copy families: %w", err)
	}
	fmts, err := tx.Format.Query().Where(format.HasGalleryWith(of)).Order(ent.Asc(format.FieldID)).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("photographer: copy formats: %w", err)
	}
	packs, err := tx.Pack.Query().Where(pack.HasGalleryWith(of)).
		WithFormats(func(q *ent.PackFormatQuery) { q.Order(ent.Asc(packformat.FieldID)) }).
		WithDigitalFiles(func(q *ent.PackDigitalFileQuery) { q.Order(ent.Asc(packdigitalfile.FieldID)) }).
		Order(ent.Asc(pack.FieldID)).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("photographer: copy packs: %w", err)
	}
	discounts, err := tx.Discount.Query().Where(discount.HasGalleryWith(of)).Order(ent.Asc(discount.FieldID)).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("photographer: copy discounts: %w", err)
	}
	total := len(cats) + len(fams) + len(fmts) + len(packs) + len(discounts)

	// One INSERT per kind (in chunks of bulkRows): the new rows come back in
	// the order of the builders, which maps each old id to its copy's.
	newCat, err := copyRows(ctx, "categories", cats, func(c *ent.Category) *ent.CategoryCreate {
		return tx.Category.Create().SetGalleryID(to).SetName(c.Name).SetSection(c.Section).
			SetDescription(c.Description).SetPosition(c.Position)
	}, tx.Category.CreateBulk, func(e *ent.Category) string { return e.ID })
	if err != nil {
		return 0, err
	}
	newFam, err := copyRows(ctx, "families", fams, func(f *ent.Family) *ent.FamilyCreate {
		return tx.Family.Create().SetGalleryID(to).SetCategoryID(newCat[f.CategoryID]).SetName(f.Name).
			SetDescription(f.Description).SetMatGlossOption(f.MatGlossOption).SetWhiteBordersOption(f.WhiteBordersOption).
			SetWhiteMarginAllowed(f.WhiteMarginAllowed).SetNumberOfImages(f.NumberOfImages).SetPosition(f.Position)
	}, tx.Family.CreateBulk, func(e *ent.Family) string { return e.ID })
	if err != nil {
		return 0, err
	}
	newFmt, err := copyRows(ctx, "formats", fmts, func(f *ent.Format) *ent.FormatCreate {
		return tx.Format.Create().SetGalleryID(to).SetFamilyID(newFam[f.FamilyID]).SetName(f.Name).
			SetShortSize(f.ShortSize).SetLongSize(f.LongSize).SetUnitPrice(f.UnitPrice).SetOnlyInPack(f.OnlyInPack).
			SetLab(f.Lab).SetKind(f.Kind).SetNillableDigitalQuality(f.DigitalQuality).SetWatermark(f.Watermark).
			SetNillableGalleryPrice(f.GalleryPrice).SetExcludedCountries(append([]string{}, f.ExcludedCountries...)).
			SetPosition(f.Position).SetWithdrawn(f.Withdrawn)
	}, tx.Format.CreateBulk, func(e *ent.Format) string { return e.ID })
	if err != nil {
		return 0, err
	}
	newPack, err := copyRows(ctx, "packs", packs, func(p *ent.Pack) *ent.PackCreate {
		return tx.Pack.Create().SetGalleryID(to).SetName(p.Name).SetDisplayName(p.DisplayName).
			SetDescription(p.Description).SetUnitPrice(p.UnitPrice).SetGift(p.Gift).
			SetShippingIncludedTo(append([]string{}, p.ShippingIncludedTo...)).SetOfferType(p.OfferType).
			SetPosition(p.Position).SetWithdrawn(p.Withdrawn)
	}, tx.Pack.CreateBulk, func(e *ent.Pack) string { return e.ID })
	if err != nil {
		return 0, err
	}
	// A pack's contents, each under its pack's copy.
	var packFormats []*ent.PackFormat
	var packFiles []*ent.PackDigitalFile
	packOf := map[string]string{}
	for _, p := range packs {
		for _, pf := range p.Edges.Formats {
			packFormats = append(packFormats, pf)
			packOf[pf.ID] = newPack[p.ID]
		}
		for _, pd := range p.Edges.DigitalFiles {
			packFiles = append(packFiles, pd)
			packOf[pd.ID] = newPack[p.ID]
		}
	}
	if _, err := copyRows(ctx, "pack formats", packFormats, func(pf *ent.PackFormat) *ent.PackFormatCreate {
		return tx.PackFormat.Create().SetPackID(packOf[pf.ID]).SetFormatID(newFmt[pf.FormatID]).
			SetQuantity(pf.Quantity).SetPhotos(pf.Photos)
	}, tx.PackFormat.CreateBulk, func(e *ent.PackFormat) string { return e.ID }); err != nil {
		return 0, err
	}
	if _, err := copyRows(ctx, "pack digital files", packFiles, func(pd *ent.PackDigitalFile) *ent.PackDigitalFileCreate {
		return tx.PackDigitalFile.Create().SetPackID(packOf[pd.ID]).SetFormatID(newFmt[pd.FormatID]).
			SetQuantity(pd.Quantity).SetWebDescription(pd.WebDescription).SetHdDescription(pd.HdDescription)
	}, tx.PackDigitalFile.CreateBulk, func(e *ent.PackDigitalFile) string { return e.ID }); err != nil {
		return 0, err
	}
	if _, err := copyRows(ctx, "discounts", discounts, func(d *ent.Discount) *ent.DiscountCreate {
		return tx.Discount.Create().SetGalleryID(to).SetThreshold(d.Threshold).SetPercent(d.Percent)
	}, tx.Discount.CreateBulk, func(e *ent.Discount) string { return e.ID }); err != nil {
		return 0, err
	}
	return total, nil
}

// bulkRows bounds the rows of one INSERT (SQLite's and PostgreSQL's limits
// on bound parameters: a format has 16 columns).
const bulkRows = 500

// copyRows inserts a copy of each row, built by build, bulkRows at a time
// with bulk (a client's CreateBulk), and maps each row's id (id) to its
// copy's; what names the rows in an error.
func copyRows[E, B any, K interface {
	Save(context.Context) ([]E, error)
}](ctx context.Context, what string, rows []E, build func(E) B, bulk func(...B) K, id func(E) string) (map[string]string, error) {
	out := make(map[string]string, len(rows))
	for chunk := range slices.Chunk(rows, bulkRows) {
		builders := make([]B, len(chunk))
		for i, r := range chunk {
			builders[i] = build(r)
		}
		made, err := bulk(builders...).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("photographer: copy %s: %w", what, err)
		}
		for i, r := range chunk {
			out[id(r)] = id(made[i])
		}
	}
	return out, nil
}
