#!/usr/bin/env bash
# aarch64 (Kunpeng) on an x86-64 Debian 12 machine: cross-builds msprobe-cpp
# (warnings as errors, without libtorch) into build-aarch64/ and runs the whole
# test suite under qemu-user. Installs what is missing first: the cross
# compiler, qemu-user and the arm64 -dev packages (Debian multiarch).
#
# Emulation is slow, so the randomised property tests run
# MSPROBE_PROPERTY_ITERATIONS cases (default here: 100) instead of their full
# count; set it higher for a longer run.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
jobs=$(nproc 2>/dev/null || echo 2)
build=build-aarch64

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# Host tools and the header-only libraries (shared by both architectures).
host_packages=(cmake pkg-config g++-aarch64-linux-gnu qemu-user catch2 protobuf-compiler
               libcli11-dev nlohmann-json3-dev rapidjson-dev xtensor-dev libxsimd-dev)
# Co-installable with their amd64 twins. libyaml-cpp-dev and catch2 are not
# (installing the arm64 one removes the host's): Catch2 is header-only and
# comes from the host package, yaml-cpp's arm64 development files are
# unpacked into the build directory below. protoc runs on the host
# (protobuf-compiler above); libprotobuf-dev:arm64 brings the target's library.
arm64_packages=(libc6 libfmt-dev libzip-dev libsqlite3-dev libpugixml-dev libexpat1-dev zlib1g-dev libxlsxwriter-dev libyaml-cpp0.7
                libprotobuf-dev libmd-dev)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=()
for p in "${host_packages[@]}"; do installed "$p" || missing+=("$p"); done
for p in "${arm64_packages[@]}"; do installed "$p:arm64" || missing+=("$p:arm64"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-aarch64: installing ${missing[*]}"
  dpkg --print-foreign-architectures | grep -qx arm64 || $SUDO dpkg --add-architecture arm64
  $SUDO apt-get update -qq
  # --no-remove: never trade a host package for its arm64 twin.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends --no-remove "${missing[@]}"
fi

# yaml-cpp's arm64 CMake package, unpacked (not installed) next to the build;
# its library is the installed libyaml-cpp0.7:arm64.
# -dev packages whose arm64 and amd64 builds cannot be installed side by side
# are unpacked into the build folder instead: yaml-cpp (its runtime library,
# libyaml-cpp0.7:arm64, is installed above) and ISA-L (library and headers).
arm64_root="$PWD/$build/arm64-dev"
unpack_arm64() {  # package... → unpacked into $arm64_root
  mkdir -p "$build/downloads" "$arm64_root"
  (cd "$build/downloads" && apt-get download -qq "${@/%/:arm64}" 2>/dev/null)
  for p in "$@"; do dpkg-deb -x "$build"/downloads/"${p}"_*_arm64.deb "$arm64_root"; done
}
yaml_dir="$arm64_root/usr/lib/aarch64-linux-gnu/cmake/yaml-cpp"
if [ ! -f "$yaml_dir/yaml-cpp-config.cmake" ]; then
  unpack_arm64 libyaml-cpp-dev
  for lib in /usr/lib/aarch64-linux-gnu/libyaml-cpp.so.*; do
    ln -sf "$lib" "$arm64_root/usr/lib/aarch64-linux-gnu/$(basename "$lib")"
  done
fi
isal_pc="$arm64_root/usr/lib/aarch64-linux-gnu/pkgconfig/libisal.pc"
if [ ! -f "$isal_pc" ]; then
  unpack_arm64 libisal2 libisal-dev
  sed -i "s|^prefix=.*|prefix=$arm64_root/usr|" "$isal_pc"
fi
# Searched before the toolchain's PKG_CONFIG_LIBDIR; the library's folder goes
# into the test binaries' RPATH, so qemu's loader finds it.
export PKG_CONFIG_PATH="$arm64_root/usr/lib/aarch64-linux-gnu/pkgconfig"

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Release \
  -DMSPROBE_WITH_TORCH=OFF -DMSPROBE_WERROR=ON -Dyaml-cpp_DIR="$yaml_dir" "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$jobs"
built=$SECONDS

# Tests that set a resource limit (ulimit -v, -f, setrlimit) and then start or
# measure the program: under qemu-user the limit binds the emulator (which
# reserves gigabytes of address space for its guest), so they measure qemu,
# not msprobe. They run in the native suite.
emulator_bound=(
  "common:a thread limit lowers the pool's size instead of failing"
  "common:reservations count against what the address-space limit leaves"
  "cli:hostile files: a dump.json whose parse cannot fit is refused before it is read"
  "cli:a file-size limit is reported in one line and leaves no partial file"
)
exclude=$(printf '%s\n' "${emulator_bound[@]}" | sed 's/[][().*+?^$|\\]/\\&/g; s/.*/^&$/' | paste -sd'|')
printf 'test-aarch64: not run under qemu-user (resource limits bind the emulator): %s\n' "${emulator_bound[@]}"
MSPROBE_PROPERTY_ITERATIONS=${MSPROBE_PROPERTY_ITERATIONS:-100} \
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -E "$exclude"
echo "test-aarch64: built in $((built - start)) s, tested in $((SECONDS - built)) s"

# The static aarch64 binary (scripts/package.sh aarch64) runs the examples under qemu-aarch64 without a sysroot
# and writes what the native x86_64 build writes. Skipped when MSPROBE_SKIP_STATIC=1.
if [ "${MSPROBE_SKIP_STATIC:-0}" != 1 ]; then
  scripts/package.sh aarch64
  static="$PWD/build-static/aarch64/apps/msprobe/msprobe"
  file "$static" | grep -q "ARM aarch64.*statically linked"
  out="$PWD/build-static/examples-aarch64"
  rm -rf "$out"
  scripts/run-examples.sh "$out/emulated" qemu-aarch64 "$static"
  echo "test-aarch64: the static aarch64 binary compared both examples under qemu-aarch64 (no sysroot) into $out"
  native="$PWD/build/apps/msprobe/msprobe"
  if [ -x "$native" ]; then
    scripts/run-examples.sh "$out/native" "$native"
    scripts/same-results.sh "$out/emulated" "$out/native"
    echo "test-aarch64: its files are the native x86_64 build's"
  fi
fi
