// Package selections is what people pick among a gallery's photos and
// videos: favourites and named selections, kept per confirmed e-mail and
// gallery; the one album the gallery's clients build together and send to
// the photographer (album.go); and the photos clients hide from visitors
// (hidden.go). GraphQL and REST both call it.
//
// Every call first checks that the viewer may browse the gallery; photo
// ids are looked up as the viewer, so the privacy rules of internal/store
// make a private photo (or, for visitors, a client-hidden one) behave like
// an unknown id.
package selections

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/predicate"
	"github.com/studio/gallery/ent/selection"
	"github.com/studio/gallery/ent/user"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/text"
	"github.com/studio/gallery/internal/viewer"
)

// Bounds of the selections.
const (
	// MaxNameLen bounds a selection's name, in characters.
	MaxNameLen = 60
	// MaxSelections bounds the named selections of one person in one gallery.
	MaxSelections = 50
	// MaxIDsPerCall bounds the photo and video ids of one call.
	MaxIDsPerCall = 2000
	// FavoritesName is the favourites selection's name.
	FavoritesName = "Favoris"
	// FavoritesAlias names the favourites in place of their id
	// (REST: /api/users/selections/favorites/...).
	FavoritesAlias = "favorites"
)

// Errors the selection calls answer with.
var (
	ErrSelectionNotFound = apperr.New(CodeSelectionNotFound, http.StatusNotFound, "selection_not_found").WithField("selectionId")
	ErrNameRequired      = apperr.New(CodeRequired, http.StatusBadRequest, "selection_name_required").WithField("name")
	ErrNameTooLong       = apperr.New(CodeTooLong, http.StatusBadRequest, "name_too_long").WithField("name")
	ErrTooManySelections = apperr.New(CodeTooMany, http.StatusBadRequest, "too_many_selections").WithArgs(apperr.Args{"Max": MaxSelections}).WithField("name")
	ErrFavoritesKept     = apperr.New(CodeFavoritesNotDeletable, http.StatusBadRequest,
		"favorites_not_deletable").WithField("selectionId")
	ErrNoItems       = apperr.New(CodeRequired, http.StatusBadRequest, "choose_a_photo").WithField("photoIds")
	ErrTooManyItems  = apperr.New(CodeTooMany, http.StatusBadRequest, "too_many_per_call").WithArgs(apperr.Args{"Max": MaxIDsPerCall}).WithField("photoIds")
	errPhotoNotFound = apperr.New(CodePhotoNotFound, http.StatusNotFound, "photo_not_found")
	errVideoNotFound = apperr.New(CodePhotoNotFound, http.StatusNotFound, "video_not_found")
)

// Service keeps the selections and the album.
type Service struct {
	DB *ent.Client
	// Jobs queues the sent album's e-mail to the photographer (a mail_send
	// job); without it (tests) the e-mail is sent through Mail.
	Jobs *jobs.Runner
	Mail mail.Sender
	// PublicURL is how browsers reach the site, for links in e-mails.
	PublicURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// QueryOption shapes a selection query (GraphQL field collection).
type QueryOption func(*ent.SelectionQuery) (*ent.SelectionQuery, error)

// person returns the user behind the confirmed e-mail, once the viewer may
// browse g (act: may change something in g, which a preview link does not
// allow). Without a confirmed e-mail: access.ErrEmailNeeded (401).
func (s *Service) person(ctx context.Context, g *ent.Gallery, act bool) (*ent.User, error) {
	check := galleries.RequireAccess
	if act {
		check = func(ctx context.Context, g *ent.Gallery) error {
			return galleries.RequireAction(ctx, g, galleries.Browsing, nil)
		}
	}
	if err := check(ctx, g); err != nil {
		return nil, err
	}
	email := viewer.FromContext(ctx).Email
	if email == "" {
		return nil, access.ErrEmailNeeded
	}
	sctx := viewer.SystemContext(ctx)
	u, err := s.DB.User.Query().Where(user.Email(email)).Only(sctx)
	if ent.IsNotFound(err) {
		// Confirming the e-mail created the user; this covers one removed
		// since, as the sealed identity still proves the address.
		if err := s.DB.User.Create().SetEmail(email).SetVerifiedAt(s.now()).
			OnConflictColumns(user.FieldEmail).Ignore().Exec(sctx); err != nil {
			return nil, fmt.Errorf("selections: user: %w", err)
		}
		u, err = s.DB.User.Query().Where(user.Email(email)).Only(sctx)
	}
	if err != nil {
		return nil, fmt.Errorf("selections: user: %w", err)
	}
	return u, nil
}

// mine limits selections to one person's in one gallery.
func mine(g *ent.Gallery, u *ent.User) predicate.Selection {
	return selection.And(selection.HasGalleryWith(gallery.ID(g.ID)), selection.HasUserWith(user.ID(u.ID)))
}

// favorites returns the person's favourites in g, made on first use. A
// partial unique index keeps it single when two requests make it at once.
func (s *Service) favorites(ctx context.Context, g *ent.Gallery, u *ent.User) (*ent.Selection, error) {
	find := func() (*ent.Selection, error) {
		return s.DB.Selection.Query().Where(mine(g, u), selection.IsFavorites(true)).Only(ctx)
	}
	sel, err := find()
	if err == nil || !ent.IsNotFound(err) {
		return sel, err
	}
	err = s.DB.Selection.Create().SetName(FavoritesName).SetIsFavorites(true).
		SetGalleryID(g.ID).SetUserID(u.ID).Exec(ctx)
	if err != nil && !ent.IsConstraintError(err) {
		return nil, fmt.Errorf("selections: create favourites: %w", err)
	}
	return find()
}

// find returns one of the person's selections in g; FavoritesAlias names
// the favourites. Anyone else's, or an unknown id: ErrSelectionNotFound.
func (s *Service) find(ctx context.Context, g *ent.Gallery, u *ent.User, id string) (*ent.Selection, error) {
	if id == FavoritesAlias {
		return s.favorites(ctx, g, u)
	}
	if id == "" || ids.Prefix(id) != "sel" {
		return nil, ErrSelectionNotFound
	}
	sel, err := s.DB.Selection.Query().Where(selection.ID(id), mine(g, u)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrSelectionNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("selections: find %s: %w", id, err)
	}
	return sel, nil
}

// reload reads a selection again through the caller's options.
func (s *Service) reload(ctx context.Context, id string, opts []QueryOption) (*ent.Selection, error) {
	q := s.DB.Selection.Query().Where(selection.ID(id))
	for _, o := range opts {
		var err error
		if q, err = o(q); err != nil {
			return nil, fmt.Errorf("selections: query: %w", err)
		}
	}
	sel, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrSelectionNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("selections: reload %s: %w", id, err)
	}
	return sel, nil
}

// List returns the person's selections in g: the favourites first (made
// on first use), then the named ones in creation order.
func (s *Service) List(ctx context.Context, g *ent.Gallery, opts ...QueryOption) ([]*ent.Selection, error) {
	u, err := s.person(ctx, g, false)
	if err != nil {
		return nil, err
	}
	if _, err := s.favorites(ctx, g, u); err != nil {
		return nil, err
	}
	q := s.DB.Selection.Query().Where(mine(g, u)).
		Order(ent.Desc(selection.FieldIsFavorites), ent.Asc(selection.FieldCreatedAt), ent.Asc(selection.FieldID))
	for _, o := range opts {
		if q, err = o(q); err != nil {
			return nil, fmt.Errorf("selections: query: %w", err)
		}
	}
	out, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("selections: list: %w", err)
	}
	return out, nil
}

// Get returns one of the person's selections (FavoritesAlias: the favourites).
func (s *Service) Get(ctx context.Context, g *ent.Gallery, id string, opts ...QueryOption) (*ent.Selection, error) {
	u, err := s.person(ctx, g, false)
	if err != nil {
		return nil, err
	}
	sel, err := s.find(ctx, g, u, id)
	if err != nil {
		return nil, err
	}
	return s.reload(ctx, sel.ID, opts)
}

// CleanName checks a selection name is one line of text (text.Line),
// trims it and folds runs of spaces, then checks it is present and at most
// MaxNameLen characters.
func CleanName(name string) (string, error) {
	if err := text.Line(name, "name"); err != nil {
		return "", err
	}
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return "", ErrNameRequired
	case utf8.RuneCountInString(name) > MaxNameLen:
		return "", ErrNameTooLong
	}
	return name, nil
}

// Create makes a named selection for the person in g.
func (s *Service) Create(ctx context.Context, g *ent.Gallery, name string) (*ent.Selection, error) {
	name, err := CleanName(name)
	if err != nil {
		return nil, err
	}
	u, err := s.person(ctx, g, true)
	if err != nil {
		return nil, err
	}
	n, err := s.DB.Selection.Query().Where(mine(g, u), selection.IsFavorites(false)).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("selections: count: %w", err)
	}
	if n >= MaxSelections {
		return nil, ErrTooManySelections
	}
	sel, err := s.DB.Selection.Create().SetName(name).SetGalleryID(g.ID).SetUserID(u.ID).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("selections: create: %w", err)
	}
	return sel, nil
}

// Delete removes one of the person's named selections (not the favourites).
func (s *Service) Delete(ctx context.Context, g *ent.Gallery, id string) error {
	u, err := s.person(ctx, g, true)
	if err != nil {
		return err
	}
	sel, err := s.find(ctx, g, u, id)
	if err != nil {
		return err
	}
	if sel.IsFavorites {
		return ErrFavoritesKept
	}
	// The rows linking it to photos and videos go with it (ON DELETE CASCADE).
	if err := s.DB.Selection.DeleteOneID(sel.ID).Exec(ctx); err != nil {
		return fmt.Errorf("selections: delete %s: %w", sel.ID, err)
	}
	return nil
}

// Add puts photos and videos (vid_ ids) of g in one of the person's
// selections and returns it. Adding what is already there changes
// nothing; an id the viewer may not see fails the whole call.
func (s *Service) Add(ctx context.Context, g *ent.Gallery, id string, itemIDs []string, opts ...QueryOption) (*ent.Selection, error) {
	u, err := s.person(ctx, g, true)
	if err != nil {
		return nil, err
	}
	ctx = viewer.Acting(ctx) // the photos the own credentials show, not the preview's
	sel, err := s.find(ctx, g, u, id)
	if err != nil {
		return nil, err
	}
	items, err := s.visibleItems(ctx, g, itemIDs, true)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		err = s.inTx(ctx, func(tx *ent.Client) error { return s.addMissing(ctx, tx, sel.ID, items) })
		// Should two additions of one photo still collide, the join table's
		// key refuses the second; reading again then finds the photo there.
		if err == nil || !ent.IsConstraintError(err) || attempt == 2 {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("selections: add to %s: %w", sel.ID, err)
	}
	return s.reload(ctx, sel.ID, opts)
}

// addMissing adds, inside tx, the items the selection does not hold yet.
// Touching the selection first holds its row until tx ends, so additions
// to one selection run one after the other.
func (s *Service) addMissing(ctx context.Context, tx *ent.Client, selID string, items Items) error {
	if err := tx.Selection.UpdateOneID(selID).SetUpdatedAt(s.now()).Exec(ctx); err != nil {
		return err
	}
	sctx := viewer.SystemContext(ctx)
	q := tx.Selection.Query().Where(selection.ID(selID))
	havePhotos, err := q.Clone().QueryPhotos().Where(photo.IDIn(items.PhotoIDs...)).IDs(sctx)
	if err != nil {
		return err
	}
	haveVideos, err := q.Clone().QueryVideos().Where(video.IDIn(items.VideoIDs...)).IDs(sctx)
	if err != nil {
		return err
	}
	newPhotos, newVideos := without(items.PhotoIDs, havePhotos), without(items.VideoIDs, haveVideos)
	if len(newPhotos) == 0 && len(newVideos) == 0 {
		return nil
	}
	return tx.Selection.UpdateOneID(selID).AddPhotoIDs(newPhotos...).AddVideoIDs(newVideos...).Exec(ctx)
}

// Remove takes photos and videos out of one of the person's selections;
// ids that are not in it are ignored.
func (s *Service) Remove(ctx context.Context, g *ent.Gallery, id string, itemIDs []string, opts ...QueryOption) (*ent.Selection, error) {
	u, err := s.person(ctx, g, true)
	if err != nil {
		return nil, err
	}
	sel, err := s.find(ctx, g, u, id)
	if err != nil {
		return nil, err
	}
	items, err := splitIDs(itemIDs, true)
	if err != nil {
		return nil, err
	}
	if err := s.DB.Selection.UpdateOneID(sel.ID).RemovePhotoIDs(items.PhotoIDs...).RemoveVideoIDs(items.VideoIDs...).Exec(ctx); err != nil {
		return nil, fmt.Errorf("selections: remove from %s: %w", sel.ID, err)
	}
	return s.reload(ctx, sel.ID, opts)
}

// Items are photo and video ids, each list in display order.
type Items struct {
	PhotoIDs []string
	VideoIDs []string
}

// Contents returns what each selection holds that the viewer may see:
// private photos (and, for visitors, client-hidden ones) are left out by
// the privacy rules. Selections that hold nothing map to empty Items.
func Contents(ctx context.Context, db *ent.Client, selectionIDs []string) (map[string]Items, error) {
	sels, err := db.Selection.Query().Where(selection.IDIn(selectionIDs...)).
		WithPhotos(func(q *ent.PhotoQuery) { q.Select(photo.FieldID, photo.FieldPosition) }).
		WithVideos(func(q *ent.VideoQuery) { q.Select(video.FieldID, video.FieldPosition) }).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("selections: contents: %w", err)
	}
	out := make(map[string]Items, len(selectionIDs))
	for _, id := range selectionIDs {
		out[id] = Items{PhotoIDs: []string{}, VideoIDs: []string{}}
	}
	for _, sel := range sels {
		ps, vs := sel.Edges.Photos, sel.Edges.Videos
		slices.SortFunc(ps, func(a, b *ent.Photo) int { return cmpPos(a.Position, b.Position, a.ID, b.ID) })
		slices.SortFunc(vs, func(a, b *ent.Video) int { return cmpPos(a.Position, b.Position, a.ID, b.ID) })
		it := Items{PhotoIDs: make([]string, len(ps)), VideoIDs: make([]string, len(vs))}
		for i, p := range ps {
			it.PhotoIDs[i] = p.ID
		}
		for i, v := range vs {
			it.VideoIDs[i] = v.ID
		}
		out[sel.ID] = it
	}
	return out, nil
}

func cmpPos(pa, pb int, a, b string) int {
	if pa != pb {
		return pa - pb
	}
	return strings.Compare(a, b)
}

// splitIDs checks a list of ids (1 to MaxIDsPerCall), drops repeats and
// splits videos (vid_) from photos when videos are allowed.
func splitIDs(itemIDs []string, videos bool) (Items, error) {
	if len(itemIDs) == 0 {
		return Items{}, ErrNoItems
	}
	if len(itemIDs) > MaxIDsPerCall {
		return Items{}, ErrTooManyItems
	}
	var it Items
	seen := make(map[string]bool, len(itemIDs))
	for _, id := range itemIDs {
		if seen[id] {
			continue
		}
		seen[id] = true
		if videos && ids.Prefix(id) == "vid" {
			it.VideoIDs = append(it.VideoIDs, id)
		} else {
			it.PhotoIDs = append(it.PhotoIDs, id)
		}
	}
	return it, nil
}

// visibleItems checks that every id names a photo (or, when allowed, a
// video) of g that the viewer may see. Each other id gets a
// photo_not_found problem naming its place in the list.
func (s *Service) visibleItems(ctx context.Context, g *ent.Gallery, itemIDs []string, videos bool) (Items, error) {
	it, err := splitIDs(itemIDs, videos)
	if err != nil {
		return Items{}, err
	}
	// As the viewer: the privacy rules hide private and client-hidden photos.
	found := map[string]bool{}
	if len(it.PhotoIDs) > 0 {
		got, err := s.DB.Photo.Query().Where(photo.IDIn(it.PhotoIDs...), photo.GalleryID(g.ID)).IDs(ctx)
		if err != nil {
			return Items{}, fmt.Errorf("selections: photos: %w", err)
		}
		for _, id := range got {
			found[id] = true
		}
	}
	if len(it.VideoIDs) > 0 {
		got, err := s.DB.Video.Query().Where(video.IDIn(it.VideoIDs...), video.GalleryID(g.ID)).IDs(ctx)
		if err != nil {
			return Items{}, fmt.Errorf("selections: videos: %w", err)
		}
		for _, id := range got {
			found[id] = true
		}
	}
	var problems apperr.List
	reported := map[string]bool{}
	for i, id := range itemIDs {
		if found[id] || reported[id] {
			continue
		}
		reported[id] = true
		e := errPhotoNotFound
		if videos && ids.Prefix(id) == "vid" {
			e = errVideoNotFound
		}
		problems = append(problems, e.WithField("photoIds", strconv.Itoa(i)))
	}
	if err := problems.Err(); err != nil {
		return Items{}, err
	}
	return it, nil
}

// without returns the ids of all that are not in drop.
func without(all, drop []string) []string {
	if len(drop) == 0 {
		return all
	}
	out := make([]string, 0, len(all))
	for _, id := range all {
		if !slices.Contains(drop, id) {
			out = append(out, id)
		}
	}
	return out
}
