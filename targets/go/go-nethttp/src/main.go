// The showdown app on Go's standard library alone: net/http's ServeMux with the method and
// {wildcard} patterns of Go 1.22, html/template and encoding/json. ServeMux has no regex
// wildcards, so the regex route checks its capture with package regexp. http.Server.Protocols
// adds h2c on PORT and, with TLS_PORT, TLS_CERT and TLS_KEY, HTTP/1.1 and HTTP/2 over crypto/tls.
package main

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log"
	"net/http"
	"os"
	"regexp"
	"runtime"
	"strconv"
)

const (
	defaultPort = "8080"
	listenHost  = "127.0.0.1"
	// The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
	maxEchoBodyBytes = 40_000_000
	serverName       = "Go"
)

// member is one record given to the member partial.
type member struct{ Name string }

// page is the data given to the showdown templates for each request.
type page struct {
	Title   string
	Members []member
}

var members = []member{{"Chris McCord"}, {"Matt Sears"}, {"David Stump"}, {"Ricardo Thompson"}}

// digits is the constraint of /echo/regex/{param}.
var digits = regexp.MustCompile(`^[0-9]+$`)

// templates holds the layout, the index view and the member partial, parsed once in main.
var templates *template.Template

func main() {
	if cpus, err := strconv.Atoi(os.Getenv("CPUS")); err == nil && cpus > 0 {
		runtime.GOMAXPROCS(cpus)
	}
	var err error
	// Relative to the working directory: the harness starts every target in its own folder.
	if templates, err = template.ParseGlob("templates/*.html"); err != nil {
		fmt.Fprintf(os.Stderr, "go-nethttp: cannot load the templates: %v\n", err)
		os.Exit(2)
	}
	port := os.Getenv("PORT")
	if port == "" {
		port = defaultPort
	}

	mux := http.NewServeMux()
	// Go 1.22 patterns: "GET" also serves HEAD, and a path that matches with another method gets
	// 405 with Allow. The most specific pattern wins, so /plaintext and the other fixed paths beat
	// /{title}, and {$} matches the root alone.
	mux.HandleFunc("GET /plaintext", plaintext)
	mux.HandleFunc("GET /json", jsonMessage)
	mux.HandleFunc("GET /echo/hello-world", helloWorld)
	mux.HandleFunc("GET /echo/plain/{param}", echoPlain)
	mux.HandleFunc("GET /echo/regex/{param}", echoRegex)
	mux.HandleFunc("GET /user/{id}", userID)
	mux.HandleFunc("POST /user", echoBody)
	mux.HandleFunc("GET /{$}", root)
	mux.HandleFunc("GET /{title}", showdownPage)

	handler := withServerHeader(mux)
	tlsServer, err := newTLSServer(handler)
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-nethttp: %v\n", err)
		os.Exit(2)
	}

	// Cleartext: HTTP/1.1 and HTTP/2 with prior knowledge (h2c) on the same port; the server
	// tells them apart by the HTTP/2 preface.
	cleartext := new(http.Protocols)
	cleartext.SetHTTP1(true)
	cleartext.SetUnencryptedHTTP2(true)
	server := &http.Server{Addr: listenHost + ":" + port, Handler: handler, Protocols: cleartext}

	failed := make(chan error, 2)
	go func() { failed <- server.ListenAndServe() }()
	if tlsServer != nil {
		// The certificate and key are already loaded into TLSConfig, hence the empty file names.
		go func() { failed <- tlsServer.ListenAndServeTLS("", "") }()
	}
	fmt.Fprintf(os.Stderr, "go-nethttp: %v\n", <-failed)
	os.Exit(2)
}

// newTLSServer returns the server for TLS_PORT (HTTP/1.1 and HTTP/2, chosen by ALPN), or nil
// when TLS_PORT, TLS_CERT and TLS_KEY are all unset: then the app serves cleartext only.
func newTLSServer(handler http.Handler) (*http.Server, error) {
	port, certFile, keyFile := os.Getenv("TLS_PORT"), os.Getenv("TLS_CERT"), os.Getenv("TLS_KEY")
	if port == "" && certFile == "" && keyFile == "" {
		return nil, nil
	}
	if port == "" || certFile == "" || keyFile == "" {
		return nil, errors.New("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, and some are unset")
	}
	certificate, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("cannot load TLS_CERT and TLS_KEY: %w", err)
	}
	secure := new(http.Protocols)
	secure.SetHTTP1(true)
	secure.SetHTTP2(true)
	return &http.Server{
		Addr:      listenHost + ":" + port,
		Handler:   handler,
		Protocols: secure,
		// crypto/tls negotiates TLS 1.3 or 1.2 with its own cipher-suite order; net/http adds
		// the ALPN names ("h2", "http/1.1") for the protocols above.
		TLSConfig: &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{certificate}},
	}, nil
}

// withServerHeader adds the Server header that the contract asks for and net/http does not send.
func withServerHeader(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Server", serverName)
		next.ServeHTTP(w, r)
	})
}

func writeText(w http.ResponseWriter, s string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, s)
}

func plaintext(w http.ResponseWriter, r *http.Request) { writeText(w, "Hello, World!") }

func helloWorld(w http.ResponseWriter, r *http.Request) { writeText(w, "Hello World") }

func jsonMessage(w http.ResponseWriter, r *http.Request) {
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

func echoPlain(w http.ResponseWriter, r *http.Request) { writeText(w, r.PathValue("param")) }

// echoRegex serves /echo/regex/{param} when the segment is digits: ServeMux wildcards take no
// pattern, so package regexp checks it, and anything else is the mux's own 404.
func echoRegex(w http.ResponseWriter, r *http.Request) {
	param := r.PathValue("param")
	if !digits.MatchString(param) {
		http.NotFound(w, r)
		return
	}
	writeText(w, param)
}

func userID(w http.ResponseWriter, r *http.Request) { writeText(w, r.PathValue("id")) }

// echoBody answers POST /user with the request's body, byte for byte, and its Content-Type.
func echoBody(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > maxEchoBodyBytes {
		http.Error(w, "Request Entity Too Large", http.StatusRequestEntityTooLarge)
		return
	}
	// MaxBytesReader also caps chunked bodies, whose length is not known up front.
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxEchoBodyBytes))
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

// root answers GET / with an empty body.
func root(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Length", "0")
}

// showdownPage renders the layout, the index view and the member partial for GET /{title}.
func showdownPage(w http.ResponseWriter, r *http.Request) {
	// Rendered into a buffer first, so that a template error can still become a 500.
	var buf bytes.Buffer
	data := page{Title: r.PathValue("title"), Members: members}
	if err := templates.ExecuteTemplate(&buf, "layout", data); err != nil {
		log.Printf("go-nethttp: rendering the page: %v", err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	buf.WriteTo(w)
}
