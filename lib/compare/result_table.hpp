#pragma once
// The compare result before it is written: the table of cells plus, per row,
// what the post-passes (highlight, advisor) need to know about its origin.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/compare_mode.hpp"
#include "dump/dump_row.hpp"
#include "dump/stack_file.hpp"
#include "report/table.hpp"

namespace msprobe::compare {

struct ResultTable {
    CompareMode mode = CompareMode::Summary;
    report::Table table;
    std::vector<dump::RowState> states;   // per row
    std::vector<std::uint32_t> api_index;  // per row, into api_names
    // The NPU dump's entry keys, shared by the tables made from one dump (a result made in chunks).
    std::shared_ptr<const std::vector<std::string>> api_names = std::make_shared<const std::vector<std::string>>();
    std::shared_ptr<const dump::StackFile> stack;  // the stack.json read for the stack column, if any
    std::optional<std::string> generated_mapping_yaml;  // -lm's data_mapping yaml, written with the result

    // Column position of a header text, or -1.
    int column(std::string_view header) const;
    const std::string& api_of(std::size_t row) const { return (*api_names)[api_index[row]]; }
    void set_api_names(std::vector<std::string> names) {
        api_names = std::make_shared<const std::vector<std::string>>(std::move(names));
    }
};

}  // namespace msprobe::compare
