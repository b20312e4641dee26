#!/usr/bin/env bash
# Wall time and peak RSS of one statistics pair compare at 12 500, 125 000 and
# (with --huge) 1 250 000 APIs per side: xlsx and --format csv.
#
#   bench/scale_bench.sh [BUILD_DIR] [--huge] [--located] [--base OTHER_BUILD_DIR] [--runs N]
#
# Pairs come from `msprobe-dumpgen --apis N --task statistics --level L1` and are
# generated once under /tmp/msprobe_bench_scale_<N> (the 1.25M pair is 2.3 GB).
# With --base, the other build's msprobe runs alternately with this one on the
# same pairs, so each ratio comes from one sitting. Prints medians of wall time
# and the largest peak RSS. With --located, each pair is compared both held
# whole and located and read back chunk by chunk (MSPROBE_HELD_PAIR_BYTES huge
# and 0) instead of the way the default chooses by size.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build
base=""
huge=0
located=0
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --huge) huge=1 ;;
    --located) located=1 ;;
    --base) base=$2; shift ;;
    --runs) runs=$2; shift ;;
    *) build=$1 ;;
  esac
  shift
done
build=$(cd "$build" && pwd)
[ -n "$base" ] && base=$(cd "$base" && pwd)
dumpgen=$build/test/msprobe-dumpgen
[ -x "$build/apps/msprobe/msprobe" ] && [ -x "$dumpgen" ] || { echo "build msprobe and msprobe-dumpgen into $build first" >&2; exit 2; }

sizes=(12500 125000)
[ "$huge" = 1 ] && sizes+=(1250000)

measure() {  # binary data_dir format held_limit → "wall_median wall_min peak_kb"
  local bin=$1 data=$2 format=$3 limit=$4 walls=() peak=0
  for _ in $(seq "$runs"); do
    rm -rf "$data/out"
    local extra=()
    [ "$format" = csv ] && extra=(--format csv)
    (cd "$data" && MSPROBE_HELD_PAIR_BYTES=$limit /usr/bin/time -f "%e %M" -o "$data/time.txt" "$bin" -f pytorch compare -i compare.json -o out "${extra[@]}" >/dev/null 2>&1)
    read -r wall kb < "$data/time.txt"
    walls+=("$wall")
    [ "$kb" -gt "$peak" ] && peak=$kb
  done
  local sorted
  sorted=$(printf '%s\n' "${walls[@]}" | sort -g)
  echo "$(sed -n "$(( (runs + 1) / 2 ))p" <<< "$sorted") $(head -1 <<< "$sorted") $peak"
}

echo "APIs       format  pair      median wall (min)  peak RSS (this build), then the base build's and the ratios of medians"
modes=(default)
[ "$located" = 1 ] && modes=(held located)
for apis in "${sizes[@]}"; do
  data=/tmp/msprobe_bench_scale_$apis
  if [ ! -f "$data/compare.json" ]; then
    "$dumpgen" --out "$data" --apis "$apis" --task statistics --level L1 --seed 1 >/dev/null
  fi
  for format in xlsx csv; do
    [ "$apis" = 1250000 ] && [ "$format" = xlsx ] && continue  # the issue measures the largest pair as csv
    for mode in "${modes[@]}"; do
      limit=""
      [ "$mode" = located ] && limit=0
      [ "$mode" = held ] && limit=1000000000000000
      read -r wall wmin kb <<< "$(measure "$build/apps/msprobe/msprobe" "$data" "$format" "$limit")"
      line=$(printf '%-10s %-7s %-8s %7.2f s (min %.2f) %8d MB' "$apis" "$format" "$mode" "$wall" "$wmin" $((kb / 1024)))
      if [ -n "$base" ]; then
        read -r bwall bmin bkb <<< "$(measure "$base/apps/msprobe/msprobe" "$data" "$format" "$limit")"
        line+=$(printf '   base %.2f s (min %.2f) %d MB   time ×%.2f, memory ×%.2f' "$bwall" "$bmin" $((bkb / 1024)) \
          "$(echo "$bwall / $wall" | bc -l)" "$(echo "$bkb / $kb" | bc -l)")
      fi
      echo "$line"
    done
  done
done
