package store

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/studio/gallery/ent"
)

// Writes made by another process.
//
// What the server keeps in memory (Kept values, the answer cache) is made
// stale by the writes it counts, which are the writes of its own process.
// On PostgreSQL other replicas and the commands write too, and announce
// their writes through NOTIFY (shared.go). On SQLite the database file belongs to one server; the only
// other writers are the binary's own commands (seed-demo, photographer
// tokens, captcha keys) run beside it. Those announce their writes by
// rewriting a small file next to the database (Options.Announce), and the
// server watches it (Options.Watch): an announced write bumps every Writes
// installed on the server's client at once, so a kept value need not
// expire by age, and the first request after a quiet minute reads nothing
// again.

// WatchInterval is how often a watching process reads the announce file.
const WatchInterval = 200 * time.Millisecond

// installed lists the Writes installed on each client, for BumpAll.
var installed sync.Map // *ent.Client -> *writesList

type writesList struct {
	mu     sync.Mutex
	ws     []*Writes
	counts []func(entityType string, op ent.Op) bool
}

func register(db *ent.Client, w *Writes, counts func(string, ent.Op) bool) {
	l, _ := installed.LoadOrStore(db, &writesList{})
	wl := l.(*writesList)
	wl.mu.Lock()
	wl.ws = append(wl.ws, w)
	wl.counts = append(wl.counts, counts)
	wl.mu.Unlock()
}

// matching returns the Writes installed on db that count a write of t by
// op.
func matching(db *ent.Client, t string, op ent.Op) []*Writes {
	l, ok := installed.Load(db)
	if !ok {
		return nil
	}
	wl := l.(*writesList)
	wl.mu.Lock()
	defer wl.mu.Unlock()
	var out []*Writes
	for i, w := range wl.ws {
		if wl.counts[i](t, op) {
			out = append(out, w)
		}
	}
	return out
}

// BumpAll makes every value kept from db stale: every Writes installed on
// it counts a write.
func BumpAll(db *ent.Client) {
	l, ok := installed.Load(db)
	if !ok {
		return
	}
	wl := l.(*writesList)
	wl.mu.Lock()
	ws := append([]*Writes(nil), wl.ws...)
	wl.mu.Unlock()
	for _, w := range ws {
		w.Bump()
	}
}

// announcePath is the file a SQLite database's writers rewrite after a
// write, beside the database.
func announcePath(sqlitePath string) string { return sqlitePath + "-writes" }

// announcer rewrites the announce file after each committed write of its
// process.
type announcer struct {
	path string
	mu   sync.Mutex
	n    uint64
}

func (a *announcer) announce() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.n++
	// The content changes with every announce (the process id and a
	// count), whatever the file system's time resolution.
	_ = os.WriteFile(a.path, []byte(strconv.Itoa(os.Getpid())+" "+strconv.FormatUint(a.n, 10)+" "+
		strconv.FormatInt(time.Now().UnixNano(), 10)), 0o644)
}

// install announces every mutation through db once it is committed: at
// once outside a transaction, at the commit inside one.
func (a *announcer) install(db *ent.Client) {
	db.Use(func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			v, err := next.Mutate(ctx, m)
			if err != nil {
				return v, err
			}
			if txm, ok := m.(interface{ Tx() (*ent.Tx, error) }); ok {
				if tx, terr := txm.Tx(); terr == nil && tx != nil {
					tx.OnCommit(func(next ent.Committer) ent.Committer {
						return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
							err := next.Commit(ctx, tx)
							if err == nil {
								a.announce()
							}
							return err
						})
					})
					return v, nil
				}
			}
			a.announce()
			return v, nil
		})
	})
}

// watch reads the announce file every WatchInterval until stop is closed
// and bumps every Writes installed on db when another process announced a
// write.
func watch(db *ent.Client, path string, stop <-chan struct{}) {
	last, _ := os.ReadFile(path)
	t := time.NewTicker(WatchInterval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		b, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			// Unreadable: no way to know, so nothing kept is trusted.
			BumpAll(db)
			continue
		}
		if !bytes.Equal(b, last) {
			last = b
			BumpAll(db)
		}
	}
}

// Watching tells whether this process is told of other processes' writes
// (SQLite, Options.Watch): what it keeps need not expire by age.
func (d *DB) Watching() bool { return d.stopWatch != nil }
