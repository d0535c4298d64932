module showdown/targets/go/contract

go 1.24
