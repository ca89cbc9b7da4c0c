// Package printlab makes the print lab's sheet of an order (issue 24): a
// ZIP of the print files of its paid prints, each at its format's size at
// 300 dpi, from the full-resolution original, in sRGB, with the guest's
// crop applied and the white border added when ordered, named by order
// number, line, format and quantity, with a packing list
// (packing-list.csv, semicolon separated, UTF-8 with a BOM for
// spreadsheets in French).
//
// The photographer asks for it (Prepare): a PrintSheet row and its first
// job are stored in one transaction. The work is a chain of jobs on the
// media queue, one per print file: each renders its file through
// internal/media (libvips or pure Go) into the blob store, then, in one
// transaction, counts it done and enqueues the next; the last one packs
// the files and the list into the ZIP and marks the sheet ready. A job that
// dies is retried and writes its file again (blob writes are atomic); the
// progress counter only moves from the value the job expects, so a retried
// job never counts twice. The ZIP is downloaded at
// /media/printsheets/{id}/{token}.zip, by the photographer only, until it
// expires (sweep.go).
package printlab

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/printsheet"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/ordermail"
	"github.com/studio/gallery/internal/viewer"
)

// Errors.
var (
	ErrEmpty    = apperr.New(CodePrintSheetEmpty, http.StatusConflict, "print_sheet_empty")
	ErrNotFound = apperr.New(CodePrintSheetNotFound, http.StatusNotFound, "print_sheet_not_found")
	ErrNotReady = apperr.New(CodePrintSheetNotReady, http.StatusConflict, "print_sheet_not_ready")
	ErrExpired  = apperr.New(CodePrintSheetExpired, http.StatusGone, "print_sheet_expired")
)

// Service prepares print sheets and does their jobs. Register its workers
// on the runner (Register) before the runner starts.
type Service struct {
	DB    *ent.Client
	Jobs  *jobs.Runner
	Media *media.Store
	// Events, when set, hears every step of a sheet on the order's topic
	// (ordermail.TopicOrder): the order's page follows the progress there.
	Events events.Broker
	Log    *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Retention is how long a ready sheet's ZIP is kept
	// (PRINT_SHEET_RETENTION); zero means DefaultRetention.
	Retention time.Duration
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// publish tells the order's followers that its sheets changed.
func (s *Service) publish(ctx context.Context, orderID string) {
	if s.Events == nil {
		return
	}
	if err := s.Events.Publish(context.WithoutCancel(ctx), ordermail.TopicOrder, orderID); err != nil {
		s.log().WarnContext(ctx, "printlab: publish", "order", orderID, "err", err)
	}
}

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// paidStatuses are the statuses of an order whose prints are to be made:
// paid, and neither cancelled nor refunded in full.
var paidStatuses = []order.Status{order.StatusValidated, order.StatusInProduction, order.StatusSent, order.StatusReadyForPickup}

// ownOrder loads an order of the viewer's galleries.
func ownOrder(ctx context.Context, db *ent.Client, id string) (*ent.Order, error) {
	pid := viewer.FromContext(ctx).PhotographerID
	if pid == "" {
		return nil, apperr.ErrUnauthorized.WithMessage("photographer_only", nil)
	}
	o, err := db.Order.Query().Where(order.ID(id)).WithGallery().Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) || (err == nil && o.Edges.Gallery.PhotographerID != pid) {
		return nil, ErrNotFound
	}
	return o, err
}

// Prepare starts the sheet of a paid order's prints and returns it,
// preparing; ErrEmpty when the order has no paid print.
func (s *Service) Prepare(ctx context.Context, orderID string) (*ent.PrintSheet, error) {
	o, err := ownOrder(ctx, s.DB, orderID)
	if err != nil {
		return nil, err
	}
	if o.PaidAt == nil || !paid(o.Status) {
		return nil, ErrEmpty
	}
	items, err := Items(viewer.SystemContext(ctx), s.DB, o)
	if err != nil {
		return nil, fmt.Errorf("printlab: items: %w", err)
	}
	if len(items) == 0 {
		return nil, ErrEmpty
	}
	if s.Jobs == nil {
		return nil, errors.New("printlab: no job runner")
	}
	var out *ent.PrintSheet
	err = s.Jobs.InTx(viewer.SystemContext(ctx), func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
		sh, err := tx.PrintSheet.Create().SetOrderID(o.ID).SetPhotographerID(o.Edges.Gallery.PhotographerID).
			SetFilesTotal(len(items)).SetToken(ids.Token(24)).Save(ctx)
		if err != nil {
			return err
		}
		out = sh
		_, err = enq.Enqueue(ctx, FileArgs{SheetID: sh.ID, Index: 0}, nil)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("printlab: prepare: %w", err)
	}
	s.publish(ctx, o.ID)
	return out, nil
}

func paid(st order.Status) bool {
	for _, p := range paidStatuses {
		if st == p {
			return true
		}
	}
	return false
}

// Get returns a sheet of the viewer's orders.
func (s *Service) Get(ctx context.Context, id string) (*ent.PrintSheet, error) {
	pid := viewer.FromContext(ctx).PhotographerID
	if pid == "" {
		return nil, apperr.ErrUnauthorized.WithMessage("photographer_only", nil)
	}
	sh, err := s.DB.PrintSheet.Get(viewer.SystemContext(ctx), id)
	if ent.IsNotFound(err) || (err == nil && sh.PhotographerID != pid) {
		return nil, ErrNotFound
	}
	return sh, err
}

// OfOrder lists an order's sheets, newest first: nothing for anyone but
// its photographer.
func (s *Service) OfOrder(ctx context.Context, o *ent.Order) ([]*ent.PrintSheet, error) {
	pid := viewer.FromContext(ctx).PhotographerID
	if pid == "" {
		return []*ent.PrintSheet{}, nil
	}
	return s.DB.PrintSheet.Query().Where(printsheet.OrderID(o.ID), printsheet.PhotographerID(pid)).
		Order(ent.Desc(printsheet.FieldCreatedAt), ent.Desc(printsheet.FieldID)).All(viewer.SystemContext(ctx))
}

// Download finds the ZIP behind a sheet's address: the photographer's
// only, with its token, once ready.
func (s *Service) Download(ctx context.Context, id, token string) (*ent.PrintSheet, error) {
	sh, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(token), []byte(sh.Token)) != 1 {
		return nil, ErrNotFound
	}
	if sh.Status == printsheet.StatusExpired {
		return nil, ErrExpired
	}
	if sh.Status != printsheet.StatusReady || sh.BlobKey == "" {
		return nil, ErrNotReady
	}
	return sh, nil
}

// URL is a ready sheet's download address, relative to the site; "" otherwise.
func URL(sh *ent.PrintSheet) string {
	if sh.Status != printsheet.StatusReady {
		return ""
	}
	return fmt.Sprintf("/media/printsheets/%s/%s.zip", sh.ID, sh.Token)
}

// FileName is the name the ZIP downloads as.
func FileName(number string) string { return "tirages-" + slug(number) + ".zip" }

// OrderNumber is the number of a sheet's order, for its file name.
func (s *Service) OrderNumber(ctx context.Context, sh *ent.PrintSheet) string {
	o, err := s.DB.Order.Get(viewer.SystemContext(ctx), sh.OrderID)
	if err != nil {
		return sh.OrderID
	}
	return o.Number
}
