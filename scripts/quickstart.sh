#!/usr/bin/env bash
# Fresh Debian machine → results: installs what is missing, builds, and compares
# the two example dump pairs in examples/ (statistics and real tensor data) into ./output, in April's
# spelling and, for the statistics pair, in August's too.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tool
# Only the msprobe binary: no test suite, no libtorch (scripts/test.sh builds everything).
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMSPROBE_BUILD_TESTS=OFF -DMSPROBE_WITH_TORCH=OFF >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" --target msprobe
root=$(pwd)
(cd examples/statistics_pair && "$root/build/apps/msprobe/msprobe" -f pytorch compare -i compare.json -o "$root/output/statistics")
(cd examples/tensor_pair && "$root/build/apps/msprobe/msprobe" -f pytorch compare -i compare.json -o "$root/output/tensor" -hl)
# The same statistics pair in August msprobe's spelling: CSV with Result/Err_message.
(cd examples/statistics_pair && "$root/build/apps/msprobe/msprobe" compare -tp npu/step0 -gp bench/step0 -o "$root/output/statistics_august")
echo "quickstart: result books, advisor files and August's CSV are in $root/output"
