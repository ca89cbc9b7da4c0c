package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientIP is the address of the person behind r. The connection's peer
// is the client unless it is one of the trusted proxies (TRUSTED_PROXIES):
// then X-Forwarded-For is read from the right, each hop appended by a
// proxy, and the right-most address that is not a trusted proxy is the
// client (the addresses left of it were written by the client itself and
// prove nothing). Without X-Forwarded-For, a trusted peer's X-Real-IP is
// used. Headers from untrusted peers are ignored: anyone can send them.
func ClientIP(r *http.Request, trusted []netip.Prefix) string {
	peer := peerAddr(r.RemoteAddr)
	if !peer.IsValid() {
		return r.RemoteAddr
	}
	if !isTrusted(peer, trusted) {
		return peer.String()
	}
	client := peer
	if hops := r.Header.Values("X-Forwarded-For"); len(hops) > 0 {
		var all []string
		for _, h := range hops {
			all = append(all, strings.Split(h, ",")...)
		}
		for i := len(all) - 1; i >= 0; i-- {
			a, err := netip.ParseAddr(strings.TrimSpace(all[i]))
			if err != nil {
				// A hop that is not an address: what lies left of it
				// cannot be trusted; the last good hop is the client.
				break
			}
			client = a.Unmap()
			if !isTrusted(client, trusted) {
				break
			}
		}
		return client.String()
	}
	if a, err := netip.ParseAddr(strings.TrimSpace(r.Header.Get("X-Real-IP"))); err == nil {
		return a.Unmap().String()
	}
	return client.String()
}

// LimitAddr is the address rate limits count a client under: an IPv4
// address as it is, an IPv6 address as its /64 network ("2001:db8:1:2::/64").
// One IPv6 subscriber holds a whole /64 and can rotate through its 2^64
// addresses: counting each address alone would give every guess a fresh
// budget.
func LimitAddr(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || !a.Is6() || a.Is4In6() {
		return ip
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}

func peerAddr(remote string) netip.Addr {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
