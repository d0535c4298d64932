module showdown/targets/echo

go 1.26.0

require (
	github.com/go-playground/validator/v10 v10.30.1
	github.com/labstack/echo/v4 v4.16.6
	showdown/targets/go/contract v0.0.0
	showdown/targets/go/contract/h3 v0.0.0
)

require (
	github.com/gabriel-vasile/mimetype v1.4.12 // indirect
	github.com/go-playground/locales v0.14.1 // indirect
	github.com/go-playground/universal-translator v0.18.1 // indirect
	github.com/labstack/gommon v0.5.0 // indirect
	github.com/leodido/go-urn v1.4.0 // indirect
	github.com/mattn/go-colorable v0.1.15 // indirect
	github.com/mattn/go-isatty v0.0.22 // indirect
	github.com/quic-go/qpack v0.6.0 // indirect
	github.com/quic-go/quic-go v0.65.0 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	github.com/valyala/fasttemplate v1.2.2 // indirect
	golang.org/x/crypto v0.57.0 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/text v0.42.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

// The environment, page data and templates shared by the Go targets, and the HTTP/3 server shared
// with go-nethttp and chi, from this checkout.
replace (
	showdown/targets/go/contract => ../contract
	showdown/targets/go/contract/h3 => ../contract/h3
)
