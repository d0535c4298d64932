// Package h3 serves HTTP/3 (RFC 9114) over QUIC (RFC 9000) for the Go targets whose handlers are
// net/http handlers (go-nethttp, chi, echo), with quic-go's http3.Server: on UDP TLS_PORT, the
// port number of the TCP TLS listener, with the same certificate, bound to the same HOST.
//
// It is a module of its own, apart from package contract, so that package contract and the
// targets that do not serve HTTP/3 (fiber, on fasthttp) stay on the standard library and their
// own framework alone: quic-go is a dependency of the targets that import this package only.
package h3

import (
	"crypto/tls"
	"net/http"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
)

// maxStreams is how many requests (bidirectional streams) a client may have open at once on one
// QUIC connection: 250, the limit that net/http's HTTP/2 server advertises by default
// (SETTINGS_MAX_CONCURRENT_STREAMS), so that h2-tls and h3 run at the same concurrency per
// connection. quic-go's own default is 100.
const maxStreams = 250

// NewServer returns the HTTP/3 server for the UDP address addr (host:port): handler behind
// quic-go's http3.Server, with the certificates of tlsConfig (http3.Server works on its own copy,
// with ALPN h3 and TLS 1.3, which QUIC needs) and the QUIC limits above. Everything else is
// quic-go's default for an http3.Server: 0-RTT accepted, a 30 s idle timeout, flow-control
// windows that grow up to 6 MB per stream and 15 MB per connection.
func NewServer(addr string, tlsConfig *tls.Config, handler http.Handler) *http3.Server {
	return &http3.Server{
		Addr:      addr,
		Handler:   handler,
		TLSConfig: tlsConfig,
		// A QUICConfig of our own replaces quic-go's default one ({Allow0RTT: true}) as a whole.
		QUICConfig: &quic.Config{MaxIncomingStreams: maxStreams, Allow0RTT: true},
	}
}

// ListenAndServe serves handler as HTTP/3 on the UDP address addr with the certificates of
// tlsConfig until it fails, as NewServer builds it; it returns the error (a port it cannot
// listen on, for one).
func ListenAndServe(addr string, tlsConfig *tls.Config, handler http.Handler) error {
	return NewServer(addr, tlsConfig, handler).ListenAndServe()
}
