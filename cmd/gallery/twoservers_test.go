package main

import (
	"archive/zip"
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/testdb"
)

// TestTwoServersShareJobsAndEvents runs two replicas of the built binary
// on one PostgreSQL database and one blob folder: the first only enqueues
// (WORK_JOBS=false), the second works the jobs, and the first's websocket
// subscribers hear what the second did through LISTEN/NOTIFY.
func TestTwoServersShareJobsAndEvents(t *testing.T) {
	if !testdb.Postgres() {
		t.Skip("replicas share jobs and events through PostgreSQL: run with TEST_DATABASE=postgres")
	}
	bin := galleryBinary(t)
	smtp := mailtest.Start(t, "", "")
	const publicURL = "http://galerie.test"
	env := []string{
		"DATABASE_URL=" + testdb.CreatePostgres(t),
		"DATA_DIR=" + t.TempDir(),
		"BLOB_URL=",
		"SECRET_KEY=two-replicas-share-this-secret-key",
		"SMTP_URL=" + smtp.URL,
		"PUBLIC_URL=" + publicURL,
		"ADDR=127.0.0.1:0",
		"LOG_LEVEL=info",
	}
	seed := exec.Command(bin, "seed-demo", "--photos", "4")
	seed.Env = append(os.Environ(), env...)
	if out, err := seed.CombinedOutput(); err != nil {
		t.Fatalf("seed-demo: %v\n%s", err, out)
	}
	db, err := sql.Open("pgx", strings.TrimPrefix(env[0], "DATABASE_URL="))
	if err != nil {
		t.Fatal(err)
	}
	giveOnlyWebFiles(t, db, true)
	db.Close()

	first := startServer(t, bin, "first", append(env, "WORK_JOBS=false"))
	jar, _ := cookiejar.New(nil)
	b := &browser{t: t, c: &http.Client{Jar: jar}}
	b.do("GET", first+"/version", "", nil, nil)
	data := b.gala2026(first)
	gala := data.Gallery.ID
	var req struct {
		ID     string `json:"_id"`
		Status string `json:"status"`
	}
	if status := b.do("POST", first+"/api/galleries/downloadRequests", gala,
		map[string]any{"email": "parent@example.com", "collections": []string{"Accueil", "Spectacle", "Soirée"}, "quality": "web"}, &req); status != 200 || req.Status != "submitted" {
		t.Fatalf("request through the first server: %d %+v", status, req)
	}

	// Both subscriptions on the first server, before the second exists.
	downloads := dialGraphQL(t, b, first, gala)
	downloads.subscribe(`subscription($id: ID!) { downloadRequestUpdated(id: $id) { id status filesDone filesTotal links } }`, map[string]any{"id": req.ID})
	type download struct {
		DownloadRequestUpdated struct {
			ID         string
			Status     string
			FilesDone  int
			FilesTotal int
			Links      []string
		}
	}
	var d download
	downloads.next(&d)
	if d.DownloadRequestUpdated.ID != req.ID || d.DownloadRequestUpdated.Status != "submitted" {
		t.Fatalf("first state: %+v (the first server must not work jobs)", d)
	}
	carts := dialGraphQL(t, b, first, gala)
	carts.subscribe(`subscription($g: ID!) { cartUpdated(galleryId: $g) { id itemCount } }`, map[string]any{"g": gala})

	second := startServer(t, bin, "second", append(env, "WORK_JOBS=true"))
	seen := []string{}
	for d.DownloadRequestUpdated.Status != "ready" {
		downloads.next(&d)
		seen = append(seen, d.DownloadRequestUpdated.Status)
		// The same state may come again (the request's own notice, or a
		// resynchronisation, can arrive after the subscription started);
		// it only moves forward, and never fails.
		if s := d.DownloadRequestUpdated.Status; s != "submitted" && s != "preparing" && s != "ready" {
			t.Fatalf("statuses %q", seen)
		}
	}
	got := d.DownloadRequestUpdated
	if got.FilesTotal == 0 || got.FilesDone != got.FilesTotal || len(got.Links) != 1 {
		t.Fatalf("ready: %+v", got)
	}
	t.Logf("the first server's subscriber saw %q", seen)

	// The archive the second wrote is served by the first.
	res, body := b.get(first + got.Links[0])
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("archive through the first server: %d %s", res.StatusCode, body)
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil || len(zr.File) != got.FilesTotal {
		t.Fatalf("archive: %v, %d files of %d", err, len(zr.File), got.FilesTotal)
	}
	msgs := smtp.Wait(t, 1, 30*time.Second)
	if !strings.Contains(msgs[0].Text, publicURL+got.Links[0]) {
		t.Fatalf("e-mail:\n%s", msgs[0].Text)
	}

	// The same browser changes its cart through the second server.
	var photos []struct {
		ID string `json:"_id"`
	}
	b.do("GET", second+"/api/photos", gala, nil, &photos)
	hdFile := ""
	for _, f := range data.Gallery.Prices.Formats {
		if f.Name == "Fichier HD" { // the gala gives its web files away (giveOnlyWebFiles)
			hdFile = f.ID
		}
	}
	var cart struct {
		ID        string `json:"_id"`
		ItemCount int    `json:"itemCount"`
	}
	if len(photos) == 0 || hdFile == "" {
		t.Fatalf("photos %+v, HD file %q", photos, hdFile)
	}
	if status := b.do("POST", second+"/api/cart/digitalFiles/"+photos[0].ID+"/"+hdFile, gala, nil, &cart); status != 200 || cart.ItemCount != 1 {
		t.Fatalf("cart change through the second server: %d %+v", status, cart)
	}
	var c struct {
		CartUpdated struct {
			ID        string
			ItemCount int
		}
	}
	// A resynchronisation may send the cart as it was first: wait for the change.
	for c.CartUpdated.ItemCount != 1 {
		carts.next(&c)
		if c.CartUpdated.ID != cart.ID || c.CartUpdated.ItemCount > 1 {
			t.Fatalf("the first server's cart subscriber got %+v, want %+v", c, cart)
		}
	}
}

var servingRE = regexp.MustCompile(`msg=serving addr=(\S+)`)

// startServer runs `gallery serve` and returns its base URL once it
// listens; the process is stopped (killed if it lingers) when the test ends.
func startServer(t *testing.T, bin, name string, env []string) string {
	t.Helper()
	return launch(t, bin, name, env).URL
}

// browser keeps cookies (host-wide, so both servers get them) and echoes
// the XSRF token, as the site's pages do.
type browser struct {
	t *testing.T
	c *http.Client
}

func (b *browser) cookies(base string) []*http.Cookie {
	u, _ := url.Parse(base)
	return b.c.Jar.Cookies(u)
}

func (b *browser) do(method, u, galleryID string, body, out any) int {
	b.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, u, rd)
	req.Header.Set("Content-Type", "application/json")
	if galleryID != "" {
		req.Header.Set("X-Gallery-Id", galleryID)
	}
	for _, c := range b.cookies(u) {
		if c.Name == "XSRF-TOKEN" {
			req.Header.Set("X-XSRF-TOKEN", c.Value)
		}
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			b.t.Fatalf("%s %s: %d %s: %v", method, u, res.StatusCode, raw, err)
		}
	}
	return res.StatusCode
}

func (b *browser) get(u string) (*http.Response, []byte) {
	b.t.Helper()
	res, err := b.c.Get(u)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// gqlSocket is one graphql-transport-ws connection with one subscription.
type gqlSocket struct {
	t   *testing.T
	c   *websocket.Conn
	wmu sync.Mutex // gorilla allows one writer at a time
	in  chan json.RawMessage
	// closeErr is why the connection ended, set before in is closed.
	closeErr error
}

func (s *gqlSocket) write(v any) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.c.WriteJSON(v)
}

// dialGraphQL connects to base's /graphql with the browser's cookies and
// opens the gallery.
func dialGraphQL(t *testing.T, b *browser, base, galleryID string) *gqlSocket {
	t.Helper()
	var cs []string
	for _, c := range b.cookies(base) {
		cs = append(cs, c.Name+"="+c.Value)
	}
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 5 * time.Second}
	c, _, err := d.Dial("ws"+strings.TrimPrefix(base, "http")+"/graphql", http.Header{"Origin": {base}, "Cookie": {strings.Join(cs, "; ")}})
	if err != nil {
		t.Fatalf("dial %s: %v", base, err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.WriteJSON(map[string]any{"type": "connection_init", "payload": map[string]any{"galleryId": galleryID}}); err != nil {
		t.Fatal(err)
	}
	var ack struct{ Type string }
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if err := c.ReadJSON(&ack); err != nil || ack.Type != "connection_ack" {
		t.Fatalf("connection_init: %+v %v", ack, err)
	}
	_ = c.SetReadDeadline(time.Time{})
	s := &gqlSocket{t: t, c: c, in: make(chan json.RawMessage, 100)}
	go s.read()
	return s
}

func (s *gqlSocket) read() {
	defer close(s.in)
	for {
		var m struct {
			Type    string
			Payload json.RawMessage
		}
		if err := s.c.ReadJSON(&m); err != nil {
			s.closeErr = err
			return
		}
		switch m.Type {
		case "next":
			s.in <- m.Payload
		case "ping":
			_ = s.write(map[string]string{"type": "pong"})
		case "error", "complete":
			s.closeErr = endedByServer(m.Type)
			s.in <- json.RawMessage(fmt.Sprintf(`{"errors":[{"message":%q}]}`, m.Type+" "+string(m.Payload)))
			return
		}
	}
}

func (s *gqlSocket) subscribe(query string, vars map[string]any) {
	s.t.Helper()
	if err := s.write(map[string]any{"type": "subscribe", "id": "1", "payload": map[string]any{"query": query, "variables": vars}}); err != nil {
		s.t.Fatal(err)
	}
}

// next decodes the subscription's next data into out.
func (s *gqlSocket) next(out any) {
	s.t.Helper()
	select {
	case p, ok := <-s.in:
		if !ok {
			s.t.Fatal("the subscription ended")
		}
		var r struct {
			Data   json.RawMessage
			Errors []struct{ Message string }
		}
		if err := json.Unmarshal(p, &r); err != nil || len(r.Errors) > 0 || json.Unmarshal(r.Data, out) != nil {
			s.t.Fatalf("subscription: %s", p)
		}
	case <-time.After(60 * time.Second):
		s.t.Fatal("no event in 60 s")
	}
}
