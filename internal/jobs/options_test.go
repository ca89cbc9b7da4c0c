package jobs

import (
	"context"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// TestDerivativeOptionsFollowTheGallery checks what the worker asks of the
// media store: the viewer bound from the theme, and a watermark with the
// photographer's name only when a watermarked web file is on sale.
func TestDerivativeOptionsFollowTheGallery(t *testing.T) {
	db := testdb.Open(t).Client
	ctx := viewer.SystemContext(context.Background())
	pg := db.Photographer.Create().SetName("Studio Lumière").SetEmail("studio@example.com").SaveX(ctx)
	web, hd := format.DigitalQualityWeb, format.DigitalQualityHd
	type fmtSpec struct {
		kind      format.Kind
		quality   *format.DigitalQuality
		watermark bool
		withdrawn bool
	}
	for _, tc := range []struct {
		name    string
		limit   bool
		formats []fmtSpec
		want    media.DerivativeOptions
	}{
		{"no formats, unbounded viewer", false, nil, media.DerivativeOptions{}},
		{"bounded viewer", true, nil, media.DerivativeOptions{ViewerMaxSize: 1600}},
		{"prints only", true, []fmtSpec{{kind: format.KindPrint, watermark: true}}, media.DerivativeOptions{ViewerMaxSize: 1600}},
		{"web file without watermark", true, []fmtSpec{{kind: format.KindDigital, quality: &web}}, media.DerivativeOptions{ViewerMaxSize: 1600}},
		{"watermarked HD file", true, []fmtSpec{{kind: format.KindDigital, quality: &hd, watermark: true}}, media.DerivativeOptions{ViewerMaxSize: 1600}},
		{"withdrawn watermarked web file", true, []fmtSpec{{kind: format.KindDigital, quality: &web, watermark: true, withdrawn: true}}, media.DerivativeOptions{ViewerMaxSize: 1600}},
		{"watermarked web file", true, []fmtSpec{{kind: format.KindPrint}, {kind: format.KindDigital, quality: &web, watermark: true}},
			media.DerivativeOptions{ViewerMaxSize: 1600, Watermark: true, WatermarkText: "Studio Lumière"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			theme := model.DefaultTheme()
			theme.ViewerLimitSize, theme.ViewerMaxSize = tc.limit, 1600
			g := db.Gallery.Create().SetURL("g-" + ids(tc.name)).SetEventName(tc.name).SetPhotographer(pg).SetTheme(theme).SaveX(ctx)
			cat := db.Category.Create().SetGallery(g).SetName("c").SaveX(ctx)
			fam := db.Family.Create().SetGallery(g).SetCategory(cat).SetName("f").SaveX(ctx)
			for _, f := range tc.formats {
				db.Format.Create().SetGallery(g).SetFamily(fam).SetUnitPrice(100).SetKind(f.kind).
					SetNillableDigitalQuality(f.quality).SetWatermark(f.watermark).SetWithdrawn(f.withdrawn).ExecX(ctx)
			}
			p := db.Photo.Create().SetGallery(g).SetFilename("a.jpg").SetWidth(10).SetHeight(10).SetIsPrivate(true).SaveX(ctx)
			got, err := loadPhoto(ctx, db, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			if o := derivativeOptions(got.Edges.Gallery); o != tc.want {
				t.Fatalf("options %+v, want %+v", o, tc.want)
			}
		})
	}
	if _, err := loadPhoto(ctx, db, "pho_missing"); !ent.IsNotFound(err) {
		t.Fatalf("missing photo: %v", err)
	}
}

// ids turns a case name into a slug.
func ids(name string) string {
	out := []byte{}
	for _, c := range []byte(name) {
		if c >= 'a' && c <= 'z' {
			out = append(out, c)
		}
	}
	return string(out)
}
