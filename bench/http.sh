#!/usr/bin/env bash
# Request-path benchmark: `GET /api/credits/balance` (session lookup, balance, media counts)
# against a bare axum JSON route measured in the same run, with wrk (Debian's `wrk`).
#
#   bench/http.sh              # SQLite
#   bench/http.sh --postgres   # SQLite, then PostgreSQL in a throwaway cluster (scripts/pg-cluster)
#
# Builds release once; WRK_ARGS overrides the load (default: -t2 -c50 -d10s); STUDIO_BIN
# measures another build of `studio` (e.g. a copy from before a change) in the same run.
set -euo pipefail

cd "$(dirname "$0")/.."
postgres=false
[[ ${1:-} == --postgres ]] && postgres=true
wrk_args=${WRK_ARGS:--t2 -c50 -d10s}
command -v wrk >/dev/null || { echo "http.sh: wrk not found (apt-get install -y wrk)" >&2; exit 1; }

cargo build --release -q -p studio --bin studio -p server --example bare
target=${CARGO_TARGET_DIR:-target}
studio=${STUDIO_BIN:-$target/release/studio}
bare=$target/release/examples/bare

work=$(mktemp -d)
pg_dir=
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [[ -n $pg_dir ]]; then
    scripts/pg-cluster stop "$pg_dir" >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# Starts a server in the background (stdout to $work/$name.out) and sets `address` once it
# says where it listens.
start() {
  local name=$1 prefix=$2
  shift 2
  "$@" >"$work/$name.out" 2>"$work/$name.err" &
  pids+=($!)
  for _ in $(seq 600); do
    local line
    line=$(grep -m1 "^$prefix" "$work/$name.out" 2>/dev/null || true)
    if [[ -n $line ]]; then address=${line#"$prefix"}; return; fi
    sleep 0.1
  done
  echo "http.sh: $name did not start" >&2
  cat "$work/$name.err" >&2
  exit 1
}

# Runs wrk and prints "requests/s p50 p99".
measure() {
  local out
  # shellcheck disable=SC2086
  out=$(wrk $wrk_args --latency "$@")
  local rps p50 p99
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  echo "$rps $p50 $p99"
}

start bare "bare listening on " "$bare"
read -r bare_rps bare_p50 bare_p99 < <(measure "$address/api/credits/balance")

run_studio() {
  local label=$1 url=$2
  local dir=$work/$label
  mkdir -p "$dir"
  start "$label" "studio listening on " env DATABASE_URL="$url" STUDIO_LOG=warn \
    "$studio" serve --no-workers --bind 127.0.0.1:0 --data-dir "$dir"
  local token
  token=$(curl -sf -H 'content-type: application/json' \
    -d '{"email":"bench@example.com","password":"correct horse battery"}' \
    "$address/api/auth/signup" | sed -E 's/.*"token":"([^"]+)".*/\1/')
  [[ -n $token ]] || { echo "http.sh: sign-up failed on $label" >&2; exit 1; }
  curl -sf -H "authorization: Bearer $token" "$address/api/credits/balance" >/dev/null
  local rps p50 p99
  read -r rps p50 p99 < <(measure -H "Authorization: Bearer $token" "$address/api/credits/balance")
  local share
  share=$(awk -v a="$rps" -v b="$bare_rps" 'BEGIN {printf "%.0f %%", 100 * a / b}')
  printf '| %-28s | %10s | %8s | %8s | %6s |\n' "balance, $label" "$rps" "$p50" "$p99" "$share"
}

echo "wrk $wrk_args on $(nproc) cores, $(date -u +%F)"
printf '| %-28s | %10s | %8s | %8s | %6s |\n' "route" "requests/s" "p50" "p99" "of bare"
printf '|%s|%s|%s|%s|%s|\n' "------------------------------" "------------" "----------" "----------" "--------"
printf '| %-28s | %10s | %8s | %8s | %6s |\n' "bare axum JSON route" "$bare_rps" "$bare_p50" "$bare_p99" "100 %"
run_studio sqlite "sqlite://$work/sqlite/studio.db"
if $postgres; then
  # Its own directory: the cluster runs as the postgres user, who cannot enter $work.
  pg_dir=$(mktemp -d)
  pg_url=$(scripts/pg-cluster start "$pg_dir" 2>/dev/null)
  run_studio postgres "$pg_url"
fi
