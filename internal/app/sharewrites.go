package app

import (
	"context"
	"log/slog"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/store"
)

// ShareWrites joins what this replica keeps from db to the other
// replicas' writes through ev (on PostgreSQL, LISTEN/NOTIFY): the counted
// writes committed here are published on store.WritesTopic, and those the
// others publish make stale what they affect here, at once
// (store.ShareWrites; docs/deploy.md, Freshness across replicas). stop
// ends both.
func ShareWrites(db *ent.Client, ev events.Broker, log *slog.Logger) (stop func()) {
	s := store.ShareWrites(db, func(ctx context.Context, id string) error {
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
