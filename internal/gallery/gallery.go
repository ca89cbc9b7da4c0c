// Package gallery finds galleries, tells what the current viewer may do in
// them, and lists their photos and videos. GraphQL and REST both call it.
package gallery

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"entgo.io/ent/dialect/sql"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Service is the gallery domain.
type Service struct {
	DB        *ent.Client
	PublicURL string
	SiteName  string

	rows  store.Writes
	kept  *store.Kept[*ent.Gallery]
	media *keptMedia
}

// NewService returns the gallery domain; keepFor > 0 keeps rows in memory
// for at most that long after another process changed them (keepRows).
func NewService(db *ent.Client, publicURL string, keepFor time.Duration) *Service {
	s := &Service{DB: db, PublicURL: publicURL}
	if keepFor > 0 {
		s.keepRows(db, keepFor)
	}
	return s
}

// keepRows makes ByURL and ByID (without options) answer from gallery rows
// kept in memory, shared by every request, fresh after any gallery write
// through db and at most keptRowsTTL old: every request of a guest starts
// with its gallery, which changes rarely. The rows are shared: callers
// must not modify them.
//
// It also keeps what pages read of photos, videos and photographers
// (KeptMedia), fresh after their writes only: a new title does not make
// the photos be read again.
//
// ttl bounds how long a kept value is used after a change made by another
// process (another replica); a change made through this process is seen
// at once.
func (s *Service) keepRows(db *ent.Client, ttl time.Duration) {
	s.kept = &store.Kept[*ent.Gallery]{Writes: &s.rows, TTL: ttl, Max: 4096}
	s.rows.Install(db, func(t string) bool { return t == ent.TypeGallery })
	s.media = newKeptMedia(db, ttl)
}

// QueryOption shapes the gallery query (field collection, eager loading).
type QueryOption func(*ent.GalleryQuery) (*ent.GalleryQuery, error)

// ByURL returns the gallery at an address, or apperr.ErrGalleryNotFound.
// Unpublished galleries are found only by their photographer.
func (s *Service) ByURL(ctx context.Context, slug string, opts ...QueryOption) (*ent.Gallery, error) {
	slug = strings.Trim(strings.ToLower(strings.TrimSpace(slug)), "/")
	if slug == "" || len(slug) > 120 {
		return nil, apperr.ErrGalleryNotFound
	}
	return s.find(ctx, "url\x00"+slug, gallery.URL(slug), opts...)
}

// ByID returns a gallery by id, or apperr.ErrGalleryNotFound.
func (s *Service) ByID(ctx context.Context, id string, opts ...QueryOption) (*ent.Gallery, error) {
	if id == "" {
		return nil, apperr.ErrGalleryNotFound
	}
	return s.find(ctx, "id\x00"+id, gallery.ID(id), opts...)
}

func (s *Service) find(ctx context.Context, key string, where predicateGallery, opts ...QueryOption) (*ent.Gallery, error) {
	var g *ent.Gallery
	var err error
	if s.kept != nil && len(opts) == 0 {
		g, err = s.kept.Get(key, func() (*ent.Gallery, error) {
			return s.DB.Gallery.Query().Where(where).Only(viewer.SystemContext(ctx))
		})
	} else {
		q := s.DB.Gallery.Query().Where(where)
		for _, o := range opts {
			if q, err = o(q); err != nil {
				return nil, fmt.Errorf("gallery: query: %w", err)
			}
		}
		// Field collection may narrow the columns to what the client asked
		// for; access rules need the whole row, which is small.
		g, err = q.Select(gallery.Columns...).Only(ctx)
	}
	if ent.IsNotFound(err) {
		return nil, apperr.ErrGalleryNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("gallery: find: %w", err)
	}
	if err := CheckPublished(ctx, g); err != nil {
		return nil, err
	}
	return g, nil
}

// CheckPublished fails with apperr.ErrGalleryNotFound when g is
// unpublished and the viewer is neither its photographer nor holding a
// preview of it; ByURL and ByID apply it, callers holding a gallery row
// from elsewhere (a cache) must too.
//
// A published gallery that is offline (archived, or past its expiry)
// fails the same way with apperr.ErrGalleryOffline: it existed, and its
// guests are told it is no longer online.
func CheckPublished(ctx context.Context, g *ent.Gallery) error {
	if Role(ctx, g) >= viewer.RolePhotographer || viewer.FromContext(ctx).Previews[g.ID] {
		return nil
	}
	if !g.Published {
		return apperr.ErrGalleryNotFound
	}
	if Offline(g, time.Now()) {
		return apperr.ErrGalleryOffline
	}
	return nil
}

// Offline tells whether g is closed to its guests at now: archived, or
// its expiry date has passed.
func Offline(g *ent.Gallery, now time.Time) bool {
	return g.ArchivedAt != nil || (g.ExpiresAt != nil && !now.Before(*g.ExpiresAt))
}

// Role is the current viewer's role in g.
func Role(ctx context.Context, g *ent.Gallery) viewer.Role {
	return viewer.FromContext(ctx).RoleIn(g.ID, g.PhotographerID)
}

// State is what the spec calls the auth state of one gallery.
type State struct {
	// AccessCodeAuthorized: the gallery is public, or a code (or a preview
	// link, or being its photographer) opened it.
	AccessCodeAuthorized bool
	// NeedEmail: the gallery asks for a confirmed e-mail and none is.
	NeedEmail bool
	// Authorized: the viewer may browse the photos and videos, that is
	// AccessCodeAuthorized without NeedEmail.
	Authorized     bool
	IsClient       bool
	IsPhotographer bool
	Email          string
	ConnectedAs    string
	// ReadOnly: a preview link opens g beyond the viewer's own
	// credentials; what it adds may be looked at, not acted on.
	ReadOnly bool
}

// Access returns the current viewer's access state in g, as it reads g:
// a preview link of g shows it as its clients see it. What the viewer may
// do in g goes by OwnAccess (RequireAction).
func Access(ctx context.Context, g *ent.Gallery) State {
	return access(viewer.FromContext(ctx), g, true)
}

// OwnAccess returns the state the viewer's own credentials give in g (an
// access code cookie, a confirmed e-mail, being its photographer),
// leaving preview links out: nothing in an unpublished gallery but for
// its photographer.
func OwnAccess(ctx context.Context, g *ent.Gallery) State {
	return access(viewer.FromContext(ctx), g, false)
}

func access(v *viewer.Viewer, g *ent.Gallery, withPreview bool) State {
	r := v.OwnRoleIn(g.ID, g.PhotographerID)
	preview := withPreview && v.Previewing(g.ID)
	if preview {
		r = v.RoleIn(g.ID, g.PhotographerID)
	}
	if (!g.Published || Offline(g, time.Now())) && r < viewer.RolePhotographer && !preview {
		return State{Email: v.Email, ConnectedAs: "none"}
	}
	st := State{
		AccessCodeAuthorized: g.IsPublic || r >= viewer.RoleVisitor,
		IsClient:             r >= viewer.RoleClient,
		IsPhotographer:       r == viewer.RolePhotographer,
		Email:                v.Email,
	}
	// A preview link shows the gallery as its clients see it, e-mail or not.
	st.NeedEmail = g.NeedEmail && v.Email == "" && !st.IsPhotographer && !preview
	st.Authorized = st.AccessCodeAuthorized && !st.NeedEmail
	// Read-only: the preview opens more than the viewer's own credentials.
	st.ReadOnly = preview && !sameRights(st, access(v, g, false))
	switch {
	case st.IsPhotographer:
		st.ConnectedAs = "photographer"
	case st.IsClient:
		st.ConnectedAs = "client"
	case st.AccessCodeAuthorized:
		st.ConnectedAs = "visitor"
	default:
		st.ConnectedAs = "none"
	}
	return st
}

func sameRights(a, b State) bool {
	return a.Authorized == b.Authorized && a.IsClient == b.IsClient && a.IsPhotographer == b.IsPhotographer
}

// RequireAccess fails with apperr.ErrUnauthorized unless the viewer may browse g.
func RequireAccess(ctx context.Context, g *ent.Gallery) error {
	if !Access(ctx, g).Authorized {
		return apperr.ErrUnauthorized
	}
	return nil
}

// Browsing allows what any viewer who may browse g may do.
func Browsing(st State) bool { return st.Authorized }

// AsClient allows what only g's clients (and its photographer) may do.
func AsClient(st State) bool { return st.Authorized && st.IsClient }

// RequireAction is the check of every action in g that changes something
// or hands out files: allowed tells whether an access state permits it,
// and the viewer's own credentials must (OwnAccess). A preview link is
// read-only: when only the state it opens would permit the action, the
// refusal is apperr.ErrPreviewReadOnly; otherwise it is deny
// (apperr.ErrUnauthorized when nil). A preview never takes away what
// the viewer's own credentials allow.
func RequireAction(ctx context.Context, g *ent.Gallery, allowed func(State) bool, deny error) error {
	if allowed(OwnAccess(ctx, g)) {
		return nil
	}
	if st := Access(ctx, g); st.ReadOnly && (allowed(st) || !OwnAccess(ctx, g).Authorized) {
		return apperr.ErrPreviewReadOnly
	}
	if deny == nil {
		deny = apperr.ErrUnauthorized
	}
	return deny
}

// Photos lists the photos the viewer may see, in display order. The data
// layer already hides private and client-hidden photos.
func (s *Service) Photos(ctx context.Context, g *ent.Gallery) ([]*ent.Photo, error) {
	if err := RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	ps, err := s.DB.Photo.Query().
		Where(photo.GalleryID(g.ID)).
		Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gallery: photos: %w", err)
	}
	return ps, nil
}

// Videos lists the gallery's videos in display order.
func (s *Service) Videos(ctx context.Context, g *ent.Gallery) ([]*ent.Video, error) {
	if err := RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	vs, err := s.DB.Video.Query().
		Where(video.GalleryID(g.ID)).
		Order(ent.Asc(video.FieldPosition), ent.Asc(video.FieldID)).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gallery: videos: %w", err)
	}
	return vs, nil
}

// PhotographerSelectionCount counts the photos and videos the photographer
// marked as favourites and the viewer may see.
func (s *Service) PhotographerSelectionCount(ctx context.Context, g *ent.Gallery) (int, error) {
	if !Access(ctx, g).Authorized {
		return 0, nil
	}
	np, err := KeptMedia(ctx, s, g, Photos, "selection-count", func() (int, error) {
		n, err := s.DB.Photo.Query().Where(photo.GalleryID(g.ID), photo.Favorite(true)).Count(ctx)
		if err != nil {
			return 0, fmt.Errorf("gallery: favourite photos: %w", err)
		}
		return n, nil
	})
	if err != nil {
		return 0, err
	}
	nv, err := KeptMedia(ctx, s, g, Videos, "selection-count", func() (int, error) {
		n, err := s.DB.Video.Query().Where(video.GalleryID(g.ID), video.Favorite(true)).Count(ctx)
		if err != nil {
			return 0, fmt.Errorf("gallery: favourite videos: %w", err)
		}
		return n, nil
	})
	if err != nil {
		return 0, err
	}
	return np + nv, nil
}

// OgData is what link previews show.
type OgData struct {
	Title, Description, Image, URL, SiteName string
}

// Og returns the share preview of g; cover may be nil.
func (s *Service) Og(g *ent.Gallery, photographerName string, cover *ent.Photo) OgData {
	d := OgData{
		Title:       g.EventName,
		Description: g.OgDescription,
		URL:         s.PublicURL + "/" + url.PathEscape(g.URL),
		SiteName:    photographerName,
	}
	if d.Description == "" {
		d.Description = "Galerie photo de " + photographerName
	}
	if cover != nil && !cover.IsPrivate && g.IsPublic {
		d.Image = s.PublicURL + media.URL(cover.ID, cover.ContentHash, media.Pick(cover.Derivatives, 1280))
	}
	return d
}

type predicateGallery = func(*sql.Selector)

// PhotographerSelection is the photographer's selection of a gallery: the
// photos and videos marked as favourites (spec section 3).
type PhotographerSelection struct {
	Gallery *ent.Gallery
}

// PhotographerSelection returns g's selection once the viewer may browse g.
func (s *Service) PhotographerSelection(ctx context.Context, g *ent.Gallery) (*PhotographerSelection, error) {
	if err := RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	return &PhotographerSelection{Gallery: g}, nil
}

// Photos is the query of the selection's photos the viewer may see.
func (p *PhotographerSelection) Photos(db *ent.Client) *ent.PhotoQuery {
	return db.Photo.Query().Where(photo.GalleryID(p.Gallery.ID), photo.Favorite(true))
}

// Videos is the query of the selection's videos.
func (p *PhotographerSelection) Videos(db *ent.Client) *ent.VideoQuery {
	return db.Video.Query().Where(video.GalleryID(p.Gallery.ID), video.Favorite(true))
}

// PhotographerSelectionItems lists the whole selection in display order,
// for the REST door.
func (s *Service) PhotographerSelectionItems(ctx context.Context, g *ent.Gallery) ([]*ent.Photo, []*ent.Video, error) {
	sel, err := s.PhotographerSelection(ctx, g)
	if err != nil {
		return nil, nil, err
	}
	ps, err := sel.Photos(s.DB).Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("gallery: photographer selection: %w", err)
	}
	vs, err := sel.Videos(s.DB).Order(ent.Asc(video.FieldPosition), ent.Asc(video.FieldID)).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("gallery: photographer selection: %w", err)
	}
	return ps, vs, nil
}

// FirstPhoto is g's automatic cover: the first photo in display order that
// the viewer may see and whose images are made (nil when there is none).
// It stands for the cover until the photographer picks one.
func (s *Service) FirstPhoto(ctx context.Context, g *ent.Gallery) (*ent.Photo, error) {
	if !Access(ctx, g).Authorized {
		return nil, nil
	}
	return KeptMedia(ctx, s, g, Photos, "first-photo", func() (*ent.Photo, error) {
		p, err := s.DB.Photo.Query().
			Where(photo.GalleryID(g.ID), photo.StatusEQ(photo.StatusReady)).
			Order(ent.Asc(photo.FieldPosition), ent.Asc(photo.FieldID)).
			First(ctx)
		if ent.IsNotFound(err) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("gallery: first photo: %w", err)
		}
		return p, nil
	})
}

// CollectionCounts counts, by collection name, the photos of g the viewer
// may see ("" for those in no collection), in one statement.
func (s *Service) CollectionCounts(ctx context.Context, g *ent.Gallery) (map[string]int, error) {
	if err := RequireAccess(ctx, g); err != nil {
		return nil, err
	}
	return KeptMedia(ctx, s, g, Photos, "collection-counts", func() (map[string]int, error) {
		var rows []struct {
			Collection string `json:"collection"`
			Count      int    `json:"count"`
		}
		err := s.DB.Photo.Query().Where(photo.GalleryID(g.ID)).
			GroupBy(photo.FieldCollection).Aggregate(ent.Count()).Scan(ctx, &rows)
		if err != nil {
			return nil, fmt.Errorf("gallery: collection counts: %w", err)
		}
		out := make(map[string]int, len(rows))
		for _, r := range rows {
			out[r.Collection] += r.Count
		}
		return out, nil
	})
}
