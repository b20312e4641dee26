#!/usr/bin/env bash
# Real-data compare throughput against the read-bound limit, measured in one run.
#
#   bench/real_data_bench.sh [BUILD_DIR] [DATA_DIR] [APIS] [TENSOR_ELEMENTS]
#
# Generates (once) a tensor-task dump pair with msprobe-dumpgen — by default 400
# entries per side with 524288-element activations, about 2.1 GB of .pt files per
# side in float32 and bfloat16 — warms the page cache, then times
#   1. a plain sequential read of every tensor file of both sides (cat > /dev/null),
#   2. msprobe compare on the same pair (xlsx written),
# and prints bytes of both sides / wall seconds for each, their ratio, and the
# compare's peak RSS. Each timing is the median of three runs.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
data=${2:-/tmp/msprobe_bench_tensor}
apis=${3:-400}
elements=${4:-524288}
msprobe=$build/apps/msprobe/msprobe
dumpgen=$build/test/msprobe-dumpgen
[ -x "$msprobe" ] && [ -x "$dumpgen" ] || { echo "build msprobe and msprobe-dumpgen into $build first" >&2; exit 2; }

if [ ! -f "$data/compare.json" ]; then
  echo "generating $apis entries x $elements elements per side into $data ..."
  "$dumpgen" --out "$data" --apis "$apis" --task tensor --tensor-elements "$elements" --seed 3 >/dev/null
fi
files=("$data"/npu/step0/rank/dump_tensor_data "$data"/bench/step0/rank/dump_tensor_data)
bytes=$(du -cb "${files[@]}" | tail -1 | cut -f1)
count=$(find "${files[@]}" -name '*.pt' | wc -l)
echo "pair: $count tensor files, $(awk -v b="$bytes" 'BEGIN{printf "%.2f", b/1e9}') GB over both sides"

find "${files[@]}" -name '*.pt' -print0 | xargs -0 cat > /dev/null   # warm the page cache

median() { sort -g | sed -n 2p; }
read_times=()
for _ in 1 2 3; do
  start=$(date +%s.%N)
  find "${files[@]}" -name '*.pt' -print0 | xargs -0 cat > /dev/null
  end=$(date +%s.%N)
  read_times+=("$(awk -v s="$start" -v e="$end" 'BEGIN{print e-s}')")
done
read_s=$(printf '%s\n' "${read_times[@]}" | median)

cmp_times=(); rss=()
for _ in 1 2 3; do
  rm -rf "$data/out"
  (cd "$data" && /usr/bin/time -f "%e %M" -o "$data/time.txt" "$msprobe" -f pytorch compare -i compare.json -o out -c >/dev/null)
  read -r wall kb < "$data/time.txt"
  cmp_times+=("$wall"); rss+=("$kb")
done
cmp_s=$(printf '%s\n' "${cmp_times[@]}" | median)
rss_kb=$(printf '%s\n' "${rss[@]}" | sort -g | tail -1)

awk -v b="$bytes" -v r="$read_s" -v c="$cmp_s" -v m="$rss_kb" 'BEGIN{
  printf "plain sequential read : %6.2f s  %6.2f GB/s\n", r, b/r/1e9;
  printf "msprobe compare       : %6.2f s  %6.2f GB/s  (%.2f of the read rate)\n", c, b/c/1e9, r/c;
  printf "compare peak RSS      : %6.0f MB\n", m/1024 }'
