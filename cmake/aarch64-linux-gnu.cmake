# Cross-compiling for aarch64 (e.g. Kunpeng) on a Debian x86-64 host, against
# the arm64 -dev packages of Debian multiarch; tests run under qemu-user.
# scripts/test-aarch64.sh installs what this needs and uses it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Libraries of the target only; programs (pkg-config) of the host.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")

# The header-only xsimd and xtensor install their CMake configs under the
# host's lib directory only.
set(xsimd_DIR /usr/lib/x86_64-linux-gnu/cmake/xsimd CACHE PATH "")
set(xtensor_DIR /usr/lib/x86_64-linux-gnu/cmake/xtensor CACHE PATH "")

# ctest (and test discovery) run the target's binaries through qemu, with the
# arm64 C library of multiarch (libc6:arm64, /lib/ld-linux-aarch64.so.1).
# Not with -L /usr/aarch64-linux-gnu (the cross compiler's copy): under
# qemu-user 7.2 every program that starts a thread then hangs.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
