package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/server"
)

// replica is one server of a pair sharing a PostgreSQL database.
type replica struct {
	*env
	svc *app.Services
}

// newReplicas starts two servers on one fresh PostgreSQL database and one
// blob store (testblob: a folder, or a bucket of the S3 server with
// TEST_BLOB=s3), each with its own database client, LISTEN connection,
// blob client and caches, as two `gallery serve` processes are; settings
// are applied to both (environment variable names, as in internal/config).
func newReplicas(t *testing.T, n int, settings map[string]string) (a, b *replica) {
	t.Helper()
	return newReplicasWith(t, n, settings, false)
}

// newReplicasWith is newReplicas with, when uploads is set, each replica's
// job runner (uploads need one; only the first works jobs, as a replica
// with WORK_JOBS=false beside one with true).
func newReplicasWith(t *testing.T, n int, settings map[string]string, uploads bool) (a, b *replica) {
	t.Helper()
	if !testdb.Postgres() {
		t.Skip("replicas share a PostgreSQL database: run with TEST_DATABASE=postgres")
	}
	ctx := context.Background()
	url := testdb.CreatePostgres(t)
	blobURL := testblob.URL(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	one := func(first bool) *replica {
		m, err := media.Open(ctx, blobURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		db, err := store.Open(ctx, store.Options{DatabaseURL: url})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if first {
			if _, err := seed.Demo(ctx, db.Client, m, n); err != nil {
				t.Fatalf("seed: %v", err)
			}
		}
		ev, err := events.NewPostgres(ctx, db.SQL, url, log)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ev.Close() })
		t.Cleanup(app.ShareWrites(db, ev, log))
		cfg, err := config.Load(func(k string) string { return settings[k] })
		if err != nil {
			t.Fatal(err)
		}
		cfg.DataDir = t.TempDir()
		opts := app.Options{Config: cfg, DB: db, Media: m, Events: ev, Log: log}
		if uploads {
			opts.Jobs = &jobs.Config{TestOnly: true}
		}
		svc, err := app.New(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		if uploads && first {
			rctx, cancel := context.WithCancel(ctx)
			if err := svc.Jobs.Start(rctx); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = svc.Jobs.Stop(context.Background()); cancel() })
		}
		s := server.New(svc, nil)
		srv := httptest.NewServer(s.Handler())
		t.Cleanup(srv.Close)
		jar, _ := cookiejar.New(nil)
		e := &env{t: t, db: db, media: m, srv: srv, counter: &testdb.Counter{}, web: &http.Client{Jar: jar}, app: s}
		e.do("GET", "/version", nil, nil)
		return &replica{env: e, svc: svc}
	}
	return one(true), one(false)
}

// eventually polls check until it answers true, for at most five seconds:
// a notice crosses to the other replica a few milliseconds after the
// commit, while the caches' time to live in these tests is ten minutes.
func eventually(t *testing.T, what string, check func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !check() {
		if time.Since(start) > 5*time.Second {
			t.Fatalf("%s: not seen on the other replica", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return time.Since(start)
}

// A photographer's change through replica A shows in replica B's kept
// answers and catalogue cache at once: with CACHE_TTL at ten minutes,
// only A's notice (store.ShareWrites) can make B read again.
func TestReplicasSeeEachOthersChanges(t *testing.T) {
	a, b := newReplicas(t, 2, map[string]string{"CACHE_TTL": "10m"})
	if b.svc.KeepFor != 10*time.Minute {
		t.Fatalf("KeepFor %v, want the 10m of CACHE_TTL", b.svc.KeepFor)
	}
	gala := a.galleryID("gala-2026")
	const q = `query($url: String!) { gallery(url: $url) { eventName } }`
	eventName := func(e *env) string {
		t.Helper()
		var got struct{ Gallery struct{ EventName string } }
		if r := e.graphql(q, map[string]any{"url": "gala-2026"}, &got); len(r.Errors) > 0 {
			t.Fatalf("gallery: %+v", r.Errors)
		}
		return got.Gallery.EventName
	}
	before := eventName(b.env)
	// B keeps the answer: a change made behind both replicas' backs (not
	// through either client) is not seen, so the test below cannot pass
	// by B reading every time.
	if _, err := b.db.SQL.Exec(`UPDATE galleries SET event_name = 'En douce' WHERE id = $1`, gala); err != nil {
		t.Fatal(err)
	}
	if got := eventName(b.env); got != before {
		t.Fatalf("B answered %q: it does not keep the answer, the test proves nothing", got)
	}

	token, _ := a.token()
	r := a.graphqlWith(bearer(token), `mutation($in: UpdateGalleryInput!) { updateGallery(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": gala, "settings": map[string]any{"eventName": "Gala renommé"}}}, nil)
	if len(r.Errors) > 0 {
		t.Fatalf("updateGallery through A: %+v", r.Errors)
	}
	took := eventually(t, "the new event name", func() bool { return eventName(b.env) == "Gala renommé" })
	t.Logf("B answered the new name %v after A's change", took)

	// The catalogue cache: B prices from its kept catalogue until A
	// changes a price.
	ctx := viewer.SystemContext(context.Background())
	c, err := b.svc.Catalogues.Load(ctx, b.db.Client, gala)
	if err != nil || len(c.Formats) == 0 {
		t.Fatalf("catalogue on B: %v", err)
	}
	fmtID, old := c.Formats[0].ID, c.Formats[0].UnitPrice
	price := func() int {
		t.Helper()
		c, err := b.svc.Catalogues.Load(ctx, b.db.Client, gala)
		if err != nil {
			t.Fatalf("catalogue on B: %v", err)
		}
		for _, f := range c.Formats {
			if f.ID == fmtID {
				return f.UnitPrice
			}
		}
		t.Fatalf("format %s gone", fmtID)
		return 0
	}
	if _, err := b.db.SQL.Exec(`UPDATE formats SET unit_price = unit_price + 1 WHERE id = $1`, fmtID); err != nil {
		t.Fatal(err)
	}
	if got := price(); got != old {
		t.Fatalf("B read the price again (%d): it does not keep the catalogue", got)
	}
	if err := a.db.Client.Format.Update().Where(format.ID(fmtID)).SetUnitPrice(old + 500).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	took = eventually(t, "the new price", func() bool { return price() == old+500 })
	t.Logf("B priced with the new catalogue %v after A's change", took)
}

// Wrong access codes from one address hit the limit at the same count on
// one replica as alternated between two (each with its own database
// client and pool), and guesses fired at once through both never get more
// than the free budget: the limits live in the database (rate_limits),
// changed by single conditional statements.
func TestReplicasShareTheGuessLimits(t *testing.T) {
	a, b := newReplicas(t, 2, behindProxy)
	wedding := a.galleryID("julie-et-thomas")
	// forget clears every limit between rounds (and the gallery's count of
	// wrong codes, which asks for a captcha after CaptchaThreshold).
	forget := func() {
		t.Helper()
		if _, err := a.db.SQL.Exec(`DELETE FROM rate_limits`); err != nil {
			t.Fatal(err)
		}
	}
	// firstRefusal guesses until the first 429, through the replicas in
	// turn, and returns the attempt it came at.
	firstRefusal := func(addr string, through ...*replica) int {
		t.Helper()
		for i := 1; i <= 20; i++ {
			on := through[i%len(through)]
			a := on.restFrom(addr, "/api/auth/accessCode", wedding, map[string]string{"code": "WRONG-0000"})
			switch a.Status {
			case http.StatusUnauthorized:
				continue
			case http.StatusTooManyRequests:
				checkRetryAfter(t, "the refusal", a)
				return i
			default:
				t.Fatalf("guess %d from %s: %d %s", i, addr, a.Status, a.Code)
			}
		}
		t.Fatalf("20 wrong codes from %s and no refusal", addr)
		return 0
	}
	alone := firstRefusal("203.0.113.1", a)
	forget()
	alternated := firstRefusal("203.0.113.2", a, b)
	if alone != alternated || alone != 6 {
		t.Fatalf("refused at guess %d on one replica, %d alternated between two; want both at 6 (5 free)", alone, alternated)
	}
	forget()

	const n = 20
	results := make(chan int, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		on := []*replica{a, b}[i%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, _ := on.do("POST", "/api/auth/accessCode", map[string]string{"code": "WRONG-0000"},
				map[string]string{"X-Gallery-Id": wedding, "X-Forwarded-For": "203.0.113.3"})
			results <- res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	close(results)
	counts := map[int]int{}
	for s := range results {
		counts[s]++
	}
	if counts[http.StatusUnauthorized] != 5 || counts[http.StatusTooManyRequests] != n-5 {
		t.Fatalf("%d guesses at once through both replicas: %v, want 5 × 401 and %d × 429", n, counts, n-5)
	}
}

// The other limits kept in rate_limits hold across replicas too: one-time
// codes e-mailed to one inbox, asked for through the replicas in turn from
// rotating addresses, stop at the same count as on one replica (3), and
// captchas asked for from one address stop at 30, whichever replica
// counts them.
func TestReplicasShareTheMailAndCaptchaLimits(t *testing.T) {
	a, b := newReplicas(t, 1, behindProxy)
	wedding := a.galleryID("julie-et-thomas")
	both := []*replica{a, b}
	firstRefusal := func(what string, max int, try func(i int, on *replica) restAnswer) int {
		t.Helper()
		for i := 1; i <= max; i++ {
			r := try(i, both[i%2])
			switch r.Status {
			case http.StatusOK:
				continue
			case http.StatusTooManyRequests:
				checkRetryAfter(t, what, r)
				return i
			default:
				t.Fatalf("%s %d: %d %s", what, i, r.Status, r.Code)
			}
		}
		t.Fatalf("%s: %d and no refusal", what, max)
		return 0
	}
	mails := firstRefusal("code e-mail", 10, func(i int, on *replica) restAnswer {
		return on.restFrom(fmt.Sprintf("198.51.100.%d", i), "/api/auth/email", wedding, map[string]string{"email": "victime@example.com"})
	})
	if mails != 4 {
		t.Fatalf("the e-mails to one inbox alternated between two replicas were refused at the %dth, want the 4th (3 free, as on one)", mails)
	}
	captchas := firstRefusal("captcha", 40, func(_ int, on *replica) restAnswer {
		return on.restFrom("203.0.113.40", "/api/captcha", "", nil)
	})
	if captchas != 31 {
		t.Fatalf("captchas from one address alternated between two replicas were refused at the %dth, want the 31st (30 free)", captchas)
	}
}
