package photographer_test

import (
	"slices"
	"testing"
	"time"

	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/photographer"
)

// TestStudioVouchersGalleryFilter: the codes screen's gallery filter keeps
// the codes limited to one gallery, those valid in every gallery (no
// gallery) or those limited to any gallery, with the other filters, and
// never another studio's codes.
func TestStudioVouchersGalleryFilter(t *testing.T) {
	f := setup(t)
	g3 := f.db.Gallery.Create().SetURL("bapteme").SetEventName("Baptême").SetPhotographer(f.pg).SaveX(f.sys)
	mk := func(code string, gallery *string) {
		t.Helper()
		if _, err := f.svc.CreateVoucher(f.owner, photographer.CreateVoucherInput{Code: ptr(code), PercentOff: ptr(10), GalleryID: gallery}); err != nil {
			t.Fatalf("voucher %s: %v", code, err)
		}
	}
	mk("PARTOUT", nil)
	mk("MARIAGE", &f.g.ID)
	mk("BAPTEME", &g3.ID)
	if _, err := f.svc.CreateGiftCard(f.owner, photographer.CreateGiftCardInput{Amount: money.Decimal(2000), GalleryID: &f.g.ID, Code: ptr("CADEAU-MARIAGE")}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.CreateGiftCard(f.owner, photographer.CreateGiftCardInput{Amount: money.Decimal(2000), Code: ptr("CADEAU-PARTOUT")}); err != nil {
		t.Fatal(err)
	}
	// Another studio's code valid in all of its galleries.
	if _, err := f.svc.CreateVoucher(f.other, photographer.CreateVoucherInput{Code: ptr("AILLEURS"), PercentOff: ptr(5)}); err != nil {
		t.Fatal(err)
	}
	list := func(vf photographer.VoucherFilter) []string {
		t.Helper()
		vs, err := f.svc.StudioVouchers(f.owner, vf, time.Now())
		if err != nil {
			t.Fatalf("%+v: %v", vf, err)
		}
		var out []string
		for _, v := range vs {
			out = append(out, v.Code)
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		name string
		f    photographer.VoucherFilter
		want []string
	}{
		{"everything", photographer.VoucherFilter{}, []string{"BAPTEME", "CADEAU-MARIAGE", "CADEAU-PARTOUT", "MARIAGE", "PARTOUT"}},
		{"all galleries", photographer.VoucherFilter{GalleryScope: photographer.VoucherAllGalleries}, []string{"CADEAU-PARTOUT", "PARTOUT"}},
		{"one gallery", photographer.VoucherFilter{GalleryScope: photographer.VoucherOneGallery}, []string{"BAPTEME", "CADEAU-MARIAGE", "MARIAGE"}},
		{"the wedding", photographer.VoucherFilter{GalleryID: &f.g.ID}, []string{"CADEAU-MARIAGE", "MARIAGE"}},
		{"the wedding, scoped", photographer.VoucherFilter{GalleryID: &f.g.ID, GalleryScope: photographer.VoucherOneGallery}, []string{"CADEAU-MARIAGE", "MARIAGE"}},
		{"the christening", photographer.VoucherFilter{GalleryID: &g3.ID}, []string{"BAPTEME"}},
		{"another studio's gallery", photographer.VoucherFilter{GalleryID: &f.g2.ID}, nil},
		{"all galleries, searched", photographer.VoucherFilter{GalleryScope: photographer.VoucherAllGalleries, Search: "cadeau"}, []string{"CADEAU-PARTOUT"}},
		{"all galleries, disabled", photographer.VoucherFilter{GalleryScope: photographer.VoucherAllGalleries, Status: photographer.VoucherDisabled}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := list(tc.f); !slices.Equal(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
	_, err := f.svc.StudioVouchers(f.owner, photographer.VoucherFilter{GalleryID: &f.g.ID, GalleryScope: photographer.VoucherAllGalleries}, time.Now())
	wantUserError(t, err, "invalid_value", "galleryScope")
	_, err = f.svc.StudioVouchers(f.owner, photographer.VoucherFilter{GalleryScope: "elsewhere"}, time.Now())
	wantUserError(t, err, "invalid_value", "galleryScope")
	_, err = f.svc.StudioVouchers(f.anon, photographer.VoucherFilter{GalleryScope: photographer.VoucherAllGalleries}, time.Now())
	wantCode(t, err, "unauthorized")
}
