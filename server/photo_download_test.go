package server_test

import (
	"bytes"
	"context"
	"image/jpeg"
	"net/http"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

type photoURLs struct {
	Viewer, SrcSet, Original, WebDownload string
}

// urlsOf asks GraphQL for a photo's addresses, as the viewer does.
func (e *env) urlsOf(photoID string) photoURLs {
	e.t.Helper()
	var out struct {
		Node struct {
			Urls photoURLs
		}
	}
	if r := e.graphql(`query($id: ID!) { node(id: $id) { ... on Photo { urls { viewer srcSet original webDownload } } } }`,
		map[string]any{"id": photoID}, &out); len(r.Errors) > 0 {
		e.t.Fatalf("photo urls: %+v", r.Errors)
	}
	return out.Node.Urls
}

// TestPhotoFreeDownloadFromTheViewer: the viewer's one-tap download of a
// photo goes through the media addresses the API gives. The HD original
// (urls.original) is served as an attachment, byte for byte, to whom the
// gallery gives HD files for free (everyone on the gala; only its clients
// on the wedding, which sets clientsOnly), and refused with 403 to the
// others, exactly like before; once the gala stops giving its files away
// the visitor is refused too. The web file (urls.webDownload) is the
// viewer image saved under the photo's name (a .jpg).
func TestPhotoFreeDownloadFromTheViewer(t *testing.T) {
	e := newEnv(t, 3)
	ctx := viewer.SystemContext(context.Background())
	db := e.db.Client
	first := func(url string) *ent.Photo {
		g := db.Gallery.Query().Where(gallery.URL(url)).OnlyX(ctx)
		return db.Photo.Query().Where(photo.GalleryID(g.ID), photo.IsPrivate(false)).Order(ent.Asc(photo.FieldPosition)).FirstX(ctx)
	}
	gala, wed := first("gala-2026"), first("julie-et-thomas")
	weddingID := e.galleryID("julie-et-thomas")

	get := func(who *env, path string) (*http.Response, []byte) {
		t.Helper()
		return who.do("GET", path, nil, nil)
	}
	visitor := e.another()
	u := visitor.urlsOf(gala.ID)
	if u.Original != "/media/photos/"+gala.ID+"/"+gala.ContentHash+"/original" {
		t.Fatalf("original = %q", u.Original)
	}
	res, body := get(visitor, u.Original)
	want, _ := e.media.Bucket.ReadAll(ctx, media.OriginalKey(gala.ID, gala.ContentHash))
	if res.StatusCode != 200 || !bytes.Equal(body, want) || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), gala.Filename) {
		t.Fatalf("gala original for a visitor: %d %q (%d bytes, want %d)", res.StatusCode, res.Header.Get("Content-Disposition"), len(body), len(want))
	}
	web := media.Pick(gala.Derivatives, media.WebWidth)
	if u.WebDownload != media.URL(gala.ID, gala.ContentHash, web)+"?download=1" {
		t.Fatalf("webDownload = %q", u.WebDownload)
	}
	res, body = get(visitor, u.WebDownload)
	name := strings.TrimSuffix(gala.Filename, ".jpg") + ".jpg"
	if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != "attachment; filename="+name || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("web download: %d %q %q", res.StatusCode, res.Header.Get("Content-Disposition"), res.Header.Get("Content-Type"))
	}
	if img, err := jpeg.Decode(bytes.NewReader(body)); err != nil || img.Bounds().Dx() != web {
		t.Fatalf("web download is not the %d px file (%v)", web, err)
	}
	// Shown, not downloaded: no attachment without ?download.
	if res, _ := get(visitor, u.Viewer); res.StatusCode != 200 || res.Header.Get("Content-Disposition") != "" {
		t.Fatalf("viewer image: %d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
	}

	// The wedding gives its files to its clients only.
	guest := e.person("invite@example.com", weddingID, seed.DemoVisitorCode)
	if res, _ := get(guest, guest.urlsOf(wed.ID).Original); res.StatusCode != http.StatusForbidden {
		t.Errorf("wedding original for a guest: %d, want 403", res.StatusCode)
	}
	couple := e.person(seed.DemoClientEmail, weddingID, seed.DemoClientCode)
	if res, body := get(couple, couple.urlsOf(wed.ID).Original); res.StatusCode != 200 || len(body) == 0 || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("wedding original for its client: %d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
	}
	// Someone who cannot open the wedding gets nothing, not even its web file.
	stranger := e.another()
	if res, _ := get(stranger, media.DownloadURL(wed.ID, wed.ContentHash, media.Pick(wed.Derivatives, media.WebWidth))); res.StatusCode == 200 {
		t.Errorf("web download of a closed gallery: %d", res.StatusCode)
	}

	// The gala stops giving its files away: the original is refused.
	g := db.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(ctx)
	db.Gallery.UpdateOne(g).SetDownloadInformation(model.DownloadInformation{}).ExecX(ctx)
	later := e.another()
	if res, _ := get(later, u.Original); res.StatusCode != http.StatusForbidden {
		t.Errorf("gala original once downloads are not free: %d, want 403", res.StatusCode)
	}
}

// TestRetinaDerivatives: an original wider than 2048 px gets a 2560 px
// derivative (and no more), listed in urls.srcSet and served; the viewer's
// default file stays the 2048 px web file, and a width the photo does not
// have is not found.
func TestRetinaDerivatives(t *testing.T) {
	e := newEnv(t, 3)
	ctx := viewer.SystemContext(context.Background())
	db := e.db.Client
	g := db.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(ctx)
	p := db.Photo.Query().Where(photo.GalleryID(g.ID), photo.IsPrivate(false)).FirstX(ctx)
	data, err := media.DemoJPEG(7, 3200, 2000, "retina")
	if err != nil {
		t.Fatal(err)
	}
	info, err := e.media.Ingest(context.Background(), p.ID, data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(info.Widths, []int{320, 640, 1280, 2048, 2560}) {
		t.Fatalf("widths %v", info.Widths)
	}
	p = db.Photo.UpdateOne(p).SetContentHash(info.Hash).SetDerivatives(info.Widths).SetWidth(info.Width).SetHeight(info.Height).SaveX(ctx)

	u := e.another().urlsOf(p.ID)
	if !strings.Contains(u.SrcSet, media.URL(p.ID, p.ContentHash, 2560)+" 2560w") || !strings.Contains(u.SrcSet, " 2048w") {
		t.Errorf("srcSet %q", u.SrcSet)
	}
	if u.Viewer != media.URL(p.ID, p.ContentHash, 2048) {
		t.Errorf("viewer %q, want the 2048 px file", u.Viewer)
	}
	res, body := e.do("GET", media.URL(p.ID, p.ContentHash, 2560), nil, nil)
	if res.StatusCode != 200 {
		t.Fatalf("2560: %d", res.StatusCode)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(body))
	if err != nil || cfg.Width != 2560 || cfg.Height != 1600 {
		t.Fatalf("2560 file is %dx%d (%v)", cfg.Width, cfg.Height, err)
	}
	if res, _ := e.do("GET", media.URL(p.ID, p.ContentHash, 3200), nil, nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("3200: %d, want 404", res.StatusCode)
	}
}

// TestWebPServedWhereLibvipsIs: where libvips makes the derivatives, a
// derivative's address serves its WebP twin to a browser that accepts
// WebP and the JPEG to one that does not, both with Vary: Accept and their
// own ETag; a web download stays the JPEG file. The pure Go build makes no
// WebP (skipped there: run it with -tags vips, as make test-media-vips does).
func TestWebPServedWhereLibvipsIs(t *testing.T) {
	if b := media.Backend(); !strings.HasPrefix(b, "libvips") {
		t.Skipf("images use %s in this build, which has no WebP encoder: go test -tags vips (make test-media-vips) runs this", b)
	}
	e := newEnv(t, 2)
	ctx := viewer.SystemContext(context.Background())
	g := e.db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(ctx)
	p := e.db.Client.Photo.Query().Where(photo.GalleryID(g.ID), photo.IsPrivate(false)).FirstX(ctx)
	url := media.URL(p.ID, p.ContentHash, media.Pick(p.Derivatives, media.ThumbnailWidth))
	const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

	res, body := e.do("GET", url, nil, map[string]string{"Accept": chrome})
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" || !strings.Contains(res.Header.Get("Vary"), "Accept") {
		t.Fatalf("webp: %d, type %q, vary %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Vary"))
	}
	cfg, err := webp.DecodeConfig(bytes.NewReader(body))
	if err != nil || cfg.Width != media.Pick(p.Derivatives, media.ThumbnailWidth) {
		t.Fatalf("webp body: %+v %v", cfg, err)
	}
	webpTag := res.Header.Get("ETag")

	jres, jbody := e.do("GET", url, nil, map[string]string{"Accept": "image/jpeg,*/*;q=0.5"})
	if jres.StatusCode != 200 || jres.Header.Get("Content-Type") != "image/jpeg" || !strings.Contains(jres.Header.Get("Vary"), "Accept") {
		t.Fatalf("jpeg: %d, type %q, vary %q", jres.StatusCode, jres.Header.Get("Content-Type"), jres.Header.Get("Vary"))
	}
	if _, err := jpeg.DecodeConfig(bytes.NewReader(jbody)); err != nil {
		t.Fatalf("jpeg body: %v", err)
	}
	if webpTag == "" || webpTag == jres.Header.Get("ETag") {
		t.Fatalf("ETags: webp %q, jpeg %q", webpTag, jres.Header.Get("ETag"))
	}
	t.Logf("thumbnail: %d bytes of WebP, %d of JPEG", len(body), len(jbody))
	if res, _ := e.do("GET", url, nil, map[string]string{"Accept": chrome, "If-None-Match": webpTag}); res.StatusCode != http.StatusNotModified {
		t.Errorf("webp revalidation: %d", res.StatusCode)
	}
	if res, _ := e.do("GET", url, nil, map[string]string{"Accept": "image/webp;q=0, image/jpeg"}); res.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("image/webp;q=0 got %q", res.Header.Get("Content-Type"))
	}
	if res, _ := e.do("GET", url+"?download=1", nil, map[string]string{"Accept": chrome}); res.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("web download: %q, want the JPEG file", res.Header.Get("Content-Type"))
	}
}
