# Sourced (POSIX sh) by ./showdown and ./mvnw: exports JAVA_HOME pointing at a JDK >= 21 (and sets
# showdown_jdk_major to its feature version).
# Order: $JAVA_HOME, the javac on PATH, then the JDKs under /usr/lib/jvm and /opt (newest first).
# On failure it prints one line and returns 2. It runs before every command, so it starts as few
# processes as it can: versions are read with the shell's own `read`, not with sed.

showdown_java_major() { # the feature version of the JDK at $1, or 0
  _sd_v=0
  if [ -r "$1/release" ]; then
    while IFS= read -r _sd_line; do
      case "$_sd_line" in
        JAVA_VERSION=*)
          _sd_v=${_sd_line#JAVA_VERSION=\"}
          _sd_v=${_sd_v%%[!0-9]*}
          break
          ;;
      esac
    done <"$1/release"
  fi
  echo "${_sd_v:-0}"
}

# Takes the JDK at $1 when it is one (>= 21): sets and exports JAVA_HOME, and sets
# showdown_jdk_major to its feature version.
_sd_take_jdk() {
  _sd_c=${1%/}
  [ -n "$_sd_c" ] && [ -x "$_sd_c/bin/javac" ] || return 1
  _sd_m=$(showdown_java_major "$_sd_c")
  [ "$_sd_m" -ge 21 ] || return 1
  JAVA_HOME="$_sd_c"
  export JAVA_HOME
  showdown_jdk_major=$_sd_m
}

showdown_find_jdk() {
  _sd_take_jdk "${JAVA_HOME:-}" && return 0
  if command -v javac >/dev/null 2>&1; then
    _sd_javac=$(readlink -f "$(command -v javac)")
    _sd_take_jdk "${_sd_javac%/bin/javac}" && return 0
  fi
  for _sd_candidate in $(ls -d /usr/lib/jvm/*/ /opt/*jdk*/ /opt/java/*/ 2>/dev/null | sort -rV); do
    _sd_take_jdk "$_sd_candidate" && return 0
  done
  echo "showdown: no JDK >= 21 found (looked at JAVA_HOME, PATH, /usr/lib/jvm and /opt); install one or set JAVA_HOME" >&2
  return 2
}
