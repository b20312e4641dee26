#!/usr/bin/env bash
# Fresh Debian machine → results: installs what is missing, builds, and compares
# the example dump pair in examples/ into ./output.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
cd examples/statistics_pair
../../build/apps/msprobe/msprobe -f pytorch compare -i compare.json -o ../../output
echo "quickstart: results are in $(cd ../../output && pwd)"
