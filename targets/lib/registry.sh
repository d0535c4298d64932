# Sourced (not run) by the setup scripts of the targets whose packages come from a registry of
# their own ecosystem (Hex, Hackage, NuGet), fetched by that ecosystem's client. Before a fetch, a
# setup asks whether the registry answers at all (probe_registry): where it does not, the setup
# exits 3 with one line on stderr, and targets/setup-seeds and `showdown doctor` show the target as
# unavailable on that machine (docs/targets.md). Where it answers, the fetch gets the time a
# download needs, its progress shown (registry_download), and a fetch that fails is a failure
# (exit 1) named as such, never "cannot be reached".

source "$(dirname "${BASH_SOURCE[0]}")/unavailable.sh"

# Where each registry answers a HEAD request (its index or its front page).
readonly HEX_URL=https://repo.hex.pm/
readonly HACKAGE_URL=https://hackage.haskell.org/
readonly NUGET_URL=https://api.nuget.org/v3/index.json

# How long a registry may take to accept a connection and answer a HEAD request, in seconds,
# before it counts as not answering: a setup must never hang on a network that drops packets.
readonly REGISTRY_PROBE_SECONDS=${REGISTRY_PROBE_SECONDS:-30}
# How long one download from a registry that answered may take, in seconds: a guard against a
# client that hangs, far above what a slow link needs for a first index download.
readonly REGISTRY_DOWNLOAD_SECONDS=${REGISTRY_DOWNLOAD_SECONDS:-7200}

# registry_unreachable TARGET REGISTRY: the one line for a registry that did not answer.
registry_unreachable() {
  unavailable_here "$1 needs packages from $2, which cannot be reached from here"
}

# registry_answers URL: true when URL's server answers within REGISTRY_PROBE_SECONDS. With curl
# (which honours https_proxy), a HEAD request, any HTTP status counting as an answer; without it,
# a TCP connection to the URL's host and port.
registry_answers() {
  local url=$1
  if command -v curl >/dev/null 2>&1; then
    curl --silent --show-error --head --output /dev/null --connect-timeout "$REGISTRY_PROBE_SECONDS" \
      --max-time "$REGISTRY_PROBE_SECONDS" "$url" </dev/null
    return
  fi
  local scheme=${url%%://*} hostport=${url#*://}
  hostport=${hostport%%/*}
  local host=${hostport%:*} port=${hostport##*:}
  if [ "$host" = "$hostport" ]; then
    port=443
    [ "$scheme" = http ] && port=80
  fi
  timeout --kill-after=2 "$REGISTRY_PROBE_SECONDS" bash -c 'exec 3<>"/dev/tcp/$1/$2"' registry_answers "$host" "$port" \
    </dev/null 2>/dev/null
}

# probe_registry TARGET REGISTRY URL: exits 3 with one line unless the registry at URL answers
# (registry_answers). It downloads nothing: how fast the registry sends is the download's business.
probe_registry() {
  local target=$1 registry=$2 url=$3
  if ! registry_answers "$url"; then
    registry_unreachable "$target" "$registry"
  fi
  echo "setup: $registry answers at $url" >&2
}

# registry_download TARGET REGISTRY COMMAND...: runs the registry client's COMMAND (a fetch), its
# progress on stdout and stderr, for up to REGISTRY_DOWNLOAD_SECONDS. When it fails, says so in one
# line naming the command and its exit status, and exits 1.
registry_download() {
  local target=$1 registry=$2 rc=0
  shift 2
  echo "setup: $target: fetching from $registry: $*" >&2
  timeout --kill-after=10 "$REGISTRY_DOWNLOAD_SECONDS" "$@" </dev/null || rc=$?
  if ((rc == 124)); then
    echo "setup: $target: '$*' was still downloading from $registry after $REGISTRY_DOWNLOAD_SECONDS s and was stopped (its output is above)" >&2
    exit 1
  elif ((rc != 0)); then
    echo "setup: $target: '$*' failed (exit $rc) fetching from $registry, which answered (its output is above)" >&2
    exit 1
  fi
}
