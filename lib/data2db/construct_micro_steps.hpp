#pragma once
// With --micro_step true, construct.json says which micro step each dump entry
// belongs to: every top-level Module/Cell/optimizer entry (parent null) starts
// the next micro step, and an entry belongs to the micro step of the top-level
// entry its chain of parents reaches (a backward or parameters_grad name is
// looked up as its forward twin). Within one micro step the call numbers of each
// name are renumbered 0, 1, 2, … in their order, so that the micro steps of one
// step line up. Entries that reach no top-level entry are left out of the import.
#include <cstdint>
#include <filesystem>
#include <string>

#include "common/text_map.hpp"
#include "dump/json_view.hpp"

namespace msprobe::data2db {

struct ConstructEntry {
    std::int64_t micro_step = 0;
    std::string renamed;  // its name with the renumbered call
};

struct ConstructMicroSteps {
    TextMap<ConstructEntry> entries;  // the entries that reach a top-level entry
    std::int64_t count = 1;           // micro steps of the file (1 when none)
};

// Throws msprobe::Error naming the file when it cannot be read, is not an
// object, holds a Megatron pair that is not [parent, micro step], or a chain of
// parents that goes round (msprobe fails on these too).
ConstructMicroSteps read_construct_micro_steps(const std::filesystem::path& construct_json);
ConstructMicroSteps construct_micro_steps(dump::JsonView root, const std::string& file);

}  // namespace msprobe::data2db
