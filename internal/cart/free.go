package cart

import (
	"context"
	"slices"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	galleries "github.com/studio/gallery/internal/gallery"
)

// freeQualities lists the qualities ("web", "hd") g's free download gives
// the viewer, by their own credentials (a preview link gives nothing):
// the gallery's free download is on, to everyone or, when clientsOnly, to
// its clients. None for the photographer, who may try their own shop.
func freeQualities(ctx context.Context, g *ent.Gallery) []string {
	di := g.DownloadInformation
	if !di.FreeDownload {
		return nil
	}
	st := galleries.OwnAccess(ctx, g)
	if !st.Authorized || st.IsPhotographer || (di.ClientsOnly && !st.IsClient) {
		return nil
	}
	return di.Qualities
}

// givenAway tells a digital format whose files the free download gives
// away (free lists its qualities, freeQualities): the shop does not sell
// them, one by one or the whole gallery. A free HD file leaves nothing to
// sell in web quality either. Packs are not concerned: their prints remain.
func givenAway(free []string, f *ent.Format) bool {
	if f == nil || f.Kind != format.KindDigital || f.DigitalQuality == nil || len(free) == 0 {
		return false
	}
	return slices.Contains(free, string(*f.DigitalQuality)) || slices.Contains(free, string(format.DigitalQualityHd))
}
