#!/usr/bin/env bash
# Fresh Debian machine → results: installs what is missing, builds, and compares
# the two example dump pairs in examples/ (statistics and real tensor data) into ./output.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
root=$(pwd)
(cd examples/statistics_pair && "$root/build/apps/msprobe/msprobe" -f pytorch compare -i compare.json -o "$root/output/statistics")
(cd examples/tensor_pair && "$root/build/apps/msprobe/msprobe" -f pytorch compare -i compare.json -o "$root/output/tensor" -hl)
echo "quickstart: result books and advisor files are in $root/output"
