package gallery

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/viewer"
)

// errNotFree: the gallery does not give its HD files away to the viewer.
var errNotFree = errors.New("no free HD download")

// PaidOrderStatuses are the order states in which bought files are delivered.
var PaidOrderStatuses = []order.Status{order.StatusValidated, order.StatusInProduction, order.StatusSent, order.StatusReadyForPickup}

// Order line kinds that deliver HD files (they follow the cart item kinds).
const (
	LineDigitalFile = "digital_file"
	LineAllGallery  = "all_gallery"
)

// FreeDownload allows (RequireAction) downloading files of g without
// buying them, in the given quality ("web" or "hd").
func FreeDownload(g *ent.Gallery, quality string) func(State) bool {
	return func(st State) bool {
		if !st.Authorized {
			return false
		}
		if st.IsPhotographer {
			return true
		}
		di := g.DownloadInformation
		return di.FreeDownload && slices.Contains(di.Qualities, quality) && (!di.ClientsOnly || st.IsClient)
	}
}

// CanDownloadOriginal tells whether the viewer may have the HD original
// of p, a photo of g that the viewer can see: the photographer, anyone the
// gallery lets download HD files for free, and buyers of the photo's HD
// file or of the whole gallery in HD (a paid order under the confirmed
// e-mail). It goes by the viewer's own credentials (OwnAccess): when only
// a preview link would let the viewer have it, or the viewer reaches g
// only through one, it fails with apperr.ErrPreviewReadOnly.
func (s *Service) CanDownloadOriginal(ctx context.Context, g *ent.Gallery, p *ent.Photo) (bool, error) {
	// A photo hidden from visitors, seen through a preview only.
	if p.ClientHidden && !OwnAccess(ctx, g).IsClient {
		if Access(ctx, g).ReadOnly {
			return false, apperr.ErrPreviewReadOnly
		}
		return false, nil
	}
	err := RequireAction(ctx, g, FreeDownload(g, "hd"), errNotFree)
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, errNotFree) {
		return false, err
	}
	v := viewer.FromContext(ctx)
	if v.Email == "" || !OwnAccess(ctx, g).Authorized {
		return false, nil
	}
	sctx := viewer.SystemContext(ctx)
	lines, err := s.DB.OrderLine.Query().
		Where(
			orderline.HasOrderWith(order.HasGalleryWith(gallery.ID(g.ID)), order.EmailEqualFold(v.Email), order.StatusIn(PaidOrderStatuses...)),
			orderline.Or(
				orderline.And(orderline.Kind(LineDigitalFile), orderline.PhotoID(p.ID)),
				orderline.Kind(LineAllGallery),
			),
		).
		Select(orderline.FieldFormatID).
		Strings(sctx)
	if err != nil {
		return false, fmt.Errorf("gallery: bought files: %w", err)
	}
	if len(lines) == 0 {
		return false, nil
	}
	hd, err := s.DB.Format.Query().
		Where(format.IDIn(lines...), format.DigitalQualityEQ(format.DigitalQualityHd)).
		Exist(sctx)
	if err != nil {
		return false, fmt.Errorf("gallery: bought formats: %w", err)
	}
	return hd, nil
}
