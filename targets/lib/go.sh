# Sourced (not run) by the setup scripts of the Go targets. It checks the `go` on PATH, downloads
# the modules that the target's go.mod and go.sum pin into the module cache (from the Go module
# proxy, or nothing when they are there already), and builds ./src in module mode when the binary
# is missing or older than its sources. Nothing here installs Go itself: without a Go that is new
# enough, the setup exits 3 ("unavailable", targets/lib/unavailable.sh) and the target is skipped.

source "$(dirname "${BASH_SOURCE[0]}")/unavailable.sh"

# Always the `go` on PATH, never a toolchain that a go.mod line would fetch.
export GOTOOLCHAIN=local

# Go 1.22 brought ServeMux's method and {wildcard} patterns, and loop variables per iteration.
GO_MIN_VERSION=1.22

# The minor version of a Go version string: 22 for go1.22.5, 1.22, 1.22.0 or go1.22rc1.
go_minor() {
  [[ $1 =~ ^(go)?1\.([0-9]+) ]] && echo "${BASH_REMATCH[2]}"
}

# Exits 3 with one line unless the `go` on PATH is at least GO_MIN_VERSION and at least the go
# line of ./go.mod (a dependency may need a newer Go than the targets do).
require_go() {
  local need=$GO_MIN_VERSION mod have
  mod=$(awk '$1 == "go" { print $2; exit }' go.mod)
  if [ -n "$mod" ] && (($(go_minor "$mod") > $(go_minor "$need"))); then
    need=$mod
  fi
  if ! command -v go >/dev/null 2>&1; then
    unavailable_here "$(basename "$PWD") needs Go >= $need as 'go' on PATH, and there is no 'go' on PATH"
  fi
  have=$(go env GOVERSION 2>/dev/null || true)
  if [ -z "$(go_minor "$have")" ] || (($(go_minor "$have") < $(go_minor "$need"))); then
    unavailable_here "$(basename "$PWD") needs Go >= $need, but the 'go' on PATH ($(command -v go)) is ${have:-older than 1.16}"
  fi
}

# go_setup OUTPUT [DIR...]: require_go, then `go mod download` and, when OUTPUT is older than the
# target's sources or any file under DIR (shared code it builds with), the build that the target's
# target.yaml runs too.
go_setup() {
  local output=$1 inputs=(src go.mod target.yaml "${@:2}")
  [ -f go.sum ] && inputs+=(go.sum)
  require_go
  # read-only: go.mod and go.sum are the pins; a build that would change them fails instead.
  export GOFLAGS=-mod=readonly
  go mod download
  if [ ! -x "$output" ] || [ -n "$(find "${inputs[@]}" -newer "$output" -print -quit)" ]; then
    echo "setup: building $output with $(go env GOVERSION)" >&2
    go build -trimpath -buildvcs=false -o "$output" ./src
  fi
}
