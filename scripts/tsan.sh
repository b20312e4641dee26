#!/usr/bin/env bash
# Builds the common tests with ThreadSanitizer in build-tsan/ and runs the
# thread pool's tests there; any data race TSan sees fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMSPROBE_WITH_TORCH=OFF \
  -DCMAKE_CXX_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread "${launcher[@]}"
cmake --build build-tsan -j "$(nproc 2>/dev/null || echo 2)" --target msprobe_common_tests
# halt_on_error: the first race ends the run with a failure instead of a warning.
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
  build-tsan/test/msprobe_common_tests '[thread_pool]'
