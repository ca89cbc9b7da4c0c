// Package stripemock runs stripe-mock (github.com/stripe/stripe-mock, Stripe's
// API simulator that validates requests against Stripe's OpenAPI spec) for
// tests. Each Start runs its own process on its own port, so parallel tests
// and parallel packages do not share state.
//
// Install it with `make tools` (GOBIN=$PWD/bin go install
// github.com/stripe/stripe-mock@v0.203.0). A test that needs it fails when it
// is missing: a skipped payment test would hide a broken checkout.
package stripemock

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// startTimeout bounds loading the spec (about 1 s) on a busy CI machine.
const startTimeout = 20 * time.Second

// installHint tells how to get the binary.
const installHint = "run `make tools` (GOBIN=$PWD/bin go install github.com/stripe/stripe-mock@v0.203.0) or set STRIPE_MOCK to its path"

// Start starts stripe-mock for the test's lifetime (t.Cleanup stops it) and
// returns its base URL (http://127.0.0.1:PORT).
func Start(t testing.TB) string {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatalf("stripemock: %v; %s", err, installHint)
	}

	// Port 0 for both listeners: stripe-mock would otherwise also open HTTPS
	// on the fixed port 12112, which parallel instances would fight over.
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:0", "-https-addr", "127.0.0.1:0")
	out := &watcher{addr: make(chan string, 1)}
	cmd.Stdout = out
	cmd.Stderr = out
	// If STRIPE_MOCK is a wrapper script, its children may keep the output
	// pipes open after the kill; do not wait for them forever.
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatalf("stripemock: start %s: %v", bin, err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})

	deadline := time.NewTimer(startTimeout)
	defer deadline.Stop()
	var hostport string
	select {
	case hostport = <-out.addr:
	case <-exited:
		t.Fatalf("stripemock: %s exited before listening:\n%s", bin, out.String())
	case <-deadline.C:
		t.Fatalf("stripemock: %s did not listen within %v:\n%s", bin, startTimeout, out.String())
	}

	// The address is printed once the socket is bound, before the server
	// goroutine runs: wait until a connection succeeds.
	for {
		c, err := net.DialTimeout("tcp", hostport, time.Second)
		if err == nil {
			c.Close()
			break
		}
		select {
		case <-exited:
			t.Fatalf("stripemock: %s exited:\n%s", bin, out.String())
		case <-deadline.C:
			t.Fatalf("stripemock: %s does not answer on %s: %v", bin, hostport, err)
		case <-time.After(20 * time.Millisecond):
		}
	}
	return "http://" + hostport
}

// listenRE matches "Listening for HTTP at address: 127.0.0.1:PORT" (and not
// the HTTPS line).
var listenRE = regexp.MustCompile(`^Listening for HTTP at address: (\S+)$`)

// Binary finds the stripe-mock executable: $STRIPE_MOCK, then <module root>/bin/stripe-mock
// (module root found by walking up from the working directory to go.mod), then
// $(go env GOPATH)/bin/stripe-mock (GOPATH from `go env GOPATH` or $HOME/go), then $PATH.
func Binary() (string, error) {
	if p := os.Getenv("STRIPE_MOCK"); p != "" {
		if !isExecutable(p) {
			return "", fmt.Errorf("STRIPE_MOCK=%s is not an executable file", p)
		}
		return p, nil
	}
	var tried []string
	if root, err := moduleRoot(); err == nil {
		p := filepath.Join(root, "bin", "stripe-mock")
		if isExecutable(p) {
			return p, nil
		}
		tried = append(tried, p)
	}
	for _, gopath := range filepath.SplitList(goPath()) {
		p := filepath.Join(gopath, "bin", "stripe-mock")
		if isExecutable(p) {
			return p, nil
		}
		tried = append(tried, p)
	}
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	tried = append(tried, "$PATH")
	return "", fmt.Errorf("stripe-mock not found (looked in %s)", strings.Join(tried, ", "))
}

// moduleRoot is the nearest directory above the working directory that
// holds a go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// goPath asks the go command (which knows about go.env and GOENV), falling
// back to the default $HOME/go.
var goPath = sync.OnceValue(func() string {
	if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
		if p := strings.TrimSpace(string(out)); p != "" {
			return p
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, "go")
	}
	return ""
})

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// watcher collects the process's output for error messages and reports the
// HTTP address it prints. exec copies both streams from one goroutine each,
// hence the lock.
type watcher struct {
	mu      sync.Mutex
	all     strings.Builder
	partial string
	addr    chan string
	found   bool
}

func (w *watcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all.Write(p)
	w.partial += string(p)
	for {
		i := strings.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		line := strings.TrimSpace(w.partial[:i])
		w.partial = w.partial[i+1:]
		if m := listenRE.FindStringSubmatch(line); m != nil && !w.found {
			w.found = true
			w.addr <- m[1]
		}
	}
	return len(p), nil
}

func (w *watcher) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.all.String()
}
