#!/usr/bin/env bash
# Fresh Debian machine → green suite: installs what is missing, builds with
# warnings as errors, and runs every test. Conformance tests read
# ../shared/fixtures when it exists beside the checkout and are skipped otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
# Everything, whatever an earlier quick start configured.
scripts/build.sh -DMSPROBE_WERROR=ON -DMSPROBE_BUILD_TESTS=ON -DMSPROBE_WITH_TORCH=ON
ctest --test-dir build --output-on-failure -j "$(nproc 2>/dev/null || echo 2)"
