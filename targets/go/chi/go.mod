module showdown/targets/chi

go 1.24

require (
	github.com/go-chi/chi/v5 v5.5.0
	showdown/targets/go/contract v0.0.0
)

// The handlers and servers shared with the go-nethttp target, from this checkout.
replace showdown/targets/go/contract => ../contract
