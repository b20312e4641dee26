#!/usr/bin/env bash
# Builds the three libraries Debian ships only as shared objects, ISA-L, libzip and mimalloc, as static archives
# from Debian's own source packages, into a prefix a static msprobe build links against (cmake -DMSPROBE_STATIC=ON
# -DMSPROBE_STATIC_PREFIX=<prefix>). Everything else of a static build comes from Debian's -dev packages.
#
#   scripts/static-deps.sh PREFIX [x86_64|aarch64]
#
# Needs a deb-src entry for Debian's registry (added here when missing), nasm for x86_64's ISA-L, and for
# aarch64 the cross compiler (g++-aarch64-linux-gnu) and zlib1g-dev:arm64; for aarch64 it also takes
# libyaml-cpp.a out of Debian's arm64 libyaml-cpp-dev (not co-installable with the host's).
set -euo pipefail
prefix=$(realpath -m "${1:?usage: scripts/static-deps.sh PREFIX [x86_64|aarch64]}")
arch=${2:-$(uname -m)}
work="$prefix/src"
mkdir -p "$work" "$prefix/lib" "$prefix/include/isa-l"

have_yaml=1
if [ "$arch" = aarch64 ] && [ ! -f "$prefix/lib/libyaml-cpp.a" ]; then have_yaml=; fi
if [ -f "$prefix/lib/libisal.a" ] && [ -f "$prefix/lib/libzip.a" ] && [ -f "$prefix/lib/libmimalloc.a" ] &&
  [ -n "$have_yaml" ]; then
  echo "static-deps: $prefix already holds libisal.a, libzip.a and libmimalloc.a"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "static-deps: adding a deb-src entry for Debian's registry"
  $SUDO tee /etc/apt/sources.list.d/msprobe-deb-src.sources >/dev/null <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  $SUDO apt-get update -qq
fi
tools=(dpkg-dev)
if [ "$arch" = x86_64 ]; then tools+=(nasm); fi
missing=()
for p in "${tools[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cd "$work"
if ! ls libisal_*.orig.tar.* >/dev/null 2>&1; then apt-get source --download-only libisal; fi
if ! ls libzip_*.orig.tar.* >/dev/null 2>&1; then apt-get source --download-only libzip; fi
if ! ls mimalloc_*.orig.tar.* >/dev/null 2>&1; then apt-get source --download-only mimalloc; fi
rm -rf isal zip mimalloc && mkdir isal zip mimalloc
tar -xf libisal_*.orig.tar.* -C isal --strip-components=1
tar -xf libzip_*.orig.tar.* -C zip --strip-components=1
tar -xf mimalloc_*.orig.tar.* -C mimalloc --strip-components=1

jobs=$(nproc 2>/dev/null || echo 2)
if [ "$arch" = aarch64 ]; then
  cc=aarch64-linux-gnu-gcc
  make -C isal -f Makefile.unx -j "$jobs" lib host_cpu=aarch64 arch=aarch64 CC="$cc" >/dev/null  # AS: $(CC) -D__ASSEMBLY__
  toolchain=(-DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64 -DCMAKE_C_COMPILER="$cc"
             -DCMAKE_FIND_ROOT_PATH=/usr/aarch64-linux-gnu -DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=ONLY
             -DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=BOTH -DZLIB_LIBRARY=/usr/lib/aarch64-linux-gnu/libz.a)
else
  make -C isal -f Makefile.unx -j "$jobs" lib >/dev/null
  toolchain=()
fi
cp isal/bin/isa-l.a "$prefix/lib/libisal.a"
if [ "$arch" = aarch64 ]; then
  # yaml-cpp's arm64 -dev package cannot be installed beside the host's: its archive is taken from the .deb.
  apt-get download -qq libyaml-cpp-dev:arm64
  dpkg-deb -x libyaml-cpp-dev_*_arm64.deb yaml
  cp yaml/usr/lib/aarch64-linux-gnu/libyaml-cpp.a "$prefix/lib/"
fi
cp isal/include/*.h "$prefix/include/isa-l/"

# libzip with zlib only: no bzip2, lzma, zstd or encryption (the xlsx members are deflated).
cmake -S zip -B zip/build -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_INSTALL_LIBDIR=lib -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF -DENABLE_ZSTD=OFF -DENABLE_GNUTLS=OFF \
  -DENABLE_OPENSSL=OFF -DENABLE_MBEDTLS=OFF -DENABLE_COMMONCRYPTO=OFF -DENABLE_WINDOWS_CRYPTO=OFF \
  -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF "${toolchain[@]}" >/dev/null
cmake --build zip/build -j "$jobs" >/dev/null
cmake --install zip/build >/dev/null

# mimalloc as msprobe's allocator: the archive overrides malloc (MI_OVERRIDE), so linked before libc it serves the
# whole static binary, operator new included.
cmake -S mimalloc -B mimalloc/build -DCMAKE_BUILD_TYPE=Release -DMI_BUILD_SHARED=OFF -DMI_BUILD_STATIC=ON \
  -DMI_BUILD_OBJECT=OFF -DMI_BUILD_TESTS=OFF -DMI_OVERRIDE=ON -DMI_INSTALL_TOPLEVEL=ON \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib "${toolchain[@]}" >/dev/null
cmake --build mimalloc/build -j "$jobs" >/dev/null
cmake --install mimalloc/build >/dev/null
echo "static-deps: libisal.a, libzip.a and libmimalloc.a ($arch) are in $prefix/lib"
