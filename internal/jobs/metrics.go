package jobs

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Collector reports River's queue on each scrape: the jobs by kind and
// state, and per kind the age of the oldest job waiting to be worked (a
// growing age is a queue falling behind).
func (r *Runner) Collector() prometheus.Collector { return queueCollector{r} }

var (
	jobsDesc = prometheus.NewDesc("gallery_jobs", "Background jobs by kind and state (River's river_job table).",
		[]string{"kind", "state"}, nil)
	ageDesc = prometheus.NewDesc("gallery_jobs_oldest_available_age_seconds",
		"Per kind, how long the oldest job ready to be worked has waited.", []string{"kind"}, nil)
	scrapeErrDesc = prometheus.NewDesc("gallery_jobs_scrape_error", "1 when the job queue could not be read.", nil, nil)
)

type queueCollector struct{ r *Runner }

func (c queueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- jobsDesc
	ch <- ageDesc
	ch <- scrapeErrDesc
}

func (c queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	failed := 0.0
	if err := c.collect(ctx, ch); err != nil {
		c.r.log.Warn("metrics: job queue", "err", err)
		failed = 1
	}
	ch <- prometheus.MustNewConstMetric(scrapeErrDesc, prometheus.GaugeValue, failed)
}

func (c queueCollector) collect(ctx context.Context, ch chan<- prometheus.Metric) error {
	db := c.r.db.SQL
	rows, err := db.QueryContext(ctx, `SELECT kind, state, count(*) FROM river_job GROUP BY kind, state`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var kind, state string
		var n int64
		if err := rows.Scan(&kind, &state, &n); err != nil {
			rows.Close()
			return err
		}
		ch <- prometheus.MustNewConstMetric(jobsDesc, prometheus.GaugeValue, float64(n), kind, state)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	rows, err = db.QueryContext(ctx, `SELECT kind, min(scheduled_at) FROM river_job WHERE state = 'available' GROUP BY kind`)
	if err != nil {
		return err
	}
	defer rows.Close()
	now := time.Now()
	for rows.Next() {
		var kind string
		var at any
		if err := rows.Scan(&kind, &at); err != nil {
			return err
		}
		if t, ok := asTime(at); ok {
			ch <- prometheus.MustNewConstMetric(ageDesc, prometheus.GaugeValue, max(0, now.Sub(t).Seconds()), kind)
		}
	}
	return rows.Err()
}

// asTime reads a timestamp as PostgreSQL (time.Time) or SQLite (text, as
// River's SQLite driver writes it) gives it.
func asTime(v any) (time.Time, bool) {
	switch t := v.(type) {
	case time.Time:
		return t, true
	case []byte:
		return asTime(string(t))
	case string:
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999Z07:00",
			"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999"} {
			if p, err := time.Parse(layout, t); err == nil {
				return p, true
			}
		}
	}
	return time.Time{}, false
}
