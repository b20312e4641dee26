#include "legacy/compare_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "legacy/compare_metrics.hpp"
#include "dump/ptdbg_calls.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::legacy {

namespace fs = std::filesystem;
using report::Cell;

namespace {

constexpr const char* kNan = "Nan";
constexpr const char* kNoBench = "No bench data matched.";

// ptdbg refuses a stack_mode that disagrees with the files' names.
void check_stack_mode(const PtdbgInput& input) {
    const bool npu_stack = input.npu_pkl.filename().string().starts_with("api_stack");
    const bool bench_stack = input.bench_pkl.filename().string().starts_with("api_stack");
    if (npu_stack != bench_stack) {
        throw Error(input.bench_pkl.string(),
                    "The dump mode of the two files is not same, please check the dump files");
    }
    if (npu_stack && !input.stack_mode) {
        throw Error(input.npu_pkl.string(),
                    "The current file contains stack information, please turn on the stack_mode (-s)");
    }
    if (!npu_stack && input.stack_mode) {
        throw Error(input.npu_pkl.string(),
                    "The current file does not contain stack information, please turn off the stack_mode (-s)");
    }
}

bool same_names(const dump::PklApi& a, const dump::PklApi& b) {
    return std::equal(a.records.begin(), a.records.end(), b.records.begin(), b.records.end(),
                      [](const auto& x, const auto& y) { return x.name == y.name; });
}

// One API call of the NPU file and its bench counterpart, if any.
struct ApiPair {
    const dump::PklApi* npu;
    const dump::PklApi* bench;
};

// ptdbg 2.x compare_process: read one call from each file, then look for a
// match of the newest NPU call with the newest bench call, then with an older
// bench call, then an older NPU call with the newest bench call. NPU calls
// skipped over are unmatched; bench calls skipped over are dropped. Unlike
// ptdbg, NPU calls left when the bench file ends are listed (ptdbg lost them).
std::vector<ApiPair> match_apis(const dump::PklFile& npu, const dump::PklFile& bench) {
    std::vector<ApiPair> out;
    std::vector<const dump::PklApi*> npu_queue;
    std::vector<const dump::PklApi*> bench_queue;
    std::size_t next_npu = 0;
    std::size_t next_bench = 0;
    while (next_npu < npu.apis.size() || next_bench < bench.apis.size()) {
        if (next_npu < npu.apis.size()) npu_queue.push_back(&npu.apis[next_npu++]);
        if (next_bench < bench.apis.size()) bench_queue.push_back(&bench.apis[next_bench++]);
        if (npu_queue.empty() || bench_queue.empty()) continue;
        std::ptrdiff_t n_match = -1;
        std::ptrdiff_t b_match = -1;
        const std::ptrdiff_t n_last = static_cast<std::ptrdiff_t>(npu_queue.size()) - 1;
        const std::ptrdiff_t b_last = static_cast<std::ptrdiff_t>(bench_queue.size()) - 1;
        if (same_names(*npu_queue.back(), *bench_queue.back())) {
            n_match = n_last;
            b_match = b_last;
        }
        for (std::ptrdiff_t b = 0; n_match < 0 && b < b_last; ++b) {
            if (same_names(*npu_queue.back(), *bench_queue[static_cast<std::size_t>(b)])) {
                n_match = n_last;
                b_match = b;
            }
        }
        for (std::ptrdiff_t n = 0; n_match < 0 && n < n_last; ++n) {
            if (same_names(*npu_queue[static_cast<std::size_t>(n)], *bench_queue.back())) {
                n_match = n;
                b_match = b_last;
            }
        }
        if (n_match < 0) continue;
        for (std::ptrdiff_t n = 0; n < n_match; ++n) out.push_back({npu_queue[static_cast<std::size_t>(n)], nullptr});
        out.push_back({npu_queue[static_cast<std::size_t>(n_match)], bench_queue[static_cast<std::size_t>(b_match)]});
        npu_queue.erase(npu_queue.begin(), npu_queue.begin() + n_match + 1);
        bench_queue.erase(bench_queue.begin(), bench_queue.begin() + b_match + 1);
    }
    for (const auto* api : npu_queue) out.push_back({api, nullptr});
    return out;
}

void add_statistics(std::vector<Cell>& row, const dump::PklRecord* record) {
    for (std::size_t i = 0; i < 3; ++i) {
        if (record && record->summary_valid && i < record->statistics.size()) {
            row.emplace_back(record->statistics[i]);
        } else {
            row.emplace_back(record ? Cell() : Cell(kNan));
        }
    }
}

// Where a row's computed cells go, and which files they come from.
struct PendingRow {
    std::size_t row;
    fs::path npu_file;
    fs::path bench_file;
};

std::string python_list_text(const std::vector<std::int64_t>& shape) {
    std::vector<std::string> parts;
    for (auto d : shape) parts.push_back(std::to_string(d));
    return py::list_text(parts);
}

// A float64 statistic as pandas writes a Python float (NaN: empty cell).
Cell statistic_cell(double value) { return std::isnan(value) ? Cell() : Cell(py::float_repr(value)); }

}  // namespace

report::Table ptdbg_table(const PtdbgInput& input, ThreadPool& pool) {
    check_stack_mode(input);
    for (const auto& dir : {input.npu_data_dir, input.bench_data_dir}) {
        if (!fs::is_directory(dir)) throw Error(dir.string(), "no such npy data directory");
    }
    const dump::PklFile npu = dump::read_pkl_file(input.npu_pkl);
    const dump::PklFile bench = dump::read_pkl_file(input.bench_pkl);
    if (npu.apis.empty()) throw Error(input.npu_pkl.string(), "holds no data record");
    if (bench.apis.empty()) throw Error(input.bench_pkl.string(), "holds no data record");

    report::Table table;
    table.header = {"NPU Name",         "Bench Name",         "NPU Tensor Dtype", "Bench Tensor Dtype",
                    "NPU Tensor Shape", "Bench Tensor Shape", "Cosine",           "MaxAbsErr"};
    if (npu.has_summary) table.header.insert(table.header.end(), {"NPU max", "NPU min", "NPU mean"});
    if (bench.has_summary) table.header.insert(table.header.end(), {"Bench max", "Bench min", "Bench mean"});
    table.header.insert(table.header.end(), {"Accuracy Reached or Not", "Err_message"});
    if (input.stack_mode) table.header.emplace_back("NPU_Stack_Info");
    const std::size_t cosine_column = 6;
    const std::size_t accuracy_column = table.header.size() - (input.stack_mode ? 3 : 2);

    std::vector<PendingRow> pending;
    for (const auto& [n_api, b_api] : match_apis(npu, bench)) {
        for (std::size_t i = 0; i < n_api->records.size(); ++i) {
            const auto& n = n_api->records[i];
            const auto* b = b_api ? &b_api->records[i] : nullptr;
            std::vector<Cell> row = {n.name,         b ? b->name : kNan,  n.dtype, b ? b->dtype : kNan,
                                     n.shape_text,   b ? b->shape_text : kNan, kNan, kNan};
            if (npu.has_summary) add_statistics(row, &n);
            if (bench.has_summary) add_statistics(row, b);
            row.emplace_back(kNan);
            row.emplace_back(b ? "" : kNoBench);
            if (input.stack_mode) {
                const bool stack_shown = i == 0 && n_api->stack_text && (!b_api || b_api->stack_text);
                row.emplace_back(stack_shown ? Cell(*n_api->stack_text) : Cell());
            }
            if (b) pending.push_back({table.rows.size(), input.npu_data_dir / (n.name + ".npy"),
                                      input.bench_data_dir / (b->name + ".npy")});
            table.rows.push_back(std::move(row));
        }
    }

    pool.parallel_for(static_cast<std::int64_t>(pending.size()), [&](std::int64_t k) {
        const PendingRow& p = pending[static_cast<std::size_t>(k)];
        LegacyMetrics metrics;
        if (!fs::exists(p.npu_file) || !fs::exists(p.bench_file)) {
            const fs::path& missing = fs::exists(p.npu_file) ? p.bench_file : p.npu_file;
            metrics = {kNan, kNan, "", fmt::format("Dump file:{} not found", missing.string())};
        } else {
            metrics = ptdbg_metrics(tensor::read_tensor_file(p.npu_file), tensor::read_tensor_file(p.bench_file));
        }
        auto& row = table.rows[p.row];
        row[accuracy_column] = ptdbg_accuracy(metrics.cosine, metrics.max_abs_err);
        row[cosine_column] = std::move(metrics.cosine);
        row[cosine_column + 1] = std::move(metrics.max_abs_err);
        row[accuracy_column + 1] = std::move(metrics.message);
    });
    return table;
}

report::Table dispatch_table(const legacy::DispatchRun& run, ThreadPool& pool) {
    report::Table table;
    table.header = {"NPU Name",  "Bench Name", "NPU Tensor Dtype", "Bench Tensor Dtype", "NPU Tensor Shape",
                    "Bench Tensor Shape", "NPU max", "NPU min", "NPU mean", "Bench max", "Bench min", "Bench mean",
                    "Cosine",    "MaxAbsErr",  "MaxRelativeErr",   "Accuracy Reached or Not", "NPU_Stack_Info",
                    "Err_message"};
    table.rows.resize(run.pairs.size());
    pool.parallel_for(static_cast<std::int64_t>(run.pairs.size()), [&](std::int64_t k) {
        const auto& pair = run.pairs[static_cast<std::size_t>(k)];
        const tensor::TensorView npu = tensor::read_tensor_file(pair.npu_file);
        const tensor::TensorView cpu = tensor::read_tensor_file(pair.cpu_file);
        std::vector<Cell> row = {pair.name,
                                 pair.name,
                                 std::string(tensor::torch_name(npu.dtype)),
                                 std::string(tensor::torch_name(cpu.dtype)),
                                 python_list_text(npu.shape),
                                 python_list_text(cpu.shape)};
        for (const auto* side : {&npu, &cpu}) {
            const std::vector<double> values = tensor::to_double_vector(*side);
            if (values.empty()) {
                row.insert(row.end(), 3, Cell());
                continue;
            }
            double max = values[0], min = values[0], sum = 0.0;
            for (double v : values) {
                if (std::isnan(v) || std::isnan(max)) max = min = std::numeric_limits<double>::quiet_NaN();
                else {
                    max = std::max(max, v);
                    min = std::min(min, v);
                }
                sum += v;
            }
            row.push_back(statistic_cell(max));
            row.push_back(statistic_cell(min));
            row.push_back(statistic_cell(sum / static_cast<double>(values.size())));
        }
        LegacyMetrics metrics = dispatch_metrics(npu, cpu);
        const std::string accuracy = dispatch_accuracy(metrics.cosine, metrics.max_abs_err);
        row.insert(row.end(), {metrics.cosine, metrics.max_abs_err, metrics.max_relative_err, accuracy, Cell(),
                               metrics.message});
        table.rows[static_cast<std::size_t>(k)] = std::move(row);
    });
    return table;
}

compare::Advice legacy_advise(const report::Table& table) {
    const auto column = [&](const char* name) {
        const auto it = std::find(table.header.begin(), table.header.end(), name);
        if (it == table.header.end()) {
            throw Error("", fmt::format("Compare result file does not contain the {} column", name));
        }
        return static_cast<std::size_t>(it - table.header.begin());
    };
    const std::size_t name_column = column("NPU Name");
    const std::size_t accuracy_column = column("Accuracy Reached or Not");
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const auto& row = table.rows[i];
        const auto text = [&](std::size_t c) {
            return c < row.size() && row[c].is_text() ? std::string(row[c].text()) : std::string();
        };
        if (text(name_column).find("batch_norm") != std::string::npos) continue;
        if (text(accuracy_column) != "No") continue;
        return {std::to_string(i + 2), text(name_column), compare::advice_for_name(text(name_column))};
    }
    return {"NA", "NA", "All data in comparison result meets the accuracy requirements."};
}

}  // namespace msprobe::legacy
