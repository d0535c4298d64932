// The showdown app on Go's standard library alone: net/http's ServeMux with the method and
// {wildcard} patterns of Go 1.22, html/template and encoding/json. ServeMux has no regex
// wildcards, so the regex route checks its capture with package regexp.
package main

import (
	"bytes"
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

	server := &http.Server{Addr: listenHost + ":" + port, Handler: withServerHeader(mux)}
	if err := server.ListenAndServe(); err != nil {
		fmt.Fprintf(os.Stderr, "go-nethttp: %v\n", err)
		os.Exit(2)
	}
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
