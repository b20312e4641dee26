# One warning policy for every target of the project.
add_library(msprobe_warnings INTERFACE)
target_compile_options(msprobe_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  # g++ 12 reports std::string concatenation as overlapping memcpy at -O2 (GCC bug 105329).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>
  $<$<BOOL:${MSPROBE_WERROR}>:-Werror>)
