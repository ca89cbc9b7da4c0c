// Package server is the HTTP layer: GraphQL, the REST compatibility doors,
// media delivery and the client, around the domain packages.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/studio/gallery/graph/loader"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/app"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/metrics"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// Version is the build id, set at link time; the client compares it to offer a reload.
var Version = "dev"

// Server is the HTTP door: the REST routes, GraphQL (graph.Resolver holds
// the same Services), the websocket, media and the client. It adds no
// domain service of its own: those are built once by app.New.
type Server struct {
	*app.Services
	// Web is the built client; nil serves a notice instead.
	Web fs.FS
	// cache keeps gallery answers (gallerycache.go).
	cache *respCache
	// zips keeps the client assets in each encoding they are sent in (compress.go).
	zips assetZips
	// uploads is the tus door (uploads.go); nil without a photo service.
	uploads *resumable
	// gql is the POST /graphql handler with its answer cache, which the
	// client page's first data also goes through (firstdata.go); set by
	// Handler, once.
	gql     http.Handler
	gqlOnce sync.Once
}

// New returns the HTTP door over the services.
func New(svc *app.Services, web fs.FS) *Server {
	s := &Server{Services: svc, Web: web}
	s.cache = newRespCache(svc.KeepFor)
	s.cache.install(svc.DB.Client)
	u, err := s.newResumable()
	if err != nil {
		svc.Log.Error("resumable uploads disabled", "err", err)
	}
	s.uploads = u
	return s
}

// withLanguage puts the language the request asks for (Accept-Language:
// the client sends the visitor's choice there, a browser its own) in the
// context, for messages and e-mails (lang.Or adds the gallery's default).
func withLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if t, ok := lang.FromAcceptLanguage(r.Header.Get("Accept-Language")); ok {
			r = r.WithContext(lang.With(r.Context(), t))
		}
		next.ServeHTTP(w, r)
	})
}

// Handler returns every route of the server.
func (s *Server) Handler() http.Handler {
	r := chi.NewRouter()
	r.Use(measure, middleware.RequestID, compress, s.recoverer, withLanguage, s.withViewer, s.withPhotographer, s.withXSRF)
	r.Use(func(next http.Handler) http.Handler { return loader.Middleware(s.DB.Client, s.Catalogues, next) })

	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Get("/version", s.version)
	r.Get("/robots.txt", s.robots)
	// The client page's first data (firstdata.go) runs through this same handler.
	s.gqlOnce.Do(func() {
		s.gql = checkGraphQLRequestText(detachWebsockets(onlyPhotographerUploads(s.limitGraphQLBody(s.cachedGalleryQueries(s.graphqlHandler())))))
	})
	r.Handle("/graphql", s.gql)
	r.Get("/playground", s.playgroundHandler())

	if s.uploads != nil {
		// Outside /api's body limit: the tus PATCH bodies are files. The
		// photographer's cookie counts with X-Requested-With (withPhotographer).
		r.Handle(uploadsPath+"*", s.uploads)
		r.Handle(strings.TrimSuffix(uploadsPath, "/"), s.uploads)
	}
	r.Route("/api", func(r chi.Router) {
		r.Use(s.checkRequestText, s.limitBody, s.requireXSRF)
		r.Get("/auth", s.restAuth)
		r.Post("/auth/accessCode", s.restEnterCode(false))
		r.Post("/auth/clientCode", s.restEnterCode(true))
		r.Post("/auth/recoverClientCode", s.restRecoverClientCode)
		r.Post("/auth/email", s.restRequestEmailCode)
		r.Post("/auth/email/confirm", s.restConfirmEmail)
		r.Post("/auth/logout", s.restLogout)
		r.Post("/core/getData", s.restGetData)
		r.Get("/photos", s.restPhotos)
		r.Get("/videos", s.restVideos)
		r.Put("/photos/{photoId}", s.restUpdatePhoto)
		r.Post("/photos/clientHidden", s.restSetClientHidden)
		r.Get("/users/selections", s.restSelections)
		r.Post("/users/selections", s.restCreateSelection)
		r.Get("/users/selections/{selectionId}", s.restSelection)
		r.Delete("/users/selections/{selectionId}", s.restDeleteSelection)
		r.Post("/users/selections/{selectionId}/{photoId}/toggle/add", s.restAddToSelection)
		r.Post("/users/selections/{selectionId}/removePhotos", s.restRemoveFromSelection)
		r.Get("/galleries/photographerSelection", s.restPhotographerSelection)
		r.Get("/galleries/albumSelections", s.restAlbum)
		r.Post("/galleries/albumSelections/removePhotos", s.restRemoveFromAlbum)
		r.Post("/galleries/albumSelections/send", s.restSendAlbum)
		r.Post("/galleries/albumSelections/{photoId}/add", s.restAddToAlbum)
		r.Post("/galleries/share", s.restShare)
		r.Post("/galleries/contact", s.restContact)
		r.Post("/galleries/downloadRequests", s.restRequestDownload)
		r.Get("/galleries/downloadRequests/{id}", s.restDownload)
		r.Post("/galleries/downloadRequests/{id}/resend", s.restResendDownload)
		r.Post("/captcha", s.restNewCaptcha)
		r.Get("/captcha/{file}", s.restCaptchaFile)
		r.Route("/cart", s.cartRoutes)
		r.Route("/orders", s.orderRoutes)
		r.Get("/studio/exports/{file}", s.restStudioExport)
		r.Get("/payments/methods", s.restPaymentMethods)
		r.Post("/payments/webhook/{provider}", s.restWebhook)
		r.Get("/countries", s.restCountries)
		r.NotFound(func(w http.ResponseWriter, r *http.Request) { writeError(w, r, s.Log, apperr.ErrNotFound) })
	})
	r.Get("/media/photos/{photoID}/{hash}/{file}", s.servePhoto)
	r.Get("/media/music/{trackID}", s.serveMusic)
	r.Get("/media/downloads/{id}/{token}/{part}", s.serveDownload)
	r.Get("/media/printsheets/{id}/{file}", s.servePrintSheet)
	if s.TestPayments != nil {
		r.Get("/pay/test/{paymentId}", s.testPaymentPage)
		r.Post("/pay/test/{paymentId}", s.testPaymentChoice)
	}
	r.NotFound(s.serveClient)
	// A second wall behind the XSRF token: browsers say where a request
	// comes from, and cross-site unsafe requests are refused outright.
	cop := http.NewCrossOriginProtection()
	for _, o := range s.Config.AllowedOrigins {
		if err := cop.AddTrustedOrigin(o); err != nil {
			s.Log.Warn("ALLOWED_ORIGINS: ignored", "origin", o, "err", err)
		}
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, s.Log, errCrossOrigin)
	}))
	return cop.Handler(r)
}

// secure tells whether cookies must be Secure: the site is served over https.
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(s.Config.PublicURL, "https://")
}

// ListenAndServe serves until ctx ends, then stops gracefully: it stops
// accepting connections, closes the websockets (their context is ctx, so
// subscribers get a close frame at once and reconnect elsewhere), and lets
// the requests in flight finish for up to SHUTDOWN_TIMEOUT. Their contexts
// do not end with ctx (an upload or an order being placed when SIGTERM
// comes completes); only those still running at the deadline are
// cancelled and their connections closed.
func (s *Server) ListenAndServe(ctx context.Context, ln net.Listener) error {
	reqCtx, abort := context.WithCancel(context.WithValue(context.WithoutCancel(ctx), serverLifeKey{}, ctx))
	defer abort()
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		// Websocket connections outlive their HTTP request (detachWebsockets)
		// and end with the server's life, ctx.
		BaseContext: func(net.Listener) context.Context { return reqCtx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Log.Info("shutting down: draining requests in flight", "timeout", s.Config.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), s.Config.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		// Requests still running at the deadline are cancelled.
		s.Log.Warn("shutdown: requests still running at the deadline are cancelled", "err", err)
		abort()
		_ = srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.DB.SQL.PingContext(ctx); err != nil {
		s.Log.Error("healthz: database", "err", err)
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok"))
}

// readyz says whether this server can serve: the database answers, the
// blob store is reachable and the job runner works (or this replica only
// enqueues, WORK_JOBS=false). A load balancer sends traffic only to a
// ready server; /healthz says only that the process lives.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	var problems []string
	if err := s.DB.SQL.PingContext(ctx); err != nil {
		problems = append(problems, "database: "+err.Error())
	}
	if s.Media != nil {
		if ok, err := s.Media.Bucket.IsAccessible(ctx); err != nil || !ok {
			problems = append(problems, fmt.Sprintf("blob store: not accessible (%v)", err))
		}
	}
	if s.Jobs != nil && s.Config.WorkJobs && !s.Jobs.Working() {
		problems = append(problems, "jobs: the runner is not working")
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if len(problems) > 0 {
		s.Log.Error("readyz: not ready", "problems", problems)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(strings.Join(problems, "\n") + "\n"))
		return
	}
	_, _ = w.Write([]byte("ready"))
}

// measure counts each request in the metrics, by the route pattern chi
// matched ("client" for the web client's pages).
func measure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		route := "client"
		if rc := chi.RouteContext(r.Context()); rc != nil {
			if p := rc.RoutePattern(); p != "" && p != "/*" {
				route = p
			}
		}
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		metrics.Requests.WithLabelValues(route, metrics.Method(r.Method), strconv.Itoa(status)).Observe(time.Since(start).Seconds())
	})
}

func (s *Server) version(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"version": Version})
}

// sessionCookie names the browser, for anonymous carts.
const sessionCookie = "sid"

// withViewer puts the request's viewer in the context. Access grants and
// e-mail identity are read from signed cookies by the access package.
func (s *Server) withViewer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := &viewer.Viewer{ClientAddr: LimitAddr(ClientIP(r, s.Config.TrustedProxies)), Grants: map[string]viewer.Role{}}
		if c, err := r.Cookie(sessionCookie); err == nil && len(c.Value) == 32 {
			v.SessionKey = c.Value
		} else {
			v.SessionKey = ids.Token(32)
			http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: v.SessionKey, Path: "/",
				HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r), MaxAge: 365 * 24 * 3600})
		}
		ctx := access.WithResponse(viewer.NewContext(r.Context(), v), w, s.secure(r))
		if err := s.Access.Identify(ctx, v, r.Cookies()); err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if rec := recover(); rec != nil {
				if rec == http.ErrAbortHandler {
					panic(rec)
				}
				s.Log.Error("panic", "path", r.URL.Path, "panic", rec)
				writeError(w, r, s.Log, apperr.ErrInternal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// errorBody is what REST answers on failure. When an input has several
// problems, the first is the answer and Errors lists them all.
type errorBody struct {
	Code    string      `json:"code"`
	Message string      `json:"message"`
	Field   []string    `json:"field,omitempty"`
	Errors  []errorBody `json:"errors,omitempty"`
	// Suggestions are the corrected addresses of an address_suggestion.
	Suggestions []suggestionJSON `json:"suggestions,omitempty"`
	// RetryAfter is the seconds to wait, on a 429 (also the Retry-After header).
	RetryAfter int `json:"retryAfter,omitempty"`
	// Captcha is the captcha to copy, with captcha_required and
	// captcha_invalid from the access-code call.
	Captcha *captchaJSON `json:"captcha,omitempty"`
}

// writeError answers with the error's code and French message; anything
// not meant for users is logged and shown as a generic error.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	ae := apperr.As(err)
	if (ae == nil || ae.Code == apperr.ErrInternal.Code) && store.Unavailable(err) {
		// The database is restarting or out of reach: a stable code the
		// client can retry on, never a hang or a generic failure.
		ae = apperr.ErrDatabaseUnavailable
		w.Header().Set("Retry-After", "2")
	}
	if ae == nil {
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		ae = apperr.ErrInternal
	} else if ae.Status >= 500 {
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	body := errorBody{Code: ae.Code, Message: ae.Localized(r.Context()), Field: ae.Field}
	if ae.Status == http.StatusTooManyRequests {
		// Every 429 says how long to wait.
		body.RetryAfter = ae.RetryAfterSeconds()
		w.Header().Set("Retry-After", strconv.Itoa(body.RetryAfter))
	}
	var withCaptcha *access.CaptchaError
	if errors.As(err, &withCaptcha) && withCaptcha.Captcha != nil {
		body.Captcha = newCaptchaJSON(withCaptcha.Captcha)
	}
	if all := apperr.AsList(err); len(all) > 1 {
		for _, e := range all {
			body.Errors = append(body.Errors, errorBody{Code: e.Code, Message: e.Localized(r.Context()), Field: e.Field})
		}
	}
	var suggested *cart.SuggestionError
	if errors.As(err, &suggested) {
		for _, sg := range suggested.Suggestions {
			body.Suggestions = append(body.Suggestions, suggestionJSON{Field: sg.Field, Address: sg.Address})
		}
	}
	writeJSON(w, ae.Status, body)
}
