package gallery_test

import (
	"context"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	galleryq "github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

func TestCanDownloadOriginal(t *testing.T) {
	ctx := context.Background()
	db := testdb.Open(t)
	m, err := media.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Demo(ctx, db.Client, m, 2); err != nil {
		t.Fatal(err)
	}
	sys := viewer.SystemContext(ctx)
	g := db.Client.Gallery.Query().Where(galleryq.URL("gala-2026")).OnlyX(sys)
	photos := g.QueryPhotos().AllX(sys)
	hd := db.Client.Format.Query().Where(format.HasGalleryWith(galleryq.ID(g.ID)), format.DigitalQualityEQ(format.DigitalQualityHd)).FirstX(sys)
	web := db.Client.Format.Query().Where(format.HasGalleryWith(galleryq.ID(g.ID)), format.DigitalQualityEQ(format.DigitalQualityWeb)).FirstX(sys)
	svc := &gallery.Service{DB: db.Client}

	place := func(email string, status order.Status, kind, photoID, formatID string) {
		o := db.Client.Order.Create().SetGallery(g).SetNumber("N-" + email + string(status) + kind + formatID).SetEmail(email).
			SetStatus(status).SetCartID("cart-" + email + string(status) + kind + formatID).SetSubtotal(500).SetTotal(500).
			SetBillingAddress(model.Address{}).SaveX(sys)
		db.Client.OrderLine.Create().SetOrder(o).SetKind(kind).SetDescription("fichier").SetPhotoID(photoID).
			SetFormatID(formatID).SetQuantity(1).SetUnitPrice(500).SetTotal(500).ExecX(sys)
	}
	place("hd@example.com", order.StatusValidated, gallery.LineDigitalFile, photos[0].ID, hd.ID)
	place("web@example.com", order.StatusValidated, gallery.LineDigitalFile, photos[0].ID, web.ID)
	place("pending@example.com", order.StatusAwaitingPayment, gallery.LineDigitalFile, photos[0].ID, hd.ID)
	place("all@example.com", order.StatusSent, gallery.LineAllGallery, "", hd.ID)
	place("prints@example.com", order.StatusInProduction, gallery.LineDigitalFile, photos[1].ID, hd.ID)

	as := func(v *viewer.Viewer) context.Context {
		if v.Grants == nil {
			v.Grants = map[string]viewer.Role{}
		}
		return viewer.NewContext(ctx, v)
	}
	client := &viewer.Viewer{Grants: map[string]viewer.Role{g.ID: viewer.RoleClient}}
	for _, tc := range []struct {
		name  string
		ctx   context.Context
		photo *ent.Photo
		info  model.DownloadInformation
		want  bool
	}{
		{"anonymous visitor", as(&viewer.Viewer{}), photos[0], model.DownloadInformation{}, false},
		{"photographer", as(&viewer.Viewer{PhotographerID: g.PhotographerID}), photos[0], model.DownloadInformation{}, true},
		{"free HD download", as(&viewer.Viewer{}), photos[0], model.DownloadInformation{FreeDownload: true, Qualities: []string{"web", "hd"}}, true},
		{"free web download only", as(&viewer.Viewer{}), photos[0], model.DownloadInformation{FreeDownload: true, Qualities: []string{"web"}}, false},
		{"free for clients, visitor", as(&viewer.Viewer{}), photos[0], model.DownloadInformation{FreeDownload: true, ClientsOnly: true, Qualities: []string{"hd"}}, false},
		{"free for clients, client", as(client), photos[0], model.DownloadInformation{FreeDownload: true, ClientsOnly: true, Qualities: []string{"hd"}}, true},
		{"buyer of the HD file", as(&viewer.Viewer{Email: "hd@example.com"}), photos[0], model.DownloadInformation{}, true},
		{"buyer of the HD file, other photo", as(&viewer.Viewer{Email: "hd@example.com"}), photos[1], model.DownloadInformation{}, false},
		{"buyer of the web file", as(&viewer.Viewer{Email: "web@example.com"}), photos[0], model.DownloadInformation{}, false},
		{"unpaid order", as(&viewer.Viewer{Email: "pending@example.com"}), photos[0], model.DownloadInformation{}, false},
		{"buyer of an order in production", as(&viewer.Viewer{Email: "prints@example.com"}), photos[1], model.DownloadInformation{}, true},
		{"buyer of the whole gallery", as(&viewer.Viewer{Email: "ALL@example.com"}), photos[1], model.DownloadInformation{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g.DownloadInformation = tc.info
			got, err := svc.CanDownloadOriginal(tc.ctx, g, tc.photo)
			if err != nil || got != tc.want {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}
