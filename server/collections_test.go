package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/viewer"
)

const collectionsQuery = `query($url: String!, $collection: String) {
  gallery(url: $url) {
    collections { name photoCount }
    photos(first: 100, collection: $collection) { totalCount edges { node { id collection } } }
  }
}`

type collectionsAnswer struct {
	Gallery struct {
		Collections []struct {
			Name       string `json:"name"`
			PhotoCount int    `json:"photoCount"`
		} `json:"collections"`
		Photos struct {
			TotalCount int `json:"totalCount"`
			Edges      []struct {
				Node struct {
					ID         string `json:"id"`
					Collection string `json:"collection"`
				} `json:"node"`
			} `json:"edges"`
		} `json:"photos"`
	} `json:"gallery"`
}

func (a collectionsAnswer) counts() string {
	s := ""
	for _, c := range a.Gallery.Collections {
		s += fmt.Sprintf("%s=%d ", c.Name, c.PhotoCount)
	}
	return s
}

// The gala's 12 demo photos are in three collections of 4; its last photo
// is private. Each collection is counted and listed apart, as the viewer
// may see it: the photographer sees the private photo, a guest does not.
func TestGalleryCollectionsCountAndFilter(t *testing.T) {
	e := newEnv(t, 12)
	var all collectionsAnswer
	if r := e.graphql(collectionsQuery, map[string]any{"url": "gala-2026"}, &all); len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	if got, want := all.counts(), "Accueil=4 Spectacle=4 Soirée=3 "; got != want {
		t.Errorf("guest's counts %q, want %q", got, want)
	}
	if all.Gallery.Photos.TotalCount != 11 {
		t.Errorf("without a collection: %d photos, want 11", all.Gallery.Photos.TotalCount)
	}
	for _, c := range all.Gallery.Collections {
		var one collectionsAnswer
		if r := e.graphql(collectionsQuery, map[string]any{"url": "gala-2026", "collection": c.Name}, &one); len(r.Errors) > 0 {
			t.Fatalf("%s: errors %+v", c.Name, r.Errors)
		}
		p := one.Gallery.Photos
		if p.TotalCount != c.PhotoCount || len(p.Edges) != c.PhotoCount {
			t.Errorf("%s: totalCount %d, %d edges, want %d", c.Name, p.TotalCount, len(p.Edges), c.PhotoCount)
		}
		for _, edge := range p.Edges {
			if edge.Node.Collection != c.Name {
				t.Errorf("%s lists photo %s of %q", c.Name, edge.Node.ID, edge.Node.Collection)
			}
		}
	}
	// Pages of one collection follow each other within it.
	const paged = `query($after: Cursor) { gallery(url: "gala-2026") {
	  photos(first: 3, after: $after, collection: "Accueil") { totalCount pageInfo { hasNextPage endCursor } edges { node { id collection } } } } }`
	type page struct {
		Gallery struct {
			Photos struct {
				TotalCount int
				PageInfo   struct {
					HasNextPage bool
					EndCursor   string
				}
				Edges []struct {
					Node struct{ ID, Collection string }
				}
			}
		}
	}
	var p1, p2 page
	e.graphql(paged, nil, &p1)
	e.graphql(paged, map[string]any{"after": p1.Gallery.Photos.PageInfo.EndCursor}, &p2)
	seen := map[string]bool{}
	for _, pg := range []page{p1, p2} {
		for _, edge := range pg.Gallery.Photos.Edges {
			if edge.Node.Collection != "Accueil" || seen[edge.Node.ID] {
				t.Errorf("Accueil's pages list %+v", edge.Node)
			}
			seen[edge.Node.ID] = true
		}
	}
	if len(p1.Gallery.Photos.Edges) != 3 || !p1.Gallery.Photos.PageInfo.HasNextPage || len(p2.Gallery.Photos.Edges) != 1 || p2.Gallery.Photos.PageInfo.HasNextPage || p2.Gallery.Photos.TotalCount != 4 {
		t.Errorf("Accueil's pages: %+v then %+v", p1, p2)
	}
	var none collectionsAnswer
	e.graphql(collectionsQuery, map[string]any{"url": "gala-2026", "collection": ""}, &none)
	if none.Gallery.Photos.TotalCount != 0 {
		t.Errorf("photos in no collection: %d, want 0", none.Gallery.Photos.TotalCount)
	}
	var unknown collectionsAnswer
	e.graphql(collectionsQuery, map[string]any{"url": "gala-2026", "collection": "Inconnue"}, &unknown)
	if unknown.Gallery.Photos.TotalCount != 0 {
		t.Errorf("an unknown collection: %d photos, want 0", unknown.Gallery.Photos.TotalCount)
	}

	tok, _ := e.token()
	var own collectionsAnswer
	if r := e.another().graphqlWith(bearer(tok), collectionsQuery, map[string]any{"url": "gala-2026", "collection": "Soirée"}, &own); len(r.Errors) > 0 {
		t.Fatalf("photographer: errors %+v", r.Errors)
	}
	if got, want := own.counts(), "Accueil=4 Spectacle=4 Soirée=4 "; got != want {
		t.Errorf("photographer's counts %q, want %q", got, want)
	}
	if own.Gallery.Photos.TotalCount != 4 {
		t.Errorf("photographer's Soirée: %d photos, want 4", own.Gallery.Photos.TotalCount)
	}

	// A photo moved to another collection counts there at once.
	ctx := viewer.SystemContext(context.Background())
	p := e.db.Client.Photo.Query().Where(photo.HasGalleryWith(gallery.URL("gala-2026")), photo.Collection("Accueil")).
		Order(ent.Asc(photo.FieldPosition)).FirstX(ctx)
	e.db.Client.Photo.UpdateOne(p).SetCollection("Spectacle").ExecX(ctx)
	var moved collectionsAnswer
	e.graphql(collectionsQuery, map[string]any{"url": "gala-2026", "collection": "Spectacle"}, &moved)
	if got, want := moved.counts(), "Accueil=3 Spectacle=5 Soirée=3 "; got != want {
		t.Errorf("after a move: %q, want %q", got, want)
	}
	if moved.Gallery.Photos.TotalCount != 5 {
		t.Errorf("after a move, Spectacle lists %d photos, want 5", moved.Gallery.Photos.TotalCount)
	}
}

// Until the photographer picks a cover, the cover is the first photo the
// viewer may see; a chosen cover that became private gives way to it too;
// a gallery without photos has none.
func TestCoverIsTheFirstPhotoUntilOneIsChosen(t *testing.T) {
	e := newEnv(t, 6)
	ctx := viewer.SystemContext(context.Background())
	g := e.db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(ctx)
	photos := e.db.Client.Photo.Query().Where(photo.GalleryID(g.ID)).Order(ent.Asc(photo.FieldPosition)).AllX(ctx)
	cover := func() string {
		t.Helper()
		var d struct {
			Gallery struct {
				CoverPhoto *struct {
					ID string `json:"id"`
				} `json:"coverPhoto"`
			} `json:"gallery"`
		}
		if r := e.graphql(`{ gallery(url: "gala-2026") { coverPhoto { id } } }`, nil, &d); len(r.Errors) > 0 {
			t.Fatalf("errors: %+v", r.Errors)
		}
		if d.Gallery.CoverPhoto == nil {
			return ""
		}
		return d.Gallery.CoverPhoto.ID
	}
	// The demo chose its third photo.
	e.db.Client.Gallery.UpdateOne(g).SetCoverPhotoID(photos[2].ID).ExecX(ctx)
	if got := cover(); got != photos[2].ID {
		t.Errorf("chosen cover: %q, want %q", got, photos[2].ID)
	}
	e.db.Client.Gallery.UpdateOne(g).ClearCoverPhoto().ExecX(ctx)
	if got := cover(); got != photos[0].ID {
		t.Errorf("no cover chosen: %q, want the first photo %q", got, photos[0].ID)
	}
	// getData (REST) and the share preview say the same.
	res, body := e.do("POST", "/api/core/getData", map[string]any{"url": "gala-2026"}, nil)
	var data struct {
		Gallery struct {
			CoverPhoto *struct {
				ID string `json:"_id"`
			} `json:"coverPhoto"`
		} `json:"gallery"`
	}
	if err := json.Unmarshal(body, &data); err != nil || res.StatusCode != 200 {
		t.Fatalf("getData: %d %s", res.StatusCode, body)
	}
	if data.Gallery.CoverPhoto == nil || data.Gallery.CoverPhoto.ID != photos[0].ID {
		t.Errorf("getData's cover: %s, want %q", body, photos[0].ID)
	}
	web := fstest.MapFS{"index.html": {Data: []byte("<html><head><title>Galerie photo</title></head><body></body></html>")}}
	site := httptest.NewServer(e.plainServer(web).Handler())
	defer site.Close()
	pageRes, err := http.Get(site.URL + "/gala-2026")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(pageRes.Body)
	pageRes.Body.Close()
	if want := `property="og:image" content="http://localhost:8080/media/photos/` + photos[0].ID + "/"; !strings.Contains(string(page), want) {
		t.Errorf("the share preview lacks %s:\n%s", want, page)
	}
	// The first photo made private: the next one the guest sees.
	e.db.Client.Photo.UpdateOne(photos[0]).SetIsPrivate(true).ExecX(ctx)
	if got := cover(); got != photos[1].ID {
		t.Errorf("first photo private: %q, want %q", got, photos[1].ID)
	}
	// A chosen cover that is private gives way to the automatic one.
	e.db.Client.Gallery.UpdateOne(g).SetCoverPhotoID(photos[0].ID).ExecX(ctx)
	if got := cover(); got != photos[1].ID {
		t.Errorf("private chosen cover: %q, want %q", got, photos[1].ID)
	}
	// A photo still being processed is no cover.
	e.db.Client.Photo.UpdateOne(photos[1]).SetStatus(photo.StatusProcessing).ExecX(ctx)
	if got := cover(); got != photos[2].ID {
		t.Errorf("first visible photo processing: %q, want %q", got, photos[2].ID)
	}
	// No photo at all: no cover.
	e.db.Client.Gallery.UpdateOne(g).ClearCoverPhoto().ExecX(ctx)
	e.db.Client.Photo.Delete().Where(photo.GalleryID(g.ID)).ExecX(ctx)
	if got := cover(); got != "" {
		t.Errorf("gallery without photos: cover %q, want none", got)
	}
}
