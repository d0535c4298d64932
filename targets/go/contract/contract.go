// Package contract holds what the Go targets share of the scenario contract (docs/scenarios.md):
// the environment (PORT, CPUS), the page's data and templates, the echo's cap, and, for the
// targets on net/http (go-nethttp, chi), the text, JSON, echo and page handlers and the servers
// on PORT (HTTP/1.1 and h2c) and TLS_PORT (HTTP/1.1 and HTTP/2 by ALPN over TCP, and HTTP/3 over
// QUIC on UDP with the QUICServer that a target passes in, from package h3). Each target keeps
// its own router and passes the captured segments in.
package contract

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
)

const (
	defaultPort = "8080"
	defaultHost = "127.0.0.1"
	// MaxEchoBodyBytes is the scenario contract's cap on an echoed body (docs/scenarios.md, S2):
	// larger bodies get 413.
	MaxEchoBodyBytes = 40_000_000
	// TemplateDir holds the html/template files that the Go targets share, relative to a target's
	// folder (the harness starts every target in its own folder).
	TemplateDir = "../templates"
)

// Member is one record given to the member partial.
type Member struct{ Name string }

// page is the data given to the showdown templates for each request.
type page struct {
	Title   string
	Members []Member
}

// Members is the team that the page lists, in this order.
var Members = []Member{{"Chris McCord"}, {"Matt Sears"}, {"David Stump"}, {"Ricardo Thompson"}}

// UseCPUs sets GOMAXPROCS to the CPUS that the harness gives the target, when it is set.
func UseCPUs() {
	if cpus, err := strconv.Atoi(os.Getenv("CPUS")); err == nil && cpus > 0 {
		runtime.GOMAXPROCS(cpus)
	}
}

// Port is the port to listen on: PORT, or 8080 when it is unset.
func Port() string {
	if port := os.Getenv("PORT"); port != "" {
		return port
	}
	return defaultPort
}

// Host is the address to listen on: HOST (a server agent sets 0.0.0.0, for load from other
// hosts), or 127.0.0.1 when it is unset.
func Host() string {
	if host := os.Getenv("HOST"); host != "" {
		return host
	}
	return defaultHost
}

// Address is HOST and port joined for net.Listen and http.Server.Addr.
func Address(port string) string {
	return net.JoinHostPort(Host(), port)
}

// App is one target's share of the contract: its name (the prefix of its error lines), the
// value of its Server header, and its parsed templates.
type App struct {
	name       string
	serverName string
	templates  *template.Template
}

// New sets GOMAXPROCS to CPUS and parses the shared templates; it exits 2 with one line when
// they cannot be read.
func New(name, serverName string) *App {
	UseCPUs()
	templates, err := template.ParseGlob(TemplateDir + "/*.html")
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: cannot load the templates: %v\n", name, err)
		os.Exit(2)
	}
	return &App{name: name, serverName: serverName, templates: templates}
}

// Text answers 200 with s as text/plain; charset=utf-8.
func Text(w http.ResponseWriter, s string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, s)
}

// Root answers GET / with an empty body.
func Root(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Length", "0")
}

// Plaintext answers GET /plaintext.
func Plaintext(w http.ResponseWriter, r *http.Request) { Text(w, "Hello, World!") }

// HelloWorld answers GET /echo/hello-world.
func HelloWorld(w http.ResponseWriter, r *http.Request) { Text(w, "Hello World") }

// JSONMessage answers GET /json with a message serialised per request by encoding/json.
func JSONMessage(w http.ResponseWriter, r *http.Request) {
	body, err := json.Marshal(struct {
		Message string `json:"message"`
	}{"Hello, World!"})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

// EchoBody answers POST /user with the request's body, byte for byte, and its Content-Type.
func EchoBody(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > MaxEchoBodyBytes {
		http.Error(w, "Request Entity Too Large", http.StatusRequestEntityTooLarge)
		return
	}
	// MaxBytesReader also caps chunked bodies, whose length is not known up front.
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxEchoBodyBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		http.Error(w, "Request Entity Too Large", http.StatusRequestEntityTooLarge)
		return
	}
	if err != nil {
		http.Error(w, "Bad Request", http.StatusBadRequest)
		return
	}
	contentType := r.Header.Get("Content-Type")
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// Page renders the layout, the index view and the member partial for the given title.
func (a *App) Page(w http.ResponseWriter, title string) {
	// Rendered into a buffer first, so that a template error can still become a 500.
	var buf bytes.Buffer
	if err := a.templates.ExecuteTemplate(&buf, "layout", page{Title: title, Members: Members}); err != nil {
		log.Printf("%s: rendering the page: %v", a.name, err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	buf.WriteTo(w)
}

// A QUICServer serves handler over QUIC on the UDP address addr with the certificates of
// tlsConfig until it fails (h3.ListenAndServe: HTTP/3 on the port number of the TCP TLS
// listener), and returns the error.
type QUICServer func(addr string, tlsConfig *tls.Config, handler http.Handler) error

// Serve serves handler, with the Server header added, on HOST:PORT (127.0.0.1 and 8080 when unset) as
// HTTP/1.1 and HTTP/2 with prior knowledge (h2c), and, when TLS_PORT, TLS_CERT and TLS_KEY are
// all set, on TLS_PORT as HTTP/1.1 and HTTP/2 chosen by ALPN over TCP and, unless quicServer is
// nil, with quicServer on UDP TLS_PORT. It returns only by exiting 2 with one line: a port it
// cannot listen on, or TLS variables that are incomplete or unreadable.
func (a *App) Serve(handler http.Handler, quicServer QUICServer) {
	handler = a.withServerHeader(handler)
	tlsServer, err := newTLSServer(handler)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", a.name, err)
		os.Exit(2)
	}

	// Cleartext: HTTP/1.1 and HTTP/2 with prior knowledge on the same port; net/http tells them
	// apart by the HTTP/2 preface (http.Server.Protocols, Go 1.24).
	cleartext := new(http.Protocols)
	cleartext.SetHTTP1(true)
	cleartext.SetUnencryptedHTTP2(true)
	server := &http.Server{Addr: Address(Port()), Handler: handler, Protocols: cleartext}

	failed := make(chan error, 3)
	go func() { failed <- server.ListenAndServe() }()
	if tlsServer != nil {
		if quicServer != nil {
			// Its own copy of the TLS settings: net/http and quic-go each set their ALPN names.
			quicTLS := tlsServer.TLSConfig.Clone()
			go func() { failed <- quicServer(tlsServer.Addr, quicTLS, handler) }()
		}
		// The certificate and key are already loaded into TLSConfig, hence the empty file names.
		go func() { failed <- tlsServer.ListenAndServeTLS("", "") }()
	}
	fmt.Fprintf(os.Stderr, "%s: %v\n", a.name, <-failed)
	os.Exit(2)
}

// TLSSettings reads TLS_PORT, TLS_CERT and TLS_KEY (the PEM certificate and PKCS#8 key that the
// harness gives a target declaring TLS): all set, or all unset, and then port is "" and the app
// serves cleartext only. Some set and some not is an error.
func TLSSettings() (port, certFile, keyFile string, err error) {
	port, certFile, keyFile = os.Getenv("TLS_PORT"), os.Getenv("TLS_CERT"), os.Getenv("TLS_KEY")
	if port == "" && certFile == "" && keyFile == "" {
		return "", "", "", nil
	}
	if port == "" || certFile == "" || keyFile == "" {
		return "", "", "", errors.New("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, and some are unset")
	}
	return port, certFile, keyFile, nil
}

// newTLSServer returns the server for TLS_PORT (HTTP/1.1 and HTTP/2, chosen by ALPN), or nil
// when TLS_PORT, TLS_CERT and TLS_KEY are all unset: then the app serves cleartext only.
func newTLSServer(handler http.Handler) (*http.Server, error) {
	port, certFile, keyFile, err := TLSSettings()
	if port == "" || err != nil {
		return nil, err
	}
	tlsConfig, err := LoadTLSConfig(certFile, keyFile)
	if err != nil {
		return nil, err
	}
	secure := new(http.Protocols)
	secure.SetHTTP1(true)
	secure.SetHTTP2(true)
	return &http.Server{
		Addr:      Address(port),
		Handler:   handler,
		Protocols: secure,
		// net/http adds the ALPN names ("h2", "http/1.1") for the protocols above.
		TLSConfig: tlsConfig,
	}, nil
}

// LoadTLSConfig reads the PEM certificate and key of TLS_CERT and TLS_KEY into the TLS settings
// of the TLS_PORT listeners: crypto/tls negotiates TLS 1.3 or 1.2 (QUIC takes 1.3 only) with its
// own cipher-suite order.
func LoadTLSConfig(certFile, keyFile string) (*tls.Config, error) {
	certificate, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("cannot load TLS_CERT and TLS_KEY: %w", err)
	}
	return &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{certificate}}, nil
}

// withServerHeader adds the Server header that the contract asks for and net/http does not send.
func (a *App) withServerHeader(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Server", a.serverName)
		next.ServeHTTP(w, r)
	})
}
