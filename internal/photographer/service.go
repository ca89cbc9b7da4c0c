// Package photographer holds the photographer's tools: API tokens and
// playground sessions, and every change a photographer makes to a gallery
// (settings, price list, packs, discounts, vouchers, access codes, photos,
// videos, music). GraphQL and REST both call it. Every change checks that
// the viewer owns what it touches, runs in one transaction, and records in
// that same transaction what it does to open carts (see carts.go).
package photographer

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Service is the photographer's side of the galleries.
type Service struct {
	DB *ent.Client
	// Jobs, when set, runs the changes that need background work (a Vimeo
	// video's thumbnail) in a transaction that also enqueues the job. Without
	// it those changes still commit and the work is not queued.
	Jobs *jobs.Runner
	// Events, when set, hears of the carts a change corrected (topic
	// cart.TopicCart), after the change commits.
	Events events.Broker
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Media stores the music library's files (nil: uploads are refused).
	Media *media.Store
	// MaxMusicBytes bounds an uploaded audio file (0: DefaultMaxMusicBytes).
	MaxMusicBytes int64
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// userErr makes one problem the photographer can fix, its message named by
// its catalog key (internal/apperr/messages). Status 422 marks it
// as such for the REST door; the problems of one input come back together
// as an apperr.List.
func userErr(code, key string, field ...string) *apperr.Error {
	return &apperr.Error{Code: code, Status: http.StatusUnprocessableEntity, Key: key, Field: field}
}

// requirePhotographer returns the viewer's photographer id, or
// apperr.ErrUnauthorized for anyone else.
func requirePhotographer(ctx context.Context) (string, error) {
	id := viewer.FromContext(ctx).PhotographerID
	if id == "" {
		return "", apperr.ErrUnauthorized.WithMessage("photographer_only", nil)
	}
	return id, nil
}

// errNotOwner is what a photographer gets for another photographer's objects.
var errNotOwner = apperr.ErrForbidden.WithMessage("not_owner", nil)

// ownGallery loads a gallery that the viewer owns.
func ownGallery(ctx context.Context, c *ent.Client, id string) (*ent.Gallery, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	if id == "" {
		return nil, apperr.ErrGalleryNotFound.WithField("galleryId")
	}
	g, err := c.Gallery.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apperr.ErrGalleryNotFound.WithField("galleryId")
	}
	if err != nil {
		return nil, fmt.Errorf("photographer: gallery %s: %w", id, err)
	}
	if g.PhotographerID != pid {
		return nil, errNotOwner
	}
	return g, nil
}

// notFound turns ent's not-found into apperr.ErrNotFound naming the field.
func notFound(err error, what, field string) error {
	if ent.IsNotFound(err) {
		return apperr.ErrNotFound.WithField(field)
	}
	return fmt.Errorf("photographer: %s: %w", what, err)
}

// inTx runs fn in a transaction, committed when fn returns nil. The hooks
// and interceptors of internal/store apply inside it as well.
func (s *Service) inTx(ctx context.Context, fn func(tx *ent.Client) error) error {
	var flagged []string
	err := store.InTx(ctx, s.DB, func(tx *ent.Client) error {
		defer trackCarts(tx, &flagged)()
		return fn(tx)
	})
	if err == nil {
		s.announceCarts(ctx, flagged)
	}
	return err
}

// inJobTx is inTx for changes that enqueue background jobs: through
// s.Jobs when set (the jobs commit with the rows), else a plain
// transaction with a nil enqueuer.
func (s *Service) inJobTx(ctx context.Context, fn func(tx *ent.Client, enq jobs.Enqueuer) error) error {
	if s.Jobs == nil {
		return s.inTx(ctx, func(tx *ent.Client) error { return fn(tx, nil) })
	}
	var flagged []string
	err := s.Jobs.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		defer trackCarts(tx, &flagged)()
		return fn(tx, enq)
	})
	if err == nil {
		s.announceCarts(ctx, flagged)
	}
	return err
}

// saveErr turns what a write can fail with into fixable problems where the
// photographer can act: ent's validators, and the catalogue's broken
// references refused by internal/store (reported with code and field).
func saveErr(err error, refCode, refKey string, refField ...string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, store.ErrCrossReference) && refCode != "" {
		return userErr(refCode, refKey, refField...)
	}
	var ve *ent.ValidationError
	if errors.As(err, &ve) {
		return userErr(apperr.ErrInvalidInput.Code, "invalid_input", camel(ve.Name))
	}
	return err
}

// uniqueErr reports a unique constraint that a concurrent write broke
// between the check and the insert as the same user error the check gives.
func uniqueErr(err error, code, key string, field ...string) error {
	if err != nil && ent.IsConstraintError(err) {
		return userErr(code, key, field...)
	}
	return err
}

// camel turns an ent field name (event_name) into the API's (eventName).
func camel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// idx writes a list index as a field path element.
func idx(i int) string { return fmt.Sprint(i) }

// written runs fn in a transaction (inTx) and answers what it wrote in
// *out, unwrapped from the transaction: the shape of every create and
// update of the photographer's tools.
func written[T interface{ Unwrap() T }](ctx context.Context, s *Service, fn func(tx *ent.Client, out *T) error) (T, error) {
	var out T
	if err := s.inTx(ctx, func(tx *ent.Client) error { return fn(tx, &out) }); err != nil {
		var none T
		return none, err
	}
	return out.Unwrap(), nil
}
