module showdown/targets/martini

go 1.22

require (
	github.com/go-martini/martini v0.0.0-20170121215854-22fa46961aab
	github.com/martini-contrib/render v0.0.0-20150707142108-ec18f8345a11
)

require (
	github.com/codegangsta/inject v0.0.0-20150114235600-33e0aa1cb7c0 // indirect
	github.com/oxtoacart/bpool v0.0.0-20190530202638-03653db5a59c // indirect
)
