package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/captcha"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// newShopEnv serves the demo with 6 photos per gallery (the last one
// private) and e-mail going to a real SMTP server.
func newShopEnv(t *testing.T) (*env, *mailtest.Server) {
	t.Helper()
	smtp := mailtest.Start(t, "", "")
	e := newEnvWith(t, 6, func(w *wiring) {
		sender, err := mail.New(mail.Options{SMTPURL: smtp.URL, From: "Galerie <no-reply@example.com>"})
		if err != nil {
			t.Fatal(err)
		}
		w.Mail = sender
	})
	return e, smtp
}

// person is a new browser with a confirmed e-mail (the identity cookie the
// server seals once a one-time code is confirmed) that entered code in the
// gallery; empty values leave either out.
func (e *env) person(email, galleryID, code string) *env {
	e.t.Helper()
	b := e.another()
	if email != "" {
		v, err := e.app.Access.SealIdentity(email)
		if err != nil {
			e.t.Fatal(err)
		}
		b.web.Jar.SetCookies(mustURL(e.srv.URL), []*http.Cookie{{Name: access.IdentityCookie, Value: v, Path: "/"}})
	}
	if code != "" {
		if status, a := b.rest("POST", "/api/auth/accessCode", galleryID, map[string]string{"code": code}); status != 200 {
			e.t.Fatalf("access code: %d %+v", status, a)
		}
	}
	return b
}

// call is a REST call in the gallery that decodes the answer into out.
func (e *env) call(method, path, galleryID string, body, out any) int {
	e.t.Helper()
	res, raw := e.do(method, path, body, map[string]string{"X-Gallery-Id": galleryID})
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			e.t.Fatalf("%s %s: %d %s: %v", method, path, res.StatusCode, raw, err)
		}
	}
	return res.StatusCode
}

type restError struct {
	Code    string
	Message string
	Field   []string
	Errors  []struct{ Code, Message string }
}

type restSelection struct {
	ID          string `json:"_id"`
	Name        string
	IsFavorites bool
	Photos      []string
	Videos      []string
	restError
}

// visiblePhotos are a gallery's photos that are not private, in display order.
func (e *env) visiblePhotos(galleryID string) []*ent.Photo {
	return e.db.Client.Photo.Query().Where(photo.GalleryID(galleryID), photo.IsPrivate(false)).
		Order(ent.Asc(photo.FieldPosition)).AllX(viewer.SystemContext(context.Background()))
}

func (e *env) privatePhoto(galleryID string) *ent.Photo {
	return e.db.Client.Photo.Query().Where(photo.GalleryID(galleryID), photo.IsPrivate(true)).
		FirstX(viewer.SystemContext(context.Background()))
}

func TestSelectionsOverREST(t *testing.T) {
	e, _ := newShopEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	p := e.visiblePhotos(wedding)
	vid := e.db.Client.Video.Query().Where(video.GalleryID(wedding)).FirstIDX(viewer.SystemContext(context.Background()))

	// A code but no confirmed e-mail: 401 unauthorized, so the client asks for one.
	anonymous := e.person("", wedding, seed.DemoVisitorCode)
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/users/selections"},
		{"POST", "/api/users/selections"},
		{"POST", "/api/users/selections/favorites/" + p[0].ID + "/toggle/add"},
	} {
		var got restError
		if status := anonymous.call(c.method, c.path, wedding, map[string]string{"name": "x"}, &got); status != 401 || got.Code != "unauthorized" {
			t.Errorf("%s %s without e-mail: %d %+v", c.method, c.path, status, got)
		}
	}

	julie := e.person("julie@example.com", wedding, seed.DemoVisitorCode)
	var all struct {
		Email      string
		Favorites  restSelection
		Selections []restSelection
	}
	if status := julie.call("GET", "/api/users/selections", wedding, nil, &all); status != 200 || all.Email != "julie@example.com" ||
		!all.Favorites.IsFavorites || all.Favorites.Photos == nil || len(all.Selections) != 0 {
		t.Fatalf("GET selections: %d %+v", status, all)
	}
	// Favourites: idempotent additions, videos too.
	var fav restSelection
	for range 2 {
		if status := julie.call("POST", "/api/users/selections/favorites/"+p[0].ID+"/toggle/add", wedding, nil, &fav); status != 200 {
			t.Fatalf("add favourite: %d %+v", status, fav)
		}
	}
	julie.call("POST", "/api/users/selections/favorites/"+vid+"/toggle/add", wedding, nil, &fav)
	if !slices.Equal(fav.Photos, []string{p[0].ID}) || !slices.Equal(fav.Videos, []string{vid}) {
		t.Fatalf("favourites: %+v", fav)
	}
	// Names are required and bounded.
	for name, want := range map[string]string{"": "required", strings.Repeat("é", 61): "too_long"} {
		var got restError
		if status := julie.call("POST", "/api/users/selections", wedding, map[string]string{"name": name}, &got); status != 400 || got.Code != want {
			t.Errorf("name %q: %d %+v", name, status, got)
		}
		if want == "too_long" && got.Message != "Le nom saisi est trop long" {
			t.Errorf("message %q", got.Message)
		}
	}
	var sel restSelection
	if status := julie.call("POST", "/api/users/selections", wedding, map[string]string{"name": "Pour l'album"}, &sel); status != 200 || sel.Name != "Pour l'album" || sel.ID == "" {
		t.Fatalf("create: %d %+v", status, sel)
	}
	for _, ph := range []*ent.Photo{p[1], p[2], p[1]} {
		julie.call("POST", "/api/users/selections/"+sel.ID+"/"+ph.ID+"/toggle/add", wedding, nil, &sel)
	}
	if !slices.Equal(sel.Photos, []string{p[1].ID, p[2].ID}) {
		t.Fatalf("selection: %+v", sel)
	}
	if status := julie.call("POST", "/api/users/selections/"+sel.ID+"/removePhotos", wedding, []string{p[1].ID, "pho_inconnue"}, &sel); status != 200 ||
		!slices.Equal(sel.Photos, []string{p[2].ID}) {
		t.Fatalf("removePhotos: %d %+v", status, sel)
	}
	// A private photo is as unknown as a made-up id.
	var got restError
	if status := julie.call("POST", "/api/users/selections/"+sel.ID+"/"+e.privatePhoto(wedding).ID+"/toggle/add", wedding, nil, &got); status != 404 || got.Code != "photo_not_found" {
		t.Fatalf("private photo: %d %+v", status, got)
	}
	julie.call("GET", "/api/users/selections", wedding, nil, &all)
	if len(all.Selections) != 1 || all.Selections[0].ID != sel.ID || !slices.Equal(all.Favorites.Photos, []string{p[0].ID}) {
		t.Fatalf("GET selections: %+v", all)
	}
	if status := julie.call("DELETE", "/api/users/selections/"+sel.ID, wedding, nil, nil); status != 200 {
		t.Fatalf("delete: %d", status)
	}
	got = restError{}
	if status := julie.call("GET", "/api/users/selections/"+sel.ID, wedding, nil, &got); status != 404 || got.Code != "selection_not_found" || got.Message != "Sélection introuvable" {
		t.Fatalf("deleted selection: %d %+v", status, got)
	}
}

func TestSelectionsOverGraphQL(t *testing.T) {
	e, _ := newShopEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	p := e.visiblePhotos(wedding)
	const list = `query($g: ID!) { mySelections(galleryId: $g) { id name isFavorites photoIds videoIds photos(first: 10) { totalCount edges { node { id } } } } }`
	anonymous := e.person("", wedding, seed.DemoVisitorCode)
	if r := anonymous.graphql(list, map[string]any{"g": wedding}, nil); errorCode(r) != "unauthorized" {
		t.Fatalf("without e-mail: %+v", r.Errors)
	}
	tom := e.person("tom@example.com", wedding, seed.DemoVisitorCode)
	type selection struct {
		ID, Name    string
		IsFavorites bool
		PhotoIds    []string
		Photos      struct{ TotalCount int }
	}
	type payload struct {
		Selection  *selection
		UserErrors []struct {
			Field         []string
			Code, Message string
		}
	}
	mutate := func(name, input string, in map[string]any) payload {
		t.Helper()
		var out map[string]payload
		r := tom.graphql(`mutation($in: `+input+`!) { `+name+`(input: $in) { selection { id name isFavorites photoIds photos(first: 5) { totalCount } } userErrors { field code message } } }`,
			map[string]any{"in": in}, &out)
		if len(r.Errors) > 0 {
			t.Fatalf("%s: %+v", name, r.Errors)
		}
		return out[name]
	}
	long := mutate("createSelection", "CreateSelectionInput", map[string]any{"galleryId": wedding, "name": strings.Repeat("a", 61)})
	if long.Selection != nil || len(long.UserErrors) != 1 || long.UserErrors[0].Code != "too_long" || long.UserErrors[0].Message != "Le nom saisi est trop long" {
		t.Fatalf("long name: %+v", long)
	}
	created := mutate("createSelection", "CreateSelectionInput", map[string]any{"galleryId": wedding, "name": "Cérémonie"})
	if created.Selection == nil || created.Selection.Name != "Cérémonie" {
		t.Fatalf("create: %+v", created)
	}
	for range 2 {
		added := mutate("addToSelection", "SelectionItemsInput", map[string]any{"galleryId": wedding, "photoIds": []string{p[3].ID, p[1].ID}})
		if !added.Selection.IsFavorites || !slices.Equal(added.Selection.PhotoIds, []string{p[1].ID, p[3].ID}) || added.Selection.Photos.TotalCount != 2 {
			t.Fatalf("add to favourites: %+v", added)
		}
	}
	bad := mutate("addToSelection", "SelectionItemsInput", map[string]any{"galleryId": wedding, "selectionId": created.Selection.ID,
		"photoIds": []string{p[0].ID, e.privatePhoto(wedding).ID}})
	if len(bad.UserErrors) != 1 || bad.UserErrors[0].Code != "photo_not_found" || !slices.Equal(bad.UserErrors[0].Field, []string{"photoIds", "1"}) {
		t.Fatalf("private photo: %+v", bad)
	}
	removed := mutate("removeFromSelection", "SelectionItemsInput", map[string]any{"galleryId": wedding, "photoIds": []string{p[1].ID}})
	if !slices.Equal(removed.Selection.PhotoIds, []string{p[3].ID}) {
		t.Fatalf("remove: %+v", removed)
	}
	var out struct{ MySelections []selection }
	if r := tom.graphql(list, map[string]any{"g": wedding}, &out); len(r.Errors) > 0 || len(out.MySelections) != 2 ||
		!out.MySelections[0].IsFavorites || out.MySelections[1].ID != created.Selection.ID || out.MySelections[0].Photos.TotalCount != 1 {
		t.Fatalf("mySelections: %+v %+v", r.Errors, out)
	}
	// Someone else asking for Tom's selection by its id gets nothing.
	ana := e.person("ana@example.com", wedding, seed.DemoVisitorCode)
	r := ana.graphql(`query($g: ID!, $id: ID!) { mySelection(galleryId: $g, id: $id) { id photoIds } }`,
		map[string]any{"g": wedding, "id": created.Selection.ID}, nil)
	if errorCode(r) != "selection_not_found" || r.Errors[0].Message != "Sélection introuvable" {
		t.Fatalf("another person's selection: %+v", r.Errors)
	}
	var deleted map[string]struct{ DeletedSelectionID *string }
	tom.graphql(`mutation($in: DeleteSelectionInput!) { deleteSelection(input: $in) { deletedSelectionId } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding, "selectionId": created.Selection.ID}}, &deleted)
	if d := deleted["deleteSelection"].DeletedSelectionID; d == nil || *d != created.Selection.ID {
		t.Fatalf("delete: %+v", deleted)
	}
}

func TestAlbumOverBothDoors(t *testing.T) {
	e, smtp := newShopEnv(t)
	ctx := viewer.SystemContext(context.Background())
	wedding := e.galleryID("julie-et-thomas")
	e.db.Client.Gallery.UpdateOneID(wedding).SetAlbumMaxPhotos(1).ExecX(ctx)
	p := e.visiblePhotos(wedding)
	julie := e.person(seed.DemoClientEmail, wedding, seed.DemoClientCode)
	thomas := e.person("thomas@example.com", wedding, seed.DemoClientCode)
	visitor := e.person("invite@example.com", wedding, seed.DemoVisitorCode)

	type answer struct {
		Message string
		Code    string
		Album   struct {
			State  string
			Photos []string
			Count  int
		}
	}
	var a answer
	if status := visitor.call("POST", "/api/galleries/albumSelections/"+p[0].ID+"/add", wedding, nil, &a); status != 403 || a.Code != "forbidden" {
		t.Fatalf("visitor adds: %d %+v", status, a)
	}
	for _, c := range []struct {
		who *env
		ph  *ent.Photo
	}{{julie, p[0]}, {thomas, p[1]}, {julie, p[2]}, {thomas, p[3]}, {thomas, p[0]}} {
		if status := c.who.call("POST", "/api/galleries/albumSelections/"+c.ph.ID+"/add", wedding, nil, &a); status != 200 || a.Message != "ok" {
			t.Fatalf("add: %d %+v", status, a)
		}
	}
	if a.Album.Count != 4 {
		t.Fatalf("one album for both clients, additions idempotent: %+v", a.Album)
	}
	// Over the maximum: both doors say how many photos to remove.
	const tooMany = "Votre album contient 3 photos de trop : retirez-en 3 avant de l'envoyer."
	var refused restError
	if status := julie.call("POST", "/api/galleries/albumSelections/send", wedding, nil, &refused); status != 400 ||
		refused.Code != "album_too_many" || refused.Message != tooMany {
		t.Fatalf("REST send: %d %+v", status, refused)
	}
	type albumPayload struct {
		Album *struct {
			State                         string
			PhotoCount, MaxPhotos, Excess int
			PhotoIds                      []string
		}
		UserErrors []struct{ Code, Message string }
	}
	const send = `mutation($in: SendAlbumInput!) { sendAlbum(input: $in) { album { state photoCount maxPhotos excess photoIds } userErrors { code message } } }`
	var sent map[string]albumPayload
	julie.graphql(send, map[string]any{"in": map[string]any{"galleryId": wedding}}, &sent)
	if ue := sent["sendAlbum"].UserErrors; len(ue) != 1 || ue[0].Code != "album_too_many" || ue[0].Message != tooMany {
		t.Fatalf("GraphQL send: %+v", sent)
	}
	if status := thomas.call("POST", "/api/galleries/albumSelections/removePhotos", wedding, []string{p[1].ID, p[2].ID, p[3].ID}, &a); status != 200 || a.Album.Count != 1 {
		t.Fatalf("removePhotos: %d %+v", status, a)
	}
	var home struct {
		Gallery struct {
			AlbumSelection *struct {
				State      string
				PhotoCount int
				Photos     struct{ TotalCount int }
			}
		}
	}
	if r := julie.graphql(`{ gallery(url: "julie-et-thomas") { albumSelection { state photoCount photos(first: 10) { totalCount } } } }`, nil, &home); len(r.Errors) > 0 ||
		home.Gallery.AlbumSelection == nil || home.Gallery.AlbumSelection.Photos.TotalCount != 1 {
		t.Fatalf("read the album: %+v %+v", r.Errors, home)
	}
	// Sent: the photographer gets the files' names; the album locks.
	sent = nil
	julie.graphql(send, map[string]any{"in": map[string]any{"galleryId": wedding}}, &sent)
	if al := sent["sendAlbum"].Album; al == nil || al.State != "sent" || al.PhotoCount != 1 {
		t.Fatalf("send: %+v", sent)
	}
	m := smtp.Wait(t, 1, 10*time.Second)[0]
	if m.To[0] != "studio@example.com" || m.Header.Get("Reply-To") != "<"+seed.DemoClientEmail+">" ||
		!strings.Contains(m.Subject, "Album envoyé") || !strings.Contains(m.Text, "- "+p[0].Filename) {
		t.Fatalf("album e-mail: %+v %q", m, m.Text)
	}
	refused = restError{}
	if status := thomas.call("POST", "/api/galleries/albumSelections/"+p[4].ID+"/add", wedding, nil, &refused); status != 409 || refused.Code != "album_sent" {
		t.Fatalf("add to a sent album: %d %+v", status, refused)
	}
	// The photographer reopens it; clients cannot.
	const reopen = `mutation($in: SendAlbumInput!) { reopenAlbum(input: $in) { album { state } } }`
	if r := julie.graphql(reopen, map[string]any{"in": map[string]any{"galleryId": wedding}}, nil); errorCode(r) != "unauthorized" {
		t.Fatalf("client reopens: %+v", r.Errors)
	}
	token, _ := e.token()
	var reopened map[string]albumPayload
	if r := e.graphqlWith(bearer(token), reopen, map[string]any{"in": map[string]any{"galleryId": wedding}}, &reopened); len(r.Errors) > 0 ||
		reopened["reopenAlbum"].Album.State != "open" {
		t.Fatalf("reopen: %+v %+v", r.Errors, reopened)
	}
	if status := thomas.call("POST", "/api/galleries/albumSelections/"+p[4].ID+"/add", wedding, nil, &a); status != 200 || a.Album.Count != 2 {
		t.Fatalf("add after reopening: %d %+v", status, a)
	}
	// Visitors do not see the album.
	home.Gallery.AlbumSelection = nil
	if r := visitor.graphql(`{ gallery(url: "julie-et-thomas") { albumSelection { state } } }`, nil, &home); len(r.Errors) > 0 || home.Gallery.AlbumSelection != nil {
		t.Fatalf("visitor reads the album: %+v %+v", r.Errors, home)
	}
}

func TestClientsHidePhotosFromVisitors(t *testing.T) {
	e, _ := newShopEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	p := e.visiblePhotos(wedding)
	client := e.person(seed.DemoClientEmail, wedding, seed.DemoClientCode)
	visitor := e.person("invite@example.com", wedding, seed.DemoVisitorCode)
	const hide = `mutation($in: SetPhotosClientHiddenInput!) { setPhotosClientHidden(input: $in) { photos { id clientHidden } userErrors { code } } }`
	in := map[string]any{"in": map[string]any{"galleryId": wedding, "photoIds": []string{p[0].ID}, "hidden": true}}
	if r := visitor.graphql(hide, in, nil); errorCode(r) != "forbidden" {
		t.Fatalf("visitor hides: %+v", r.Errors)
	}
	var out map[string]struct {
		Photos []struct {
			ID           string
			ClientHidden bool
		}
	}
	if r := client.graphql(hide, in, &out); len(r.Errors) > 0 || len(out["setPhotosClientHidden"].Photos) != 1 || !out["setPhotosClientHidden"].Photos[0].ClientHidden {
		t.Fatalf("client hides: %+v %+v", r.Errors, out)
	}
	listed := func(b *env) bool {
		var ps []struct {
			ID string `json:"_id"`
		}
		b.call("GET", "/api/photos", wedding, nil, &ps)
		return slices.ContainsFunc(ps, func(x struct {
			ID string `json:"_id"`
		}) bool {
			return x.ID == p[0].ID
		})
	}
	if listed(visitor) || !listed(client) {
		t.Fatalf("after hiding: visitor sees it %v, client sees it %v", listed(visitor), listed(client))
	}
	// REST door: showing it again.
	var ps []struct{ ClientHidden bool }
	if status := client.call("POST", "/api/photos/clientHidden", wedding, map[string]any{"photoIds": []string{p[0].ID}, "hidden": false}, &ps); status != 200 || len(ps) != 1 || ps[0].ClientHidden {
		t.Fatalf("show again: %d %+v", status, ps)
	}
	if !listed(visitor) {
		t.Fatal("visitor still misses the photo")
	}
}

func TestPhotographerSelectionInBothDoors(t *testing.T) {
	e, _ := newShopEnv(t)
	ctx := viewer.SystemContext(context.Background())
	gala := e.galleryID("gala-2026")
	wantPhotos := e.db.Client.Photo.Query().Where(photo.GalleryID(gala), photo.Favorite(true), photo.IsPrivate(false)).CountX(ctx)
	wantVideos := e.db.Client.Video.Query().Where(video.GalleryID(gala), video.Favorite(true)).CountX(ctx)
	if wantPhotos == 0 || wantVideos == 0 {
		t.Fatal("the demo has no favourites")
	}
	var out struct {
		Gallery struct {
			PhotographerSelectionCount int
			PhotographerSelection      struct {
				Count  int
				Photos struct {
					TotalCount int
					Edges      []struct{ Node struct{ Favorite bool } }
				}
				Videos struct{ TotalCount int }
			}
		}
	}
	r := e.graphql(`{ gallery(url: "gala-2026") { photographerSelectionCount photographerSelection { count
		photos(first: 100) { totalCount edges { node { favorite } } } videos(first: 10) { totalCount } } } }`, nil, &out)
	ps := out.Gallery.PhotographerSelection
	if len(r.Errors) > 0 || ps.Count != wantPhotos+wantVideos || ps.Count != out.Gallery.PhotographerSelectionCount ||
		ps.Photos.TotalCount != wantPhotos || ps.Videos.TotalCount != wantVideos || !ps.Photos.Edges[0].Node.Favorite {
		t.Fatalf("%+v %+v", r.Errors, out)
	}
	var rest struct {
		Count  int
		Photos []struct{ Favorite bool }
		Videos []struct{ Favorite bool }
	}
	if status := e.call("GET", "/api/galleries/photographerSelection", gala, nil, &rest); status != 200 || rest.Count != ps.Count || len(rest.Photos) != wantPhotos || len(rest.Videos) != wantVideos {
		t.Fatalf("REST: %d %+v", status, rest)
	}
	// A protected gallery's selection needs its code.
	if status := e.call("GET", "/api/galleries/photographerSelection", e.galleryID("julie-et-thomas"), nil, nil); status != 401 {
		t.Fatalf("protected: %d", status)
	}
}

func TestShareOverBothDoors(t *testing.T) {
	e, smtp := newShopEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	client := e.person(seed.DemoClientEmail, wedding, seed.DemoClientCode)
	var refused restError
	if status := client.call("POST", "/api/galleries/share", wedding, map[string]any{"senderName": "Julie",
		"emails": []string{"tom@example.com", "Tom@Example.com "}}, &refused); status != 400 || refused.Code != "duplicate_email" ||
		refused.Message != "Cette adresse email est présente plusieurs fois" || !slices.Equal(refused.Field, []string{"emails", "1"}) {
		t.Fatalf("duplicate: %d %+v", status, refused)
	}
	var shared map[string]struct {
		Recipients []string
		UserErrors []struct{ Code string }
	}
	const shareOp = `mutation($in: ShareGalleryInput!) { shareGallery(input: $in) { recipients userErrors { code } } }`
	in := map[string]any{"in": map[string]any{"galleryId": wedding, "senderName": "Julie", "emails": []string{"Tom@Example.com", "ana@example.com"}, "message": "Nos photos !"}}
	if r := client.graphql(shareOp, in, &shared); len(r.Errors) > 0 || !slices.Equal(shared["shareGallery"].Recipients, []string{"tom@example.com", "ana@example.com"}) {
		t.Fatalf("share: %+v %+v", r.Errors, shared)
	}
	msgs := smtp.Wait(t, 2, 10*time.Second)
	for _, m := range msgs {
		if !strings.Contains(m.Text, "/julie-et-thomas") || !strings.Contains(m.Text, seed.DemoVisitorCode) || strings.Contains(m.Text, seed.DemoClientCode) ||
			!strings.Contains(m.Text, "Nos photos !") || m.Header.Get("Reply-To") != "<"+seed.DemoClientEmail+">" {
			t.Errorf("share e-mail: %q %v", m.Text, m.Header)
		}
	}
	// The limit: 5 shares an hour from one address; this was the first.
	for i := 2; i <= 5; i++ {
		var ok map[string]any
		if status := client.call("POST", "/api/galleries/share", wedding, map[string]any{"senderName": "Julie", "emails": []string{"x@example.com"}}, &ok); status != 200 {
			t.Fatalf("share %d: %d %v", i, status, ok)
		}
	}
	refused = restError{}
	if status := client.call("POST", "/api/galleries/share", wedding, map[string]any{"senderName": "Julie", "emails": []string{"x@example.com"}}, &refused); status != 429 || refused.Code != "too_many_requests" {
		t.Fatalf("sixth share: %d %+v", status, refused)
	}
	shared = nil
	if r := e.person("ami@example.com", wedding, seed.DemoVisitorCode).graphql(shareOp, in, &shared); len(r.Errors) > 0 || shared["shareGallery"].UserErrors[0].Code != "too_many_requests" {
		t.Fatalf("another browser at the same address: %+v %+v", r.Errors, shared)
	}
}

func TestContactWithCaptchaOverBothDoors(t *testing.T) {
	e, smtp := newShopEnv(t)
	ctx := viewer.SystemContext(context.Background())
	wedding := e.galleryID("julie-et-thomas")
	// No access code is needed to write to the photographer.
	visitor := e.another()
	var c struct {
		ID       string `json:"_id"`
		ImageURL string
		AudioURL string
	}
	if status := visitor.call("POST", "/api/captcha", "", nil, &c); status != 200 || c.ImageURL != "/api/captcha/"+c.ID+".png" {
		t.Fatalf("new captcha: %d %+v", status, c)
	}
	for url, ctype := range map[string]string{c.ImageURL: "image/png", c.AudioURL: "audio/wav"} {
		res, body := visitor.do("GET", url, nil, nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != ctype || len(body) < 100 || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s: %d %v", url, res.StatusCode, res.Header)
		}
	}
	answer := e.db.Client.Captcha.GetX(ctx, c.ID).Digits
	var refused restError
	if status := visitor.call("POST", "/api/galleries/contact", wedding, map[string]string{}, &refused); status != 400 || refused.Code != "name_required" ||
		len(refused.Errors) != 4 || refused.Errors[3].Message != "Merci de recopier le code de l'image" {
		t.Fatalf("empty form: %d %+v", status, refused)
	}
	form := map[string]string{"name": "Léa", "email": "lea@example.com", "message": "J'ai perdu le code.", "captchaId": c.ID, "captchaText": "abcdef"}
	refused = restError{}
	if status := visitor.call("POST", "/api/galleries/contact", wedding, form, &refused); status != 400 || refused.Code != "captcha_invalid" ||
		refused.Message != "Le code recopié est incorrect, merci de réessayer." {
		t.Fatalf("wrong answer: %d %+v", status, refused)
	}
	form["captchaText"] = answer
	refused = restError{}
	if status := visitor.call("POST", "/api/galleries/contact", wedding, form, &refused); status != 400 || refused.Code != "captcha_invalid" {
		t.Fatalf("right answer on a used captcha: %d %+v", status, refused)
	}
	// GraphQL: a new code, answered right once.
	var made map[string]struct{ Captcha struct{ ID, ImageURL string } }
	const newCaptcha = `mutation { newCaptcha { captcha { id imageUrl audioUrl expiresAt } userErrors { code } } }`
	if r := visitor.graphql(newCaptcha, nil, &made); len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	id := made["newCaptcha"].Captcha.ID
	const contactOp = `mutation($in: ContactPhotographerInput!) { contactPhotographer(input: $in) { sent userErrors { field code message } } }`
	var out map[string]struct {
		Sent       bool
		UserErrors []struct{ Code string }
	}
	in := map[string]any{"galleryId": wedding, "name": "Léa", "email": "Lea@Example.com", "message": "Bonjour !", "captchaId": id,
		"captchaText": e.db.Client.Captcha.GetX(ctx, id).Digits}
	if r := visitor.graphql(contactOp, map[string]any{"in": in}, &out); len(r.Errors) > 0 || !out["contactPhotographer"].Sent {
		t.Fatalf("contact: %+v %+v", r.Errors, out)
	}
	m := smtp.Wait(t, 1, 10*time.Second)[0]
	if m.To[0] != "studio@example.com" || m.Header.Get("Reply-To") != "<lea@example.com>" || !strings.Contains(m.Text, "Bonjour !") {
		t.Fatalf("contact e-mail: %+v", m)
	}
	if visitor.graphql(contactOp, map[string]any{"in": in}, &out); out["contactPhotographer"].Sent || out["contactPhotographer"].UserErrors[0].Code != "captcha_invalid" {
		t.Fatalf("same captcha twice: %+v", out)
	}
	// An expired code is refused (made again here with a past expiry).
	visitor.graphql(newCaptcha, nil, &made)
	id = made["newCaptcha"].Captcha.ID
	digits := e.db.Client.Captcha.GetX(ctx, id).Digits
	e.db.Client.Captcha.DeleteOneID(id).ExecX(ctx)
	e.db.Client.Captcha.Create().SetID(id).SetDigits(digits).SetExpiresAt(time.Now().Add(-time.Second)).ExecX(ctx)
	in["captchaId"], in["captchaText"] = id, digits
	if visitor.graphql(contactOp, map[string]any{"in": in}, &out); out["contactPhotographer"].Sent || out["contactPhotographer"].UserErrors[0].Code != "captcha_invalid" {
		t.Fatalf("expired captcha: %+v", out)
	}
	if res, _ := visitor.do("GET", "/api/captcha/"+id+".png", nil, nil); res.StatusCode != 404 {
		t.Fatalf("image of an expired captcha: %d", res.StatusCode)
	}
	if n := e.db.Client.ContactMessage.Query().CountX(ctx); n != 1 {
		t.Fatalf("%d messages stored", n)
	}
	if n := e.db.Client.Captcha.Query().Where(captcha.UsedAtIsNil()).CountX(ctx); n != 1 {
		t.Fatalf("%d unused captchas, want only the expired one", n)
	}
}

// TestGetDataAlbumPhotos: getData's album carries the photo ids of the
// clients' album (spec section 3: album { activated, maxPhotos, photos })
// for the clients who compose it, and an empty list for everyone else.
func TestGetDataAlbumPhotos(t *testing.T) {
	e, _ := newShopEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	p := e.visiblePhotos(wedding)
	julie := e.person(seed.DemoClientEmail, wedding, seed.DemoClientCode)
	thomas := e.person("thomas@example.com", wedding, seed.DemoClientCode)
	visitor := e.person("invite@example.com", wedding, seed.DemoVisitorCode)
	stranger := e.person("", "", "")

	type album struct {
		Activated bool      `json:"activated"`
		MaxPhotos int       `json:"maxPhotos"`
		Photos    *[]string `json:"photos"`
	}
	getData := func(who *env, url string) album {
		t.Helper()
		var out struct {
			Gallery struct {
				Album album `json:"album"`
			} `json:"gallery"`
		}
		if status := who.call("POST", "/api/core/getData", "", map[string]any{"url": url}, &out); status != 200 {
			t.Fatalf("getData %s: %d", url, status)
		}
		return out.Gallery.Album
	}
	ids := func(a album) []string {
		t.Helper()
		if a.Photos == nil {
			t.Fatalf("album without a photos list: %+v", a)
		}
		return *a.Photos
	}

	if got := ids(getData(julie, "julie-et-thomas")); len(got) != 0 {
		t.Fatalf("empty album: %v", got)
	}
	for _, c := range []struct {
		who *env
		ph  *ent.Photo
	}{{julie, p[2]}, {thomas, p[0]}} {
		if status := c.who.call("POST", "/api/galleries/albumSelections/"+c.ph.ID+"/add", wedding, nil, nil); status != 200 {
			t.Fatalf("add: %d", status)
		}
	}
	var rest struct{ Photos []string }
	if status := julie.call("GET", "/api/galleries/albumSelections", wedding, nil, &rest); status != 200 || len(rest.Photos) != 2 {
		t.Fatalf("albumSelections: %d %+v", status, rest)
	}
	for name, who := range map[string]*env{"julie": julie, "thomas": thomas} {
		a := getData(who, "julie-et-thomas")
		if got := ids(a); !a.Activated || strings.Join(got, ",") != strings.Join(rest.Photos, ",") {
			t.Errorf("%s: getData's album %+v %v, albumSelections %v", name, a, got, rest.Photos)
		}
	}
	for name, who := range map[string]*env{"a visitor": visitor, "a stranger": stranger} {
		if a := getData(who, "julie-et-thomas"); len(ids(a)) != 0 || !a.Activated {
			t.Errorf("%s sees the album: %+v %v", name, a, ids(a))
		}
	}
	if a := getData(julie, "gala-2026"); a.Activated || len(ids(a)) != 0 {
		t.Errorf("a gallery without an album: %+v %v", a, ids(a))
	}
}

// cameraSized records photos as a camera's originals, four times the demo
// files' size (4800x3200 for 1200x800): the cart reads only the recorded
// size, and the demo's 1200 pixels make less than 100 dpi beyond 20x30, the
// least a print may have.
func (e *env) cameraSized(ps ...*ent.Photo) {
	for _, p := range ps {
		p.Width, p.Height = p.Width*4, p.Height*4
		e.db.Client.Photo.UpdateOneID(p.ID).SetWidth(p.Width).SetHeight(p.Height).ExecX(viewer.SystemContext(context.Background()))
	}
}
