package server_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studio/gallery/internal/testdb"
)

// BenchmarkBuyers is 50 buyers at once, each with their own browser and
// confirmed e-mail, each filling a cart (a 10x15 print, a HD file, the
// address: three cart mutations over REST) and placing the order (test
// payment provider), over and over: b.N checkouts in all. It reports
// checkouts and cart mutations per second and the p50/p99 latency of
// each kind of call. PostgreSQL only (TEST_DATABASE=postgres): SQLite
// writes one at a time.
func BenchmarkBuyers(b *testing.B) {
	if !testdb.Postgres() {
		b.Skip("PostgreSQL only: TEST_DATABASE=postgres")
	}
	o := newOrderEnv(b)
	const buyers = 50
	people := make([]*env, buyers)
	for i := range people {
		people[i] = o.person(fmt.Sprintf("buyer%02d@example.com", i), o.gala, "")
	}
	address := map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"}
	type call struct {
		method, path string
		body         any
		mutation     bool
	}
	steps := []call{
		{"POST", "/api/cart/formats/" + o.photos[0].ID + "/" + o.p10x15, nil, true},
		{"POST", "/api/cart/digitalFiles/" + o.photos[1].ID + "/" + o.hd, nil, true},
		{"POST", "/api/cart/address", address, true},
		{"POST", "/api/orders", map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true,
			"expectedTotal": "16.40"}, false}, // 2.50 + 9.00 + 4.90 to BE
	}
	var (
		next, failures atomic.Int64
		mu             sync.Mutex
		cartLat        []time.Duration
		orderLat       []time.Duration
	)
	b.ResetTimer()
	var wg sync.WaitGroup
	for _, p := range people {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var cl, ol []time.Duration
			for next.Add(1) <= int64(b.N) {
				for _, s := range steps {
					t0 := time.Now()
					res, raw := p.do(s.method, s.path, s.body, map[string]string{"X-Gallery-Id": o.gala})
					d := time.Since(t0)
					if res.StatusCode != 200 {
						if failures.Add(1) == 1 {
							var e restError
							_ = json.Unmarshal(raw, &e)
							b.Errorf("%s %s: %d %+v", s.method, s.path, res.StatusCode, e)
						}
						break
					}
					if s.mutation {
						cl = append(cl, d)
					} else {
						ol = append(ol, d)
					}
				}
			}
			mu.Lock()
			cartLat, orderLat = append(cartLat, cl...), append(orderLat, ol...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(len(orderLat))/secs, "orders/s")
	b.ReportMetric(float64(len(cartLat))/secs, "cart-mutations/s")
	slices.Sort(cartLat)
	slices.Sort(orderLat)
	b.ReportMetric(msAt(cartLat, 0.50), "cart-p50-ms")
	b.ReportMetric(msAt(cartLat, 0.99), "cart-p99-ms")
	b.ReportMetric(msAt(orderLat, 0.50), "order-p50-ms")
	b.ReportMetric(msAt(orderLat, 0.99), "order-p99-ms")
	b.ReportMetric(0, "ns/op")
}

// msAt is the nearest-rank percentile of sorted durations, in milliseconds.
func msAt(sorted []time.Duration, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := min(len(sorted)-1, max(0, int(p*float64(len(sorted))+0.999999)-1))
	return float64(sorted[i]) / float64(time.Millisecond)
}
