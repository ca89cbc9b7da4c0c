package server_test

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/riverqueue/river/rivertype"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// dlEnv serves the demo (6 photos per gallery, the last one private) with
// the download workers on a job runner, e-mail going to a real SMTP server,
// and a clock the test can move.
type dlEnv struct {
	*env
	smtp    *mailtest.Server
	runner  *jobs.Runner
	workers *downloads.Workers
	watch   *jobs.Watch
	gate    *dlGate
	// later moves the servers' clock forward.
	later atomic.Int64
	gala  string
}

// dlQuickRetry retries failed jobs at once.
type dlQuickRetry struct{}

func (dlQuickRetry) NextRetry(*rivertype.JobRow) time.Time {
	return time.Now().Add(10 * time.Millisecond)
}

// newDownloadEnv wires the download jobs; with work, the runner works them
// from the start, otherwise requests stay submitted.
func newDownloadEnv(t *testing.T, partLimit int64, work bool) *dlEnv {
	t.Helper()
	d := &dlEnv{smtp: mailtest.Start(t, "", "")}
	d.env = newEnvWith(t, 6, func(w *wiring) {
		sender, err := mail.New(mail.Options{SMTPURL: d.smtp.URL, From: "Galerie <no-reply@example.com>"})
		if err != nil {
			t.Fatal(err)
		}
		w.Mail = sender
		w.Now = func() time.Time { return time.Now().Add(time.Duration(d.later.Load())) }
		w.DownloadPartLimit = partLimit
		d.gate = &dlGate{Broker: w.Events, seen: map[string]bool{}}
		w.DownloadEvents = d.gate
		w.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
		w.Jobs = &jobs.Config{TestOnly: true, FetchPollInterval: 100 * time.Millisecond, RetryPolicy: dlQuickRetry{}}
	})
	d.runner, d.workers = d.app.Jobs, d.app.DownloadWorkers
	d.watch = d.runner.Watch(downloads.KindPart, downloads.KindMail)
	if work {
		if err := d.runner.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		d.gate.releaseHeld()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := d.runner.Stop(ctx); err != nil {
			t.Errorf("stop the runner: %v", err)
		}
		d.watch.Close()
	})
	d.gala = d.galleryID("gala-2026")
	return d
}

// dlGate is the workers' events broker. Armed, it holds the job that
// publishes the first event of a request it has not seen yet (the plan's:
// the request is preparing) until released, after delivering the event: a
// test then sees the request preparing however fast the parts are made.
type dlGate struct {
	events.Broker
	mu      sync.Mutex
	seen    map[string]bool
	armed   bool
	held    chan struct{}
	opened  chan struct{}
	release func()
}

// arm holds the next new request; the channel closes once it is held.
func (g *dlGate) arm() <-chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.armed, g.held, g.opened = true, make(chan struct{}), make(chan struct{})
	g.release = sync.OnceFunc(func() { close(g.opened) })
	return g.held
}

func (g *dlGate) Publish(ctx context.Context, topic, id string) error {
	err := g.Broker.Publish(ctx, topic, id)
	g.mu.Lock()
	hold := g.armed && !g.seen[id]
	g.seen[id] = true
	if !hold {
		g.mu.Unlock()
		return err
	}
	g.armed = false
	held, opened := g.held, g.opened
	g.mu.Unlock()
	close(held)
	<-opened
	return err
}

// releaseHeld lets the held job go on (nothing happens when none is).
func (g *dlGate) releaseHeld() {
	g.mu.Lock()
	r := g.release
	g.mu.Unlock()
	if r != nil {
		r()
	}
}

func waitClosed(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(60 * time.Second):
		t.Fatalf("%s: timed out", what)
	}
}

// jobsDone waits until at least want[kind] jobs of each kind finished since
// the last call.
func (d *dlEnv) jobsDone(want map[string]int) []*rivertype.JobRow {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out []*rivertype.JobRow
	got := map[string]int{}
	for {
		done := true
		for k, n := range want {
			done = done && got[k] >= n
		}
		if done {
			return out
		}
		rows, err := d.watch.Wait(ctx, 1)
		if err != nil {
			d.t.Fatalf("jobs finished %v, want %v: %v", got, want, err)
		}
		if rows[0].State != rivertype.JobStateCompleted {
			d.t.Errorf("job %s %d: %s %+v", rows[0].Kind, rows[0].ID, rows[0].State, rows[0].Errors)
		}
		out = append(out, rows...)
		got[rows[0].Kind]++
	}
}

// mailJobs counts the e-mail jobs ever queued.
func (d *dlEnv) mailJobs() int {
	d.t.Helper()
	var n int
	if err := d.db.SQL.QueryRowContext(context.Background(), "SELECT count(*) FROM river_job WHERE kind = 'download_mail'").Scan(&n); err != nil {
		d.t.Fatal(err)
	}
	return n
}

type restDownload struct {
	ID          string `json:"_id"`
	Status      string
	Quality     string
	Collections []string
	Email       string
	FilesDone   int
	FilesTotal  int
	Links       []string
	SizeBytes   int64
	ExpiresAt   *time.Time
	MailedAt    *time.Time
	restError
}

// request asks for a download as browser b and decodes the answer.
func (d *dlEnv) request(b *env, galleryID string, body map[string]any) (int, restDownload) {
	d.t.Helper()
	var r restDownload
	status := b.call("POST", "/api/galleries/downloadRequests", galleryID, body, &r)
	return status, r
}

func (d *dlEnv) get(b *env, id string) (int, restDownload) {
	d.t.Helper()
	var r restDownload
	status := b.call("GET", "/api/galleries/downloadRequests/"+id, d.gala, nil, &r)
	return status, r
}

// linkToken reads a request's link token, which only ready links show.
func (d *dlEnv) linkToken(id string) string {
	return d.db.Client.DownloadRequest.GetX(viewer.SystemContext(context.Background()), id).LinkToken
}

// fetch GETs a link with a client that has no cookies: the link is enough.
func (d *dlEnv) fetch(link string, header map[string]string) (*http.Response, []byte) {
	d.t.Helper()
	req, _ := http.NewRequest("GET", d.srv.URL+link, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		d.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// photosIn are the photos of gala a visitor sees in the collections.
func (d *dlEnv) photosIn(collections ...string) []*ent.Photo {
	return d.db.Client.Photo.Query().Where(photo.GalleryID(d.gala), photo.IsPrivate(false), photo.CollectionIn(collections...)).
		Order(ent.Asc(photo.FieldPosition)).AllX(viewer.SystemContext(context.Background()))
}

// originals are the files a HD download of photos holds, by archive name.
func (d *dlEnv) originals(photos []*ent.Photo) map[string][]byte {
	d.t.Helper()
	out := map[string][]byte{}
	for _, p := range photos {
		b, err := d.media.Bucket.ReadAll(context.Background(), media.OriginalKey(p.ID, p.ContentHash))
		if err != nil {
			d.t.Fatal(err)
		}
		out[p.Collection+"/"+p.Filename] = b
	}
	return out
}

// unzipInto checks that body is a ZIP of stored files and adds them to
// files, failing on a name already there.
func unzipInto(t *testing.T, body []byte, files map[string][]byte) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("not a ZIP (%d bytes): %v", len(body), err)
	}
	for _, f := range zr.File {
		if f.Method != zip.Store {
			t.Errorf("%s is compressed (method %d)", f.Name, f.Method)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if _, dup := files[f.Name]; dup {
			t.Errorf("%s is in the archives twice", f.Name)
		}
		files[f.Name] = b
	}
}

func sameArchive(t *testing.T, got, want map[string][]byte) {
	t.Helper()
	var names []string
	for n := range got {
		names = append(names, n)
	}
	if len(got) != len(want) {
		t.Errorf("archives hold %q, want %d files", names, len(want))
	}
	for name, b := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s missing from %q", name, names)
		} else if !bytes.Equal(g, b) {
			t.Errorf("%s: not the original's bytes", name)
		}
	}
}

func TestDownloadRequestLifecycle(t *testing.T) {
	d := newDownloadEnv(t, 0, true)
	b := d.another()
	want := d.photosIn("Accueil", "Soirée")
	if len(want) < 2 {
		t.Fatalf("%d photos", len(want))
	}

	held := d.gate.arm()
	status, r := d.request(b, d.gala, map[string]any{"email": "Parent@Example.com", "collections": []string{"Accueil", "Soirée"}, "quality": "hd"})
	if status != 200 || r.Status != "submitted" || !strings.HasPrefix(r.ID, "dlr_") || r.Email != "parent@example.com" ||
		r.Quality != "hd" || !slices.Equal(r.Collections, []string{"Accueil", "Soirée"}) || r.Links == nil || len(r.Links) != 0 {
		t.Fatalf("request: %d %+v", status, r)
	}
	id := r.ID

	// Preparing: progress is known, no link works yet.
	waitClosed(t, held, "the request never started preparing")
	if status, r = d.get(b, id); status != 200 || r.Status != "preparing" || r.FilesTotal != len(want) || len(r.Links) != 0 {
		t.Fatalf("preparing: %d %+v", status, r)
	}
	link := "/media/downloads/" + id + "/" + d.linkToken(id) + "/1.zip"
	var e restError
	res, body := d.fetch(link, nil)
	if json.Unmarshal(body, &e); res.StatusCode != http.StatusConflict || e.Code != "download_not_ready" {
		t.Fatalf("link while preparing: %d %s", res.StatusCode, body)
	}
	d.gate.releaseHeld()

	d.jobsDone(map[string]int{downloads.KindPart: 2, downloads.KindMail: 1})
	status, r = d.get(b, id)
	if status != 200 || r.Status != "ready" || r.FilesDone != len(want) || r.FilesTotal != len(want) || !slices.Equal(r.Links, []string{link}) ||
		r.SizeBytes <= 0 || r.ExpiresAt == nil || r.MailedAt == nil {
		t.Fatalf("ready: %d %+v", status, r)
	}
	res, body = d.fetch(link, nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/zip" ||
		res.Header.Get("Content-Disposition") != "attachment; filename=gala-2026-hd.zip" || int64(len(body)) != r.SizeBytes {
		t.Fatalf("archive: %d %v, %d bytes", res.StatusCode, res.Header, len(body))
	}
	files := map[string][]byte{}
	unzipInto(t, body, files)
	sameArchive(t, files, d.originals(want))
	if res, part := d.fetch(link, map[string]string{"Range": "bytes=0-9"}); res.StatusCode != http.StatusPartialContent || !bytes.Equal(part, body[:10]) {
		t.Errorf("range: %d %q", res.StatusCode, part)
	}

	msgs := d.smtp.Wait(t, 1, 10*time.Second)
	if len(msgs) != 1 || msgs[0].To[0] != "parent@example.com" || !strings.Contains(msgs[0].Text, "http://localhost:8080"+link) {
		t.Fatalf("e-mails: %+v", msgs)
	}
	if n := d.mailJobs(); n != 1 {
		t.Fatalf("%d e-mail jobs", n)
	}

	// Resending e-mails the same link again.
	if status, r = d.callDownload("POST", "/api/galleries/downloadRequests/"+id+"/resend", b); status != 200 || r.Status != "ready" {
		t.Fatalf("resend: %d %+v", status, r)
	}
	d.jobsDone(map[string]int{downloads.KindMail: 1})
	if msgs = d.smtp.Wait(t, 2, 10*time.Second); len(msgs) != 2 || !strings.Contains(msgs[1].Text, "http://localhost:8080"+link) {
		t.Fatalf("resent e-mails: %+v", msgs)
	}

	for _, tc := range []struct {
		name, link string
		status     int
		code       string
	}{
		{"wrong token", "/media/downloads/" + id + "/" + strings.Repeat("x", 24) + "/1.zip", 404, "download_not_found"},
		{"unknown request", "/media/downloads/dlr_nope/" + d.linkToken(id) + "/1.zip", 404, "download_not_found"},
		{"part out of range", strings.Replace(link, "/1.zip", "/2.zip", 1), 404, "download_not_found"},
		{"part zero", strings.Replace(link, "/1.zip", "/0.zip", 1), 404, "download_not_found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e restError
			res, body := d.fetch(tc.link, nil)
			if json.Unmarshal(body, &e); res.StatusCode != tc.status || e.Code != tc.code {
				t.Fatalf("%d %s", res.StatusCode, body)
			}
		})
	}
	if res, _ := d.fetch(strings.Replace(link, "/1.zip", "/1", 1), nil); res.StatusCode != 404 {
		t.Errorf("link without .zip: %d", res.StatusCode)
	}

	// Seven days later the link is gone; asking for a new sending brings it back.
	d.later.Store(int64(downloads.DefaultLinkTTL + time.Hour))
	res, body = d.fetch(link, nil)
	if json.Unmarshal(body, &e); res.StatusCode != http.StatusGone || e.Code != "download_expired" {
		t.Fatalf("expired link: %d %s", res.StatusCode, body)
	}
	d.callDownload("POST", "/api/galleries/downloadRequests/"+id+"/resend", b)
	d.jobsDone(map[string]int{downloads.KindMail: 1})
	d.smtp.Wait(t, 3, 10*time.Second)
	if res, _ := d.fetch(link, nil); res.StatusCode != 200 {
		t.Fatalf("link after a new sending: %d", res.StatusCode)
	}
}

// callDownload is a REST call on a download request as browser b.
func (d *dlEnv) callDownload(method, path string, b *env) (int, restDownload) {
	d.t.Helper()
	var r restDownload
	status := b.call(method, path, d.gala, nil, &r)
	return status, r
}

func TestDownloadSplitIntoParts(t *testing.T) {
	// A limit under any photo's size: one photo to a part.
	d := newDownloadEnv(t, 1, true)
	b := d.another()
	want := d.photosIn("Accueil", "Spectacle", "Soirée")
	status, r := d.request(b, d.gala, map[string]any{"email": "parent@example.com", "collections": []string{"Accueil", "Spectacle", "Soirée"}, "quality": "hd"})
	if status != 200 {
		t.Fatalf("request: %d %+v", status, r)
	}
	d.jobsDone(map[string]int{downloads.KindPart: 1 + len(want), downloads.KindMail: 1})
	_, r = d.get(b, r.ID)
	if r.Status != "ready" || len(r.Links) != len(want) || r.FilesDone != len(want) || r.FilesTotal != len(want) {
		t.Fatalf("ready: %+v", r)
	}
	files := map[string][]byte{}
	var size int64
	for i, link := range r.Links {
		res, body := d.fetch(link, nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != fmt.Sprintf("attachment; filename=gala-2026-hd-%d.zip", i+1) {
			t.Fatalf("part %d: %d %v", i+1, res.StatusCode, res.Header)
		}
		unzipInto(t, body, files)
		size += int64(len(body))
	}
	sameArchive(t, files, d.originals(want))
	if size != r.SizeBytes {
		t.Errorf("sizeBytes %d, parts weigh %d", r.SizeBytes, size)
	}
	msgs := d.smtp.Wait(t, 1, 10*time.Second)
	for _, link := range r.Links {
		if !strings.Contains(msgs[0].Text, "http://localhost:8080"+link) {
			t.Errorf("the e-mail lacks %s:\n%s", link, msgs[0].Text)
		}
	}
	if len(msgs) != 1 || d.mailJobs() != 1 {
		t.Fatalf("%d e-mails, %d e-mail jobs", len(msgs), d.mailJobs())
	}
}

func TestDownloadRequestRefusals(t *testing.T) {
	d := newDownloadEnv(t, 0, false)
	wedding := d.galleryID("julie-et-thomas")
	b := d.another()
	ok := func(change func(map[string]any)) map[string]any {
		body := map[string]any{"email": "parent@example.com", "collections": []string{"Accueil"}, "quality": "web"}
		change(body)
		return body
	}
	for _, tc := range []struct {
		name    string
		body    map[string]any
		status  int
		code    string
		field   string
		gallery string
	}{
		{"no collection", ok(func(m map[string]any) { m["collections"] = []string{} }), 400, "collections_required", "collections", ""},
		{"collections left out", ok(func(m map[string]any) { delete(m, "collections") }), 400, "collections_required", "collections", ""},
		{"unknown collection", ok(func(m map[string]any) { m["collections"] = []string{"Accueil", "Coulisses"} }), 400, "unknown_collection", "collections", ""},
		{"quality", ok(func(m map[string]any) { m["quality"] = "original" }), 400, "invalid_quality", "quality", ""},
		{"invalid e-mail", ok(func(m map[string]any) { m["email"] = "parent@@example.com" }), 400, "invalid_email", "email", ""},
		{"suspicious e-mail", ok(func(m map[string]any) { m["email"] = "x@gmial.com" }), 400, "email_suspicious", "email", ""},
		{"suspicious e-mail confirmed", ok(func(m map[string]any) { m["email"], m["emailConfirmed"] = "x@gmial.com", true }), 200, "", "", ""},
		{"unknown gallery", ok(func(map[string]any) {}), 404, "gallery_not_found", "", "gal_nope"},
		{"protected gallery", ok(func(m map[string]any) { m["collections"] = []string{"Cérémonie"} }), 401, "unauthorized", "", wedding},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := cmp.Or(tc.gallery, d.gala)
			status, r := d.request(b, g, tc.body)
			if status != tc.status || r.Code != tc.code || (tc.field != "" && !slices.Equal(r.Field, []string{tc.field})) {
				t.Fatalf("%d %+v, want %d %s", status, r, tc.status, tc.code)
			}
			if tc.status == 200 && r.Status != "submitted" {
				t.Fatalf("%+v", r)
			}
		})
	}

	// In the wedding, guests may not download; the couple may.
	guest := d.person("invite@example.com", wedding, seed.DemoVisitorCode)
	couple := d.person(seed.DemoClientEmail, wedding, seed.DemoClientCode)
	body := map[string]any{"email": "invite@example.com", "collections": []string{"Cérémonie"}, "quality": "hd"}
	if status, r := d.request(guest, wedding, body); status != 403 || r.Code != "download_not_allowed" {
		t.Fatalf("guest: %d %+v", status, r)
	}
	body["email"] = seed.DemoClientEmail
	status, mine := d.request(couple, wedding, body)
	if status != 200 || mine.Status != "submitted" {
		t.Fatalf("couple: %d %+v", status, mine)
	}

	// Only its requester and the photographer follow a request.
	if status, r := d.get(couple, mine.ID); status != 200 || r.ID != mine.ID {
		t.Fatalf("own request: %d %+v", status, r)
	}
	for name, who := range map[string]*env{"another browser": b, "a guest": guest, "nobody": d.another()} {
		if status, r := d.get(who, mine.ID); status != 404 || r.Code != "download_not_found" || r.ID != "" {
			t.Errorf("%s: %d %+v", name, status, r)
		}
		if status, r := d.callDownload("POST", "/api/galleries/downloadRequests/"+mine.ID+"/resend", who); status != 404 || r.Code != "download_not_found" {
			t.Errorf("%s resends: %d %+v", name, status, r)
		}
	}
	token, _ := d.token()
	var r restDownload
	if res, raw := d.do("GET", "/api/galleries/downloadRequests/"+mine.ID, nil, bearer(token)); res.StatusCode != 200 || json.Unmarshal(raw, &r) != nil || r.ID != mine.ID {
		t.Fatalf("photographer: %d %s", res.StatusCode, raw)
	}
	// Not worked yet: neither resend nor the link.
	if status, r := d.callDownload("POST", "/api/galleries/downloadRequests/"+mine.ID+"/resend", couple); status != 409 || r.Code != "download_not_ready" {
		t.Fatalf("resend before ready: %d %+v", status, r)
	}
	res, raw := d.fetch("/media/downloads/"+mine.ID+"/"+d.linkToken(mine.ID)+"/1.zip", nil)
	if res.StatusCode != 409 || !strings.Contains(string(raw), `"code":"download_not_ready"`) {
		t.Fatalf("link before ready: %d %s", res.StatusCode, raw)
	}

	// GraphQL: a fixable input is a userError, a refusal an error with its code.
	const mutation = `mutation($in: RequestDownloadInput!) { requestDownload(input: $in) { request { id status } userErrors { field code message } } }`
	var p struct {
		RequestDownload struct {
			Request    *struct{ ID, Status string }
			UserErrors []gqlUserError
		}
	}
	in := map[string]any{"galleryId": d.gala, "email": "x@gmial.com", "collections": []string{"Accueil"}, "quality": "hd"}
	if res := b.graphql(mutation, map[string]any{"in": in}, &p); len(res.Errors) > 0 || p.RequestDownload.Request != nil ||
		len(p.RequestDownload.UserErrors) != 1 || p.RequestDownload.UserErrors[0].Code != "email_suspicious" {
		t.Fatalf("suspicious e-mail over GraphQL: %+v %+v", res.Errors, p)
	}
	in["emailConfirmed"] = true
	if res := b.graphql(mutation, map[string]any{"in": in}, &p); len(res.Errors) > 0 || p.RequestDownload.Request == nil ||
		p.RequestDownload.Request.Status != "submitted" || len(p.RequestDownload.UserErrors) != 0 {
		t.Fatalf("confirmed over GraphQL: %+v %+v", res.Errors, p)
	}
	in = map[string]any{"galleryId": wedding, "email": "invite@example.com", "collections": []string{"Cérémonie"}, "quality": "hd"}
	if res := guest.graphql(mutation, map[string]any{"in": in}, nil); errorCode(res) != "download_not_allowed" {
		t.Fatalf("guest over GraphQL: %+v", res)
	}
	if res := b.graphql(`query($id: ID!) { downloadRequest(id: $id) { id } }`, map[string]any{"id": mine.ID}, nil); errorCode(res) != "download_not_found" {
		t.Fatalf("someone else's request over GraphQL: %+v", res)
	}
}

// wsConn is a GraphQL websocket client speaking either protocol.
type wsConn struct {
	t     *testing.T
	proto string
	c     *websocket.Conn
	wmu   sync.Mutex
	in    chan wsMsg
	// closed holds why reading stopped, once in is closed.
	closed error
}

type wsMsg struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// dialWS opens /graphql as browser b would: its cookies, its origin.
func dialWS(t *testing.T, b *env, proto string, withCookies bool) *wsConn {
	t.Helper()
	h := http.Header{"Origin": {b.srv.URL}}
	if withCookies {
		var cs []string
		for _, c := range b.web.Jar.Cookies(mustURL(b.srv.URL)) {
			cs = append(cs, c.Name+"="+c.Value)
		}
		h.Set("Cookie", strings.Join(cs, "; "))
	}
	dialer := websocket.Dialer{Subprotocols: []string{proto}, HandshakeTimeout: 5 * time.Second}
	c, _, err := dialer.Dial("ws"+strings.TrimPrefix(b.srv.URL, "http")+"/graphql", h)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	w := &wsConn{t: t, proto: proto, c: c, in: make(chan wsMsg, 100)}
	t.Cleanup(func() { c.Close() })
	go w.read()
	return w
}

func (w *wsConn) read() {
	defer close(w.in)
	for {
		var m wsMsg
		if err := w.c.ReadJSON(&m); err != nil {
			w.closed = err
			return
		}
		switch m.Type {
		case "ka", "pong":
			continue
		case "ping":
			_ = w.send(wsMsg{Type: "pong"})
			continue
		}
		w.in <- m
	}
}

func (w *wsConn) send(m wsMsg) error {
	w.wmu.Lock()
	defer w.wmu.Unlock()
	return w.c.WriteJSON(m)
}

// next returns the next message, or why the connection ended.
func (w *wsConn) next() (wsMsg, error) {
	w.t.Helper()
	select {
	case m, ok := <-w.in:
		if !ok {
			return wsMsg{}, w.closed
		}
		return m, nil
	case <-time.After(30 * time.Second):
		w.t.Fatalf("%s: no message in 30 s", w.proto)
		return wsMsg{}, nil
	}
}

// init sends connection_init and returns the answer: nil once acknowledged.
func (w *wsConn) init(payload map[string]any) error {
	w.t.Helper()
	if payload == nil {
		payload = map[string]any{}
	}
	p, _ := json.Marshal(payload)
	if err := w.send(wsMsg{Type: "connection_init", Payload: p}); err != nil {
		return err
	}
	m, err := w.next()
	if err != nil {
		return err
	}
	if m.Type != "connection_ack" {
		return fmt.Errorf("%s: %s", m.Type, m.Payload)
	}
	return nil
}

func (w *wsConn) mustInit(payload map[string]any) {
	w.t.Helper()
	if err := w.init(payload); err != nil {
		w.t.Fatalf("%s: connection_init: %v", w.proto, err)
	}
}

func (w *wsConn) subscribe(id, query string, vars map[string]any) {
	w.t.Helper()
	p, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	typ := "subscribe"
	if w.proto == "graphql-ws" {
		typ = "start"
	}
	if err := w.send(wsMsg{Type: typ, ID: id, Payload: p}); err != nil {
		w.t.Fatal(err)
	}
}

// wsResult is one result of a subscription: data, or errors, or its end.
type wsResult struct {
	Data   json.RawMessage
	Errors []struct {
		Message    string
		Extensions map[string]any
	}
	Complete bool
}

// result reads the subscription's next result.
func (w *wsConn) result(id string) wsResult {
	w.t.Helper()
	for {
		m, err := w.next()
		if err != nil {
			w.t.Fatalf("%s: connection ended: %v", w.proto, err)
		}
		if m.ID != id {
			w.t.Fatalf("%s: unexpected %s %s", w.proto, m.Type, m.Payload)
		}
		var r wsResult
		switch m.Type {
		case "next", "data":
			if err := json.Unmarshal(m.Payload, &r); err != nil {
				w.t.Fatalf("%s: %s: %v", w.proto, m.Payload, err)
			}
			return r
		case "error":
			if err := json.Unmarshal(m.Payload, &r.Errors); err != nil {
				if err := json.Unmarshal(m.Payload, &r); err != nil {
					w.t.Fatalf("%s: error %s: %v", w.proto, m.Payload, err)
				}
			}
			return r
		case "complete":
			return wsResult{Complete: true}
		default:
			w.t.Fatalf("%s: unexpected %s %s", w.proto, m.Type, m.Payload)
		}
	}
}

func (r wsResult) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

const downloadSubscription = `subscription($id: ID!) { downloadRequestUpdated(id: $id) {
  id status filesDone filesTotal links expiresAt mailedAt } }`

type gqlDownload struct {
	DownloadRequestUpdated *struct {
		ID         string
		Status     string
		FilesDone  int
		FilesTotal int
		Links      []string
		ExpiresAt  *time.Time
		MailedAt   *time.Time
	}
}

func (w *wsConn) download(id string) gqlDownload {
	w.t.Helper()
	r := w.result(id)
	var d gqlDownload
	if len(r.Errors) > 0 || r.Complete || json.Unmarshal(r.Data, &d) != nil || d.DownloadRequestUpdated == nil {
		w.t.Fatalf("%s: %+v %s", w.proto, r, r.Data)
	}
	return d
}

// subscribers counts the server's open event subscriptions.
func (d *dlEnv) subscribers() int {
	return d.app.Events.(*events.Local).Subscribers()
}

// waitSubscribers polls until the count is n.
func (d *dlEnv) waitSubscribers(n int) {
	d.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for d.subscribers() != n {
		if time.Now().After(deadline) {
			d.t.Fatalf("%d event subscriptions open, want %d", d.subscribers(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestDownloadRequestUpdatedOverWebsocket(t *testing.T) {
	d := newDownloadEnv(t, 0, true)
	want := d.photosIn("Spectacle")
	for _, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(proto, func(t *testing.T) {
			base := d.subscribers()
			b := d.another()
			held := d.gate.arm()
			status, r := d.request(b, d.gala, map[string]any{"email": "parent@example.com", "collections": []string{"Spectacle"}, "quality": "web"})
			if status != 200 {
				t.Fatalf("request: %d %+v", status, r)
			}
			ws := dialWS(t, b, proto, true)
			ws.mustInit(map[string]any{"galleryId": d.gala})
			ws.subscribe("1", downloadSubscription, map[string]any{"id": r.ID})

			// The state now (submitted, or preparing if the plan went
			// first), then preparing, held until the test lets it go on.
			seen := []string{}
			got := ws.download("1").DownloadRequestUpdated
			seen = append(seen, got.Status)
			waitClosed(t, held, "the request never started preparing")
			for got.Status != "preparing" {
				got = ws.download("1").DownloadRequestUpdated
				seen = append(seen, got.Status)
			}
			if got.ID != r.ID || got.FilesTotal != len(want) || len(got.Links) != 0 {
				t.Fatalf("preparing: %+v", got)
			}
			if d.subscribers() != base+1 {
				t.Fatalf("%d subscriptions, want %d", d.subscribers(), base+1)
			}
			d.gate.releaseHeld()
			for got.Status != "ready" {
				got = ws.download("1").DownloadRequestUpdated
				seen = append(seen, got.Status)
				if got.Status != "preparing" && got.Status != "ready" {
					t.Fatalf("statuses %q", seen)
				}
			}
			_, now := d.get(b, r.ID)
			if got.FilesDone != len(want) || got.FilesTotal != len(want) || len(got.Links) != 1 || !slices.Equal(got.Links, now.Links) || got.ExpiresAt == nil {
				t.Fatalf("ready: %+v (REST %+v)", got, now)
			}
			t.Logf("%s: %q", proto, seen)

			// Leaving ends the subscription on the server.
			ws.c.Close()
			d.waitSubscribers(base)
			d.jobsDone(map[string]int{downloads.KindPart: 2, downloads.KindMail: 1})
		})
	}

	t.Run("someone else's request", func(t *testing.T) {
		b := d.another()
		_, r := d.request(b, d.gala, map[string]any{"email": "parent@example.com", "collections": []string{"Accueil"}, "quality": "web"})
		d.jobsDone(map[string]int{downloads.KindPart: 2, downloads.KindMail: 1})
		base := d.subscribers()
		for _, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
			ws := dialWS(t, d.another(), proto, true)
			ws.mustInit(nil)
			ws.subscribe("7", downloadSubscription, map[string]any{"id": r.ID})
			res := ws.result("7")
			var data gqlDownload
			if res.Complete || res.code() != "download_not_found" || (res.Data != nil && json.Unmarshal(res.Data, &data) == nil && data.DownloadRequestUpdated != nil) {
				t.Fatalf("%s: %+v %s", proto, res, res.Data)
			}
			// Nothing follows but the end of the subscription.
			for {
				next := ws.result("7")
				if next.Complete {
					break
				}
				if len(next.Data) > 0 && string(next.Data) != "null" {
					t.Fatalf("%s: data after the refusal: %s", proto, next.Data)
				}
			}
			ws.c.Close()
		}
		d.waitSubscribers(base)

		// The photographer's script follows any request of the gallery, with
		// its token in connection_init instead of cookies.
		token, _ := d.token()
		ws := dialWS(t, d.another(), "graphql-transport-ws", false)
		ws.mustInit(map[string]any{"authorization": "Bearer " + token})
		ws.subscribe("1", downloadSubscription, map[string]any{"id": r.ID})
		if got := ws.download("1").DownloadRequestUpdated; got.ID != r.ID || got.Status != "ready" || got.MailedAt == nil {
			t.Fatalf("photographer: %+v", got)
		}
	})
}

func TestCartUpdatedOverWebsocket(t *testing.T) {
	d := newDownloadEnv(t, 0, false)
	sellGalleryFiles(t, d.db.Client, "gala-2026")
	ctx := viewer.SystemContext(context.Background())
	webFormat := d.db.Client.Format.Query().Where(format.HasGalleryWith(gallery.ID(d.gala)), format.Name("Fichier web")).OnlyIDX(ctx)
	p := d.photosIn("Accueil", "Spectacle")
	add := func(b *env, ph *ent.Photo) restCart {
		t.Helper()
		var c restCart
		if status := b.call("POST", "/api/cart/digitalFiles/"+ph.ID+"/"+webFormat, d.gala, nil, &c); status != 200 {
			t.Fatalf("add to cart: %d %+v", status, c)
		}
		return c
	}
	const sub = `subscription($g: ID!) { cartUpdated(galleryId: $g) { id version itemCount } }`
	type gqlCartUpdate struct {
		CartUpdated *struct {
			ID        string
			Version   int
			ItemCount int
		}
	}
	for _, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(proto, func(t *testing.T) {
			base := d.subscribers()
			b, other := d.another(), d.another()
			ws := dialWS(t, b, proto, true)
			ws.mustInit(map[string]any{"galleryId": d.gala})
			ws.subscribe("c", sub, map[string]any{"g": d.gala})
			d.waitSubscribers(base + 1)
			// Another browser's cart is not this subscriber's business; the
			// same browser's other tab is.
			add(other, p[0])
			c := add(b, p[1])
			r := ws.result("c")
			var got gqlCartUpdate
			if len(r.Errors) > 0 || json.Unmarshal(r.Data, &got) != nil || got.CartUpdated == nil {
				t.Fatalf("%+v %s", r, r.Data)
			}
			if got.CartUpdated.ID != c.ID || got.CartUpdated.ItemCount != 1 {
				t.Fatalf("cart %+v, want %s with 1 item", got.CartUpdated, c.ID)
			}
			c = add(b, p[2])
			if r = ws.result("c"); json.Unmarshal(r.Data, &got) != nil || got.CartUpdated.ItemCount != 2 {
				t.Fatalf("second change: %+v %s", r, r.Data)
			}
			ws.c.Close()
			d.waitSubscribers(base)
		})
	}
}

func TestWebsocketConnectionInit(t *testing.T) {
	d := newDownloadEnv(t, 0, false)
	token, _ := d.token()
	wedding := d.galleryID("julie-et-thomas")
	guest := d.person("invite@example.com", wedding, seed.DemoVisitorCode)
	for _, tc := range []struct {
		name    string
		as      *env
		payload map[string]any
		ok      bool
	}{
		{"no payload", d.env, nil, true},
		{"a public gallery", d.env, map[string]any{"galleryId": d.gala}, true},
		{"a token", d.env, map[string]any{"authorization": "Bearer " + token}, true},
		{"a token and a protected gallery", d.env, map[string]any{"Authorization": "Bearer " + token, "galleryId": wedding}, true},
		{"a guest in the wedding", guest, map[string]any{"galleryId": wedding}, true},
		{"a bad token", d.env, map[string]any{"authorization": "Bearer glt_" + strings.Repeat("a", 40)}, false},
		{"not a bearer token", d.env, map[string]any{"authorization": "Basic " + token}, false},
		{"a protected gallery", d.env, map[string]any{"galleryId": wedding}, false},
		{"an unknown gallery", d.env, map[string]any{"galleryId": "gal_nope"}, false},
	} {
		for _, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
			t.Run(tc.name+"/"+proto, func(t *testing.T) {
				ws := dialWS(t, tc.as, proto, true)
				err := ws.init(tc.payload)
				if tc.ok {
					if err != nil {
						t.Fatalf("refused: %v", err)
					}
					return
				}
				if err == nil {
					t.Fatal("accepted")
				}
				// Refused: the legacy protocol says why, then the server
				// closes with 4403 Forbidden, as graphql-transport-ws asks.
				if proto == "graphql-ws" {
					if !strings.HasPrefix(err.Error(), "connection_error") {
						t.Fatalf("got %v, want connection_error", err)
					}
					_, err = ws.next()
				}
				if !websocket.IsCloseError(err, 4403) {
					t.Fatalf("closed with %v, want 4403", err)
				}
			})
		}
	}
}
