#pragma once
// Turns one dump.json entry (API, module, parameters_grad or debug) into its
// rows, in msprobe's order: inputs, parameters, outputs, parameter gradients.
#include <string>
#include <string_view>
#include <vector>

#include "dump/dump_row.hpp"
#include "dump/json_view.hpp"

namespace msprobe::dump {

// Appends the rows of entry `key` to `rows`. Throws msprobe::Error naming
// `file` on values of the wrong type (shape not an array, requires_grad not a
// boolean, nesting deeper than 400 levels).
void flatten_entry(std::string_view key, JsonView entry, std::uint32_t api_index, const std::string& file,
                   std::vector<DumpRow>& rows);

// The same, and appends to `leaves` the JSON object each new row was made
// from (a P2POp's tensor; an empty view for None rows), in row order: the
// graph command exports a leaf's own keys as the dump wrote them.
void flatten_entry(std::string_view key, JsonView entry, std::uint32_t api_index, const std::string& file,
                   std::vector<DumpRow>& rows, std::vector<JsonView>& leaves);

}  // namespace msprobe::dump
