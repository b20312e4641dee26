#include "kernel_dump_compare/result_csv.hpp"

#include <regex>

#include "kernel_dump_compare/vector_metrics.hpp"
#include "report/csv_formula_guard.hpp"
#include "report/csv_writer.hpp"

namespace msprobe::kernel_dump_compare {

namespace {

constexpr std::size_t kMyAddress = 4;
constexpr std::size_t kGoldenAddress = 7;

std::vector<std::string> kept(const std::vector<std::string>& row, ResultColumns columns) {
    std::vector<std::string> cells;
    cells.reserve(row.size());
    for (std::size_t i = 0; i < row.size(); ++i) {
        if (i == kMyAddress && columns.mine_holds_npy) continue;
        if (i == kGoldenAddress && columns.golden_holds_npy) continue;
        cells.push_back(row[i]);
    }
    return cells;
}

void append_line(std::string& text, const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i != 0) text += ',';
        report::append_csv_field(text, cells[i], report::FormulaCells::Verbatim);
    }
    text += "\r\n";
}

}  // namespace

std::vector<std::string> result_header(ResultColumns columns) {
    std::vector<std::string> header = {"Index",       "OpType",   "NPUDump", "DataType",    "Address",
                                       "GroundTruth", "DataType", "Address", "TensorIndex", "Shape"};
    const auto& names = algorithm_names();
    header.insert(header.end(), names.begin(), names.end());
    header.push_back("CompareFailReason");
    return kept(header, columns);
}

std::string result_csv_text(const std::vector<ResultRow>& rows, ResultColumns columns) {
    std::string text;
    append_line(text, result_header(columns));
    for (const auto& row : rows) append_line(text, kept(row, columns));
    return text;
}

bool is_formula_like(const std::string& cell) {
    static const std::regex malicious(R"(^(=|\+|-|%|@|＝|＋|－)|;(=|\+|-|%|@|＝|＋|－))");
    if (report::is_number_text(cell)) return false;
    return std::regex_search(cell, malicious);
}

}  // namespace msprobe::kernel_dump_compare
