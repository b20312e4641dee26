#include "torchair_compare/ge_pairing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "common/log.hpp"
#include "torchair_compare/fused_op_names.hpp"
#include "torchair_compare/ge_dump_tensors.hpp"

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;
using tensor::TensorView;

namespace {

struct GoldenSide {
    std::vector<TensorView> inputs;
    std::vector<std::string> input_paths;  // "" for a fused part without a golden file
    std::vector<TensorView> outputs;
    std::optional<fs::path> output_file;
    bool fused = false;
};

GoldenSide gathered_golden(std::string_view fused_name, const GeGraph& graph, const TokenDumps& my_token,
                           const TokenDumps& golden_token) {
    GoldenSide golden;
    golden.fused = true;
    std::vector<std::string> input_names;
    std::vector<std::string> parts;
    const DumpedOp dumped = [&](std::string_view name) {
        return my_token.contains(name) || golden_token.contains(name);
    };
    while (!fused_name.empty()) {
        const auto part = longest_graph_op(fused_name, graph, dumped);
        if (!part) {
            log::warning(fmt::format("Failed parsing fused op name: {}. Compare manually if required.", fused_name));
            break;
        }
        std::vector<std::string> names = graph.find(*part)->input_names;
        if (const fs::path* file = golden_token.find(*part)) {
            GeDumpTensors tensors = read_ge_dump_tensors(*file);
            const std::size_t count = std::min(names.size(), tensors.inputs.size());
            names.resize(count);
            for (std::size_t i = 0; i < count; ++i) {
                golden.inputs.push_back(std::move(tensors.inputs[i]));
                golden.input_paths.push_back(tensor_path(*file, "inputs", i));
            }
            golden.outputs = std::move(tensors.outputs);
            golden.output_file = *file;
        } else {
            log::warning(
                fmt::format("No dump data for op: {}. Seldom should this happen. Input data matching may be "
                            "incorrect.",
                            *part));
            golden.inputs.insert(golden.inputs.end(), names.size(), empty_float_tensor());
            golden.input_paths.insert(golden.input_paths.end(), names.size(), "");
        }
        input_names.insert(input_names.end(), names.begin(), names.end());
        fused_name.remove_prefix(part->size());
        parts.push_back(*part);
    }
    // An input one of the parts produces is inside the fusion: not an input of the fused kernel.
    GoldenSide kept = std::move(golden);
    std::vector<TensorView> inputs;
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < input_names.size(); ++i) {
        if (std::find(parts.begin(), parts.end(), input_names[i]) != parts.end()) continue;
        inputs.push_back(std::move(kept.inputs[i]));
        paths.push_back(std::move(kept.input_paths[i]));
    }
    kept.inputs = std::move(inputs);
    kept.input_paths = std::move(paths);
    return kept;
}

GoldenSide whole_golden(const fs::path& file) {
    GeDumpTensors tensors = read_ge_dump_tensors(file);
    GoldenSide golden;
    for (std::size_t i = 0; i < tensors.inputs.size(); ++i)
        golden.input_paths.push_back(tensor_path(file, "inputs", i));
    golden.inputs = std::move(tensors.inputs);
    golden.outputs = std::move(tensors.outputs);
    golden.output_file = file;
    return golden;
}

// The golden_data_path cells of the op's input and output rows.
struct GoldenPaths {
    std::vector<std::string> inputs;
    std::vector<std::string> outputs;
};

GoldenPaths golden_paths(const GoldenSide& golden, std::size_t input_rows, std::size_t output_rows,
                         GoldenPathCells cells) {
    GoldenPaths paths;
    const std::string file = golden.output_file ? golden.output_file->string() : "None";
    if (cells == GoldenPathCells::PerTensor) {
        paths.inputs.assign(golden.input_paths.begin(), golden.input_paths.begin() + input_rows);
        for (std::size_t i = 0; i < output_rows; ++i) paths.outputs.push_back(tensor_path(file, "outputs", i));
        return paths;
    }
    for (std::size_t i = 0; i < input_rows; ++i) {
        const std::string& path = golden.fused ? golden.input_paths[i] : file;
        paths.inputs.push_back(path.empty() ? fs::current_path().string() : path);
    }
    std::string accumulated = file;
    if (input_rows > 0 && accumulated.find(",inputs,") == std::string::npos) accumulated += ",inputs,0";
    for (std::size_t i = 0; i < output_rows; ++i) {
        accumulated += fmt::format(",outputs,{}", i);
        paths.outputs.push_back(accumulated);
    }
    return paths;
}

}  // namespace

OpRows compare_op_with_ge(std::string_view op_name, const fs::path& my_file, const GeGraph& graph,
                          const TokenDumps& my_token, const TokenDumps& golden_token, std::int64_t token,
                          GoldenPathCells path_cells) {
    GoldenSide golden;
    if (my_file.filename().string().starts_with("AutomaticBufferFusionOp")) {
        golden = gathered_golden(op_name, graph, my_token, golden_token);
    } else if (const fs::path* file = golden_token.find(op_name)) {
        golden = whole_golden(*file);
    } else {
        log::warning(fmt::format("Golden data missing, My tensor name: {}", op_name));
        return {};
    }
    const GeDumpTensors my = read_ge_dump_tensors(my_file);
    const std::size_t input_rows = std::min(golden.inputs.size(), my.inputs.size());
    const std::size_t output_rows = std::min(golden.outputs.size(), my.outputs.size());
    const GoldenPaths paths = golden_paths(golden, input_rows, output_rows, path_cells);
    OpRows out;
    for (std::size_t i = 0; i < input_rows; ++i) {
        out.rows.push_back(compare_row(token, out.calls++, paths.inputs[i], tensor_path(my_file, "inputs", i),
                                       golden.inputs[i], my.inputs[i]));
    }
    for (std::size_t i = 0; i < output_rows; ++i) {
        out.rows.push_back(compare_row(token, out.calls++, paths.outputs[i], tensor_path(my_file, "outputs", i),
                                       golden.outputs[i], my.outputs[i]));
    }
    return out;
}

}  // namespace msprobe::torchair_compare
