#include "compare/row_cells.hpp"

#include <cmath>

namespace msprobe::compare {

namespace {
bool is_nan_text(const std::string& text) {
    if (text.size() != 3) return false;
    return (text[0] | 0x20) == 'n' && (text[1] | 0x20) == 'a' && (text[2] | 0x20) == 'n';
}
}  // namespace

const std::vector<std::string>& identity_headers() {
    static const std::vector<std::string> headers = {
        "NPU Name",         "Bench Name",         "NPU Dtype",         "Bench Dtype",
        "NPU Tensor Shape", "Bench Tensor Shape", "NPU Requires_grad", "Bench Requires_grad"};
    return headers;
}

ResultTable start_table(CompareMode mode, const dump::DumpFile& npu, const std::vector<RowPair>& pairs,
                        std::vector<std::string> mode_headers, bool with_stack) {
    ResultTable result;
    result.mode = mode;
    result.table.header = identity_headers();
    for (auto& h : mode_headers) result.table.header.push_back(std::move(h));
    if (with_stack) result.table.header.emplace_back("NPU_Stack_Info");
    result.api_names = npu.shared_api_names();
    result.table.rows.reserve(pairs.size());
    result.states.reserve(pairs.size());
    result.api_index.reserve(pairs.size());
    for (const auto& pair : pairs) {
        result.states.push_back(npu.rows[pair.npu].state);
        result.api_index.push_back(npu.rows[pair.npu].api_index);
    }
    return result;
}

const dump::DumpRow* bench_row(const dump::DumpFile& bench, const RowPair& pair) {
    return pair.bench == kNoBench ? nullptr : &bench.rows[static_cast<std::size_t>(pair.bench)];
}

std::vector<report::Cell>& begin_row(ResultTable& result, const dump::DumpRow& npu, const dump::DumpRow* bench) {
    auto& cells = result.table.rows.emplace_back();
    cells.reserve(result.table.header.size());
    append_identity_cells(cells, npu, bench);
    return cells;
}

std::string requires_grad_text(const dump::DumpRow* row) {
    if (!row || !row->requires_grad) return kNotApplicable;
    return *row->requires_grad ? "True" : "False";
}

void append_identity_cells(std::vector<report::Cell>& cells, const dump::DumpRow& npu, const dump::DumpRow* bench) {
    cells.emplace_back(npu.name);
    cells.emplace_back(bench ? bench->name : kNotApplicable);
    cells.emplace_back(npu.dtype.str());
    cells.emplace_back(bench ? bench->dtype.str() : kNotApplicable);
    cells.emplace_back(npu.shape.str());
    cells.emplace_back(bench ? bench->shape.str() : kNotApplicable);
    cells.emplace_back(requires_grad_text(&npu));
    cells.emplace_back(requires_grad_text(bench));
}

report::Cell stat_cell(const dump::StatValue& value) {
    using Kind = dump::StatValue::Kind;
    switch (value.kind) {
        case Kind::Null: return report::Cell("None");
        case Kind::Number: return std::isnan(value.number) ? report::Cell("Nan") : report::Cell(value.number);
        case Kind::Bool: return report::Cell::boolean(value.boolean);
        case Kind::Text: return is_nan_text(value.text()) ? report::Cell("Nan") : report::Cell(value.text());
    }
    return report::Cell("None");
}

void append_statistic_cells(std::vector<report::Cell>& cells, const dump::DumpRow& npu, const dump::DumpRow* bench) {
    for (const auto& s : npu.stats) cells.push_back(stat_cell(s));
    for (std::size_t k = 0; k < 4; ++k) {
        cells.push_back(bench ? stat_cell(bench->stats[k]) : report::Cell(kNotApplicable));
    }
}

report::Cell stack_cell(const dump::DumpFile& npu, std::size_t index, const dump::StackFile& stack) {
    const auto& row = npu.rows[index];
    const bool first_of_entry = index == 0 || npu.rows[index - 1].api_index != row.api_index;
    if (!first_of_entry) return report::Cell(kNotApplicable);
    auto text = stack.stack_text(npu.api_names[row.api_index]);
    return report::Cell(text ? *text : kNotApplicable);
}

}  // namespace msprobe::compare
