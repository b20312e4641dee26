#!/usr/bin/env bash
# The static x86_64 binary against the dynamic build: scripts/package.sh makes it; both compare the two example
# pairs in both command lines and must write byte-identical files (timestamps in names and in workbook members
# aside); and the command-line tests run against it (MSPROBE_TEST_BINARY), but those that need libtorch or MPI,
# which a static build leaves out. Run after scripts/test.sh (it needs build/).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scripts/package.sh x86_64
static="$root/build-static/x86_64/apps/msprobe/msprobe"
dynamic="$root/build/apps/msprobe/msprobe"
file "$static" | grep -q "statically linked" || { echo "check-static: $static is not statically linked" >&2; exit 1; }

out="$root/build-static/examples"
rm -rf "$out"
scripts/run-examples.sh "$out/static" "$static"
scripts/run-examples.sh "$out/dynamic" "$dynamic"
scripts/same-results.sh "$out/static" "$out/dynamic"
echo "check-static: the static binary writes the dynamic build's files on both example pairs"

MSPROBE_TEST_BINARY="$static" ctest --test-dir build --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" \
  -R '^cli:' -E 'run_ut|acc_check|ms checker|--version|command-line runs of cnn_tensor|same-second run_ut'
echo "check-static: the command-line tests pass against the static binary"
