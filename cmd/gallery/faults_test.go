package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/studio/gallery/internal/media"
)

// The fault tests: a server killed with SIGKILL, stopped with SIGTERM, a
// mail server that is down, and (faults_pg_test.go) PostgreSQL restarted
// under load. docs/faults.md describes each behaviour with its test.

// slowUpload is a photographer's upload (GraphQL multipart uploadPhotos)
// whose body is sent in two halves: the request is in flight between them.
type slowUpload struct {
	t    *testing.T
	pw   *io.PipeWriter
	rest []byte
	res  chan uploadResult
}

type uploadResult struct {
	status int
	body   string
	err    error
}

// startUpload sends the headers and the first half of an upload of
// filename to gallery g, and returns while the rest is held back.
func startUpload(t *testing.T, base, token, g, filename string) *slowUpload {
	t.Helper()
	jpeg, err := media.DemoJPEG(11, 1600, 1200, filename)
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	ops, _ := json.Marshal(map[string]any{
		"query":     `mutation($input: UploadPhotosInput!) { uploadPhotos(input: $input) { photos { id filename status } userErrors { code message } } }`,
		"variables": map[string]any{"input": map[string]any{"galleryId": g, "files": []any{nil}}},
	})
	_ = w.WriteField("operations", string(ops))
	_ = w.WriteField("map", `{"0":["variables.input.files.0"]}`)
	fw, _ := w.CreateFormFile("0", filename)
	_, _ = fw.Write(jpeg)
	_ = w.Close()
	raw := body.Bytes()
	pr, pw := io.Pipe()
	req, _ := http.NewRequest("POST", base+"/graphql", pr)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	u := &slowUpload{t: t, pw: pw, rest: raw[len(raw)/2:], res: make(chan uploadResult, 1)}
	go func() {
		res, err := (&http.Client{Timeout: 2 * time.Minute}).Do(req)
		if err != nil {
			u.res <- uploadResult{err: err}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		u.res <- uploadResult{status: res.StatusCode, body: string(b)}
	}()
	if _, err := pw.Write(raw[:len(raw)/2]); err != nil {
		t.Fatal(err)
	}
	// The server has the headers and half the file: the request is in flight.
	time.Sleep(300 * time.Millisecond)
	return u
}

// finish sends the rest of the body and returns the answer.
func (u *slowUpload) finish() uploadResult {
	go func() {
		_, _ = u.pw.Write(u.rest)
		_ = u.pw.Close()
	}()
	select {
	case r := <-u.res:
		return r
	case <-time.After(90 * time.Second):
		u.t.Fatal("the upload never got an answer")
		return uploadResult{}
	}
}

// endedByServer is a subscription the server ended with a message
// ("complete" or "error").
type endedByServer string

func (e endedByServer) Error() string { return "the server sent " + string(e) }

// abandon stops sending (the client gave up).
func (u *slowUpload) abandon() { _ = u.pw.CloseWithError(io.ErrUnexpectedEOF) }

func (f *faultEnv) galleryID(url string) string {
	f.t.Helper()
	var id string
	if err := f.db.QueryRow(fmt.Sprintf(`SELECT id FROM galleries WHERE url = '%s'`, url)).Scan(&id); err != nil {
		f.t.Fatal(err)
	}
	return id
}

// TestKilledServerLeavesNothingHalfDone kills the server (SIGKILL) while an
// upload is half sent, an archive is being prepared and orders are being
// placed, then starts it again on the same database and DATA_DIR: the
// upload left no photo, each order is whole or absent (and the buyer's
// retry gives one order), the gift card's books balance, and the archive
// is finished and e-mailed exactly once.
func TestKilledServerLeavesNothingHalfDone(t *testing.T) {
	t.Parallel()
	f := newFaultEnv(t, "")
	first := f.serve("first")
	token := f.token()
	gala := f.galleryID("gala-2026")
	photosBefore := f.count(fmt.Sprintf(`SELECT COUNT(*) FROM photos WHERE gallery_id = '%s'`, gala))

	buyers := []*shopper{f.newShopper(first.URL, "anne@example.com"), f.newShopper(first.URL, "bob@example.com"), f.newShopper(first.URL, "carol@example.com")}
	for i, b := range buyers {
		b.must("POST", "/api/cart/digitalFiles/"+b.photos[i%len(b.photos)]+"/"+b.hd, nil, nil)
		b.must("POST", "/api/cart/address", map[string]any{"billing": billing, "deliveryOption": "shipping"}, nil)
		b.must("POST", "/api/cart/vouchers/CADEAU-50", nil, nil)
	}
	// What each review page showed: the first try and the retry send it.
	shown := map[*shopper]map[string]any{}
	for _, b := range buyers {
		shown[b] = b.placeBody()
	}
	up := startUpload(t, first.URL, token, gala, "coupee.jpg")
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		firstID = map[string]string{}
	)
	for _, b := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := b.try("POST", "/api/orders", shown[b])
			var p placed
			if a.status == 200 && json.Unmarshal(a.body, &p) == nil {
				mu.Lock()
				firstID[b.email] = p.Order.ID
				mu.Unlock()
			}
		}()
	}
	// The archive's first job starts as soon as the request is stored.
	var dl struct {
		ID     string `json:"_id"`
		Status string `json:"status"`
	}
	buyers[0].must("POST", "/api/galleries/downloadRequests",
		map[string]any{"email": "parent@example.com", "collections": []string{"Accueil", "Spectacle", "Soirée"}, "quality": "web"}, &dl)
	time.Sleep(5 * time.Millisecond)
	first.kill()
	wg.Wait()
	up.abandon()
	var st string
	_ = f.db.QueryRow(fmt.Sprintf(`SELECT status FROM download_requests WHERE id = '%s'`, dl.ID)).Scan(&st)
	running := f.count(`SELECT COUNT(*) FROM river_job WHERE state = 'running'`)
	t.Logf("killed: archive %s, %d jobs left running, orders answered before the kill: %v", st, running, firstID)

	second := f.serve("second")
	if n := f.count(fmt.Sprintf(`SELECT COUNT(*) FROM photos WHERE gallery_id = '%s'`, gala)); n != photosBefore {
		t.Errorf("photos after the killed upload: %d, want %d", n, photosBefore)
	}
	if n := f.count(`SELECT COUNT(*) FROM photos WHERE filename = 'coupee.jpg'`); n != 0 {
		t.Errorf("the half-sent upload left %d photos", n)
	}
	// The buyers try again: one order each, the same one if it was placed.
	for _, b := range buyers {
		b.base = second.URL
		// An order the gift card covered is validated and its cart closed:
		// the retry then finds the cart empty (the order is in the buyer's
		// orders); otherwise it answers the order.
		a := b.try("POST", "/api/orders", shown[b])
		var p placed
		switch {
		case a.status == 200 && json.Unmarshal(a.body, &p) == nil:
			if id := firstID[b.email]; id != "" && p.Order.ID != id {
				t.Errorf("%s: the retry placed %s, the first try had placed %s", b.email, p.Order.ID, id)
			}
		case a.status == 422 && a.code == "cart_empty":
		default:
			t.Errorf("%s: the retry: %d %s %v", b.email, a.status, a.body, a.err)
		}
		if n := f.count(fmt.Sprintf(`SELECT COUNT(*) FROM orders WHERE email = '%s' AND status IN ('awaiting_payment', 'validated')`, b.email)); n != 1 {
			t.Errorf("%s has %d live orders", b.email, n)
		}
	}
	f.checkLedger()

	// The archive is finished once, after the restart, and e-mailed once.
	deadline := time.Now().Add(90 * time.Second)
	for dl.Status != "ready" {
		if time.Now().After(deadline) {
			t.Fatalf("the archive is still %q 90 s after the restart", dl.Status)
		}
		time.Sleep(200 * time.Millisecond)
		buyers[0].must("GET", "/api/galleries/downloadRequests/"+dl.ID, nil, &dl)
	}
	f.waitMail("parent@example.com", "", 30*time.Second)
	time.Sleep(2 * time.Second)
	if n := f.mails("parent@example.com", ""); n != 1 {
		t.Errorf("%d e-mails with the archive's links, want 1", n)
	}
	if n := f.count(`SELECT COUNT(*) FROM river_job WHERE state IN ('running', 'retryable', 'available') AND kind IN ('download_part', 'download_mail', 'order_mail')`); n != 0 {
		t.Errorf("%d download or mail jobs still waiting", n)
	}
}

// TestSIGTERMDrainsRequestsAndClosesSubscriptions stops the server with
// SIGTERM while an upload is half sent and a subscription is open: the
// listening port closes at once, the subscription gets a close frame,
// the upload completes and is answered, and the process exits by itself
// within SHUTDOWN_TIMEOUT. The photo is there after a restart and its
// derivatives are made.
func TestSIGTERMDrainsRequestsAndClosesSubscriptions(t *testing.T) {
	t.Parallel()
	const shutdownTimeout = 10 * time.Second
	f := newFaultEnv(t, "", fmt.Sprintf("SHUTDOWN_TIMEOUT=%s", shutdownTimeout))
	first := f.serve("first")
	token := f.token()
	b := f.newShopper(first.URL, "anne@example.com")
	ws := dialGraphQL(t, b.browser, first.URL, b.gala)
	ws.subscribe(`subscription($g: ID!) { cartUpdated(galleryId: $g) { id itemCount } }`, map[string]any{"g": b.gala})
	// The subscription is live once it hears a change (one made before
	// it was registered is not heard: add another file until one is).
	for i := 0; ; i++ {
		if i == len(b.photos) {
			t.Fatal("the subscription heard no cart change")
		}
		b.must("POST", "/api/cart/digitalFiles/"+b.photos[i]+"/"+b.hd, nil, nil)
		select {
		case p := <-ws.in:
			t.Logf("subscription: %s", p)
		case <-time.After(3 * time.Second):
			continue
		}
		break
	}

	up := startUpload(t, first.URL, token, b.gala, "pendant-l-arret.jpg")
	sent := time.Now()
	if err := first.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// New connections are refused soon.
	addr := strings.TrimPrefix(first.URL, "http://")
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break
		}
		conn.Close()
		if time.Since(sent) > 5*time.Second {
			t.Fatal("the server still accepts connections 5 s after SIGTERM")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The subscription is closed by the server (a close frame, not a cut).
	select {
	case _, open := <-ws.in:
		if open {
			// A last state may come first; then the end.
			select {
			case _, open = <-ws.in:
			case <-time.After(5 * time.Second):
			}
		}
		if open {
			t.Fatal("the subscription is still open after SIGTERM")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the subscription is still open 5 s after SIGTERM")
	}
	// Either a close frame, or the subscription's "complete" (the
	// connection's close frame follows it).
	if _, completed := ws.closeErr.(endedByServer); !completed &&
		!websocket.IsCloseError(ws.closeErr, websocket.CloseNormalClosure, websocket.CloseGoingAway, websocket.CloseServiceRestart) {
		t.Errorf("the subscription ended with %v, want a close frame or complete", ws.closeErr)
	}
	// The upload in flight completes.
	r := up.finish()
	if r.err != nil || r.status != 200 || !strings.Contains(r.body, `"filename":"pendant-l-arret.jpg"`) || strings.Contains(r.body, `"errors"`) {
		t.Fatalf("the upload in flight: %d %s %v", r.status, r.body, r.err)
	}
	err, exited := first.waitExit(2*shutdownTimeout + 15*time.Second)
	if !exited {
		t.Fatalf("the server still runs %s after SIGTERM", time.Since(sent))
	}
	if err != nil {
		t.Fatalf("the server exited with %v", err)
	}
	t.Logf("exited %s after SIGTERM", time.Since(sent).Round(time.Millisecond))
	if !strings.Contains(first.logs(), "River client stopped") && !strings.Contains(first.logs(), "jobs") {
		t.Log("no job runner stop logged")
	}

	// The photo was committed with its job: a restart makes its derivatives.
	f.serve("second")
	deadline := time.Now().Add(60 * time.Second)
	for f.count(`SELECT COUNT(*) FROM photos WHERE filename = 'pendant-l-arret.jpg' AND status = 'ready'`) != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("the photo uploaded during the stop is not ready a minute after the restart (%d rows)",
				f.count(`SELECT COUNT(*) FROM photos WHERE filename = 'pendant-l-arret.jpg'`))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestMailWaitsWhileSMTPIsDown places an order, shares the gallery,
// writes to the photographer and asks for an e-mail code while the mail
// server is unreachable: every call succeeds, the e-mails wait in their
// jobs (which fail and are retried), and once the server is back each
// e-mail arrives exactly once (and the code still confirms the address).
func TestMailWaitsWhileSMTPIsDown(t *testing.T) {
	t.Parallel()
	f := newFaultEnv(t, "")
	srv := f.serve("first")
	b := f.newShopper(srv.URL, "anne@example.com")
	b.must("POST", "/api/cart/digitalFiles/"+b.photos[0]+"/"+b.hd, nil, nil)
	b.must("POST", "/api/cart/address", map[string]any{"billing": billing, "deliveryOption": "shipping"}, nil)
	b.must("POST", "/api/cart/vouchers/CADEAU-50", nil, nil)

	f.relay.down()
	var p placed
	b.must("POST", "/api/orders", b.placeBody(), &p)
	if p.Order.Status != "validated" || p.RedirectURL != nil {
		t.Fatalf("an order covered by the gift card: %+v", p)
	}
	// The other e-mails of visitors' actions wait too: a share, a message
	// to the photographer, a one-time code.
	b.must("POST", "/api/galleries/share", map[string]any{"senderName": "Anne Martin", "emails": []string{"ami@example.com"},
		"message": "Regarde !"}, nil)
	var c struct {
		ID string `json:"_id"`
	}
	b.must("POST", "/api/captcha", nil, &c)
	var digits string
	if err := f.db.QueryRow(`SELECT digits FROM captchas WHERE id = '` + strings.ReplaceAll(c.ID, "'", "") + `'`).Scan(&digits); err != nil {
		t.Fatal(err)
	}
	b.must("POST", "/api/galleries/contact", map[string]any{"name": "Anne Martin", "email": "anne@example.com",
		"message": "Bonjour, une question sur les tirages.", "captchaId": c.ID, "captchaText": digits}, nil)
	b.must("POST", "/api/auth/email", map[string]string{"email": "bea@example.com"}, nil)
	if n := f.count(`SELECT COUNT(*) FROM shares`); n != 1 {
		t.Fatalf("%d shares stored", n)
	}
	if n := f.count(`SELECT COUNT(*) FROM contact_messages`); n != 1 {
		t.Fatalf("%d contact messages stored", n)
	}
	// Each e-mail is tried, fails, and waits for its next attempt.
	deadline := time.Now().Add(60 * time.Second)
	for f.count(`SELECT COUNT(*) FROM river_job WHERE kind = 'order_mail' AND attempt >= 1 AND state IN ('retryable', 'available', 'scheduled')`) == 0 ||
		f.count(`SELECT COUNT(*) FROM river_job WHERE kind = 'mail_send' AND attempt >= 1 AND state IN ('retryable', 'available', 'scheduled')`) < 3 {
		if time.Now().After(deadline) {
			t.Fatal("the e-mails did not all fail while the mail server was down")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := f.mails("anne@example.com", "Confirmation"); n != 0 {
		t.Fatalf("%d confirmations went through a mail server that is down", n)
	}
	if n := f.mails("ami@example.com", "") + f.mails("bea@example.com", "") + f.mails("studio@example.com", "Message de"); n != 0 {
		t.Fatalf("%d e-mails went through a mail server that is down", n)
	}
	f.relay.up()
	f.waitMail("anne@example.com", "Confirmation de votre commande n° "+p.Order.Number, 90*time.Second)
	f.waitMail("studio@example.com", "Nouvelle commande n° "+p.Order.Number, 90*time.Second)
	f.waitMail("ami@example.com", "Anne Martin partage avec vous la galerie", 90*time.Second)
	f.waitMail("studio@example.com", "Message de Anne Martin", 90*time.Second)
	code := otpRE.FindString(f.waitMail("bea@example.com", "Votre code de confirmation", 90*time.Second).Text)
	time.Sleep(2 * time.Second)
	for _, m := range []struct{ to, subject string }{
		{"anne@example.com", "Confirmation de votre commande"},
		{"studio@example.com", "Nouvelle commande"},
		{"ami@example.com", "partage avec vous"},
		{"studio@example.com", "Message de"},
		{"bea@example.com", "Votre code de confirmation"},
	} {
		if n := f.mails(m.to, m.subject); n != 1 {
			t.Errorf("%d e-mails to %s about %q, want 1", n, m.to, m.subject)
		}
	}
	// The code that waited still confirms the address.
	b.must("POST", "/api/auth/email/confirm", map[string]string{"email": "bea@example.com", "code": code}, nil)
}
