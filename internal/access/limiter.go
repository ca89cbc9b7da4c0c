package access

import (
	"sync"
	"time"
)

// Limiter slows guessing down: after Free failures under one key, every
// further attempt must wait a delay that doubles with each failure, up to
// Max. Failures are forgotten after Window without any. Keys combine what
// is guessed at (a gallery, an e-mail) with who guesses (a client address),
// and callers check several keys per attempt.
//
// The state is per process: with several replicas an attacker gets at most
// one budget per replica, which the per-gallery key still bounds.
type Limiter struct {
	Free   int
	Base   time.Duration
	Max    time.Duration
	Window time.Duration
	// MaxKeys bounds memory; the oldest entries are dropped beyond it.
	MaxKeys int

	now func() time.Time
	mu  sync.Mutex
	m   map[string]*bucket
}

type bucket struct {
	failures int
	last     time.Time
}

// NewLimiter returns a limiter allowing free failures per key.
func NewLimiter(free int, base, max, window time.Duration) *Limiter {
	return &Limiter{Free: free, Base: base, Max: max, Window: window, MaxKeys: 100_000, now: time.Now, m: map[string]*bucket{}}
}

// Wait returns how long the caller must wait before another attempt under
// any of keys; zero means the attempt may proceed.
func (l *Limiter) Wait(keys ...string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	var wait time.Duration
	for _, k := range keys {
		b := l.m[k]
		if b == nil {
			continue
		}
		if now.Sub(b.last) > l.Window {
			delete(l.m, k)
			continue
		}
		if d := l.delay(b.failures) - now.Sub(b.last); d > wait {
			wait = d
		}
	}
	return wait
}

// Fail records a failed attempt under every key.
func (l *Limiter) Fail(keys ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	for _, k := range keys {
		b := l.m[k]
		if b == nil || now.Sub(b.last) > l.Window {
			if len(l.m) >= l.MaxKeys {
				l.evict(now)
			}
			b = &bucket{}
			l.m[k] = b
		}
		b.failures++
		b.last = now
	}
}

// Reset forgets the failures under keys (after a success).
func (l *Limiter) Reset(keys ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range keys {
		delete(l.m, k)
	}
}

func (l *Limiter) delay(failures int) time.Duration {
	over := failures - l.Free
	if over < 0 {
		return 0
	}
	d := l.Base
	for i := 0; i < over && d < l.Max; i++ {
		d *= 2
	}
	return min(d, l.Max)
}

// evict drops expired entries, or the oldest one when none has expired.
func (l *Limiter) evict(now time.Time) {
	var oldest string
	var oldestAt time.Time
	for k, b := range l.m {
		if now.Sub(b.last) > l.Window {
			delete(l.m, k)
			continue
		}
		if oldest == "" || b.last.Before(oldestAt) {
			oldest, oldestAt = k, b.last
		}
	}
	if len(l.m) >= l.MaxKeys && oldest != "" {
		delete(l.m, oldest)
	}
}
