// Package app is the composition root: it builds every domain service once,
// fully (each with everything it needs, the job runner included), and hands
// the same Services to both doors (server/ REST and graph/ GraphQL), the
// websocket and the commands. Nothing is assigned to a service after New.
//
// The job runner and the services need each other: the services enqueue
// through the runner, and the runner works the jobs of the download and
// order workers, which call the services. New breaks the cycle in three
// steps: the runner is built first (its River client can insert jobs at
// once), then the services with it, then their workers join the runner's
// bundle (jobs.Runner.Register). The caller starts the runner
// (Services.Jobs.Start) once New has returned.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/riverqueue/river"

	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/backup"
	"github.com/studio/gallery/internal/books"
	"github.com/studio/gallery/internal/captcha"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/contact"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/keys"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/metrics"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/passkey"
	"github.com/studio/gallery/internal/payments"
	"github.com/studio/gallery/internal/payments/stripe"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/photos"
	"github.com/studio/gallery/internal/printlab"
	"github.com/studio/gallery/internal/selections"
	"github.com/studio/gallery/internal/share"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/visits"
)

// Services are the domain services of one process, with what they share.
type Services struct {
	Config config.Config
	DB     *store.DB
	Media  *media.Store
	Log    *slog.Logger
	// Events carries change notices to subscriptions (in-process or across
	// servers).
	Events events.Broker
	// Mail is the one sender every e-mail goes out through (from the mail
	// jobs when there is a runner).
	Mail mail.Sender
	// Jobs is the job runner, not started (the caller starts it); nil when
	// Options.Jobs was: e-mails then go out during the request and uploads
	// are refused.
	Jobs *jobs.Runner

	// Access applies the access rules: codes, e-mail identity, previews,
	// XSRF; Captchas makes and checks the captchas it and Contact ask for.
	Access   *access.Service
	Captchas *captcha.Service
	// Galleries reads the galleries (rows kept for KeepFor).
	Galleries *gallery.Service
	// Photographer makes the photographer's changes; Tokens and Sessions
	// say who the photographer is (bearer token, playground cookie).
	Photographer *photographer.Service
	// Passkeys registers the photographer's passkeys and signs in with
	// them (the relying party is PUBLIC_URL).
	Passkeys *passkey.Service
	Tokens   *photographer.Tokens
	Sessions *photographer.Sessions
	// Photos stores uploads; nil (no runner) refuses them.
	Photos *photos.Service
	// Selections keeps favourites, named selections, the clients' album
	// and client-hidden photos; Shares and Contact send e-mails for
	// visitors.
	Selections *selections.Service
	Shares     *share.Service
	Contact    *contact.Service
	// Catalogues keeps the galleries' catalogues for carts and the gallery
	// REST call; Carts keeps the visitors' carts and prices them.
	Catalogues *catalogue.Cache
	Carts      *cart.Service
	// Downloads takes download requests; DownloadWorkers make them (nil
	// without a runner).
	Downloads       *downloads.Service
	DownloadWorkers *downloads.Workers
	// Orders places orders and follows their payments.
	Orders *orders.Service
	// PrintLab makes the print lab's sheets of orders (nil without a runner).
	PrintLab *printlab.Service
	// Books makes the accountant's exports, the invoices and the dashboard.
	Books *books.Service
	// Visits counts the guests' page loads in memory and writes them a
	// moment later, and once more on Stop.
	Visits *visits.Counter
	// TestPayments is the built-in test provider when it takes the
	// payments (PAYMENT_PROVIDER=test): its page is served at /pay/test.
	TestPayments *payments.Test

	// KeepFor is how long what is kept from the database may be used after
	// another process changed it (KeepFor).
	KeepFor time.Duration
}

// Options is what New builds from.
type Options struct {
	Config config.Config
	DB     *store.DB
	Media  *media.Store
	Events events.Broker
	Log    *slog.Logger
	// Mail replaces the sender the configuration names (SMTP_URL, else the
	// outbox under DATA_DIR): tests point it at their SMTP server.
	Mail mail.Sender
	// Jobs, when set, builds the job runner with these settings (tuning:
	// workers, polling, retries, TestOnly); New fills in its Media, Events,
	// Logger, Mail and SecretKey. Nil: no runner (tests, commands).
	Jobs *jobs.Config
	// Now is the clock of carts, orders and downloads; nil means time.Now
	// (tests move it forward).
	Now func() time.Time
	// DownloadPartLimit bounds the bytes of one download archive part
	// (zero: the workers' default); DownloadEvents replaces the broker the
	// download workers publish on (tests hold a job at its first event).
	DownloadPartLimit int64
	DownloadEvents    events.Broker
	// WrapProvider, when set, wraps the configured payment provider before
	// the orders service gets it (tests hold a checkout while it opens).
	WrapProvider func(payments.Provider) payments.Provider
	// Version is the server's version, written in backups' manifests.
	Version string
}

// defaultKeepFor is KeepFor's default when other processes may write
// unannounced (CACHE_TTL "auto").
const defaultKeepFor = time.Second

// KeepFor is how long what a server keeps from the database may be used
// after another process changed it (CACHE_TTL; "auto" when zero): 10
// minutes when the other processes' writes reach this one at once (on
// SQLite the commands announce theirs through a file, which the server
// watches; on PostgreSQL the replicas and the commands publish theirs
// through NOTIFY, ShareWrites and AnnounceWrites), the time to live being
// then only the safety net for a lost notice; 1 s otherwise.
func KeepFor(cfg config.Config, db *store.DB) time.Duration {
	switch {
	case cfg.CacheTTL > 0:
		return cfg.CacheTTL
	case db.SharesWrites():
		return 10 * time.Minute
	default:
		return defaultKeepFor
	}
}

// New builds every service once. With Options.Jobs it also builds the job
// runner (River's tables are migrated then) with every worker registered;
// start it with Services.Jobs.Start.
func New(ctx context.Context, o Options) (*Services, error) {
	cfg := o.Config.WithLimitDefaults()
	db, log, ev := o.DB, o.Log, o.Events
	if log == nil {
		log = slog.Default()
	}
	if ev == nil {
		ev = events.NewLocal()
	}
	secret := []byte(cfg.SecretKey)
	if len(secret) == 0 {
		// Tests and one-off runs: sessions last as long as the process.
		log.Warn("SECRET_KEY is empty: photographer sessions end with this process")
		secret = []byte(ids.Token(43))
	}
	sender := o.Mail
	if sender == nil {
		sender = newSender(cfg, log)
	}
	sender = metrics.CountMails(sender)
	if o.Media != nil {
		// Originals and archives by presigned S3 addresses (S3 only).
		o.Media.SignedURLExpiry = cfg.BlobSignedURLTTL
	}
	s := &Services{Config: cfg, DB: db, Media: o.Media, Log: log, Events: ev, Mail: sender, KeepFor: KeepFor(cfg, db)}
	if o.Jobs != nil {
		jc := *o.Jobs
		jc.Media, jc.Events, jc.Logger, jc.Mail = o.Media, ev, log, sender
		// The same secret as the cookies' (SECRET_KEY), not the random one
		// of a run without it: the jobs module makes its own then.
		jc.SecretKey = []byte(cfg.SecretKey)
		runner, err := jobs.New(ctx, db, jc)
		if err != nil {
			return nil, err
		}
		s.Jobs = runner
	}
	ttl := s.KeepFor
	signer := access.NewSigner(string(secret))
	s.Captchas = captcha.NewService(db.Client)
	s.Access = access.NewService(access.Options{DB: db.Client, Signer: signer, Mail: sender, Jobs: s.Jobs,
		Captchas: s.Captchas, PublicURL: cfg.PublicURL, KeepFor: ttl})
	s.Galleries = gallery.NewService(db.Client, cfg.PublicURL, ttl)
	s.Photographer = &photographer.Service{DB: db.Client, Jobs: s.Jobs, Events: ev, Media: o.Media}
	s.Tokens = photographer.NewTokens(db.Client, ttl)
	s.Sessions = photographer.NewSessions(db.Client, signer, s.Tokens, s.Access, ttl)
	s.Passkeys = passkey.New(db.Client, s.Sessions, cfg.PublicURL, "")
	if s.Jobs != nil {
		s.Photos = photos.New(db.Client, o.Media, s.Jobs,
			media.Limits{MaxBytes: cfg.MaxUploadFileBytes, MaxPixels: cfg.MaxUploadPixels}).WithLogger(log)
	}
	s.Selections = &selections.Service{DB: db.Client, Mail: sender, Jobs: s.Jobs, PublicURL: cfg.PublicURL}
	s.Shares = &share.Service{DB: db.Client, Mail: sender, Jobs: s.Jobs, PublicURL: cfg.PublicURL}
	s.Contact = &contact.Service{DB: db.Client, Mail: sender, Jobs: s.Jobs, Captchas: s.Captchas, PublicURL: cfg.PublicURL}
	s.Catalogues = &catalogue.Cache{TTL: ttl}
	s.Catalogues.Install(db.Client)
	s.Carts = &cart.Service{DB: db.Client, Catalogues: s.Catalogues, Events: ev, Now: o.Now}
	s.Downloads = &downloads.Service{DB: db.Client, Jobs: s.Jobs, Events: ev, Now: o.Now}
	provider, testPayments, err := newPayments(cfg, secret)
	if err != nil {
		// The configuration was checked when it was loaded; orders then
		// fail with an internal error instead of the server not starting.
		log.Error("payments: provider unavailable", "err", err)
	}
	s.TestPayments = testPayments
	if provider != nil && o.WrapProvider != nil {
		provider = o.WrapProvider(provider)
	}
	providers := map[string]payments.Provider{}
	if provider != nil {
		providers[provider.Name()] = provider
	}
	s.Orders = &orders.Service{DB: db.Client, Jobs: s.Jobs, Events: ev, Carts: s.Carts, Mail: sender,
		PublicURL: cfg.PublicURL, Expiry: cfg.OrderExpiry, Logger: log, Now: o.Now,
		Provider: provider, Providers: providers}
	s.Books = &books.Service{DB: db.Client}
	s.Visits = &visits.Counter{DB: db.Client, OnError: func(err error) { log.Warn("visits: flush (kept for the next one)", "err", err) }}
	if s.Jobs != nil {
		dev := o.DownloadEvents
		if dev == nil {
			dev = ev
		}
		s.DownloadWorkers = &downloads.Workers{DB: db.Client, Media: o.Media, Mail: sender, Events: dev, Runner: s.Jobs,
			PublicURL: cfg.PublicURL, PartLimit: o.DownloadPartLimit, Log: log, Now: o.Now}
		s.Jobs.Register(s.DownloadWorkers.Register, s.Orders.Register)
		s.PrintLab = &printlab.Service{DB: db.Client, Jobs: s.Jobs, Media: o.Media, Events: ev, Log: log, Now: o.Now,
			Retention: cfg.PrintSheetRetention}
		s.Jobs.Register(s.PrintLab.Register)
		// The sheets' ZIPs past PRINT_SHEET_RETENTION and the failed
		// sheets' files are removed by the leader, every hour.
		if err := s.Jobs.Periodic(printlab.SweepJob()); err != nil {
			return nil, err
		}
		if err := s.scheduleSnapshots(o); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// scheduleSnapshots registers the automatic snapshots BACKUP_DIR asks for:
// a periodic job (BACKUP_EVERY) that backs the installation up into it and
// keeps what BACKUP_KEEP says.
func (s *Services) scheduleSnapshots(o Options) error {
	cfg := s.Config
	if cfg.BackupDir == "" || o.Media == nil {
		return nil
	}
	w := &backup.Worker{Dir: cfg.BackupDir, Daily: cfg.BackupKeepDaily, Weekly: cfg.BackupKeepWeekly, Log: s.Log,
		Source: func(context.Context) (backup.Source, func(), error) {
			src, err := backup.SourceOf(cfg, o.Media.Bucket, "auto", o.Version)
			return src, func() {}, err
		}}
	s.Jobs.Register(func(ws *river.Workers) { river.AddWorker(ws, w) })
	return s.Jobs.Periodic(river.NewPeriodicJob(river.PeriodicInterval(cfg.BackupEvery),
		func() (river.JobArgs, *river.InsertOpts) { return backup.SnapshotArgs{}, nil },
		&river.PeriodicJobOpts{ID: "backup_snapshot"}))
}

// newSender is the sender the configuration names: SMTP_URL, else the
// outbox under DATA_DIR.
func newSender(cfg config.Config, log *slog.Logger) mail.Sender {
	outbox := filepath.Join(cfg.DataDir, "outbox")
	sender, err := mail.New(mail.Options{SMTPURL: cfg.SMTPURL, From: cfg.MailFrom, OutboxDir: outbox, Log: log})
	if err != nil {
		// The configuration was checked when it was loaded; a bad SMTP_URL
		// still must not leave mail silently unsent.
		log.Error("mail: falling back to the outbox", "err", err)
		return &mail.Outbox{Dir: outbox, From: cfg.MailFrom, Log: log}
	}
	return sender
}

// newPayments is the configured payment provider: Stripe, or the built-in
// test provider (its page at /pay/test exists only then: a server taking
// real payments cannot be paid by a test page).
func newPayments(cfg config.Config, secret []byte) (payments.Provider, *payments.Test, error) {
	if cfg.PaymentProvider == "stripe" {
		p, err := stripe.New(stripe.Config{SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret, APIURL: cfg.StripeAPIURL})
		if err != nil {
			return nil, nil, fmt.Errorf("stripe: %w", err)
		}
		return p, nil, nil
	}
	t := &payments.Test{Secret: keys.Derive(secret, keys.TestPayments), PublicURL: cfg.PublicURL}
	return t, t, nil
}

// Start starts the job runner, if any, unless the configuration says this
// process only enqueues (WORK_JOBS=false).
func (s *Services) Start(ctx context.Context) error {
	if s.Jobs == nil {
		return nil
	}
	if !s.Config.WorkJobs {
		s.Log.Info("jobs: WORK_JOBS=false, this process only enqueues")
		return nil
	}
	return s.Jobs.Start(ctx)
}

// Stop writes the visits counted since the last flush and stops the job
// runner, if any: call it after the HTTP server has stopped, before the
// database closes.
func (s *Services) Stop(ctx context.Context) error {
	err := s.Visits.Flush(ctx)
	if s.Jobs != nil {
		err = errors.Join(err, s.Jobs.Stop(ctx))
	}
	return err
}
