package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/testdb"
)

// The fault tests (faults_test.go) run the built binary as separate
// processes, kill them, stop them, and take their database and mail
// server away. These are their helpers.

var (
	buildOnce sync.Once
	buildDir  string
	builtBin  string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// galleryBinary builds the server once per test run of the package.
func galleryBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "gallery-bin-"); buildErr != nil {
			return
		}
		builtBin = filepath.Join(buildDir, "gallery")
		if out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// proc is one `gallery serve` process.
type proc struct {
	t    *testing.T
	name string
	URL  string
	cmd  *exec.Cmd
	// exited is closed once the process has ended; err is then its status.
	exited chan struct{}
	err    error
	mu     sync.Mutex
	log    bytes.Buffer
}

// launch runs `gallery serve` with env and returns once it listens. When
// the test ends, a process still running is stopped with SIGTERM (killed
// if it lingers), and its log is shown if the test failed.
func launch(t *testing.T, bin, name string, env []string) *proc {
	t.Helper()
	p := &proc{t: t, name: name, exited: make(chan struct{})}
	p.cmd = exec.Command(bin, "serve")
	p.cmd.Env = append(os.Environ(), env...)
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.log.WriteString(line + "\n")
			p.mu.Unlock()
			if m := servingRE.FindStringSubmatch(line); m != nil {
				addr <- m[1]
			}
		}
		io.Copy(io.Discard, stderr)
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.exited:
			case <-time.After(30 * time.Second):
				_ = p.cmd.Process.Kill()
				<-p.exited
				t.Errorf("%s server: killed after 30 s", name)
			}
		}
		if t.Failed() {
			t.Logf("%s server's log:\n%s", name, p.logs())
		}
	})
	select {
	case a := <-addr:
		p.URL = "http://" + a
		return p
	case <-p.exited:
		t.Fatalf("%s server exited: %v\n%s", name, p.err, p.logs())
	case <-time.After(60 * time.Second):
		t.Fatalf("%s server did not start:\n%s", name, p.logs())
	}
	return nil
}

func (p *proc) logs() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

// kill ends the process with SIGKILL, as a crash or the OOM killer would.
func (p *proc) kill() {
	p.t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		p.t.Fatalf("%s server: still running 10 s after SIGKILL", p.name)
	}
}

// waitExit waits for the process to end, up to limit.
func (p *proc) waitExit(limit time.Duration) (error, bool) {
	select {
	case <-p.exited:
		return p.err, true
	case <-time.After(limit):
		return nil, false
	}
}

// faultEnv is a seeded demo behind one set of settings: the database (a
// fresh PostgreSQL database with TEST_DATABASE=postgres, or dbURL when
// given; SQLite in DATA_DIR otherwise), one DATA_DIR (so a restarted
// server is the same replica), and e-mail through a switchable relay to
// a real SMTP server.
type faultEnv struct {
	t    *testing.T
	bin  string
	env  []string
	smtp *mailtest.Server
	// relay is what SMTP_URL points at; relay.down() makes it unreachable.
	relay *relay
	// db reads the database the servers use, for the checks.
	db *sql.DB
}

const faultPublicURL = "http://galerie.test"

func newFaultEnv(t *testing.T, dbURL string, extra ...string) *faultEnv {
	t.Helper()
	f := &faultEnv{t: t, bin: galleryBinary(t), smtp: mailtest.Start(t, "", "")}
	f.relay = startRelay(t, strings.TrimSuffix(strings.TrimPrefix(f.smtp.URL, "smtp://"), "?tls=none"))
	dataDir := t.TempDir()
	f.env = []string{
		"DATA_DIR=" + dataDir,
		"BLOB_URL=",
		"SECRET_KEY=fault-tests-secret-key-fault-tests",
		"SMTP_URL=smtp://" + f.relay.addr + "?tls=none",
		"PUBLIC_URL=" + faultPublicURL,
		"ADDR=127.0.0.1:0",
		"LOG_LEVEL=info",
		"PAYMENT_PROVIDER=test",
		"SHUTDOWN_TIMEOUT=15s",
	}
	if dbURL == "" && testdb.Postgres() {
		dbURL = testdb.CreatePostgres(t)
	}
	var err error
	if dbURL != "" {
		f.env = append(f.env, "DATABASE_URL="+dbURL)
	} else {
		f.env = append(f.env, "DATABASE_URL=")
	}
	f.env = append(f.env, extra...)
	seed := exec.Command(f.bin, "seed-demo", "--photos", "4")
	seed.Env = append(os.Environ(), f.env...)
	if out, err := seed.CombinedOutput(); err != nil {
		t.Fatalf("seed-demo: %v\n%s", err, out)
	}
	if dbURL != "" {
		f.db, err = sql.Open("pgx", dbURL)
	} else {
		f.db, err = sql.Open("sqlite3", "file:"+filepath.Join(dataDir, "gallery.db")+"?_pragma=busy_timeout(10000)")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.db.Close() })
	giveOnlyWebFiles(t, f.db, dbURL != "")
	return f
}

// giveOnlyWebFiles makes the demo gala give its web files away and sell its
// HD files: these tests both ask for free archives and buy files, and a
// file the gallery gives away is not sold (cart given_away).
func giveOnlyWebFiles(t *testing.T, db *sql.DB, postgres bool) {
	t.Helper()
	var raw []byte
	if err := db.QueryRow(`SELECT download_information FROM galleries WHERE url = 'gala-2026'`).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	var di map[string]any
	if err := json.Unmarshal(raw, &di); err != nil {
		t.Fatal(err)
	}
	di["freeDownload"], di["clientsOnly"], di["qualities"] = true, false, []string{"web"}
	b, _ := json.Marshal(di)
	q := `UPDATE galleries SET download_information = ? WHERE url = 'gala-2026'`
	if postgres {
		q = `UPDATE galleries SET download_information = $1 WHERE url = 'gala-2026'`
	}
	if _, err := db.Exec(q, string(b)); err != nil {
		t.Fatal(err)
	}
}

// serve starts a server on the environment.
func (f *faultEnv) serve(name string, extra ...string) *proc {
	f.t.Helper()
	return launch(f.t, f.bin, name, append(slices.Clone(f.env), extra...))
}

// token prints a new API token of the demo's photographer.
func (f *faultEnv) token() string {
	f.t.Helper()
	cmd := exec.Command(f.bin, "photographer", "token", "--email", "studio@example.com", "--name", "faults")
	cmd.Env = append(os.Environ(), f.env...)
	out, err := cmd.Output()
	if err != nil {
		f.t.Fatalf("photographer token: %v", err)
	}
	return strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
}

// count runs a count query on the servers' database.
func (f *faultEnv) count(query string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.db.QueryRow(query, args...).Scan(&n); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
	return n
}

// mails counts the delivered messages to `to` whose subject contains subject.
func (f *faultEnv) mails(to, subject string) int {
	n := 0
	for _, m := range f.smtp.Messages() {
		if slices.Contains(m.To, to) && strings.Contains(m.Subject, subject) {
			n++
		}
	}
	return n
}

// waitMail waits for a message to `to` whose subject contains subject.
func (f *faultEnv) waitMail(to, subject string, limit time.Duration) mailtest.Received {
	f.t.Helper()
	deadline := time.Now().Add(limit)
	for {
		for _, m := range f.smtp.Messages() {
			if slices.Contains(m.To, to) && strings.Contains(m.Subject, subject) {
				return m
			}
		}
		if time.Now().After(deadline) {
			var got []string
			for _, m := range f.smtp.Messages() {
				got = append(got, strings.Join(m.To, ",")+": "+m.Subject)
			}
			f.t.Fatalf("no e-mail to %s about %q in %s; got %q", to, subject, limit, got)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// checkLedger checks the demo gift card's books and every order's share
// of them: amount - spent + released = balance, the balance is never
// negative, an order's redemptions add up to its gift-card total (once),
// an order that ended unpaid gave back exactly what it spent and a live
// one gave back nothing, and no state of a cart has two live orders.
func (f *faultEnv) checkLedger() {
	f.t.Helper()
	var amount, balance, spent, released int
	if err := f.db.QueryRow(`SELECT v.gift_amount, v.balance,
		COALESCE((SELECT SUM(r.amount) FROM voucher_redemptions r WHERE r.voucher_redemptions = v.id AND r.reason = 'order'), 0),
		COALESCE((SELECT SUM(r.amount) FROM voucher_redemptions r WHERE r.voucher_redemptions = v.id AND r.reason = 'release'), 0)
		FROM vouchers v WHERE v.code = 'CADEAU-50'`).Scan(&amount, &balance, &spent, &released); err != nil {
		f.t.Fatal(err)
	}
	if amount-spent+released != balance || balance < 0 {
		f.t.Errorf("gift card ledger: amount %d - spent %d + released %d != balance %d", amount, spent, released, balance)
	}
	rows, err := f.db.Query(`SELECT o.id, o.status, o.gift_card_total,
		COALESCE((SELECT SUM(r.amount) FROM voucher_redemptions r WHERE r.order_redemptions = o.id AND r.reason = 'order'), 0),
		COALESCE((SELECT SUM(r.amount) FROM voucher_redemptions r WHERE r.order_redemptions = o.id AND r.reason = 'release'), 0),
		(SELECT COUNT(*) FROM order_lines l WHERE l.order_lines = o.id)
		FROM orders o`)
	if err != nil {
		f.t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var (
			id, status                   string
			total, spent, released, nlin int
		)
		if err := rows.Scan(&id, &status, &total, &spent, &released, &nlin); err != nil {
			f.t.Fatal(err)
		}
		n++
		ended := status == "cancelled" || status == "expired" || status == "refunded"
		switch {
		case nlin == 0:
			f.t.Errorf("order %s (%s) has no lines: a partial order", id, status)
		case spent != total:
			f.t.Errorf("order %s (%s): gift-card total %d, redemptions %d", id, status, total, spent)
		case ended && released != spent, !ended && released != 0:
			f.t.Errorf("order %s (%s): spent %d, released %d", id, status, spent, released)
		}
	}
	if err := rows.Err(); err != nil {
		f.t.Fatal(err)
	}
	if dup := f.count(`SELECT COUNT(*) FROM (SELECT cart_id, cart_version FROM orders
		WHERE status IN ('awaiting_payment', 'awaiting_validation', 'validated', 'payment_error')
		GROUP BY cart_id, cart_version HAVING COUNT(*) > 1) d`); dup != 0 {
		f.t.Errorf("%d cart states have more than one live order", dup)
	}
	if dup := f.count(`SELECT COUNT(*) FROM (SELECT cart_items, kind, photo_id, format_id FROM cart_items
		WHERE kind = 'digital_file' GROUP BY cart_items, kind, photo_id, format_id HAVING COUNT(*) > 1) d`); dup != 0 {
		f.t.Errorf("%d digital files are twice in one cart", dup)
	}
	f.t.Logf("ledger: amount %d, spent %d, released %d, balance %d, %d orders", amount, spent, released, balance, n)
}

// relay forwards TCP connections to a target (the test's SMTP server)
// and can be taken down: its port then refuses connections, as a mail
// server that is down does, until it comes back up on the same port.
type relay struct {
	t      *testing.T
	addr   string
	target string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func startRelay(t *testing.T, target string) *relay {
	t.Helper()
	r := &relay{t: t, target: target}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.addr = ln.Addr().String()
	r.serve(ln)
	t.Cleanup(r.down)
	return r
}

func (r *relay) serve(ln net.Listener) {
	r.mu.Lock()
	r.ln = ln
	r.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", r.target)
			if err != nil {
				c.Close()
				continue
			}
			r.mu.Lock()
			r.conns = append(r.conns, c, u)
			r.mu.Unlock()
			go func() { io.Copy(u, c); u.Close() }()
			go func() { io.Copy(c, u); c.Close() }()
		}
	}()
}

// down closes the port and cuts the connections through it.
func (r *relay) down() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ln != nil {
		r.ln.Close()
		r.ln = nil
	}
	for _, c := range r.conns {
		c.Close()
	}
	r.conns = nil
}

// up opens the port again.
func (r *relay) up() {
	r.t.Helper()
	var (
		ln  net.Listener
		err error
	)
	for range 50 {
		if ln, err = net.Listen("tcp", r.addr); err == nil {
			r.serve(ln)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.t.Fatalf("relay: listen %s again: %v", r.addr, err)
}

// shopper is a browser in gala-2026 (public, the demo's gift card works
// there) with its e-mail confirmed.
type shopper struct {
	*browser
	base   string
	email  string
	gala   string
	hd     string
	photos []string
}

// galaData is what getData answers of gala-2026: its id and print formats.
type galaData struct {
	Gallery struct {
		ID     string `json:"_id"`
		Prices struct {
			Formats []struct {
				ID   string `json:"_id"`
				Name string `json:"name"`
			} `json:"formats"`
		} `json:"prices"`
	} `json:"gallery"`
}

// gala2026 opens gala-2026 on base.
func (b *browser) gala2026(base string) galaData {
	var data galaData
	b.do("POST", base+"/api/core/getData", "", map[string]string{"url": "gala-2026"}, &data)
	return data
}

var otpRE = regexp.MustCompile(`\b\d{6}\b`)

// newShopper opens gala-2026 on base and confirms email with the code the
// server e-mails.
func (f *faultEnv) newShopper(base, email string) *shopper {
	f.t.Helper()
	jar, _ := cookiejar.New(nil)
	s := &shopper{browser: &browser{t: f.t, c: &http.Client{Jar: jar, Timeout: 30 * time.Second}}, base: base, email: email}
	data := s.gala2026(base)
	s.gala = data.Gallery.ID
	for _, fm := range data.Gallery.Prices.Formats {
		if fm.Name == "Fichier HD" {
			s.hd = fm.ID
		}
	}
	var photos []struct {
		ID string `json:"_id"`
	}
	s.do("GET", base+"/api/photos", s.gala, nil, &photos)
	for _, p := range photos {
		s.photos = append(s.photos, p.ID)
	}
	if s.gala == "" || s.hd == "" || len(photos) < 2 {
		f.t.Fatalf("gala-2026: %+v, %d photos", data, len(photos))
	}
	before := f.mails(email, "")
	if status := s.do("POST", base+"/api/auth/email", s.gala, map[string]string{"email": email}, nil); status != 200 {
		f.t.Fatalf("ask for a code: %d", status)
	}
	deadline := time.Now().Add(30 * time.Second)
	for f.mails(email, "") == before {
		if time.Now().After(deadline) {
			f.t.Fatalf("no code e-mailed to %s", email)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var code string
	for _, m := range f.smtp.Messages() {
		if slices.Contains(m.To, email) {
			code = otpRE.FindString(m.Text)
		}
	}
	if status := s.do("POST", base+"/api/auth/email/confirm", s.gala, map[string]string{"email": email, "code": code}, nil); status != 200 {
		f.t.Fatalf("confirm the code %q: %d", code, status)
	}
	return s
}

// answer is what a REST call said: its status and, on failure, its code;
// err is set when no answer came (a refused connection, a timeout).
type answer struct {
	status int
	code   string
	body   []byte
	err    error
}

// try makes a REST call without failing the test on a transport error.
func (s *shopper) try(method, path string, body any) answer {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Gallery-Id", s.gala)
	for _, c := range s.cookies(s.base) {
		if c.Name == "XSRF-TOKEN" {
			req.Header.Set("X-XSRF-TOKEN", c.Value)
		}
	}
	res, err := s.c.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode, body: raw, err: err}
	if res.StatusCode >= 400 {
		var e struct{ Code string }
		_ = json.Unmarshal(raw, &e)
		a.code = e.Code
	}
	return a
}

// must makes a REST call that has to succeed and decodes its answer.
func (s *shopper) must(method, path string, body, out any) {
	s.t.Helper()
	a := s.try(method, path, body)
	if a.err != nil || a.status != 200 {
		s.t.Fatalf("%s %s: %d %s %v", method, path, a.status, a.body, a.err)
	}
	if out != nil {
		if err := json.Unmarshal(a.body, out); err != nil {
			s.t.Fatalf("%s %s: %s: %v", method, path, a.body, err)
		}
	}
}

// billing is a valid Belgian billing address.
var billing = map[string]any{"title": "Madame", "firstname": "Anne", "lastname": "Martin", "country": "BE",
	"address": "Rue Haute 1", "postalCode": "1000", "city": "Bruxelles", "phoneNumber": "+32 470 12 34 56"}

// placeBody is the review page's call: an order paid by card on the test
// provider's page, at the amount to pay the cart shows now (read as the
// page reads it; an unreadable cart sends an empty total, refused 400).
func (s *shopper) placeBody() map[string]any {
	var c struct {
		Totals struct{ Total struct{ Amount string } }
	}
	if a := s.try("GET", "/api/cart", nil); a.err == nil && a.status == 200 {
		_ = json.Unmarshal(a.body, &c)
	}
	return map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": c.Totals.Total.Amount}
}

// placed is the answer of POST /api/orders.
type placed struct {
	Order struct {
		ID     string `json:"_id"`
		Number string `json:"number"`
		Status string `json:"status"`
	} `json:"order"`
	RedirectURL *string `json:"redirectUrl"`
}
