package server_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/clientdocs"
	"github.com/studio/gallery/internal/viewer"
)

// The photo viewer's PhotoNode answers are kept per class of viewer in the
// photo's gallery: a new guest of a class already seen sends no statement,
// and no class ever gets what another class sees: a private photo, or one
// hidden from visitors, stays unknown to those who may not see it, whoever
// asked first.
func TestPhotoNodeAnswersAreKeptPerClass(t *testing.T) {
	t.Setenv("CACHE_TTL", "10m")
	e := newEnv(t, 12)
	docs, err := clientdocs.Load(clientdocs.Path(".."))
	if err != nil {
		t.Fatal(err)
	}
	ctx := viewer.SystemContext(context.Background())
	jt := e.galleryID("julie-et-thomas")
	ps := e.db.Client.Photo.Query().Where(photo.GalleryID(jt)).Order(photo.ByPosition()).Limit(3).AllX(ctx)
	open, private, hidden := ps[0].ID, ps[1].ID, ps[2].ID
	e.db.Client.Photo.UpdateOneID(private).SetIsPrivate(true).ExecX(ctx)
	e.db.Client.Photo.UpdateOneID(hidden).SetClientHidden(true).ExecX(ctx)

	ask := func(v clientViewer, id string) (statements int64, answer string) {
		t.Helper()
		body, err := docs.Body("PhotoNode", map[string]any{"photoId": id})
		if err != nil {
			t.Fatal(err)
		}
		e.counter.Reset()
		rec := httptest.NewRecorder()
		e.app.Handler().ServeHTTP(rec, v.requestOf(body))
		out := plainBody(t, rec)
		var r gqlResponse
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("%s: %s", v.name, out)
		}
		if len(r.Errors) > 0 {
			return e.counter.Count(), "error"
		}
		var d struct {
			Node *struct{ ID string } `json:"node"`
		}
		_ = json.Unmarshal(r.Data, &d)
		if d.Node == nil {
			return e.counter.Count(), "null"
		}
		return e.counter.Count(), d.Node.ID
	}

	vs := clientViewers(e, 0)
	byName := map[string]clientViewer{}
	for _, v := range vs {
		byName[v.name] = v
	}
	stranger := clientViewer{"stranger", "julie-et-thomas", nil, e.another()}
	// Those who may see more ask first.
	order := []string{"photographer", "client", "visitor"}
	want := map[string]map[string]bool{ // viewer -> photo -> seen
		"photographer": {open: true, private: true, hidden: true},
		"client":       {open: true, private: false, hidden: true},
		"visitor":      {open: true, private: false, hidden: false},
	}
	for _, id := range []string{private, hidden, open} {
		for _, name := range order {
			n, got := ask(byName[name], id)
			t.Logf("%-12s photo %s: %d statements (first of its class)", name, id, n)
			if seen := got == id; seen != want[name][id] {
				t.Errorf("%s asked for photo %s: got %q, want seen=%v", name, id, got, want[name][id])
			}
		}
		if _, got := ask(stranger, id); got == id {
			t.Errorf("a stranger to the protected gallery saw photo %s", id)
		}
	}
	// A new visitor and a new client: kept answers, no statement.
	for name, v := range map[string]clientViewer{"visitor": clientViewers(e, 1)[1], "client": clientViewers(e, 1)[2]} {
		n, got := ask(v, open)
		if got != open {
			t.Errorf("a new %s did not see the open photo: %q", name, got)
		}
		if n != 0 {
			t.Errorf("a new %s's PhotoNode sent %d statements, want 0 (kept per class)", name, n)
		}
		if _, got := ask(v, private); got == private {
			t.Errorf("a new %s saw the private photo", name)
		}
	}
	// The photographer makes the open photo private: nobody but them sees it
	// on the next request.
	e.db.Client.Photo.UpdateOneID(open).SetIsPrivate(true).ExecX(ctx)
	for _, name := range []string{"client", "visitor"} {
		if _, got := ask(byName[name], open); got == open {
			t.Errorf("%s still sees the photo made private", name)
		}
	}
}
