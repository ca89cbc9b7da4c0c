package photographer

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/album"
	"github.com/studio/gallery/ent/contactmessage"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/selection"
	"github.com/studio/gallery/ent/share"
	"github.com/studio/gallery/ent/user"
	"github.com/studio/gallery/internal/viewer"
)

// StudioPicks is what the clients of one gallery picked and did, as its
// photographer reads it in the studio (« Sélections des clients »).
type StudioPicks struct {
	Gallery *ent.Gallery
	// Album is the clients' album; nil before its first photo.
	Album *StudioAlbum
	// Photos are the photos in the album or in any guest's favourites or
	// named selections, in display order, with their counts.
	Photos []*StudioPickedPhoto
	// Guests are the confirmed e-mails that keep favourites or named
	// selections in the gallery, by e-mail.
	Guests []*StudioGuestPicks
	// Messages are the contact messages, newest first.
	Messages []*StudioContactMessage
	// Shares are the gallery's shares by e-mail, newest first.
	Shares []*StudioShare
	// DownloadRequests are the ZIP downloads asked for (free or bought), newest first.
	DownloadRequests []*StudioDownloadRequest
}

// StudioAlbum is the clients' album as its photographer sees it.
type StudioAlbum struct {
	State album.State
	// SentAt and SentBy (the sender's confirmed e-mail) are set while sent.
	SentAt    *time.Time
	SentBy    string
	UpdatedAt time.Time
	// PhotoIDs are its photos in display order, private ones included.
	PhotoIDs []string
}

// PhotoCount is how many photos the album holds.
func (a *StudioAlbum) PhotoCount() int { return len(a.PhotoIDs) }

// StudioPickedPhoto is a photo that clients picked, with how often.
type StudioPickedPhoto struct {
	Photo *ent.Photo
	// FavoriteCount is how many guests have it in their favourites.
	FavoriteCount int
	// SelectionCount is how many named selections hold it.
	SelectionCount int
	InAlbum        bool
}

// StudioGuestPicks is what one confirmed e-mail picked in the gallery.
type StudioGuestPicks struct {
	Email string
	// FavoritePhotoIDs are the guest's favourites, in display order.
	FavoritePhotoIDs []string
	// Selections are the guest's named selections, in creation order.
	Selections []*StudioGuestSelection
}

// StudioGuestSelection is one of a guest's named selections.
type StudioGuestSelection struct {
	ID        string
	Name      string
	CreatedAt time.Time
	PhotoIDs  []string
}

// StudioContactMessage is a message a visitor sent through the contact form.
type StudioContactMessage struct {
	ID        string
	Name      string
	Email     string
	Message   string
	CreatedAt time.Time
}

// StudioShare is a gallery shared by e-mail (the recipients' addresses
// are not shown, only how many).
type StudioShare struct {
	ID             string
	SenderName     string
	SenderEmail    string
	RecipientCount int
	SentAt         time.Time
}

// StudioDownloadRequest is a ZIP of the gallery's files someone asked for.
type StudioDownloadRequest struct {
	ID         string
	Email      string
	Quality    string
	Status     string
	FilesTotal int
	// FromOrder tells a bought download from a free one.
	FromOrder bool
	CreatedAt time.Time
}

// picksListMax bounds the message, share and download lists (the newest).
const picksListMax = 200

// Picks reads what the clients of the viewer's gallery galleryID picked,
// wrote, shared and downloaded, in a fixed number of statements whatever
// the number of guests, selections and photos. Others than the gallery's
// photographer are refused (unauthorized, or forbidden for another
// photographer).
func (s *Service) Picks(ctx context.Context, galleryID string) (*StudioPicks, error) {
	g, err := ownGallery(ctx, s.DB, galleryID)
	if err != nil {
		return nil, err
	}
	sctx := viewer.SystemContext(ctx)
	out := &StudioPicks{Gallery: g}
	byPos := func(q *ent.PhotoQuery) { q.Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)) }

	picked := map[string]*StudioPickedPhoto{}
	pick := func(p *ent.Photo) *StudioPickedPhoto {
		pp := picked[p.ID]
		if pp == nil {
			pp = &StudioPickedPhoto{Photo: p}
			picked[p.ID] = pp
		}
		return pp
	}
	ids := func(ps []*ent.Photo) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = p.ID
		}
		return out
	}

	a, err := s.DB.Album.Query().Where(album.HasGalleryWith(gallery.ID(g.ID))).WithPhotos(byPos).Only(sctx)
	switch {
	case ent.IsNotFound(err):
	case err != nil:
		return nil, fmt.Errorf("photographer: picks album: %w", err)
	default:
		out.Album = &StudioAlbum{State: a.State, SentAt: a.SentAt, SentBy: a.SentBy, UpdatedAt: a.UpdatedAt,
			PhotoIDs: ids(a.Edges.Photos)}
		for _, p := range a.Edges.Photos {
			pick(p).InAlbum = true
		}
	}

	sels, err := s.DB.Selection.Query().Where(selection.HasGalleryWith(gallery.ID(g.ID))).
		WithUser(func(q *ent.UserQuery) { q.Select(user.FieldID, user.FieldEmail) }).
		WithPhotos(byPos).
		Order(ent.Asc(selection.FieldCreatedAt), ent.Asc(selection.FieldID)).All(sctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: picks selections: %w", err)
	}
	guests := map[string]*StudioGuestPicks{}
	for _, sel := range sels {
		email := ""
		if sel.Edges.User != nil {
			email = sel.Edges.User.Email
		}
		gp := guests[email]
		if gp == nil {
			gp = &StudioGuestPicks{Email: email, FavoritePhotoIDs: []string{}, Selections: []*StudioGuestSelection{}}
			guests[email] = gp
		}
		for _, p := range sel.Edges.Photos {
			if sel.IsFavorites {
				pick(p).FavoriteCount++
			} else {
				pick(p).SelectionCount++
			}
		}
		if sel.IsFavorites {
			gp.FavoritePhotoIDs = append(gp.FavoritePhotoIDs, ids(sel.Edges.Photos)...)
		} else {
			gp.Selections = append(gp.Selections, &StudioGuestSelection{ID: sel.ID, Name: sel.Name, CreatedAt: sel.CreatedAt,
				PhotoIDs: ids(sel.Edges.Photos)})
		}
	}
	for _, gp := range guests {
		if len(gp.FavoritePhotoIDs) > 0 || slices.ContainsFunc(gp.Selections, func(s *StudioGuestSelection) bool { return len(s.PhotoIDs) > 0 }) {
			out.Guests = append(out.Guests, gp)
		}
	}
	slices.SortFunc(out.Guests, func(a, b *StudioGuestPicks) int { return cmp.Compare(a.Email, b.Email) })
	out.Photos = make([]*StudioPickedPhoto, 0, len(picked))
	for _, pp := range picked {
		out.Photos = append(out.Photos, pp)
	}
	slices.SortFunc(out.Photos, func(a, b *StudioPickedPhoto) int {
		return cmp.Or(cmp.Compare(a.Photo.Position, b.Photo.Position), cmp.Compare(a.Photo.ID, b.Photo.ID))
	})
	if out.Guests == nil {
		out.Guests = []*StudioGuestPicks{}
	}

	msgs, err := s.DB.ContactMessage.Query().Where(contactmessage.HasGalleryWith(gallery.ID(g.ID))).
		Order(ent.Desc(contactmessage.FieldCreatedAt), ent.Desc(contactmessage.FieldID)).Limit(picksListMax).All(sctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: picks messages: %w", err)
	}
	out.Messages = make([]*StudioContactMessage, len(msgs))
	for i, m := range msgs {
		out.Messages[i] = &StudioContactMessage{ID: m.ID, Name: m.Name, Email: m.Email, Message: m.Message, CreatedAt: m.CreatedAt}
	}

	shares, err := s.DB.Share.Query().Where(share.HasGalleryWith(gallery.ID(g.ID))).
		Order(ent.Desc(share.FieldSentAt), ent.Desc(share.FieldID)).Limit(picksListMax).All(sctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: picks shares: %w", err)
	}
	out.Shares = make([]*StudioShare, len(shares))
	for i, sh := range shares {
		out.Shares[i] = &StudioShare{ID: sh.ID, SenderName: sh.SenderName, SenderEmail: sh.SenderEmail,
			RecipientCount: len(sh.Recipients), SentAt: sh.SentAt}
	}

	dls, err := s.DB.DownloadRequest.Query().Where(downloadrequest.HasGalleryWith(gallery.ID(g.ID))).
		Order(ent.Desc(downloadrequest.FieldCreatedAt), ent.Desc(downloadrequest.FieldID)).Limit(picksListMax).All(sctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: picks downloads: %w", err)
	}
	out.DownloadRequests = make([]*StudioDownloadRequest, len(dls))
	for i, d := range dls {
		out.DownloadRequests[i] = &StudioDownloadRequest{ID: d.ID, Email: d.Email, Quality: string(d.Quality),
			Status: string(d.Status), FilesTotal: d.FilesTotal, FromOrder: d.OrderID != "", CreatedAt: d.CreatedAt}
	}
	return out, nil
}
