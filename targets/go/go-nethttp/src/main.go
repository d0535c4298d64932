// The showdown app on Go's standard library alone: net/http's ServeMux, html/template and
// encoding/json. The installed Go is 1.19, so the mux matches fixed paths and subtree prefixes
// only (the method and {wildcard} patterns came in Go 1.22): each prefix handler takes its one
// path segment itself, and the regex route checks its capture with package regexp.
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
	"strings"
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
	mux.HandleFunc("/plaintext", get(plaintext))
	mux.HandleFunc("/json", get(jsonMessage))
	mux.HandleFunc("/echo/hello-world", get(helloWorld))
	mux.HandleFunc("/echo/plain/", get(echoPlain))
	mux.HandleFunc("/echo/regex/", get(echoRegex))
	mux.HandleFunc("/user/", get(userID))
	mux.HandleFunc("/user", echoBody)
	// "/" is the mux's catch-all: the empty root, and otherwise the one-segment /{title} page.
	mux.HandleFunc("/", get(rootOrPage))

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

// get lets GET (and HEAD) through to h and answers any other method with 405.
func get(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
			return
		}
		h(w, r)
	}
}

// segmentAfter returns the one path segment after prefix, or false when there is none or more.
func segmentAfter(path, prefix string) (string, bool) {
	rest := strings.TrimPrefix(path, prefix)
	if rest == "" || strings.Contains(rest, "/") {
		return "", false
	}
	return rest, true
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

func echoPlain(w http.ResponseWriter, r *http.Request) {
	param, ok := segmentAfter(r.URL.Path, "/echo/plain/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	writeText(w, param)
}

func echoRegex(w http.ResponseWriter, r *http.Request) {
	param, ok := segmentAfter(r.URL.Path, "/echo/regex/")
	if !ok || !digits.MatchString(param) {
		http.NotFound(w, r)
		return
	}
	writeText(w, param)
}

func userID(w http.ResponseWriter, r *http.Request) {
	id, ok := segmentAfter(r.URL.Path, "/user/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	writeText(w, id)
}

// echoBody answers POST /user with the request's body, byte for byte, and its Content-Type.
func echoBody(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
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

func rootOrPage(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Content-Length", "0")
		return
	}
	title, ok := segmentAfter(r.URL.Path, "/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	// Rendered into a buffer first, so that a template error can still become a 500.
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, "layout", page{Title: title, Members: members}); err != nil {
		log.Printf("go-nethttp: rendering the page: %v", err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	buf.WriteTo(w)
}
