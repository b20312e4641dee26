# MSPROBE_STATIC: the same targets Dependencies.cmake provides, each over a static archive, so that msprobe links
# with -static and runs on any Linux of its architecture. Debian ships the archives of everything but fmt (used
# header-only), ISA-L, libzip and mimalloc (built from Debian's sources by scripts/static-deps.sh into
# MSPROBE_STATIC_PREFIX). Open MPI and libtorch are not linked statically: a static build leaves them out.
set(MSPROBE_STATIC_PREFIX "" CACHE PATH "where scripts/static-deps.sh put libisal.a and libzip.a")
if(NOT MSPROBE_STATIC_PREFIX OR NOT EXISTS "${MSPROBE_STATIC_PREFIX}/lib/libzip.a")
  message(FATAL_ERROR "MSPROBE_STATIC needs -DMSPROBE_STATIC_PREFIX=<dir> holding lib/libisal.a and lib/libzip.a "
                      "(scripts/static-deps.sh <dir> builds them)")
endif()
set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
find_package(Threads REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(nlohmann_json CONFIG REQUIRED)
find_package(RapidJSON CONFIG REQUIRED)
find_package(xsimd CONFIG REQUIRED)
find_package(xtensor CONFIG REQUIRED)
set(ZLIB_USE_STATIC_LIBS ON)
find_package(ZLIB REQUIRED)
set(Protobuf_USE_STATIC_LIBS ON)
find_package(Protobuf REQUIRED)

# `target` over lib<archive>.a (searched in the static prefix first), with `deps` linked after it.
function(msprobe_static_import target archive)
  find_library(msprobe_static_${archive} NAMES lib${archive}.a HINTS "${MSPROBE_STATIC_PREFIX}/lib" REQUIRED)
  add_library(${target} STATIC IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES IMPORTED_LOCATION "${msprobe_static_${archive}}"
                                             INTERFACE_LINK_LIBRARIES "${ARGN}")
  if(msprobe_static_${archive} MATCHES "^${MSPROBE_STATIC_PREFIX}")
    set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${MSPROBE_STATIC_PREFIX}/include")
  endif()
endfunction()

msprobe_static_import(yaml-cpp yaml-cpp)
msprobe_static_import(pugixml::pugixml pugixml)
msprobe_static_import(expat::expat expat)
msprobe_static_import(PkgConfig::SQLITE3 sqlite3 Threads::Threads ${CMAKE_DL_LIBS} m)
msprobe_static_import(PkgConfig::LIBMD md)
msprobe_static_import(PkgConfig::ISAL isal)
msprobe_static_import(PkgConfig::LIBZIP zip ZLIB::ZLIB)

add_library(fmt::fmt INTERFACE IMPORTED GLOBAL)
set_target_properties(fmt::fmt PROPERTIES INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)

set(MSPROBE_WITH_TORCH OFF CACHE BOOL "Build run_ut, multi_run_ut and run_overflow_check (needs libtorch)" FORCE)
set(MSPROBE_WITH_MPI OFF CACHE BOOL "Spread directory compares over MPI processes (needs Open MPI)" FORCE)
# mimalloc, which Debian ships only shared, from scripts/static-deps.sh: linked before libc, its malloc serves the
# static binary as the shared library serves the dynamic build (glibc's malloc makes a graph compare 1.3× slower).
if(MSPROBE_WITH_MIMALLOC)
  if(EXISTS "${MSPROBE_STATIC_PREFIX}/lib/libmimalloc.a")
    msprobe_static_import(mimalloc mimalloc Threads::Threads)
  else()
    message(STATUS "no libmimalloc.a in ${MSPROBE_STATIC_PREFIX}/lib (scripts/static-deps.sh builds it): "
                   "msprobe uses glibc's malloc")
    set(MSPROBE_WITH_MIMALLOC OFF CACHE BOOL "Link msprobe with mimalloc as its allocator (libmimalloc-dev)" FORCE)
  endif()
endif()
