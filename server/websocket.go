package server

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/gorilla/websocket"

	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/metrics"
	"github.com/studio/gallery/internal/viewer"
)

// wsReadLimit bounds one client message.
const wsReadLimit = 64 << 10

// Websocket buffers: client messages are small (subscribe, ping), and a
// message larger than a buffer is read or written in several pieces.
const (
	wsReadBufferSize  = 1 << 10
	wsWriteBufferSize = 4 << 10
)

// wsWriteBuffers lends write buffers to connections while they write.
var wsWriteBuffers = &sync.Pool{}

// gorillaWS adapts gorilla/websocket to gqlgen's websocket transport. The
// handshake accepts only the configured origins (never any origin).
type gorillaWS struct {
	allowed []string
}

var _ transport.WebsocketImplementation = gorillaWS{}

// originAllowed accepts same-host requests and the configured origins.
func (g gorillaWS) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		// Not a browser: the cookie-less client authenticates in its init payload.
		return true
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	return slices.Contains(g.allowed, strings.TrimRight(origin, "/"))
}

func (g gorillaWS) Accept(w http.ResponseWriter, r *http.Request, o transport.WebsocketAcceptOptions) (transport.WebsocketConn, error) {
	up := websocket.Upgrader{
		HandshakeTimeout: 10 * time.Second,
		Subprotocols:     o.Subprotocols,
		CheckOrigin:      g.originAllowed,
		// An idle subscriber holds a small read buffer and no write
		// buffer: one is taken from the pool for each message written.
		// net/http's 4 KiB buffers are released with the HTTP request
		// (detachWebsockets).
		ReadBufferSize:  wsReadBufferSize,
		WriteBufferSize: wsWriteBufferSize,
		WriteBufferPool: wsWriteBuffers,
	}
	c, err := up.Upgrade(w, r, o.ResponseHeader)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(wsReadLimit)
	gc := &gorillaConn{c: c}
	gc.keepAlive()
	metrics.WebsocketConnections.Inc()
	return gc, nil
}

// wsPingInterval is how often the server pings each connection with a
// websocket ping frame (browsers and client libraries answer on their
// own); a peer silent for two intervals is dropped.
const wsPingInterval = 20 * time.Second

// keepAlive pings the peer from a timer rather than a goroutine, so an
// idle connection costs no stack for it; every pong (or message) read by
// the connection's reader pushes the read deadline further.
func (g *gorillaConn) keepAlive() {
	extend := func() error { return g.c.SetReadDeadline(time.Now().Add(2 * wsPingInterval)) }
	_ = extend()
	g.c.SetPongHandler(func(string) error { return extend() })
	//lint:ignore S1021 ping reschedules itself, so it is declared first
	var ping func()
	ping = func() {
		if err := g.c.WriteControl(websocket.PingMessage, nil, time.Now().Add(5*time.Second)); err != nil {
			return // closed: stop pinging
		}
		g.mu.Lock()
		if g.pinger != nil {
			g.pinger.Reset(wsPingInterval)
		}
		g.mu.Unlock()
	}
	g.mu.Lock()
	g.pinger = time.AfterFunc(wsPingInterval, ping)
	g.mu.Unlock()
}

// gorillaConn serialises writes: gorilla allows one writer at a time.
type gorillaConn struct {
	c      *websocket.Conn
	mu     sync.Mutex
	pinger *time.Timer
}

var (
	_ transport.WebsocketConn          = (*gorillaConn)(nil)
	_ transport.WebsocketReadLimiter   = (*gorillaConn)(nil)
	_ transport.WebsocketReadDeadliner = (*gorillaConn)(nil)
)

func (g *gorillaConn) NextReader() (int, io.Reader, error) {
	t, r, err := g.c.NextReader()
	if err == nil {
		// Any message shows the peer is alive.
		_ = g.c.SetReadDeadline(time.Now().Add(2 * wsPingInterval))
	}
	if err != nil && websocket.IsCloseError(err, websocket.CloseNormalClosure, websocket.CloseGoingAway, websocket.CloseNoStatusReceived) {
		return t, nil, transport.ErrWebsocketClosed
	}
	return t, r, err
}

func (g *gorillaConn) WriteJSON(v any) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	_ = g.c.SetWriteDeadline(time.Now().Add(10 * time.Second))
	return g.c.WriteJSON(v)
}

func (g *gorillaConn) WriteClose(code int, msg string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	err := g.c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, msg), time.Now().Add(time.Second))
	if errors.Is(err, websocket.ErrCloseSent) {
		return nil
	}
	return err
}

func (g *gorillaConn) Subprotocol() string { return g.c.Subprotocol() }
func (g *gorillaConn) Close() error {
	g.mu.Lock()
	if g.pinger != nil {
		// The first Close: the connection is counted no more.
		g.pinger.Stop()
		g.pinger = nil
		metrics.WebsocketConnections.Dec()
	}
	g.mu.Unlock()
	return g.c.Close()
}
func (g *gorillaConn) SetReadLimit(n int64)              { g.c.SetReadLimit(min(n, wsReadLimit)) }
func (g *gorillaConn) SetReadDeadline(t time.Time) error { return g.c.SetReadDeadline(t) }

// websocketTransport serves graphql-transport-ws and the legacy graphql-ws.
// The upgrade request went through withViewer, so the context already
// knows the viewer from the cookies. The connection_init payload may add
// {"authorization": "Bearer glt_..."} (scripts without cookies) and
// {"galleryId": "gal_..."}: a bad token or a gallery the viewer may not
// open refuses the connection. Each subscription checks its own object too.
func (s *Server) websocketTransport() transport.Websocket {
	return transport.Websocket{
		Implementation: gorillaWS{allowed: s.Config.AllowedOrigins},
		InitTimeout:    10 * time.Second,
		// The legacy protocol's keep-alive message; graphql-transport-ws
		// connections are kept alive by websocket pings (keepAlive), which
		// need no goroutine per connection.
		KeepAlivePingInterval: 15 * time.Second,
		InitFunc:              s.websocketInit,
	}
}

// wsCloseForbidden is the close code graphql-transport-ws gives a refused
// connection_init.
const wsCloseForbidden = 4403

// websocketInit checks the connection_init payload.
func (s *Server) websocketInit(ctx context.Context, p transport.InitPayload) (context.Context, *transport.InitPayload, error) {
	if h := p.Authorization(); h != "" {
		scheme, token, _ := strings.Cut(h, " ")
		if !strings.EqualFold(scheme, "Bearer") {
			return refuseInit(ctx, "authorization: Bearer <token> expected")
		}
		_, pid, err := s.Tokens.Authenticate(ctx, strings.TrimSpace(token))
		if err != nil {
			return refuseInit(ctx, "invalid token")
		}
		v := *viewer.FromContext(ctx)
		v.PhotographerID = pid
		ctx = viewer.NewContext(ctx, &v)
	}
	if id, _ := p["galleryId"].(string); id != "" {
		g, err := s.Galleries.ByID(ctx, id)
		if err != nil {
			return refuseInit(ctx, "gallery not found")
		}
		if err := galleries.RequireAccess(ctx, g); err != nil {
			return refuseInit(ctx, "unauthorized")
		}
	}
	return ctx, nil, nil
}

// refuseInit refuses a connection: the legacy protocol gets msg in a
// connection_error, then both are closed with 4403 and msg as the reason.
// gqlgen would otherwise close with 1000, which clients take for a normal
// end rather than a refusal.
func refuseInit(ctx context.Context, msg string) (context.Context, *transport.InitPayload, error) {
	ctx = transport.AppendCloseReason(transport.WithWebsocketCloseCode(ctx, wsCloseForbidden), msg)
	return ctx, nil, errors.New(msg)
}

// serverLifeKey carries, in every request's context, the context of the
// server's life (ListenAndServe's), which ends when it shuts down.
type serverLifeKey struct{}

// detachWebsockets serves each websocket upgrade on a goroutine of its own
// and lets the HTTP handler return as soon as the connection is hijacked.
// net/http then forgets the connection: its request, response and
// buffers, and the handler's deep stack, are not kept for the hours a
// subscriber may stay. The connection's context is a new one, with what
// it needs of the request's (the viewer, the request id), that ends with
// the server instead of the HTTP request, and that does not hold the
// HTTP response (access.WithResponse) and with it net/http's connection.
func detachWebsockets(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") == "" {
			next.ServeHTTP(w, r)
			return
		}
		ctx, _ := r.Context().Value(serverLifeKey{}).(context.Context)
		if ctx == nil {
			ctx = context.Background()
		}
		ctx = viewer.NewContext(ctx, viewer.FromContext(r.Context()))
		if id := middleware.GetReqID(r.Context()); id != "" {
			ctx = context.WithValue(ctx, middleware.RequestIDKey, id)
		}
		hw := &hijackWriter{w: w, done: make(chan struct{})}
		detached := r.WithContext(ctx)
		go func() {
			defer hw.release()
			next.ServeHTTP(hw, detached)
		}()
		<-hw.done
	})
}

// hijackWriter hands the response writer to the connection's goroutine
// until the hijack, and lets the HTTP handler go at that moment (or when
// the upgrade failed and its answer was written).
type hijackWriter struct {
	mu   sync.Mutex
	w    http.ResponseWriter // nil once released
	once sync.Once
	done chan struct{}
}

func (h *hijackWriter) release() { h.once.Do(func() { close(h.done) }) }

func (h *hijackWriter) writer() http.ResponseWriter {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.w
}

func (h *hijackWriter) Header() http.Header {
	if w := h.writer(); w != nil {
		return w.Header()
	}
	return http.Header{}
}

func (h *hijackWriter) Write(b []byte) (int, error) {
	if w := h.writer(); w != nil {
		return w.Write(b)
	}
	return 0, http.ErrHijacked
}

func (h *hijackWriter) WriteHeader(code int) {
	if w := h.writer(); w != nil {
		w.WriteHeader(code)
	}
}

func (h *hijackWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.w == nil {
		return nil, nil, http.ErrHijacked
	}
	hj, ok := h.w.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("websocket: the response cannot be hijacked")
	}
	c, brw, err := hj.Hijack()
	if err == nil {
		h.w = nil
		h.release()
	}
	return c, brw, err
}
