package server_test

import (
	"context"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/viewer"
)

// sellGalleryFiles turns the free download of the gallery at url off, as
// its photographer's settings do: the demo gives the gala's files to
// everyone and julie-et-thomas's to its clients, and the shop does not
// sell what the gallery gives away (given_away).
func sellGalleryFiles(t testing.TB, db *ent.Client, url string) {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	g := db.Gallery.Query().Where(gallery.URL(url)).OnlyX(ctx)
	di := g.DownloadInformation
	di.FreeDownload = false
	db.Gallery.UpdateOne(g).SetDownloadInformation(di).ExecX(ctx)
}
