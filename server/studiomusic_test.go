package server_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// silentMP3 is n MPEG-1 layer III frames (128 kbit/s, 44.1 kHz) of silence.
func silentMP3(n int) []byte {
	frame := make([]byte, 417)
	copy(frame, []byte{0xff, 0xfb, 0x90, 0x00})
	return bytes.Repeat(frame, n)
}

const musicUploadDoc = `mutation($input: UploadMusicTrackInput!) { uploadMusicTrack(input: $input) {
  track { contentType sizeBytes track { id title artist durationSeconds url } usedBy { id } } userErrors { field code message } } }`

type musicPayload struct {
	Track *struct {
		ContentType string
		SizeBytes   int
		Track       struct {
			ID, Title, Artist, URL string
			DurationSeconds        int
		}
		UsedBy []struct{ ID string }
	}
	UserErrors []struct {
		Field         []string
		Code, Message string
	}
}

// uploadMusic posts one audio file as the photographer, sent with the
// Content-Type partType whatever its bytes.
func (e *env) uploadMusic(t *testing.T, token, filename, partType string, data []byte, title string) (int, musicPayload) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	input := map[string]any{"file": nil}
	if title != "" {
		input["title"] = title
	}
	ops, _ := json.Marshal(map[string]any{"query": musicUploadDoc, "variables": map[string]any{"input": input}})
	_ = w.WriteField("operations", string(ops))
	_ = w.WriteField("map", `{"0":["variables.input.file"]}`)
	h := make(map[string][]string)
	h["Content-Disposition"] = []string{`form-data; name="0"; filename="` + filename + `"`}
	h["Content-Type"] = []string{partType}
	fw, _ := w.CreatePart(h)
	_, _ = fw.Write(data)
	_ = w.Close()
	status, out := e.post("/graphql", w.FormDataContentType(), body.Bytes(), bearer(token), false)
	var r struct {
		Data   struct{ UploadMusicTrack musicPayload }
		Errors []struct{ Message string }
	}
	if err := json.Unmarshal(out, &r); err != nil || len(r.Errors) > 0 {
		t.Fatalf("upload %s: %d %s", filename, status, out)
	}
	return status, r.Data.UploadMusicTrack
}

// TestMusicLibrary: the photographer adds an MP3 (its type read from its
// bytes), a renamed PNG or a text is refused whatever its name and
// Content-Type, the track is renamed, chosen for a gallery whose guests
// then hear it, and cannot be deleted while the gallery plays it.
func TestMusicLibrary(t *testing.T) {
	e := newEnv(t, 1)
	token, _ := e.token()
	auth := bearer(token)

	_, p := e.uploadMusic(t, token, "valse.mp3", "application/octet-stream", silentMP3(120), "")
	if p.Track == nil || len(p.UserErrors) > 0 {
		t.Fatalf("mp3: %+v", p)
	}
	tr := p.Track
	if tr.ContentType != "audio/mpeg" || tr.Track.Title != "valse" || tr.SizeBytes != 120*417 || tr.Track.DurationSeconds != 3 {
		t.Fatalf("mp3 track %+v", tr)
	}

	img, err := media.DemoJPEG(1, 40, 30, "")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"photo.mp3": img,
		"notes.ogg": []byte("OggS is not enough: this is a text file pretending to be music."),
		"vide.aac":  {},
		"bruit.mp3": append([]byte{0xff, 0xfb, 0x90, 0x00}, bytes.Repeat([]byte{1}, 100)...),
	} {
		_, p := e.uploadMusic(t, token, name, "audio/mpeg", data, "Faux")
		if p.Track != nil || len(p.UserErrors) != 1 || p.UserErrors[0].Code != "music_type_unsupported" || p.UserErrors[0].Message == "" {
			t.Fatalf("%s: %+v", name, p)
		}
	}

	// A guest cannot upload.
	b := e.another()
	if status, out := b.post("/graphql", "multipart/form-data; boundary=x", []byte("--x--"), nil, false); status != http.StatusUnauthorized {
		t.Fatalf("guest upload: %d %s", status, out)
	}

	var renamed struct{ RenameMusicTrack musicPayload }
	r := e.graphqlWith(auth, `mutation($in: RenameMusicTrackInput!) { renameMusicTrack(input: $in) { track { track { id title artist } } userErrors { field code } } }`,
		map[string]any{"in": map[string]any{"trackId": tr.Track.ID, "title": "  Valse des mariés ", "artist": "Quatuor Lumière"}}, &renamed)
	if len(r.Errors) > 0 || renamed.RenameMusicTrack.Track == nil || renamed.RenameMusicTrack.Track.Track.Title != "Valse des mariés" {
		t.Fatalf("rename: %+v %+v", r.Errors, renamed)
	}
	r = e.graphqlWith(auth, `mutation($in: RenameMusicTrackInput!) { renameMusicTrack(input: $in) { track { track { id } } userErrors { field code } } }`,
		map[string]any{"in": map[string]any{"trackId": tr.Track.ID, "title": " "}}, &renamed)
	if ues := renamed.RenameMusicTrack.UserErrors; len(ues) != 1 || ues[0].Code != "required" {
		t.Fatalf("empty title: %+v", renamed)
	}

	// The gala plays it; its guests get the file.
	gid := e.galleryID("gala-2026")
	var set struct {
		SetGalleryMusic struct{ UserErrors []struct{ Code string } }
	}
	r = e.graphqlWith(auth, `mutation($in: SetGalleryMusicInput!) { setGalleryMusic(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": gid, "active": true, "trackId": tr.Track.ID}}, &set)
	if len(r.Errors) > 0 || len(set.SetGalleryMusic.UserErrors) > 0 {
		t.Fatalf("setGalleryMusic: %+v %+v", r.Errors, set)
	}
	var guest struct {
		Gallery struct {
			Music struct {
				Active bool
				Track  struct{ ID, URL string }
			}
		}
	}
	if r := b.graphql(`query { gallery(url: "gala-2026") { music { active track { id url } } } }`, nil, &guest); len(r.Errors) > 0 ||
		guest.Gallery.Music.Track.URL != tr.Track.URL {
		t.Fatalf("guest's music: %+v %+v", r.Errors, guest)
	}
	res, err := b.web.Get(e.srv.URL + tr.Track.URL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "audio/mpeg" {
		t.Fatalf("guest GET %s: %d %s", tr.Track.URL, res.StatusCode, res.Header.Get("Content-Type"))
	}

	var lib struct {
		StudioMusic []struct {
			Track  struct{ ID string }
			UsedBy []struct{ ID string }
		}
	}
	if r := e.graphqlWith(auth, `{ studioMusic { track { id } usedBy { id } } }`, nil, &lib); len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	found := false
	for _, s := range lib.StudioMusic {
		if s.Track.ID == tr.Track.ID {
			found = len(s.UsedBy) == 1 && s.UsedBy[0].ID == gid
		}
	}
	if !found {
		t.Fatalf("studioMusic: %+v", lib)
	}

	const del = `mutation($in: DeleteMusicTrackInput!) { deleteMusicTrack(input: $in) { deletedTrackId userErrors { field code message } } }`
	var deleted struct {
		DeleteMusicTrack struct {
			DeletedTrackID *string
			UserErrors     []struct{ Code, Message string }
		}
	}
	e.graphqlWith(auth, del, map[string]any{"in": map[string]any{"trackId": tr.Track.ID}}, &deleted)
	if ues := deleted.DeleteMusicTrack.UserErrors; len(ues) != 1 || ues[0].Code != "music_track_in_use" || deleted.DeleteMusicTrack.DeletedTrackID != nil {
		t.Fatalf("delete in use: %+v", deleted)
	}
	// A guest's studio calls are refused.
	if r := b.graphql(`{ studioMusic { track { id } } }`, nil, nil); errorCode(r) != "unauthorized" {
		t.Fatalf("guest studioMusic: %+v", r)
	}

	e.graphqlWith(auth, `mutation($in: SetGalleryMusicInput!) { setGalleryMusic(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": gid, "active": false, "trackId": ""}}, nil)
	deleted.DeleteMusicTrack.UserErrors = nil
	e.graphqlWith(auth, del, map[string]any{"in": map[string]any{"trackId": tr.Track.ID}}, &deleted)
	if d := deleted.DeleteMusicTrack; len(d.UserErrors) > 0 || d.DeletedTrackID == nil || *d.DeletedTrackID != tr.Track.ID {
		t.Fatalf("delete: %+v", deleted)
	}
	if n := e.db.Client.Gallery.Query().Where(gallery.MusicTrackID(tr.Track.ID)).CountX(viewer.SystemContext(t.Context())); n != 0 {
		t.Fatalf("%d galleries still name the track", n)
	}
	if ok, _ := e.media.Bucket.Exists(t.Context(), "music/"+tr.Track.ID); ok {
		t.Fatal("the file stayed")
	}
	res, _ = e.web.Get(e.srv.URL + tr.Track.URL)
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("deleted track: %d", res.StatusCode)
	}
	e.graphqlWith(auth, del, map[string]any{"in": map[string]any{"trackId": tr.Track.ID}}, &deleted)
	if ues := deleted.DeleteMusicTrack.UserErrors; len(ues) != 1 || ues[0].Code != "track_not_found" {
		t.Fatalf("delete twice: %+v", deleted)
	}
}

// TestGalleryPhotoCountFollowsAccess: a protected gallery's count is for
// its signed-in viewers only; visitors do not count the photos hidden from
// them, clients do; a photo the photographer deletes moves both counts.
func TestGalleryPhotoCountFollowsAccess(t *testing.T) {
	e := newEnv(t, 4)
	token, _ := e.token()
	ctx := viewer.SystemContext(t.Context())
	wedding := e.galleryID("julie-et-thomas")
	ps := e.db.Client.Photo.Query().Where(photo.GalleryID(wedding), photo.IsPrivate(false)).Order(photo.ByPosition()).AllX(ctx)
	if len(ps) < 3 {
		t.Fatalf("%d visible photos", len(ps))
	}
	e.db.Client.Photo.UpdateOneID(ps[0].ID).SetClientHidden(true).ExecX(ctx)
	visible := len(ps)

	const sub = `subscription($u: String!) { galleryPhotoCount(url: $u) { galleryId count } }`
	count := func(ws *wsConn) int {
		t.Helper()
		r := ws.result("1")
		var d struct{ GalleryPhotoCount *struct{ Count int } }
		if len(r.Errors) > 0 || json.Unmarshal(r.Data, &d) != nil || d.GalleryPhotoCount == nil {
			t.Fatalf("subscription: %+v %s", r, r.Data)
		}
		return d.GalleryPhotoCount.Count
	}

	// Without a code, or with one but no confirmed e-mail: refused.
	for _, b := range []*env{e.another(), e.person("", wedding, seed.DemoVisitorCode)} {
		ws := dialWS(t, b, "graphql-transport-ws", true)
		ws.mustInit(nil)
		ws.subscribe("1", sub, map[string]any{"u": "julie-et-thomas"})
		if r := ws.result("1"); r.code() != "unauthorized" {
			t.Fatalf("stranger's subscription: %+v", r)
		}
	}
	ws := dialWS(t, e, "graphql-transport-ws", true)
	ws.mustInit(nil)
	ws.subscribe("1", sub, map[string]any{"u": "pas-de-galerie"})
	if r := ws.result("1"); r.code() != "gallery_not_found" {
		t.Fatalf("unknown gallery: %+v", r)
	}

	visitor := dialWS(t, e.person("ana@example.com", wedding, seed.DemoVisitorCode), "graphql-transport-ws", true)
	visitor.mustInit(nil)
	visitor.subscribe("1", sub, map[string]any{"u": "julie-et-thomas"})
	if n := count(visitor); n != visible-1 {
		t.Fatalf("visitor counts %d, want %d (no private, no hidden)", n, visible-1)
	}
	client := dialWS(t, e.person("julie@example.com", wedding, seed.DemoClientCode), "graphql-transport-ws", true)
	client.mustInit(nil)
	client.subscribe("1", sub, map[string]any{"u": "julie-et-thomas"})
	if n := count(client); n != visible {
		t.Fatalf("client counts %d, want %d", n, visible)
	}

	var out struct {
		DeletePhotos struct{ UserErrors []struct{ Code string } }
	}
	r := e.graphqlWith(bearer(token), `mutation($in: DeletePhotosInput!) { deletePhotos(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding, "photoIds": []string{ps[1].ID}}}, &out)
	if len(r.Errors) > 0 || len(out.DeletePhotos.UserErrors) > 0 {
		t.Fatalf("deletePhotos: %+v %+v", r.Errors, out)
	}
	if n := count(visitor); n != visible-2 {
		t.Fatalf("visitor counts %d after the delete, want %d", n, visible-2)
	}
	if n := count(client); n != visible-1 {
		t.Fatalf("client counts %d after the delete, want %d", n, visible-1)
	}
}

// TestGalleryPhotoCountSeesNewPhotos: a guest of a public gallery is told
// when a photo the photographer uploads is ready.
func TestGalleryPhotoCountSeesNewPhotos(t *testing.T) {
	e, ctx, watch := newEnvWithUploads(t)
	token, _ := e.token()
	gid := e.galleryID("gala-2026")
	before := e.db.Client.Photo.Query().Where(photo.GalleryID(gid), photo.IsPrivate(false), photo.ClientHidden(false)).CountX(viewer.SystemContext(ctx))
	guest := e.another()
	ws := dialWS(t, guest, "graphql-transport-ws", true)
	ws.mustInit(nil)
	ws.subscribe("1", `subscription { galleryPhotoCount(url: "gala-2026") { count } }`, nil)
	next := func() int {
		t.Helper()
		r := ws.result("1")
		var d struct{ GalleryPhotoCount *struct{ Count int } }
		if len(r.Errors) > 0 || json.Unmarshal(r.Data, &d) != nil || d.GalleryPhotoCount == nil {
			t.Fatalf("subscription: %+v %s", r, r.Data)
		}
		return d.GalleryPhotoCount.Count
	}
	if n := next(); n != before {
		t.Fatalf("first count %d, want %d", n, before)
	}
	data, err := media.DemoJPEG(7, 240, 320, "")
	if err != nil {
		t.Fatal(err)
	}
	body, ct := multipartUpload(t, gid, map[string][]byte{"nouvelle.jpg": data}, []string{"nouvelle.jpg"})
	if status, out := e.post("/graphql", ct, body.Bytes(), bearer(token), false); status != 200 {
		t.Fatalf("upload: %d %s", status, out)
	}
	if _, err := watch.Wait(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if n := next(); n != before+1 {
		t.Fatalf("count %d after the upload, want %d", n, before+1)
	}
}

// TestWelcomeMessagesPerLanguage: the photographer writes the welcome
// message in Dutch and English too; a guest reads theirs, and the
// gallery's default (French) text where their language has none.
func TestWelcomeMessagesPerLanguage(t *testing.T) {
	e := newEnv(t, 1)
	token, _ := e.token()
	gid := e.galleryID("gala-2026")
	var out struct {
		UpdateGallery struct {
			UserErrors []struct {
				Field []string
				Code  string
			}
		}
	}
	const update = `mutation($in: UpdateGalleryInput!) { updateGallery(input: $in) { userErrors { field code } } }`
	r := e.graphqlWith(bearer(token), update, map[string]any{"in": map[string]any{"galleryId": gid, "settings": map[string]any{
		"welcomePopupConfig": map[string]any{"mode": "msgOnly", "messageForVisitors": "Bienvenue au gala !", "messageForClients": "Bienvenue, chers clients",
			"translations": []map[string]any{
				{"language": "nl", "messageForVisitors": "Welkom op het gala!"},
				{"language": "en", "messageForVisitors": "Welcome to the gala!", "messageForClients": ""},
			}}}}}, &out)
	if len(r.Errors) > 0 || len(out.UpdateGallery.UserErrors) > 0 {
		t.Fatalf("updateGallery: %+v %+v", r.Errors, out)
	}
	r = e.graphqlWith(bearer(token), update, map[string]any{"in": map[string]any{"galleryId": gid, "settings": map[string]any{
		"welcomePopupConfig": map[string]any{"mode": "msgOnly", "translations": []map[string]any{{"language": "de", "messageForVisitors": "Willkommen"}}}}}}, &out)
	if ues := out.UpdateGallery.UserErrors; len(ues) != 1 || ues[0].Code != "invalid_language" {
		t.Fatalf("German: %+v %+v", r.Errors, out)
	}
	guest := e.another()
	for lang, want := range map[string][2]string{
		"nl": {"Welkom op het gala!", "Bienvenue, chers clients"},
		"en": {"Welcome to the gala!", "Bienvenue, chers clients"},
		"fr": {"Bienvenue au gala !", "Bienvenue, chers clients"},
		"de": {"Bienvenue au gala !", "Bienvenue, chers clients"},
	} {
		var d struct {
			Gallery struct {
				WelcomePopupConfig struct {
					Translations []struct{ Language string }
					Localized    struct{ Language, MessageForVisitors, MessageForClients string }
				}
			}
		}
		r := guest.graphql(`query($l: String!) { gallery(url: "gala-2026") { welcomePopupConfig { translations { language }
		  localized(language: $l) { language messageForVisitors messageForClients } } } }`, map[string]any{"l": lang}, &d)
		w := d.Gallery.WelcomePopupConfig
		if len(r.Errors) > 0 || w.Localized.MessageForVisitors != want[0] || w.Localized.MessageForClients != want[1] || len(w.Translations) != 2 {
			t.Fatalf("%s: %+v %+v", lang, r.Errors, w)
		}
	}
}
