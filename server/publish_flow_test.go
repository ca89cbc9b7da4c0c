package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
)

// TestPhotographerPublishesAndVisitorsSeeOnlyVisiblePhotos is the issue's
// whole journey: with a token, the photographer creates a gallery, uploads
// 20 photos in one request, sees their derivatives appear, marks two
// private; a visitor then sees the other 18 and gets the private two by no
// address of either door.
// newEnvWithUploads serves the demo with photo uploads and a started job
// runner (derivatives made as in production); watch sees derivative jobs
// end; ctx bounds the test at two minutes.
func newEnvWithUploads(t *testing.T) (*env, context.Context, *jobs.Watch) {
	t.Helper()
	e := newEnvWith(t, 1, func(w *wiring) { w.Jobs = &jobs.Config{TestOnly: true} })
	runner := e.app.Jobs
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	watch := runner.Watch(jobs.KindDerivatives)
	t.Cleanup(func() { _ = runner.Stop(context.Background()) })
	t.Cleanup(watch.Close)
	if err := runner.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return e, ctx, watch
}

func TestPhotographerPublishesAndVisitorsSeeOnlyVisiblePhotos(t *testing.T) {
	e, ctx, watch := newEnvWithUploads(t)
	token, _ := e.token()
	auth := bearer(token)

	// 1. A new public gallery.
	var created struct {
		CreateGallery struct {
			Gallery    struct{ ID string }
			UserErrors []struct{ Code string }
		}
	}
	r := e.graphqlWith(auth, `mutation($in: CreateGalleryInput!) { createGallery(input: $in) { gallery { id } userErrors { code } } }`,
		map[string]any{"in": map[string]any{"url": "bapteme-lea", "eventName": "Baptême de Léa",
			"settings": map[string]any{"isPublic": true, "collectionNames": []string{"Cérémonie"}}}}, &created)
	if len(r.Errors) > 0 || len(created.CreateGallery.UserErrors) > 0 || created.CreateGallery.Gallery.ID == "" {
		t.Fatalf("createGallery: %+v %+v", r.Errors, created)
	}
	gid := created.CreateGallery.Gallery.ID

	// 2. Twenty photos in one multipart request.
	files := map[string][]byte{}
	var names []string
	for i := range 20 {
		w, h := 96, 64
		if i%3 == 0 {
			w, h = 64, 96
		}
		data, err := media.DemoJPEG(uint64(100+i), w, h, "")
		if err != nil {
			t.Fatal(err)
		}
		n := fmt.Sprintf("LEA_%02d.jpg", i+1)
		files[n] = data
		names = append(names, n)
	}
	body, ct := multipartUpload(t, gid, files, names)
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
			UploadPhotos struct {
				Photos     []struct{ ID, Status string }
				UserErrors []any
			}
		}
	}
	if err := json.Unmarshal(raw, &up); err != nil || len(up.Data.UploadPhotos.Photos) != 20 || len(up.Data.UploadPhotos.UserErrors) != 0 {
		t.Fatalf("upload: %d %s", res.StatusCode, raw)
	}

	// 3. The derivatives appear, made by the background workers.
	if _, err := watch.Wait(ctx, 20); err != nil {
		t.Fatal(err)
	}
	const list = `query($url: String!) { gallery(url: $url) { photos(first: 100) { totalCount edges { node { id status isPrivate urls { thumbnail viewer srcSet } } } } } }`
	type listing struct {
		Gallery struct {
			Photos struct {
				TotalCount int
				Edges      []struct {
					Node struct {
						ID, Status string
						IsPrivate  bool
						URLs       struct{ Thumbnail, Viewer, SrcSet string } `json:"urls"`
					}
				}
			}
		}
	}
	var mine listing
	e.graphqlWith(auth, list, map[string]any{"url": "bapteme-lea"}, &mine)
	if mine.Gallery.Photos.TotalCount != 20 {
		t.Fatalf("photographer sees %d photos", mine.Gallery.Photos.TotalCount)
	}
	urls := map[string][]string{}
	for _, ed := range mine.Gallery.Photos.Edges {
		n := ed.Node
		if n.Status != "ready" || n.URLs.Thumbnail == "" || !strings.Contains(n.URLs.SrcSet, "w,") && !strings.HasSuffix(n.URLs.SrcSet, "w") {
			t.Fatalf("photo not ready: %+v", n)
		}
		base := strings.TrimSuffix(n.URLs.Thumbnail, n.URLs.Thumbnail[strings.LastIndexByte(n.URLs.Thumbnail, '/')+1:])
		urls[n.ID] = []string{n.URLs.Thumbnail, n.URLs.Viewer, base + "original", base + "watermark.jpg"}
		if code := e.status("GET", n.URLs.Thumbnail, nil); code != 200 {
			t.Fatalf("thumbnail %s: %d", n.URLs.Thumbnail, code)
		}
	}

	// 4. Two photos become private.
	private := []string{mine.Gallery.Photos.Edges[3].Node.ID, mine.Gallery.Photos.Edges[11].Node.ID}
	var priv struct {
		SetPhotosPrivate struct{ UserErrors []any }
	}
	r = e.graphqlWith(auth, `mutation($in: SetPhotosPrivateInput!) { setPhotosPrivate(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": gid, "photoIds": private, "isPrivate": true}}, &priv)
	if len(r.Errors) > 0 || len(priv.SetPhotosPrivate.UserErrors) > 0 {
		t.Fatalf("setPhotosPrivate: %+v %+v", r.Errors, priv)
	}

	// 5. A visitor sees 18 photos in both doors...
	var theirs listing
	e.graphql(list, map[string]any{"url": "bapteme-lea"}, &theirs)
	if theirs.Gallery.Photos.TotalCount != 18 || len(theirs.Gallery.Photos.Edges) != 18 {
		t.Fatalf("visitor sees %d photos", theirs.Gallery.Photos.TotalCount)
	}
	res2, restBody := e.do("GET", "/api/photos", nil, map[string]string{"X-Gallery-Id": gid})
	var rest []struct {
		ID string `json:"_id"`
	}
	if err := json.Unmarshal(restBody, &rest); err != nil || res2.StatusCode != 200 || len(rest) != 18 {
		t.Fatalf("GET /api/photos: %d %s", res2.StatusCode, restBody)
	}
	for _, p := range rest {
		for _, id := range private {
			if p.ID == id {
				t.Fatalf("private photo %s listed by REST", id)
			}
		}
	}
	// ...and no address of a private photo answers, not even by its id.
	for _, id := range private {
		for _, u := range urls[id] {
			if code := e.status("GET", u, nil); code != 404 {
				t.Errorf("visitor GET %s: %d, want 404", u, code)
			}
		}
		var node struct{ Node *struct{ ID string } }
		e.graphql(`query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": id}, &node)
		if node.Node != nil {
			t.Errorf("node(%s) answered a visitor", id)
		}
		if code := e.status("GET", urls[id][0], auth); code != 200 {
			t.Errorf("photographer GET %s: %d, want 200", urls[id][0], code)
		}
	}

	// HD originals: not for visitors of a gallery without free download,
	// yes for the photographer, with ranges and conditional requests.
	visible := theirs.Gallery.Photos.Edges[0].Node.ID
	orig := urls[visible][2]
	if code := e.status("GET", orig, nil); code != 403 {
		t.Errorf("visitor GET original: %d, want 403", code)
	}
	if code := e.status("GET", orig, map[string]string{"Authorization": auth["Authorization"], "Range": "bytes=0-9"}); code != 206 {
		t.Errorf("photographer range GET original: %d, want 206", code)
	}
	resT, _ := e.do("GET", urls[visible][0], nil, nil)
	etag := resT.Header.Get("ETag")
	if etag == "" || !strings.Contains(resT.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("thumbnail headers: %v", resT.Header)
	}
	if code := e.status("GET", urls[visible][0], map[string]string{"If-None-Match": etag}); code != 304 {
		t.Errorf("conditional GET: %d, want 304", code)
	}
}

// status sends a request and returns the status code.
func (e *env) status(method, path string, header map[string]string) int {
	e.t.Helper()
	res, _ := e.do(method, path, nil, header)
	return res.StatusCode
}
