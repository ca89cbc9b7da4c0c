package server_test

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// BenchmarkIdleSubscribers holds WS_SUBSCRIBERS (default 10,000) idle
// websocket connections, each with a cartUpdated subscription, on one
// server, and reports the server's memory per connection (heap and
// goroutine stacks, and each apart; target under 50 KB). WS_HEAP_PROFILE
// and WS_GOROUTINES name files for the heap profile and the goroutines
// while the connections are held. The clients run in a child
// process so that the server's figures are its own and the file
// descriptors are split between two processes.
func BenchmarkIdleSubscribers(b *testing.B) {
	n := 10000
	if v, err := strconv.Atoi(os.Getenv("WS_SUBSCRIBERS")); err == nil && v > 0 {
		n = v
	}
	e := newEnv(b, 1)
	gid := e.galleryID("gala-2026")
	var cookies []string
	for _, c := range e.web.Jar.Cookies(mustURL(e.srv.URL)) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	for range b.N {
		before, g0 := serverMemory(), runtime.NumGoroutine()
		cmd := exec.Command(os.Args[0], "-test.run=^TestWebsocketClientsHelper$")
		cmd.Env = append(os.Environ(), "WS_HELPER_URL=ws"+strings.TrimPrefix(e.srv.URL, "http")+"/graphql",
			"WS_HELPER_N="+strconv.Itoa(n), "WS_HELPER_COOKIE="+strings.Join(cookies, "; "), "WS_HELPER_GALLERY="+gid)
		out, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		cmd.Stdin, _ = os.Open(os.DevNull)
		stdin, err := cmd.StdinPipe()
		if err == nil {
			cmd.Stdin = nil
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		ready := false
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "READY") {
				ready = true
				break
			}
		}
		if !ready {
			_ = cmd.Process.Kill()
			b.Fatalf("the clients did not connect: %v", cmd.Wait())
		}
		// Wait until the server holds every subscription.
		counter, _ := e.app.Events.(interface{ Subscribers() int })
		for deadline := time.Now().Add(5 * time.Minute); counter != nil && counter.Subscribers() < n; {
			if time.Now().After(deadline) {
				b.Fatalf("%d of %d subscriptions after 5 minutes", counter.Subscribers(), n)
			}
			time.Sleep(100 * time.Millisecond)
		}
		after := serverMemory()
		if f := os.Getenv("WS_GOROUTINES"); f != "" {
			if w, err := os.Create(f); err == nil {
				_ = pprof.Lookup("goroutine").WriteTo(w, 1)
				w.Close()
			}
		}
		if f := os.Getenv("WS_HEAP_PROFILE"); f != "" {
			if w, err := os.Create(f); err == nil {
				_ = pprof.WriteHeapProfile(w)
				w.Close()
			}
		}
		perConn := func(before, after uint64) float64 { return float64(after-before) / float64(n) / 1024 }
		b.ReportMetric(perConn(before.heap+before.stacks, after.heap+after.stacks), "KB/conn")
		b.ReportMetric(perConn(before.heap, after.heap), "heapKB/conn")
		b.ReportMetric(perConn(before.stacks, after.stacks), "stackKB/conn")
		b.ReportMetric(float64(n), "conns")
		b.ReportMetric(float64(runtime.NumGoroutine()-g0)/float64(n), "goroutines/conn")
		if stdin != nil {
			stdin.Close()
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	b.ReportMetric(0, "ns/op")
}

// memory is the heap in use and the goroutine stacks.
type memory struct{ heap, stacks uint64 }

// serverMemory is the process's memory after a GC.
func serverMemory() memory {
	runtime.GC()
	time.Sleep(200 * time.Millisecond) // let finalizers and the scavenger settle
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return memory{heap: m.HeapInuse, stacks: m.StackInuse}
}

// TestWebsocketClientsHelper is the benchmark's client process; it does
// nothing in a normal test run.
func TestWebsocketClientsHelper(t *testing.T) {
	url := os.Getenv("WS_HELPER_URL")
	if url == "" {
		t.Skip("run by BenchmarkIdleSubscribers")
	}
	n, _ := strconv.Atoi(os.Getenv("WS_HELPER_N"))
	h := http.Header{"Cookie": {os.Getenv("WS_HELPER_COOKIE")}}
	conns := make([]*websocket.Conn, 0, n)
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 30 * time.Second}
	query := `subscription($g: ID!) { cartUpdated(galleryId: $g) { id version } }`
	for i := range n {
		c, _, err := d.Dial(url, h)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		if err := c.WriteJSON(map[string]any{"type": "connection_init", "payload": map[string]any{}}); err != nil {
			t.Fatal(err)
		}
		var ack struct{ Type string }
		if err := c.ReadJSON(&ack); err != nil || ack.Type != "connection_ack" {
			t.Fatalf("connection %d: %v %v", i, ack, err)
		}
		if err := c.WriteJSON(map[string]any{"id": "1", "type": "subscribe",
			"payload": map[string]any{"query": query, "variables": map[string]any{"g": os.Getenv("WS_HELPER_GALLERY")}}}); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		// Answer the server's protocol pings, as a real client does, or it
		// drops the connection after two intervals.
		go func() {
			for {
				var m struct{ Type string }
				if err := c.ReadJSON(&m); err != nil {
					return
				}
				if m.Type == "ping" {
					_ = c.WriteJSON(map[string]string{"type": "pong"})
				}
			}
		}()
	}
	// Let the server register every subscription, then report and idle
	// until the benchmark kills this process.
	time.Sleep(2 * time.Second)
	fmt.Println("READY", len(conns))
	select {}
}
