#!/usr/bin/env bash
# Wall time and peak RSS of `msprobe data2db` on a generated dump tree (STEPS steps × RANKS ranks, a dump.json of
# a few thousand entries and its construct.json per rank, two micro steps each) and on the monitor's CSV output of
# the same run, next to August msprobe's own data2db on the same inputs in the same sitting when its source is there.
#
#   bench/data2db_bench.sh [BUILD_DIR] [--steps 100] [--ranks 8] [--layers 40] [--msprobe-steps N] [--threads N]
#                          [--repeat 3]
#
# Each run is repeated (--repeat, for both tools) and the median wall time is shown, with the largest peak RSS:
# on a shared virtual machine one run can be a second off.
#
# Inputs come from bench/data2db_inputs.py and are generated once under /tmp/msprobe_bench_data2db_<steps>x<ranks>.
# msprobe runs as `python3 -c 'from msprobe.msprobe import main; main()' data2db ...` with PYTHONPATH=$MSPROBE_SRC
# (default /tmp/aug/python; it needs pandas and tqdm, Debian's python3-pandas and python3-tqdm). --msprobe-steps
# gives msprobe a tree of fewer steps (its run on the whole tree can take long); ours runs on both trees, so the
# ratio is taken on the same files.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build
steps=100
ranks=8
layers=40
msprobe_steps=""
threads=2
repeat=3
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) steps=$2; shift ;;
    --ranks) ranks=$2; shift ;;
    --layers) layers=$2; shift ;;
    --msprobe-steps) msprobe_steps=$2; shift ;;
    --threads) threads=$2; shift ;;
    --repeat) repeat=$2; shift ;;
    *) build=$1 ;;
  esac
  shift
done
msprobe_steps=${msprobe_steps:-$steps}
ours=$(cd "$build" && pwd)/apps/msprobe/msprobe
[ -x "$ours" ] || { echo "build msprobe into $build first" >&2; exit 2; }
src=${MSPROBE_SRC:-/tmp/aug/python}
python=${PYTHON:-/usr/bin/python3}

make_tree() {  # steps → folder
  local dir=/tmp/msprobe_bench_data2db_${1}x${ranks}x${layers}
  if [ ! -f "$dir/done" ]; then
    rm -rf "$dir"
    python3 "$here/bench/data2db_inputs.py" dump "$dir/dump" --steps "$1" --ranks "$ranks" --layers "$layers"
    python3 "$here/bench/data2db_inputs.py" monitor "$dir/monitor" --steps "$1" --ranks "$ranks" --layers "$layers"
    touch "$dir/done"
  fi
  echo "$dir"
}

# Runs a command under /usr/bin/time -v; prints "wall_s peak_MB".
measure() {
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" >/dev/null 2>"$log" || { tail -5 "$log" >&2; rm -f "$log"; return 1; }
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i] }
              /Maximum resident set size/ { kb = $2 }
              END { printf "%.2f %.0f\n", s, kb / 1024 }' "$log"
  rm -f "$log"
}

row() {  # label, tree, format, command...
  local label=$1 tree=$2 format=$3 out walls="" rss_max=0 wall rss
  shift 3
  for _ in $(seq "$repeat"); do
    out=$(mktemp -d)
    read -r wall rss < <(measure "$@" data2db --db "$out" --data "$tree/$format" --format "$format" \
                           --process_num "$threads")
    rm -rf "$out"
    walls="$walls $wall"
    [ "$rss" -gt "$rss_max" ] && rss_max=$rss
  done
  wall=$(echo "$walls" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  printf '| %s | %s | %s s (of%s) | %s MB |\n' "$label" "$format" "$wall" "$walls" "$rss_max"
}

tree=$(make_tree "$steps")
small=$tree
[ "$msprobe_steps" != "$steps" ] && small=$(make_tree "$msprobe_steps")
echo "| run | input | median wall (runs) | peak RSS |"
echo "|---|---|---|---|"
for format in dump monitor; do
  row "msprobe-cpp, ${steps} steps × ${ranks} ranks, --process_num $threads" "$tree" "$format" "$ours"
  if [ "$small" != "$tree" ]; then
    row "msprobe-cpp, ${msprobe_steps} steps × ${ranks} ranks, --process_num $threads" "$small" "$format" "$ours"
  fi
  if [ -d "$src/msprobe" ]; then
    row "msprobe (Python), ${msprobe_steps} steps × ${ranks} ranks, --process_num $threads" "$small" "$format" \
      env PYTHONPATH="$src" "$python" -c 'from msprobe.msprobe import main; main()'
  fi
done
