package cart

import (
	"context"
	"slices"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/catalogue"
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
// sell in web quality either. Packs: includedSlot and freeOnlyPack.
func givenAway(free []string, f *ent.Format) bool {
	if f == nil || f.Kind != format.KindDigital || f.DigitalQuality == nil || len(free) == 0 {
		return false
	}
	return slices.Contains(free, string(*f.DigitalQuality)) || slices.Contains(free, string(format.DigitalQualityHd))
}

// includedSlot tells a pack's digital file slot whose files the free
// download gives the viewer anyway: it comes « inclus » with the pack,
// with no photo left to choose for it (its files are the gallery's free
// download).
func includedSlot(free []string, cat *catalogue.Catalogue, sl slot) bool {
	return sl.digital && givenAway(free, cat.Format(sl.formatID))
}

// freeOnlyPack tells a pack whose every part the free download already
// gives the viewer (digital files only, all given away): it has nothing
// left to sell and is not offered. A pack with prints keeps selling, its
// free files included (includedSlot).
func freeOnlyPack(free []string, cat *catalogue.Catalogue, p *ent.Pack) bool {
	slots := packSlots(p)
	if len(slots) == 0 || len(free) == 0 {
		return false
	}
	for _, sl := range slots {
		if !includedSlot(free, cat, sl) {
			return false
		}
	}
	return true
}
