package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/gorilla/websocket"

	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/viewer"
)

// wsReadLimit bounds one client message.
const wsReadLimit = 64 << 10

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
		// No buffer sizes: gorilla then reads and writes through the
		// buffers net/http hands over with the hijacked connection (which
		// the handler's frames keep alive anyway) instead of allocating
		// its own.
	}
	c, err := up.Upgrade(w, r, o.ResponseHeader)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(wsReadLimit)
	gc := &gorillaConn{c: c}
	gc.keepAlive()
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
		g.pinger.Stop()
		g.pinger = nil
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
