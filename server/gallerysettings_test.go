package server_test

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/galleryvisit"
	"github.com/studio/gallery/internal/viewer"
)

// clientPage serves the client page (a minimal index.html) over e's database.
func (e *env) clientPage(t *testing.T) *httptest.Server {
	t.Helper()
	web := fstest.MapFS{"index.html": {Data: []byte(`<html><head><title>Galerie</title></head><body><div id="root"></div></body></html>`)}}
	srv := httptest.NewServer(e.plainServer(web).Handler())
	t.Cleanup(srv.Close)
	return srv
}

// browser is a guest's browser: its own cookies.
func browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar}
}

func pageStatus(t *testing.T, c *http.Client, url string, header map[string]string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestGalleryStatusArchiveAndExpiry: archiving a gallery, or its expiry
// date passing, takes it offline for its guests (gallery_offline, the page
// answered 410) while its photographer still opens it; putting it back
// online, or removing the expiry, opens it again.
func TestGalleryStatusArchiveAndExpiry(t *testing.T) {
	e := newEnv(t, 2)
	plain, _ := e.token()
	gala := e.galleryID("gala-2026")
	type status struct {
		Status     string
		ArchivedAt *string
		ExpiresAt  *string
		Expired    bool
	}
	update := func(settings map[string]any) status {
		t.Helper()
		var out struct {
			UpdateGallery struct {
				Gallery    *status
				UserErrors []struct{ Code string }
			}
		}
		r := e.graphqlWith(bearer(plain), `mutation($in: UpdateGalleryInput!) { updateGallery(input: $in) {
			gallery { status archivedAt expiresAt expired } userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala, "settings": settings}}, &out)
		if len(r.Errors) > 0 || out.UpdateGallery.Gallery == nil {
			t.Fatalf("updateGallery %v: %+v %+v", settings, r.Errors, out)
		}
		return *out.UpdateGallery.Gallery
	}
	guestCode := func() string {
		t.Helper()
		return errorCode(e.another().graphql(`{ gallery(url: "gala-2026") { id eventName } }`, nil, nil))
	}
	ownerSees := func() string {
		t.Helper()
		var out struct{ Gallery struct{ Status string } }
		if r := e.graphqlWith(bearer(plain), `{ gallery(url: "gala-2026") { status } }`, nil, &out); len(r.Errors) > 0 {
			t.Fatalf("the photographer's gallery: %+v", r.Errors)
		}
		return out.Gallery.Status
	}
	page := e.clientPage(t)

	if st := update(map[string]any{}); st.Status != "published" || st.ArchivedAt != nil || st.ExpiresAt != nil || st.Expired {
		t.Fatalf("before: %+v", st)
	}
	if code := guestCode(); code != "" {
		t.Fatalf("published gallery: %s", code)
	}
	if s := pageStatus(t, browser(), page.URL+"/gala-2026", nil); s != 200 {
		t.Fatalf("published gallery page: %d", s)
	}

	st := update(map[string]any{"archived": true})
	if st.Status != "archived" || st.ArchivedAt == nil {
		t.Fatalf("archived: %+v", st)
	}
	if code := guestCode(); code != "gallery_offline" {
		t.Fatalf("archived gallery, guest: %q", code)
	}
	if s := ownerSees(); s != "archived" {
		t.Fatalf("archived gallery, photographer: %q", s)
	}
	if s := pageStatus(t, browser(), page.URL+"/gala-2026/photos/x", nil); s != http.StatusGone {
		t.Fatalf("archived gallery page: %d, want 410", s)
	}
	if s := pageStatus(t, browser(), page.URL+"/gala-2026", bearer(plain)); s != 200 {
		t.Fatalf("archived gallery page, photographer: %d", s)
	}
	// REST answers the same code.
	if res, body := e.another().do("POST", "/api/core/getData", map[string]any{"url": "gala-2026"}, nil); res.StatusCode != http.StatusGone ||
		!strings.Contains(string(body), "gallery_offline") {
		t.Fatalf("REST getData of an archived gallery: %d %s", res.StatusCode, body)
	}
	// Archiving twice keeps the first date.
	if again := update(map[string]any{"archived": true}); *again.ArchivedAt != *st.ArchivedAt {
		t.Fatalf("archived again: %v, was %v", *again.ArchivedAt, *st.ArchivedAt)
	}

	if st := update(map[string]any{"archived": false}); st.Status != "published" || st.ArchivedAt != nil {
		t.Fatalf("back online: %+v", st)
	}
	if code := guestCode(); code != "" {
		t.Fatalf("back online, guest: %s", code)
	}

	past := time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)
	if st := update(map[string]any{"expiresAt": past}); !st.Expired || st.ExpiresAt == nil || st.Status != "published" {
		t.Fatalf("expired: %+v", st)
	}
	if code := guestCode(); code != "gallery_offline" {
		t.Fatalf("expired gallery, guest: %q", code)
	}
	if s := pageStatus(t, browser(), page.URL+"/gala-2026", nil); s != http.StatusGone {
		t.Fatalf("expired gallery page: %d, want 410", s)
	}
	future := time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339)
	if st := update(map[string]any{"expiresAt": future}); st.Expired {
		t.Fatalf("future expiry: %+v", st)
	}
	if code := guestCode(); code != "" {
		t.Fatalf("future expiry, guest: %s", code)
	}
	update(map[string]any{"expiresAt": past})
	if st := update(map[string]any{"noExpiry": true, "expiresAt": past}); st.ExpiresAt != nil || st.Expired {
		t.Fatalf("expiry removed: %+v", st)
	}
	if code := guestCode(); code != "" {
		t.Fatalf("expiry removed, guest: %s", code)
	}
	// An unreadable moment is the caller's input: invalid_input, not internal.
	for _, bad := range []any{"demain", "2026-05-01T10:00:00Z\u0000", 12} {
		r := e.graphqlWith(bearer(plain), `mutation($in: UpdateGalleryInput!) { updateGallery(input: $in) { gallery { id } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala, "settings": map[string]any{"expiresAt": bad}}}, nil)
		if errorCode(r) != "invalid_input" {
			t.Errorf("expiresAt %q: %+v", bad, r.Errors)
		}
	}
	// A draft stays unknown to guests.
	if st := update(map[string]any{"published": false}); st.Status != "draft" {
		t.Fatalf("draft: %+v", st)
	}
	if code := guestCode(); code != "gallery_not_found" {
		t.Fatalf("draft, guest: %q", code)
	}
}

// TestGalleryVisits: a guest's page loads count one visit per day, two
// guests two; the photographer's own loads and robots' do not count; the studio's
// list shows the total.
func TestGalleryVisits(t *testing.T) {
	e := newEnv(t, 2)
	plain, _ := e.token()
	gala := e.galleryID("gala-2026")
	page := e.clientPage(t)
	ann, ben := browser(), browser()
	for range 3 {
		for _, b := range []*http.Client{ann, ben} {
			if s := pageStatus(t, b, page.URL+"/gala-2026", nil); s != 200 {
				t.Fatalf("page: %d", s)
			}
		}
	}
	pageStatus(t, ann, page.URL+"/gala-2026/photos/x", nil)
	pageStatus(t, browser(), page.URL+"/gala-2026", bearer(plain))
	pageStatus(t, browser(), page.URL+"/does-not-exist", nil)
	pageStatus(t, browser(), page.URL+"/gala-2026", map[string]string{"User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)"})

	ctx := viewer.SystemContext(context.Background())
	// The counts are written a moment after the loads (visits.FlushAfter).
	var rows []*ent.GalleryVisit
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		rows = e.db.Client.GalleryVisit.Query().Where(galleryvisit.GalleryID(gala)).AllX(ctx)
		if len(rows) == 1 && rows[0].Count == 2 || time.Now().After(deadline) {
			break
		}
	}
	if len(rows) != 1 || rows[0].Count != 2 || rows[0].Day != time.Now().UTC().Format(time.DateOnly) {
		t.Fatalf("visit rows: %+v", rows)
	}
	// An earlier day's visits add up.
	e.db.Client.GalleryVisit.Create().SetGalleryID(gala).SetDay("2026-01-02").SetCount(5).ExecX(ctx)

	var out struct {
		StudioGalleries struct {
			Edges []struct {
				Node struct {
					URL   string
					Stats struct{ Visits int }
				}
			}
		}
	}
	if r := e.graphqlWith(bearer(plain), `{ studioGalleries(first: 50) { edges { node { url stats { visits } } } } }`, nil, &out); len(r.Errors) > 0 {
		t.Fatalf("studioGalleries: %+v", r.Errors)
	}
	seen := map[string]int{}
	for _, ed := range out.StudioGalleries.Edges {
		seen[ed.Node.URL] = ed.Node.Stats.Visits
	}
	if seen["gala-2026"] != 7 || seen["julie-et-thomas"] != 0 {
		t.Fatalf("visits in the list: %v", seen)
	}
	// A gallery with visits (and no orders) can still be deleted.
	var del struct {
		DeleteGallery struct {
			DeletedGalleryID *string
			UserErrors       []struct{ Code string }
		}
	}
	julie := e.galleryID("julie-et-thomas")
	e.db.Client.GalleryVisit.Create().SetGalleryID(julie).SetDay("2026-01-02").SetCount(1).ExecX(ctx)
	r := e.graphqlWith(bearer(plain), `mutation($id: ID!) { deleteGallery(input: {galleryId: $id}) { deletedGalleryId userErrors { code } } }`,
		map[string]any{"id": julie}, &del)
	if len(r.Errors) > 0 || del.DeleteGallery.DeletedGalleryID == nil {
		t.Fatalf("delete a gallery with visits: %+v %+v", r.Errors, del)
	}
	if n := e.db.Client.GalleryVisit.Query().Where(galleryvisit.GalleryID(julie)).CountX(ctx); n != 0 {
		t.Fatalf("%d visit rows left", n)
	}
}

// TestStudioMusicTracks: the photographer's tracks to pick from; guests get unauthorized.
func TestStudioMusicTracks(t *testing.T) {
	e := newEnv(t, 1)
	plain, _ := e.token()
	var out struct{ StudioMusicTracks []struct{ ID, Title string } }
	if r := e.graphqlWith(bearer(plain), `{ studioMusicTracks { id title } }`, nil, &out); len(r.Errors) > 0 {
		t.Fatalf("studioMusicTracks: %+v", r.Errors)
	}
	if len(out.StudioMusicTracks) == 0 || out.StudioMusicTracks[0].Title == "" {
		t.Fatalf("the demo's tracks: %+v", out)
	}
	if r := e.graphql(`{ studioMusicTracks { id } }`, nil, nil); errorCode(r) != "unauthorized" {
		t.Fatalf("anonymous: %+v", r.Errors)
	}
}
