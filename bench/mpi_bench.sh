#!/usr/bin/env bash
# Step-directory compare of many ranks spread over 1, 2 and 4 MPI processes:
# wall time of the whole run and peak RSS of each process, measured in the same run.
#
#   bench/mpi_bench.sh [BUILD_DIR] [DATA_DIR] [RANKS] [APIS] [RUNS]
#
# Generates (once) RANKS ranks (default 64) of a statistics dump pair of APIS
# entries per side and rank (default 12 500) with msprobe-dumpgen, then runs
# `mpirun -np N msprobe -f pytorch compare -i compare_dir_step0.json -o out`
# RUNS times (default 1) for each configuration: one process (no mpirun, the
# default threads), and 2 and 4 processes both with `-j 1` (one thread per
# process, so the 2 cores are not oversubscribed twice) and with the default
# threads. Prints the median wall time, the largest peak RSS of any one
# process (/usr/bin/time -v around each), and each wall's ratio to one process.
# Needs a build with MPI (MSPROBE_WITH_MPI) and Open MPI's mpirun.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
data=${2:-/tmp/msprobe_bench_mpi}
ranks=${3:-64}
apis=${4:-12500}
runs=${5:-1}
msprobe=$build/apps/msprobe/msprobe
dumpgen=$build/test/msprobe-dumpgen
[ -x "$msprobe" ] && [ -x "$dumpgen" ] || { echo "build msprobe and msprobe-dumpgen into $build first" >&2; exit 2; }
command -v mpirun >/dev/null || { echo "mpirun not found (Debian package openmpi-bin)" >&2; exit 2; }

if [ ! -f "$data/compare_dir_step0.json" ]; then
  "$dumpgen" --out "$data" --apis "$apis" --task statistics --ranks "$ranks" --seed 1 >/dev/null
fi
echo "$ranks ranks, $(du -cb "$data"/npu/step0/rank*/dump.json | tail -1 | cut -f1) bytes of npu dump.json in all"

# Each process measures itself; the file names carry its index in the run.
cat >"$data/timed.sh" <<'EOF'
#!/bin/sh
exec /usr/bin/time -v -o "$TIME_DIR/time.${OMPI_COMM_WORLD_RANK:-0}.txt" "$@"
EOF
chmod +x "$data/timed.sh"

declare -A walls rss
once() {  # label, processes, then msprobe's extra flags
  local label=$1 processes=$2; shift 2
  rm -rf "$data/out" "$data/times"
  mkdir -p "$data/times"
  local start end
  start=$(date +%s.%N)
  if [ "$processes" = 1 ]; then
    (cd "$data" && TIME_DIR="$data/times" ./timed.sh "$msprobe" -f pytorch compare -i compare_dir_step0.json -o out "$@" >/dev/null 2>&1)
  else
    (cd "$data" && TIME_DIR="$data/times" mpirun --oversubscribe --allow-run-as-root -x TIME_DIR -np "$processes" \
      ./timed.sh "$msprobe" -f pytorch compare -i compare_dir_step0.json -o out "$@" >/dev/null 2>&1)
  fi
  end=$(date +%s.%N)
  [ "$(find "$data/out" -name 'compare_result_rank*.xlsx' | wc -l)" = "$ranks" ] || { echo "$label: not every rank was written" >&2; exit 1; }
  walls[$label]+="$(echo "$end - $start" | bc) "
  local kb
  kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$data"/times/time.*.txt | sort -g | tail -1)
  rss[$label]+="$kb "
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
largest() { tr ' ' '\n' | grep . | sort -g | tail -1; }

labels=(one two_j1 two four_j1 four)
for _ in $(seq "$runs"); do
  once one 1
  once two_j1 2 -j 1
  once two 2
  once four_j1 4 -j 1
  once four 4
done
base=$(echo "${walls[one]}" | median)
for label in "${labels[@]}"; do
  case $label in
    one) name="1 process, default -j" ;;
    two_j1) name="2 processes, -j 1" ;;
    two) name="2 processes, default -j" ;;
    four_j1) name="4 processes, -j 1" ;;
    four) name="4 processes, default -j" ;;
  esac
  wall=$(echo "${walls[$label]}" | median)
  printf '%-26s wall %6.2f s   peak RSS per process %5d MB   %.2fx of one process\n' \
    "$name" "$wall" "$(( $(echo "${rss[$label]}" | largest) / 1024 ))" "$(echo "$base / $wall" | bc -l)"
done
