package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

var metricsRE = regexp.MustCompile(`msg=metrics addr=(\S+)`)

// TestMetricsAndReadiness runs a server with METRICS_ADDR, makes a
// visitor's requests (REST, a GraphQL query twice, an e-mailed code) and
// scrapes /metrics: the series of requests, GraphQL operations, kept
// answers, e-mails, websockets, the job queue and the database pool are
// there and parse. /readyz answers ready; the public address does not
// serve the metrics.
func TestMetricsAndReadiness(t *testing.T) {
	t.Parallel()
	f := newFaultEnv(t, "")
	srv := f.serve("metrics", "METRICS_ADDR=127.0.0.1:0")
	m := metricsRE.FindStringSubmatch(srv.logs())
	if m == nil {
		t.Fatalf("no metrics address in the log:\n%s", srv.logs())
	}
	b := f.newShopper(srv.URL, "anne@example.com") // getData, photos, an e-mailed code
	query := map[string]any{"operationName": "MetricsProbe",
		"query": `query MetricsProbe { gallery(url: "gala-2026") { id eventName } }`}
	for range 2 {
		raw, _ := json.Marshal(query)
		res, err := http.Post(srv.URL+"/graphql", "application/json", bytes.NewReader(raw))
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("graphql: %v %v", res, err)
		}
		res.Body.Close()
	}
	if res, body := b.get(srv.URL + "/readyz"); res.StatusCode != 200 || string(body) != "ready" {
		t.Fatalf("readyz: %d %s", res.StatusCode, body)
	}
	if _, body := b.get(srv.URL + "/metrics"); bytes.Contains(body, []byte("# HELP")) {
		t.Fatal("the public address serves the metrics")
	}

	var families map[string]*dto.MetricFamily
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get("http://" + m[1] + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("metrics: %d %s", res.StatusCode, raw)
		}
		parser := expfmt.NewTextParser(model.UTF8Validation)
		families, err = parser.TextToMetricFamilies(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("metrics do not parse: %v\n%s", err, raw)
		}
		// The e-mail is sent by a job: wait for its count and its job's end.
		if has(families, "gallery_mails_total", map[string]string{"result": "sent"}) &&
			has(families, "gallery_jobs", map[string]string{"kind": "mail_send", "state": "completed"}) || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	for _, want := range []struct {
		name   string
		labels map[string]string
	}{
		{"gallery_http_request_duration_seconds", map[string]string{"route": "/api/core/getData", "method": "POST", "status": "200"}},
		{"gallery_http_request_duration_seconds", map[string]string{"route": "/api/photos", "method": "GET", "status": "200"}},
		{"gallery_http_request_duration_seconds", map[string]string{"route": "/readyz", "method": "GET", "status": "200"}},
		{"gallery_graphql_operations_total", map[string]string{"operation": "MetricsProbe", "type": "query"}},
		{"gallery_cache_lookups_total", map[string]string{"result": "hit"}},
		{"gallery_mails_total", map[string]string{"result": "sent"}},
		{"gallery_websocket_connections", nil},
		{"gallery_jobs", map[string]string{"kind": "mail_send", "state": "completed"}},
		{"gallery_jobs_scrape_error", nil},
		{"go_sql_open_connections", map[string]string{"db_name": "gallery"}},
		{"go_goroutines", nil},
	} {
		if !has(families, want.name, want.labels) {
			t.Errorf("no %s %v in %v", want.name, want.labels, families[want.name])
		}
	}
	if v := families["gallery_jobs_scrape_error"].GetMetric()[0].GetGauge().GetValue(); v != 0 {
		t.Errorf("the job queue could not be read")
	}
}

// has says whether a family holds a series with these labels.
func has(families map[string]*dto.MetricFamily, name string, labels map[string]string) bool {
	fam := families[name]
	if fam == nil {
		return false
	}
next:
	for _, m := range fam.GetMetric() {
		got := map[string]string{}
		for _, l := range m.GetLabel() {
			got[l.GetName()] = l.GetValue()
		}
		for k, v := range labels {
			if !strings.EqualFold(got[k], v) {
				continue next
			}
		}
		return true
	}
	return false
}
