#!/usr/bin/env bash
# Wall time of `msprobe --version` (median of N runs, default 20) for each binary given: what a user waits for
# before any work, dynamic loading included.
#   bench/startup.sh build/apps/msprobe/msprobe build-static/x86_64/apps/msprobe/msprobe [-n 20]
set -euo pipefail
runs=20
binaries=()
while [ $# -gt 0 ]; do
  case "$1" in -n) runs=$2; shift 2 ;; *) binaries+=("$1"); shift ;; esac
done
for exe in "${binaries[@]}"; do
  times=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$exe" --version >/dev/null
    times+=($(( ($(date +%s%N) - start) / 1000 )))
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  printf '%-60s %8d us  (%s bytes)\n' "$exe" "$median" "$(stat -c %s "$exe")"
done
