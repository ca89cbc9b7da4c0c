package server_test

import (
	"bytes"
	"encoding/json"
	"image/jpeg"
	"io"
	"net/http"
	"testing"

	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
)

// TestIngestStoresLittleAndMarksOnRequest follows one upload of issue 19:
// a web-sized original with GPS in its EXIF is stored, its viewer image is
// the original itself served without any metadata (no copy stored), and the
// watermarked web file of a gallery that sells one is made on its first
// request, marked; a gallery that sells none answers 404 and stores none.
func TestIngestStoresLittleAndMarksOnRequest(t *testing.T) {
	e, ctx, watch := newEnvWithUploads(t)
	store := e.media
	token, _ := e.token()
	auth := bearer(token)

	var created struct {
		CreateGallery struct{ Gallery struct{ ID string } }
	}
	e.graphqlWith(auth, `mutation($in: CreateGalleryInput!) { createGallery(input: $in) { gallery { id } } }`,
		map[string]any{"in": map[string]any{"url": "sans-filigrane", "eventName": "Sans filigrane",
			"settings": map[string]any{"isPublic": true}}}, &created)
	plainGallery := created.CreateGallery.Gallery.ID
	marked := e.galleryID("gala-2026")

	// An 800x600 camera-like JPEG with an EXIF block holding a GPS position.
	plain, err := media.DemoJPEG(19, 800, 600, "")
	if err != nil {
		t.Fatal(err)
	}
	exif := []byte("Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00GPSLatitude 50.85N GPSLongitude 4.35E")
	seg := append([]byte{0xFF, 0xE1, byte((len(exif) + 2) >> 8), byte(len(exif) + 2)}, exif...)
	original := append(append([]byte{0xFF, 0xD8}, seg...), plain[2:]...)

	upload := func(gid string) string {
		body, ct := multipartUpload(t, gid, map[string][]byte{"IMG_0001.jpg": original}, []string{"IMG_0001.jpg"})
		req, _ := http.NewRequest("POST", e.srv.URL+"/graphql", body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", auth["Authorization"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var up struct {
			Data struct {
				UploadPhotos struct{ Photos []struct{ ID string } }
			}
		}
		if err := json.Unmarshal(raw, &up); err != nil || len(up.Data.UploadPhotos.Photos) != 1 {
			t.Fatalf("upload: %d %s", res.StatusCode, raw)
		}
		if _, err := watch.Wait(ctx, 1); err != nil {
			t.Fatal(err)
		}
		return up.Data.UploadPhotos.Photos[0].ID
	}

	for _, tc := range []struct {
		name      string
		gallery   string
		watermark bool
	}{
		{"gallery selling a watermarked web file", marked, true},
		{"gallery selling none", plainGallery, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := upload(tc.gallery)
			p := e.db.Client.Photo.GetX(viewer.SystemContext(ctx), id)
			if p.Status != "ready" || len(p.Derivatives) == 0 || p.Derivatives[len(p.Derivatives)-1] != 800 {
				t.Fatalf("photo %s, derivatives %v", p.Status, p.Derivatives)
			}
			if ok, _ := store.Bucket.Exists(ctx, media.DerivativeKey(id, p.ContentHash, 800)); ok {
				t.Error("a same-size copy of the original was stored")
			}
			base := "/media/photos/" + id + "/" + p.ContentHash + "/"
			res, viewerBytes := e.do("GET", base+"800.jpg", nil, nil)
			if res.StatusCode != 200 || bytes.Contains(viewerBytes, []byte("GPS")) || bytes.Contains(viewerBytes, []byte("Exif")) {
				t.Fatalf("viewer: %d, %d bytes, metadata kept: %v", res.StatusCode, len(viewerBytes), bytes.Contains(viewerBytes, []byte("GPS")))
			}
			shown, err := jpeg.Decode(bytes.NewReader(viewerBytes))
			if err != nil || shown.Bounds().Dx() != 800 {
				t.Fatalf("viewer decodes to %v (%v)", shown, err)
			}
			if ok, _ := store.Bucket.Exists(ctx, media.WatermarkKey(id, p.ContentHash)); ok {
				t.Fatal("watermarked file made before it was asked for")
			}
			res, wm := e.do("GET", base+"watermark.jpg", nil, nil)
			if !tc.watermark {
				if res.StatusCode != 404 {
					t.Fatalf("watermark.jpg of a gallery selling none: %d", res.StatusCode)
				}
				if ok, _ := store.Bucket.Exists(ctx, media.WatermarkKey(id, p.ContentHash)); ok {
					t.Fatal("watermarked file stored for a gallery selling none")
				}
				return
			}
			if res.StatusCode != 200 || bytes.Equal(wm, viewerBytes) || bytes.Contains(wm, []byte("GPS")) {
				t.Fatalf("watermark.jpg: %d, %d bytes, same as the viewer: %v", res.StatusCode, len(wm), bytes.Equal(wm, viewerBytes))
			}
			got, err := jpeg.Decode(bytes.NewReader(wm))
			if err != nil || got.Bounds() != shown.Bounds() {
				t.Fatalf("watermark decodes to %v (%v), viewer %v", got, err, shown.Bounds())
			}
			stored, err := store.Bucket.ReadAll(ctx, media.WatermarkKey(id, p.ContentHash))
			if err != nil || !bytes.Equal(stored, wm) {
				t.Fatalf("watermarked file not stored (%v)", err)
			}
			if _, again := e.do("GET", base+"watermark.jpg", nil, nil); !bytes.Equal(again, wm) {
				t.Fatal("second answer differs")
			}
		})
	}
}
