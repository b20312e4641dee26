#include "parse/parse_job.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/log.hpp"
#include "dump/ptdbg_pkl.hpp"
#include "parse/dump_entry_report.hpp"
#include "parse/npy_tree_compare.hpp"
#include "tensor/numpy_text.hpp"
#include "parse/pkl_report.hpp"
#include "parse/tensor_report.hpp"
#include "tensor/tensor_summary.hpp"
#include "report/output_file.hpp"
#include "tensor/tensor_file.hpp"

namespace msprobe::parse {

namespace {

namespace fs = std::filesystem;

bool is_tensor_file(const fs::path& p) { return p.extension() == ".pt" || p.extension() == ".npy"; }

struct LoadedTensor {
    tensor::TensorView view;
    std::vector<double> values;
};

LoadedTensor load_tensor(const fs::path& file) {
    std::error_code ec;
    if (!fs::exists(file, ec)) throw Error(file.string(), "no such file");
    if (fs::is_directory(file, ec)) throw Error(file.string(), "is a directory, expected a .pt or .npy file");
    LoadedTensor t;
    t.view = tensor::read_tensor_file(file);
    t.values = tensor::tensor_values(t.view, file.string());
    return t;
}

ParseResult report_pkl(const ParseOptions& options) {
    const fs::path& file = options.inputs[0];
    const auto records = dump::read_ptdbg_pkl(file);
    const auto selected = select_pkl_records(records, *options.api);
    ParseResult result;
    if (selected.empty()) {
        result.exit_code = kExitComparisonFailed;
        result.message = fmt::format("API {} not found in {}", *options.api, file.string());
        return result;
    }
    result.out = options.json ? pkl_json(selected, *options.api, file.string()) : pkl_text(selected, file.string());
    return result;
}

ParseResult report_dump(const ParseOptions& options) {
    EntryReportOptions entry;
    entry.file = options.inputs[0];
    entry.query = {*options.api, options.prefix, options.exact};
    entry.stack_path = options.stack_path;
    entry.construct_path = options.construct_path;
    entry.stats_only = options.stats_only;
    entry.stack_only = options.stack_only;
    entry.json = options.json;
    entry.with_data = options.with_data;
    entry.head = options.head;
    const EntryReport report = report_entries(entry);
    ParseResult result;
    if (!report.found) {
        result.exit_code = kExitComparisonFailed;
        result.message = report.not_found_message;
        return result;
    }
    result.out = report.output;
    return result;
}

ParseResult report_tensor(const ParseOptions& options) {
    const fs::path& file = options.inputs[0];
    const LoadedTensor t = load_tensor(file);
    const tensor::TensorSummary summary = tensor::summarize(t.view, t.values);
    ParseResult result;
    result.out = options.json ? summary_json(summary, t.values, file.string(), options.head)
                              : summary_text(summary, t.values, file.string(), options.head);
    if (options.txt) {
        const SavedText saved = save_values_text(file, t.values, t.view.shape, options.output_dir);
        if (!saved.written) result.warnings.push_back(exists_message(saved.path));
    }
    return result;
}

ParseResult report_diff(const ParseOptions& options) {
    const fs::path& a = options.inputs[0];
    const fs::path& b = options.inputs[1];
    const LoadedTensor left = load_tensor(a);
    const LoadedTensor right = load_tensor(b);
    const TensorDiff diff = diff_tensors(left.view, left.values, right.view, right.values, options.diff);
    ParseResult result;
    result.warnings = diff_warnings(diff);
    result.out = options.json ? diff_json(diff, a.string(), b.string(), options.diff, result.warnings)
                              : diff_text(diff, a.string(), b.string(), options.diff);
    result.exit_code = diff.allclose ? kExitOk : kExitComparisonFailed;
    if (options.txt) {
        for (const auto& [path, t] : {std::pair{&a, &left}, std::pair{&b, &right}}) {
            const SavedText saved = save_values_text(*path, t->values, t->view.shape, options.output_dir);
            if (!saved.written) result.warnings.push_back(exists_message(saved.path));
        }
    }
    return result;
}

// `vc` on two trees of .npy files: a CSV in the output directory.
ParseResult report_npy_trees(const ParseOptions& options) {
    for (const auto& dir : options.inputs) {
        if (!is_npy_tree(dir)) {
            throw Error(dir.string(), "holds files other than .npy: comparing kernel dumps requires CANN msaccucmp.py "
                                      "(not bundled)");
        }
    }
    const NpyTreeCompare compared = compare_npy_trees(options.inputs[0], options.inputs[1], options.output_dir);
    ParseResult result;
    result.warnings = compared.warnings;
    if (options.json) {
        result.out = nlohmann::ordered_json{{"csv", compared.csv.string()}, {"rows", compared.rows}}.dump(1) + "\n";
    } else {
        result.out = fmt::format("Compare result is saved in : {} ({} rows)\n", compared.csv.string(), compared.rows);
    }
    return result;
}

void check_diff_options(const DiffOptions& diff) {
    if (!(diff.atol > 0)) throw Error("", "--atol must be greater than 0");
    if (!(diff.rtol > 0)) throw Error("", "--rtol must be greater than 0");
    if (diff.print_rows <= 0) throw Error("", "-p/--print must be greater than 0");
}

}  // namespace

SavedText save_values_text(const fs::path& tensor_file, const std::vector<double>& values,
                           const std::vector<std::int64_t>& shape, const std::optional<fs::path>& output_dir) {
    const fs::path dir = output_dir ? *output_dir : tensor_file.parent_path();
    SavedText saved{dir / (tensor_file.filename().string() + ".txt"), false};
    std::error_code ec;
    if (fs::exists(saved.path, ec)) return saved;
    if (output_dir) report::check_output_dir(*output_dir);
    // A name that already exists was returned above; Replace covers a file appearing meanwhile.
    const std::string text = tensor::values_text(values, shape);
    report::write_text_atomically(saved.path, text, report::Existing::Replace);
    saved.written = true;
    return saved;
}

std::string exists_message(const fs::path& target) {
    return fmt::format("Dst file {} exists, will not save new one.", target.string());
}

ParseResult run_parse(const ParseOptions& options) {
    const auto& inputs = options.inputs;
    if (inputs.empty()) throw Error("", "nothing to parse: give a dump/tensor file, or --interactive");
    if (inputs.size() > 2) throw Error("", fmt::format("expected one or two files, got {}", inputs.size()));
    std::error_code ec;
    if (inputs.size() == 2 && fs::is_directory(inputs[0], ec) && fs::is_directory(inputs[1], ec)) {
        return report_npy_trees(options);
    }
    for (const auto& p : inputs) {
        if (fs::is_directory(p, ec))
            throw Error(p.string(), "is a directory: give two directories of .npy files, or files");
    }
    if (options.api) {
        if (inputs.size() != 1) throw Error("", "--api takes exactly one dump.json, stack.json or .pkl file");
        if (options.api->empty()) throw Error("", "--api needs a name");
        if (inputs[0].extension() == ".pkl") return report_pkl(options);
        if (inputs[0].extension() == ".json") return report_dump(options);
        throw Error(inputs[0].string(), "--api needs a dump.json, stack.json or ptdbg .pkl file");
    }
    for (const auto& p : inputs) {
        if (p.extension() == ".json" || p.extension() == ".pkl") {
            throw Error(p.string(), "give --api NAME to select the entries to show");
        }
        if (!is_tensor_file(p)) throw Error(p.string(), "not a tensor file: expected a .pt or .npy file");
    }
    if (options.head < 0) throw Error("", "--head must not be negative");
    if (inputs.size() == 1) return report_tensor(options);
    check_diff_options(options.diff);
    return report_diff(options);
}

}  // namespace msprobe::parse
