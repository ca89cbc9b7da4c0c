package photographer

import (
	"context"
	"fmt"

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

// catalogueItems counts what a gallery's catalogue holds.
func catalogueItems(ctx context.Context, tx *ent.Client, galleryID string) (int, error) {
	of := gallery.ID(galleryID)
	total := 0
	for _, count := range []func() (int, error){
		func() (int, error) { return tx.Category.Query().Where(category.HasGalleryWith(of)).Count(ctx) },
		func() (int, error) { return tx.Family.Query().Where(family.HasGalleryWith(of)).Count(ctx) },
		func() (int, error) { return tx.Format.Query().Where(format.HasGalleryWith(of)).Count(ctx) },
		func() (int, error) { return tx.Pack.Query().Where(pack.HasGalleryWith(of)).Count(ctx) },
		func() (int, error) { return tx.Discount.Query().Where(discount.HasGalleryWith(of)).Count(ctx) },
	} {
		n, err := count()
		if err != nil {
			return 0, fmt.Errorf("photographer: catalogue items: %w", err)
		}
		total += n
	}
	return total, nil
}

// copyCatalogue copies the catalogue of gallery from into gallery to, whose
// catalogue must be empty (else catalogue_not_empty), inside tx; the
// references between the copies point to the copies. It answers how many
// items the source held (0: nothing was copied). The catalogue cache hears
// of the writes through its hooks, as with every other catalogue change.
func copyCatalogue(ctx context.Context, tx *ent.Client, from, to string) (int, error) {
	// Two copies into the same gallery at once (a double click) take turns
	// on the target's row (PostgreSQL; SQLite's write lock is held from the
	// transaction's start): the second finds the first's copy and is refused.
	lock := tx.Gallery.Query().Where(gallery.ID(to))
	lock.Modify(func(s *sql.Selector) {
		if s.Dialect() == dialect.Postgres {
			s.ForUpdate()
		}
	})
	if _, err := lock.IDs(ctx); err != nil {
		return 0, fmt.Errorf("photographer: lock gallery %s: %w", to, err)
	}
	n, err := catalogueItems(ctx, tx, to)
	if err != nil {
		return 0, err
	}
	if n > 0 {
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

	newCat := make(map[string]string, len(cats))
	for _, c := range cats {
		nc, err := tx.Category.Create().SetGalleryID(to).SetName(c.Name).SetSection(c.Section).
			SetDescription(c.Description).SetPosition(c.Position).Save(ctx)
		if err != nil {
			return 0, fmt.Errorf("photographer: copy category %s: %w", c.ID, err)
		}
		newCat[c.ID] = nc.ID
	}
	newFam := make(map[string]string, len(fams))
	for _, f := range fams {
		nf, err := tx.Family.Create().SetGalleryID(to).SetCategoryID(newCat[f.CategoryID]).SetName(f.Name).
			SetDescription(f.Description).SetMatGlossOption(f.MatGlossOption).SetWhiteBordersOption(f.WhiteBordersOption).
			SetWhiteMarginAllowed(f.WhiteMarginAllowed).SetNumberOfImages(f.NumberOfImages).SetPosition(f.Position).Save(ctx)
		if err != nil {
			return 0, fmt.Errorf("photographer: copy family %s: %w", f.ID, err)
		}
		newFam[f.ID] = nf.ID
	}
	newFmt := make(map[string]string, len(fmts))
	for _, f := range fmts {
		excluded := append([]string{}, f.ExcludedCountries...)
		nf, err := tx.Format.Create().SetGalleryID(to).SetFamilyID(newFam[f.FamilyID]).SetName(f.Name).
			SetShortSize(f.ShortSize).SetLongSize(f.LongSize).SetUnitPrice(f.UnitPrice).SetOnlyInPack(f.OnlyInPack).
			SetLab(f.Lab).SetKind(f.Kind).SetNillableDigitalQuality(f.DigitalQuality).SetWatermark(f.Watermark).
			SetNillableGalleryPrice(f.GalleryPrice).SetExcludedCountries(excluded).SetPosition(f.Position).
			SetWithdrawn(f.Withdrawn).Save(ctx)
		if err != nil {
			return 0, fmt.Errorf("photographer: copy format %s: %w", f.ID, err)
		}
		newFmt[f.ID] = nf.ID
	}
	for _, p := range packs {
		np, err := tx.Pack.Create().SetGalleryID(to).SetName(p.Name).SetDisplayName(p.DisplayName).
			SetDescription(p.Description).SetUnitPrice(p.UnitPrice).SetGift(p.Gift).
			SetShippingIncludedTo(append([]string{}, p.ShippingIncludedTo...)).SetOfferType(p.OfferType).
			SetPosition(p.Position).SetWithdrawn(p.Withdrawn).Save(ctx)
		if err != nil {
			return 0, fmt.Errorf("photographer: copy pack %s: %w", p.ID, err)
		}
		for _, pf := range p.Edges.Formats {
			if err := tx.PackFormat.Create().SetPackID(np.ID).SetFormatID(newFmt[pf.FormatID]).
				SetQuantity(pf.Quantity).SetPhotos(pf.Photos).Exec(ctx); err != nil {
				return 0, fmt.Errorf("photographer: copy pack format %s: %w", pf.ID, err)
			}
		}
		for _, pd := range p.Edges.DigitalFiles {
			if err := tx.PackDigitalFile.Create().SetPackID(np.ID).SetFormatID(newFmt[pd.FormatID]).
				SetQuantity(pd.Quantity).SetWebDescription(pd.WebDescription).SetHdDescription(pd.HdDescription).
				Exec(ctx); err != nil {
				return 0, fmt.Errorf("photographer: copy pack digital file %s: %w", pd.ID, err)
			}
		}
	}
	for _, d := range discounts {
		if err := tx.Discount.Create().SetGalleryID(to).SetThreshold(d.Threshold).SetPercent(d.Percent).Exec(ctx); err != nil {
			return 0, fmt.Errorf("photographer: copy discount %s: %w", d.ID, err)
		}
	}
	return total, nil
}
