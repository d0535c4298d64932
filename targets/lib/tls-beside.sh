# Sourced (not run) by the start scripts of the targets whose server serves either cleartext or
# TLS on all its listeners, never both (uvicorn, gunicorn and Granian take one certificate for the
# whole server). Such a target runs its server twice when the harness gives it TLS: once on PORT,
# once on TLS_PORT with TLS_CERT and TLS_KEY (docs/targets.md, "Protocols"), each with its own
# workers; a measurement loads one port at a time, so the other server's workers stay idle.

# serve_cleartext_and_tls NAME CLEARTEXT TLS: CLEARTEXT and TLS name arrays that hold the two
# commands. Without TLS_PORT, TLS_CERT and TLS_KEY, runs CLEARTEXT in place of this shell (exec).
# With all three, runs both and exits when either exits (stopping the other), with its status; a
# SIGTERM or SIGINT stops both. With only some of them, exits 2 with one line naming NAME.
serve_cleartext_and_tls() {
  local name=$1
  local -n cleartext_command=$2 tls_command=$3
  if [ -z "${TLS_PORT:-}${TLS_CERT:-}${TLS_KEY:-}" ]; then
    exec "${cleartext_command[@]}"
  fi
  if [ -z "${TLS_PORT:-}" ] || [ -z "${TLS_CERT:-}" ] || [ -z "${TLS_KEY:-}" ]; then
    echo "$name: TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, and some are unset" >&2
    exit 2
  fi
  local cleartext_pid tls_pid status=0
  "${cleartext_command[@]}" &
  cleartext_pid=$!
  "${tls_command[@]}" &
  tls_pid=$!
  # A signal ends the `wait -n` below early; both servers are then stopped there.
  trap ':' TERM INT
  wait -n "$cleartext_pid" "$tls_pid" || status=$?
  kill -TERM "$cleartext_pid" "$tls_pid" 2>/dev/null || true
  wait "$cleartext_pid" "$tls_pid" 2>/dev/null || true
  exit "$status"
}
