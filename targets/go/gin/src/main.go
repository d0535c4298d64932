// The showdown app on Gin, as Gin's docs write one: gin.New() with the Recovery middleware in
// release mode, Gin's router, its HTML templates (html/template underneath), c.JSON, and URI
// binding with a validator tag as the constraint of /echo/regex/:param (Gin has no regex routes).
// HTTP/1.1 on PORT with Run; with TLS_PORT, TLS_CERT and TLS_KEY, HTTP/1.1 and HTTP/2 by ALPN on
// TLS_PORT with RunTLS, and HTTP/3 on UDP TLS_PORT with RunQUIC (quic-go's http3 underneath).
package main

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"

	"github.com/gin-gonic/gin"

	"showdown/targets/go/contract"
)

const (
	defaultPort = "8080"
	defaultHost = "127.0.0.1"
	// The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
	maxEchoBodyBytes = 40_000_000
	serverName       = "gin"
	// The html/template files that the Go targets share, relative to this target's folder (the
	// harness starts every target in its own folder).
	templateDir = "../templates"
)

// member is one record given to the member partial.
type member struct{ Name string }

var members = []member{{"Chris McCord"}, {"Matt Sears"}, {"David Stump"}, {"Ricardo Thompson"}}

// digitsParam binds /echo/regex/:param; the validator's "number" rule is ^[0-9]+$.
type digitsParam struct {
	Param string `uri:"param" binding:"required,number"`
}

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
	tlsPort, certFile, keyFile, err := contract.TLSSettings()
	if err != nil {
		fail(err)
	}
	if _, err := os.Stat(templateDir); err != nil {
		// LoadHTMLGlob would panic with a stack trace; say it in one line instead.
		fail(fmt.Errorf("cannot load the templates: %w", err))
	}

	gin.SetMode(gin.ReleaseMode)
	router := gin.New()
	router.Use(gin.Recovery(), serverHeader)
	router.LoadHTMLGlob(templateDir + "/*.html")

	// Gin's tree router lets these static routes sit beside /:title, and prefers them.
	router.GET("/", func(c *gin.Context) { c.String(http.StatusOK, "") })
	router.GET("/plaintext", func(c *gin.Context) { c.String(http.StatusOK, "Hello, World!") })
	router.GET("/json", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"message": "Hello, World!"}) })
	router.GET("/echo/hello-world", func(c *gin.Context) { c.String(http.StatusOK, "Hello World") })
	router.GET("/echo/plain/:param", func(c *gin.Context) { c.String(http.StatusOK, c.Param("param")) })
	router.GET("/echo/regex/:param", echoDigits)
	router.GET("/user/:id", func(c *gin.Context) { c.String(http.StatusOK, c.Param("id")) })
	router.POST("/user", echoBody)
	router.GET("/:title", func(c *gin.Context) {
		c.HTML(http.StatusOK, "layout", gin.H{"Title": c.Param("title"), "Members": members})
	})

	failed := make(chan error, 3)
	go func() { failed <- router.Run(net.JoinHostPort(host, port)) }()
	if tlsPort != "" {
		tlsAddr := net.JoinHostPort(host, tlsPort)
		// RunTLS: net/http's TLS server, HTTP/2 and HTTP/1.1 by ALPN, crypto/tls (TLS 1.2 and 1.3).
		go func() { failed <- router.RunTLS(tlsAddr, certFile, keyFile) }()
		// RunQUIC: quic-go's http3.ListenAndServeQUIC on the same port number over UDP, with the
		// same certificate and quic-go's default QUIC settings.
		go func() { failed <- router.RunQUIC(tlsAddr, certFile, keyFile) }()
	}
	fail(<-failed)
}

// fail prints err in one line and exits 2.
func fail(err error) {
	fmt.Fprintf(os.Stderr, "gin: %v\n", err)
	os.Exit(2)
}

// serverHeader adds the Server header that the contract asks for and net/http does not send.
func serverHeader(c *gin.Context) {
	c.Header("Server", serverName)
}

func echoDigits(c *gin.Context) {
	var p digitsParam
	if err := c.ShouldBindUri(&p); err != nil {
		c.String(http.StatusNotFound, "404 page not found")
		return
	}
	c.String(http.StatusOK, p.Param)
}

// echoBody answers POST /user with the request's body, byte for byte, and its Content-Type.
func echoBody(c *gin.Context) {
	if c.Request.ContentLength > maxEchoBodyBytes {
		c.String(http.StatusRequestEntityTooLarge, "Request Entity Too Large")
		return
	}
	// MaxBytesReader also caps chunked bodies, whose length is not known up front.
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxEchoBodyBytes)
	body, err := c.GetRawData()
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		c.String(http.StatusRequestEntityTooLarge, "Request Entity Too Large")
		return
	}
	if err != nil {
		c.String(http.StatusBadRequest, "Bad Request")
		return
	}
	// The header as sent: c.ContentType() would drop its parameters.
	contentType := c.GetHeader("Content-Type")
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	c.Data(http.StatusOK, contentType, body)
}
