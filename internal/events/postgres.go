package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// channel is the PostgreSQL notification channel every server listens on.
const channel = "gallery_events"

// Postgres carries events across servers with LISTEN/NOTIFY on a dedicated
// connection. Publishing goes through the shared pool (inside the caller's
// transaction when there is one, so events of rolled-back work are never
// sent). After the listening connection drops, it reconnects and asks every
// local subscriber to resynchronise from the tables.
type Postgres struct {
	h      *hub
	db     *sql.DB
	url    string
	log    *slog.Logger
	cancel context.CancelFunc
	wg     sync.WaitGroup
	ready  chan struct{}
}

// NewPostgres starts listening; it returns once the first LISTEN is in place.
func NewPostgres(ctx context.Context, db *sql.DB, url string, log *slog.Logger) (*Postgres, error) {
	lctx, cancel := context.WithCancel(context.Background())
	p := &Postgres{h: newHub(), db: db, url: url, log: log, cancel: cancel, ready: make(chan struct{})}
	p.wg.Add(1)
	go p.listen(lctx)
	select {
	case <-p.ready:
		return p, nil
	case <-ctx.Done():
		p.Close()
		return nil, fmt.Errorf("events: listen: %w", ctx.Err())
	case <-time.After(30 * time.Second):
		p.Close()
		return nil, errors.New("events: listen: PostgreSQL did not answer")
	}
}

// Execer runs a statement: *sql.DB, *sql.Tx or *sql.Conn.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Publish sends the event to every server, this one included.
func (p *Postgres) Publish(ctx context.Context, topic, id string) error {
	return p.PublishWith(ctx, p.db, topic, id)
}

// PublishWith sends the event through ex, typically the caller's transaction:
// PostgreSQL then delivers it only when the transaction commits.
func (p *Postgres) PublishWith(ctx context.Context, ex Execer, topic, id string) error {
	return Notify(ctx, ex, topic, id)
}

// Notify sends the event to every server listening on the database ex
// reaches, without listening itself (the binary's commands).
func Notify(ctx context.Context, ex Execer, topic, id string) error {
	if strings.Contains(topic, "|") {
		return fmt.Errorf("events: topic %q contains |", topic)
	}
	if _, err := ex.ExecContext(ctx, "SELECT pg_notify($1, $2)", channel, topic+"|"+id); err != nil {
		return fmt.Errorf("events: notify: %w", err)
	}
	return nil
}

// Subscribe listens to a topic.
func (p *Postgres) Subscribe(topic string) *Subscription { return p.h.subscribe(topic) }

// Subscribers counts open subscriptions.
func (p *Postgres) Subscribers() int { return p.h.subscribers() }

// Close stops listening and ends every subscription.
func (p *Postgres) Close() error {
	p.cancel()
	p.wg.Wait()
	p.h.close()
	return nil
}

func (p *Postgres) listen(ctx context.Context) {
	defer p.wg.Done()
	first := true
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := p.session(ctx, func() {
			if first {
				close(p.ready)
				first = false
			} else {
				// Events sent while we were away are lost: reload from tables.
				p.h.resyncAll()
			}
			backoff = 100 * time.Millisecond
		})
		if ctx.Err() != nil {
			return
		}
		p.log.Warn("events: listening connection lost, reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 10*time.Second)
	}
}

// session holds one LISTEN connection until it fails.
func (p *Postgres) session(ctx context.Context, listening func()) error {
	conn, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		topic, id, ok := strings.Cut(n.Payload, "|")
		if !ok {
			continue
		}
		p.h.publish(Event{Topic: topic, ID: id})
	}
}
