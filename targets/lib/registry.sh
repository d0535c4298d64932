# Sourced (not run) by the setup scripts of the targets whose packages come from a registry that
# this project's machines do not reach (Hex, Hackage, NuGet), or whose toolchain Debian does not
# ship (Gleam, .NET). Such a setup exits 3 with one line on stderr when it cannot go on here:
# targets/setup-seeds prints that target as "unavailable", not as a failure, and `showdown doctor`
# says the same from the target's `registry:` and `fetched:` fields (docs/targets.md).

# The exit status of a setup that cannot work on this machine: a registry or a toolchain is out of reach.
readonly SETUP_UNAVAILABLE=3

# How long the registry's own client may take to answer a small question before the registry
# counts as out of reach; a setup must never hang on a network that drops packets.
readonly REGISTRY_PROBE_SECONDS=${REGISTRY_PROBE_SECONDS:-30}

# unavailable_here LINE: prints "setup: LINE" on stderr and exits 3.
unavailable_here() {
  echo "setup: $1" >&2
  exit "$SETUP_UNAVAILABLE"
}

# registry_unreachable TARGET REGISTRY: the one line for a registry that did not answer.
registry_unreachable() {
  unavailable_here "$1 needs packages from $2, which cannot be reached from here"
}

# probe_registry TARGET REGISTRY [--expect TEXT] COMMAND...: runs the registry client's COMMAND (a
# small query) with a short timeout, its output on stdout, and exits 3 when it fails, times out or,
# with --expect, prints no line containing TEXT (for a client that exits 0 on a network error).
probe_registry() {
  local target=$1 registry=$2 expect="" out
  shift 2
  if [ "${1:-}" = "--expect" ]; then
    expect=$2
    shift 2
  fi
  if ! out=$(timeout --kill-after=5 "$REGISTRY_PROBE_SECONDS" "$@" </dev/null 2>&1); then
    printf '%s\n' "$out"
    registry_unreachable "$target" "$registry"
  fi
  printf '%s\n' "$out"
  if [ -n "$expect" ] && ! grep -qF -- "$expect" <<<"$out"; then
    registry_unreachable "$target" "$registry"
  fi
}

# Installs the Debian packages given, refreshing the package lists only when one is missing; exits
# 3 when apt-get is not there (not a Debian machine) or the packages cannot be installed.
install_debian_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then return 0; fi
  command -v apt-get >/dev/null 2>&1 || unavailable_here "needs the Debian packages ${missing[*]}, and there is no apt-get here"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "setup: installing ${missing[*]}"
  if ! { "${sudo[@]}" apt-get update -q &&
         "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
           -o DPkg::Lock::Timeout=300 "${missing[@]}"; } </dev/null 2>&1; then
    unavailable_here "cannot install the Debian packages ${missing[*]}"
  fi
}
