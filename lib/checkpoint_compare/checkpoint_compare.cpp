#include "checkpoint_compare/checkpoint_compare.hpp"

#include <fmt/format.h>

#include <fstream>
#include <vector>

#include "checkpoint_compare/weight_similarity.hpp"
#include "common/error.hpp"
#include "common/log.hpp"
#include "common/python_json_writer.hpp"
#include "common/python_text.hpp"
#include "report/output_file.hpp"

namespace msprobe::checkpoint_compare {

namespace fs = std::filesystem;

namespace {

void write_shape(py::JsonWriter& json, const std::vector<std::int64_t>& shape) {
    json.begin_array();
    for (const auto dim : shape) json.integer(dim);
    json.end_array();
}

void write_optional(py::JsonWriter& json, const std::optional<float>& value) {
    if (value) {
        json.number(static_cast<double>(*value));  // .item() of a float32 scalar
    } else {
        json.null();
    }
}

// Python's repr of a set of names, as msprobe logs the names one checkpoint lacks.
std::string set_text(const std::vector<std::string>& names) {
    if (names.empty()) return "set()";
    std::vector<std::string> quoted;
    for (const auto& name : names) quoted.push_back(py::str_repr(name));
    return "{" + fmt::format("{}", fmt::join(quoted, ", ")) + "}";
}

std::vector<std::string> missing_from(const Weights& from, const Weights& in) {
    std::vector<std::string> names;
    for (const auto& entry : from) {
        if (!in.contains(entry.first)) names.push_back(entry.first);
    }
    return names;
}

void check_checkpoint_dir(const fs::path& dir) {
    std::error_code error;
    if (!fs::exists(dir, error))
        throw Error(dir.string(), "the checkpoint folder does not exist", kExitComparisonFailed);
    if (!fs::is_directory(dir, error))
        throw Error(dir.string(), "the checkpoint path is not a folder", kExitComparisonFailed);
}

}  // namespace

std::string similarity_json(const Weights& bench, const Weights& cmp) {
    py::JsonWriter json(4);
    json.begin_object();
    for (const auto& [name, a] : bench) {
        const auto other = cmp.find(name);
        if (other == cmp.end()) continue;
        const WeightSimilarity similarity = weight_similarity(a, other->second);
        json.key(name);
        json.begin_object();
        json.key("l2");
        write_optional(json, similarity.l2);
        json.key("cos");
        write_optional(json, similarity.cos);
        json.key("numel");
        if (similarity.numel_a == similarity.numel_b) {
            json.integer(similarity.numel_a);
        } else {
            json.begin_array();
            json.integer(similarity.numel_a);
            json.integer(similarity.numel_b);
            json.end_array();
        }
        json.key("shape");
        if (similarity.shape_a == similarity.shape_b) {
            write_shape(json, similarity.shape_a);
        } else {
            json.begin_array();
            write_shape(json, similarity.shape_a);
            write_shape(json, similarity.shape_b);
            json.end_array();
        }
        json.end_object();
    }
    json.end_object();
    return json.text();
}

CheckpointCompareOutcome compare_checkpoints(const CheckpointCompareRequest& request) {
    check_checkpoint_dir(request.bench);
    check_checkpoint_dir(request.cmp);
    std::error_code error;
    if (fs::exists(fs::symlink_status(request.output, error))) {
        throw Error(request.output.string(), "the output path already exists", kExitComparisonFailed);
    }
    const Weights bench = load_megatron_weights(request.bench);
    const Weights cmp = load_megatron_weights(request.cmp);

    const auto only_bench = missing_from(bench, cmp);
    const auto only_cmp = missing_from(cmp, bench);
    log::warning("Parameters not in ckpt2: " + set_text(only_bench));
    log::warning("Parameters not in ckpt1: " + set_text(only_cmp));

    CheckpointCompareOutcome outcome;
    outcome.only_in_bench = only_bench.size();
    outcome.only_in_cmp = only_cmp.size();
    outcome.compared = bench.size() - only_bench.size();
    outcome.written = report::write_text_atomically(request.output, similarity_json(bench, cmp));
    log::info("Comparison results written to " + request.output.string());
    return outcome;
}

}  // namespace msprobe::checkpoint_compare
