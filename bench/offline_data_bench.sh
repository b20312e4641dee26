#!/usr/bin/env bash
# compare -m offline_data against msaccucmp (the tool msprobe runs for it) on the same
# converted model's dumps, and against a plain read of the files, in one sitting.
#
#   bench/offline_data_bench.sh [BUILD_DIR] [DATA_DIR] [BLOCKS]
#   MSACCUCMP_DIR=<copy of msprobe's python/msprobe/msaccucmp> DUMP_PARSER_LIB=<dir of libascend_dump_parser.so> \
#     [PYTHON=/usr/bin/python3] bench/offline_data_bench.sh build
#
# Generates (once) msprobe-dumpgen --offline-model with BLOCKS blocks (default 46: about 1.5 GB of NPU
# kernel dumps, float16 NC1HWC0 and FRACTAL_NZ plus float32 ND, and 1.03 GB of golden .npy dumps), warms
# the page cache, then times (median of three)
#   1. a plain sequential read of both sides (cat > /dev/null),
#   2. msprobe compare -m offline_data -fr fusion_rule.json,
#   3. msaccucmp.py compare -m -g -f -out, when MSACCUCMP_DIR is set ($PYTHON with numpy and psutil;
#      the header decoder libascend_dump_parser.so in DUMP_PARSER_LIB, see
#      ../shared/fixtures/bin_dumps/expected/README.md for a stand-in built from dump_data.proto),
# and prints GB/s over both sides, the ratios, peak RSS, and whether the two result files agree cell for cell.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
data=${2:-/tmp/msprobe_bench_offline}
blocks=${3:-46}
msprobe=$build/apps/msprobe/msprobe
dumpgen=$build/test/msprobe-dumpgen
[ -x "$msprobe" ] && [ -x "$dumpgen" ] || { echo "build msprobe and msprobe-dumpgen into $build first" >&2; exit 2; }

if [ ! -f "$data/fusion_rule.json" ]; then
  echo "generating $blocks blocks into $data ..."
  "$dumpgen" --out "$data" --offline-model --offline-blocks "$blocks" --offline-spatial 64 --offline-channels 61 \
    --offline-rows 1021 --offline-columns 1000 --seed 5
fi
bytes=$(du -cb "$data/npu" "$data/golden" | tail -1 | cut -f1)
echo "model: $(ls "$data/npu" | wc -l) NPU dumps $(du -sh "$data/npu" | cut -f1), $(ls "$data/golden" | wc -l) golden files" \
     "$(du -sh "$data/golden" | cut -f1); $(awk -v b="$bytes" 'BEGIN{printf "%.2f", b/1e9}') GB over both sides"

cat "$data"/npu/* "$data"/golden/* > /dev/null   # warm the page cache
median() { sort -g | sed -n 2p; }
timed() {  # label, command...: median wall seconds and peak RSS (KB) of three runs into $wall / $rss
  local label=$1; shift
  local walls=() peaks=()
  for _ in 1 2 3; do
    rm -rf "$data/out_$label"
    # msaccucmp returns 2 when some op of the rule has no dump (the Data ops): timed whatever it returns.
    /usr/bin/time -f "%e %M" -o "$data/time.txt" "$@" >/dev/null 2>&1 || true
    read -r w k < <(tail -1 "$data/time.txt"); walls+=("$w"); peaks+=("$k")
  done
  wall=$(printf '%s\n' "${walls[@]}" | median)
  rss=$(printf '%s\n' "${peaks[@]}" | sort -g | tail -1)
}

timed read sh -c "cat '$data'/npu/* '$data'/golden/* > /dev/null"
read_s=$wall
timed ours "$msprobe" compare -m offline_data -tp "$data/npu" -gp "$data/golden" -fr "$data/fusion_rule.json" \
  -o "$data/out_ours"
ours_s=$wall; ours_rss=$rss
awk -v b="$bytes" -v r="$read_s" -v c="$ours_s" -v m="$ours_rss" 'BEGIN{
  printf "plain sequential read   : %7.2f s  %6.2f GB/s\n", r, b/r/1e9;
  printf "msprobe -m offline_data : %7.2f s  %6.2f GB/s  (%.2f of the read rate), peak RSS %.0f MB\n", c, b/c/1e9, r/c, m/1024 }'

if [ -n "${MSACCUCMP_DIR:-}" ]; then
  timed ref env LD_LIBRARY_PATH="${DUMP_PARSER_LIB:-}" PYTHONDONTWRITEBYTECODE=1 \
    sh -c "cd '$MSACCUCMP_DIR' && ${PYTHON:-python3} msaccucmp.py compare -m '$data/npu' -g '$data/golden' -f '$data/fusion_rule.json' -out '$data/out_ref'"
  awk -v b="$bytes" -v c="$wall" -v o="$ours_s" -v m="$rss" 'BEGIN{
    printf "msaccucmp.py compare    : %7.2f s  %6.2f GB/s, peak RSS %.0f MB;  msprobe-cpp is %.1fx faster\n",
           c, b/c/1e9, m/1024, c/o }'
  if cmp -s "$data"/out_ours/result_*.csv "$data"/out_ref/result_*.csv; then
    echo "result files: identical"
  else
    echo "result files: differ ($(diff "$data"/out_ours/result_*.csv "$data"/out_ref/result_*.csv | grep -c '^<') lines)"
  fi
else
  echo "msaccucmp.py: not run (set MSACCUCMP_DIR and DUMP_PARSER_LIB)"
fi
