#include "torchair_compare/fx_pairing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "common/log.hpp"
#include "tensor/npy_reader.hpp"
#include "torchair_compare/fused_op_names.hpp"
#include "torchair_compare/ge_dump_tensors.hpp"

namespace msprobe::torchair_compare {

namespace fs = std::filesystem;

namespace {

// The GE file of the op, read the first time an FX op is found for it.
class LazyGeTensors {
public:
    explicit LazyGeTensors(const fs::path& file) : file_(file) {}
    const GeDumpTensors& get() {
        if (!tensors_) tensors_ = read_ge_dump_tensors(file_);
        return *tensors_;
    }

private:
    const fs::path& file_;
    std::optional<GeDumpTensors> tensors_;
};

// FX files against GE tensors of one direction, by position; calls numbered from `first_call`.
void add_rows(OpRows& out, std::size_t first_call, const std::vector<fs::path>& fx_files,
              const std::vector<tensor::TensorView>& ge, std::string_view io, const fs::path& my_file,
              std::int64_t token) {
    const std::size_t count = std::min(fx_files.size(), ge.size());
    for (std::size_t i = 0; i < count; ++i) {
        const tensor::TensorView golden = tensor::read_npy(fx_files[i]);
        out.rows.push_back(
            compare_row(token, first_call + i, fx_files[i].string(), tensor_path(my_file, io, i), golden, ge[i]));
    }
}

// The FX ops named by a graph op's outputs that the FX dump has, in order (each named as often as it is).
std::vector<const FxOpFiles*> fx_ops_of(const GeGraphOp& op, std::string_view op_name,
                                        const std::unordered_map<std::string, FxOpFiles>& fx) {
    std::vector<const FxOpFiles*> found;
    for (const auto& desc : op.output_fx_names) {
        for (const auto& tensor_name : desc) {
            const std::string fx_name = fx_op_of_tensor(tensor_name);
            const auto it = fx.find(fx_name);
            if (it == fx.end()) {
                log::warning(fmt::format("FX data missing, GE tensor name: {}, FX tensor name: {}", op_name, fx_name));
                continue;
            }
            found.push_back(&it->second);
        }
    }
    return found;
}

OpRows single_op_rows(const GeGraphOp& op, std::string_view op_name, const fs::path& my_file,
                      const std::unordered_map<std::string, FxOpFiles>& fx, std::int64_t token) {
    OpRows out;
    LazyGeTensors ge(my_file);
    const FxOpFiles* kept = nullptr;  // msprobe reassigns its rows for every FX op found: the last one's stay
    std::size_t kept_first_call = 0;
    for (const FxOpFiles* files : fx_ops_of(op, op_name, fx)) {
        const GeDumpTensors& tensors = ge.get();
        kept = files;
        kept_first_call = out.calls;
        out.calls += std::min(files->inputs.size(), tensors.inputs.size()) +
                     std::min(files->outputs.size(), tensors.outputs.size());
    }
    if (kept == nullptr) return out;
    const GeDumpTensors& tensors = ge.get();
    const std::size_t inputs = std::min(kept->inputs.size(), tensors.inputs.size());
    add_rows(out, kept_first_call, kept->inputs, tensors.inputs, "inputs", my_file, token);
    add_rows(out, kept_first_call + inputs, kept->outputs, tensors.outputs, "outputs", my_file, token);
    return out;
}

OpRows fused_op_rows(const GeGraphOp& first, const GeGraphOp& last, std::string_view op_name, const fs::path& my_file,
                     const std::unordered_map<std::string, FxOpFiles>& fx, std::int64_t token) {
    OpRows out;
    LazyGeTensors ge(my_file);
    for (const FxOpFiles* files : fx_ops_of(first, op_name, fx)) {
        const auto& inputs = ge.get().inputs;
        add_rows(out, out.calls, files->inputs, inputs, "inputs", my_file, token);
        out.calls += std::min(files->inputs.size(), inputs.size());
    }
    for (const FxOpFiles* files : fx_ops_of(last, op_name, fx)) {
        const auto& outputs = ge.get().outputs;
        add_rows(out, out.calls, files->outputs, outputs, "outputs", my_file, token);
        out.calls += std::min(files->outputs.size(), outputs.size());
    }
    return out;
}

// A Cast or TransData kernel with no graph op: its input i is the golden of its output i.
OpRows own_input_rows(const fs::path& my_file, std::int64_t token) {
    OpRows out;
    const std::string name = my_file.filename().string();
    const std::string op_type = name.substr(0, name.find('.'));
    if (op_type.find("Cast") == std::string::npos && op_type.find("TransData") == std::string::npos) return out;
    const GeDumpTensors tensors = read_ge_dump_tensors(my_file);
    const std::size_t count = std::min(tensors.inputs.size(), tensors.outputs.size());
    for (std::size_t i = 0; i < count; ++i) {
        out.rows.push_back(compare_row(token, i, tensor_path(my_file, "inputs", i), tensor_path(my_file, "outputs", i),
                                       tensors.inputs[i], tensors.outputs[i]));
    }
    out.calls = count;
    return out;
}

}  // namespace

OpRows compare_op_with_fx(std::string_view op_name, const fs::path& my_file, const GeGraph& graph,
                          const TokenDumps& my_token, const std::unordered_map<std::string, FxOpFiles>& fx,
                          std::int64_t token) {
    const auto ops = graph_ops_of(op_name, graph, [&](std::string_view name) { return my_token.contains(name); });
    if (ops.size() == 1) return single_op_rows(*graph.find(ops.front()), op_name, my_file, fx, token);
    if (ops.size() > 1) {
        return fused_op_rows(*graph.find(ops.front()), *graph.find(ops.back()), op_name, my_file, fx, token);
    }
    return own_input_rows(my_file, token);
}

}  // namespace msprobe::torchair_compare
