package selections

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/album"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/emails"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Errors of the album.
var (
	ErrAlbumDisabled    = apperr.New(CodeAlbumDisabled, http.StatusForbidden, "album_disabled")
	ErrAlbumClientsOnly = apperr.ErrForbidden.WithMessage("album_clients_only", nil)
	ErrAlbumSent        = apperr.New(CodeAlbumSent, http.StatusConflict,
		"album_sent")
	ErrAlbumEmpty = apperr.New(CodeAlbumEmpty, http.StatusBadRequest, "album_empty")
)

// ErrAlbumTooMany refuses to send an album with excess photos over the
// maximum; the message says how many to remove (spec section 5).
func ErrAlbumTooMany(excess int) *apperr.Error {
	return apperr.New(CodeAlbumTooMany, http.StatusBadRequest, "album_too_many").WithArgs(apperr.Args{"Count": excess})
}

// Album is the clients' album of a gallery, as its readers see it.
type Album struct {
	GalleryID string
	// ID is empty until the first photo goes in.
	ID     string
	State  album.State
	SentAt *time.Time
	// SentBy is the confirmed e-mail of who sent it, if any.
	SentBy string
	// MaxPhotos is the gallery's maximum; 0 means none.
	MaxPhotos int
	// PhotoIDs are the album's photos in display order; private photos are
	// left out (they are no longer the clients' to choose).
	PhotoIDs []string
}

// PhotoCount is the number of photos in the album.
func (a *Album) PhotoCount() int { return len(a.PhotoIDs) }

// Excess is how many photos must go before the album can be sent.
func (a *Album) Excess() int {
	if a.MaxPhotos > 0 && len(a.PhotoIDs) > a.MaxPhotos {
		return len(a.PhotoIDs) - a.MaxPhotos
	}
	return 0
}

// CanRead tells whether the viewer may read g's album: it is activated
// and the viewer is one of its clients or its photographer.
func CanRead(ctx context.Context, g *ent.Gallery) bool {
	st := galleries.Access(ctx, g)
	return g.AlbumActivated && st.Authorized && st.IsClient
}

// albumAccess lets the gallery's clients (and its photographer) at the
// album of a gallery that offers one: to read it, or when act to change or
// send it (which a preview link does not allow).
func albumAccess(ctx context.Context, g *ent.Gallery, act bool) error {
	if act {
		if err := galleries.RequireAction(ctx, g, galleries.Browsing, nil); err != nil {
			return err
		}
		if err := galleries.RequireAction(ctx, g, galleries.AsClient, ErrAlbumClientsOnly); err != nil {
			return err
		}
	} else {
		if err := galleries.RequireAccess(ctx, g); err != nil {
			return err
		}
		if !galleries.Access(ctx, g).IsClient {
			return ErrAlbumClientsOnly
		}
	}
	if !g.AlbumActivated {
		return ErrAlbumDisabled
	}
	return nil
}

// AlbumOf returns g's album as the viewer may read it.
func (s *Service) AlbumOf(ctx context.Context, g *ent.Gallery) (*Album, error) {
	if err := albumAccess(ctx, g, false); err != nil {
		return nil, err
	}
	a, err := s.existingAlbum(ctx, g)
	if err != nil {
		return nil, err
	}
	return s.albumView(ctx, g, a)
}

// AlbumPhotos is the query of the album's photos (empty before the first
// one), in the viewer's eyes, for paging.
func (s *Service) AlbumPhotos(a *Album) *ent.PhotoQuery {
	q := s.DB.Photo.Query().Where(photo.IsPrivate(false), photo.GalleryID(a.GalleryID))
	if a.ID == "" {
		return q.Where(photo.IDIn())
	}
	return q.Where(photo.HasAlbumsWith(album.ID(a.ID)))
}

// AddToAlbum puts photos of g in its album. Adding what is already there
// changes nothing; a sent album refuses changes (ErrAlbumSent). The
// maximum is checked when the album is sent, not here.
func (s *Service) AddToAlbum(ctx context.Context, g *ent.Gallery, photoIDs []string) (*Album, error) {
	if err := albumAccess(ctx, g, true); err != nil {
		return nil, err
	}
	items, err := s.visibleItems(ctx, g, photoIDs, false)
	if err != nil {
		return nil, err
	}
	a, err := s.ensureAlbum(ctx, g)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		err = s.inTx(ctx, func(tx *ent.Client) error {
			if err := lockOpen(ctx, tx, a.ID, s.now()); err != nil {
				return err
			}
			have, err := tx.Album.Query().Where(album.ID(a.ID)).QueryPhotos().
				Where(photo.IDIn(items.PhotoIDs...)).IDs(viewer.SystemContext(ctx))
			if err != nil {
				return err
			}
			if add := without(items.PhotoIDs, have); len(add) > 0 {
				return tx.Album.UpdateOneID(a.ID).AddPhotoIDs(add...).Exec(ctx)
			}
			return nil
		})
		// A concurrent addition of the same photo breaks the join table's
		// key; trying again finds it there.
		if err == nil || !ent.IsConstraintError(err) || attempt == 2 {
			break
		}
	}
	if err != nil {
		return nil, albumErr("add", err)
	}
	return s.albumView(ctx, g, a)
}

// RemoveFromAlbum takes photos out of g's album; ids that are not in it
// are ignored. A sent album refuses changes.
func (s *Service) RemoveFromAlbum(ctx context.Context, g *ent.Gallery, photoIDs []string) (*Album, error) {
	if err := albumAccess(ctx, g, true); err != nil {
		return nil, err
	}
	items, err := splitIDs(photoIDs, false)
	if err != nil {
		return nil, err
	}
	a, err := s.existingAlbum(ctx, g)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return s.albumView(ctx, g, nil)
	}
	err = s.inTx(ctx, func(tx *ent.Client) error {
		if err := lockOpen(ctx, tx, a.ID, s.now()); err != nil {
			return err
		}
		return tx.Album.UpdateOneID(a.ID).RemovePhotoIDs(items.PhotoIDs...).Exec(ctx)
	})
	if err != nil {
		return nil, albumErr("remove", err)
	}
	return s.albumView(ctx, g, a)
}

// SendAlbum locks g's album and e-mails its list of files to the
// photographer (Reply-To: the sender's confirmed e-mail). It is refused
// while empty or over the maximum; once sent, it stays locked until the
// photographer reopens it. The e-mail is queued (a mail_send job) in the
// transaction that locks the album, so a mail server that is down delays
// it without failing the call. Without Jobs (tests) it is sent during the
// call: if it cannot be, the album stays open and the call fails with
// mail_not_sent.
func (s *Service) SendAlbum(ctx context.Context, g *ent.Gallery) (*Album, error) {
	if err := albumAccess(ctx, g, true); err != nil {
		return nil, err
	}
	a, err := s.existingAlbum(ctx, g)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, ErrAlbumEmpty
	}
	if a.State == album.StateSent {
		return nil, ErrAlbumSent
	}
	v := viewer.FromContext(ctx)
	b, err := emails.BrandFor(ctx, s.DB, s.PublicURL, g)
	if err != nil {
		return nil, fmt.Errorf("selections: %w", err)
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	mailer := jobs.Mailer{Runner: s.Jobs, DB: s.DB, Mail: s.Mail}
	err = mailer.InTx(ctx, func(ctx context.Context, tx *ent.Client, out jobs.Outbox) error {
		// Marking it sent first takes the row: additions running at the
		// same time either finished before (and are counted) or fail with
		// ErrAlbumSent.
		n, err := tx.Album.Update().Where(album.ID(a.ID), album.StateEQ(album.StateOpen)).
			SetState(album.StateSent).SetSentAt(now).SetSentBy(v.Email).Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrAlbumSent
		}
		photos, err := tx.Photo.Query().
			Where(photo.HasAlbumsWith(album.ID(a.ID)), photo.IsPrivate(false), photo.GalleryID(g.ID)).
			Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).
			Select(photo.FieldID, photo.FieldFilename).All(ctx)
		if err != nil {
			return err
		}
		switch {
		case len(photos) == 0:
			return ErrAlbumEmpty
		case g.AlbumMaxPhotos > 0 && len(photos) > g.AlbumMaxPhotos:
			return ErrAlbumTooMany(len(photos) - g.AlbumMaxPhotos)
		}
		// The e-mail is committed with the album's new state.
		m, err := albumMessage(g, b, v.Email, photos)
		if err != nil {
			return err
		}
		return out.Post(ctx, m, time.Time{})
	})
	if err != nil {
		return nil, albumErr("send", err)
	}
	return s.albumView(ctx, g, a)
}

// ReopenAlbum lets the clients change g's album again after it was sent.
// Only the gallery's photographer may.
func (s *Service) ReopenAlbum(ctx context.Context, g *ent.Gallery) (*Album, error) {
	v := viewer.FromContext(ctx)
	if galleries.Role(ctx, g) != viewer.RolePhotographer {
		if v.PhotographerID == "" {
			return nil, apperr.ErrUnauthorized.WithMessage("gallery_photographer_only", nil)
		}
		return nil, apperr.ErrForbidden.WithMessage("album_other_photographer", nil)
	}
	if err := s.DB.Album.Update().Where(album.HasGalleryWith(gallery.ID(g.ID))).
		SetState(album.StateOpen).ClearSentAt().SetSentBy("").Exec(ctx); err != nil {
		return nil, fmt.Errorf("selections: reopen album: %w", err)
	}
	a, err := s.existingAlbum(ctx, g)
	if err != nil {
		return nil, err
	}
	return s.albumView(ctx, g, a)
}

// albumMessage is the e-mail telling g's photographer (in g's language)
// that the album with photos was sent by sender ("" when unknown).
func albumMessage(g *ent.Gallery, b emails.Brand, sender string, photos []*ent.Photo) (mail.Message, error) {
	files := make([]string, len(photos))
	for i, p := range photos {
		files[i] = p.Filename
	}
	e, err := emails.Render(emails.AlbumSent, emails.GalleryLanguage(g), b, emails.AlbumSentData{Sender: sender, Files: files})
	if err != nil {
		return mail.Message{}, err
	}
	return e.Message([]string{b.StudioEmail}, sender), nil
}

// lockOpen touches an open album inside tx, which holds its row until the
// transaction ends; a sent album gives ErrAlbumSent.
func lockOpen(ctx context.Context, tx *ent.Client, id string, now time.Time) error {
	n, err := tx.Album.Update().Where(album.ID(id), album.StateEQ(album.StateOpen)).SetUpdatedAt(now).Save(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrAlbumSent
	}
	return nil
}

// existingAlbum returns g's album, or nil before its first photo.
func (s *Service) existingAlbum(ctx context.Context, g *ent.Gallery) (*ent.Album, error) {
	a, err := s.DB.Album.Query().Where(album.HasGalleryWith(gallery.ID(g.ID))).Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("selections: album: %w", err)
	}
	return a, nil
}

// ensureAlbum returns g's album, made on first use; the unique gallery
// column keeps it single when two requests make it at once.
func (s *Service) ensureAlbum(ctx context.Context, g *ent.Gallery) (*ent.Album, error) {
	a, err := s.existingAlbum(ctx, g)
	if err != nil || a != nil {
		return a, err
	}
	err = s.DB.Album.Create().SetGalleryID(g.ID).Exec(viewer.SystemContext(ctx))
	if err != nil && !ent.IsConstraintError(err) {
		return nil, fmt.Errorf("selections: create album: %w", err)
	}
	a, err = s.existingAlbum(ctx, g)
	if err == nil && a == nil {
		err = errors.New("selections: album vanished")
	}
	return a, err
}

// albumView reads the album as the viewer sees it (a may be nil).
func (s *Service) albumView(ctx context.Context, g *ent.Gallery, a *ent.Album) (*Album, error) {
	out := &Album{GalleryID: g.ID, State: album.StateOpen, MaxPhotos: g.AlbumMaxPhotos, PhotoIDs: []string{}}
	if a == nil {
		return out, nil
	}
	cur, err := s.DB.Album.Get(viewer.SystemContext(ctx), a.ID)
	if err != nil {
		return nil, fmt.Errorf("selections: album: %w", err)
	}
	out.ID, out.State, out.SentAt, out.SentBy = cur.ID, cur.State, cur.SentAt, cur.SentBy
	out.PhotoIDs, err = s.AlbumPhotos(out).Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("selections: album photos: %w", err)
	}
	return out, nil
}

// albumErr keeps the album's refusals as they are and wraps the rest.
func albumErr(op string, err error) error {
	if apperr.As(err) != nil {
		return err
	}
	return fmt.Errorf("selections: album %s: %w", op, err)
}

// inTx runs fn in a transaction, committed when fn returns nil.
func (s *Service) inTx(ctx context.Context, fn func(tx *ent.Client) error) error {
	return store.InTx(ctx, s.DB, fn)
}
