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
	"github.com/studio/gallery/internal/events"
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

// ShareWrites publishes the counted writes committed through db on ev and
// applies the writes other replicas publish there. stop ends both (after
// sending what is pending).
//
// Notices are sent by one goroutine, after the commit, and coalesced: the
// kinds of write committed while a notice is being sent go out once, next
// (a transaction that reorders 500 photos sends one notice, not 500, and
// no request waits for a notice to be sent).
func ShareWrites(db *ent.Client, ev events.Broker, log *slog.Logger) (stop func()) {
	if log == nil {
		log = slog.Default()
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	s := &sharer{db: db, ev: ev, log: log, origin: hex.EncodeToString(b[:]),
		pending: map[writeKind]bool{}, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	sub := ev.Subscribe(WritesTopic)
	sub.Notify(func() {
		evs, _ := sub.Take()
		for _, e := range evs {
			s.apply(e)
		}
	})
	db.Use(s.hook)
	go s.run()
	return func() {
		close(s.stop)
		<-s.done
		sub.Close()
	}
}

type writeKind struct {
	t  string
	op ent.Op
}

type sharer struct {
	db     *ent.Client
	ev     events.Broker
	log    *slog.Logger
	origin string

	mu      sync.Mutex
	pending map[writeKind]bool // committed, not sent yet
	wake    chan struct{}
	stop    chan struct{}
	done    chan struct{}
}

// counted tells whether any Writes installed on the client counts k.
func (s *sharer) counted(k writeKind) bool { return len(matching(s.db, k.t, k.op)) > 0 }

func (s *sharer) hook(next ent.Mutator) ent.Mutator {
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
func (s *sharer) note(k writeKind) {
	s.mu.Lock()
	s.pending[k] = true
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// run sends what is pending whenever there is some, until stopped.
func (s *sharer) run() {
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
func (s *sharer) flush() {
	s.mu.Lock()
	kinds := s.pending
	s.pending = map[writeKind]bool{}
	s.mu.Unlock()
	for k := range kinds {
		id := s.origin + ";" + k.t + ";" + strconv.FormatUint(uint64(k.op), 10)
		if err := s.ev.Publish(context.Background(), WritesTopic, id); err != nil {
			s.log.Warn("store: telling the other replicas of a write failed", "type", k.t, "err", err)
		}
	}
}

// apply bumps the Writes a write told by another replica makes stale; a
// resynchronisation (the notices may have been lost) bumps them all.
func (s *sharer) apply(e events.Event) {
	if e.Resync() {
		BumpAll(s.db)
		return
	}
	k, origin, err := parseWrite(e.ID)
	if err != nil {
		s.log.Warn("store: a write notice is not understood", "id", e.ID, "err", err)
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
