package server_test

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

func TestWebsocketHandshakeChecksOriginAndSpeaksBothProtocols(t *testing.T) {
	e := newEnv(t, 1)
	wsURL := "ws" + strings.TrimPrefix(e.srv.URL, "http") + "/graphql"
	for _, tc := range []struct {
		name, origin, protocol string
		ok                     bool
	}{
		{"same origin, graphql-transport-ws", e.srv.URL, "graphql-transport-ws", true},
		{"same origin, legacy graphql-ws", e.srv.URL, "graphql-ws", true},
		{"configured origin", "http://localhost:8080", "graphql-transport-ws", true},
		{"foreign origin", "https://evil.example.com", "graphql-transport-ws", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := websocket.Dialer{Subprotocols: []string{tc.protocol}, HandshakeTimeout: 5 * time.Second}
			c, res, err := d.Dial(wsURL, http.Header{"Origin": {tc.origin}})
			if !tc.ok {
				if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
					t.Fatalf("foreign origin accepted: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer c.Close()
			if c.Subprotocol() != tc.protocol {
				t.Fatalf("subprotocol %q", c.Subprotocol())
			}
			if err := c.WriteJSON(map[string]any{"type": "connection_init", "payload": map[string]any{}}); err != nil {
				t.Fatal(err)
			}
			_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
			var msg struct{ Type string }
			if err := c.ReadJSON(&msg); err != nil || msg.Type != "connection_ack" {
				t.Fatalf("got %+v, %v; want connection_ack", msg, err)
			}
		})
	}
}

// A websocket outlives the HTTP request that opened it (the handler
// returns at the upgrade, see detachWebsockets) and ends with the server:
// stopping ListenAndServe closes it.
func TestWebsocketOutlivesItsRequestAndEndsWithTheServer(t *testing.T) {
	e := newEnv(t, 1)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	served := make(chan error, 1)
	go func() { served <- e.app.ListenAndServe(ctx, ln) }()

	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 5 * time.Second}
	c, _, err := d.Dial("ws://"+ln.Addr().String()+"/graphql", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if err := c.WriteJSON(map[string]any{"type": "connection_init", "payload": map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	var msg struct{ Type string }
	if err := c.ReadJSON(&msg); err != nil || msg.Type != "connection_ack" {
		t.Fatalf("got %+v, %v; want connection_ack", msg, err)
	}
	// The HTTP request is over; the connection still answers.
	if err := c.WriteJSON(map[string]any{"type": "ping"}); err != nil {
		t.Fatal(err)
	}
	if err := c.ReadJSON(&msg); err != nil || msg.Type != "pong" {
		t.Fatalf("got %+v, %v; want pong", msg, err)
	}

	stop()
	for {
		if err := c.ReadJSON(&msg); err != nil {
			if !websocket.IsCloseError(err, websocket.CloseNormalClosure) {
				t.Fatalf("the connection ended with %v, want a normal close", err)
			}
			break
		}
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("ListenAndServe: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
}
