// Package events carries "this object changed" notices to subscribers, in
// one process or across servers sharing a PostgreSQL database. An event is
// only a topic and an id: the data stays in tables, and subscribers read it
// from there, so a lost or coalesced event never shows stale data for long.
package events

import (
	"context"
	"sync"
)

// Event says that the object ID under Topic changed. An empty ID asks the
// subscriber to resynchronise from the tables (sent after a reconnect).
type Event struct {
	Topic string
	ID    string
}

// Resync reports whether the event asks for a full reload.
func (e Event) Resync() bool { return e.ID == "" }

// Broker publishes events and hands them to subscribers.
type Broker interface {
	// Publish announces a change. On PostgreSQL it may run inside a
	// transaction, and is then delivered only if it commits.
	Publish(ctx context.Context, topic, id string) error
	// Subscribe listens to a topic until the subscription is closed.
	Subscribe(topic string) *Subscription
	// Close stops the broker and ends every subscription.
	Close() error
}

// Subscription receives the events of one topic. Events pending delivery
// are coalesced by id, so a slow subscriber never blocks publishers.
type Subscription struct {
	topic   string
	hub     *hub
	mu      sync.Mutex
	pending []Event
	seen    map[string]bool
	signal  chan struct{}
	done    chan struct{}
	once    sync.Once
	// notify, when set, is called after each delivery and on close.
	notify func()
}

// Notify makes the subscription call fn after each delivery and once it is
// closed, instead of a goroutine waiting in Next: an idle subscriber then
// holds no goroutine. fn runs on the publisher's goroutine and must not
// block; it reads the events with Take.
func (s *Subscription) Notify(fn func()) {
	s.mu.Lock()
	s.notify = fn
	pending := len(s.pending) > 0
	s.mu.Unlock()
	select {
	case <-s.done:
		fn()
		return
	default:
	}
	if pending {
		fn()
	}
}

// Take returns the pending events without waiting, and whether the
// subscription is closed.
func (s *Subscription) Take() ([]Event, bool) {
	s.mu.Lock()
	out := s.pending
	s.pending, s.seen = nil, map[string]bool{}
	s.mu.Unlock()
	select {
	case <-s.done:
		return out, true
	default:
		return out, false
	}
}

func (s *Subscription) notified() {
	s.mu.Lock()
	fn := s.notify
	s.mu.Unlock()
	if fn != nil {
		fn()
	}
}

// Next waits for events and returns those pending, oldest first. It returns
// ctx's error when ctx ends, and ErrClosed once the subscription is closed.
func (s *Subscription) Next(ctx context.Context) ([]Event, error) {
	for {
		s.mu.Lock()
		if len(s.pending) > 0 {
			out := s.pending
			s.pending, s.seen = nil, map[string]bool{}
			s.mu.Unlock()
			return out, nil
		}
		s.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-s.done:
			return nil, ErrClosed
		case <-s.signal:
		}
	}
}

// Close ends the subscription.
func (s *Subscription) Close() {
	s.once.Do(func() {
		s.hub.remove(s)
		close(s.done)
	})
	s.notified()
}

func (s *Subscription) deliver(e Event) {
	s.mu.Lock()
	key := e.ID
	if !s.seen[key] {
		s.seen[key] = true
		s.pending = append(s.pending, e)
	}
	fn := s.notify
	s.mu.Unlock()
	select {
	case s.signal <- struct{}{}:
	default:
	}
	if fn != nil {
		fn()
	}
}

// ErrClosed is returned by Next after the subscription or broker closed.
var ErrClosed = errClosed{}

type errClosed struct{}

func (errClosed) Error() string { return "events: closed" }

// hub fans events out to the subscriptions of this process.
type hub struct {
	mu     sync.RWMutex
	topics map[string]map[*Subscription]struct{}
	closed bool
}

func newHub() *hub { return &hub{topics: map[string]map[*Subscription]struct{}{}} }

func (h *hub) subscribe(topic string) *Subscription {
	s := &Subscription{topic: topic, hub: h, seen: map[string]bool{},
		signal: make(chan struct{}, 1), done: make(chan struct{})}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(s.done)
		return s
	}
	if h.topics[topic] == nil {
		h.topics[topic] = map[*Subscription]struct{}{}
	}
	h.topics[topic][s] = struct{}{}
	return s
}

func (h *hub) remove(s *Subscription) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if subs := h.topics[s.topic]; subs != nil {
		delete(subs, s)
		if len(subs) == 0 {
			delete(h.topics, s.topic)
		}
	}
}

func (h *hub) publish(e Event) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for s := range h.topics[e.Topic] {
		s.deliver(e)
	}
}

// resyncAll asks every subscriber to reload, after events may have been lost.
func (h *hub) resyncAll() {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for topic, subs := range h.topics {
		for s := range subs {
			s.deliver(Event{Topic: topic})
		}
	}
}

func (h *hub) close() {
	h.mu.Lock()
	var all []*Subscription
	for _, subs := range h.topics {
		for s := range subs {
			all = append(all, s)
		}
	}
	h.topics, h.closed = map[string]map[*Subscription]struct{}{}, true
	h.mu.Unlock()
	for _, s := range all {
		s.once.Do(func() { close(s.done) })
		s.notified()
	}
}

// Subscribers counts open subscriptions, for metrics and tests.
func (h *hub) subscribers() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := 0
	for _, subs := range h.topics {
		n += len(subs)
	}
	return n
}

// Local is the in-process broker of the embedded default (one server).
type Local struct{ h *hub }

// NewLocal returns an in-process broker.
func NewLocal() *Local { return &Local{h: newHub()} }

// Publish delivers at once to this process's subscribers.
func (l *Local) Publish(_ context.Context, topic, id string) error {
	l.h.publish(Event{Topic: topic, ID: id})
	return nil
}

// Subscribe listens to a topic.
func (l *Local) Subscribe(topic string) *Subscription { return l.h.subscribe(topic) }

// Subscribers counts open subscriptions.
func (l *Local) Subscribers() int { return l.h.subscribers() }

// Close ends every subscription.
func (l *Local) Close() error { l.h.close(); return nil }
