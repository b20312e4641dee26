#!/usr/bin/env bash
# Statistics compare of a large dump pair, xlsx written: wall time and peak RSS.
#
#   bench/statistics_bench.sh [BUILD_DIR] [DATA_DIR] [APIS]
#
# Generates (once) a statistics dump pair of APIS entries per side with
# msprobe-dumpgen (default 12 500: about 11 MB of dump.json per side), then runs
# `msprobe -f pytorch compare -i compare.json -o out` three times and prints the
# median wall time and the largest peak RSS; also with -s (stack column), --format csv and json, and
# --html (the HTML report besides the book).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
data=${2:-/tmp/msprobe_bench_statistics}
apis=${3:-12500}
msprobe=$build/apps/msprobe/msprobe
dumpgen=$build/test/msprobe-dumpgen
[ -x "$msprobe" ] && [ -x "$dumpgen" ] || { echo "build msprobe and msprobe-dumpgen into $build first" >&2; exit 2; }

if [ ! -f "$data/compare.json" ]; then
  "$dumpgen" --out "$data" --apis "$apis" --task statistics --seed 1 >/dev/null
fi
echo "pair: $(du -b "$data/npu/step0/rank/dump.json" | cut -f1) + $(du -b "$data/bench/step0/rank/dump.json" | cut -f1) bytes of dump.json"

run() {
  local label=$1; shift
  local walls=() rss=()
  for _ in 1 2 3; do
    rm -rf "$data/out"
    (cd "$data" && /usr/bin/time -f "%e %M" -o "$data/time.txt" "$msprobe" -f pytorch compare -i compare.json -o out "$@" >/dev/null)
    read -r wall kb < "$data/time.txt"
    walls+=("$wall"); rss+=("$kb")
  done
  printf '%-28s %6.2f s   peak RSS %4d MB\n' "$label" "$(printf '%s\n' "${walls[@]}" | sort -g | sed -n 2p)" \
    "$(( $(printf '%s\n' "${rss[@]}" | sort -g | tail -1) / 1024 ))"
}
run "compare (xlsx, advisor)"
run "compare -s (stack column)" -s
run "compare --format csv" --format csv
run "compare --format json" --format json
run "compare --html (report too)" --html out/report.html
