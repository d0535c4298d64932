# Sourced (not run) by the seed targets' setup scripts. A setup that cannot work on this machine
# (a toolchain that is missing or too old and cannot be installed here, a registry that does not answer)
# exits 3 with one line on stderr: targets/setup-seeds prints that target as "unavailable", not as
# a failure, and notes it in the target's folder (setup.unavailable) for the seed targets' tests.

# The exit status of a setup that cannot work on this machine.
readonly SETUP_UNAVAILABLE=3

# unavailable_here LINE: prints "setup: LINE" on stderr and exits 3.
unavailable_here() {
  echo "setup: $1" >&2
  exit "$SETUP_UNAVAILABLE"
}

# Installs the Debian packages given, refreshing the package lists only when one is missing, and
# sets installed_now=1 when it installed anything; exits 3 when apt-get is not there (not a Debian
# machine) or the packages cannot be installed.
installed_now=0
install_debian_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then return 0; fi
  command -v apt-get >/dev/null 2>&1 || unavailable_here "$(basename "$PWD") needs the Debian packages ${missing[*]}, and there is no apt-get here"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "setup: installing ${missing[*]}"
  if ! { "${sudo[@]}" apt-get update -q &&
         "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
           -o DPkg::Lock::Timeout=300 "${missing[@]}"; } </dev/null 2>&1; then
    unavailable_here "$(basename "$PWD") cannot install the Debian packages ${missing[*]}"
  fi
  installed_now=1
}
