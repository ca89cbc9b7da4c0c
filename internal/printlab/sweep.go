package printlab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/riverqueue/river"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/printsheet"
	"github.com/studio/gallery/internal/viewer"
)

// A sheet's ZIP is not kept for ever: PRINT_SHEET_RETENTION (Retention,
// 30 days by default) after it was ready, the periodic sweep (KindSweep,
// on the job runner's leader) marks the sheet expired and removes its ZIP;
// a sheet's ZIP also goes as soon as a newer sheet of the same order is
// ready (pack). A failed sheet's single files (and a ZIP half written) are
// removed by the next sweep; it stays failed, with its error. Rows stay:
// the order's page says the sheet expired and offers to prepare it again.
// The row is marked first (no download starts after that), the blobs are
// removed next and CleanedAt is set last, so a removal that fails is tried
// again by the next sweep.

// KindSweep is the periodic job's kind.
const KindSweep = "print_sheet_sweep"

// SweepEvery is how often the leader sweeps.
const SweepEvery = time.Hour

// DefaultRetention is how long a ready sheet's ZIP is kept without
// Service.Retention.
const DefaultRetention = 30 * 24 * time.Hour

// StuckAfter is how long a preparing sheet may go without progress before
// the sweep marks it failed: far more than its steps' attempts take
// (FileTimeout each, with river's backoff between them). A replica killed
// during a last attempt leaves such a sheet behind.
const StuckAfter = 6 * time.Hour

// sweepBatch bounds the sheets one sweep handles; the next does the rest.
const sweepBatch = 500

// SweepArgs is the periodic job.
type SweepArgs struct{}

// Kind names the job.
func (SweepArgs) Kind() string { return KindSweep }

// InsertOpts: one pending at a time, the next period does it anyway.
func (SweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: SweepEvery}}
}

// SweepJob is the periodic job to add on the runner (jobs.Runner.Periodic):
// at start and every SweepEvery.
func SweepJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(SweepEvery),
		func() (river.JobArgs, *river.InsertOpts) { return SweepArgs{}, nil },
		&river.PeriodicJobOpts{ID: KindSweep, RunOnStart: true})
}

func (s *Service) retention() time.Duration {
	if s.Retention > 0 {
		return s.Retention
	}
	return DefaultRetention
}

// Swept counts what one sweep did.
type Swept struct {
	// Expired sheets: ready ones past the retention.
	Expired int
	// Failed sheets: preparing ones with no progress for StuckAfter.
	Failed int
	// Cleaned sheets: expired or failed ones whose blobs were removed.
	Cleaned int
}

// Sweep expires the ready sheets older than the retention at s.Now, fails
// the preparing ones stuck for StuckAfter, and removes the blobs of the
// expired and failed sheets not cleaned yet.
func (s *Service) Sweep(ctx context.Context) (Swept, error) {
	ctx = viewer.SystemContext(ctx)
	now := s.now()
	var out Swept
	old, err := s.DB.PrintSheet.Query().Where(printsheet.StatusEQ(printsheet.StatusReady),
		printsheet.ReadyAtLT(now.Add(-s.retention()))).Limit(sweepBatch).All(ctx)
	if err != nil {
		return out, fmt.Errorf("printlab: sweep: %w", err)
	}
	orders := map[string]bool{}
	for _, sh := range old {
		done, err := s.expire(ctx, sh.ID, now)
		if err != nil {
			return out, err
		}
		if done {
			out.Expired++
			orders[sh.OrderID] = true
		}
	}
	stuck, err := s.DB.PrintSheet.Query().Where(printsheet.StatusEQ(printsheet.StatusPreparing),
		printsheet.UpdatedAtLT(now.Add(-StuckAfter))).Limit(sweepBatch).All(ctx)
	if err != nil {
		return out, fmt.Errorf("printlab: sweep: %w", err)
	}
	for _, sh := range stuck {
		n, err := s.DB.PrintSheet.Update().Where(printsheet.ID(sh.ID), printsheet.StatusEQ(printsheet.StatusPreparing),
			printsheet.UpdatedAtLT(now.Add(-StuckAfter))).
			SetStatus(printsheet.StatusFailed).SetError(fmt.Sprintf("interrupted: no progress since %s", sh.UpdatedAt.UTC().Format(time.RFC3339))).
			Save(ctx)
		if err != nil {
			return out, fmt.Errorf("printlab: fail stuck %s: %w", sh.ID, err)
		}
		if n > 0 {
			out.Failed++
			orders[sh.OrderID] = true
		}
	}
	left, err := s.DB.PrintSheet.Query().Where(printsheet.StatusIn(printsheet.StatusExpired, printsheet.StatusFailed),
		printsheet.CleanedAtIsNil()).Limit(sweepBatch).All(ctx)
	if err != nil {
		return out, fmt.Errorf("printlab: sweep: %w", err)
	}
	var errs []error
	for _, sh := range left {
		if err := s.clean(ctx, sh); err != nil {
			errs = append(errs, err)
			continue
		}
		out.Cleaned++
	}
	for id := range orders {
		s.publish(ctx, id)
	}
	return out, errors.Join(errs...)
}

// expireOlder expires the ready sheets of sh's order made before it, now
// that sh is ready, and removes their ZIPs.
func (s *Service) expireOlder(ctx context.Context, sh *ent.PrintSheet) error {
	older, err := s.DB.PrintSheet.Query().Where(printsheet.OrderID(sh.OrderID), printsheet.IDNEQ(sh.ID),
		printsheet.StatusEQ(printsheet.StatusReady), printsheet.CreatedAtLT(sh.CreatedAt)).All(ctx)
	if err != nil {
		return err
	}
	now := s.now()
	var errs []error
	for _, o := range older {
		done, err := s.expire(ctx, o.ID, now)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if done {
			errs = append(errs, s.clean(ctx, o))
		}
	}
	return errors.Join(errs...)
}

// expire marks the ready sheet id expired at now and forgets its ZIP; it
// tells whether it did (false when the sheet was no longer ready: another
// sweep or a newer sheet expired it first).
func (s *Service) expire(ctx context.Context, id string, now time.Time) (bool, error) {
	n, err := s.DB.PrintSheet.Update().Where(printsheet.ID(id), printsheet.StatusEQ(printsheet.StatusReady)).
		SetStatus(printsheet.StatusExpired).SetExpiredAt(now).SetBlobKey("").Save(ctx)
	if err != nil {
		return false, fmt.Errorf("printlab: expire %s: %w", id, err)
	}
	return n > 0, nil
}

// clean removes a sheet's ZIP and the single files still there (listed:
// a ready sheet's were removed once packed, unless that failed), then
// records it.
func (s *Service) clean(ctx context.Context, sh *ent.PrintSheet) error {
	keys := []string{ZipKey(sh.ID)}
	it := s.Media.Bucket.List(&blob.ListOptions{Prefix: filesPrefix(sh.ID)})
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("printlab: list %s: %w", sh.ID, err)
		}
		keys = append(keys, obj.Key)
	}
	for _, k := range keys {
		if err := s.Media.Bucket.Delete(ctx, k); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return fmt.Errorf("printlab: remove %s: %w", k, err)
		}
	}
	if err := s.DB.PrintSheet.UpdateOneID(sh.ID).SetCleanedAt(s.now()).Exec(ctx); err != nil {
		return fmt.Errorf("printlab: cleaned %s: %w", sh.ID, err)
	}
	return nil
}

type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	s *Service
}

func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	n, err := w.s.Sweep(ctx)
	if n != (Swept{}) {
		w.s.log().InfoContext(ctx, "printlab: sweep", "expired", n.Expired, "failed", n.Failed, "cleaned", n.Cleaned)
	}
	return err
}
