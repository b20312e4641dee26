#!/usr/bin/env bash
# Installs the Debian packages msprobe-cpp builds against. Idempotent: packages
# already present are left alone and nothing is fetched when all are there.
#
#   scripts/setup.sh [--tool | --test]
#     --tool: only what the msprobe binary needs (no libtorch, no Catch2): the quick start
#     --test: also what only the test suite needs
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libcli11-dev nlohmann-json3-dev libyaml-cpp-dev
  xtensor-dev libxsimd-dev libfmt-dev catch2
  libxlsxwriter-dev libzip-dev libpugixml-dev libexpat1-dev libisal-dev zlib1g-dev rapidjson-dev libsqlite3-dev
  protobuf-compiler libprotobuf-dev  # the header of kernel dumps (.bin), lib/tensor
  libmd-dev  # MD5 for the UUID names of over-long output files, lib/parse
  libmimalloc-dev  # msprobe's allocator (apps/msprobe); optional, glibc's malloc without it
  libopenmpi-dev openmpi-bin  # directory compares over MPI processes (lib/common/mpi_process_group); optional
  libtorch-dev  # run_ut only (lib/run_ut); configure with -DMSPROBE_WITH_TORCH=OFF to build without it
)
if [ "${1:-}" = "--tool" ]; then
  kept=()
  for p in "${packages[@]}"; do
    case "$p" in catch2|libtorch-dev) ;; *) kept+=("$p") ;; esac
  done
  packages=("${kept[@]}")
fi
if [ "${1:-}" = "--test" ]; then
  packages+=(chromium)  # opens compare --html's report headless (test/cli/html_report_browser_test.cpp); not for building
  packages+=(python3)  # the line-length check of the sources (scripts/check_line_length.py)
  packages+=(zsh)  # drives the zsh completion script (test/cli/command_reference_test.cpp)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all build dependencies are installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
