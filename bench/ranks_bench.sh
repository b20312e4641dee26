#!/usr/bin/env bash
# Step-directory compare of many ranks, one thread against every core: wall
# time and peak RSS of each, and their ratio, measured in the same run.
#
#   bench/ranks_bench.sh [BUILD_DIR] [DATA_DIR] [RANKS] [APIS] [RUNS]
#
# Generates (once) RANKS ranks (default 8) of a statistics dump pair of APIS
# entries per side and rank (default 12 500) with msprobe-dumpgen, then runs
# `msprobe -f pytorch compare -i compare_dir_step0.json -o out` RUNS times
# (default 5) with `-j 1` and with the default thread count, alternating, and
# prints the medians of wall and CPU time, the largest peak RSS (/usr/bin/time -v)
# and the ratio of the medians.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
data=${2:-/tmp/msprobe_bench_ranks}
ranks=${3:-8}
apis=${4:-12500}
runs=${5:-5}
msprobe=$build/apps/msprobe/msprobe
dumpgen=$build/test/msprobe-dumpgen
[ -x "$msprobe" ] && [ -x "$dumpgen" ] || { echo "build msprobe and msprobe-dumpgen into $build first" >&2; exit 2; }

if [ ! -f "$data/compare_dir_step0.json" ]; then
  "$dumpgen" --out "$data" --apis "$apis" --task statistics --ranks "$ranks" --seed 1 >/dev/null
fi
echo "$ranks ranks, $(du -cb "$data"/npu/step0/rank*/dump.json | tail -1 | cut -f1) bytes of npu dump.json in all"

declare -A walls cpus rss
once() {  # label, then msprobe's extra flags
  local label=$1; shift
  rm -rf "$data/out"
  (cd "$data" && /usr/bin/time -v -o "$data/time.txt" "$msprobe" -f pytorch compare -i compare_dir_step0.json -o out "$@" >/dev/null)
  local wall user sys kb
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$data/time.txt" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
  user=$(sed -n 's/.*User time (seconds): //p' "$data/time.txt")
  sys=$(sed -n 's/.*System time (seconds): //p' "$data/time.txt")
  kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$data/time.txt")
  walls[$label]+="$wall "; cpus[$label]+="$(echo "$user + $sys" | bc) "; rss[$label]+="$kb "
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
largest() { tr ' ' '\n' | grep . | sort -g | tail -1; }

for _ in $(seq "$runs"); do
  once one -j 1
  once all
done
for label in one all; do
  printf '%-22s wall %5.2f s   CPU %5.2f s   peak RSS %4d MB\n' \
    "$([ $label = one ] && echo '-j 1' || echo "default -j ($(nproc) cores)")" \
    "$(echo "${walls[$label]}" | median)" "$(echo "${cpus[$label]}" | median)" \
    "$(( $(echo "${rss[$label]}" | largest) / 1024 ))"
done
printf 'speed-up of the default over -j 1: %.2fx\n' \
  "$(echo "$(echo "${walls[one]}" | median) / $(echo "${walls[all]}" | median)" | bc -l)"
