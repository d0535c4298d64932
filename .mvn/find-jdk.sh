# Sourced (POSIX sh) by ./showdown and ./mvnw: exports JAVA_HOME pointing at a JDK >= 21 (and sets
# showdown_jdk_major to its feature version).
# Order: $JAVA_HOME, the javac on PATH, then the JDKs under /usr/lib/jvm and /opt (highest version
# first). On failure it prints one line and returns 2. It runs before every command, and its CPU lands
# on the load generator's, so it starts as few processes as it can (one readlink): versions are read with the
# shell's own `read`, and results pass in variables, not through $(...).

_sd_read_major() { # sets _sd_major to the feature version of the JDK at $1, or 0
  _sd_major=0
  [ -r "$1/release" ] || return 0
  while IFS= read -r _sd_line; do
    case "$_sd_line" in
      JAVA_VERSION=*)
        _sd_v=${_sd_line#JAVA_VERSION=\"}
        _sd_v=${_sd_v%%[!0-9]*}
        _sd_major=${_sd_v:-0}
        return 0
        ;;
    esac
  done <"$1/release"
}

# Takes the JDK at $1 when it is one (>= 21): sets and exports JAVA_HOME, and sets
# showdown_jdk_major to its feature version.
_sd_take_jdk() {
  _sd_c=${1%/}
  [ -n "$_sd_c" ] && [ -x "$_sd_c/bin/javac" ] || return 1
  _sd_read_major "$_sd_c"
  [ "$_sd_major" -ge 21 ] || return 1
  JAVA_HOME=$_sd_c
  export JAVA_HOME
  showdown_jdk_major=$_sd_major
}

showdown_find_jdk() {
  _sd_take_jdk "${JAVA_HOME:-}" && return 0
  _sd_javac=$(readlink -f "$(command -v javac)" 2>/dev/null) || _sd_javac=
  _sd_take_jdk "${_sd_javac%/bin/javac}" && return 0
  # The highest version among the installed JDKs (by the release file, not by folder name).
  _sd_best= _sd_best_major=0
  for _sd_candidate in /usr/lib/jvm/*/ /opt/*jdk*/ /opt/java/*/; do
    [ -x "$_sd_candidate/bin/javac" ] || continue
    _sd_read_major "${_sd_candidate%/}"
    if [ "$_sd_major" -gt "$_sd_best_major" ]; then
      _sd_best=$_sd_candidate _sd_best_major=$_sd_major
    fi
  done
  [ -n "$_sd_best" ] && _sd_take_jdk "$_sd_best" && return 0
  echo "showdown: no JDK >= 21 found (looked at JAVA_HOME, PATH, /usr/lib/jvm and /opt); install one or set JAVA_HOME" >&2
  return 2
}
