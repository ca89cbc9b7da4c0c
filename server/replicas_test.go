package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
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
// blob store, each with its own database client, LISTEN connection and
// caches, as two `gallery serve` processes are; settings are applied to
// both (environment variable names, as in internal/config).
func newReplicas(t *testing.T, n int, settings map[string]string) (a, b *replica) {
	t.Helper()
	if !testdb.Postgres() {
		t.Skip("replicas share a PostgreSQL database: run with TEST_DATABASE=postgres")
	}
	ctx := context.Background()
	url := testdb.CreatePostgres(t)
	m, err := media.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	one := func(seedIt bool) *replica {
		db, err := store.Open(ctx, store.Options{DatabaseURL: url})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if seedIt {
			if _, err := seed.Demo(ctx, db.Client, m, n); err != nil {
				t.Fatalf("seed: %v", err)
			}
		}
		ev, err := events.NewPostgres(ctx, db.SQL, url, log)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ev.Close() })
		t.Cleanup(store.ShareWrites(db.Client, ev, log))
		cfg, err := config.Load(func(k string) string { return settings[k] })
		if err != nil {
			t.Fatal(err)
		}
		cfg.DataDir = t.TempDir()
		svc, err := app.New(ctx, app.Options{Config: cfg, DB: db, Media: m, Events: ev, Log: log})
		if err != nil {
			t.Fatal(err)
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
