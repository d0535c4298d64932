module showdown/targets/chi

go 1.26.0

require (
	github.com/go-chi/chi/v5 v5.5.0
	showdown/targets/go/contract v0.0.0
	showdown/targets/go/contract/h3 v0.0.0
)

require (
	github.com/quic-go/qpack v0.6.0 // indirect
	github.com/quic-go/quic-go v0.65.0 // indirect
	golang.org/x/crypto v0.54.0 // indirect
	golang.org/x/net v0.56.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/text v0.40.0 // indirect
)

// The handlers and servers shared with the go-nethttp target, and the HTTP/3 server shared with
// go-nethttp and echo, from this checkout.
replace (
	showdown/targets/go/contract => ../contract
	showdown/targets/go/contract/h3 => ../contract/h3
)
