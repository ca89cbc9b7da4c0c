package selections_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/selection"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/selections"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// outbox records messages; Fail makes the next sends fail.
type outbox struct {
	mu   sync.Mutex
	msgs []mail.Message
	Fail bool
}

func (o *outbox) Send(_ context.Context, m mail.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.Fail {
		return errors.New("smtp: 451 try again later")
	}
	o.msgs = append(o.msgs, m)
	return nil
}

func (o *outbox) sent() []mail.Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.msgs)
}

type fixture struct {
	store   *store.DB
	db      *ent.Client
	svc     *selections.Service
	mail    *outbox
	sys     context.Context
	pg, pg2 *ent.Photographer
	// g is protected and offers an album; other is another studio's.
	g, other *ent.Gallery
	photos   []*ent.Photo // visible photos of g, in display order
	private  *ent.Photo
	hidden   *ent.Photo // hidden from visitors by a client
	video    *ent.Video
	foreign  *ent.Photo // a photo of other
}

func setup(t *testing.T) *fixture {
	t.Helper()
	sdb := testdb.Open(t)
	db := sdb.Client
	f := &fixture{store: sdb, db: db, mail: &outbox{}, sys: viewer.SystemContext(context.Background())}
	f.svc = &selections.Service{DB: db, Mail: f.mail, PublicURL: "https://galerie.example"}
	ctx := f.sys
	f.pg = db.Photographer.Create().SetName("Studio").SetEmail("studio@example.com").SaveX(ctx)
	f.pg2 = db.Photographer.Create().SetName("Autre").SetEmail("autre@example.com").SaveX(ctx)
	f.g = db.Gallery.Create().SetURL("mariage").SetEventName("Mariage").SetPhotographer(f.pg).
		SetAlbumActivated(true).SetAlbumMaxPhotos(1).SaveX(ctx)
	f.other = db.Gallery.Create().SetURL("autre").SetEventName("Autre").SetIsPublic(true).SetPhotographer(f.pg2).SaveX(ctx)
	for i := range 4 {
		f.photos = append(f.photos, db.Photo.Create().SetGallery(f.g).SetFilename("IMG_000"+string(rune('1'+i))+".jpg").
			SetWidth(3).SetHeight(2).SetPosition(i).SaveX(ctx))
	}
	f.private = db.Photo.Create().SetGallery(f.g).SetFilename("prive.jpg").SetWidth(3).SetHeight(2).SetPosition(10).SetIsPrivate(true).SaveX(ctx)
	f.hidden = db.Photo.Create().SetGallery(f.g).SetFilename("cache.jpg").SetWidth(3).SetHeight(2).SetPosition(11).SetClientHidden(true).SaveX(ctx)
	f.video = db.Video.Create().SetGallery(f.g).SetEmbeddedURL("https://youtu.be/x").SetHost("youtube").SetHostVideoID("x").SaveX(ctx)
	f.foreign = db.Photo.Create().SetGallery(f.other).SetFilename("a.jpg").SetWidth(3).SetHeight(2).SaveX(ctx)
	return f
}

// as is a viewer of g with a role there and, when email is set, a confirmed e-mail.
func (f *fixture) as(email string, role viewer.Role) context.Context {
	v := &viewer.Viewer{Email: email, Grants: map[string]viewer.Role{}, ClientAddr: "192.0.2.1", SessionKey: "s-" + email}
	if role > viewer.RoleNone {
		v.Grants[f.g.ID] = role
	}
	return viewer.NewContext(context.Background(), v)
}

func (f *fixture) owner() context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.pg.ID})
}

func code(err error) string {
	if e := apperr.As(err); e != nil {
		return e.Code
	}
	if err != nil {
		return "unexpected: " + err.Error()
	}
	return ""
}

func (f *fixture) contents(t *testing.T, ctx context.Context, sel *ent.Selection) selections.Items {
	t.Helper()
	m, err := selections.Contents(ctx, f.db, []string{sel.ID})
	if err != nil {
		t.Fatal(err)
	}
	return m[sel.ID]
}

func ids(ps ...*ent.Photo) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

func TestSelectionsNeedGalleryAccessThenAConfirmedEmail(t *testing.T) {
	f := setup(t)
	for _, c := range []struct {
		name string
		ctx  context.Context
		msg  string
	}{
		{"no access code", f.as("julie@example.com", viewer.RoleNone), "Impossible de s'authentifier"},
		{"no e-mail", f.as("", viewer.RoleVisitor), "Merci de confirmer votre adresse email."},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.svc.List(c.ctx, f.g)
			ae := apperr.As(err)
			if ae == nil || ae.Code != "unauthorized" || ae.Status != 401 || ae.Message(lang.FR) != c.msg {
				t.Fatalf("List: %v", err)
			}
			if _, err := f.svc.Create(c.ctx, f.g, "Mes préférées"); code(err) != "unauthorized" {
				t.Fatalf("Create: %v", err)
			}
			if _, err := f.svc.Add(c.ctx, f.g, selections.FavoritesAlias, ids(f.photos[0])); code(err) != "unauthorized" {
				t.Fatalf("Add: %v", err)
			}
		})
	}
	if !errors.Is(access.ErrEmailNeeded, apperr.ErrUnauthorized) {
		t.Fatal("ErrEmailNeeded must carry the unauthorized code")
	}
}

func TestAdditionsAreIdempotentAndRemovalsDropTheListedItems(t *testing.T) {
	f := setup(t)
	ctx := f.as("julie@example.com", viewer.RoleVisitor)
	p := f.photos
	for range 2 {
		if _, err := f.svc.Add(ctx, f.g, selections.FavoritesAlias, []string{p[2].ID, p[0].ID, p[2].ID, f.video.ID}); err != nil {
			t.Fatal(err)
		}
	}
	fav, err := f.svc.Get(ctx, f.g, selections.FavoritesAlias)
	if err != nil {
		t.Fatal(err)
	}
	got := f.contents(t, ctx, fav)
	if !slices.Equal(got.PhotoIDs, ids(p[0], p[2])) || !slices.Equal(got.VideoIDs, []string{f.video.ID}) {
		t.Fatalf("after adding twice: %+v", got)
	}
	if n := f.db.Selection.QueryPhotos(fav).CountX(f.sys); n != 2 {
		t.Fatalf("%d rows for 2 photos", n)
	}
	// Removal drops what is listed; ids not in the selection are ignored.
	if _, err := f.svc.Remove(ctx, f.g, fav.ID, []string{p[0].ID, p[3].ID, f.video.ID, "pho_inconnue"}); err != nil {
		t.Fatal(err)
	}
	if got := f.contents(t, ctx, fav); !slices.Equal(got.PhotoIDs, ids(p[2])) || len(got.VideoIDs) != 0 {
		t.Fatalf("after removal: %+v", got)
	}
	// Named selections work the same way; the list starts with the favourites.
	sel, err := f.svc.Create(ctx, f.g, "  Pour   l'album  ")
	if err != nil || sel.Name != "Pour l'album" || sel.IsFavorites {
		t.Fatalf("create: %+v %v", sel, err)
	}
	if _, err := f.svc.Add(ctx, f.g, sel.ID, ids(p[1], p[1])); err != nil {
		t.Fatal(err)
	}
	list, err := f.svc.List(ctx, f.g)
	if err != nil || len(list) != 2 || !list[0].IsFavorites || list[1].ID != sel.ID {
		t.Fatalf("list: %v %v", list, err)
	}
	if got := f.contents(t, ctx, sel); !slices.Equal(got.PhotoIDs, ids(p[1])) {
		t.Fatalf("named selection: %+v", got)
	}
	// Nothing to add is a mistake the person can fix.
	if _, err := f.svc.Add(ctx, f.g, sel.ID, nil); code(err) != "required" {
		t.Fatalf("empty addition: %v", err)
	}
}

func TestPrivateAndHiddenPhotosBehaveLikeUnknownIDs(t *testing.T) {
	f := setup(t)
	visitor := f.as("julie@example.com", viewer.RoleVisitor)
	unknown := func(ctx context.Context, id string) *apperr.Error {
		t.Helper()
		_, err := f.svc.Add(ctx, f.g, selections.FavoritesAlias, []string{f.photos[0].ID, id})
		ae := apperr.As(err)
		if ae == nil {
			t.Fatalf("%s was added", id)
		}
		return ae
	}
	want := unknown(visitor, "pho_nexistepas")
	if want.Code != "photo_not_found" || want.Status != 404 || !slices.Equal(want.Field, []string{"photoIds", "1"}) {
		t.Fatalf("unknown id: %+v", want)
	}
	for name, id := range map[string]string{
		"private photo":               f.private.ID,
		"client-hidden, as a visitor": f.hidden.ID,
		"another gallery's photo":     f.foreign.ID,
		"unknown video":               "vid_nexistepas",
	} {
		t.Run(name, func(t *testing.T) {
			got := unknown(visitor, id)
			if got.Code != want.Code || got.Status != want.Status || !slices.Equal(got.Field, want.Field) {
				t.Fatalf("%+v, want %+v", got, want)
			}
		})
	}
	// A refused call adds nothing, not even the valid photo.
	fav, _ := f.svc.Get(visitor, f.g, selections.FavoritesAlias)
	if got := f.contents(t, visitor, fav); len(got.PhotoIDs) != 0 {
		t.Fatalf("refused call added %v", got.PhotoIDs)
	}
	// Clients see client-hidden photos, so they may pick them.
	client := f.as("client@example.com", viewer.RoleClient)
	if _, err := f.svc.Add(client, f.g, selections.FavoritesAlias, ids(f.hidden)); err != nil {
		t.Fatalf("client adds a hidden photo: %v", err)
	}
	// A photo made private afterwards leaves the selection's contents.
	if _, err := f.svc.Add(visitor, f.g, selections.FavoritesAlias, ids(f.photos[0], f.photos[1])); err != nil {
		t.Fatal(err)
	}
	f.db.Photo.UpdateOne(f.photos[0]).SetIsPrivate(true).ExecX(f.sys)
	if got := f.contents(t, visitor, fav); !slices.Equal(got.PhotoIDs, ids(f.photos[1])) {
		t.Fatalf("after the photo went private: %v", got.PhotoIDs)
	}
}

func TestSelectionNamesAreRequiredAndBounded(t *testing.T) {
	f := setup(t)
	ctx := f.as("julie@example.com", viewer.RoleVisitor)
	for _, c := range []struct {
		name, want, code, msg string
	}{
		{"", "", "required", "Merci de saisir le nom de la sélection"},
		{"   ", "", "required", "Merci de saisir le nom de la sélection"},
		{strings.Repeat("é", 61), "", "too_long", "Le nom saisi est trop long"},
		{strings.Repeat("é", 60), strings.Repeat("é", 60), "", ""},
		{" Mariage   de Julie ", "Mariage de Julie", "", ""},
		{"Mariage\nde Julie", "", "invalid_input", "Le texte saisi contient des caractères non autorisés."},
		{"Mariage\x00", "", "invalid_input", "Le texte saisi contient des caractères non autorisés."},
		{"Mariage \xff", "", "invalid_input", "Le texte saisi contient des caractères non autorisés."},
	} {
		sel, err := f.svc.Create(ctx, f.g, c.name)
		ae := apperr.As(err)
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%q: %v", c.name, err)
		case c.code == "" && sel.Name != c.want:
			t.Errorf("%q saved as %q", c.name, sel.Name)
		case c.code != "" && (ae == nil || ae.Code != c.code || ae.Message(lang.FR) != c.msg || ae.Status != 400 || ae.Field[0] != "name"):
			t.Errorf("%q: %v, want %s", c.name, err, c.code)
		}
	}
}

func TestNobodyReachesAnotherPersonsSelection(t *testing.T) {
	f := setup(t)
	bob := f.as("bob@example.com", viewer.RoleVisitor)
	alice := f.as("alice@example.com", viewer.RoleVisitor)
	bobs, err := f.svc.Create(bob, f.g, "Les miennes")
	if err != nil {
		t.Fatal(err)
	}
	bobsFav, _ := f.svc.Get(bob, f.g, selections.FavoritesAlias)
	// Bob's selection in another gallery he can browse is not found there either.
	otherCtx := viewer.NewContext(context.Background(), &viewer.Viewer{Email: "bob@example.com"})
	for name, call := range map[string]func(id string) error{
		"get":    func(id string) error { _, err := f.svc.Get(alice, f.g, id); return err },
		"add":    func(id string) error { _, err := f.svc.Add(alice, f.g, id, ids(f.photos[0])); return err },
		"remove": func(id string) error { _, err := f.svc.Remove(alice, f.g, id, ids(f.photos[0])); return err },
		"delete": func(id string) error { return f.svc.Delete(alice, f.g, id) },
		"bob's, from another gallery": func(id string) error {
			_, err := f.svc.Get(otherCtx, f.other, id)
			return err
		},
	} {
		for _, id := range []string{bobs.ID, bobsFav.ID, "sel_nexistepas", "pho_pasuneselection"} {
			err := call(id)
			ae := apperr.As(err)
			if ae == nil || ae.Code != "selection_not_found" || ae.Status != 404 || ae.Message(lang.FR) != "Sélection introuvable" {
				t.Errorf("%s %s: %v", name, id, err)
			}
		}
	}
	if n := f.db.Selection.QueryPhotos(bobs).CountX(f.sys); n != 0 {
		t.Fatal("alice changed bob's selection")
	}
	if err := f.svc.Delete(bob, f.g, selections.FavoritesAlias); code(err) != "favorites_not_deletable" {
		t.Fatalf("delete favourites: %v", err)
	}
	if err := f.svc.Delete(bob, f.g, bobs.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Get(bob, f.g, bobs.ID); code(err) != "selection_not_found" {
		t.Fatalf("deleted selection: %v", err)
	}
}

func TestFavouritesAreMadeOnceEvenConcurrently(t *testing.T) {
	f := setup(t)
	ctx := f.as("julie@example.com", viewer.RoleVisitor)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, err := f.svc.Add(ctx, f.g, selections.FavoritesAlias, ids(f.photos[0]))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := f.db.Selection.Query().Where(selection.IsFavorites(true)).CountX(f.sys); n != 1 {
		t.Fatalf("%d favourites selections", n)
	}
	fav, _ := f.svc.Get(ctx, f.g, selections.FavoritesAlias)
	if n := f.db.Selection.QueryPhotos(fav).CountX(f.sys); n != 1 {
		t.Fatalf("%d rows for one photo", n)
	}
}

func TestClientsHidePhotosFromVisitors(t *testing.T) {
	f := setup(t)
	visitor := f.as("", viewer.RoleVisitor)
	client := f.as("", viewer.RoleClient)
	if _, err := f.svc.SetClientHidden(visitor, f.g, ids(f.photos[0]), true); code(err) != "forbidden" {
		t.Fatalf("visitor: %v", err)
	}
	if _, err := f.svc.SetClientHidden(client, f.g, ids(f.private), true); code(err) != "photo_not_found" {
		t.Fatalf("private photo: %v", err)
	}
	ps, err := f.svc.SetClientHidden(client, f.g, ids(f.photos[0]), true)
	if err != nil || len(ps) != 1 || !ps[0].ClientHidden {
		t.Fatalf("hide: %v %v", ps, err)
	}
	if n := f.db.Photo.Query().CountX(visitor); n != 3+1 { // 3 visible here, 1 in the other gallery
		t.Fatalf("visitor sees %d photos", n)
	}
	if _, err := f.db.Photo.Get(client, f.photos[0].ID); err != nil {
		t.Fatalf("client no longer sees the hidden photo: %v", err)
	}
	if _, err := f.svc.SetClientHidden(f.owner(), f.g, ids(f.photos[0], f.hidden), false); err != nil {
		t.Fatalf("photographer shows them again: %v", err)
	}
	if _, err := f.db.Photo.Get(visitor, f.hidden.ID); err != nil {
		t.Fatalf("visitor after unhiding: %v", err)
	}
}
