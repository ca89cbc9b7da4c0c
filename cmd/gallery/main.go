// Command gallery runs the event gallery server and its maintenance tasks.
//
//	gallery serve                                         serve the API, media and client on ADDR
//	gallery seed-demo [--photos N]                        create the French demo data (idempotent)
//	gallery seed-bench --photos N --url bench-N           a public gallery of N small photos (benchmarks)
//	gallery photographer token --email E [--name N]       print a new API token (shown once)
//	gallery photographer tokens --email E                 list a photographer's tokens
//	gallery captcha answer CAPTCHA_ID                      print a captcha's answer (operators, tests)
//	gallery photographer revoke --id tok_… | --email E --name N
//	                                                      revoke tokens
//	gallery backup --to DIR|FILE.tar.gz [--blobs auto|copy|list]
//	                                                      a consistent snapshot while the server runs
//	gallery restore --from DIR|FILE [--force]             restore a backup into an empty installation
//	gallery backups [--dir D]                             list the automatic snapshots (BACKUP_DIR)
//	gallery media backfill-webp [--batch N]               make the WebP twins of photos made before them
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/backup"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/metrics"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/server"
	"github.com/studio/gallery/server/web"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "gallery:", err)
		os.Exit(1)
	}
}

func usage() error {
	return errors.New("usage: gallery serve | seed-demo [--photos N] | seed-bench --photos N --url U | photographer token|tokens|revoke ... | backup --to D | restore --from D | backups | media backfill-webp | version")
}

func run(args []string) error {
	if len(args) == 0 {
		return usage()
	}
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg.LogLevel)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch args[0] {
	case "serve":
		return serve(ctx, cfg, log)
	case "seed-demo":
		fs := flag.NewFlagSet("seed-demo", flag.ContinueOnError)
		n := fs.Int("photos", 48, "photos per demo gallery")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return seedDemo(ctx, cfg, *n)
	case "seed-bench":
		return seedBenchCmd(ctx, cfg, args[1:])
	case "photographer":
		return photographerCmd(ctx, cfg, args[1:], os.Stdout)
	case "captcha":
		return captchaCmd(ctx, cfg, args[1:], os.Stdout)
	case "backup":
		return backupCmd(ctx, cfg, args[1:], os.Stdout)
	case "restore":
		return restoreCmd(ctx, cfg, args[1:], os.Stdout)
	case "backups":
		return backupsCmd(cfg, args[1:], os.Stdout)
	case "media":
		return mediaCmd(ctx, cfg, args[1:], os.Stdout)
	case "version":
		fmt.Println(server.Version)
		return nil
	default:
		return usage()
	}
}

func newLogger(level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}

// open connects to the database and blob storage named by cfg. The server
// watches the writes other processes announce on SQLite; the commands
// announce theirs (openStore). The server also takes a snapshot of
// the database before an upgrade that changes its schema
// (BACKUP_BEFORE_UPGRADE).
func open(ctx context.Context, cfg config.Config, serving bool) (*store.DB, *media.Store, error) {
	m, err := media.Open(ctx, cfg.BlobURL)
	if err != nil {
		return nil, nil, err
	}
	var beforeUpgrade func(ctx context.Context) error
	if serving && cfg.BackupBeforeUpgrade {
		beforeUpgrade = func(ctx context.Context) error { return snapshotBeforeUpgrade(ctx, cfg, m) }
	}
	db, err := openStore(ctx, cfg, serving, beforeUpgrade)
	if err != nil {
		m.Close()
		return nil, nil, err
	}
	return db, m, nil
}

// openStore opens cfg's database. The server watches the writes other
// processes announce on SQLite; a command announces its own, through the
// file on SQLite and over NOTIFY on PostgreSQL (app.AnnounceWrites), so
// that a running server sees them at once.
func openStore(ctx context.Context, cfg config.Config, serving bool, beforeUpgrade func(ctx context.Context) error) (*store.DB, error) {
	db, err := store.Open(ctx, store.Options{
		DatabaseURL:   cfg.DatabaseURL,
		SQLitePath:    filepath.Join(cfg.DataDir, "gallery.db"),
		Watch:         serving,
		Announce:      !serving,
		BeforeUpgrade: beforeUpgrade,
	})
	if err != nil {
		return nil, err
	}
	if !serving {
		app.AnnounceWrites(db, nil)
	}
	return db, nil
}

// snapshotBeforeUpgrade backs the database and the key up (the blobs are
// listed: an upgrade adds blobs, it does not change them) into BACKUP_DIR,
// else DATA_DIR/backups, as gallery-pre-upgrade-TIME.tar.gz, which the
// automatic snapshots' pruning leaves alone.
func snapshotBeforeUpgrade(ctx context.Context, cfg config.Config, m *media.Store) error {
	dir := cfg.BackupDir
	if dir == "" {
		dir = filepath.Join(cfg.DataDir, "backups")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	src, err := backup.SourceOf(cfg, m.Bucket, "list", server.Version)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, "gallery-pre-upgrade-"+time.Now().UTC().Format("20060102T150405Z")+".tar.gz")
	if _, err := backup.Take(ctx, src, path); err != nil {
		return fmt.Errorf("%w (a snapshot is taken before the schema changes; fix the cause, or set BACKUP_BEFORE_UPGRADE=false to upgrade without one)", err)
	}
	slog.Info("schema upgrade: snapshot taken first", "file", path)
	return nil
}

func serve(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	// A generated key is kept under DATA_DIR, so that sessions and signed
	// cookies survive a restart.
	if err := cfg.EnsureSecretKey(); err != nil {
		return err
	}
	db, m, err := open(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer db.Close()
	defer m.Close()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.Addr, err)
	}
	dist := web.Dist()
	if dist == nil {
		log.Warn("the client is not built: run make build")
	}
	var ev events.Broker = events.NewLocal()
	if cfg.UsesPostgres() {
		// Replicas share events through LISTEN/NOTIFY on the same database.
		if ev, err = events.NewPostgres(ctx, db.SQL, cfg.DatabaseURL, log); err != nil {
			return err
		}
	}
	defer ev.Close()
	if cfg.UsesPostgres() {
		// What each replica keeps goes stale at once when another
		// replica writes (CACHE_TTL stays as the safety net).
		defer app.ShareWrites(db, ev, log)()
	}
	// A stable worker id lets a restarted server take back at once the jobs
	// it left running when it was killed.
	workerID, releaseID := jobs.WorkerID(cfg.DataDir)
	defer releaseID()
	svc, err := app.New(ctx, app.Options{Config: cfg, DB: db, Media: m, Events: ev, Log: log,
		Jobs: &jobs.Config{ID: workerID}, Version: server.Version})
	if err != nil {
		return err
	}
	// Every service is complete before Start: a job left queued by another
	// server may be worked at once.
	if err := svc.Start(ctx); err != nil {
		return err
	}
	defer func() {
		// After the HTTP server has stopped, before the database closes.
		stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		if err := svc.Stop(stopCtx); err != nil {
			log.Error("jobs: stop", "err", err)
		}
	}()
	srv := server.New(svc, dist)
	if cfg.MetricsAddr != "" {
		stopMetrics, err := serveMetrics(cfg.MetricsAddr, svc, log)
		if err != nil {
			return err
		}
		defer stopMetrics()
	}
	log.Info("serving", "addr", ln.Addr().String(), "database", db.Dialect, "version", server.Version)
	return srv.ListenAndServe(ctx, ln)
}

// serveMetrics serves /metrics (Prometheus) on its own address, away from
// the public one, until the returned stop is called.
func serveMetrics(addr string, svc *app.Services, log *slog.Logger) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen METRICS_ADDR %s: %w", addr, err)
	}
	var extra []prometheus.Collector
	if svc.Jobs != nil {
		extra = append(extra, svc.Jobs.Collector())
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Handler(svc.DB.SQL, extra...))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics: serve", "err", err)
		}
	}()
	log.Info("metrics", "addr", ln.Addr().String())
	return func() { _ = hs.Close() }, nil
}

func seedDemo(ctx context.Context, cfg config.Config, photos int) error {
	db, m, err := open(ctx, cfg, false)
	if err != nil {
		return err
	}
	defer db.Close()
	defer m.Close()
	res, err := seed.Demo(ctx, db.Client, m, photos)
	if err != nil {
		return err
	}
	fmt.Printf("Démo prête.\n  Photographe : %s\n", res.PhotographerEmail)
	for _, g := range res.Galleries {
		fmt.Printf("  Galerie     : %s/%s\n", cfg.PublicURL, g)
	}
	fmt.Printf("  julie-et-thomas, code client   : %s\n", res.ClientCode)
	fmt.Printf("  julie-et-thomas, code invité   : %s\n", res.VisitorCode)
	fmt.Printf("  Code de réduction              : %s\n", res.DiscountCode)
	fmt.Printf("  Carte cadeau                   : %s\n", res.GiftCard)
	return nil
}
