# Sourced (not run) by the setup scripts of the Elixir targets. It installs Erlang/OTP and Elixir
# from Debian when they are missing, then builds the target as Mix's docs do for production:
# Hex and rebar3 for Mix (`mix local.hex`, `mix local.rebar`), the packages that mix.exs pins
# (`mix deps.get`), and a release (`MIX_ENV=prod mix release`). Those packages come only from
# Hex: when something is to be fetched and Hex does not answer, setup says so in one line and
# exits 3 ("unavailable here"). Idempotent: nothing is fetched when it is there already, and the
# release is rebuilt only when it is older than its sources.

# The exit code 3 ("unavailable here"), the probe, the downloads and install_debian_packages are
# those of every registry-bound target.
source "$(dirname "${BASH_SOURCE[0]}")/registry.sh"

# True when Mix has the Hex archive already (`mix local.hex --if-missing` then fetches nothing).
mix_has_hex() {
  mix archive 2>/dev/null | grep -q '^\* hex-'
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

  # The first fetch writes mix.lock (commit it); later ones fetch only when mix.exs or mix.lock
  # changed since. `deps` is the folder target.yaml names as `fetched`.
  local fetch_deps=0
  if [ ! -d deps ] || [ ! -f mix.lock ] || [ -n "$(find mix.exs mix.lock -newer deps -print -quit)" ]; then
    fetch_deps=1
  fi
  # Whether Hex answers, asked only when something is to be fetched, so that a rebuild needs no network.
  if ((fetch_deps)) || ! mix_has_hex; then
    probe_registry "$name" Hex "$HEX_URL"
  fi

  # Mix needs the Hex archive for any Hex package, even to compile one already fetched, and
  # rebar3 for the Erlang ones (Cowboy, ranch, telemetry). With --if-missing both return at once,
  # without a download, when they are installed.
  registry_download "$name" Hex mix local.hex --force --if-missing
  registry_download "$name" Hex mix local.rebar --force --if-missing
  if ((fetch_deps)); then
    registry_download "$name" Hex mix deps.get
    touch deps
  fi

  if [ ! -x "$output" ] || [ -n "$(find "${sources[@]}" -newer "$output" -print -quit)" ]; then
    echo "setup: building the $release release with $(elixir --short-version 2>/dev/null || echo Elixir)" >&2
    mix release --overwrite </dev/null
    touch "$output"
  fi
}
