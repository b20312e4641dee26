#pragma once
// Which comparison a dump pair gets: real tensor data, statistics, or digests.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dump/dump_file.hpp"

namespace msprobe::compare {

enum class CompareMode : std::uint8_t { All, Summary, Md5 };

std::string_view mode_name(CompareMode mode);  // "all", "summary", "md5"

// The metric columns of a mode's result table, in msprobe's order: what merge_result merges and
// graph copies onto its nodes; empty for md5, whose table has none.
const std::vector<std::string>& index_columns(CompareMode mode);

// msprobe's mode detection; throws msprobe::Error naming the bench file when
// the two dumps' tasks (or digest presence) disagree or the task cannot be compared.
CompareMode detect_mode(const dump::DumpFile& npu, const dump::DumpFile& bench);

}  // namespace msprobe::compare
