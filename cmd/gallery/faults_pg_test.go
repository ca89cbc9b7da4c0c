package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studio/gallery/internal/testdb"
)

// pgCluster is a private PostgreSQL server for one test, which the test
// may stop and start (the machine's shared cluster is never touched).
type pgCluster struct {
	t    *testing.T
	bin  string
	dir  string
	port int
	URL  string
}

// startPostgres initialises and starts a cluster in a temporary folder,
// on a free port, and stops it when the test ends. PostgreSQL refuses to
// run as root: then it runs as the postgres user.
func startPostgres(t *testing.T) *pgCluster {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		t.Skip("no PostgreSQL binaries under /usr/lib/postgresql")
	}
	dir, err := os.MkdirTemp("", "gallery-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	c := &pgCluster{t: t, bin: filepath.Dir(bins[len(bins)-1]), dir: dir}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("running as root without a postgres user")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
	if out, err := c.run("initdb", "-D", c.dir+"/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	c.start()
	t.Cleanup(func() { _, _ = c.run("pg_ctl", "-D", c.dir+"/data", "-m", "immediate", "-w", "stop") })
	return c
}

func (c *pgCluster) run(name string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, name)
	var cmd *exec.Cmd
	if os.Geteuid() == 0 {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	return cmd.CombinedOutput()
}

func (c *pgCluster) start() {
	c.t.Helper()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", c.port, c.dir)
	if out, err := c.run("pg_ctl", "-D", c.dir+"/data", "-l", c.dir+"/log", "-o", opts, "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(c.dir + "/log")
		c.t.Fatalf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
}

// stop shuts the cluster down as an operator's restart does (-m fast:
// sessions are ended, transactions in progress rolled back).
func (c *pgCluster) stop() {
	c.t.Helper()
	if out, err := c.run("pg_ctl", "-D", c.dir+"/data", "-m", "fast", "-w", "-t", "60", "stop"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v\n%s", err, out)
	}
}

// TestPostgresRestartUnderLoad restarts PostgreSQL while shoppers change
// their carts and place orders paid partly by the shared gift card. While
// it is down, requests fail at once with 503 database_unavailable (no
// hang, no other failure); after it is back, the same server answers
// again without a restart, and the database shows no order, cart item or
// gift-card redemption lost or doubled.
func TestPostgresRestartUnderLoad(t *testing.T) {
	if !testdb.Postgres() {
		t.Skip("PostgreSQL restarts: run with TEST_DATABASE=postgres")
	}
	t.Parallel()
	pg := startPostgres(t)
	f := newFaultEnv(t, pg.URL)
	srv := f.serve("first")
	buyers := []*shopper{f.newShopper(srv.URL, "anne@example.com"), f.newShopper(srv.URL, "bob@example.com"), f.newShopper(srv.URL, "carol@example.com")}
	for _, b := range buyers {
		b.c.Timeout = 20 * time.Second
		b.must("POST", "/api/cart/address", map[string]any{"billing": billing, "deliveryOption": "shipping"}, nil)
		b.must("POST", "/api/cart/vouchers/CADEAU-50", nil, nil)
	}

	type added struct{ cart, photo string }
	var (
		stop      atomic.Bool
		down      atomic.Bool
		mu        sync.Mutex
		adds      []added
		ok, gap   int
		failures  []string
		unclean   []string
		afterBack int
		wg        sync.WaitGroup
	)
	record := func(what string, a answer) bool {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case a.err == nil && a.status < 500:
			ok++
			if !down.Load() {
				afterBack++
			}
			return a.status == 200
		case a.err == nil && a.status == 503 && a.code == "database_unavailable":
			gap++
		case a.err != nil:
			unclean = append(unclean, fmt.Sprintf("%s: no answer: %v", what, a.err))
		default:
			failures = append(failures, fmt.Sprintf("%s: %d %s", what, a.status, a.body))
		}
		return false
	}
	for _, b := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; !stop.Load(); i++ {
				photo := b.photos[i%len(b.photos)]
				a := b.try("POST", "/api/cart/digitalFiles/"+photo+"/"+b.hd, nil)
				if record("add", a) {
					var c struct {
						ID string `json:"_id"`
					}
					if json.Unmarshal(a.body, &c) == nil && c.ID != "" {
						mu.Lock()
						adds = append(adds, added{c.ID, photo})
						mu.Unlock()
					}
				}
				// After an order the gift card covered, the next cart needs
				// its address and the card again.
				if i%4 == 0 {
					record("address", b.try("POST", "/api/cart/address", map[string]any{"billing": billing, "deliveryOption": "shipping"}))
					record("voucher", b.try("POST", "/api/cart/vouchers/CADEAU-50", nil))
				}
				record("place", b.try("POST", "/api/orders", b.placeBody()))
				if i%3 == 0 {
					record("cart", b.try("GET", "/api/cart", nil))
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	time.Sleep(2 * time.Second)
	down.Store(true)
	pg.stop()
	time.Sleep(3 * time.Second)
	pg.start()
	back := time.Now()
	down.Store(false)
	for {
		mu.Lock()
		n := afterBack
		mu.Unlock()
		if n >= 20 {
			break
		}
		if time.Since(back) > 60*time.Second {
			stop.Store(true)
			wg.Wait()
			t.Fatalf("only %d requests succeeded in the minute after PostgreSQL came back", n)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("answers again %s after PostgreSQL came back", time.Since(back).Round(time.Millisecond))
	time.Sleep(2 * time.Second)
	stop.Store(true)
	wg.Wait()
	t.Logf("%d answers, %d 503 database_unavailable during the gap", ok, gap)
	if len(unclean) > 0 {
		t.Errorf("%d requests got no answer, e.g. %s", len(unclean), unclean[0])
	}
	if len(failures) > 0 {
		t.Errorf("%d requests failed otherwise than database_unavailable, e.g. %s", len(failures), strings.Join(failures[:min(3, len(failures))], "; "))
	}
	if gap == 0 {
		t.Error("no request saw PostgreSQL down: the test did not test the gap")
	}
	if strings.Contains(srv.logs(), "panic") {
		t.Error("the server panicked")
	}

	// Every acknowledged addition is in its cart, or in an order of it.
	for _, a := range adds {
		if f.count(fmt.Sprintf(`SELECT COUNT(*) FROM cart_items WHERE cart_items = '%s' AND photo_id = '%s'`, a.cart, a.photo))+
			f.count(fmt.Sprintf(`SELECT COUNT(*) FROM order_lines l JOIN orders o ON o.id = l.order_lines WHERE o.cart_id = '%s' AND l.photo_id = '%s'`, a.cart, a.photo)) == 0 {
			t.Errorf("the acknowledged addition of %s to cart %s is lost", a.photo, a.cart)
		}
	}
	f.checkLedger()
	// The events' listener is back too (a subscriber would resynchronise).
	if !strings.Contains(srv.logs(), "events: listening connection lost, reconnecting") {
		t.Log("the events listener did not log a reconnection")
	}
	// And the jobs: an order's e-mail enqueued after the restart is sent.
	res := buyers[0].try("GET", "/api/cart", nil)
	if res.status != 200 {
		t.Fatalf("cart after the restart: %d %s", res.status, res.body)
	}
}
