package app

import (
	"context"
	"log/slog"

	"entgo.io/ent/dialect"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/store"
)

// ShareWrites joins what this replica keeps from db to the other
// replicas' writes through ev (on PostgreSQL, LISTEN/NOTIFY): the counted
// writes committed here are published on store.WritesTopic, and those the
// others publish make stale what they affect here, at once
// (store.ShareWrites; docs/deploy.md, Freshness across replicas). stop
// ends both.
func ShareWrites(db *store.DB, ev events.Broker, log *slog.Logger) (stop func()) {
	s := db.ShareWrites(func(ctx context.Context, id string) error {
		return ev.Publish(ctx, store.WritesTopic, id)
	}, log)
	sub := ev.Subscribe(store.WritesTopic)
	sub.Notify(func() {
		evs, _ := sub.Take()
		for _, e := range evs {
			s.Receive(e.ID) // an empty id (a resynchronisation) makes everything stale
		}
	})
	return func() {
		s.Stop()
		sub.Close()
	}
}

// AnnounceWrites makes the binary's commands tell the servers of their
// writes on PostgreSQL, as the servers tell each other
// (store.DB.AnnounceWrites, through NOTIFY without listening); on SQLite
// the commands announce them through a file (store.Options.Announce) and
// this does nothing. What is pending is sent when db is closed.
func AnnounceWrites(db *store.DB, log *slog.Logger) {
	if db.Dialect != dialect.Postgres {
		return
	}
	db.AnnounceWrites(func(ctx context.Context, id string) error {
		return events.Notify(ctx, db.SQL, store.WritesTopic, id)
	}, log)
}
