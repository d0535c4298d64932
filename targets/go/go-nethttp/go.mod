module showdown/targets/go-nethttp

go 1.24

require showdown/targets/go/contract v0.0.0

// The handlers and servers shared with the chi target, from this checkout.
replace showdown/targets/go/contract => ../contract
