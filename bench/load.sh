#!/usr/bin/env bash
# Load figures for the routes a seller's browser calls most: the credit balance, the chat
# history, the storyboard and sending a chat message, at 50 and 500 connections, on the
# embedded setup (one `studio serve` on SQLite) and on the cluster (`scripts/cluster`:
# PostgreSQL, S3, two API nodes behind nginx, three workers); and the memory of each process
# idle and while 60 image generations run.
#
#   bench/load.sh                # embedded and cluster
#   bench/load.sh --embedded     # embedded only
#
# Builds release once (STUDIO_BIN measures another build). DURATION sets each wrk run
# (default 10s). Prints Markdown tables for docs/benchmarks.md.
set -euo pipefail

cd "$(dirname "$0")/.."
cluster=true
[[ ${1:-} == --embedded ]] && cluster=false
duration=${DURATION:-10s}
command -v wrk >/dev/null || { echo "load.sh: wrk not found (apt-get install -y wrk)" >&2; exit 1; }

if [[ -z ${STUDIO_BIN:-} ]]; then
  cargo build --release -q -p studio --bin studio
  STUDIO_BIN=${CARGO_TARGET_DIR:-target}/release/studio
fi
export STUDIO_BIN

work=$(mktemp -d)
# The cluster's PostgreSQL runs as the postgres user, who must be able to enter this directory.
chmod 0755 "$work"
server_pid=
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  [[ -d $work/cluster ]] && scripts/cluster stop "$work/cluster" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

json() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }

# A seller with a project, a campaign, a conversation and 20 images on the storyboard.
seed() {
  local base=$1
  token=$(curl -sf -H 'content-type: application/json' \
    -d "{\"email\":\"load-$RANDOM$RANDOM@example.com\",\"password\":\"correct horse battery\"}" \
    "$base/api/auth/signup" | json '["token"]')
  auth=(-H "authorization: Bearer $token" -H 'content-type: application/json')
  project=$(curl -sf "${auth[@]}" -d '{"project_name":"Load"}' "$base/api/projects" | json '["data"]["id"]')
  scene=$(curl -sf "${auth[@]}" -d '{"name":"Campaign 1"}' "$base/api/projects/$project/scenes" | json '["data"]["id"]')
  for i in $(seq 5); do
    curl -sf "${auth[@]}" -d "{\"project_id\":\"$project\",\"scene_id\":\"$scene\",\"message\":\"a candle on oak, take $i\"}" \
      "$base/api/chat/send" >/dev/null
  done
  local jobs=()
  for i in $(seq 20); do
    jobs+=("$(curl -sf "${auth[@]}" -d "{\"project_id\":\"$project\",\"scene_id\":\"$scene\",\"prompt\":\"a candle on oak $i\",\"context\":{\"pre_production_settings\":{\"quality\":\"low\",\"resolution\":\"1024x1024\"}}}" \
      "$base/api/generate/image" | json '["data"]["job_id"]')")
  done
  for job in "${jobs[@]}"; do
    for _ in $(seq 600); do
      status=$(curl -sf "${auth[@]}" "$base/api/jobs/$job/status" | json '["data"]["status"]')
      [[ $status == completed || $status == failed ]] && break
      sleep 0.2
    done
  done
}

# wrk with a Lua script that varies the chat message, so every send is a new message.
cat >"$work/send.lua" <<'EOF'
local n = 0
request = function()
  n = n + 1
  local body = string.format('{"project_id":"%s","scene_id":"%s","message":"a candle on oak, variation %d-%d"}',
    os.getenv("PROJECT"), os.getenv("SCENE"), math.random(1, 1000000000), n)
  return wrk.format("POST", "/api/chat/send", nil, body)
end
EOF

measure() {
  local out rps p50 p99 non2xx
  out=$(wrk "$@" --latency)
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  echo "$rps $p50 $p99 ${non2xx:-0}"
}

routes() {
  local setup=$1 base=$2
  local hdr="Authorization: Bearer $token"
  for connections in 50 500; do
    local args=(-t2 "-c$connections" "-d$duration" -H "$hdr")
    for route in "balance|/api/credits/balance" \
      "chat history|/api/chat/history?project_id=$project&scene_id=$scene" \
      "storyboard|/api/projects/$project/storyboard"; do
      read -r rps p50 p99 bad < <(measure "${args[@]}" "$base${route#*|}")
      printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$setup" "${route%%|*}" "$connections" "$rps" "$p50" "$p99" "$bad"
    done
    read -r rps p50 p99 bad < <(PROJECT=$project SCENE=$scene measure "${args[@]}" -H 'content-type: application/json' \
      -s "$work/send.lua" "$base")
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$setup" "chat send" "$connections" "$rps" "$p50" "$p99" "$bad"
  done
}

rss_mb() { awk '/^VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }

# Peak resident memory of `pids` while 60 image generations run for the seeded seller (its
# 100 credits cover the 20 seeded images and these).
memory_under_load() {
  local base=$1
  shift
  local pids=("$@") peak=()
  for i in "${!pids[@]}"; do peak[i]=0; done
  for i in $(seq 60); do
    curl -sf -H "authorization: Bearer $token" -H 'content-type: application/json' \
      -d "{\"project_id\":\"$project\",\"scene_id\":\"$scene\",\"prompt\":\"a vase on linen $i\"}" \
      "$base/api/generate/image" >/dev/null || true
  done
  # Sample until all 80 images are on the storyboard or two minutes pass.
  for _ in $(seq 240); do
    for i in "${!pids[@]}"; do
      local now
      now=$(rss_mb "${pids[i]}" 2>/dev/null || echo 0)
      ((now > peak[i])) && peak[i]=$now
    done
    local pending
    pending=$(curl -sf -H "authorization: Bearer $token" "$base/api/projects/$project/storyboard" |
      python3 -c 'import sys, json; print(sum(1 for s in json.load(sys.stdin)["data"]["scenes"] for m in s["media"]))')
    ((pending >= 80)) && break
    sleep 0.5
  done
  echo "${peak[*]}"
}

echo "$(date -u +%F), $(nproc) cores, wrk -t2 -d$duration"
echo
echo '| setup | route | connections | requests/s | p50 | p99 | non-2xx |'
echo '|---|---|---|---|---|---|---|'

# --- embedded: one process, SQLite, local disk --------------------------------------------
mkdir -p "$work/embedded"
"$STUDIO_BIN" serve --bind 127.0.0.1:0 --data-dir "$work/embedded" >"$work/embedded.out" 2>"$work/embedded.err" &
server_pid=$!
for _ in $(seq 300); do grep -q '^studio listening on ' "$work/embedded.out" 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/^studio listening on //p' "$work/embedded.out")
seed "$base"
embedded_idle=$(rss_mb "$server_pid")
routes embedded "$base"
embedded_loaded=$(memory_under_load "$base" "$server_pid")
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=

if $cluster; then
  base=$(scripts/cluster start "$work/cluster" 2>/dev/null)
  mapfile -t cluster_pids <"$work/cluster/pids"
  seed "$base"
  cluster_idle=()
  for pid in "${cluster_pids[@]}"; do cluster_idle+=("$(rss_mb "$pid")"); done
  routes cluster "$base"
  read -r -a cluster_loaded < <(memory_under_load "$base" "${cluster_pids[@]}")
fi

echo
echo '| process | idle (MB) | 60 generations (peak MB) |'
echo '|---|---|---|'
echo "| embedded \`studio serve\` (API + workers) | $embedded_idle | $embedded_loaded |"
if $cluster; then
  names=("API node 1" "API node 2" "worker 1" "worker 2" "worker 3")
  for i in "${!cluster_pids[@]}"; do
    echo "| cluster ${names[i]} | ${cluster_idle[i]} | ${cluster_loaded[i]} |"
  done
fi
