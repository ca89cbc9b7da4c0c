package app_test

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
	"github.com/studio/gallery/internal/visits"
)

func newServices(t *testing.T, withJobs *jobs.Config) *app.Services {
	t.Helper()
	ctx := context.Background()
	db := testdb.Open(t, testdb.Options{})
	m, err := media.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir = t.TempDir()
	s, err := app.New(ctx, app.Options{Config: cfg, DB: db, Media: m, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Jobs: withJobs})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestNewBuildsEveryServiceOnce: with a runner, no service is missing, the
// services share what they must (one cart service, one captcha service,
// one sender, one runner), and the runner knows the download and order
// jobs before it starts: the workers were registered by New.
func TestNewBuildsEveryServiceOnce(t *testing.T) {
	s := newServices(t, &jobs.Config{TestOnly: true})
	v := reflect.ValueOf(s).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Pointer, reflect.Interface:
			if f.IsNil() {
				t.Errorf("Services.%s is nil", v.Type().Field(i).Name)
			}
		}
	}
	if s.Orders.Carts != s.Carts || s.Carts.Catalogues != s.Catalogues {
		t.Error("orders do not price through the one cart service and catalogue cache")
	}
	if s.Access.Captchas != s.Captchas || s.Contact.Captchas != s.Captchas {
		t.Error("access and contact do not share the captcha service")
	}
	for name, jr := range map[string]*jobs.Runner{"Access": s.Access.Jobs, "Photographer": s.Photographer.Jobs,
		"Selections": s.Selections.Jobs, "Shares": s.Shares.Jobs, "Contact": s.Contact.Jobs, "Downloads": s.Downloads.Jobs,
		"Orders": s.Orders.Jobs, "DownloadWorkers": s.DownloadWorkers.Runner} {
		if jr != s.Jobs {
			t.Errorf("%s does not enqueue through Services.Jobs", name)
		}
	}
	for name, m := range map[string]any{"Access": s.Access.Mail, "Selections": s.Selections.Mail, "Shares": s.Shares.Mail,
		"Contact": s.Contact.Mail, "Orders": s.Orders.Mail, "DownloadWorkers": s.DownloadWorkers.Mail} {
		if m != s.Mail {
			t.Errorf("%s does not send through Services.Mail", name)
		}
	}
	if s.Orders.Provider == nil || s.Orders.Provider != s.TestPayments {
		t.Errorf("orders' provider %v, want the test provider", s.Orders.Provider)
	}
	ctx := context.Background()
	// Inserting checks that a worker of the kind is registered (River
	// refuses unknown kinds); the runner is not started, nothing is worked.
	if _, err := s.Jobs.Enqueue(ctx, downloads.MailArgs{RequestID: "dlr_none"}, nil); err != nil {
		t.Errorf("download job: %v", err)
	}
	if _, err := s.Jobs.Enqueue(ctx, orders.ExpireArgs{OrderID: "ord_none"}, nil); err != nil {
		t.Errorf("order job: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Register after Start did not panic")
		}
	}()
	if err := s.Jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Jobs.Stop(context.Background()) })
	s.Jobs.Register(s.DownloadWorkers.Register)
}

// TestNewWithoutJobs: without a runner (commands, tests), e-mails go out
// during the request and uploads are refused: no service holds a runner.
func TestNewWithoutJobs(t *testing.T) {
	s := newServices(t, nil)
	if s.Jobs != nil || s.Photos != nil || s.DownloadWorkers != nil {
		t.Fatalf("jobs %v, photos %v, download workers %v: want none", s.Jobs, s.Photos, s.DownloadWorkers)
	}
	if s.Access.Jobs != nil || s.Orders.Jobs != nil || s.Downloads.Jobs != nil || s.Photographer.Jobs != nil {
		t.Fatal("a service holds a runner")
	}
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := s.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestStopWritesTheVisitsCounted: the visits counted in memory since the
// last flush are written when the services stop.
func TestStopWritesTheVisitsCounted(t *testing.T) {
	s := newServices(t, nil)
	ctx := viewer.SystemContext(context.Background())
	pg := s.DB.Client.Photographer.Create().SetEmail("p@example.com").SetName("P").SaveX(ctx)
	g := s.DB.Client.Gallery.Create().SetURL("visits").SetEventName("Visits").SetPhotographerID(pg.ID).SaveX(ctx)
	s.Visits.Visit(g.ID, "ann", time.Now())
	if err := s.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := s.Visits.Pending(); n != 0 {
		t.Fatalf("%d visits still pending after Stop", n)
	}
	if got, err := visits.Totals(ctx, s.DB.Client, []string{g.ID}); err != nil || got[g.ID] != 1 {
		t.Fatalf("visits written: %v %v", got, err)
	}
}
