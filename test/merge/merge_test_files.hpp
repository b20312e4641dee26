#pragma once
// Small inputs for the merge tests: text files and per-rank result books.
#include <filesystem>
#include <fstream>
#include <string>

#include "report/xlsx_writer.hpp"

namespace msprobe::testing {

inline void write_merge_input_text(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

inline void write_merge_input_book(const std::filesystem::path& path, const report::Table& table) {
    std::filesystem::create_directories(path.parent_path());
    report::write_xlsx(table, report::CellRendering::Plain, path);
}

}  // namespace msprobe::testing
