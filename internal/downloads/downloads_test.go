package downloads_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"
	"gocloud.dev/blob"
	"gocloud.dev/blob/driver"
	"gocloud.dev/gcerrors"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testblob"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

func TestSuspicious(t *testing.T) {
	for _, tc := range []struct {
		email string
		want  bool
	}{
		{"julie@gmail.com", false},
		{"julie@studio-lumiere.be", false},
		{"j.thomas@orange.fr", false},
		{"x@gmial.com", true},
		{"x@hotmial.fr", true},
		{"x@gmail.con", true},
		{"x@localhost", true},
		{"x@example.c", true},
		{"x@.com", true},
		{"no-at-sign", true},
	} {
		if got := downloads.Suspicious(tc.email); got != tc.want {
			t.Errorf("Suspicious(%q) = %v, want %v", tc.email, got, tc.want)
		}
	}
}

func TestLinksAndFileName(t *testing.T) {
	r := &ent.DownloadRequest{ID: "dlr_1", LinkToken: "tok", Quality: downloadrequest.QualityHd,
		Status: downloadrequest.StatusPreparing, Parts: []string{"a"}}
	if l := downloads.Links(r); l != nil {
		t.Fatalf("links before ready: %q", l)
	}
	r.Status = downloadrequest.StatusReady
	if l := downloads.Links(r); !slices.Equal(l, []string{"/media/downloads/dlr_1/tok/1.zip"}) {
		t.Fatalf("links %q", l)
	}
	if n := downloads.FileName(r, 1); n != "galerie-hd.zip" {
		t.Fatalf("file name without gallery %q", n)
	}
	r.Edges.Gallery = &ent.Gallery{URL: "gala-2026"}
	r.Parts = []string{"a", "b"}
	if n := downloads.FileName(r, 2); n != "gala-2026-hd-2.zip" {
		t.Fatalf("file name %q", n)
	}
}

// fixture is the demo, a job runner with the download workers and an SMTP
// server; the workers read the blobs through a bucket that can fail.
type fixture struct {
	db      *store.DB
	media   *media.Store
	flaky   *flakyBucket
	ev      *events.Local
	smtp    *mailtest.Server
	runner  *jobs.Runner
	workers *downloads.Workers
	svc     *downloads.Service
	gala    *ent.Gallery
	wedding *ent.Gallery
}

type options struct {
	partLimit int64
	// mail replaces the SMTP server's sender.
	mail mail.Sender
	// retry is the delay before a failed job runs again.
	retry time.Duration
}

const publicURL = "https://galerie.example.com"

func newFixture(t *testing.T, o options) *fixture {
	t.Helper()
	ctx := context.Background()
	db := testdb.Open(t)
	m, err := media.Open(ctx, testblob.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if _, err := seed.Demo(ctx, db.Client, m, 6); err != nil {
		t.Fatalf("seed: %v", err)
	}
	f := &fixture{db: db, media: m, flaky: &flakyBucket{inner: m.Bucket}, ev: events.NewLocal(), smtp: mailtest.Start(t, "", "")}
	t.Cleanup(func() { f.ev.Close() })
	sender := o.mail
	if sender == nil {
		sender = smtpSender(t, f.smtp.URL)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	retry := o.retry
	if retry == 0 {
		retry = 10 * time.Millisecond
	}
	f.runner, err = jobs.New(ctx, db, jobs.Config{Media: m, Logger: log, TestOnly: true, FetchPollInterval: 100 * time.Millisecond,
		RetryPolicy: retryAfter(retry)})
	if err != nil {
		t.Fatal(err)
	}
	f.workers = &downloads.Workers{DB: db.Client, Media: &media.Store{Bucket: blob.NewBucket(f.flaky)}, Mail: sender,
		Events: f.ev, PublicURL: publicURL, PartLimit: o.partLimit, Log: log, Runner: f.runner}
	f.runner.Register(f.workers.Register)
	f.svc = &downloads.Service{DB: db.Client, Jobs: f.runner, Events: f.ev}
	sys := viewer.SystemContext(ctx)
	f.gala = db.Client.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(sys)
	f.wedding = db.Client.Gallery.Query().Where(gallery.URL("julie-et-thomas")).OnlyX(sys)
	return f
}

// start works jobs until the test ends; the runner stops before the
// database closes (cleanups run last registered first).
func (f *fixture) start(t *testing.T) {
	t.Helper()
	if err := f.runner.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		f.flaky.releaseAll()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := f.runner.Stop(ctx); err != nil {
			t.Errorf("stop: %v", err)
		}
	})
}

func smtpSender(t *testing.T, url string) mail.Sender {
	t.Helper()
	s, err := mail.New(mail.Options{SMTPURL: url, From: "Studio Lumière <no-reply@example.com>"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type retryAfter time.Duration

func (d retryAfter) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(time.Duration(d)) }

// visitor is an anonymous browser (gala-2026 is public).
func visitor(email string) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: ids.Token(32), Email: email, Grants: map[string]viewer.Role{}})
}

func inGallery(g *ent.Gallery, role viewer.Role, email string) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{SessionKey: ids.Token(32), Email: email,
		Grants: map[string]viewer.Role{g.ID: role}})
}

// visible are the photos a visitor sees in the collections, in display order.
func (f *fixture) visible(t *testing.T, g *ent.Gallery, collections ...string) []*ent.Photo {
	t.Helper()
	return f.db.Client.Photo.Query().Where(photo.GalleryID(g.ID), photo.IsPrivate(false), photo.CollectionIn(collections...)).
		Order(ent.Asc(photo.FieldPosition)).AllX(viewer.SystemContext(context.Background()))
}

func (f *fixture) reload(t *testing.T, id string) *ent.DownloadRequest {
	t.Helper()
	r, err := f.svc.Get(viewer.SystemContext(context.Background()), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func code(err error) string {
	if ae := apperr.As(err); ae != nil {
		return ae.Code
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestRequestRefusals(t *testing.T) {
	f := newFixture(t, options{})
	ok := downloads.RequestInput{Email: "Parent@Example.com", Collections: []string{"Accueil"}, Quality: "hd"}
	with := func(change func(*downloads.RequestInput)) downloads.RequestInput {
		in := ok
		in.Collections = slices.Clone(ok.Collections)
		change(&in)
		return in
	}
	guest := inGallery(f.wedding, viewer.RoleVisitor, "invite@example.com")
	client := inGallery(f.wedding, viewer.RoleClient, seed.DemoClientEmail)
	for _, tc := range []struct {
		name string
		ctx  context.Context
		g    *ent.Gallery
		in   downloads.RequestInput
		want string
	}{
		{"no collection", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Collections = nil }), "collections_required"},
		{"unknown collection", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Collections = []string{"Accueil", "Cuisine"} }), "unknown_collection"},
		{"quality", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Quality = "raw" }), "invalid_quality"},
		{"no quality", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Quality = "" }), "invalid_quality"},
		{"invalid e-mail", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Email = "parent@" }), "invalid_email"},
		{"e-mail with a name", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Email = "Parent <parent@example.com>" }), "invalid_email"},
		{"suspicious e-mail", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Email = "x@gmial.com" }), "email_suspicious"},
		{"suspicious e-mail confirmed", visitor(""), f.gala, with(func(in *downloads.RequestInput) { in.Email, in.EmailConfirmed = "x@gmial.com", true }), ""},
		{"protected gallery without a code", visitor("a@example.com"), f.wedding, with(func(in *downloads.RequestInput) { in.Collections = []string{"Cérémonie"} }), "unauthorized"},
		{"a guest of the wedding", guest, f.wedding, with(func(in *downloads.RequestInput) { in.Collections = []string{"Cérémonie"} }), "download_not_allowed"},
		{"a client of the wedding", client, f.wedding, with(func(in *downloads.RequestInput) { in.Collections = []string{"Cérémonie"} }), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := f.svc.Request(tc.ctx, tc.g, tc.in)
			if code(err) != tc.want {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
			if tc.want == "" && (r.Status != downloadrequest.StatusSubmitted || r.LinkToken == "" || r.Email != strings.ToLower(strings.TrimSpace(tc.in.Email))) {
				t.Fatalf("request %+v", r)
			}
		})
	}

	// Duplicates and spaces collapse; who may follow the request.
	mine := visitor("")
	r, err := f.svc.Request(mine, f.gala, with(func(in *downloads.RequestInput) { in.Collections = []string{"Accueil", " Soirée ", "Accueil"} }))
	if err != nil || !slices.Equal(r.Collections, []string{"Accueil", "Soirée"}) || r.Email != "parent@example.com" {
		t.Fatalf("request %+v %v", r, err)
	}
	photographer := viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: f.gala.PhotographerID})
	for _, tc := range []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"same browser", mine, ""},
		{"same confirmed e-mail", visitor("parent@example.com"), ""},
		{"the photographer", photographer, ""},
		{"another browser", visitor("other@example.com"), "download_not_found"},
		{"another photographer", viewer.NewContext(context.Background(), &viewer.Viewer{PhotographerID: "pgr_other"}), "download_not_found"},
	} {
		if _, err := f.svc.Get(tc.ctx, r.ID); code(err) != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := f.svc.Get(mine, "dlr_nope"); code(err) != "download_not_found" {
		t.Errorf("unknown id: %v", err)
	}
	if _, err := f.svc.Resend(mine, r.ID); code(err) != "download_not_ready" {
		t.Errorf("resend before ready: %v", err)
	}
	if _, _, err := f.svc.Part(context.Background(), r.ID, r.LinkToken, 1); code(err) != "download_not_ready" {
		t.Errorf("link before ready: %v", err)
	}
	if _, _, err := f.svc.Part(context.Background(), r.ID, "wrong", 1); code(err) != "download_not_found" {
		t.Errorf("wrong token: %v", err)
	}
	// A refused request stores nothing and queues no job.
	if n := f.db.Client.DownloadRequest.Query().CountX(viewer.SystemContext(context.Background())); n != 3 {
		t.Errorf("%d requests stored, want 3", n)
	}
	if n := countJobs(t, f.db, downloads.KindPart); n != 3 {
		t.Errorf("%d part jobs queued, want 3", n)
	}
}

// countJobs counts River's jobs of a kind, in any state.
func countJobs(t *testing.T, db *store.DB, kind string) int {
	t.Helper()
	var n int
	q := "SELECT count(*) FROM river_job WHERE kind = '" + kind + "'"
	if err := db.SQL.QueryRowContext(context.Background(), q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// finished waits until the watch saw at least want[kind] jobs of each kind
// finish, and returns them.
func finished(t *testing.T, w *jobs.Watch, want map[string]int) []*rivertype.JobRow {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out []*rivertype.JobRow
	got := map[string]int{}
	for {
		done := true
		for k, n := range want {
			if got[k] < n {
				done = false
			}
		}
		if done {
			return out
		}
		rows, err := w.Wait(ctx, 1)
		if err != nil {
			t.Fatalf("jobs finished %v, want %v: %v", got, want, err)
		}
		out = append(out, rows...)
		got[rows[0].Kind]++
	}
}

// unzip reads every part and returns each file's content by name,
// failing on a name seen twice or an entry that was recompressed.
func (f *fixture) unzip(t *testing.T, r *ent.DownloadRequest) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for n := range r.Parts {
		key, err := partKey(f, r, n+1)
		if err != nil {
			t.Fatal(err)
		}
		data, err := f.media.Bucket.ReadAll(context.Background(), key)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("part %d is not a ZIP: %v", n+1, err)
		}
		for _, e := range zr.File {
			if e.Method != zip.Store {
				t.Errorf("%s is compressed", e.Name)
			}
			rc, err := e.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatalf("%s: %v", e.Name, err)
			}
			if _, dup := files[e.Name]; dup {
				t.Errorf("%s is in the archives twice", e.Name)
			}
			files[e.Name] = b
		}
	}
	return files
}

func partKey(f *fixture, r *ent.DownloadRequest, n int) (string, error) {
	_, key, err := f.svc.Part(context.Background(), r.ID, r.LinkToken, n)
	return key, err
}

// originals are the bytes a download of photos must hold, by archive name.
func (f *fixture) originals(t *testing.T, photos []*ent.Photo) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, p := range photos {
		b, err := f.media.Bucket.ReadAll(context.Background(), media.OriginalKey(p.ID, p.ContentHash))
		if err != nil {
			t.Fatal(err)
		}
		out[p.Collection+"/"+p.Filename] = b
	}
	return out
}

func sameFiles(t *testing.T, got, want map[string][]byte) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d files in the archives, want %d", len(got), len(want))
	}
	for name, b := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is missing", name)
		} else if !bytes.Equal(g, b) {
			t.Errorf("%s: %d bytes differ from the original's %d", name, len(g), len(b))
		}
	}
}

// TestPartResumesAfterAFailureMidArchive makes the read of one photo fail
// half-way through on the first attempt of its part: no link is served and
// no file is left while it fails, and the retry makes every part whole,
// with the request ready once and one e-mail.
func TestPartResumesAfterAFailureMidArchive(t *testing.T) {
	f := newFixture(t, options{})
	photos := f.visible(t, f.gala, "Accueil", "Spectacle", "Soirée")
	if len(photos) < 4 {
		t.Fatalf("%d photos", len(photos))
	}
	// Two photos to a part (the archive adds about 250 bytes per file).
	var largest int64
	for _, p := range photos {
		largest = max(largest, p.SizeBytes)
	}
	f.workers.PartLimit = 2*largest + 1000
	victim := photos[3]
	f.flaky.failOnce(media.OriginalKey(victim.ID, victim.ContentHash), 1000)

	watch := f.runner.Watch(downloads.KindPart, downloads.KindMail)
	defer watch.Close()
	asker := visitor("")
	req, err := f.svc.Request(asker, f.gala, downloads.RequestInput{Email: "parent@example.com",
		Collections: []string{"Accueil", "Spectacle", "Soirée"}, Quality: "hd"})
	if err != nil {
		t.Fatal(err)
	}
	f.start(t)

	select {
	case <-f.flaky.reached:
	case <-time.After(60 * time.Second):
		t.Fatal("the failing read was never reached")
	}
	// The part is half written: nothing of it may be served or stored.
	r := f.reload(t, req.ID)
	failing := 0
	for i, part := range r.Plan {
		for _, pf := range part {
			if pf.PhotoID == victim.ID {
				failing = i + 1
			}
		}
	}
	if len(r.Plan) < 2 || failing == 0 {
		t.Fatalf("plan %+v", r.Plan)
	}
	if r.Status != downloadrequest.StatusPreparing || downloads.Links(r) != nil {
		t.Fatalf("while failing: %s, links %q", r.Status, downloads.Links(r))
	}
	if _, _, err := f.svc.Part(context.Background(), r.ID, r.LinkToken, 1); code(err) != "download_not_ready" {
		t.Fatalf("link while failing: %v", err)
	}
	if ok, err := f.media.Bucket.Exists(context.Background(), downloads.PartKey(r.ID, failing)); err != nil || ok {
		t.Fatalf("part %d stored while it is being written: %v %v", failing, ok, err)
	}
	f.flaky.releaseAll()

	rows := finished(t, watch, map[string]int{downloads.KindPart: 1 + len(r.Plan), downloads.KindMail: 1})
	retried := 0
	for _, j := range rows {
		if j.State != rivertype.JobStateCompleted {
			t.Errorf("job %s %s", j.Kind, j.State)
		}
		if j.Attempt > 1 {
			retried++
			if len(j.Errors) != 1 || !strings.Contains(j.Errors[0].Error, "disk gone") {
				t.Errorf("retried job errors %+v", j.Errors)
			}
		}
	}
	if retried != 1 {
		t.Errorf("%d jobs retried, want 1", retried)
	}
	r = f.reload(t, req.ID)
	if r.Status != downloadrequest.StatusReady || len(r.Parts) != len(r.Plan) || r.FilesDone != len(photos) || r.FilesTotal != len(photos) ||
		r.SizeBytes == 0 || r.ExpiresAt == nil || r.MailedAt == nil {
		t.Fatalf("request %+v", r)
	}
	sameFiles(t, f.unzip(t, r), f.originals(t, photos))
	msgs := f.smtp.Wait(t, 1, 10*time.Second)
	if len(msgs) != 1 || msgs[0].To[0] != "parent@example.com" || strings.Count(msgs[0].Text, publicURL+"/media/downloads/"+r.ID+"/") != len(r.Parts) {
		t.Fatalf("e-mails %+v", msgs)
	}
	if n := countJobs(t, f.db, downloads.KindMail); n != 1 {
		t.Fatalf("%d mail jobs, want 1 (ready once)", n)
	}
}

// switchSender sends through the sender it holds now, and reports failures.
type switchSender struct {
	cur    atomic.Pointer[mail.Sender]
	failed chan error
}

func (s *switchSender) set(m mail.Sender) { s.cur.Store(&m) }

func (s *switchSender) Send(ctx context.Context, m mail.Message) error {
	err := (*s.cur.Load()).Send(ctx, m)
	if err != nil {
		select {
		case s.failed <- err:
		default:
		}
	}
	return err
}

// closedPort is an SMTP address where nothing listens.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "smtp://" + addr + "?tls=none"
}

func TestMailWaitsForTheSMTPServer(t *testing.T) {
	sender := &switchSender{failed: make(chan error, 1)}
	sender.set(smtpSender(t, closedPort(t)))
	f := newFixture(t, options{mail: sender, retry: 200 * time.Millisecond})
	watch := f.runner.Watch(downloads.KindMail)
	defer watch.Close()
	req, err := f.svc.Request(visitor(""), f.gala, downloads.RequestInput{Email: "parent@example.com",
		Collections: []string{"Spectacle"}, Quality: "web"})
	if err != nil {
		t.Fatal(err)
	}
	f.start(t)
	select {
	case err := <-sender.failed:
		t.Logf("SMTP down: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatal("the e-mail was never tried")
	}
	// The links work while the e-mail waits.
	r := f.reload(t, req.ID)
	if r.Status != downloadrequest.StatusReady || r.MailedAt != nil || len(downloads.Links(r)) != 1 {
		t.Fatalf("while SMTP is down: %+v", r)
	}
	if _, err := partKey(f, r, 1); err != nil {
		t.Fatalf("link while SMTP is down: %v", err)
	}
	sender.set(smtpSender(t, f.smtp.URL))

	rows := finished(t, watch, map[string]int{downloads.KindMail: 1})
	if j := rows[0]; j.State != rivertype.JobStateCompleted || j.Attempt < 2 || len(j.Errors) == 0 {
		t.Fatalf("mail job %s, attempt %d, errors %+v", j.State, j.Attempt, j.Errors)
	}
	msgs := f.smtp.Wait(t, 1, 10*time.Second)
	if len(msgs) != 1 || !strings.Contains(msgs[0].Text, publicURL+downloads.Links(r)[0]) {
		t.Fatalf("e-mails %+v", msgs)
	}
	if r := f.reload(t, req.ID); r.Status != downloadrequest.StatusReady || r.MailedAt == nil {
		t.Fatalf("after the e-mail: %+v", r)
	}
	// Web files are the largest derivatives, named .jpg.
	web := f.unzip(t, r)
	for _, p := range f.visible(t, f.gala, "Spectacle") {
		rd, err := f.media.OpenDerivative(context.Background(), p.ID, p.ContentHash, media.Pick(p.Derivatives, 2048))
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rd)
		rd.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(web["Spectacle/"+p.Filename], b) {
			t.Errorf("%s is not the web file", p.Filename)
		}
	}
}

func TestExpiredLinks(t *testing.T) {
	f := newFixture(t, options{})
	var later atomic.Int64
	clock := func() time.Time { return time.Now().Add(time.Duration(later.Load())) }
	f.svc.Now, f.workers.Now = clock, clock
	watch := f.runner.Watch(downloads.KindPart, downloads.KindMail)
	defer watch.Close()
	asker := visitor("")
	req, err := f.svc.Request(asker, f.gala, downloads.RequestInput{Email: "parent@example.com", Collections: []string{"Accueil"}, Quality: "hd"})
	if err != nil {
		t.Fatal(err)
	}
	f.start(t)
	finished(t, watch, map[string]int{downloads.KindPart: 2, downloads.KindMail: 1})
	r := f.reload(t, req.ID)
	if r.ExpiresAt == nil || time.Until(*r.ExpiresAt) < downloads.DefaultLinkTTL-time.Minute {
		t.Fatalf("expires at %v", r.ExpiresAt)
	}
	if _, err := partKey(f, r, 1); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 2} {
		if _, err := partKey(f, r, n); code(err) != "download_not_found" {
			t.Errorf("part %d: %v", n, err)
		}
	}
	later.Store(int64(downloads.DefaultLinkTTL + time.Hour))
	if _, err := partKey(f, r, 1); code(err) != "download_expired" {
		t.Fatalf("expired link: %v", err)
	}
	// Asking for a new sending gives working links again.
	if _, err := f.svc.Resend(asker, r.ID); err != nil {
		t.Fatal(err)
	}
	finished(t, watch, map[string]int{downloads.KindMail: 1})
	msgs := f.smtp.Wait(t, 2, 10*time.Second)
	if len(msgs) != 2 || !strings.Contains(msgs[1].Text, publicURL+downloads.Links(r)[0]) {
		t.Fatalf("e-mails %+v", msgs)
	}
	r = f.reload(t, req.ID)
	if _, err := partKey(f, r, 1); err != nil {
		t.Fatalf("resent link: %v", err)
	}
}

// flakyBucket is a blob driver over a real bucket whose read of one key
// can be made to fail once, part-way through, as a dying disk or network
// would; the failing read waits for releaseAll.
type flakyBucket struct {
	inner *blob.Bucket

	mu      sync.Mutex
	key     string
	after   int64
	reached chan struct{}
	release chan struct{}
	once    sync.Once
}

func (b *flakyBucket) failOnce(key string, after int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.key, b.after = key, after
	b.reached, b.release = make(chan struct{}), make(chan struct{})
}

func (b *flakyBucket) releaseAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.release != nil {
		b.once.Do(func() { close(b.release) })
	}
}

var errDiskGone = errors.New("disk gone")

func (b *flakyBucket) NewRangeReader(ctx context.Context, key string, offset, length int64, _ *driver.ReaderOptions) (driver.Reader, error) {
	r, err := b.inner.NewRangeReader(ctx, key, offset, length, nil)
	if err != nil {
		return nil, err
	}
	out := &flakyReader{r: r}
	b.mu.Lock()
	if b.key == key {
		b.key = ""
		out.left, out.fail, out.ctx = b.after, true, ctx
		out.reached, out.release = b.reached, b.release
	}
	b.mu.Unlock()
	return out, nil
}

type flakyReader struct {
	r                *blob.Reader
	fail             bool
	left             int64
	ctx              context.Context
	reached, release chan struct{}
}

func (r *flakyReader) Read(p []byte) (int, error) {
	if !r.fail {
		return r.r.Read(p)
	}
	if r.left <= 0 {
		close(r.reached)
		r.fail = false
		select {
		case <-r.release:
		case <-r.ctx.Done():
		}
		return 0, errDiskGone
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.r.Read(p)
	r.left -= int64(n)
	return n, err
}

func (r *flakyReader) Close() error { return r.r.Close() }
func (r *flakyReader) As(any) bool  { return false }
func (r *flakyReader) Attributes() *driver.ReaderAttributes {
	return &driver.ReaderAttributes{ContentType: r.r.ContentType(), ModTime: r.r.ModTime(), Size: r.r.Size()}
}

func (b *flakyBucket) ErrorCode(err error) gcerrors.ErrorCode { return gcerrors.Code(err) }
func (b *flakyBucket) As(any) bool                            { return false }
func (b *flakyBucket) ErrorAs(err error, i any) bool          { return b.inner.ErrorAs(err, i) }
func (b *flakyBucket) Close() error                           { return nil }

func (b *flakyBucket) Attributes(ctx context.Context, key string) (*driver.Attributes, error) {
	a, err := b.inner.Attributes(ctx, key)
	if err != nil {
		return nil, err
	}
	return &driver.Attributes{CacheControl: a.CacheControl, ContentDisposition: a.ContentDisposition, ContentEncoding: a.ContentEncoding,
		ContentLanguage: a.ContentLanguage, ContentType: a.ContentType, Metadata: a.Metadata, CreateTime: a.CreateTime,
		ModTime: a.ModTime, Size: a.Size, MD5: a.MD5, ETag: a.ETag}, nil
}

func (b *flakyBucket) ListPaged(ctx context.Context, o *driver.ListOptions) (*driver.ListPage, error) {
	token := o.PageToken
	if len(token) == 0 {
		token = blob.FirstPageToken
	}
	objs, next, err := b.inner.ListPage(ctx, token, max(o.PageSize, 1000), &blob.ListOptions{Prefix: o.Prefix, Delimiter: o.Delimiter})
	if err != nil {
		return nil, err
	}
	page := &driver.ListPage{NextPageToken: next}
	for _, obj := range objs {
		page.Objects = append(page.Objects, &driver.ListObject{Key: obj.Key, ModTime: obj.ModTime, Size: obj.Size, MD5: obj.MD5, IsDir: obj.IsDir})
	}
	return page, nil
}

// NewTypedWriter writes through the real bucket with the caller's context:
// cancelling it discards the write there too.
func (b *flakyBucket) NewTypedWriter(ctx context.Context, key, contentType string, o *driver.WriterOptions) (driver.Writer, error) {
	return b.inner.NewWriter(ctx, key, &blob.WriterOptions{ContentType: contentType, CacheControl: o.CacheControl,
		ContentDisposition: o.ContentDisposition, Metadata: o.Metadata})
}

func (b *flakyBucket) Copy(ctx context.Context, dst, src string, _ *driver.CopyOptions) error {
	return b.inner.Copy(ctx, dst, src, nil)
}

func (b *flakyBucket) Delete(ctx context.Context, key string, _ *driver.DeleteOptions) error {
	return b.inner.Delete(ctx, key)
}

func (b *flakyBucket) SignedURL(context.Context, string, *driver.SignedURLOptions) (string, error) {
	return "", errors.New("flaky bucket: no signed URLs")
}
