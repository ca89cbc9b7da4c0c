package photographer

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/packdigitalfile"
	"github.com/studio/gallery/ent/packformat"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/money"
)

// Catalog keys of the messages of the spec's build failures, refused on
// write (internal/store).
const (
	msgMissingCategory = "missing_category"
	msgMissingFamily   = "missing_family"
	msgMissingFormat   = "missing_format"
)

var countryRE = regexp.MustCompile(`^[A-Z]{2}$`)

// CreateCategoryInput adds a shop category to a gallery.
type CreateCategoryInput struct {
	GalleryID   string
	Name        string
	Section     *category.Section
	Description *string
	Position    *int
}

// UpdateCategoryInput changes a category; nil fields stay as they are.
type UpdateCategoryInput struct {
	CategoryID  string
	Name        *string
	Section     *category.Section
	Description *string
	Position    *int
}

// DeleteCategoryInput names a category to delete.
type DeleteCategoryInput struct{ CategoryID string }

// CreateCategory adds a category to a gallery the viewer owns.
func (s *Service) CreateCategory(ctx context.Context, in CreateCategoryInput) (*ent.Category, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Category) error {
		g, err := ownCatalogue(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		c := tx.Category.Create().SetGallery(g)
		if err := categoryFields(&in.Name, in.Section, in.Description, in.Position, c.Mutation()); err != nil {
			return err
		}
		*out, err = c.Save(ctx)
		return saveErr(err, "", "")
	})
}

// UpdateCategory changes a category of a gallery the viewer owns.
func (s *Service) UpdateCategory(ctx context.Context, in UpdateCategoryInput) (*ent.Category, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Category) error {
		cur, _, err := ownCategory(ctx, tx, in.CategoryID)
		if err != nil {
			return err
		}
		u := tx.Category.UpdateOne(cur)
		if err := categoryFields(in.Name, in.Section, in.Description, in.Position, u.Mutation()); err != nil {
			return err
		}
		*out, err = u.Save(ctx)
		return saveErr(err, "", "")
	})
}

// DeleteCategory deletes an empty category: a family of a missing category
// is one of the spec's build failures, so families must go first.
func (s *Service) DeleteCategory(ctx context.Context, in DeleteCategoryInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, _, err := ownCategory(ctx, tx, in.CategoryID)
		if err != nil {
			return err
		}
		n, err := tx.Family.Query().Where(family.CategoryID(cur.ID)).Count(ctx)
		if err != nil {
			return fmt.Errorf("photographer: category families: %w", err)
		}
		if n > 0 {
			return userErr(CodeCategoryHasFamilies, "category_has_families", "categoryId").WithArgs(apperr.Args{"Count": n})
		}
		return tx.Category.DeleteOne(cur).Exec(ctx)
	})
}

func categoryFields(name *string, section *category.Section, description *string, position *int, m *ent.CategoryMutation) error {
	var errs apperr.List
	if name != nil {
		if n, ok := requiredName(*name, 120, &errs, "name"); ok {
			m.SetName(n)
		}
	}
	if section != nil {
		if err := category.SectionValidator(*section); err != nil {
			errs.Add(userErr(CodeInvalidValue, "unknown_section", "section"))
		} else {
			m.SetSection(*section)
		}
	}
	var d string
	if description != nil && text(description, 2000, &d, &errs, []string{"description"}) {
		m.SetDescription(d)
	}
	if position != nil {
		m.SetPosition(*position)
	}
	return errs.Err()
}

// ownCategory loads a category of a gallery the viewer owns.
func ownCategory(ctx context.Context, tx *ent.Client, id string) (*ent.Category, *ent.Gallery, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, nil, err
	}
	c, err := tx.Category.Query().Where(category.ID(id)).WithGallery().Only(ctx)
	if err != nil {
		return nil, nil, notFound(err, "category "+id, "categoryId")
	}
	g, err := ownGallery(ctx, tx, c.Edges.Gallery.ID)
	return c, g, err
}

// CreateFamilyInput adds a product family to a gallery.
type CreateFamilyInput struct {
	GalleryID          string
	CategoryID         string
	Name               string
	Description        *string
	MatGlossOption     *bool
	WhiteBordersOption *bool
	WhiteMarginAllowed *bool
	NumberOfImages     *int
	Position           *int
}

// UpdateFamilyInput changes a family; nil fields stay as they are.
type UpdateFamilyInput struct {
	FamilyID           string
	CategoryID         *string
	Name               *string
	Description        *string
	MatGlossOption     *bool
	WhiteBordersOption *bool
	WhiteMarginAllowed *bool
	NumberOfImages     *int
	Position           *int
}

// DeleteFamilyInput names a family to delete.
type DeleteFamilyInput struct{ FamilyID string }

// CreateFamily adds a family; its category must be in the same gallery.
func (s *Service) CreateFamily(ctx context.Context, in CreateFamilyInput) (*ent.Family, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Family) error {
		g, err := ownCatalogue(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		c := tx.Family.Create().SetGallery(g).SetCategoryID(in.CategoryID)
		up := UpdateFamilyInput{Name: &in.Name, Description: in.Description, MatGlossOption: in.MatGlossOption,
			WhiteBordersOption: in.WhiteBordersOption, WhiteMarginAllowed: in.WhiteMarginAllowed,
			NumberOfImages: in.NumberOfImages, Position: in.Position}
		if err := familyFields(up, c.Mutation()); err != nil {
			return err
		}
		*out, err = c.Save(ctx)
		return saveErr(err, CodeMissingCategory, msgMissingCategory, "categoryId")
	})
}

// UpdateFamily changes a family of a gallery the viewer owns.
func (s *Service) UpdateFamily(ctx context.Context, in UpdateFamilyInput) (*ent.Family, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Family) error {
		cur, err := ownFamily(ctx, tx, in.FamilyID)
		if err != nil {
			return err
		}
		u := tx.Family.UpdateOne(cur)
		if in.CategoryID != nil {
			u.SetCategoryID(*in.CategoryID)
		}
		if err := familyFields(in, u.Mutation()); err != nil {
			return err
		}
		*out, err = u.Save(ctx)
		return saveErr(err, CodeMissingCategory, msgMissingCategory, "categoryId")
	})
}

// DeleteFamily deletes a family without formats: a format of a missing
// family is one of the spec's build failures.
func (s *Service) DeleteFamily(ctx context.Context, in DeleteFamilyInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, err := ownFamily(ctx, tx, in.FamilyID)
		if err != nil {
			return err
		}
		n, err := tx.Format.Query().Where(format.FamilyID(cur.ID)).Count(ctx)
		if err != nil {
			return fmt.Errorf("photographer: family formats: %w", err)
		}
		if n > 0 {
			return userErr(CodeFamilyHasFormats, "family_has_formats", "familyId").WithArgs(apperr.Args{"Count": n})
		}
		return tx.Family.DeleteOne(cur).Exec(ctx)
	})
}

// ownFamily loads a family of a gallery the viewer owns.
func ownFamily(ctx context.Context, tx *ent.Client, id string) (*ent.Family, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, err
	}
	f, err := tx.Family.Query().Where(family.ID(id)).WithGallery().Only(ctx)
	if err != nil {
		return nil, notFound(err, "family "+id, "familyId")
	}
	if _, err := ownGallery(ctx, tx, f.Edges.Gallery.ID); err != nil {
		return nil, err
	}
	return f, nil
}

func familyFields(in UpdateFamilyInput, m *ent.FamilyMutation) error {
	var errs apperr.List
	if in.Name != nil {
		if n, ok := requiredName(*in.Name, 120, &errs, "name"); ok {
			m.SetName(n)
		}
	}
	var d string
	if in.Description != nil && text(in.Description, 2000, &d, &errs, []string{"description"}) {
		m.SetDescription(d)
	}
	if in.MatGlossOption != nil {
		m.SetMatGlossOption(*in.MatGlossOption)
	}
	if in.WhiteBordersOption != nil {
		m.SetWhiteBordersOption(*in.WhiteBordersOption)
	}
	if in.WhiteMarginAllowed != nil {
		m.SetWhiteMarginAllowed(*in.WhiteMarginAllowed)
	}
	var n int
	if intIn(in.NumberOfImages, 0, 20, &n, &errs, []string{"numberOfImages"}) && in.NumberOfImages != nil {
		m.SetNumberOfImages(n)
	}
	if in.Position != nil {
		m.SetPosition(*in.Position)
	}
	return errs.Err()
}

// CreateFormatInput adds a format (a print size or a digital file) to a gallery.
type CreateFormatInput struct {
	GalleryID         string
	FamilyID          string
	Name              *string
	ShortSize         *float64
	LongSize          *float64
	UnitPrice         money.Decimal
	OnlyInPack        *bool
	Lab               *string
	Kind              *format.Kind
	DigitalQuality    *format.DigitalQuality
	Watermark         *bool
	GalleryPrice      *money.Decimal
	ExcludedCountries []string
	Position          *int
	Withdrawn         *bool
}

// UpdateFormatInput changes a format; nil fields stay as they are.
type UpdateFormatInput struct {
	FormatID          string
	FamilyID          *string
	Name              *string
	ShortSize         *float64
	LongSize          *float64
	UnitPrice         *money.Decimal
	OnlyInPack        *bool
	Lab               *string
	Kind              *format.Kind
	DigitalQuality    *format.DigitalQuality
	Watermark         *bool
	GalleryPrice      *money.Decimal
	NoGalleryPrice    *bool
	ExcludedCountries []string
	Position          *int
	Withdrawn         *bool
}

// DeleteFormatInput names a format to delete.
type DeleteFormatInput struct{ FormatID string }

// CreateFormat adds a format; its family must be in the same gallery.
func (s *Service) CreateFormat(ctx context.Context, in CreateFormatInput) (*ent.Format, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Format) error {
		g, err := ownCatalogue(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		price := in.UnitPrice
		up := UpdateFormatInput{Name: in.Name, ShortSize: in.ShortSize, LongSize: in.LongSize, UnitPrice: &price,
			OnlyInPack: in.OnlyInPack, Lab: in.Lab, Kind: in.Kind, DigitalQuality: in.DigitalQuality, Watermark: in.Watermark,
			GalleryPrice: in.GalleryPrice, ExcludedCountries: in.ExcludedCountries, Position: in.Position, Withdrawn: in.Withdrawn}
		c := tx.Format.Create().SetGallery(g).SetFamilyID(in.FamilyID)
		if err := formatFields(nil, up, c.Mutation()); err != nil {
			return err
		}
		*out, err = c.Save(ctx)
		if err := saveErr(err, CodeMissingFamily, msgMissingFamily, "familyId"); err != nil {
			return err
		}
		return uniqueSize(ctx, tx, *out)
	})
}

// uniqueSize refuses a print format whose size another offered print
// format of the same family already has: the buyer could not tell them
// apart. Called after the write, inside its transaction (which it undoes).
func uniqueSize(ctx context.Context, tx *ent.Client, f *ent.Format) error {
	if f.Kind != format.KindPrint || f.Withdrawn {
		return nil
	}
	dup, err := tx.Format.Query().Where(format.FamilyID(f.FamilyID), format.IDNEQ(f.ID), format.KindEQ(format.KindPrint),
		format.Withdrawn(false), format.ShortSize(f.ShortSize), format.LongSize(f.LongSize)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("photographer: formats of family %s: %w", f.FamilyID, err)
	}
	if dup {
		return userErr(CodeDuplicate, "duplicate_format_size", "shortSize")
	}
	return nil
}

// UpdateFormat changes a format. Withdrawing it or changing its price
// corrects the open carts in the same transaction (see carts.go); a format
// that an offered pack contains cannot be withdrawn.
func (s *Service) UpdateFormat(ctx context.Context, in UpdateFormatInput) (*ent.Format, error) {
	return written(ctx, s, func(tx *ent.Client, out **ent.Format) error {
		cur, g, err := ownFormat(ctx, tx, in.FormatID)
		if err != nil {
			return err
		}
		u := tx.Format.UpdateOne(cur)
		if in.FamilyID != nil {
			u.SetFamilyID(*in.FamilyID)
		}
		if err := formatFields(cur, in, u.Mutation()); err != nil {
			return err
		}
		if in.Withdrawn != nil && *in.Withdrawn && !cur.Withdrawn {
			if err := formatNotInPacks(ctx, tx, cur, true, "withdrawn"); err != nil {
				return err
			}
		}
		*out, err = u.Save(ctx)
		if err = saveErr(err, CodeMissingFamily, msgMissingFamily, "familyId"); err != nil {
			return err
		}
		if err := uniqueSize(ctx, tx, *out); err != nil {
			return err
		}
		switch {
		case (*out).Withdrawn && !cur.Withdrawn, (*out).UnitPrice != cur.UnitPrice, (*out).OnlyInPack && !cur.OnlyInPack, (*out).Kind != cur.Kind:
			if err := formatGone(ctx, tx, g.ID, cur.ID); err != nil {
				return err
			}
		}
		if !samePrice((*out).GalleryPrice, cur.GalleryPrice) {
			return allGalleryGone(ctx, tx, g.ID, cur.ID)
		}
		return nil
	})
}

// DeleteFormat deletes a format that no pack contains, and takes it out of
// open carts.
func (s *Service) DeleteFormat(ctx context.Context, in DeleteFormatInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, g, err := ownFormat(ctx, tx, in.FormatID)
		if err != nil {
			return err
		}
		if err := formatNotInPacks(ctx, tx, cur, false, "formatId"); err != nil {
			return err
		}
		if err := formatGone(ctx, tx, g.ID, cur.ID); err != nil {
			return err
		}
		return tx.Format.DeleteOne(cur).Exec(ctx)
	})
}

// formatNotInPacks refuses to remove a format that a pack contains: a pack
// of a missing format is one of the spec's build failures. With offered,
// only packs still offered count (withdrawing a format).
func formatNotInPacks(ctx context.Context, tx *ent.Client, f *ent.Format, offered bool, field string) error {
	q := tx.Pack.Query().Where(pack.Or(
		pack.HasFormatsWith(packformat.FormatID(f.ID)),
		pack.HasDigitalFilesWith(packdigitalfile.FormatID(f.ID)),
	))
	if offered {
		q.Where(pack.Withdrawn(false))
	}
	ps, err := q.Order(ent.Asc(pack.FieldPosition)).All(ctx)
	if err != nil {
		return fmt.Errorf("photographer: packs of format %s: %w", f.ID, err)
	}
	if len(ps) == 0 {
		return nil
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = "« " + p.DisplayName + " »"
	}
	return userErr(CodeFormatInPack, "format_in_pack", field).WithArgs(apperr.Args{"Packs": strings.Join(names, ", ")})
}

// ownFormat loads a format of a gallery the viewer owns.
func ownFormat(ctx context.Context, tx *ent.Client, id string) (*ent.Format, *ent.Gallery, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, nil, err
	}
	f, err := tx.Format.Query().Where(format.ID(id)).WithGallery().Only(ctx)
	if err != nil {
		return nil, nil, notFound(err, "format "+id, "formatId")
	}
	g, err := ownGallery(ctx, tx, f.Edges.Gallery.ID)
	return f, g, err
}

// formatFields checks a format's values; cur is nil for a new format.
func formatFields(cur *ent.Format, in UpdateFormatInput, m *ent.FormatMutation) error {
	var errs apperr.List
	if in.Name != nil {
		var n string
		if text(in.Name, 120, &n, &errs, []string{"name"}) {
			m.SetName(n)
		}
	}
	kind, quality, short, long, watermark := format.KindPrint, (*format.DigitalQuality)(nil), 0.0, 0.0, false
	if cur != nil {
		kind, quality, short, long, watermark = cur.Kind, cur.DigitalQuality, cur.ShortSize, cur.LongSize, cur.Watermark
	}
	if in.Kind != nil {
		if format.KindValidator(*in.Kind) != nil {
			errs.Add(userErr(CodeInvalidValue, "unknown_format_kind", "kind"))
		} else {
			kind = *in.Kind
			m.SetKind(kind)
		}
	}
	if in.DigitalQuality != nil {
		quality = in.DigitalQuality
	}
	if in.ShortSize != nil {
		short = *in.ShortSize
	}
	if in.LongSize != nil {
		long = *in.LongSize
	}
	if in.Watermark != nil {
		watermark = *in.Watermark
	}
	switch kind {
	case format.KindPrint:
		if short <= 0 || long <= 0 {
			errs.Add(userErr(CodeInvalidSize, "print_size_required", "shortSize"))
		} else if short > long {
			errs.Add(userErr(CodeInvalidSize, "short_side_longer", "shortSize"))
		}
		if in.DigitalQuality != nil {
			errs.Add(userErr(CodeInvalidValue, "quality_digital_only", "digitalQuality"))
		}
		if watermark {
			errs.Add(userErr(CodeInvalidValue, "watermark_web_only", "watermark"))
		}
		m.ClearDigitalQuality()
	case format.KindDigital:
		if quality == nil || format.DigitalQualityValidator(*quality) != nil {
			errs.Add(userErr(CodeRequired, "digital_quality_required", "digitalQuality"))
		} else {
			m.SetDigitalQuality(*quality)
			if watermark && *quality != format.DigitalQualityWeb {
				errs.Add(userErr(CodeInvalidValue, "watermark_web_only", "watermark"))
			}
		}
		if short < 0 || long < 0 {
			errs.Add(userErr(CodeInvalidSize, "negative_size", "shortSize"))
		}
	}
	if in.ShortSize != nil {
		m.SetShortSize(short)
	}
	if in.LongSize != nil {
		m.SetLongSize(long)
	}
	if in.Watermark != nil {
		m.SetWatermark(watermark)
	}
	if in.UnitPrice != nil {
		if *in.UnitPrice < 0 {
			errs.Add(userErr(CodeInvalidPrice, "negative_price", "unitPrice"))
		} else {
			m.SetUnitPrice(int(*in.UnitPrice))
		}
	}
	if in.GalleryPrice != nil {
		switch {
		case *in.GalleryPrice < 0:
			errs.Add(userErr(CodeInvalidPrice, "negative_price", "galleryPrice"))
		case kind != format.KindDigital:
			errs.Add(userErr(CodeInvalidValue, "gallery_price_digital_only", "galleryPrice"))
		default:
			m.SetGalleryPrice(int(*in.GalleryPrice))
		}
	} else if in.NoGalleryPrice != nil && *in.NoGalleryPrice || kind != format.KindDigital {
		m.ClearGalleryPrice()
	}
	if in.OnlyInPack != nil {
		m.SetOnlyInPack(*in.OnlyInPack)
	}
	if in.Lab != nil {
		var l string
		if text(in.Lab, 120, &l, &errs, []string{"lab"}) {
			m.SetLab(l)
		}
	}
	if in.ExcludedCountries != nil {
		cs := make([]string, 0, len(in.ExcludedCountries))
		for i, c := range in.ExcludedCountries {
			c = strings.ToUpper(strings.TrimSpace(c))
			if !countryRE.MatchString(c) {
				errs.Add(userErr(CodeInvalidCountry, "invalid_country_code", "excludedCountries", idx(i)))
				continue
			}
			cs = append(cs, c)
		}
		m.SetExcludedCountries(cs)
	}
	if in.Position != nil {
		m.SetPosition(*in.Position)
	}
	if in.Withdrawn != nil {
		m.SetWithdrawn(*in.Withdrawn)
	}
	return errs.Err()
}

// requiredName trims a required name and checks its length.
func requiredName(v string, max int, errs *apperr.List, path ...string) (string, bool) {
	v = strings.TrimSpace(v)
	switch {
	case v == "":
		errs.Add(userErr(CodeRequired, "required", path...))
		return "", false
	case utf8.RuneCountInString(v) > max:
		errs.Add(userErr(CodeTooLong, "name_too_long", path...))
		return "", false
	case strings.ContainsRune(v, 0):
		errs.Add(userErr(CodeInvalidValue, "nul_character", path...))
		return "", false
	}
	return v, true
}
