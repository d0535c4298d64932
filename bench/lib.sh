# Shared by the bench scripts: nginx lifecycle, tool discovery, medians. Sourced, not run.

bench_home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

die() { echo "$(basename "$0"): $*" >&2; exit 2; }

need() { command -v "$1" >/dev/null 2>&1 || die "$1 is not installed (${2:-apt-get install $1})"; }

free_port() { # a TCP port nothing listens on, picked by the kernel
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# start_nginx CPU PORT [http2|tls|tls-http2]: one worker pinned to CPU, config from bench/nginx.conf.
# http2: the port speaks HTTP/2 over cleartext TCP (h2c, prior knowledge) instead; tls: HTTP/1.1 over
# TLS 1.2 and 1.3 with a fresh self-signed ECDSA P-256 certificate (session tickets and cache on, as
# nginx's defaults are); tls-http2: the same with HTTP/2 offered by ALPN. Sets nginx_pid, nginx_dir.
start_nginx() {
  need nginx nginx-light
  nginx_dir=$(mktemp -d)
  mkdir -p "$nginx_dir/tmp" "$nginx_dir/logs"
  local listen_extra= curl_mode=() scheme=http tls_conf=
  case "${3:-}" in
    http2) listen_extra=" http2" curl_mode=(--http2-prior-knowledge) ;;
    tls|tls-http2)
      need openssl
      openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=localhost \
        -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1' -keyout "$nginx_dir/key.pem" -out "$nginx_dir/cert.pem" \
        2>/dev/null
      listen_extra=" ssl"
      [ "$3" = tls-http2 ] && listen_extra=" ssl http2"
      scheme=https curl_mode=(-k)
      tls_conf="ssl_certificate $nginx_dir/cert.pem; ssl_certificate_key $nginx_dir/key.pem; ssl_protocols TLSv1.2 TLSv1.3; ssl_session_cache shared:bench:10m;"
      ;;
  esac
  sed -e "s/__PORT__/$2/" -e "s/backlog=4096;/backlog=4096$listen_extra; ${tls_conf//\//\\/}/" \
    "$bench_home/bench/nginx.conf" > "$nginx_dir/nginx.conf"
  taskset -c "$1" nginx -p "$nginx_dir" -c "$nginx_dir/nginx.conf" -g "pid $nginx_dir/nginx.pid;" \
    >"$nginx_dir/out.log" 2>&1 &
  nginx_pid=$!
  for _ in $(seq 50); do
    curl -fs "${curl_mode[@]}" -o /dev/null "$scheme://127.0.0.1:$2/plaintext" && return 0
    sleep 0.1
  done
  cat "$nginx_dir/out.log" >&2
  die "nginx did not start"
}

stop_nginx() {
  if [ -n "${nginx_pid:-}" ]; then
    kill "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=
  fi
  [ -n "${nginx_dir:-}" ] && rm -rf "$nginx_dir"
  nginx_dir=
}

median() { # median of the numbers on stdin
  sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

range() { # "min-max" of the numbers on stdin, two decimals
  sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.2f-%.2f", a, b }'
}

showdown_cmd() { # builds the CLI and its class-data archive if needed; prints the command users run
  "$bench_home/showdown" --version >/dev/null || die "cannot build showdown"
  echo "$bench_home/showdown"
}

# The measurement log (bench/README.md, "Records"): each script calls bench_record_start before it
# measures, bench_figure (or bench_figure_of) once per claim, and bench_record_write at the end, which
# hands the figures to `showdown bench-record`: it stamps the commit, the machine (CPU, cores, cpuset,
# kernel, governor), the JDK and the tools' versions, and writes bench/results/records/<time>-<script>.json
# (or into $BENCH_RECORDS when set). bench/report renders the records.

# noise_probe: wrk alone on nginx (one worker on CPU 0, `wrk -t1 -c50` on CPU 1) for
# $BENCH_NOISE_SECONDS (default 3; 0 skips it). Prints its req/s, the records' host-noise indicator:
# the same small load on every run of every script, so a slow host shows as a low figure. Prints
# nothing when skipped, or without nginx, wrk or a second CPU.
noise_probe() {
  local seconds=${BENCH_NOISE_SECONDS:-3}
  [ "$seconds" -gt 0 ] && [ "$(nproc)" -ge 2 ] && command -v nginx >/dev/null 2>&1 \
    && command -v wrk >/dev/null 2>&1 || return 0
  (
    trap stop_nginx EXIT
    port=$(free_port)
    start_nginx 0 "$port" >/dev/null
    taskset -c 1 wrk -t1 -c50 -d"${seconds}s" "http://127.0.0.1:$port/plaintext" 2>/dev/null \
      | awk '/^Requests\/sec:/ { printf "%.0f\n", $2 }'
  ) || true
}

# bench_record_start SCRIPT DIR ARG...: the run's start time and exact command (bench/SCRIPT ARG...),
# its figures collected in DIR/record.figures, and the host-noise probe, taken now before the load.
bench_record_start() {
  record_script=$1 record_figures=$2/record.figures
  shift 2
  record_command="bench/$record_script"
  [ $# -gt 0 ] && record_command="$record_command $(printf '%q ' "$@")" && record_command=${record_command% }
  record_started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  : >"$record_figures"
  record_noise=$(noise_probe)
  [ -n "$record_noise" ] && echo "host noise: wrk alone on nginx $record_noise req/s (${BENCH_NOISE_SECONDS:-3} s)"
  return 0
}

# bench_figure NAME VALUE LOW HIGH UNIT SPREAD BAR [MET]: one claim's figure; "-" for none. Without
# MET, `bench-record` judges it from BAR (">= 0.95", "<= 1.10", "= 0").
bench_figure() {
  local IFS=$'\t'
  echo "$*" >>"$record_figures"
}

# bench_figure_of NAME UNIT SPREAD BAR: a figure from the numbers on stdin, their median with their
# range (min and max) as its spread; a single number has no spread. Nothing when stdin holds no number.
bench_figure_of() {
  local values
  values=$(grep -E '^-?[0-9.]+(e[-+]?[0-9]+)?$' | sort -g)
  [ -n "$values" ] || return 0
  if [ "$(wc -l <<<"$values")" -eq 1 ]; then
    bench_figure "$1" "$values" - - "$2" - "$4"
  else
    bench_figure "$1" "$(median <<<"$values")" "$(head -1 <<<"$values")" "$(tail -1 <<<"$values")" "$2" "$3" "$4"
  fi
}

# bench_record_write READING TOOL...: writes the record; TOOL... are the tools whose versions it names.
bench_record_write() {
  local reading=$1 tools=()
  shift
  for t in "$@"; do tools+=(--tool "$t"); done
  [ -s "$record_figures" ] || { echo "$(basename "$0"): no figures measured, no record written" >&2; return 0; }
  "$bench_home/showdown" bench-record --script "$record_script" --command "$record_command" \
    --started "$record_started" "${tools[@]}" --noise "wrkAloneReqPerSec=${record_noise:-}" \
    --figures "$record_figures" --reading "$reading" ${BENCH_RECORDS:+--out "$BENCH_RECORDS"} \
    | sed 's/^/record: /'
}

# The oha both bench/load-vs-peers and bench/load-vs-h3 run: one pinned version, built with its http3
# feature by `cargo install --locked` into bench/.tools (not tracked), once.
oha_version=1.16.0 oha_features=http3

# oha_ready: bench/.tools/bin/oha is that build
oha_ready() {
  [ -x "$bench_home/bench/.tools/bin/oha" ] \
    && [ "$(cat "$bench_home/bench/.tools/oha.version" 2>/dev/null)" = "$oha_version+$oha_features" ]
}

# oha_install: builds it (a release build, some minutes); on failure prints the log's last line and
# returns 1
oha_install() {
  local tools=$bench_home/bench/.tools
  mkdir -p "$tools"
  echo "installing oha: cargo install oha --version $oha_version --locked --features $oha_features (a release build, some minutes)" >&2
  if cargo install oha --version "$oha_version" --locked --features "$oha_features" --root "$tools" \
      >"$tools/oha.install.log" 2>&1; then
    echo "$oha_version+$oha_features" >"$tools/oha.version"
  else
    tail -1 "$tools/oha.install.log"
    return 1
  fi
}
