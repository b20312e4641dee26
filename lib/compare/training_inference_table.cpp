#include "compare/training_inference_table.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "compare/compare_mode.hpp"
#include "compare/real_data_table.hpp"
#include "compare/row_cells.hpp"
#include "compare/training_inference_match.hpp"
#include "compare/verdict_rules.hpp"

namespace msprobe::compare {

namespace {

using mapping::TrainingBackend;
using report::Cell;

std::string joined(const std::vector<std::string>& texts, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (i) out += separator;
        out += texts[i];
    }
    return out;
}

bool is_nan_text(std::string_view text) {
    return text.size() == 3 && (text[0] | 0x20) == 'n' && (text[1] | 0x20) == 'a' && (text[2] | 0x20) == 'n';
}

// A statistic as msprobe reads it back from the text of the list it wrote: every
// number a float, anything else its text.
struct ReadBackStat {
    std::optional<double> number;
    std::string text;

    std::string str() const { return number ? py::float_repr(*number) : text; }
};

ReadBackStat read_back(const dump::StatValue& value) {
    using Kind = dump::StatValue::Kind;
    switch (value.kind) {
        case Kind::Number: return {value.number, {}};
        case Kind::Bool: return {std::nullopt, value.boolean ? "True" : "False"};
        case Kind::Text: return {std::nullopt, value.text()};
        case Kind::Null: break;
    }
    return {std::nullopt, "None"};
}

Cell number_cell(double value) { return std::isnan(value) ? Cell("Nan") : Cell(value); }

Cell read_back_cell(const ReadBackStat& stat) {
    if (stat.number) return number_cell(*stat.number);
    return is_nan_text(stat.text) ? Cell("Nan") : Cell(stat.text);
}

// Python's max (or min) of the floats among `values`: the first, replaced by each later one that is
// greater (smaller); "None" when there is no float.
Cell extreme(const std::vector<ReadBackStat>& values, bool greatest) {
    std::optional<double> best;
    for (const auto& v : values) {
        if (!v.number) continue;
        if (!best || (greatest ? *v.number > *best : *v.number < *best)) best = *v.number;
    }
    return best ? number_cell(*best) : Cell("None");
}

// The four statistic cells of one side: "N/A" unmatched; one row's read back; several
// rows': the largest max, the smallest min, every mean and every norm joined by ";".
void append_side_statistics(std::vector<Cell>& cells, const dump::DumpFile& dump,
                            const std::vector<std::size_t>& rows) {
    if (rows.empty()) {
        for (int k = 0; k < 4; ++k) cells.emplace_back(kNotApplicable);
        return;
    }
    std::array<std::vector<ReadBackStat>, 4> columns;
    for (const auto r : rows) {
        for (std::size_t k = 0; k < 4; ++k) columns[k].push_back(read_back(dump.rows[r].stats[k]));
    }
    if (rows.size() == 1) {
        for (const auto& column : columns) cells.push_back(read_back_cell(column.front()));
        return;
    }
    cells.push_back(extreme(columns[0], true));
    cells.push_back(extreme(columns[1], false));
    for (std::size_t k = 2; k < 4; ++k) {
        std::vector<std::string> texts;
        for (const auto& v : columns[k]) texts.push_back(v.str());
        cells.emplace_back(joined(texts, ";"));
    }
}

// One side of a fused row, as its cells and its tensor show it.
struct FusedSide {
    const dump::DumpFile& dump;
    const std::vector<std::size_t>& rows;

    const dump::DumpRow* first() const { return rows.empty() ? nullptr : &dump.rows[rows.front()]; }

    template <class Text>
    std::string joined_texts(Text text_of, std::string_view separator) const {
        if (rows.empty()) return kNotApplicable;
        std::vector<std::string> texts;
        for (const auto r : rows) texts.push_back(text_of(dump.rows[r]));
        return joined(texts, separator);
    }
    std::string name(std::string_view separator) const {
        return joined_texts([](const dump::DumpRow& row) { return row.name; }, separator);
    }
    std::string dtype() const {
        return joined_texts([](const dump::DumpRow& row) { return std::string(row.dtype.str()); }, ";");
    }
    std::string shape() const {
        return joined_texts([](const dump::DumpRow& row) { return std::string(row.shape.str()); }, ";");
    }
    std::string data_name() const {
        return joined_texts([](const dump::DumpRow& row) { return row.data_name(); }, ";");
    }

    // The fused side's tensor: the files of a fused q/k/v or gate/up projection joined
    // (their shared input read once); any other name read as it stands.
    TensorSide tensor(bool joins) const {
        TensorSide side = TensorSide::of_row(dump, first());
        side.data_name = data_name();
        side.files = {side.data_name};
        if (!joins || rows.size() < 2) return side;
        side.files.clear();
        for (const auto r : rows) side.files.push_back(dump.rows[r].data_name());
        if (side.data_name.find(".input.") != std::string::npos) {
            side.files.resize(1);
        } else {
            side.join_axis = side.data_name.find(".parameters.") != std::string::npos ? 0 : 1;
        }
        return side;
    }
};

// Whether a side's data names are those of a fused projection whose tensors are joined.
bool joined_projection(TrainingBackend backend, const std::string& data_name) {
    if (backend == TrainingBackend::Fsdp) {
        return data_name.find(".q_proj.") != std::string::npos || data_name.find(".gate_proj.") != std::string::npos;
    }
    return data_name.find(".gate_up_proj.") != std::string::npos;
}

// The entry each row is judged with: the training entry of its first training row; an
// inference-only row takes the training entry its inference entry met elsewhere, else its own.
void assign_entries(ResultTable& result, const std::vector<FusedRow>& rows, const dump::DumpFile& training,
                    const dump::DumpFile& inference) {
    std::vector<std::string> names = training.api_names;
    std::unordered_map<std::uint32_t, std::uint32_t> met;  // inference entry → training entry, the last one seen
    for (const auto& row : rows) {
        if (row.training.empty() || row.inference.empty()) continue;
        met[inference.rows[row.inference.front()].api_index] = training.rows[row.training.front()].api_index;
    }
    std::unordered_map<std::uint32_t, std::uint32_t> own;  // inference entry → its appended name
    for (const auto& row : rows) {
        if (!row.training.empty()) {
            const auto& first = training.rows[row.training.front()];
            result.api_index.push_back(first.api_index);
            result.states.push_back(first.state);
            continue;
        }
        const auto& first = inference.rows[row.inference.front()];
        result.states.push_back(first.state);
        if (const auto it = met.find(first.api_index); it != met.end()) {
            result.api_index.push_back(it->second);
            continue;
        }
        const auto [it, added] = own.try_emplace(first.api_index, static_cast<std::uint32_t>(names.size()));
        if (added) names.push_back(inference.api_names[first.api_index]);
        result.api_index.push_back(it->second);
    }
    result.set_api_names(std::move(names));
}

}  // namespace

ResultTable training_inference_table(const dump::DumpFile& training, const dump::DumpFile& inference,
                                     const dump::StackFile* stack, ThreadPool& pool, const TrainingInferenceRun& run) {
    if (detect_mode(training, inference) != CompareMode::All) {
        throw Error(training.path, fmt::format("a training-vs-inference compare reads tensor dumps (task \"tensor\"), "
                                               "not a task \"{}\" dump",
                                               training.task));
    }
    require_tensor_dirs(training, inference);
    const TrainingBackend backend = run.check.backend;
    FusedMatchOptions match;
    match.backend = backend;
    match.strict_compat = run.strict_compat;
    const std::vector<FusedRow> rows = training_inference_rows(training, inference, match);

    ResultTable result;
    result.mode = CompareMode::All;
    result.table.header = identity_headers();
    for (const auto& h : real_data_headers())
        result.table.header.push_back(h == "Accuracy Reached or Not" ? "Result" : h);
    if (stack) result.table.header.emplace_back("NPU_Stack_Info");
    result.table.header.emplace_back("Data_name");
    assign_entries(result, rows, training, inference);

    // FSDP fuses training rows, Megatron inference rows: the fused side's tensors are joined.
    const bool training_joins = backend == TrainingBackend::Fsdp;
    RealDataOptions real;
    real.strict_compat = run.strict_compat;
    real.show_progress = run.show_progress;
    real.relative_epsilon = metrics::RelativeEpsilon::OfComputeType;
    real.shape_before_zero_dim = true;
    real.tensor_postprocess = run.tensor_postprocess;
    const auto steps = tensor_steps(
        rows.size(),
        [&](std::size_t i) {
            const FusedSide t{training, rows[i].training}, f{inference, rows[i].inference};
            const bool t_joins = training_joins && joined_projection(backend, t.data_name());
            const bool f_joins = !training_joins && joined_projection(backend, f.data_name());
            return TensorSides{t.tensor(t_joins), f.tensor(f_joins)};
        },
        pool, real);

    const std::string_view name_separator = run.check.names_for_workbook ? ";\n" : ";  ";
    result.table.rows.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const FusedSide t{training, rows[i].training}, f{inference, rows[i].inference};
        auto& cells = result.table.rows.emplace_back();
        cells.reserve(result.table.header.size());
        cells.emplace_back(t.name(name_separator));
        cells.emplace_back(f.name(name_separator));
        cells.emplace_back(t.dtype());
        cells.emplace_back(f.dtype());
        cells.emplace_back(t.shape());
        cells.emplace_back(f.shape());
        cells.emplace_back(requires_grad_text(t.first()));
        cells.emplace_back(requires_grad_text(f.first()));
        const auto& step = steps[i].metrics;
        for (const auto* m : {&step.cosine, &step.euc_dist, &step.max_abs_err, &step.max_relative_err,
                              &step.one_thousandth_err_ratio, &step.five_thousandths_err_ratio}) {
            cells.push_back(metric_cell(*m));
        }
        append_side_statistics(cells, training, rows[i].training);
        append_side_statistics(cells, inference, rows[i].inference);
        cells.push_back(Cell::boolean(requires_grad_text(t.first()) == requires_grad_text(f.first())));
        cells.emplace_back();  // Result and Err_message: the rules fill them
        cells.emplace_back();
        if (stack) {
            cells.push_back(rows[i].training.empty() ? Cell(kNotApplicable)
                                                     : stack_cell(training, rows[i].training.front(), *stack));
        }
        cells.emplace_back(py::list_text({py::str_repr(t.data_name()), py::str_repr(f.data_name())}));
    }

    VerdictRuleOptions rules;
    rules.strict_compat = run.strict_compat;
    rules.requires_grad_rule = false;
    rules.squeezed_shapes = SqueezedShapeRule{backend == TrainingBackend::Fsdp, backend == TrainingBackend::Megatron};
    apply_verdict_rules(result, rules);
    return result;
}

}  // namespace msprobe::compare
