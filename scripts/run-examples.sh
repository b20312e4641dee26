#!/usr/bin/env bash
# Both example pairs compared in both command lines by one msprobe, into OUT/april_statistics,
# OUT/april_tensor (-hl), OUT/august_statistics and OUT/august_tensor: what scripts/same-results.sh holds two
# builds to.
#   scripts/run-examples.sh OUT COMMAND...   COMMAND: an absolute path to msprobe, maybe behind an emulator
#                                            (qemu-aarch64 /abs/msprobe)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "$1")
shift
(cd examples/statistics_pair && "$@" -f pytorch compare -i compare.json -o "$out/april_statistics" >/dev/null)
(cd examples/tensor_pair && "$@" -f pytorch compare -i compare.json -o "$out/april_tensor" -hl >/dev/null)
(cd examples/statistics_pair && "$@" compare -tp npu/step0 -gp bench/step0 -o "$out/august_statistics" >/dev/null)
(cd examples/tensor_pair && "$@" compare -tp npu/step0 -gp bench/step0 -o "$out/august_tensor" >/dev/null)
