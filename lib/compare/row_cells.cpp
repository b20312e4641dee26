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

std::string requires_grad_text(const dump::DumpRow* row) {
    if (!row || !row->requires_grad) return kNotApplicable;
    return *row->requires_grad ? "True" : "False";
}

void append_identity_cells(std::vector<report::Cell>& cells, const dump::DumpRow& npu, const dump::DumpRow* bench) {
    cells.emplace_back(npu.name);
    cells.emplace_back(bench ? bench->name : kNotApplicable);
    cells.emplace_back(npu.dtype);
    cells.emplace_back(bench ? bench->dtype : kNotApplicable);
    cells.emplace_back(npu.shape);
    cells.emplace_back(bench ? bench->shape : kNotApplicable);
    cells.emplace_back(requires_grad_text(&npu));
    cells.emplace_back(requires_grad_text(bench));
}

report::Cell stat_cell(const dump::StatValue& value) {
    using Kind = dump::StatValue::Kind;
    switch (value.kind) {
        case Kind::Null: return report::Cell("None");
        case Kind::Number: return std::isnan(value.number) ? report::Cell("Nan") : report::Cell(value.number);
        case Kind::Bool: return report::Cell::boolean(value.boolean);
        case Kind::Text: return is_nan_text(value.text) ? report::Cell("Nan") : report::Cell(value.text);
    }
    return report::Cell("None");
}

report::Cell stack_cell(const dump::DumpFile& npu, std::size_t index, const dump::StackFile& stack) {
    const auto& row = npu.rows[index];
    const bool first_of_entry = index == 0 || npu.rows[index - 1].api_index != row.api_index;
    if (!first_of_entry) return report::Cell(kNotApplicable);
    auto text = stack.stack_text(npu.api_names[row.api_index]);
    return report::Cell(text ? *text : kNotApplicable);
}

}  // namespace msprobe::compare
