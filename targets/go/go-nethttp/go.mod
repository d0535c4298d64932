module showdown/targets/go-nethttp

go 1.24
