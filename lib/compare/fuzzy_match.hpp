#pragma once
// Fuzzy matching (-f): NPU and bench rows paired in dump order by names that
// ignore the call counter, through msprobe's two-queue scan.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace msprobe::compare {

// msprobe's rename_api: the text before the first "forward" (else "backward")
// loses its last two '.'-fields, e.g. Functional.conv2d.12.backward.output.0 →
// Functional.conv2d.backward.output.0. Names with neither word are unchanged.
// For module names the field dropped is the class name, not the counter; kept
// as msprobe does it, since both sides are renamed the same way.
std::string fuzzy_name(std::string_view key);

// One row as the fuzzy scan sees it: its fuzzy name and its shape text.
struct FuzzyItem {
    std::string name;
    std::string_view shape;
};

// Where the scan pairs the two queues (indices into them), or nullopt.
// Tried in msprobe's order: the newest NPU row against every older bench row,
// newest against newest, then every older NPU row against the newest bench row.
std::optional<std::pair<std::size_t, std::size_t>> find_match_point(const std::vector<FuzzyItem>& npu_queue,
                                                                    const std::vector<FuzzyItem>& bench_queue);

// (npu index, bench index or -1) in output order. `keep_unpushed_npu_rows`:
// when the bench side runs out first, msprobe stops and loses the NPU rows it
// had not read yet; we list them as unmatched (false reproduces the loss).
std::vector<std::pair<std::size_t, std::ptrdiff_t>> fuzzy_match(const std::vector<FuzzyItem>& npu,
                                                                 const std::vector<FuzzyItem>& bench,
                                                                 bool keep_unpushed_npu_rows);

}  // namespace msprobe::compare
