#!/usr/bin/env bash
# Wall time and peak RSS of `graph` building one side and comparing two sides
# of a generated mix-level pair (module and API records, construct.json and
# stack.json): about 77 000 nodes per graph and 78 MB of dump.json per side at
# the default 87 000 APIs.
#
#   bench/graph_bench.sh [BUILD_DIR] [--apis N] [--seed N] [--html] [--base OTHER_BUILD_DIR] [--runs N]
#                        [--msprobe SRC]
#
# The pair comes from `msprobe-dumpgen --apis N --task statistics --level mix`
# and is generated once under /tmp/msprobe_bench_graph_<N>. With --html each
# run also writes the report page. With --base, the other build's msprobe runs
# on the same pair right after each run of this one. Prints medians of wall
# time, the largest peak RSS, the nodes of the NPU graph and the database's
# size; a ratio is the median of the ratios of runs made one after the other,
# each listed, as this machine's speed drifts by a quarter between blocks of runs.
#
# With --msprobe SRC (the folder holding msprobe's Python package `msprobe`),
# msprobe itself runs the same two jobs the same way, after each run of ours:
# an April package by its `-f pytorch graph` service
# (msprobe.visualization.graph_service, called as msprobe.py calls it, without
# the torch that msprobe.py imports first and the graph does not use), an
# August one as `msprobe graph_visualize -tp ... [-gp ...]`, which ours then runs too (its database holds more
# than April's). Without SRC, or
# when SRC holds no msprobe, that part is skipped with a message. $PYTHON names
# the interpreter that has msprobe's packages (default python3).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build
base=""
apis=87000
runs=3
html=0
seed=1
msprobe_src=""
python=${PYTHON:-python3}  # the interpreter msprobe runs on, with its packages (numpy, pandas, ...)
while [ $# -gt 0 ]; do
  case "$1" in
    --apis) apis=$2; shift ;;
    --base) base=$2; shift ;;
    --seed) seed=$2; shift ;;
    --msprobe) msprobe_src=$2; shift ;;
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

data=/tmp/msprobe_bench_graph_${apis}_$seed
if [ ! -f "$data/graph_compare.json" ]; then
  "$dumpgen" --out "$data" --apis "$apis" --task statistics --level mix --seed "$seed" >/dev/null
  echo '{"npu_path": "npu/step0/rank"}' > "$data/graph_build.json"
  echo '{"npu_path": "npu/step0/rank", "bench_path": "bench/step0/rank"}' > "$data/graph_compare.json"
fi

# msprobe's own graph, run as `msprobe_graph RUN` in $data: "april", "august", or "" when SRC holds no msprobe.
msprobe_kind=""
if [ -n "$msprobe_src" ]; then
  if [ -f "$msprobe_src/msprobe/visualization/graph_service.py" ]; then
    if grep -q "_pt_graph_service_command" "$msprobe_src/msprobe/visualization/graph_service.py"; then
      msprobe_kind=april
    else
      msprobe_kind=august
    fi
  else
    echo "no msprobe package under $msprobe_src: msprobe's own runs are skipped" >&2
  fi
else
  echo "msprobe's own runs are skipped: give its Python source with --msprobe SRC (the folder holding msprobe/)" >&2
fi
msprobe_command() {  # build | compare → the command line, one word per line
  if [ "$msprobe_kind" = april ]; then
    printf '%s\n' "$python" "$here/bench/april_graph_service.py" -i "graph_$1.json" -o out
  else
    printf '%s\n' "$python" -c 'from msprobe.msprobe import main; main()' graph_visualize -tp npu/step0/rank
    [ "$1" = compare ] && printf '%s\n' -gp bench/step0/rank
    printf '%s\n' -o out
  fi
}

run_once() {  # binary-or-"msprobe" input → "wall peak_kb" of one run, its database left in $data/out
  local bin=$1 input=$2 extra=()
  [ "$html" = 1 ] && extra=(--html out/report.html)
  rm -rf "$data/out"
  if [ "$bin" = msprobe ]; then
    local run=${input#graph_} command=()
    mapfile -t command < <(msprobe_command "${run%.json}")
    (cd "$data" && PYTHONPATH=$msprobe_src /usr/bin/time -f "%e %M" -o "$data/time.txt" "${command[@]}" >/dev/null 2>&1)
  elif [ "$msprobe_kind" = august ]; then  # the job August's msprobe runs, in its spelling
    local side=(-tp npu/step0/rank)
    [ "$input" = graph_compare.json ] && side+=(-gp bench/step0/rank)
    (cd "$data" && /usr/bin/time -f "%e %M" -o "$data/time.txt" "$bin" graph_visualize "${side[@]}" -o out "${extra[@]}" \
      >/dev/null 2>&1)
  else
    (cd "$data" && /usr/bin/time -f "%e %M" -o "$data/time.txt" "$bin" -f pytorch graph -i "$input" -o out "${extra[@]}" >/dev/null 2>&1)
  fi
  cat "$data/time.txt"
}

database() {  # → "db_bytes nodes" of the database in $data/out
  local db nodes="?"
  db=$(ls "$data"/out/*.vis.db)
  command -v sqlite3 >/dev/null && nodes=$(sqlite3 "file:$db?mode=ro" "SELECT count(*) FROM tb_nodes WHERE data_source = 'NPU'")
  echo "$(stat -c %s "$db") $nodes"
}

median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
smallest() { printf '%s\n' "$@" | sort -g | head -1; }
largest() { printf '%s\n' "$@" | sort -g | tail -1; }

echo "dump.json per side: $(( $(stat -c %s "$data/npu/step0/rank/dump.json") / 1000000 )) MB"
echo "run      NPU nodes  database   median wall (min)  peak RSS (this build), then the others' and the median of the"
echo "         ratios of runs made one after the other (the machine's speed drifts between blocks of runs)"
for run in build compare; do
  walls=() kbs=() bwalls=() bkbs=() mwalls=() mkbs=() bratios=() mratios=()
  for _ in $(seq "$runs"); do
    read -r wall kb <<< "$(run_once "$build/apps/msprobe/msprobe" "graph_$run.json")"
    read -r bytes nodes <<< "$(database)"
    walls+=("$wall") kbs+=("$kb")
    if [ -n "$base" ]; then
      read -r bwall bkb <<< "$(run_once "$base/apps/msprobe/msprobe" "graph_$run.json")"
      bwalls+=("$bwall") bkbs+=("$bkb") bratios+=("$(echo "$bwall / $wall" | bc -l)")
    fi
    if [ -n "$msprobe_kind" ]; then
      read -r mwall mkb <<< "$(run_once msprobe "graph_$run.json")"
      read -r _ mnodes <<< "$(database)"
      mwalls+=("$mwall") mkbs+=("$mkb") mratios+=("$(echo "$mwall / $wall" | bc -l)")
    fi
  done
  kb=$(largest "${kbs[@]}")
  line=$(printf '%-8s %9s %7d MB %7.2f s (min %.2f) %6d MB' "$run" "$nodes" $((bytes / 1000000)) \
    "$(median "${walls[@]}")" "$(smallest "${walls[@]}")" $((kb / 1024)))
  if [ -n "$base" ]; then
    bkb=$(largest "${bkbs[@]}")
    line+=$(printf '   base %.2f s (min %.2f) %d MB   time ×%.2f, memory ×%.2f' "$(median "${bwalls[@]}")" \
      "$(smallest "${bwalls[@]}")" $((bkb / 1024)) "$(median "${bratios[@]}")" "$(echo "$bkb / $kb" | bc -l)")
  fi
  if [ -n "$msprobe_kind" ]; then
    mkb=$(largest "${mkbs[@]}")
    line+=$(printf '   msprobe (%s) %.2f s (min %.2f) %d MB, %s nodes   faster ×%.1f (runs: %s), memory ×%.2f' \
      "$msprobe_kind" "$(median "${mwalls[@]}")" "$(smallest "${mwalls[@]}")" $((mkb / 1024)) "$mnodes" \
      "$(median "${mratios[@]}")" "$(printf '×%.1f ' "${mratios[@]}" | sed 's/ $//')" "$(echo "$kb / $mkb" | bc -l)")
  fi
  echo "$line"
done
