// The showdown app on chi, as chi's docs write one: chi.NewRouter with chi's Recoverer
// middleware (no request logger), chi's routes with a {param:regexp} pattern for the digits, and
// plain net/http handlers. The handlers, html/template, encoding/json and the servers (HTTP/1.1
// and h2c on PORT, HTTP/1.1 and HTTP/2 over TLS on TLS_PORT, HTTP/3 on UDP TLS_PORT with
// quic-go's http3.Server from package h3) come from packages contract and h3, shared with the
// go-nethttp target, so the two differ in their router alone.
package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"showdown/targets/go/contract"
	"showdown/targets/go/contract/h3"
)

func main() {
	app := contract.New("chi", "chi")

	r := chi.NewRouter()
	r.Use(middleware.Recoverer)

	// chi's radix tree tries static segments before {params}, so these beat /{title}.
	r.Get("/", contract.Root)
	r.Get("/plaintext", contract.Plaintext)
	r.Get("/json", contract.JSONMessage)
	r.Get("/echo/hello-world", contract.HelloWorld)
	r.Get("/echo/plain/{param}", func(w http.ResponseWriter, r *http.Request) {
		contract.Text(w, chi.URLParam(r, "param"))
	})
	// A segment that does not match the regexp matches no route: chi's own 404.
	r.Get("/echo/regex/{param:^[0-9]+$}", func(w http.ResponseWriter, r *http.Request) {
		contract.Text(w, chi.URLParam(r, "param"))
	})
	r.Get("/user/{id}", func(w http.ResponseWriter, r *http.Request) {
		contract.Text(w, chi.URLParam(r, "id"))
	})
	r.Post("/user", contract.EchoBody)
	r.Get("/{title}", func(w http.ResponseWriter, r *http.Request) {
		app.Page(w, chi.URLParam(r, "title"))
	})

	app.Serve(r, h3.ListenAndServe)
}
