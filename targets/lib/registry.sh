# Sourced (not run) by the setup scripts of the targets whose packages come from a registry that
# this project's machines do not reach (Hex, Hackage, NuGet), or whose toolchain Debian does not
# ship (Gleam, .NET). Such a setup exits 3 with one line on stderr when it cannot go on here:
# targets/setup-seeds prints that target as "unavailable", not as a failure, and `showdown doctor`
# says the same from the target's `registry:` and `fetched:` fields (docs/targets.md).

source "$(dirname "${BASH_SOURCE[0]}")/unavailable.sh"

# How long the registry's own client may take to answer a small question before the registry
# counts as out of reach; a setup must never hang on a network that drops packets.
readonly REGISTRY_PROBE_SECONDS=${REGISTRY_PROBE_SECONDS:-30}

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
