package server_test

import (
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
