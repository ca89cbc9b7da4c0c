package events

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/studio/gallery/internal/testdb"
)

// BenchmarkEventLatency publishes 1,000 events per second (one every
// millisecond) and measures how long each takes to reach a subscriber: on
// the in-process broker, and, with TEST_DATABASE=postgres, from one
// server's broker to another's through LISTEN/NOTIFY. It reports the p50
// and p99 latency in milliseconds (target: p99 under 100 ms).
func BenchmarkEventLatency(b *testing.B) {
	b.Run("local", func(b *testing.B) {
		br := NewLocal()
		defer br.Close()
		latency(b, br, br)
	})
	b.Run("postgres", func(b *testing.B) {
		if !testdb.Postgres() {
			b.Skip("TEST_DATABASE=postgres")
		}
		url := testdb.CreatePostgres(b)
		db, err := sql.Open("pgx", url)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		ctx := context.Background()
		pub, err := NewPostgres(ctx, db, url, log)
		if err != nil {
			b.Fatal(err)
		}
		defer pub.Close()
		sub, err := NewPostgres(ctx, db, url, log)
		if err != nil {
			b.Fatal(err)
		}
		defer sub.Close()
		latency(b, pub, sub)
	})
}

func latency(b *testing.B, pub, sub Broker) {
	const perRun = 1000
	s := sub.Subscribe("bench")
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var lat []time.Duration
	sent := make([]time.Time, perRun)
	b.ResetTimer()
	for range b.N {
		got := make(chan struct{})
		seen := 0
		go func() {
			defer close(got)
			for seen < perRun {
				evs, err := s.Next(ctx)
				if err != nil {
					return
				}
				now := time.Now()
				for _, e := range evs {
					if i, err := strconv.Atoi(e.ID); err == nil {
						lat = append(lat, now.Sub(sent[i]))
						seen++
					}
				}
			}
		}()
		tick := time.NewTicker(time.Millisecond)
		for i := range perRun {
			<-tick.C
			sent[i] = time.Now()
			if err := pub.Publish(ctx, "bench", strconv.Itoa(i)); err != nil {
				b.Fatal(err)
			}
		}
		tick.Stop()
		<-got
		if seen < perRun {
			b.Fatalf("%d of %d events arrived", seen, perRun)
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))]) / float64(time.Millisecond) }
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op")
}
