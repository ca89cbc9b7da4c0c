// Package jobs runs background work (photo derivatives, Vimeo thumbnails,
// e-mails; other packages add zips and order work) on River, in the application's own database:
// riversqlite over the SQLite *sql.DB by default, riverpgxv5 over a pgx pool
// opened from the same address on PostgreSQL.
//
// Jobs are inserted in the same transaction as the rows that need them
// (Runner.InTx), so a committed photo always has its derivatives job and a
// rolled-back upload leaves no job behind. River keeps jobs in tables, so
// they survive a restart; a job whose worker died is rescued once its
// timeout has passed and retried with backoff.
//
// Wiring (internal/app does it), once the database and the blob store are
// open: build the runner, then the services with it, then add the workers
// of the packages that enqueue through it, then start it:
//
//	runner, err := jobs.New(ctx, db, jobs.Config{Media: blobs, Events: broker, Logger: log, Mail: sender})
//	if err != nil { ... }             // River's tables are migrated here
//	photoService := photos.New(db.Client, blobs, runner, media.DefaultLimits)
//	orderService := &orders.Service{..., Jobs: runner}
//	runner.Register(orderService.Register)
//	if err := runner.Start(ctx); err != nil { ... }
//	...
//	// on shutdown, after the HTTP server has stopped accepting requests:
//	stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
//	defer cancel()
//	runner.Stop(stopCtx)              // before db.Close()
//
// When a Vimeo video is added, create its row and enqueue its thumbnail in
// one transaction:
//
//	err := runner.InTx(ctx, func(ctx context.Context, tx *ent.Client, enq jobs.Enqueuer) error {
//		v, err := tx.Video.Create()....Save(ctx)
//		if err != nil { return err }
//		return jobs.EnqueueVideoThumbnail(ctx, enq, v.ID)
//	})
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync/atomic"
	"time"

	"entgo.io/ent/dialect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/store"
)

// Queue names. Derivatives are CPU-bound and get their own small queue so
// that they cannot starve short network jobs, and the web requests keep a
// core.
const (
	QueueDefault = river.QueueDefault
	QueueMedia   = "media"
)

// Timeouts and rescue. A job whose process died stays "running" in the
// table; River's rescuer (run by the elected leader every 30 s) makes it
// retryable once it has run longer than both RescueAfter and its own timeout.
const (
	// DefaultJobTimeout bounds a job kind that declares no timeout of its own.
	DefaultJobTimeout = time.Minute
	// RescueAfter is how long a job may stay running before it is presumed
	// orphaned by a crash and retried. It must exceed every job timeout.
	RescueAfter = 3 * time.Minute
)

// Config holds the workers' dependencies and the runner's tuning. Only
// Media is required to work derivatives; zero values take the defaults.
type Config struct {
	// Media is the blob store holding originals and derivatives.
	Media *media.Store
	// Events, if set, hears "photo" events when a photo becomes ready or failed.
	Events events.Broker
	// Logger receives River's and the workers' logs; slog.Default() if nil.
	Logger *slog.Logger

	// MediaWorkers bounds concurrent derivative jobs in this process;
	// default as many as cores, at least two: a job spends part of its time
	// reading and writing blobs and rows, and with one worker River fetched
	// one job per mediaFetchCooldown at most (issue 19). Requests still get
	// their share: the Go scheduler and the kernel share the cores.
	MediaWorkers int
	// DefaultWorkers bounds concurrent network-bound jobs; default 4.
	DefaultWorkers int

	// VimeoOEmbedURL is Vimeo's oEmbed endpoint; tests point it at httptest.
	VimeoOEmbedURL string
	// HTTPClient fetches oEmbed documents; default a client with a 10 s timeout.
	HTTPClient *http.Client

	// StopTimeout is how long Stop lets running jobs finish before their
	// contexts are cancelled and they are handed back to the queue; default 10 s.
	StopTimeout time.Duration
	// FetchPollInterval is how often idle queues look for work when no
	// insert notification arrived; default River's (1 s).
	FetchPollInterval time.Duration
	// RetryPolicy replaces River's exponential backoff (attempt^4 seconds
	// with jitter); tests use a fast one.
	RetryPolicy river.ClientRetryPolicy
	// TestOnly removes River's start-up jitter, for tests.
	TestOnly bool
	// Mail sends the mail_send jobs' e-mails. Jobs worked while there is
	// none fail and are retried.
	Mail mail.Sender
	// ID is the worker's stable id (WorkerID): Start then first takes back
	// the jobs a previous run with the same id left running when it died.
	// Empty: River's random id, and such jobs wait for the rescuer.
	ID string
	// SecretKey is the server's secret (SECRET_KEY): mail_send messages are
	// sealed in river_job under a key derived from it, so every replica
	// must share it. Empty (tests): a random key, good for this process only.
	SecretKey []byte
}

// DefaultVimeoOEmbedURL is Vimeo's public oEmbed endpoint.
const DefaultVimeoOEmbedURL = "https://vimeo.com/api/oembed.json"

func (c Config) withDefaults() Config {
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.MediaWorkers <= 0 {
		c.MediaWorkers = max(2, runtime.GOMAXPROCS(0))
	}
	if c.DefaultWorkers <= 0 {
		c.DefaultWorkers = 4
	}
	if c.VimeoOEmbedURL == "" {
		c.VimeoOEmbedURL = DefaultVimeoOEmbedURL
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if c.StopTimeout <= 0 {
		c.StopTimeout = 10 * time.Second
	}
	return c
}

// mediaFetchCooldown is the least time between two fetches of media jobs.
// River's default (100 ms) caps a queue at ten fetches a second, and a
// fetch takes at most as many jobs as workers are free: with derivatives
// of a web-sized photo taking tens of milliseconds, that cap, not the
// images, bounded ingest at about 9 photos a second (issue 19).
const mediaFetchCooldown = 5 * time.Millisecond

// Runner owns the River client: it inserts jobs (in the caller's
// transaction) and works them between Start and Stop.
type Runner struct {
	db   *store.DB
	cfg  Config
	log  *slog.Logger
	pool *pgxpool.Pool // PostgreSQL only
	box  *mailBox      // seals mail_send messages
	// workers is the bundle River works from: this package's workers, then
	// those of the packages that enqueue through the runner (Register).
	workers *river.Workers
	started atomic.Bool
	stopped atomic.Bool

	// Exactly one of these is set, after the database's dialect.
	lite *river.Client[*sql.Tx]
	pg   *river.Client[pgx.Tx]
}

// Enqueuer inserts jobs; the one InTx hands out inserts them in its transaction.
type Enqueuer interface {
	// Enqueue inserts a job and returns its id. opts may be nil; they
	// override the options the job kind declares.
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (int64, error)
}

// New migrates River's tables (idempotently, serialised between servers on
// PostgreSQL) and builds a runner over db. Jobs can be inserted at once;
// they are worked after Start.
func New(ctx context.Context, db *store.DB, cfg Config) (*Runner, error) {
	cfg = cfg.withDefaults()
	box, err := newMailBox(cfg.SecretKey)
	if err != nil {
		return nil, err
	}
	workers := river.NewWorkers()
	r := &Runner{db: db, cfg: cfg, log: cfg.Logger, box: box, workers: workers}
	river.AddWorker(workers, &derivativesWorker{db: db.Client, media: cfg.Media, events: cfg.Events, log: cfg.Logger})
	river.AddWorker(workers, &videoThumbnailWorker{db: db.Client, endpoint: cfg.VimeoOEmbedURL, http: cfg.HTTPClient, log: cfg.Logger})
	river.AddWorker(workers, &mailWorker{sender: cfg.Mail, box: box, log: cfg.Logger, now: time.Now})
	river.AddWorker(workers, &housekeepingWorker{db: db.Client, log: cfg.Logger})

	rc := &river.Config{
		Logger:               cfg.Logger,
		Workers:              workers,
		Queues:               map[string]river.QueueConfig{QueueDefault: {MaxWorkers: cfg.DefaultWorkers}, QueueMedia: {MaxWorkers: cfg.MediaWorkers, FetchCooldown: mediaFetchCooldown}},
		JobTimeout:           DefaultJobTimeout,
		RescueStuckJobsAfter: RescueAfter,
		SoftStopTimeout:      cfg.StopTimeout,
		FetchPollInterval:    cfg.FetchPollInterval,
		RetryPolicy:          cfg.RetryPolicy,
		TestOnly:             cfg.TestOnly,
		ID:                   cfg.ID,
	}

	switch db.Dialect {
	case dialect.SQLite:
		drv := riversqlite.New(db.SQL)
		if err := migrateSQLite(ctx, drv, cfg.Logger); err != nil {
			return nil, err
		}
		c, err := river.NewClient(drv, rc)
		if err != nil {
			return nil, fmt.Errorf("jobs: river client: %w", err)
		}
		r.lite = c
	case dialect.Postgres:
		if db.URL == "" {
			return nil, errors.New("jobs: PostgreSQL store without its URL")
		}
		pool, err := openPool(ctx, db.URL, cfg.DefaultWorkers+cfg.MediaWorkers)
		if err != nil {
			return nil, err
		}
		drv := riverpgxv5.New(pool)
		if err := migratePostgres(ctx, pool, drv, cfg.Logger); err != nil {
			pool.Close()
			return nil, err
		}
		c, err := river.NewClient(drv, rc)
		if err != nil {
			pool.Close()
			return nil, fmt.Errorf("jobs: river client: %w", err)
		}
		r.pool, r.pg = pool, c
	default:
		return nil, fmt.Errorf("jobs: unsupported dialect %q", db.Dialect)
	}
	if err := r.scheduleHousekeeping(); err != nil {
		return nil, err
	}
	return r, nil
}

// openPool opens River's own pgx pool on the store's database. Workers,
// the completer, the notifier's LISTEN connection and the leader's
// maintenance each take connections, hence the floor on its size.
func openPool(ctx context.Context, url string, workers int) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("jobs: postgres url: %w", err)
	}
	if floor := int32(workers + 4); pc.MaxConns < floor {
		pc.MaxConns = floor
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, fmt.Errorf("jobs: postgres pool: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("jobs: postgres ping: %w", err)
	}
	return pool, nil
}

// Register adds the workers of the packages that enqueue through the
// runner and so cannot be imported here (internal/downloads,
// internal/orders). It breaks the cycle between a runner and the services
// built with it: the runner exists first, the services are built with it,
// then their workers join River's bundle, all before Start. River reads
// the bundle when it works or inserts a job, so the kinds added here are
// known from then on; adding after Start would race with the producers,
// hence the panic.
func (r *Runner) Register(adds ...func(*river.Workers)) {
	if r.started.Load() {
		panic("jobs: Register after Start")
	}
	for _, add := range adds {
		add(r.workers)
	}
}

// Working says whether the runner was started and not stopped.
func (r *Runner) Working() bool { return r.started.Load() && !r.stopped.Load() }

// Periodic adds jobs that the runner's leader (one per database, however
// many servers) enqueues on their schedule once started.
func (r *Runner) Periodic(jobs ...*river.PeriodicJob) error {
	var b *river.PeriodicJobBundle
	if r.lite != nil {
		b = r.lite.PeriodicJobs()
	} else {
		b = r.pg.PeriodicJobs()
	}
	if _, err := b.AddManySafely(jobs); err != nil {
		return fmt.Errorf("jobs: periodic: %w", err)
	}
	return nil
}

// Start begins working jobs. It returns at once; work goes on until Stop.
// Cancelling ctx also begins a graceful stop; call Stop anyway to wait for it.
func (r *Runner) Start(ctx context.Context) error {
	r.started.Store(true)
	if r.cfg.ID != "" {
		if err := r.reclaim(ctx); err != nil {
			return err
		}
	}
	var err error
	if r.lite != nil {
		err = r.lite.Start(ctx)
	} else {
		err = r.pg.Start(ctx)
	}
	if err != nil {
		return fmt.Errorf("jobs: start: %w", err)
	}
	return nil
}

// Stop stops fetching jobs and lets running ones finish for up to
// Config.StopTimeout; those still running then have their contexts
// cancelled and go back to the queue without losing an attempt. If ctx ends
// first, Stop cancels what is left and waits a further 5 s at most: a job
// still stuck after that is rescued by the next server after its timeout.
// Stop also closes River's pool on PostgreSQL; the runner is not reusable.
func (r *Runner) Stop(ctx context.Context) error {
	r.stopped.Store(true)
	stop, hard := r.pgStop, r.pgStopAndCancel
	if r.lite != nil {
		stop, hard = r.lite.Stop, r.lite.StopAndCancel
	}
	err := stop(ctx)
	if err != nil && ctx.Err() != nil {
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if herr := hard(hctx); herr == nil {
			err = nil
		}
	}
	if r.pool != nil {
		r.pool.Close()
	}
	if err != nil {
		return fmt.Errorf("jobs: stop: %w", err)
	}
	return nil
}

func (r *Runner) pgStop(ctx context.Context) error          { return r.pg.Stop(ctx) }
func (r *Runner) pgStopAndCancel(ctx context.Context) error { return r.pg.StopAndCancel(ctx) }

// Enqueue inserts a job outside any transaction, for work that no row
// change accompanies. Prefer InTx when rows are written too.
func (r *Runner) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (int64, error) {
	var (
		res *rivertype.JobInsertResult
		err error
	)
	if r.lite != nil {
		res, err = r.lite.Insert(ctx, args, opts)
	} else {
		res, err = r.pg.Insert(ctx, args, opts)
	}
	if err != nil {
		return 0, fmt.Errorf("jobs: enqueue %s: %w", args.Kind(), err)
	}
	return res.Job.ID, nil
}

// Job returns a job by id, or an error wrapping river.ErrNotFound.
func (r *Runner) Job(ctx context.Context, id int64) (*rivertype.JobRow, error) {
	var (
		j   *rivertype.JobRow
		err error
	)
	if r.lite != nil {
		j, err = r.lite.JobGet(ctx, id)
	} else {
		j, err = r.pg.JobGet(ctx, id)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: job %d: %w", id, err)
	}
	return j, nil
}

// Subscribe relays River's events of the given kinds from this process
// (for metrics and tests); call the returned function to unsubscribe.
func (r *Runner) Subscribe(kinds ...river.EventKind) (<-chan *river.Event, func()) {
	if r.lite != nil {
		return r.lite.Subscribe(kinds...)
	}
	return r.pg.Subscribe(kinds...)
}

// Watch collects the jobs of the given kinds (all kinds if none) that this
// process finishes for good: completed, cancelled, or discarded after their
// last attempt. Create it before starting the runner or inserting the jobs,
// so that no event is missed; tests wait on it instead of sleeping.
func (r *Runner) Watch(kinds ...string) *Watch {
	ch, cancel := r.Subscribe(river.EventKindJobCompleted, river.EventKindJobCancelled, river.EventKindJobFailed)
	w := &Watch{ch: ch, cancel: cancel}
	if len(kinds) > 0 {
		w.kinds = map[string]bool{}
		for _, k := range kinds {
			w.kinds[k] = true
		}
	}
	return w
}

// Watch receives finished jobs; see Runner.Watch.
type Watch struct {
	ch     <-chan *river.Event
	cancel func()
	kinds  map[string]bool
}

// Wait returns the next n jobs that finish, in the order they finished,
// or what it has when ctx ends (with ctx's error).
func (w *Watch) Wait(ctx context.Context, n int) ([]*rivertype.JobRow, error) {
	out := make([]*rivertype.JobRow, 0, n)
	for len(out) < n {
		select {
		case <-ctx.Done():
			return out, fmt.Errorf("jobs: %d of %d jobs finished: %w", len(out), n, ctx.Err())
		case e, ok := <-w.ch:
			if !ok {
				return out, fmt.Errorf("jobs: %d of %d jobs finished: runner stopped", len(out), n)
			}
			if e.Job == nil || (w.kinds != nil && !w.kinds[e.Job.Kind]) {
				continue
			}
			if e.Kind == river.EventKindJobFailed && e.Job.State != rivertype.JobStateDiscarded {
				continue // will be retried
			}
			out = append(out, e.Job)
		}
	}
	return out, nil
}

// Close stops the watch.
func (w *Watch) Close() { w.cancel() }
