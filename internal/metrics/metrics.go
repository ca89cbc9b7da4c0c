// Package metrics holds the server's Prometheus metrics and serves them
// (METRICS_ADDR, off by default) on their own address, never on the
// public one.
//
// The counters below are the process's: every server of a process (tests
// run several) adds to them. What belongs to one database (its pool, its
// job queue) is collected per server by Handler.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/studio/gallery/internal/mail"
)

const namespace = "gallery"

var (
	// Requests are the HTTP requests by route pattern, method and status.
	Requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "http_request_duration_seconds",
		Help:    "HTTP requests by route pattern (chi's, \"client\" for the web client's pages), method and status, with their latency.",
		Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10},
	}, []string{"route", "method", "status"})

	// GraphQLOperations are the operations gqlgen executed, by name and
	// type (an answer kept before gqlgen counts in CacheLookups instead).
	GraphQLOperations = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "graphql_operations_total",
		Help: "GraphQL operations executed, by name (OperationName's bounded label) and type (query, mutation, subscription).",
	}, []string{"operation", "type"})

	// Mails are the e-mails handed to the mail server (or the outbox).
	Mails = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "mails_total",
		Help: "E-mails by result: sent, failed (a failed one is retried by its job).",
	}, []string{"result"})

	// WebsocketConnections is the number of open GraphQL websockets
	// (each carries a visitor's or the photographer's subscriptions).
	WebsocketConnections = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: namespace, Name: "websocket_connections",
		Help: "Open GraphQL websocket connections (subscribers).",
	})

	// CacheLookups are the lookups of the kept answers, by result.
	CacheLookups = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "cache_lookups_total",
		Help: "Lookups of kept GraphQL gallery answers by result (hit, miss).",
	}, []string{"result"})
)

// maxOperationNames bounds the operation label: anyone may name an
// operation, and each new name would be a new series kept for ever.
const maxOperationNames = 300

var (
	opNamesMu sync.Mutex
	opNames   = map[string]bool{}
)

// OperationName is the label of an operation name: the name itself for
// the first maxOperationNames names seen (the client has about a hundred),
// "other" after, "" for an anonymous operation.
func OperationName(name string) string {
	if name == "" {
		return ""
	}
	if len(name) > 100 {
		return "other"
	}
	opNamesMu.Lock()
	defer opNamesMu.Unlock()
	if opNames[name] {
		return name
	}
	if len(opNames) >= maxOperationNames {
		return "other"
	}
	opNames[name] = true
	return name
}

// Method is the label of an HTTP method: the usual ones, else "other".
func Method(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return m
	}
	return "other"
}

// shared are the process's collectors.
var shared = []prometheus.Collector{Requests, GraphQLOperations, Mails, WebsocketConnections, CacheLookups,
	collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{})}

// Handler serves the metrics in Prometheus's text format: the process's,
// db's pool (go_sql_*, named "gallery") and extra collectors (the job
// queue). Each call makes its own registry, so several servers of one
// process each have theirs.
func Handler(db *sql.DB, extra ...prometheus.Collector) http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(shared...)
	if db != nil {
		reg.MustRegister(collectors.NewDBStatsCollector(db, namespace))
	}
	reg.MustRegister(extra...)
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg, Timeout: 10 * time.Second})
}

// CountMails wraps a sender to count what it sends and fails.
func CountMails(s mail.Sender) mail.Sender { return countingSender{s} }

type countingSender struct{ mail.Sender }

func (c countingSender) Send(ctx context.Context, m mail.Message) error {
	err := c.Sender.Send(ctx, m)
	if err != nil {
		Mails.WithLabelValues("failed").Inc()
	} else {
		Mails.WithLabelValues("sent").Inc()
	}
	return err
}
