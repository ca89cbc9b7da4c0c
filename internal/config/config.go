// Package config reads the server's settings from the environment once,
// into a typed struct with the defaults in one table.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the server.
type Config struct {
	// Addr is where the HTTP server listens.
	Addr string
	// DataDir holds the SQLite file, blobs and the mail outbox by default.
	DataDir string
	// DatabaseURL selects PostgreSQL (postgres://...) instead of SQLite.
	DatabaseURL string
	// BlobURL is a gocloud.dev/blob URL; default file://DATA_DIR/blobs.
	BlobURL string
	// BlobSignedURLTTL is the lifetime of the presigned S3 addresses that
	// deliver originals and download archives (s3:// BlobURL only); zero
	// turns them off: the app serves those bytes itself.
	BlobSignedURLTTL time.Duration
	// PublicURL is how browsers reach the server, for links in e-mails and og tags.
	PublicURL string
	// SecretKey signs cookies, XSRF tokens and preview hashes.
	SecretKey string
	// AllowedOrigins may open websockets and send cross-origin requests.
	AllowedOrigins []string
	// TrustedProxies are the reverse proxies (CIDRs; a bare address is
	// one host) whose X-Forwarded-For / X-Real-IP headers name the client.
	// Empty (the default): the headers are ignored and the client is the
	// connection's peer.
	TrustedProxies []netip.Prefix
	// SMTPURL sends mail through an SMTP server; empty writes .eml files to the outbox.
	SMTPURL string
	// MailFrom is the sender of every e-mail.
	MailFrom string
	// MaxBodyBytes bounds JSON request bodies.
	MaxBodyBytes int64
	// ShutdownTimeout bounds a graceful stop.
	ShutdownTimeout time.Duration
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// WorkJobs: this process works background jobs (true by default). A
	// replica with false only enqueues them, for other replicas to work.
	WorkJobs bool
	// PaymentProvider takes the payments: "stripe", or "test" (the
	// built-in test page). Empty: stripe when STRIPE_SECRET_KEY is set,
	// else test.
	PaymentProvider string
	// StripeSecretKey and StripeWebhookSecret are the Stripe account's;
	// StripeAPIURL overrides Stripe's address (stripe-mock in tests).
	StripeSecretKey     string
	StripeWebhookSecret string
	StripeAPIURL        string
	// OrderExpiry is how long an unpaid order waits before it expires.
	OrderExpiry time.Duration
	// PrintSheetRetention is how long a print lab sheet's ZIP is kept after
	// it was ready (internal/printlab).
	PrintSheetRetention time.Duration
	// UploadExpiry is how long an unfinished resumable upload (/api/uploads/)
	// is kept after its last byte arrived.
	UploadExpiry time.Duration
	// CacheTTL bounds how long what the server keeps in memory (gallery
	// answers and rows, photo pages, catalogues, live access codes, API
	// tokens) is used after a change made by another process; a change
	// made through this process is seen at once. Zero ("auto"): 10 minutes
	// when the other writers announce their writes to the server (on
	// SQLite the commands, store.Options.Watch; on PostgreSQL the replicas
	// and the commands, app.ShareWrites and app.AnnounceWrites), 1 s
	// otherwise (app.KeepFor).
	CacheTTL time.Duration

	// Limits on bad or hostile input (docs/limits.md lists each with its
	// error code and test). MaxBodyBytes above bounds JSON bodies.

	// MaxWebhookBytes bounds a payment provider's webhook request.
	MaxWebhookBytes int64
	// MaxUploadRequestBytes bounds a whole multipart GraphQL request
	// (uploadPhotos); MaxUploadFileBytes each file in it.
	MaxUploadRequestBytes int64
	MaxUploadFileBytes    int64
	// MaxUploadPixels refuses images with more pixels (width x height, read
	// from the header before anything is decoded): decompression bombs.
	MaxUploadPixels int
	// GraphQLMaxDepth, GraphQLMaxComplexity and GraphQLMaxTokens bound a
	// GraphQL document: how deeply selections nest, gqlgen's complexity
	// score, and how many tokens the parser reads.
	GraphQLMaxDepth      int
	GraphQLMaxComplexity int
	GraphQLMaxTokens     int
	// MaxPageSize bounds first/last of every GraphQL connection (at most
	// 100, the schema's contract).
	MaxPageSize int
	// BackupDir turns on automatic snapshots (`gallery backup` made by a
	// background job) into this folder; BackupEvery is their period and
	// BackupKeepDaily / BackupKeepWeekly how many are kept.
	BackupDir                         string
	BackupEvery                       time.Duration
	BackupKeepDaily, BackupKeepWeekly int
	// BackupBeforeUpgrade takes a snapshot of the database before a start
	// that changes its schema (into BackupDir, else DATA_DIR/backups).
	BackupBeforeUpgrade bool
	// MetricsAddr serves /metrics (Prometheus) on its own address; empty: off.
	MetricsAddr string
	// MaxListItems bounds every list in a request (GraphQL arguments and
	// variables, REST bodies), before any domain code runs.
	MaxListItems int
}

// PageSizeCeiling is the largest MAX_PAGE_SIZE: the schema promises pages
// of at most 100.
const PageSizeCeiling = 100

type setting struct {
	env, def string
	set      func(c *Config, v string) error
}

// settings is the one table of environment variables and defaults.
var settings = []setting{
	{"ADDR", ":8080", func(c *Config, v string) error { c.Addr = v; return nil }},
	{"DATA_DIR", "./data", func(c *Config, v string) error { c.DataDir = v; return nil }},
	{"DATABASE_URL", "", func(c *Config, v string) error { c.DatabaseURL = v; return nil }},
	{"BLOB_URL", "", func(c *Config, v string) error { c.BlobURL = v; return nil }},
	{"BLOB_SIGNED_URL_TTL", "5m", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d != 0 && (d < time.Second || d > 7*24*time.Hour) {
			err = fmt.Errorf("0 (off) or between 1s and 168h (S3's longest)")
		}
		c.BlobSignedURLTTL = d
		return err
	}},
	{"PUBLIC_URL", "http://localhost:8080", func(c *Config, v string) error { c.PublicURL = strings.TrimRight(v, "/"); return nil }},
	{"SECRET_KEY", "", func(c *Config, v string) error { c.SecretKey = v; return nil }},
	{"ALLOWED_ORIGINS", "", func(c *Config, v string) error { c.AllowedOrigins = splitList(v); return nil }},
	{"TRUSTED_PROXIES", "", func(c *Config, v string) error {
		p, err := ParsePrefixes(v)
		c.TrustedProxies = p
		return err
	}},
	{"SMTP_URL", "", func(c *Config, v string) error { c.SMTPURL = v; return nil }},
	{"MAIL_FROM", "Galerie <no-reply@localhost>", func(c *Config, v string) error { c.MailFrom = v; return nil }},
	{"MAX_BODY_BYTES", "1048576", bytesSetting(func(c *Config) *int64 { return &c.MaxBodyBytes })},
	{"SHUTDOWN_TIMEOUT", "15s", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		c.ShutdownTimeout = d
		return err
	}},
	{"LOG_LEVEL", "info", func(c *Config, v string) error { c.LogLevel = v; return nil }},
	{"WORK_JOBS", "true", func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		c.WorkJobs = b
		return err
	}},
	{"PAYMENT_PROVIDER", "", func(c *Config, v string) error {
		if v != "" && v != "stripe" && v != "test" {
			return fmt.Errorf("expected stripe or test")
		}
		c.PaymentProvider = v
		return nil
	}},
	{"STRIPE_SECRET_KEY", "", func(c *Config, v string) error { c.StripeSecretKey = v; return nil }},
	{"STRIPE_WEBHOOK_SECRET", "", func(c *Config, v string) error { c.StripeWebhookSecret = v; return nil }},
	{"STRIPE_API_URL", "", func(c *Config, v string) error { c.StripeAPIURL = v; return nil }},
	{"ORDER_EXPIRY", "1h", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d < time.Minute {
			err = fmt.Errorf("at least 1m")
		}
		c.OrderExpiry = d
		return err
	}},
	{"PRINT_SHEET_RETENTION", "720h", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d < time.Hour {
			err = fmt.Errorf("at least 1h")
		}
		c.PrintSheetRetention = d
		return err
	}},
	{"UPLOAD_EXPIRY", "24h", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d < time.Minute {
			err = fmt.Errorf("at least 1m")
		}
		c.UploadExpiry = d
		return err
	}},
	{"CACHE_TTL", "auto", func(c *Config, v string) error {
		if v == "auto" {
			c.CacheTTL = 0 // the server chooses (server.New)
			return nil
		}
		d, err := time.ParseDuration(v)
		if err == nil && (d < 10*time.Millisecond || d > time.Hour) {
			err = fmt.Errorf("between 10ms and 1h")
		}
		c.CacheTTL = d
		return err
	}},
	{"MAX_WEBHOOK_BYTES", "262144", bytesSetting(func(c *Config) *int64 { return &c.MaxWebhookBytes })},
	{"MAX_UPLOAD_REQUEST_BYTES", "536870912", bytesSetting(func(c *Config) *int64 { return &c.MaxUploadRequestBytes })},
	{"MAX_UPLOAD_FILE_BYTES", "67108864", bytesSetting(func(c *Config) *int64 { return &c.MaxUploadFileBytes })},
	{"MAX_UPLOAD_PIXELS", "100000000", intSetting(1, math.MaxInt32, func(c *Config) *int { return &c.MaxUploadPixels })},
	{"GRAPHQL_MAX_DEPTH", "12", intSetting(1, 1000, func(c *Config) *int { return &c.GraphQLMaxDepth })},
	{"GRAPHQL_MAX_COMPLEXITY", "5000", intSetting(1, 1<<30, func(c *Config) *int { return &c.GraphQLMaxComplexity })},
	{"GRAPHQL_MAX_TOKENS", "15000", intSetting(1, 1<<30, func(c *Config) *int { return &c.GraphQLMaxTokens })},
	{"MAX_PAGE_SIZE", "100", intSetting(1, PageSizeCeiling, func(c *Config) *int { return &c.MaxPageSize })},
	{"MAX_LIST_ITEMS", "2000", intSetting(1, 1<<20, func(c *Config) *int { return &c.MaxListItems })},
	{"METRICS_ADDR", "", func(c *Config, v string) error { c.MetricsAddr = v; return nil }},
	{"BACKUP_DIR", "", func(c *Config, v string) error { c.BackupDir = v; return nil }},
	{"BACKUP_EVERY", "24h", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d < time.Minute {
			err = fmt.Errorf("at least 1m")
		}
		c.BackupEvery = d
		return err
	}},
	{"BACKUP_BEFORE_UPGRADE", "true", func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		c.BackupBeforeUpgrade = b
		return err
	}},
	{"BACKUP_KEEP", "7d,4w", func(c *Config, v string) error {
		d, w, err := ParseKeep(v)
		c.BackupKeepDaily, c.BackupKeepWeekly = d, w
		return err
	}},
}

// ParseKeep reads BACKUP_KEEP: "7d,4w" keeps the last snapshot of each of
// the 7 latest days and of each of the 4 latest weeks ("7d" or "4w" alone
// keep only those).
func ParseKeep(v string) (daily, weekly int, err error) {
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if len(part) < 2 {
			return 0, 0, fmt.Errorf("expected a count of days and weeks such as 7d,4w")
		}
		n, perr := strconv.Atoi(part[:len(part)-1])
		if perr != nil || n < 0 || n > 10000 {
			return 0, 0, fmt.Errorf("expected a count of days and weeks such as 7d,4w")
		}
		switch part[len(part)-1] {
		case 'd':
			daily = n
		case 'w':
			weekly = n
		default:
			return 0, 0, fmt.Errorf("expected a count of days and weeks such as 7d,4w")
		}
	}
	if daily+weekly == 0 {
		return 0, 0, fmt.Errorf("keep at least one snapshot")
	}
	return daily, weekly, nil
}

// bytesSetting parses a positive number of bytes into the field at.
func bytesSetting(at func(*Config) *int64) func(*Config, string) error {
	return func(c *Config, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err == nil && n < 1 {
			err = fmt.Errorf("at least 1")
		}
		*at(c) = n
		return err
	}
}

// intSetting parses an integer between lo and hi into the field at.
func intSetting(lo, hi int, at func(*Config) *int) func(*Config, string) error {
	return func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < lo || n > hi) {
			err = fmt.Errorf("between %d and %d", lo, hi)
		}
		*at(c) = n
		return err
	}
}

// Load reads the environment through getenv (os.Getenv in production).
// Every setting also accepts NAME_FILE, the path of a file holding the value.
func Load(getenv func(string) string) (Config, error) {
	var c Config
	for _, s := range settings {
		v := getenv(s.env)
		if f := getenv(s.env + "_FILE"); v == "" && f != "" {
			b, err := os.ReadFile(f)
			if err != nil {
				return c, fmt.Errorf("config: %s_FILE: %w", s.env, err)
			}
			v = strings.TrimSpace(string(b))
		}
		if v == "" {
			v = s.def
		}
		if err := s.set(&c, v); err != nil {
			return c, fmt.Errorf("config: %s=%q: %w", s.env, v, err)
		}
	}
	if c.BlobURL == "" {
		abs, err := filepath.Abs(filepath.Join(c.DataDir, "blobs"))
		if err != nil {
			return c, fmt.Errorf("config: blob dir: %w", err)
		}
		c.BlobURL = "file://" + filepath.ToSlash(abs) + "?create_dir=true"
	}
	if len(c.AllowedOrigins) == 0 {
		c.AllowedOrigins = []string{c.PublicURL}
	}
	if c.PaymentProvider == "" {
		c.PaymentProvider = "test"
		if c.StripeSecretKey != "" {
			c.PaymentProvider = "stripe"
		}
	}
	if c.PaymentProvider == "stripe" && (c.StripeSecretKey == "" || c.StripeWebhookSecret == "") {
		return c, fmt.Errorf("config: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET")
	}
	return c, nil
}

// UsesPostgres tells whether the database is PostgreSQL.
func (c Config) UsesPostgres() bool { return IsPostgresURL(c.DatabaseURL) }

// IsPostgresURL says whether a database URL names PostgreSQL (else SQLite).
func IsPostgresURL(u string) bool {
	return strings.HasPrefix(u, "postgres://") || strings.HasPrefix(u, "postgresql://")
}

// ParsePrefixes reads a comma-separated list of CIDRs ("10.0.0.0/8") and
// addresses (one host each).
func ParsePrefixes(v string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if strings.Contains(p, "/") {
			pre, err := netip.ParsePrefix(p)
			if err != nil {
				return nil, fmt.Errorf("%q is not a CIDR", p)
			}
			out = append(out, pre.Masked())
			continue
		}
		a, err := netip.ParseAddr(p)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or a CIDR", p)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, strings.TrimRight(p, "/"))
		}
	}
	return out
}

// secretKeyFile holds the generated key under DATA_DIR when SECRET_KEY is unset.
const secretKeyFile = "secret_key"

// EnsureSecretKey fills an empty SecretKey from DATA_DIR/secret_key,
// creating that file with a new random key on first use, so that signed
// cookies (access grants, photographer sessions) survive restarts. Replicas
// that do not share DATA_DIR must set SECRET_KEY to one common value.
func (c *Config) EnsureSecretKey() error {
	if c.SecretKey != "" {
		return nil
	}
	path := filepath.Join(c.DataDir, secretKeyFile)
	if b, err := os.ReadFile(path); err == nil {
		if k := strings.TrimSpace(string(b)); k != "" {
			c.SecretKey = k
			return nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("config: secret key: %w", err)
	}
	if err := os.MkdirAll(c.DataDir, 0o755); err != nil {
		return fmt.Errorf("config: secret key: %w", err)
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return fmt.Errorf("config: secret key: %w", err)
	}
	key := hex.EncodeToString(raw[:])
	// O_EXCL: when two processes start at once, the second one reads the
	// first one's key instead of overwriting it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		b, rerr := os.ReadFile(path)
		if rerr != nil || strings.TrimSpace(string(b)) == "" {
			return fmt.Errorf("config: secret key: %s exists but cannot be read", path)
		}
		c.SecretKey = strings.TrimSpace(string(b))
		return nil
	}
	if err != nil {
		return fmt.Errorf("config: secret key: %w", err)
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		f.Close()
		return fmt.Errorf("config: secret key: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("config: secret key: %w", err)
	}
	c.SecretKey = key
	return nil
}

// WithLimitDefaults returns c with every zero limit (a Config built by
// hand rather than by Load) set to its default from the settings table.
func (c Config) WithLimitDefaults() Config {
	d, err := Load(func(string) string { return "" })
	if err != nil {
		return c
	}
	fill64 := func(v *int64, def int64) {
		if *v <= 0 {
			*v = def
		}
	}
	fill := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	fill64(&c.MaxBodyBytes, d.MaxBodyBytes)
	fill64(&c.MaxWebhookBytes, d.MaxWebhookBytes)
	fill64(&c.MaxUploadRequestBytes, d.MaxUploadRequestBytes)
	fill64(&c.MaxUploadFileBytes, d.MaxUploadFileBytes)
	fill(&c.MaxUploadPixels, d.MaxUploadPixels)
	fill(&c.GraphQLMaxDepth, d.GraphQLMaxDepth)
	fill(&c.GraphQLMaxComplexity, d.GraphQLMaxComplexity)
	fill(&c.GraphQLMaxTokens, d.GraphQLMaxTokens)
	fill(&c.MaxPageSize, d.MaxPageSize)
	fill(&c.MaxListItems, d.MaxListItems)
	if c.CacheTTL <= 0 {
		c.CacheTTL = d.CacheTTL
	}
	return c
}
