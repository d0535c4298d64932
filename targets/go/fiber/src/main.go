// The showdown app on Fiber v3, as Fiber's docs write one: fiber.New with Fiber's recover
// middleware (no logger), Fiber's router with a regex(...) route constraint for the digits,
// Fiber's html/template engine (gofiber/template/html) for the page, c.JSON, and BodyLimit for
// the echo. Fiber runs on fasthttp, which speaks HTTP/1.1 only: cleartext on PORT, and over TLS
// (crypto/tls) on TLS_PORT; no HTTP/2, neither h2c nor over TLS.
// Package contract (shared by the Go targets) gives the environment, the page's data and the
// templates' folder.
package main

import (
	"crypto/tls"
	"fmt"
	"net"
	"os"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/recover"
	"github.com/gofiber/template/html/v2"

	"showdown/targets/go/contract"
)

const serverName = "Fiber"

func main() {
	contract.UseCPUs()
	views := html.New(contract.TemplateDir, ".html")
	if err := views.Load(); err != nil {
		fail(fmt.Errorf("cannot load the templates: %w", err))
	}

	app := fiber.New(fiber.Config{
		ServerHeader: serverName,
		BodyLimit:    contract.MaxEchoBodyBytes,
		Views:        views,
		// The routes are exact, as on the other targets: /Plaintext and /plaintext/ are 404.
		CaseSensitive: true,
		StrictRouting: true,
		// Params decoded, as net/http's are: /a%3Cb%3E gives the title a<b>.
		UnescapePath: true,
	})
	app.Use(recover.New())

	// Fiber's router tries routes in the order they are added: the fixed paths first, then /:title.
	// fasthttp leaves its default Content-Type off an empty body; the contract wants one.
	app.Get("/", func(c fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
		return c.SendString("")
	})
	app.Get("/plaintext", func(c fiber.Ctx) error { return c.SendString("Hello, World!") })
	app.Get("/json", func(c fiber.Ctx) error { return c.JSON(fiber.Map{"message": "Hello, World!"}) })
	app.Get("/echo/hello-world", func(c fiber.Ctx) error { return c.SendString("Hello World") })
	app.Get("/echo/plain/:param", func(c fiber.Ctx) error { return c.SendString(c.Params("param")) })
	// A segment that fails the constraint matches no route: Fiber's own 404.
	app.Get("/echo/regex/:param<regex(^[0-9]+$)>", func(c fiber.Ctx) error { return c.SendString(c.Params("param")) })
	app.Get("/user/:id", func(c fiber.Ctx) error { return c.SendString(c.Params("id")) })
	app.Post("/user", echoBody)
	app.Get("/:title", func(c fiber.Ctx) error {
		return c.Render("layout", fiber.Map{"Title": c.Params("title"), "Members": contract.Members})
	})

	tlsListener, err := newTLSListener()
	if err != nil {
		fail(err)
	}
	// Prefork off (Fiber's default): one process with GOMAXPROCS = CPUS, as README.md explains.
	quiet := fiber.ListenConfig{DisableStartupMessage: true}
	failed := make(chan error, 2)
	go func() { failed <- app.Listen(contract.Address(contract.Port()), quiet) }()
	if tlsListener != nil {
		// The same fasthttp server serves both listeners.
		go func() { failed <- app.Listener(tlsListener, quiet) }()
	}
	fail(<-failed)
}

// newTLSListener listens on TLS_PORT with TLS_CERT and TLS_KEY, HTTP/1.1 only (fasthttp has no
// HTTP/2, so ALPN offers http/1.1 alone), or returns nil when the three are unset.
func newTLSListener() (net.Listener, error) {
	port, certFile, keyFile, err := contract.TLSSettings()
	if port == "" || err != nil {
		return nil, err
	}
	certificate, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("cannot load TLS_CERT and TLS_KEY: %w", err)
	}
	return tls.Listen("tcp", contract.Address(port), &tls.Config{
		MinVersion:   tls.VersionTLS12,
		Certificates: []tls.Certificate{certificate},
		NextProtos:   []string{"http/1.1"},
	})
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "fiber: %v\n", err)
	os.Exit(2)
}

// echoBody answers POST /user with the request's body, byte for byte, and its Content-Type.
// fasthttp answers 413 itself for a body over BodyLimit, with Content-Length or chunked.
func echoBody(c fiber.Ctx) error {
	// The header as sent, parameters and all.
	contentType := c.Get(fiber.HeaderContentType)
	if contentType == "" {
		contentType = fiber.MIMEOctetStream
	}
	c.Set(fiber.HeaderContentType, contentType)
	return c.Send(c.Body())
}
