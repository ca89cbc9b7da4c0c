// Package testblob gives each test a blob store, the way testdb gives it a
// database: a folder of its own (file://) by default, or, with
// TEST_BLOB=s3, a prefix of its own in a bucket of a real S3 server,
// SeaweedFS's `weed server -s3` (bin/weed, built by `make tools` from
// tools/weed), which the package starts once per test binary and which
// dies with it.
//
// The S3 server checks signatures: the package sets AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY in the process's environment (the gallery reads
// its S3 credentials from there, as in production), and child processes
// started with os.Environ() inherit them. An unsigned or wrongly signed
// request is refused, as by AWS.
package testblob

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// S3 tells whether the tests run on S3 (TEST_BLOB=s3).
func S3() bool { return os.Getenv("TEST_BLOB") == "s3" }

// Name is "s3" or "file", for test names and messages.
func Name() string {
	if S3() {
		return "s3"
	}
	return "file"
}

// URL returns a fresh, empty blob store for the test as a gocloud.dev/blob
// URL (BLOB_URL): a folder in the test's temporary directory, or with
// TEST_BLOB=s3 a prefix of its own in the shared bucket.
func URL(t testing.TB) string {
	t.Helper()
	if !S3() {
		return FileURL(t)
	}
	return Start(t).URL(t)
}

// FileURL is a fresh folder store, whatever TEST_BLOB says.
func FileURL(t testing.TB) string {
	t.Helper()
	// Escaped: a subtest's folder may hold '#' or '?'.
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(t.TempDir(), "blobs")), RawQuery: "create_dir=true"}
	return u.String()
}

// Credentials of the test server's one identity (an admin of every bucket).
const (
	AccessKey = "gallery-test-access"
	SecretKey = "gallery-test-secret-key-0123456789"
	Region    = "us-east-1"
	Bucket    = "gallery-test"
)

// Server is the SeaweedFS S3 server of this test binary.
type Server struct {
	// Endpoint is the S3 address, http://127.0.0.1:PORT.
	Endpoint string
	// Bucket exists and is private.
	Bucket string
	dir    string
	cmd    *exec.Cmd
	exited <-chan struct{}
}

var (
	once      sync.Once
	shared    *Server
	sharedErr error
	prefixes  atomic.Int64
)

// Start returns the S3 server, starting it on the first call (about
// ten seconds on a loaded machine). It lives until the test binary exits.
func Start(t testing.TB) *Server {
	t.Helper()
	once.Do(func() { shared, sharedErr = StartServer() })
	if sharedErr != nil {
		t.Fatalf("testblob: %v", sharedErr)
	}
	return shared
}

// URL returns a prefix of the bucket that no other test uses, as an s3://
// URL for gocloud.dev/blob (aws-sdk-go-v2 parameters).
func (s *Server) URL(t testing.TB) string {
	t.Helper()
	return s.PrefixURL(fmt.Sprintf("t%d-%d/", os.Getpid(), prefixes.Add(1)))
}

// PrefixURL is the bucket URL with keys under prefix ("" for the whole
// bucket).
func (s *Server) PrefixURL(prefix string) string {
	q := url.Values{}
	q.Set("endpoint", s.Endpoint)
	q.Set("region", Region)
	q.Set("use_path_style", "true")
	q.Set("disable_https", "true")
	if prefix != "" {
		q.Set("prefix", prefix)
	}
	return "s3://" + s.Bucket + "?" + q.Encode()
}

// Env is the environment a child process needs to reach the bucket.
func (s *Server) Env() []string {
	return []string{"AWS_ACCESS_KEY_ID=" + AccessKey, "AWS_SECRET_ACCESS_KEY=" + SecretKey,
		"AWS_REGION=" + Region, "AWS_EC2_METADATA_DISABLED=true"}
}

// Client is an S3 client signed with the test credentials.
func (s *Server) Client() *s3.Client {
	return s3.New(s3.Options{
		Region:       Region,
		BaseEndpoint: aws.String(s.Endpoint),
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider(AccessKey, SecretKey, ""),
	})
}

// installHint tells how to get the binary.
const installHint = "run `make tools` (builds bin/weed from tools/weed) or set WEED to its path"

// Binary finds the weed executable: $WEED, then <module root>/bin/weed.
func Binary() (string, error) {
	if p := os.Getenv("WEED"); p != "" {
		return p, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, "bin", "weed")
			if _, err := os.Stat(p); err != nil {
				return "", fmt.Errorf("%s not found; %s", p, installHint)
			}
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory; " + installHint)
		}
		dir = parent
	}
}

// startTimeout bounds the server's start and the bucket's creation on a
// busy machine.
const startTimeout = 90 * time.Second

// attempts bounds the starts tried: a port chosen free may be taken by
// another process between the check and weed's bind.
const attempts = 3

// StartServer starts a SeaweedFS S3 server of its own (Start shares one
// per test binary): a private bucket, the test identity, ports below the
// ephemeral range tried again on a clash. It dies with the process; Stop
// ends it sooner. cmd/tests3 runs it for the browser journeys.
func StartServer() (*Server, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	sweep()
	var errs []error
	for i := 0; i < attempts; i++ {
		s, err := startOnce(bin)
		if err == nil {
			return s, nil
		}
		errs = append(errs, err)
		if !errors.Is(err, errExited) {
			break
		}
	}
	return nil, errors.Join(errs...)
}

// errExited is weed dying before it is ready (a port taken, mostly).
var errExited = errors.New("weed exited")

func startOnce(bin string) (*Server, error) {
	dir, err := os.MkdirTemp("", "testblob-weed-")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, err
	}
	conf, _ := json.Marshal(map[string]any{"identities": []any{map[string]any{
		"name":        "gallery",
		"credentials": []any{map[string]string{"accessKey": AccessKey, "secretKey": SecretKey}},
		"actions":     []string{"Admin", "Read", "Write", "List", "Tagging"},
	}}})
	if err := os.WriteFile(filepath.Join(dir, "s3.json"), conf, 0o600); err != nil {
		return nil, err
	}
	ports, err := freePorts(8)
	if err != nil {
		return nil, err
	}
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		return nil, err
	}
	p := func(i int) string { return strconv.Itoa(ports[i]) }
	args := []string{"-logtostderr", "server",
		"-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-dir=" + data,
		"-master.port=" + p(0), "-master.port.grpc=" + p(1),
		"-master.volumeSizeLimitMB=64", "-master.telemetry=false",
		"-volume.port=" + p(2), "-volume.port.grpc=" + p(3), "-volume.max=32",
		"-filer.port=" + p(4), "-filer.port.grpc=" + p(5), "-filer.localSocket=" + filepath.Join(dir, "filer.sock"),
		"-s3", "-s3.port=" + p(6), "-s3.port.grpc=" + p(7), "-s3.port.iceberg=0", "-s3.port.lance=0",
		"-s3.config=" + filepath.Join(dir, "s3.json"), "-s3.localSocket=" + filepath.Join(dir, "s3.sock"),
	}
	log, err := os.Create(filepath.Join(dir, "weed.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = log, log
	// SIGKILL when the test binary dies: the thread that starts it stays
	// locked and alive for the process's lifetime (Pdeathsig follows the
	// thread, not the process).
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	started := make(chan error, 1)
	exited := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		_ = cmd.Wait()
		close(exited)
		select {} // keep the locked thread: its death would kill a restarted child
	}()
	if err := <-started; err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &Server{Endpoint: "http://127.0.0.1:" + p(6), Bucket: Bucket, dir: dir, cmd: cmd, exited: exited}
	for _, kv := range s.Env() {
		k, v, _ := strings.Cut(kv, "=")
		os.Setenv(k, v)
	}
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	if err := s.ready(ctx, exited); err != nil {
		_ = cmd.Process.Kill()
		out, _ := os.ReadFile(filepath.Join(dir, "weed.log"))
		if len(out) > 4000 {
			out = out[len(out)-4000:]
		}
		return nil, fmt.Errorf("weed server -s3 not ready: %w\n%s", err, out)
	}
	return s, nil
}

// Stop kills the server and removes its folder.
func (s *Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	os.RemoveAll(s.dir)
}

// ready waits until the bucket exists and takes a write.
func (s *Server) ready(ctx context.Context, exited <-chan struct{}) error {
	c := s.Client()
	var last error
	for {
		select {
		case <-exited:
			return errExited
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %v)", ctx.Err(), last)
		case <-time.After(200 * time.Millisecond):
		}
		rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		last = s.probe(rctx, c)
		cancel()
		if last == nil {
			return nil
		}
	}
}

func (s *Server) probe(ctx context.Context, c *s3.Client) error {
	if _, err := c.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(s.Bucket)}); err != nil {
		if _, err := c.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(s.Bucket)}); err != nil {
			return fmt.Errorf("create bucket: %w", err)
		}
	}
	key := aws.String(".testblob-ready")
	if _, err := c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(s.Bucket), Key: key, Body: bytes.NewReader([]byte("ok"))}); err != nil {
		return fmt.Errorf("put: %w", err)
	}
	_, err := c.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.Bucket), Key: key})
	return err
}

// freePorts picks n distinct ports that are free now, below the kernel's
// ephemeral range (net.ipv4.ip_local_port_range, 32768-60999 by default):
// a port the kernel handed out with Listen(":0") comes from that range, and
// weed's own outgoing gRPC connections, made before its last listener
// binds, may take it back in the meantime. Random picks keep the test
// binaries that start together apart; start retries when one still loses
// the race.
func freePorts(n int) ([]int, error) {
	const lo, hi = 10000, 32000
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	ports := make([]int, 0, n)
	for tries := 0; len(ports) < n; tries++ {
		if tries > 1000 {
			return nil, fmt.Errorf("no %d free ports between %d and %d", n, lo, hi)
		}
		port := lo + rand.IntN(hi-lo)
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err != nil {
			continue
		}
		ls = append(ls, l)
		ports = append(ports, port)
	}
	return ports, nil
}

// sweep removes the folders of earlier test binaries that have exited
// (their weed died with them).
func sweep() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "testblob-weed-*"))
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "pid"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(string(b))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if syscall.Kill(pid, 0) == nil {
			continue // still running
		}
		os.RemoveAll(d)
	}
}
