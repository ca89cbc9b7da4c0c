// Command ingestbench measures photo ingest as a photographer lives it
// (issue 19): N generated 1200x800 JPEGs (about 300 KB each, camera-like
// grain) are uploaded through the GraphQL uploadPhotos mutation, 20 files a
// request, to a real server (bin/gallery serve on a temporary DATA_DIR,
// SQLite), and the clock stops when every photo is ready. It prints photos
// per second from the first upload to the last photo ready, the upload time
// alone, and the bytes stored for those photos against the originals'.
//
//	go run ./cmd/ingestbench -bin bin/gallery-purego -bin bin/gallery-vips
//
// With several binaries, each takes its turn on the same files; -rounds
// repeats the turns, alternating their order. INGEST_PHOTOS sets N (2000).
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"io/fs"
	"math"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
)

func init() { sql.Register("sqlite3", &sqlite.Driver{}) }

type binList []string

func (b *binList) String() string     { return strings.Join(*b, ",") }
func (b *binList) Set(v string) error { *b = append(*b, v); return nil }

func main() {
	var bins binList
	flag.Var(&bins, "bin", "gallery binary to measure (repeatable)")
	photos := flag.Int("photos", envInt("INGEST_PHOTOS", 2000), "photos to upload (INGEST_PHOTOS)")
	perRequest := flag.Int("per-request", 20, "files per uploadPhotos request")
	parallel := flag.Int("parallel", 2, "upload requests in flight at once")
	rounds := flag.Int("rounds", 1, "turns of every binary, alternating their order")
	dir := flag.String("dir", "", "where the generated photos are kept (default: a temporary directory)")
	flag.Parse()
	if len(bins) == 0 {
		bins = binList{"bin/gallery"}
	}
	if err := run(bins, *photos, *perRequest, *parallel, *rounds, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "ingestbench:", err)
		os.Exit(1)
	}
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func run(bins []string, n, perRequest, parallel, rounds int, dir string) error {
	if dir == "" {
		d, err := os.MkdirTemp("", "ingestbench-photos-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	start := time.Now()
	files, total, err := generate(dir, n)
	if err != nil {
		return err
	}
	fmt.Printf("%d photos 1200x800, %.0f MB (%.0f KB each), made in %.0f s\n",
		n, float64(total)/1e6, float64(total)/float64(n)/1e3, time.Since(start).Seconds())
	for r := 0; r < rounds; r++ {
		order := append([]string(nil), bins...)
		if r%2 == 1 {
			for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
				order[i], order[j] = order[j], order[i]
			}
		}
		for _, bin := range order {
			res, err := measure(bin, files, perRequest, parallel)
			if err != nil {
				return fmt.Errorf("%s: %w", bin, err)
			}
			fmt.Printf("round %d  %-22s %s\n", r+1, res.backend, res)
		}
	}
	return nil
}

// generate writes n camera-like JPEGs (sky-to-ground gradient, soft shapes,
// sensor grain, quality 90) and returns their paths and total size.
func generate(dir string, n int) ([]string, int64, error) {
	paths := make([]string, n)
	sizes := make([]int64, n)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p := filepath.Join(dir, fmt.Sprintf("IMG_%04d.jpg", i+1))
				paths[i] = p
				if st, err := os.Stat(p); err == nil && st.Size() > 0 {
					sizes[i] = st.Size()
					continue
				}
				data, err := photo(uint32(i)*2654435761 + 1)
				if err == nil {
					err = os.WriteFile(p, data, 0o644)
				}
				if err != nil {
					errs <- err
					continue
				}
				sizes[i] = int64(len(data))
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, 0, err
	}
	var total int64
	for _, s := range sizes {
		total += s
	}
	return paths, total, nil
}

func photo(seed uint32) ([]byte, error) {
	const w, h = 1200, 800
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	s := seed | 1
	rnd := func() int { // xorshift32: cheap grain
		s ^= s << 13
		s ^= s >> 17
		s ^= s << 5
		return int(s>>24) - 128
	}
	a, b := float64(seed%97)/97*6, float64(seed%89)/89*6
	for y := 0; y < h; y++ {
		fy := float64(y) / h
		for x := 0; x < w; x++ {
			fx := float64(x) / w
			l := 60 + 130*fy + 40*math.Sin(fx*(9+a)+fy*7)*math.Cos(fy*(13+b)) +
				14*math.Sin(float64(x)*0.7+a)*math.Sin(float64(y)*0.55)
			img.Y[y*img.YStride+x] = clamp(l + float64(rnd())/13)
		}
	}
	for y := 0; y < h/2; y++ {
		for x := 0; x < w/2; x++ {
			fx, fy := float64(x)/(w/2), float64(y)/(h/2)
			i := y*img.CStride + x
			img.Cb[i] = clamp(128 + 30*math.Sin(fx*5+fy*3+a) + float64(rnd())/20)
			img.Cr[i] = clamp(128 + 25*math.Cos(fx*4-fy*6+b) + float64(rnd())/20)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func clamp(v float64) uint8 { return uint8(math.Max(0, math.Min(255, v))) }

type result struct {
	backend               string
	photos, failed        int
	upload, ready         time.Duration
	originals, stored     int64
	loadBefore, loadAfter string
}

func (r result) String() string {
	return fmt.Sprintf("%d photos (%d failed): upload %.1f s, upload to ready %.1f s = %.2f photos/s; stored %.0f MB for %.0f MB of originals = %.2fx; load average %s -> %s",
		r.photos, r.failed, r.upload.Seconds(), r.ready.Seconds(), float64(r.photos)/r.ready.Seconds(),
		float64(r.stored)/1e6, float64(r.originals)/1e6, float64(r.stored)/float64(r.originals), r.loadBefore, r.loadAfter)
}

// measure runs one server from bin on a fresh DATA_DIR and ingests files.
func measure(bin string, files []string, perRequest, parallel int) (res result, err error) {
	data, err := os.MkdirTemp("", "ingestbench-data-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(data)
	port, err := freePort()
	if err != nil {
		return res, err
	}
	env := append(os.Environ(), "DATA_DIR="+data, "ADDR=127.0.0.1:"+port, "SECRET_KEY=ingestbench-secret-key-0123456789abcdef",
		"PUBLIC_URL=http://127.0.0.1:"+port, "LOG_LEVEL=warn")
	// The demo gives a photographer (and a few photos, not counted).
	if out, err := command(bin, env, "seed-demo"); err != nil {
		return res, fmt.Errorf("seed-demo: %v: %s", err, out)
	}
	out, err := command(bin, env, "photographer", "token", "--email", "studio@example.com", "--name", "ingestbench")
	if err != nil {
		return res, fmt.Errorf("token: %v: %s", err, out)
	}
	token := strings.TrimSpace(strings.SplitN(out, "\n", 2)[0])
	srv := exec.Command(bin, "serve")
	srv.Env = env
	var logs bytes.Buffer
	srv.Stdout, srv.Stderr = &logs, &logs
	if err := srv.Start(); err != nil {
		return res, err
	}
	exited := make(chan error, 1)
	go func() { exited <- srv.Wait() }()
	defer func() {
		_ = srv.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			_ = srv.Process.Kill()
			<-exited
		}
		if err != nil {
			err = fmt.Errorf("%w\nserver log:\n%s", err, tail(logs.String(), 2000))
		}
	}()
	base := "http://127.0.0.1:" + port
	c := &client{base: base, token: token, http: &http.Client{Timeout: 10 * time.Minute}}
	if err := c.waitHealthy(30 * time.Second); err != nil {
		return res, err
	}
	res.backend = filepath.Base(bin)
	gid, err := c.createGallery(fmt.Sprintf("ingest-%d", time.Now().UnixNano()))
	if err != nil {
		return res, err
	}
	db, err := sql.Open("sqlite3", "file:"+filepath.Join(data, "gallery.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return res, err
	}
	defer db.Close()

	res.loadBefore = loadAverage()
	t0 := time.Now()
	ids, failed, err := c.uploadAll(gid, files, perRequest, parallel)
	if err != nil {
		return res, err
	}
	res.upload = time.Since(t0)
	res.photos, res.failed = len(ids), failed
	for {
		var pending int
		if err := db.QueryRow(`SELECT count(*) FROM photos WHERE gallery_id = ? AND status = 'processing'`, gid).Scan(&pending); err != nil {
			return res, fmt.Errorf("count pending: %w", err)
		}
		if pending == 0 {
			break
		}
		if time.Since(t0) > time.Hour {
			return res, fmt.Errorf("%d photos still processing after an hour", pending)
		}
		select {
		case werr := <-exited:
			exited <- werr
			return res, fmt.Errorf("server exited (%v) with %d photos processing", werr, pending)
		case <-time.After(100 * time.Millisecond):
		}
	}
	res.ready = time.Since(t0)
	res.loadAfter = loadAverage()
	var notReady int
	if err := db.QueryRow(`SELECT count(*) FROM photos WHERE gallery_id = ? AND status <> 'ready'`, gid).Scan(&notReady); err != nil {
		return res, err
	}
	res.failed += notReady
	res.originals, res.stored, err = storedBytes(filepath.Join(data, "blobs", "photos"), ids)
	return res, err
}

func command(bin string, env []string, args ...string) (string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return stderr.String(), err
	}
	return string(out), nil
}

func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port), nil
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// storedBytes sums, for the given photos, their originals and everything
// stored for them (originals, derivatives, watermarked files).
func storedBytes(root string, ids []string) (originals, all int64, err error) {
	for _, id := range ids {
		err = filepath.WalkDir(filepath.Join(root, id), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, ".attrs") {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			all += info.Size()
			if d.Name() == "original" {
				originals += info.Size()
			}
			return nil
		})
		if err != nil {
			return 0, 0, err
		}
	}
	return originals, all, nil
}

type client struct {
	base, token string
	http        *http.Client
}

func (c *client) waitHealthy(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		res, err := http.Get(c.base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("server not healthy")
}

type gqlResponse struct {
	Data   json.RawMessage `json:"data"`
	Errors []any           `json:"errors"`
}

func (c *client) post(ctx context.Context, contentType string, body io.Reader, out any) error {
	req, err := http.NewRequestWithContext(ctx, "POST", c.base+"/graphql", body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	var r gqlResponse
	if err := json.Unmarshal(raw, &r); err != nil || res.StatusCode != 200 || len(r.Errors) > 0 {
		return fmt.Errorf("graphql: %d %s", res.StatusCode, tail(string(raw), 500))
	}
	return json.Unmarshal(r.Data, out)
}

func (c *client) query(q string, vars map[string]any, out any) error {
	body, _ := json.Marshal(map[string]any{"query": q, "variables": vars})
	return c.post(context.Background(), "application/json", bytes.NewReader(body), out)
}

func (c *client) createGallery(url string) (string, error) {
	var out struct {
		CreateGallery struct {
			Gallery    *struct{ ID string }
			UserErrors []any
		}
	}
	err := c.query(`mutation($in: CreateGalleryInput!) { createGallery(input: $in) { gallery { id } userErrors { field code message } } }`,
		map[string]any{"in": map[string]any{"url": url, "eventName": "Ingest"}}, &out)
	if err != nil {
		return "", err
	}
	if out.CreateGallery.Gallery == nil {
		return "", fmt.Errorf("createGallery: %v", out.CreateGallery.UserErrors)
	}
	return out.CreateGallery.Gallery.ID, nil
}

const uploadMutation = `mutation($input: UploadPhotosInput!) { uploadPhotos(input: $input) { photos { id status } userErrors { field code message } } }`

// uploadAll sends the files perRequest at a time, parallel requests in
// flight, as GraphQL multipart requests, and returns the photo ids.
func (c *client) uploadAll(gid string, files []string, perRequest, parallel int) ([]string, int, error) {
	type batch struct{ files []string }
	batches := make(chan batch)
	var (
		mu      sync.Mutex
		ids     []string
		failed  int
		firstEr error
		wg      sync.WaitGroup
	)
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range batches {
				got, bad, err := c.upload(gid, b.files)
				mu.Lock()
				ids, failed = append(ids, got...), failed+bad
				if err != nil && firstEr == nil {
					firstEr = err
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < len(files); i += perRequest {
		batches <- batch{files[i:min(i+perRequest, len(files))]}
	}
	close(batches)
	wg.Wait()
	return ids, failed, firstEr
}

func (c *client) upload(gid string, files []string) ([]string, int, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	nulls := make([]any, len(files))
	ops, _ := json.Marshal(map[string]any{"query": uploadMutation,
		"variables": map[string]any{"input": map[string]any{"galleryId": gid, "files": nulls}}})
	_ = w.WriteField("operations", string(ops))
	m := map[string][]string{}
	for i := range files {
		m[strconv.Itoa(i)] = []string{fmt.Sprintf("variables.input.files.%d", i)}
	}
	mb, _ := json.Marshal(m)
	_ = w.WriteField("map", string(mb))
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, 0, err
		}
		fw, err := w.CreateFormFile(strconv.Itoa(i), filepath.Base(f))
		if err != nil {
			return nil, 0, err
		}
		fw.Write(data)
	}
	w.Close()
	var out struct {
		UploadPhotos struct {
			Photos     []struct{ ID string }
			UserErrors []struct{ Code, Message string }
		}
	}
	if err := c.post(context.Background(), w.FormDataContentType(), &body, &out); err != nil {
		return nil, 0, err
	}
	ids := make([]string, 0, len(out.UploadPhotos.Photos))
	for _, p := range out.UploadPhotos.Photos {
		ids = append(ids, p.ID)
	}
	if n := len(out.UploadPhotos.UserErrors); n > 0 {
		return ids, n, fmt.Errorf("upload refused %d files: %+v", n, out.UploadPhotos.UserErrors[0])
	}
	return ids, 0, nil
}
