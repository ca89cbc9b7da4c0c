package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/album"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/viewer"
)

const studioPicksQuery = `query($id: ID!) { studioPicks(galleryId: $id) {
	gallery { id url }
	album { state sentAt sentBy photoCount photoIds }
	photos { photo { id filename urls { thumbnail } } favoriteCount selectionCount inAlbum }
	guests { email favoritePhotoIds selections { name photoIds } }
	messages { name email message }
	shares { senderName recipientCount }
	downloadRequests { email quality status fromOrder }
} }`

type studioPicksAnswer struct {
	StudioPicks struct {
		Gallery struct{ ID, URL string }
		Album   *struct {
			State, SentBy string
			SentAt        *time.Time
			PhotoCount    int
			PhotoIDs      []string
		}
		Photos []struct {
			Photo struct {
				ID, Filename string
				URLs         struct{ Thumbnail string }
			}
			FavoriteCount, SelectionCount int
			InAlbum                       bool
		}
		Guests []struct {
			Email            string
			FavoritePhotoIDs []string
			Selections       []struct {
				Name     string
				PhotoIDs []string
			}
		}
		Messages []struct{ Name, Email, Message string }
		Shares   []struct {
			SenderName     string
			RecipientCount int
		}
		DownloadRequests []struct {
			Email, Quality, Status string
			FromOrder              bool
		}
	}
}

// addGuestPicks gives email favourites (favs) and, when named is set, a
// named selection of named in g.
func addGuestPicks(ctx context.Context, db *ent.Client, g *ent.Gallery, email string, favs []*ent.Photo, name string, named []*ent.Photo) {
	u := db.User.Create().SetEmail(email).SaveX(ctx)
	db.Selection.Create().SetName("Favoris").SetIsFavorites(true).SetGallery(g).SetUser(u).AddPhotos(favs...).ExecX(ctx)
	if name != "" {
		db.Selection.Create().SetName(name).SetGallery(g).SetUser(u).AddPhotos(named...).ExecX(ctx)
	}
}

// TestStudioPicks: the photographer reads what the clients of a gallery
// picked (album, favourites and selections counted per photo and per
// guest), the contact messages, shares and download requests, in a fixed
// number of statements whatever the number of guests; anyone else reads
// nothing.
func TestStudioPicks(t *testing.T) {
	e := newEnv(t, 4)
	plain, _ := e.token()
	ctx := viewer.SystemContext(context.Background())
	db := e.db.Client
	g := db.Gallery.Query().Where(gallery.URL("julie-et-thomas")).OnlyX(ctx)
	ps := db.Photo.Query().Where(photo.GalleryID(g.ID)).Order(ent.Asc(photo.FieldPosition)).AllX(ctx)
	if len(ps) < 4 {
		t.Fatalf("%d photos", len(ps))
	}
	addGuestPicks(ctx, db, g, "anne@example.com", ps[0:2], "", nil)
	addGuestPicks(ctx, db, g, "bruno@example.com", ps[0:1], "Tirages", []*ent.Photo{ps[0], ps[2]})
	sent := time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC)
	db.Album.Create().SetGalleryID(g.ID).AddPhotos(ps[1], ps[2]).SetState(album.StateSent).SetSentAt(sent).
		SetSentBy("anne@example.com").ExecX(ctx)
	db.ContactMessage.Create().SetGallery(g).SetName("Anne").SetEmail("anne@example.com").SetMessage("Merci !").ExecX(ctx)
	db.Share.Create().SetGallery(g).SetSenderName("Bruno").SetRecipients([]string{"a@example.com", "b@example.com"}).ExecX(ctx)
	db.DownloadRequest.Create().SetGallery(g).SetEmail("anne@example.com").ExecX(ctx)

	get := func() studioPicksAnswer {
		t.Helper()
		var out studioPicksAnswer
		if r := e.graphqlWith(bearer(plain), studioPicksQuery, map[string]any{"id": g.ID}, &out); len(r.Errors) > 0 {
			t.Fatalf("studioPicks: %+v", r.Errors)
		}
		return out
	}
	e.counter.Reset()
	got := get().StudioPicks
	statements := e.counter.Count()

	if got.Gallery.ID != g.ID || got.Album == nil || got.Album.State != "sent" || got.Album.SentBy != "anne@example.com" ||
		got.Album.SentAt == nil || !got.Album.SentAt.Equal(sent) || got.Album.PhotoCount != 2 ||
		strings.Join(got.Album.PhotoIDs, ",") != ps[1].ID+","+ps[2].ID {
		t.Fatalf("album %+v", got.Album)
	}
	type counts struct {
		fav, sel int
		album    bool
	}
	want := map[string]counts{ps[0].ID: {2, 1, false}, ps[1].ID: {1, 0, true}, ps[2].ID: {0, 1, true}}
	if len(got.Photos) != len(want) {
		t.Fatalf("photos %+v", got.Photos)
	}
	for i, p := range got.Photos {
		if p.Photo.ID != ps[i].ID || p.Photo.Filename != ps[i].Filename || p.Photo.URLs.Thumbnail == "" {
			t.Errorf("photo %d: %+v, want %s", i, p.Photo, ps[i].ID)
		}
		if c := (counts{p.FavoriteCount, p.SelectionCount, p.InAlbum}); c != want[p.Photo.ID] {
			t.Errorf("photo %s counts %+v, want %+v", p.Photo.ID, c, want[p.Photo.ID])
		}
	}
	if len(got.Guests) != 2 || got.Guests[0].Email != "anne@example.com" || len(got.Guests[0].FavoritePhotoIDs) != 2 ||
		len(got.Guests[0].Selections) != 0 || got.Guests[1].Email != "bruno@example.com" ||
		len(got.Guests[1].Selections) != 1 || got.Guests[1].Selections[0].Name != "Tirages" ||
		strings.Join(got.Guests[1].Selections[0].PhotoIDs, ",") != ps[0].ID+","+ps[2].ID {
		t.Fatalf("guests %+v", got.Guests)
	}
	if len(got.Messages) != 1 || got.Messages[0].Message != "Merci !" || len(got.Shares) != 1 ||
		got.Shares[0].RecipientCount != 2 || len(got.DownloadRequests) != 1 || got.DownloadRequests[0].Quality != "web" ||
		got.DownloadRequests[0].FromOrder {
		t.Fatalf("activity %+v %+v %+v", got.Messages, got.Shares, got.DownloadRequests)
	}

	// Five more guests with favourites and selections cost no more statements.
	for i := range 5 {
		addGuestPicks(ctx, db, g, fmt.Sprintf("invite%d@example.com", i), ps[i%4:i%4+1], "Album", ps[3:4])
	}
	e.counter.Reset()
	more := get().StudioPicks
	if len(more.Guests) != 7 || len(more.Photos) != 4 {
		t.Fatalf("%d guests, %d photos after adding 5 guests", len(more.Guests), len(more.Photos))
	}
	if n := e.counter.Count(); n > statements {
		t.Fatalf("%d statements for 7 guests, %d for 2: N+1\n%s", n, statements, strings.Join(e.counter.Statements(), "\n"))
	}

	// A guest is unauthorized; another photographer is forbidden and reads nothing.
	if r := e.graphql(studioPicksQuery, map[string]any{"id": g.ID}, nil); errorCode(r) != "unauthorized" || r.Data != nil && string(r.Data) != "null" {
		t.Fatalf("anonymous: %+v %s", r.Errors, r.Data)
	}
	db.Photographer.Create().SetName("Autre Studio").SetEmail("autre@example.com").ExecX(ctx)
	other, _, err := (&photographer.Tokens{DB: db}).Create(context.Background(), "autre@example.com", "t")
	if err != nil {
		t.Fatal(err)
	}
	var none studioPicksAnswer
	if r := e.graphqlWith(bearer(other), studioPicksQuery, map[string]any{"id": g.ID}, &none); errorCode(r) != "forbidden" ||
		none.StudioPicks.Gallery.ID != "" {
		t.Fatalf("other photographer: %+v %+v", r.Errors, none)
	}
	if r := e.graphqlWith(bearer(plain), studioPicksQuery, map[string]any{"id": "gal_unknown"}, nil); errorCode(r) != "gallery_not_found" {
		t.Fatalf("unknown gallery: %+v", r.Errors)
	}
}
