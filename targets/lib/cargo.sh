# Sourced (not run) by the setup scripts of the Rust targets. They are members of one Cargo
# workspace, targets/rust/Cargo.toml, whose Cargo.lock pins every crate and whose target folder,
# targets/rust/target (gitignored), holds one build of the dependencies they share. The setup
# checks the `cargo` and `rustc` on PATH against the workspace's rust-version, fetches the locked
# crates (from Cargo's registry, or nothing when Cargo's cache has them) and builds the workspace in
# release mode when a binary is missing or older than its sources. Nothing here installs Rust.

source "$(dirname "${BASH_SOURCE[0]}")/registry.sh"

CARGO_WORKSPACE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../rust" && pwd)
# The workspace's own target folder, also when the user's environment names another one.
export CARGO_TARGET_DIR=$CARGO_WORKSPACE/target

# The workspace's rust-version: the oldest Rust that builds every member (its MSRV).
cargo_msrv() {
  awk -F'"' '/^rust-version *=/ { print $2; exit }' "$CARGO_WORKSPACE/Cargo.toml"
}

# at_least HAVE NEED: whether version HAVE (1.95.0) is NEED (1.89) or newer.
at_least() {
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

# Exits 3 with one line unless `cargo` and `rustc` are on PATH and rustc is at least the MSRV.
require_cargo() {
  local need have
  need=$(cargo_msrv)
  if ! command -v cargo >/dev/null 2>&1 || ! command -v rustc >/dev/null 2>&1; then
    unavailable_here "needs Rust >= $need ('cargo' and 'rustc' on PATH), and they are not on PATH"
  fi
  have=$(rustc --version 2>/dev/null | awk '{ print $2 }')
  if [ -z "$have" ] || ! at_least "${have%%-*}" "$need"; then
    unavailable_here "needs Rust >= $need, but the 'rustc' on PATH ($(command -v rustc)) is ${have:-unknown}"
  fi
}

# cargo_setup BINARY: require_cargo, fetch the locked crates, and build the workspace when
# BINARY (a member's binary) is missing or older than a manifest, the lock file, a source file
# or a template. The build is the one the members' target.yaml run: the whole workspace, so that
# the shared dependencies get the same features, and so the same build, in every run.
cargo_setup() {
  local output=$CARGO_TARGET_DIR/release/$1 manifest=$CARGO_WORKSPACE/Cargo.toml
  require_cargo
  # --locked: Cargo.lock is the pin; a build that would change it fails instead.
  cargo fetch --locked --manifest-path "$manifest"
  if [ ! -x "$output" ] || [ -n "$(find "$CARGO_WORKSPACE" -path "$CARGO_TARGET_DIR" -prune -o -type f \
      \( -name '*.rs' -o -name '*.toml' -o -name Cargo.lock -o -name '*.html' \) -newer "$output" -print -quit)" ]; then
    echo "setup: building the Rust workspace with $(rustc --version)" >&2
    cargo build --release --locked --workspace --manifest-path "$manifest"
    touch "$output"
  fi
}
