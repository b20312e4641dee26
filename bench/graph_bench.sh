#!/usr/bin/env bash
# Wall time and peak RSS of `graph` building one side and comparing two sides
# of a generated mix-level pair (module and API records, construct.json and
# stack.json): about 77 000 nodes per graph and 78 MB of dump.json per side at
# the default 87 000 APIs.
#
#   bench/graph_bench.sh [BUILD_DIR] [--apis N] [--html] [--base OTHER_BUILD_DIR] [--runs N]
#
# The pair comes from `msprobe-dumpgen --apis N --task statistics --level mix`
# and is generated once under /tmp/msprobe_bench_graph_<N>. With --html each
# run also writes the report page. With --base, the other build's msprobe runs
# alternately with this one on the same pair, so each ratio comes from one
# sitting. Prints medians of wall time, the largest peak RSS, the nodes of the
# NPU graph and the database's size.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build
base=""
apis=87000
runs=3
html=0
while [ $# -gt 0 ]; do
  case "$1" in
    --apis) apis=$2; shift ;;
    --base) base=$2; shift ;;
    --runs) runs=$2; shift ;;
    --html) html=1 ;;
    *) build=$1 ;;
  esac
  shift
done
build=$(cd "$build" && pwd)
[ -n "$base" ] && base=$(cd "$base" && pwd)
dumpgen=$build/test/msprobe-dumpgen
[ -x "$build/apps/msprobe/msprobe" ] && [ -x "$dumpgen" ] || { echo "build msprobe and msprobe-dumpgen into $build first" >&2; exit 2; }

data=/tmp/msprobe_bench_graph_$apis
if [ ! -f "$data/graph_compare.json" ]; then
  "$dumpgen" --out "$data" --apis "$apis" --task statistics --level mix --seed 1 >/dev/null
  echo '{"npu_path": "npu/step0/rank"}' > "$data/graph_build.json"
  echo '{"npu_path": "npu/step0/rank", "bench_path": "bench/step0/rank"}' > "$data/graph_compare.json"
fi

measure() {  # binary input → "wall_median wall_min peak_kb db_bytes nodes"
  local bin=$1 input=$2 walls=() peak=0 extra=()
  [ "$html" = 1 ] && extra=(--html out/report.html)
  for _ in $(seq "$runs"); do
    rm -rf "$data/out"
    (cd "$data" && /usr/bin/time -f "%e %M" -o "$data/time.txt" "$bin" -f pytorch graph -i "$input" -o out "${extra[@]}" >/dev/null 2>&1)
    read -r wall kb < "$data/time.txt"
    walls+=("$wall")
    [ "$kb" -gt "$peak" ] && peak=$kb
  done
  local db sorted nodes="?"
  db=$(ls "$data"/out/*.vis.db)
  command -v sqlite3 >/dev/null && nodes=$(sqlite3 "file:$db?mode=ro" "SELECT count(*) FROM tb_nodes WHERE data_source = 'NPU'")
  sorted=$(printf '%s\n' "${walls[@]}" | sort -g)
  echo "$(sed -n "$(( (runs + 1) / 2 ))p" <<< "$sorted") $(head -1 <<< "$sorted") $peak $(stat -c %s "$db") $nodes"
}

echo "dump.json per side: $(( $(stat -c %s "$data/npu/step0/rank/dump.json") / 1000000 )) MB"
echo "run      NPU nodes  database   median wall (min)  peak RSS (this build), then the base build's and the ratios of medians"
for run in build compare; do
  read -r wall wmin kb bytes nodes <<< "$(measure "$build/apps/msprobe/msprobe" "graph_$run.json")"
  line=$(printf '%-8s %9s %7d MB %7.2f s (min %.2f) %6d MB' "$run" "$nodes" $((bytes / 1000000)) "$wall" "$wmin" $((kb / 1024)))
  if [ -n "$base" ]; then
    read -r bwall bmin bkb _ _ <<< "$(measure "$base/apps/msprobe/msprobe" "graph_$run.json")"
    line+=$(printf '   base %.2f s (min %.2f) %d MB   time ×%.2f, memory ×%.2f' "$bwall" "$bmin" $((bkb / 1024)) \
      "$(echo "$bwall / $wall" | bc -l)" "$(echo "$bkb / $kb" | bc -l)")
  fi
  echo "$line"
done
