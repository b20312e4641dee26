#!/usr/bin/env bash
# Release artifacts into dist/: for each architecture asked for (default: this machine's), a statically linked
# msprobe (every subcommand but the libtorch ones; no MPI) with its bash and zsh completion, its man page, the
# LICENSE and a short README, as msprobe-<version>-linux-<arch>.tar.gz and as a .deb; then SHA256SUMS.
#
#   scripts/package.sh [x86_64] [aarch64]
#
# aarch64 is cross-built (g++-aarch64-linux-gnu and the arm64 -dev packages, as scripts/test-aarch64.sh sets up).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
version=$(sed -n 's/^project(msprobe-cpp VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
arches=("$@")
if [ ${#arches[@]} -eq 0 ]; then arches=("$(uname -m)"); fi
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p dist

for arch in "${arches[@]}"; do
  case "$arch" in
    x86_64) deb_arch=amd64; cross=() ;;
    aarch64) deb_arch=arm64
      cross=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" -Dxtl_DIR=/usr/lib/x86_64-linux-gnu/cmake/xtl) ;;
    *) echo "package: unknown architecture $arch (x86_64 or aarch64)" >&2; exit 2 ;;
  esac
  build="build-static/$arch"
  scripts/static-deps.sh "build-static/deps-$arch" "$arch"
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DMSPROBE_STATIC=ON \
    -DMSPROBE_STATIC_PREFIX="$root/build-static/deps-$arch" -DMSPROBE_BUILD_TESTS=OFF "${cross[@]}" >/dev/null
  cmake --build "$build" -j "$jobs" --target msprobe msprobe_docs

  name="msprobe-$version-linux-$arch"
  stage="build-static/stage/$name"
  rm -rf "$stage" && mkdir -p "$stage"
  cmake --install "$build" --prefix "$root/$stage" --strip >/dev/null
  cp LICENSE "$stage/"
  cat > "$stage/README" <<EOF
msprobe-cpp $version, statically linked for Linux $arch: msprobe's offline tools (compare, merge_result, parse,
overflow_check, diff_analyze, graph, ...) without Python. No libtorch (run_ut/acc_check need the full build)
and no MPI in this binary; \`bin/msprobe --version\` says what it holds.
Install: copy bin/msprobe onto the PATH; share/ holds the bash and zsh completion and the man page.
EOF
  tar -C build-static/stage -czf "dist/$name.tar.gz" "$name"

  # The .deb: the same files below /usr, the man page compressed as Debian's policy asks.
  deb="build-static/deb/msprobe_${version}_$deb_arch"
  rm -rf "$deb" && mkdir -p "$deb/DEBIAN" "$deb/usr/share/doc/msprobe"
  cp -r "$stage/bin" "$stage/share" "$deb/usr/"
  gzip -9n "$deb/usr/share/man/man1/msprobe.1"
  cp LICENSE "$deb/usr/share/doc/msprobe/copyright"
  cat > "$deb/DEBIAN/control" <<EOF
Package: msprobe
Version: $version
Architecture: $deb_arch
Maintainer: msprobe-cpp <msprobe-cpp@localhost>
Installed-Size: $(du -sk "$deb/usr" | cut -f1)
Section: devel
Priority: optional
Homepage: https://gitee.com/ascend/mstt
Description: msprobe's offline precision tools for Ascend NPU dumps, natively
 compare, merge_result, parse, overflow_check, diff_analyze, graph and the rest of
 msprobe's offline toolbox for PyTorch and MindSpore dumps, in one static binary
 that reads both msprobe command lines (April and August 2026).
EOF
  fakeroot dpkg-deb --build "$deb" "dist/msprobe_${version}_$deb_arch.deb" >/dev/null
  echo "package: dist/$name.tar.gz and dist/msprobe_${version}_$deb_arch.deb"
done

(cd dist && sha256sum -- *.tar.gz *.deb > SHA256SUMS)
echo "package: dist/SHA256SUMS"
