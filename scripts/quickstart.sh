#!/usr/bin/env bash
# Fresh Debian machine → results: installs what is missing, builds, and compares
# the two example dump pairs in examples/ (statistics and real tensor data) into ./output, in April's
# spelling and, for the statistics pair, in August's too.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
root=$(pwd)
(cd examples/statistics_pair && "$root/build/apps/msprobe/msprobe" -f pytorch compare -i compare.json -o "$root/output/statistics")
(cd examples/tensor_pair && "$root/build/apps/msprobe/msprobe" -f pytorch compare -i compare.json -o "$root/output/tensor" -hl)
# The same statistics pair in August msprobe's spelling: CSV with Result/Err_message.
(cd examples/statistics_pair && "$root/build/apps/msprobe/msprobe" compare -tp npu/step0 -gp bench/step0 -o "$root/output/statistics_august")
echo "quickstart: result books, advisor files and August's CSV are in $root/output"
