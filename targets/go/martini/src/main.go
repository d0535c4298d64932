// The showdown app on Martini, as Martini's README writes one but without martini.Classic()'s
// request logger: martini.New() with Recovery, a router whose /echo/regex route is a regex
// (Martini routes are regular expressions, with named groups as params), martini-contrib/render
// for the HTML page (a layout, an index view and a member partial) and for JSON and text.
// MARTINI_ENV=production (from target.yaml) makes render compile the templates once at start.
package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"

	"github.com/go-martini/martini"
	"github.com/martini-contrib/render"
)

const (
	defaultPort = "8080"
	defaultHost = "127.0.0.1"
	// The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
	maxEchoBodyBytes = 40_000_000
	serverName       = "martini"
)

// member is one record given to the member partial.
type member struct{ Name string }

// page is the data given to the showdown templates for each request.
type page struct {
	Title   string
	Members []member
}

var members = []member{{"Chris McCord"}, {"Matt Sears"}, {"David Stump"}, {"Ricardo Thompson"}}

func main() {
	if cpus, err := strconv.Atoi(os.Getenv("CPUS")); err == nil && cpus > 0 {
		runtime.GOMAXPROCS(cpus)
	}
	port := os.Getenv("PORT")
	if port == "" {
		port = defaultPort
	}
	// HOST: a server agent sets 0.0.0.0, for load from other hosts.
	host := os.Getenv("HOST")
	if host == "" {
		host = defaultHost
	}
	if _, err := os.Stat("templates"); err != nil {
		// render would find no templates and answer every page with a 500; say it at start instead.
		fmt.Fprintf(os.Stderr, "martini: cannot load the templates: %v\n", err)
		os.Exit(2)
	}

	m := martini.New()
	m.Use(martini.Recovery())
	m.Use(serverHeader)
	m.Use(render.Renderer(render.Options{
		Directory:  "templates", // layout.tmpl, index.tmpl, member.tmpl
		Layout:     "layout",
		Extensions: []string{".tmpl"},
		Charset:    "utf-8",
	}))

	// Martini tries the routes in the order they were added and takes the first that matches, so
	// the static routes come before /:title.
	r := martini.NewRouter()
	r.Get("/", func(rd render.Render) { rd.Text(http.StatusOK, "") })
	r.Get("/plaintext", func(rd render.Render) { rd.Text(http.StatusOK, "Hello, World!") })
	r.Get("/json", func(rd render.Render) {
		rd.JSON(http.StatusOK, map[string]string{"message": "Hello, World!"})
	})
	r.Get("/echo/hello-world", func(rd render.Render) { rd.Text(http.StatusOK, "Hello World") })
	r.Get("/echo/plain/:param", func(p martini.Params, rd render.Render) { rd.Text(http.StatusOK, p["param"]) })
	r.Get(`/echo/regex/(?P<param>[0-9]+)`, func(p martini.Params, rd render.Render) {
		rd.Text(http.StatusOK, p["param"])
	})
	r.Get("/user/:id", func(p martini.Params, rd render.Render) { rd.Text(http.StatusOK, p["id"]) })
	r.Post("/user", echoBody)
	r.Get("/:title", func(p martini.Params, rd render.Render) {
		rd.HTML(http.StatusOK, "index", page{Title: p["title"], Members: members})
	})
	m.MapTo(r, (*martini.Routes)(nil))
	m.Action(r.Handle)

	server := &http.Server{Addr: net.JoinHostPort(host, port), Handler: m}
	if err := server.ListenAndServe(); err != nil {
		fmt.Fprintf(os.Stderr, "martini: %v\n", err)
		os.Exit(2)
	}
}

// serverHeader adds the Server header that the contract asks for and net/http does not send.
func serverHeader(w http.ResponseWriter) {
	w.Header().Set("Server", serverName)
}

// echoBody answers POST /user with the request's body, byte for byte, and its Content-Type.
func echoBody(req *http.Request, w http.ResponseWriter, rd render.Render) {
	if req.ContentLength > maxEchoBodyBytes {
		rd.Text(http.StatusRequestEntityTooLarge, "Request Entity Too Large")
		return
	}
	// Martini has no body limit of its own. MaxBytesReader also caps chunked bodies, whose length
	// is not known up front.
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, maxEchoBodyBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		rd.Text(http.StatusRequestEntityTooLarge, "Request Entity Too Large")
		return
	}
	if err != nil {
		rd.Text(http.StatusBadRequest, "Bad Request")
		return
	}
	contentType := req.Header.Get("Content-Type")
	if contentType == "" {
		contentType = render.ContentBinary
	}
	rd.Header().Set(render.ContentType, contentType)
	rd.Header().Set(render.ContentLength, strconv.Itoa(len(body)))
	rd.Data(http.StatusOK, body)
}
