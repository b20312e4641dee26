#pragma once
// Python's == on values the json module parsed, for code that must decide
// "the same call" as msprobe does: numbers by value (1 == 1.0, 0.0 == -0.0,
// True == 1), NaN equal to nothing, objects whatever their member order.
#include <cstddef>
#include <initializer_list>
#include <string_view>

#include "dump/json_view.hpp"

namespace msprobe::dump {

// When both are objects, their members named in `omitted` are left out (only at that top level), as
// when Python deletes keys from a parsed dict before comparing it.
bool python_equal(JsonView a, JsonView b, std::initializer_list<std::string_view> omitted = {});

// Equal values hash alike, so candidates for python_equal can be bucketed; `omitted` as there.
std::size_t python_hash(JsonView value, std::initializer_list<std::string_view> omitted = {});

}  // namespace msprobe::dump
