package server

import (
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/studio/gallery/internal/config"
)

func TestClientIP(t *testing.T) {
	trusted, err := config.ParsePrefixes("10.0.0.0/8, 192.168.1.1, 2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, peer, xff, realIP string
		trusted                 bool
		want                    string
	}{
		{"no proxies: the peer, whatever the headers", "203.0.113.9:4000", "1.2.3.4", "5.6.7.8", false, "203.0.113.9"},
		{"untrusted peer: headers ignored", "203.0.113.9:4000", "1.2.3.4", "5.6.7.8", true, "203.0.113.9"},
		{"trusted peer, one hop", "10.0.0.2:80", "198.51.100.7", "", true, "198.51.100.7"},
		{"forged left-most hops are skipped", "10.0.0.2:80", "1.1.1.1, 2.2.2.2, 198.51.100.7", "", true, "198.51.100.7"},
		{"inner proxies are walked past", "10.0.0.2:80", "1.1.1.1, 198.51.100.7, 192.168.1.1, 10.9.9.9", "", true, "198.51.100.7"},
		{"several header lines", "10.0.0.2:80", "", "", true, "198.51.100.8"},
		{"garbage stops the walk", "10.0.0.2:80", "198.51.100.7, not-an-ip, 10.0.0.3", "", true, "10.0.0.3"},
		{"all hops trusted: the left-most", "10.0.0.2:80", "10.0.0.5, 10.0.0.3", "", true, "10.0.0.5"},
		{"X-Real-IP from a trusted peer", "10.0.0.2:80", "", "198.51.100.9", true, "198.51.100.9"},
		{"IPv6 peer in a trusted range", "[2001:db8::1]:443", "2001:db8::2, 198.51.100.10", "", true, "198.51.100.10"},
		{"IPv4-mapped peer", "[::ffff:10.0.0.2]:80", "198.51.100.11", "", true, "198.51.100.11"},
		{"trusted peer, no header", "10.0.0.2:80", "", "", true, "10.0.0.2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.peer
			if tc.xff != "" {
				r.Header.Set("X-Forwarded-For", tc.xff)
			}
			if tc.name == "several header lines" {
				r.Header.Add("X-Forwarded-For", "1.1.1.1")
				r.Header.Add("X-Forwarded-For", "198.51.100.8, 10.0.0.4")
			}
			if tc.realIP != "" {
				r.Header.Set("X-Real-IP", tc.realIP)
			}
			var tr []netip.Prefix
			if tc.trusted {
				tr = trusted
			}
			if got := ClientIP(r, tr); got != tc.want {
				t.Fatalf("ClientIP = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestLimitAddr: IPv6 clients are counted per /64 (one subscriber's
// network), IPv4 clients per address.
func TestLimitAddr(t *testing.T) {
	for in, want := range map[string]string{
		"198.51.100.7":            "198.51.100.7",
		"2001:db8:1:2:aaaa::1":    "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:1:2:3": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":         "2001:db8:1:3::/64",
		"::1":                     "::/64",
		"not-an-address":          "not-an-address",
	} {
		if got := LimitAddr(in); got != want {
			t.Errorf("LimitAddr(%q) = %q, want %q", in, got, want)
		}
	}
}
