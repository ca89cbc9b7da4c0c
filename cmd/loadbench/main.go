// Command loadbench sends one request over and over from C concurrent
// clients (keep-alive connections) for a duration and prints the
// throughput and the latency percentiles. make bench (scripts/bench-load.sh)
// runs it against the gallery server and against nginx serving the same
// response bytes from disk.
//
//	loadbench -name photos -url http://127.0.0.1:8080/api/photos -H 'X-Gallery-Id: gal_…' -c 50 -d 10s
//	loadbench -name home -url http://…/graphql -method POST -body-file home.json -H 'Content-Type: application/json'
//	loadbench -free-port
//	loadbench -client-body GalleryPhotos -gallery-url bench-300 [-after CURSOR] [-documents client/src/gql/gql.ts]
//	loadbench -client-body EnterAccessCode -variables '{"input":{"galleryId":"gal_…","code":"…"}}'
//
// -client-body prints the body the React client sends for one of its
// operations: the document of client/src/gql/gql.ts with the fragments it
// uses, and the variables the client gives it (clientdocs.go).
//
// Every answer must have the expected status (-status, 200 by default) and,
// when -expect-file is given, exactly that file's bytes; anything else
// counts as an error and makes the exit status 1. The result is one line
// (-format table), one tab-separated line (-format tsv: name, req/s, p50 ms,
// p99 ms, max ms, bytes per response, requests, errors) or one JSON object
// (-format json).
//
// Each client keeps the cookies of its first answer, as a browser does,
// unless -fresh is given: then every request goes without cookies, as the
// first request of a browser that never saw the site (cookies given with
// -H are sent either way, and a client given a Cookie header keeps no
// other).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/studio/gallery/internal/clientdocs"
)

type headers []string

func (h *headers) String() string     { return strings.Join(*h, ", ") }
func (h *headers) Set(v string) error { *h = append(*h, v); return nil }

// Result is what one run measured.
type Result struct {
	Name     string  `json:"name"`
	Requests int     `json:"requests"`
	Errors   int     `json:"errors"`
	Seconds  float64 `json:"seconds"`
	RPS      float64 `json:"rps"`
	P50ms    float64 `json:"p50_ms"`
	P99ms    float64 `json:"p99_ms"`
	Maxms    float64 `json:"max_ms"`
	Bytes    int64   `json:"bytes_per_response"`
	// FirstError describes the first failed request, if any.
	FirstError string `json:"first_error,omitempty"`
}

func main() {
	var (
		name       = flag.String("name", "load", "label printed with the result")
		url        = flag.String("url", "", "address to request")
		method     = flag.String("method", "GET", "HTTP method")
		bodyFile   = flag.String("body-file", "", "request body, read from this file")
		expectFile = flag.String("expect-file", "", "the answer must be exactly these bytes")
		status     = flag.Int("status", http.StatusOK, "expected status")
		conc       = flag.Int("c", 50, "concurrent clients")
		dur        = flag.Duration("d", 10*time.Second, "measured duration")
		warmup     = flag.Duration("warmup", 2*time.Second, "unmeasured duration first")
		format     = flag.String("format", "table", "table, tsv or json")
		freePort   = flag.Bool("free-port", false, "print a free TCP port of 127.0.0.1 and exit")
		fresh      = flag.Bool("fresh", false, "never keep the cookies the server sets (a fresh browser's first request)")
		clientBody = flag.String("client-body", "", "print the body the client sends for this operation and exit")
		documents  = flag.String("documents", "client/src/gql/gql.ts", "graphql-codegen's gql.ts (with -client-body)")
		galleryURL = flag.String("gallery-url", "", "the gallery's address (with -client-body)")
		after      = flag.String("after", "", "the page cursor (with -client-body GalleryPhotos)")
		variables  = flag.String("variables", "", "with -client-body: these variables (JSON) instead of the gallery ones (for the access mutations)")
		hs         headers
	)
	flag.Var(&hs, "H", "request header 'Name: value' (repeatable)")
	flag.Parse()
	if *freePort {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadbench:", err)
			os.Exit(1)
		}
		fmt.Println(ln.Addr().(*net.TCPAddr).Port)
		ln.Close()
		return
	}
	if *clientBody != "" {
		if err := printClientBody(*documents, *clientBody, *galleryURL, *after, *variables); err != nil {
			fmt.Fprintln(os.Stderr, "loadbench:", err)
			os.Exit(1)
		}
		return
	}
	if *url == "" {
		fmt.Fprintln(os.Stderr, "loadbench: -url is required")
		os.Exit(2)
	}
	var body, expect []byte
	var err error
	if *bodyFile != "" {
		if body, err = os.ReadFile(*bodyFile); err != nil {
			fmt.Fprintln(os.Stderr, "loadbench:", err)
			os.Exit(2)
		}
	}
	if *expectFile != "" {
		if expect, err = os.ReadFile(*expectFile); err != nil {
			fmt.Fprintln(os.Stderr, "loadbench:", err)
			os.Exit(2)
		}
	}
	h := http.Header{}
	for _, kv := range hs {
		k, v, ok := strings.Cut(kv, ":")
		if !ok {
			fmt.Fprintf(os.Stderr, "loadbench: header %q is not 'Name: value'\n", kv)
			os.Exit(2)
		}
		h.Add(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	res := run(config{name: *name, url: *url, method: *method, body: body, header: h, expect: expect,
		status: *status, conc: *conc, dur: *dur, warmup: *warmup, fresh: *fresh})
	switch *format {
	case "json":
		_ = json.NewEncoder(os.Stdout).Encode(res)
	case "tsv":
		fmt.Printf("%s\t%.1f\t%.2f\t%.2f\t%.2f\t%d\t%d\t%d\n",
			res.Name, res.RPS, res.P50ms, res.P99ms, res.Maxms, res.Bytes, res.Requests, res.Errors)
	default:
		fmt.Printf("%-24s %9.0f req/s   p50 %7.2f ms   p99 %7.2f ms   max %7.2f ms   %8d B/resp   %d requests, %d errors\n",
			res.Name, res.RPS, res.P50ms, res.P99ms, res.Maxms, res.Bytes, res.Requests, res.Errors)
	}
	if res.Errors > 0 {
		fmt.Fprintln(os.Stderr, "loadbench:", res.Name, "first error:", res.FirstError)
		os.Exit(1)
	}
}

type config struct {
	name, url, method string
	body, expect      []byte
	header            http.Header
	status, conc      int
	dur, warmup       time.Duration
	fresh             bool
}

func printClientBody(documents, op, galleryURL, after, variables string) error {
	docs, err := clientdocs.Load(documents)
	if err != nil {
		return err
	}
	var vars map[string]any
	switch {
	case variables != "":
		if err := json.Unmarshal([]byte(variables), &vars); err != nil {
			return fmt.Errorf("-variables: %w", err)
		}
	case galleryURL == "":
		return fmt.Errorf("-gallery-url or -variables is required with -client-body")
	default:
		if vars, err = clientdocs.GalleryVariables(op, galleryURL, after); err != nil {
			return err
		}
	}
	body, err := docs.Body(op, vars)
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(body)
	return err
}

type worker struct {
	lat    []time.Duration
	errs   int
	first  string
	nbytes int64
}

func run(c config) Result {
	tr := &http.Transport{
		// The same bytes from both servers: no compression asked for.
		DisableCompression:  true,
		MaxIdleConns:        c.conc,
		MaxIdleConnsPerHost: c.conc,
		MaxConnsPerHost:     c.conc,
		IdleConnTimeout:     time.Minute,
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}

	var measuring sync.WaitGroup
	start := time.Now()
	measureFrom := start.Add(c.warmup)
	stop := measureFrom.Add(c.dur)
	ctx, cancel := context.WithDeadline(context.Background(), stop.Add(30*time.Second))
	defer cancel()
	workers := make([]*worker, c.conc)
	for i := range workers {
		w := &worker{lat: make([]time.Duration, 0, 4096)}
		workers[i] = w
		measuring.Add(1)
		go func() {
			defer measuring.Done()
			buf := bytes.NewBuffer(make([]byte, 0, max(len(c.expect), 64<<10)))
			// Each client keeps the session cookie the server gives it,
			// as a browser would.
			var cookies []*http.Cookie
			keep := !c.fresh && c.header.Get("Cookie") == ""
			for {
				t0 := time.Now()
				if !t0.Before(stop) {
					return
				}
				req, err := http.NewRequestWithContext(ctx, c.method, c.url, bytes.NewReader(c.body))
				if err != nil {
					w.fail(err.Error())
					return
				}
				req.Header = c.header.Clone()
				for _, ck := range cookies {
					req.AddCookie(ck)
				}
				buf.Reset()
				res, err := client.Do(req)
				var problem string
				if err == nil {
					_, err = io.Copy(buf, res.Body)
					res.Body.Close()
					if len(cookies) == 0 && keep {
						cookies = res.Cookies()
					}
					switch {
					case err != nil:
					case res.StatusCode != c.status:
						problem = fmt.Sprintf("status %d, want %d: %.200s", res.StatusCode, c.status, buf.Bytes())
					case c.expect != nil && !bytes.Equal(buf.Bytes(), c.expect):
						problem = fmt.Sprintf("body differs from the expected file (%d bytes, want %d): %.200s", buf.Len(), len(c.expect), buf.Bytes())
					}
				}
				if err != nil && !errors.Is(err, context.Canceled) {
					problem = err.Error()
				}
				d := time.Since(t0)
				if t0.Before(measureFrom) {
					continue
				}
				if problem != "" {
					w.fail(problem)
					continue
				}
				w.lat = append(w.lat, d)
				w.nbytes = int64(buf.Len())
			}
		}()
	}
	measuring.Wait()
	var all []time.Duration
	res := Result{Name: c.name}
	for _, w := range workers {
		all = append(all, w.lat...)
		res.Errors += w.errs
		if res.FirstError == "" {
			res.FirstError = w.first
		}
		if w.nbytes > 0 {
			res.Bytes = w.nbytes
		}
	}
	slices.Sort(all)
	res.Requests = len(all)
	// Requests started in the measured window count, whenever they end.
	res.Seconds = c.dur.Seconds()
	res.RPS = float64(len(all)) / c.dur.Seconds()
	res.P50ms = ms(percentile(all, 0.50))
	res.P99ms = ms(percentile(all, 0.99))
	if len(all) > 0 {
		res.Maxms = ms(all[len(all)-1])
	}
	return res
}

func (w *worker) fail(msg string) {
	w.errs++
	if w.first == "" {
		w.first = msg
	}
}

// percentile is the nearest-rank percentile of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
