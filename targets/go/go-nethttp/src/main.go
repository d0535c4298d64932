// The showdown app on Go's standard library alone: net/http's ServeMux with the method and
// {wildcard} patterns of Go 1.22, html/template and encoding/json (package contract, shared with
// the chi target, holds the handlers and the servers). ServeMux has no regex wildcards, so the
// regex route checks its capture with package regexp. http.Server.Protocols adds h2c on PORT
// and, with TLS_PORT, TLS_CERT and TLS_KEY, HTTP/1.1 and HTTP/2 over crypto/tls; HTTP/3 on UDP
// TLS_PORT comes from quic-go's http3.Server (package h3), the one module outside the standard
// library, as Go's net/http has no HTTP/3 server.
package main

import (
	"net/http"
	"regexp"

	"showdown/targets/go/contract"
	"showdown/targets/go/contract/h3"
)

// digits is the constraint of /echo/regex/{param}.
var digits = regexp.MustCompile(`^[0-9]+$`)

func main() {
	app := contract.New("go-nethttp", "Go")

	mux := http.NewServeMux()
	// Go 1.22 patterns: "GET" also serves HEAD, and a path that matches with another method gets
	// 405 with Allow. The most specific pattern wins, so /plaintext and the other fixed paths beat
	// /{title}, and {$} matches the root alone.
	mux.HandleFunc("GET /plaintext", contract.Plaintext)
	mux.HandleFunc("GET /json", contract.JSONMessage)
	mux.HandleFunc("GET /echo/hello-world", contract.HelloWorld)
	mux.HandleFunc("GET /echo/plain/{param}", func(w http.ResponseWriter, r *http.Request) {
		contract.Text(w, r.PathValue("param"))
	})
	mux.HandleFunc("GET /echo/regex/{param}", echoRegex)
	mux.HandleFunc("GET /user/{id}", func(w http.ResponseWriter, r *http.Request) {
		contract.Text(w, r.PathValue("id"))
	})
	mux.HandleFunc("POST /user", contract.EchoBody)
	mux.HandleFunc("GET /{$}", contract.Root)
	mux.HandleFunc("GET /{title}", func(w http.ResponseWriter, r *http.Request) {
		app.Page(w, r.PathValue("title"))
	})

	app.Serve(mux, h3.ListenAndServe)
}

// echoRegex serves /echo/regex/{param} when the segment is digits: ServeMux wildcards take no
// pattern, so package regexp checks it, and anything else is the mux's own 404.
func echoRegex(w http.ResponseWriter, r *http.Request) {
	param := r.PathValue("param")
	if !digits.MatchString(param) {
		http.NotFound(w, r)
		return
	}
	contract.Text(w, param)
}
