#pragma once
// The two layouts of stack.json, walked once for every reader: the grouped
// one ({"0": [[keys...], [frames...]], ...}, detected by a truthy "0") and the
// per-key one ({key: [frames...]}).
#include <functional>
#include <string_view>

#include "dump/json_file.hpp"
#include "dump/json_view.hpp"

namespace msprobe::dump {

// Calls visit(api key, frame list) for every entry, in file order. Throws
// msprobe::Error naming the file when the top level is not an object or a
// frame list is not a list; grouped entries of another shape are skipped.
void for_each_stack_entry(const JsonFile& json,
                          const std::function<void(std::string_view api, JsonView frames)>& visit);

}  // namespace msprobe::dump
