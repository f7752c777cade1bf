#!/usr/bin/env bash
# Ad design round trips against the studio binary, as a seller's browser sees them: a design
# made from an existing picture (`POST /api/media/{id}/designs`) and its headline edited
# (`PATCH /api/media/{id}/design`), each timed by curl from the request to the answer's last
# byte — reading the picture and its stored product mask from storage, decoding them, laying
# out, rendering, encoding the PNG and its thumbnail, storing them and the row. The picture is
# a 1024×1536 scene the offline engine generates first (SQLite, local storage; no marks
# without payments configured).
#
#   bench/design.sh                  # RUNS=20 of each; STUDIO_BIN measures another build
#   WITHOUT_MASK=1 bench/design.sh   # the picture's stored mask deleted first, as for a
#                                    # picture made before masks were kept: the first design
#                                    # segments it, the rest reuse the process's copy
#
# Builds release unless STUDIO_BIN names a binary. Prints median, fastest and slowest.
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${RUNS:-20}
if [[ -z ${STUDIO_BIN:-} ]]; then
  cargo build --release -q -p studio --bin studio
fi
studio=${STUDIO_BIN:-${CARGO_TARGET_DIR:-target}/release/studio}

work=$(mktemp -d)
pid=
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

DATABASE_URL="sqlite://$work/studio.db" STUDIO_LOG=warn \
  "$studio" serve --bind 127.0.0.1:0 --data-dir "$work" >"$work/out" 2>"$work/err" &
pid=$!
address=
for _ in $(seq 600); do
  line=$(grep -m1 '^studio listening on ' "$work/out" 2>/dev/null || true)
  if [[ -n $line ]]; then address=${line#studio listening on }; break; fi
  sleep 0.1
done
[[ -n $address ]] || { echo "design.sh: studio did not start" >&2; cat "$work/err" >&2; exit 1; }

json() { sed -E "s/.*\"$1\":\"([^\"]+)\".*/\1/"; }
token=$(curl -sf -H 'content-type: application/json' \
  -d '{"email":"bench@example.com","password":"correct horse battery"}' \
  "$address/api/auth/signup" | json token)
call() {
  local method=$1 path=$2
  shift 2
  curl -sf -X "$method" -H "authorization: Bearer $token" -H 'content-type: application/json' "$@" "$address$path"
}
project=$(call POST /api/projects -d '{"project_name":"Bench Roastery"}' | json id)
scene=$(call POST "/api/projects/$project/scenes" -d '{"name":"Weekend"}' | json id)
job=$(call POST /api/generate/image -d "{\"project_id\":\"$project\",\"scene_id\":\"$scene\",
  \"prompt\":\"coffee bag on a wooden table\",\"context\":{\"quality\":\"medium\",\"resolution\":\"1024x1536\"}}" | json job_id)
for _ in $(seq 600); do
  status=$(call GET "/api/jobs/$job/status" | json status)
  [[ $status == completed ]] && break
  [[ $status == failed ]] && { echo "design.sh: the picture failed" >&2; exit 1; }
  sleep 0.2
done

if [[ -n ${WITHOUT_MASK:-} ]]; then
  rm "$work/media/generated/$job".*.mask.png
fi

# Prints "median fastest slowest" in ms of the numbers (seconds) on stdin.
stats() {
  sort -n | awk '{ v[NR] = $1 * 1000 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.1f %.1f %.1f\n", m, v[1], v[NR] }'
}

body='{"headline":"Fresh espresso, roasted this morning","subline":"Single-origin beans from our Lisbon roastery","offer":"20% off this weekend","cta":"Order now","logo":false,"template":"headline_top_left"}'
first=$(call POST "/api/media/$job/designs" -d "$body" -o "$work/first" -w '%{time_total}')
design=$(json id <"$work/first")
made=$(for _ in $(seq "$runs"); do
  call POST "/api/media/$job/designs" -d "$body" -o /dev/null -w '%{time_total}\n'
done | stats)
edited=$(for i in $(seq "$runs"); do
  call PATCH "/api/media/$design/design" -d "{\"headline\":\"Fresh espresso, $i cups a day\"}" \
    -o /dev/null -w '%{time_total}\n'
done | stats)

echo "$runs runs each on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%F), $studio"
printf '| %-52s | %8s | %8s | %8s |\n' "round trip (1024×1536 picture)" "median" "fastest" "slowest"
printf '|%s|%s|%s|%s|\n' "------------------------------------------------------" "----------" "----------" "----------"
printf '| %-52s | %5s ms | %8s | %8s |\n' "POST /api/media/{id}/designs (the first on it)" \
  "$(awk "BEGIN { printf \"%.1f\", $first * 1000 }")" "" ""
read -r m lo hi <<<"$made"
printf '| %-52s | %5s ms | %5s ms | %5s ms |\n' "POST /api/media/{id}/designs (a new design)" "$m" "$lo" "$hi"
read -r m lo hi <<<"$edited"
printf '| %-52s | %5s ms | %5s ms | %5s ms |\n' "PATCH /api/media/{id}/design (the headline edited)" "$m" "$lo" "$hi"
