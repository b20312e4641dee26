#pragma once
// msaccucmp's result_<timestamp>.csv (vector_cmp/vector_comparison.py,
// fusion_manager/compare_result.py): the header, rows sorted by Index (stably),
// one Address column dropped for a side whose folder holds .npy files, and
// Python's csv writer's bytes (minimal quoting, CRLF line ends).
#include <filesystem>
#include <string>
#include <vector>

#include "kernel_dump_compare/op_group_compare.hpp"

namespace msprobe::kernel_dump_compare {

struct ResultColumns {
    bool mine_holds_npy = false;    // drops the NPU side's Address
    bool golden_holds_npy = false;  // drops the golden side's Address
};

std::vector<std::string> result_header(ResultColumns columns);

// The file's text: header, then `rows` (already in Index order) with the dropped columns left out.
std::string result_csv_text(const std::vector<ResultRow>& rows, ResultColumns columns);

// Whether a cell is one msaccucmp refuses to write (utils.sanitize_csv_value: not a number, and starting with
// = + - @ % or their full-width forms, or holding one after a ';').
bool is_formula_like(const std::string& cell);

}  // namespace msprobe::kernel_dump_compare
