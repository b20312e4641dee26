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
Install: copy bin/msprobe onto the PATH; share/ holds the bash and zsh completion, the man page and
msprobe/tensor_postprocess/ (read from ../share beside the binary, or named by MSPROBE_TENSOR_POSTPROCESS_DIR).
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

# msprobe-torch (run_ut, acc_check) of the full dynamic build, when there is one for this machine: a .deb that
# depends on the packages of the libraries it loads (libtorch's among them) and on the msprobe it sits beside.
torch="$root/build/apps/msprobe/msprobe-torch"
host_deb_arch=$(dpkg --print-architecture)
if [ -x "$torch" ]; then
  owner() {  # the package that ships a library file, under either of its merged-/usr paths
    local path=$1 p
    for p in "$path" "$(readlink -f "$path")" "${path/#\/usr\/lib/\/lib}" "${path/#\/lib/\/usr\/lib}"; do
      if dpkg -S "$p" >/dev/null 2>&1; then dpkg -S "$p" | head -1 | cut -d: -f1; return; fi
    done
  }
  depends=$(for lib in $(objdump -p "$torch" | awk '/NEEDED/ {print $2}'); do
              owner "$(ldd "$torch" | awk -v l="$lib" '$1 == l {print $3}')"
            done | sort -u | paste -sd, | sed 's/,/, /g')
  deb="build-static/deb/msprobe-torch_${version}_$host_deb_arch"
  rm -rf "$deb" && mkdir -p "$deb/DEBIAN" "$deb/usr/bin" "$deb/usr/share/doc/msprobe-torch"
  install -m 0755 -s "$torch" "$deb/usr/bin/msprobe-torch"
  cp LICENSE "$deb/usr/share/doc/msprobe-torch/copyright"
  cat > "$deb/DEBIAN/control" <<EOF
Package: msprobe-torch
Version: $version
Architecture: $host_deb_arch
Maintainer: msprobe-cpp <msprobe-cpp@localhost>
Installed-Size: $(du -sk "$deb/usr" | cut -f1)
Depends: msprobe (= $version), $depends
Section: devel
Priority: optional
Homepage: https://gitee.com/ascend/mstt
Description: msprobe's API accuracy checker (run_ut, acc_check) through libtorch
 The re-execution half of msprobe-cpp: msprobe hands run_ut, multi_run_ut,
 acc_check, multi_acc_check and run_overflow_check to it.
EOF
  fakeroot dpkg-deb --build "$deb" "dist/msprobe-torch_${version}_$host_deb_arch.deb" >/dev/null
  echo "package: dist/msprobe-torch_${version}_$host_deb_arch.deb"
fi

(cd dist && sha256sum -- *.tar.gz *.deb > SHA256SUMS)
echo "package: dist/SHA256SUMS"
