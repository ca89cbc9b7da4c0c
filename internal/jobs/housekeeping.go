package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/ent"
	entcaptcha "github.com/studio/gallery/ent/captcha"
	"github.com/studio/gallery/ent/passkeychallenge"
	"github.com/studio/gallery/ent/photographersession"
	"github.com/studio/gallery/ent/ratelimit"
	"github.com/studio/gallery/internal/viewer"
)

// Housekeeping deletes the rows that are only kept until they expire:
// the limiters' counters (internal/access), the passkey ceremonies left
// unfinished (internal/passkey), the captchas (an hour after they
// expired, so that a late answer still reads « expired », not « unknown »)
// and the photographer's sessions ended for a month (the studio lists the
// recent ones). It runs as a periodic job on the runner's leader, one
// server per database however many replicas, so no request path deletes
// anything on the way.

// KindHousekeeping is the periodic job's kind.
const KindHousekeeping = "housekeeping"

// HousekeepEvery is how often the leader runs it.
const HousekeepEvery = 10 * time.Minute

// SessionsKeptFor is how long an expired or revoked photographer session is kept.
const SessionsKeptFor = 30 * 24 * time.Hour

// HousekeepingArgs is the periodic job.
type HousekeepingArgs struct{}

// Kind names the job.
func (HousekeepingArgs) Kind() string { return KindHousekeeping }

// InsertOpts: one pending at a time, the next period does it anyway.
func (HousekeepingArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: HousekeepEvery}}
}

// Swept counts what one run deleted.
type Swept struct {
	RateLimits, PasskeyChallenges, Captchas, Sessions int
}

// Housekeep deletes what has expired at now.
func Housekeep(ctx context.Context, db *ent.Client, now time.Time) (Swept, error) {
	ctx = viewer.SystemContext(ctx)
	var s Swept
	var err error
	if s.RateLimits, err = db.RateLimit.Delete().Where(ratelimit.ExpiresAtLT(now)).Exec(ctx); err != nil {
		return s, fmt.Errorf("housekeeping: rate limits: %w", err)
	}
	if s.PasskeyChallenges, err = db.PasskeyChallenge.Delete().Where(passkeychallenge.ExpiresAtLT(now)).Exec(ctx); err != nil {
		return s, fmt.Errorf("housekeeping: passkey challenges: %w", err)
	}
	if s.Captchas, err = db.Captcha.Delete().Where(entcaptcha.ExpiresAtLT(now.Add(-time.Hour))).Exec(ctx); err != nil {
		return s, fmt.Errorf("housekeeping: captchas: %w", err)
	}
	old := now.Add(-SessionsKeptFor)
	if s.Sessions, err = db.PhotographerSession.Delete().Where(photographersession.Or(
		photographersession.ExpiresAtLT(old), photographersession.RevokedAtLT(old))).Exec(ctx); err != nil {
		return s, fmt.Errorf("housekeeping: sessions: %w", err)
	}
	return s, nil
}

type housekeepingWorker struct {
	river.WorkerDefaults[HousekeepingArgs]
	db  *ent.Client
	log *slog.Logger
}

func (w *housekeepingWorker) Work(ctx context.Context, _ *river.Job[HousekeepingArgs]) error {
	s, err := Housekeep(ctx, w.db, time.Now())
	if err != nil {
		return err
	}
	if s != (Swept{}) {
		w.log.Info("housekeeping", "rate_limits", s.RateLimits, "passkey_challenges", s.PasskeyChallenges,
			"captchas", s.Captchas, "sessions", s.Sessions)
	}
	return nil
}

// scheduleHousekeeping adds the periodic job, run at start and every HousekeepEvery.
func (r *Runner) scheduleHousekeeping() error {
	return r.Periodic(river.NewPeriodicJob(river.PeriodicInterval(HousekeepEvery),
		func() (river.JobArgs, *river.InsertOpts) { return HousekeepingArgs{}, nil },
		&river.PeriodicJobOpts{ID: KindHousekeeping, RunOnStart: true}))
}
