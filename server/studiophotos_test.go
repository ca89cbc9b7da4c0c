package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/server"
)

// TestStudioCollections renames and deletes collections over GraphQL: the
// photos follow a renamed collection and leave a deleted one; an unknown
// name is collection_not_found, a taken one duplicate, and another
// photographer is refused.
func TestStudioCollections(t *testing.T) {
	e := newEnv(t, 6)
	token, _ := e.token()
	auth := bearer(token)
	ctx := viewer.SystemContext(t.Context())
	g := e.db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(ctx)
	if len(g.CollectionNames) < 2 {
		t.Fatalf("demo collections: %v", g.CollectionNames)
	}
	var from, other string
	var inFrom, at int
	for i, name := range g.CollectionNames {
		if n := e.db.Client.Photo.Query().Where(photo.GalleryID(g.ID), photo.Collection(name)).CountX(ctx); n > 0 && from == "" {
			from, inFrom, at = name, n, i
		} else if other == "" {
			other = name
		}
	}
	if from == "" || other == "" {
		t.Fatalf("demo collections: %v", g.CollectionNames)
	}
	type payload struct {
		Gallery *struct {
			CollectionNames []string
		}
		UserErrors []struct {
			Code  string
			Field []string
		}
	}
	call := func(mutation string, in map[string]any) payload {
		t.Helper()
		var out map[string]payload
		r := e.graphqlWith(auth, `mutation($in: `+map[string]string{"renameCollection": "RenameCollectionInput!", "deleteCollection": "DeleteCollectionInput!"}[mutation]+`) { `+
			mutation+`(input: $in) { gallery { collectionNames } userErrors { code field } } }`, map[string]any{"in": in}, &out)
		if len(r.Errors) > 0 {
			t.Fatalf("%s: %+v", mutation, r.Errors)
		}
		return out[mutation]
	}

	p := call("renameCollection", map[string]any{"galleryId": g.ID, "name": from, "newName": "Le spectacle"})
	if p.Gallery == nil || p.Gallery.CollectionNames[at] != "Le spectacle" || len(p.Gallery.CollectionNames) != len(g.CollectionNames) {
		t.Fatalf("rename: %+v", p)
	}
	if n := e.db.Client.Photo.Query().Where(photo.GalleryID(g.ID), photo.Collection("Le spectacle")).CountX(ctx); n != inFrom {
		t.Fatalf("%d photos followed the rename, want %d", n, inFrom)
	}
	p = call("renameCollection", map[string]any{"galleryId": g.ID, "name": "Le spectacle", "newName": other})
	if p.Gallery != nil || len(p.UserErrors) != 1 || p.UserErrors[0].Code != "duplicate" {
		t.Fatalf("rename onto a taken name: %+v", p)
	}
	p = call("renameCollection", map[string]any{"galleryId": g.ID, "name": "Inconnue", "newName": "X"})
	if p.Gallery != nil || len(p.UserErrors) != 1 || p.UserErrors[0].Code != "collection_not_found" {
		t.Fatalf("rename of an unknown collection: %+v", p)
	}
	p = call("deleteCollection", map[string]any{"galleryId": g.ID, "name": "Le spectacle"})
	if p.Gallery == nil || slices.Contains(p.Gallery.CollectionNames, "Le spectacle") {
		t.Fatalf("delete: %+v", p)
	}
	if n := e.db.Client.Photo.Query().Where(photo.GalleryID(g.ID), photo.Collection("")).CountX(ctx); n < inFrom {
		t.Fatalf("%d photos in no collection, want at least %d", n, inFrom)
	}
	r := e.graphql(`mutation($in: DeleteCollectionInput!) { deleteCollection(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": g.ID, "name": other}}, nil)
	if c := errorCode(r); c != "unauthorized" {
		t.Fatalf("stranger: %q %+v", c, r)
	}
}

// TestGalleryPhotoStatusesFollowsUploads: the studio, signed in by its
// session cookie, subscribes over the websocket and sees the counts by
// status move as an uploaded photo becomes ready.
func TestGalleryPhotoStatusesFollowsUploads(t *testing.T) {
	e, ctx, watch := newEnvWithUploads(t)
	token, _ := e.token()
	gid := e.galleryID("gala-2026")
	sctx := viewer.SystemContext(ctx)
	ready := e.db.Client.Photo.Query().Where(photo.GalleryID(gid), photo.StatusEQ(photo.StatusReady)).CountX(sctx)

	// Signed in as the studio is: the session cookie from /playground?token=.
	res, err := e.web.Get(e.srv.URL + "/playground?token=" + url.QueryEscape(token))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	ws := dialWS(t, e, "graphql-transport-ws", true)
	ws.mustInit(nil)
	const sub = `subscription($g: ID!) { galleryPhotoStatuses(galleryId: $g) { galleryId processing ready failed } }`
	ws.subscribe("1", sub, map[string]any{"g": gid})
	type counts struct {
		GalleryID                 string
		Processing, Ready, Failed int
	}
	next := func() counts {
		t.Helper()
		r := ws.result("1")
		var d struct{ GalleryPhotoStatuses *counts }
		if len(r.Errors) > 0 || json.Unmarshal(r.Data, &d) != nil || d.GalleryPhotoStatuses == nil {
			t.Fatalf("subscription: %+v %s", r, r.Data)
		}
		return *d.GalleryPhotoStatuses
	}
	if c := next(); c.GalleryID != gid || c.Ready != ready || c.Processing != 0 {
		t.Fatalf("first counts %+v, want %d ready", c, ready)
	}

	data, err := media.DemoJPEG(240, 320, 240, "")
	if err != nil {
		t.Fatal(err)
	}
	c := tusClient{t: t, base: e.srv.URL, token: token}
	loc, a := c.create(gid, "live.jpg", len(data))
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	if a := c.patch(loc, 0, data); a.status != http.StatusNoContent || a.header.Get(server.PhotoIDHeader) == "" {
		t.Fatalf("PATCH: %d %s", a.status, a.body)
	}
	if _, err := watch.Wait(ctx, 1); err != nil {
		t.Fatal(err)
	}
	for got := next(); got.Ready != ready+1 || got.Processing != 0; got = next() {
		t.Logf("counts %+v", got)
	}

	// Someone else's subscription is refused.
	b := e.another()
	ws2 := dialWS(t, b, "graphql-transport-ws", true)
	ws2.mustInit(nil)
	ws2.subscribe("1", sub, map[string]any{"g": gid})
	if r := ws2.result("1"); r.code() != "unauthorized" {
		t.Fatalf("stranger's subscription: %+v", r)
	}
}
