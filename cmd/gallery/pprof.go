package main

import (
	"log/slog"
	"net/http"
	"net/http/pprof"
	"os"
	"time"
)

// GALLERY_PPROF_ADDR (benchmarks and diagnosis only, e.g. 127.0.0.1:6060)
// serves the Go profiles (/debug/pprof/) on a separate listener, never on
// the public address. make bench uses it to take a CPU profile under load.
func init() {
	addr := os.Getenv("GALLERY_PPROF_ADDR")
	if addr == "" {
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.ListenAndServe(); err != nil {
			slog.Error("pprof", "addr", addr, "err", err)
		}
	}()
}
