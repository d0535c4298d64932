// The showdown app on Echo v4, as Echo's guides write one: echo.New() with the Recover
// middleware (no request logger, no banner), Echo's router, an echo.Renderer over html/template
// for the page, c.JSON, the BodyLimit middleware on the echo, and Echo's Validator (backed by
// go-playground/validator, as Echo's validation guide does) as the constraint of
// /echo/regex/:param: Echo has no regex routes. HTTP/1.1 and h2c on PORT (http.Server.Protocols
// on Echo's server), HTTP/1.1 and HTTP/2 over TLS on TLS_PORT with Echo's StartTLS, and HTTP/3
// on UDP TLS_PORT with quic-go's http3.Server (package h3) serving Echo as the http.Handler it
// is. Package contract (shared by the Go targets) gives the environment, the page's data and the
// templates' folder.
package main

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"showdown/targets/go/contract"
	"showdown/targets/go/contract/h3"
)

const serverName = "Echo"

// The scenario contract's cap on an echoed body in BodyLimit's terms: bytes ("40M" would be MiB).
var maxEchoBody = strconv.Itoa(contract.MaxEchoBodyBytes) + "B"

// digitsParam binds /echo/regex/:param; the validator's "number" rule is ^[0-9]+$.
type digitsParam struct {
	Param string `param:"param" validate:"required,number"`
}

// pages renders the showdown templates for c.Render (Echo's Renderer interface).
type pages struct{ templates *template.Template }

func (p *pages) Render(w io.Writer, name string, data any, c echo.Context) error {
	return p.templates.ExecuteTemplate(w, name, data)
}

// structValidator is Echo's Validator backed by go-playground/validator.
type structValidator struct{ validate *validator.Validate }

func (v *structValidator) Validate(i any) error { return v.validate.Struct(i) }

func main() {
	contract.UseCPUs()
	templates, err := template.ParseGlob(contract.TemplateDir + "/*.html")
	if err != nil {
		fail(fmt.Errorf("cannot load the templates: %w", err))
	}
	tlsPort, certFile, keyFile, err := contract.TLSSettings()
	if err != nil {
		fail(err)
	}

	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.Renderer = &pages{templates}
	e.Validator = &structValidator{validator.New()}
	e.Use(middleware.Recover(), serverHeader)

	// Echo's router prefers static segments to :params, so these beat /:title. A :param that ends
	// a route takes the rest of the path, slashes and all (Echo's router treats such a leaf like
	// a * wildcard), so oneSegment answers 404 where the contract has a single segment.
	e.GET("/", func(c echo.Context) error { return c.String(http.StatusOK, "") })
	e.GET("/plaintext", func(c echo.Context) error { return c.String(http.StatusOK, "Hello, World!") })
	e.GET("/json", func(c echo.Context) error {
		return c.JSON(http.StatusOK, map[string]string{"message": "Hello, World!"})
	})
	e.GET("/echo/hello-world", func(c echo.Context) error { return c.String(http.StatusOK, "Hello World") })
	e.GET("/echo/plain/:param", func(c echo.Context) error { return c.String(http.StatusOK, c.Param("param")) },
		oneSegment("param"))
	e.GET("/echo/regex/:param", echoDigits)
	e.GET("/user/:id", func(c echo.Context) error { return c.String(http.StatusOK, c.Param("id")) }, oneSegment("id"))
	e.POST("/user", echoBody, middleware.BodyLimit(maxEchoBody))
	e.GET("/:title", func(c echo.Context) error {
		return c.Render(http.StatusOK, "layout", map[string]any{"Title": c.Param("title"), "Members": contract.Members})
	}, oneSegment("title"))

	// Cleartext: HTTP/1.1 and HTTP/2 with prior knowledge (h2c) on the same port; net/http tells
	// them apart by the HTTP/2 preface (Go 1.24's Protocols, in place of x/net's h2c handler).
	cleartext := new(http.Protocols)
	cleartext.SetHTTP1(true)
	cleartext.SetUnencryptedHTTP2(true)
	e.Server.Protocols = cleartext

	failed := make(chan error, 2)
	go func() { failed <- e.Start(contract.Address(contract.Port())) }()
	if tlsPort != "" {
		quicTLS, err := contract.LoadTLSConfig(certFile, keyFile)
		if err != nil {
			fail(err)
		}
		// StartTLS offers HTTP/2 and HTTP/1.1 by ALPN, with crypto/tls (TLS 1.2 and 1.3).
		go func() { failed <- e.StartTLS(contract.Address(tlsPort), certFile, keyFile) }()
		// HTTP/3 on the same port number over UDP, same certificate: Echo is an http.Handler.
		go func() { failed <- h3.ListenAndServe(contract.Address(tlsPort), quicTLS, e) }()
	}
	fail(<-failed)
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "echo: %v\n", err)
	os.Exit(2)
}

// serverHeader adds the Server header that the contract asks for and net/http does not send.
func serverHeader(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderServer, serverName)
		return next(c)
	}
}

// oneSegment is a route middleware that answers 404 when the route's last :param took more than
// one path segment.
func oneSegment(name string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if strings.Contains(c.Param(name), "/") {
				return echo.ErrNotFound
			}
			return next(c)
		}
	}
}

func echoDigits(c echo.Context) error {
	var p digitsParam
	if err := (&echo.DefaultBinder{}).BindPathParams(c, &p); err != nil {
		return echo.ErrNotFound
	}
	if err := c.Validate(&p); err != nil {
		return echo.ErrNotFound
	}
	return c.String(http.StatusOK, p.Param)
}

// echoBody answers POST /user with the request's body, byte for byte, and its Content-Type.
// BodyLimit answers 413 for a Content-Length over the cap, and its reader fails a chunked body
// that grows past it with the same 413 error.
func echoBody(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var httpErr *echo.HTTPError
		if errors.As(err, &httpErr) {
			return httpErr
		}
		return echo.ErrBadRequest
	}
	// The header as sent, parameters and all.
	contentType := c.Request().Header.Get(echo.HeaderContentType)
	if contentType == "" {
		contentType = echo.MIMEOctetStream
	}
	return c.Blob(http.StatusOK, contentType, body)
}
