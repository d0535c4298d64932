# Sourced (POSIX sh) by ./showdown and ./mvnw: exports JAVA_HOME pointing at a JDK >= 21.
# Order: $JAVA_HOME, the javac on PATH, then the JDKs under /usr/lib/jvm and /opt (newest first).
# On failure it prints one line and returns 2.

showdown_java_major() { # the feature version of the JDK at $1, or 0
  _sd_v=""
  if [ -r "$1/release" ]; then
    _sd_v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release")
  fi
  echo "${_sd_v:-0}"
}

showdown_find_jdk() {
  _sd_required=21
  _sd_path_jdk=""
  if command -v javac >/dev/null 2>&1; then
    _sd_path_jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  fi
  for _sd_candidate in "${JAVA_HOME:-}" "$_sd_path_jdk" $(ls -d /usr/lib/jvm/*/ /opt/*jdk*/ /opt/java/*/ 2>/dev/null | sort -rV); do
    _sd_candidate=${_sd_candidate%/}
    [ -n "$_sd_candidate" ] || continue
    if [ -x "$_sd_candidate/bin/javac" ] && [ "$(showdown_java_major "$_sd_candidate")" -ge "$_sd_required" ]; then
      JAVA_HOME="$_sd_candidate"
      export JAVA_HOME
      return 0
    fi
  done
  echo "showdown: no JDK >= $_sd_required found (looked at JAVA_HOME, PATH, /usr/lib/jvm and /opt); install one or set JAVA_HOME" >&2
  return 2
}
