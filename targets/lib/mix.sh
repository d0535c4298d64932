# Sourced (not run) by the setup scripts of the Elixir targets. It installs Erlang/OTP and Elixir
# from Debian when they are missing, then builds the target as Mix's docs do for production:
# Hex and rebar3 for Mix (`mix local.hex`, `mix local.rebar`), the packages that mix.exs pins
# (`mix deps.get`), and a release (`MIX_ENV=prod mix release`). Those packages come only from
# Hex: when Hex cannot be reached, setup says so in one line and exits 3 ("unavailable here").
# Idempotent: nothing is fetched when it is there already, and the release is rebuilt only when
# it is older than its sources.

# The exit code 3 ("unavailable here"), the one-line messages and install_debian_packages are
# those of every registry-bound target.
source "$(dirname "${BASH_SOURCE[0]}")/registry.sh"

# How long a Hex download may take, in seconds: `timeout` stops it after that, so that a network
# that drops packets (rather than refusing them) cannot hang setup.
MIX_TOOL_TIMEOUT=60
MIX_DEPS_TIMEOUT=600

# What Mix and Hex print when a download fails, as opposed to any other error.
MIX_NETWORK_FAILURE='httpc request failed|could not download|failed to fetch|request failed|nxdomain|econnrefused|timeout'

# mix_fetch NAME TIMEOUT MIX-ARGS...: runs mix with a time limit, its output kept in a log. When it
# fails because Hex cannot be reached (a network error in its output, or the time limit), prints
# the one line and exits 3; on any other failure shows mix's output and exits 1.
mix_fetch() {
  local name=$1 limit=$2 log rc=0
  shift 2
  log=$(mktemp)
  timeout "$limit" mix "$@" </dev/null >"$log" 2>&1 || rc=$?
  if ((rc == 0)); then
    rm -f "$log"
    return 0
  fi
  if ((rc == 124)) || grep -qiE "$MIX_NETWORK_FAILURE" "$log"; then
    rm -f "$log"
    registry_unreachable "$name" Hex
  fi
  cat "$log" >&2
  rm -f "$log"
  echo "setup: 'mix $*' failed for $name (exit $rc)" >&2
  exit 1
}

# mix_setup NAME RELEASE [SOURCE...]: everything above, for the release RELEASE of mix.exs. The
# SOURCEs are folders outside the project that mix.exs compiles too (shared code), so that a
# change there rebuilds the release.
mix_setup() {
  local name=$1 release=$2
  shift 2
  local output=_build/prod/rel/$release/bin/$release
  local sources=(lib config rel mix.exs "$@")
  [ -f mix.lock ] && sources+=(mix.lock)

  install_debian_packages erlang-nox elixir
  export MIX_ENV=prod

  # Mix needs the Hex archive for any Hex package, even to compile one already fetched, and
  # rebar3 for the Erlang ones (Cowboy, ranch, telemetry). With --if-missing both return at once,
  # without a download, when they are installed.
  mix_fetch "$name" "$MIX_TOOL_TIMEOUT" local.hex --force --if-missing
  mix_fetch "$name" "$MIX_TOOL_TIMEOUT" local.rebar --force --if-missing

  # The first fetch writes mix.lock (commit it); later ones fetch only when mix.exs or mix.lock
  # changed since. `deps` is the folder target.yaml names as `fetched`.
  if [ ! -d deps ] || [ ! -f mix.lock ] || [ -n "$(find mix.exs mix.lock -newer deps -print -quit)" ]; then
    mix_fetch "$name" "$MIX_DEPS_TIMEOUT" deps.get
    touch deps
  fi

  if [ ! -x "$output" ] || [ -n "$(find "${sources[@]}" -newer "$output" -print -quit)" ]; then
    echo "setup: building the $release release with $(elixir --short-version 2>/dev/null || echo Elixir)" >&2
    mix release --overwrite </dev/null
    touch "$output"
  fi
}
