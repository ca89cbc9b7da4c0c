package server_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// The gallery answers are kept in memory (gallerycache.go): they must
// change as soon as the data changes, carry an ETag, and never cross from
// one kind of viewer to another.
func TestGalleryAnswersFollowChangesAndViewers(t *testing.T) {
	e := newEnv(t, 6)
	ctx := viewer.SystemContext(context.Background())
	gala := e.galleryID("gala-2026")
	photos := func(b *env, galleryID string, header map[string]string) (int, string, []map[string]any) {
		t.Helper()
		h := map[string]string{"X-Gallery-Id": galleryID}
		for k, v := range header {
			h[k] = v
		}
		res, body := b.do("GET", "/api/photos", nil, h)
		var list []map[string]any
		if res.StatusCode == 200 {
			if err := json.Unmarshal(body, &list); err != nil {
				t.Fatalf("photos %s: %v", body, err)
			}
		}
		return res.StatusCode, res.Header.Get("ETag"), list
	}

	// ETag and If-None-Match.
	status, tag, list := photos(e, gala, nil)
	if status != 200 || tag == "" || len(list) == 0 {
		t.Fatalf("photos: %d, etag %q, %d photos", status, tag, len(list))
	}
	if status, tag2, _ := photos(e, gala, nil); status != 200 || tag2 != tag {
		t.Fatalf("second call: %d, etag %q, want %q", status, tag2, tag)
	}
	if status, _, _ := photos(e, gala, map[string]string{"If-None-Match": tag}); status != 304 {
		t.Fatalf("If-None-Match: %d, want 304", status)
	}

	// A change shows at once, in REST and GraphQL.
	q := `query($url: String!) { gallery(url: $url) { eventName photos(first: 100) { totalCount edges { node { filename } } } } }`
	type answer struct {
		Gallery struct {
			EventName string
			Photos    struct {
				TotalCount int
				Edges      []struct{ Node struct{ Filename string } }
			}
		}
	}
	var before answer
	if r := e.graphql(q, map[string]any{"url": "gala-2026"}, &before); len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	first := e.db.Client.Photo.Query().Where(photo.GalleryID(gala)).Order(photo.ByPosition()).FirstX(ctx)
	e.db.Client.Photo.UpdateOne(first).SetFilename("renamed.jpg").ExecX(ctx)
	e.db.Client.Gallery.UpdateOneID(gala).SetEventName("Gala renommé").ExecX(ctx)
	status, tag3, list := photos(e, gala, nil)
	if status != 200 || tag3 == tag || list[0]["filename"] != "renamed.jpg" {
		t.Fatalf("after the change: %d, etag %q (was %q), first %v", status, tag3, tag, list[0]["filename"])
	}
	if status, _, _ := photos(e, gala, map[string]string{"If-None-Match": tag}); status != 200 {
		t.Fatalf("old ETag after the change: %d, want 200", status)
	}
	var after answer
	if r := e.graphql(q, map[string]any{"url": "gala-2026"}, &after); len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	if after.Gallery.EventName != "Gala renommé" || after.Gallery.Photos.Edges[0].Node.Filename != "renamed.jpg" {
		t.Fatalf("GraphQL after the change: %+v", after.Gallery)
	}

	// A protected gallery: the client sees client-hidden photos, the
	// visitor does not, a stranger sees nothing, whatever was asked first.
	wedding := e.galleryID("julie-et-thomas")
	hidden := e.db.Client.Photo.Query().Where(photo.GalleryID(wedding), photo.IsPrivate(false)).Order(photo.ByPosition()).FirstX(ctx)
	e.db.Client.Photo.UpdateOne(hidden).SetClientHidden(true).ExecX(ctx)
	client := e.person("julie@example.com", wedding, seed.DemoClientCode)
	guest := e.person("guest@example.com", wedding, seed.DemoVisitorCode)
	stranger := e.another()
	for round := 0; round < 2; round++ {
		_, _, cl := photos(client, wedding, nil)
		_, _, gl := photos(guest, wedding, nil)
		if len(cl) == 0 || len(gl) != len(cl)-1 {
			t.Fatalf("round %d: client sees %d photos, guest %d: want one fewer", round, len(cl), len(gl))
		}
		for _, p := range gl {
			if p["_id"] == hidden.ID {
				t.Fatal("the guest sees the client-hidden photo")
			}
		}
		if status, _, _ := photos(stranger, wedding, nil); status == 200 {
			t.Fatalf("round %d: a stranger got the protected gallery's photos", round)
		}
		wq := `query { gallery(url: "julie-et-thomas") { auth { connectedAs } photos(first: 100) { totalCount } } }`
		var ca, ga struct {
			Gallery struct {
				Auth   struct{ ConnectedAs string }
				Photos struct{ TotalCount int }
			}
		}
		if r := client.graphql(wq, nil, &ca); len(r.Errors) > 0 || ca.Gallery.Auth.ConnectedAs != "client" {
			t.Fatalf("client: %+v %+v", r.Errors, ca)
		}
		if r := guest.graphql(wq, nil, &ga); len(r.Errors) > 0 || ga.Gallery.Photos.TotalCount != ca.Gallery.Photos.TotalCount-1 {
			t.Fatalf("guest: %+v %+v (client %+v)", r.Errors, ga, ca)
		}
		if r := stranger.graphql(wq, nil, nil); len(r.Errors) == 0 {
			t.Fatalf("round %d: a stranger got the protected gallery's photos through GraphQL", round)
		}
	}

	// Unpublishing hides the gallery at once.
	e.db.Client.Gallery.Update().Where(gallery.ID(gala)).SetPublished(false).ExecX(ctx)
	if status, _, _ := photos(e, gala, nil); status == 200 {
		t.Fatal("an unpublished gallery's photos are still served")
	}
	if r := e.graphql(q, map[string]any{"url": "gala-2026"}, nil); len(r.Errors) == 0 {
		t.Fatal("an unpublished gallery is still answered")
	}
}
