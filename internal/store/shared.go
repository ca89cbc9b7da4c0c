package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"

	"github.com/studio/gallery/ent"
)

// Writes made by another replica.
//
// On PostgreSQL several servers (replicas) share the database. Each keeps
// values and answers in memory, made stale by the writes its own client
// counts (Writes). ShareWrites tells the other replicas of those writes
// through the events broker (LISTEN/NOTIFY): once a counted write is
// committed, its entity type and operation are published on WritesTopic,
// and every other replica bumps the Writes installed on its own client
// that count such a write, at once. What a replica keeps then goes stale
// on the next request after another replica's change, not only after
// CACHE_TTL, which stays as the safety net for a notice that is lost (the
// listening connection dropping: a reconnect makes everything stale, as
// events.Postgres asks its subscribers to resynchronise; a replica killed
// between its commit and its notice).

// WritesTopic is the events topic of the writes replicas share.
const WritesTopic = "store-writes"

// ShareWrites tells the other replicas, through publish, of the counted
// writes committed through d (each as a notice's id, published on
// WritesTopic); the notices the other replicas publish there are handed
// to the returned Sharer's Receive (app.ShareWrites joins both to the
// events broker). Stop ends it, after sending what is pending.
//
// Notices are sent by one goroutine, after the commit, and coalesced: the
// kinds of write committed while a notice is being sent go out once, next
// (a transaction that reorders 500 photos sends one notice, not 500, and
// no request waits for a notice to be sent).
//
// It marks d as hearing the other processes' writes (SharesWrites).
func (d *DB) ShareWrites(publish func(ctx context.Context, id string) error, log *slog.Logger) *Sharer {
	s := share(d.Client, publish, log, false)
	d.shared.Store(true)
	return s
}

// SharesWrites tells whether the other processes' writes reach this one
// at once (ShareWrites on PostgreSQL; Watching on SQLite).
func (d *DB) SharesWrites() bool { return d.shared.Load() || d.Watching() }

// AnnounceWrites is what the binary's commands do on PostgreSQL, as they
// announce their writes through a file on SQLite (Options.Announce): every
// write committed through d, of any entity, is published as ShareWrites
// publishes the counted ones, so that the servers make stale what it
// affects at once. A command keeps nothing, so it counts nothing: without
// this its writes would reach the servers only after CACHE_TTL. What is
// pending is sent when d is closed.
func (d *DB) AnnounceWrites(publish func(ctx context.Context, id string) error, log *slog.Logger) {
	s := share(d.Client, publish, log, true)
	d.closers = append(d.closers, s.Stop)
}

func share(db *ent.Client, publish func(ctx context.Context, id string) error, log *slog.Logger, all bool) *Sharer {
	if log == nil {
		log = slog.Default()
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	s := &Sharer{db: db, publish: publish, log: log, origin: hex.EncodeToString(b[:]), all: all,
		pending: map[writeKind]bool{}, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	db.Use(s.hook)
	go s.run()
	return s
}

// Stop sends what is pending and stops sending.
func (s *Sharer) Stop() {
	s.stopOnce.Do(func() {
		close(s.stop)
		<-s.done
	})
}

type writeKind struct {
	t  string
	op ent.Op
}

// Sharer is what ShareWrites started.
type Sharer struct {
	db       *ent.Client
	publish  func(ctx context.Context, id string) error
	log      *slog.Logger
	origin   string
	all      bool // every write is told, counted here or not (AnnounceWrites)
	stopOnce sync.Once

	mu      sync.Mutex
	pending map[writeKind]bool // committed, not sent yet
	wake    chan struct{}
	stop    chan struct{}
	done    chan struct{}
}

// counted tells whether any Writes installed on the client counts k.
func (s *Sharer) counted(k writeKind) bool { return s.all || len(matching(s.db, k.t, k.op)) > 0 }

func (s *Sharer) hook(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		v, err := next.Mutate(ctx, m)
		k := writeKind{m.Type(), m.Op()}
		if err != nil || !s.counted(k) {
			return v, err
		}
		if txm, ok := m.(interface{ Tx() (*ent.Tx, error) }); ok {
			if tx, terr := txm.Tx(); terr == nil && tx != nil {
				// Told once the transaction commits; nothing if it rolls back.
				tx.OnCommit(func(next ent.Committer) ent.Committer {
					return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
						err := next.Commit(ctx, tx)
						if err == nil {
							s.note(k)
						}
						return err
					})
				})
				return v, nil
			}
		}
		s.note(k)
		return v, nil
	})
}

// note queues a committed write's kind for the sender.
func (s *Sharer) note(k writeKind) {
	s.mu.Lock()
	s.pending[k] = true
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// run sends what is pending whenever there is some, until stopped.
func (s *Sharer) run() {
	defer close(s.done)
	for {
		select {
		case <-s.stop:
			s.flush()
			return
		case <-s.wake:
			s.flush()
		}
	}
}

// flush tells the other replicas of the pending kinds. A failure is only
// logged: CACHE_TTL bounds what they keep.
func (s *Sharer) flush() {
	s.mu.Lock()
	kinds := s.pending
	s.pending = map[writeKind]bool{}
	s.mu.Unlock()
	for k := range kinds {
		id := s.origin + ";" + k.t + ";" + strconv.FormatUint(uint64(k.op), 10)
		if err := s.publish(context.Background(), id); err != nil {
			s.log.Warn("store: telling the other replicas of a write failed", "type", k.t, "err", err)
		}
	}
}

// Receive applies a notice another replica published on WritesTopic: it
// bumps the Writes such a write makes stale. An empty id asks for a
// resynchronisation (the notices may have been lost: events.Postgres sends
// one after its listening connection came back) and bumps them all. The
// replica's own notices are ignored.
func (s *Sharer) Receive(id string) {
	if id == "" {
		BumpAll(s.db)
		return
	}
	k, origin, err := parseWrite(id)
	if err != nil {
		s.log.Warn("store: a write notice is not understood", "id", id, "err", err)
		BumpAll(s.db)
		return
	}
	if origin == s.origin {
		return // this replica's own write, counted when it was made
	}
	for _, w := range matching(s.db, k.t, k.op) {
		w.Bump()
	}
}

func parseWrite(id string) (writeKind, string, error) {
	parts := strings.Split(id, ";")
	if len(parts) != 3 {
		return writeKind{}, "", fmt.Errorf("want origin;type;op")
	}
	op, err := strconv.ParseUint(parts[2], 10, 32)
	if err != nil {
		return writeKind{}, "", err
	}
	return writeKind{parts[1], ent.Op(op)}, parts[0], nil
}
