#include "support/torchair_dump_writer.hpp"

#include <fmt/format.h>

#include <fstream>

#include "support/element_bytes.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/half.hpp"

namespace msprobe::testing {

namespace fs = std::filesystem;

std::string ge_graph_text(const std::vector<GeGraphOpSpec>& ops) {
    std::string text;
    for (const auto& op : ops) {
        text += fmt::format("op {{\n  name: \"{}\"\n  type: \"{}\"\n", op.name, op.type);
        for (const auto& input : op.inputs) text += fmt::format("  input: \"{}\"\n", input);
        for (const auto& names : op.output_fx_names) {
            text += "  output_desc {\n    name: \"y\"\n    dtype: DT_FLOAT\n";
            for (const auto& name : names) {
                text += fmt::format(
                    "    attr {{\n      key: \"_fx_tensor_name\"\n      value {{\n        s: \"{}\"\n"
                    "      }}\n    }}\n",
                    name);
            }
            text += "  }\n";
        }
        text += "}\n";
    }
    return text;
}

fs::path write_ge_graph(const fs::path& dir, int graph, int rank, const std::vector<GeGraphOpSpec>& ops) {
    fs::create_directories(dir);
    const fs::path file =
        dir / fmt::format("dynamo_original_graph_{}_rank_{}_pid_123_ts_20250101120000.txt", graph, rank);
    std::ofstream(file, std::ios::binary) << ge_graph_text(ops);
    return file;
}

fs::path ge_token_dir(const fs::path& root, int device, int model_id, int token, const std::string& model_name,
                      const std::string& time) {
    const fs::path dir =
        root / time / std::to_string(device) / model_name / std::to_string(model_id) / std::to_string(token);
    fs::create_directories(dir);
    return dir;
}

fs::path write_ge_dump(const fs::path& token_dir, const std::string& op_type, const std::string& op_name,
                       std::int64_t timestamp, std::vector<BinTensorSpec> inputs, std::vector<BinTensorSpec> outputs,
                       int task) {
    BinDumpSpec spec;
    spec.op_name = op_name;
    spec.dump_time = static_cast<std::uint64_t>(timestamp);
    spec.inputs = std::move(inputs);
    spec.outputs = std::move(outputs);
    const fs::path file = token_dir / fmt::format("{}.{}.{}.6.{}", op_type, op_name, task, timestamp);
    write_bytes(file, encode_bin_dump(spec));
    return file;
}

BinTensorSpec ge_float_tensor(const std::vector<float>& values, std::vector<std::uint64_t> shape, bool half) {
    if (shape.empty()) shape = {values.size()};
    if (!half) return tensor_spec(1, std::move(shape), bytes_of(values));
    std::vector<std::uint16_t> bits;
    for (const float v : values) bits.push_back(tensor::float_to_half(v));
    return tensor_spec(2, std::move(shape), bytes_of(bits));
}

fs::path write_fx_tensor(const fs::path& dir, const std::string& fx_op, bool input, int index,
                         const std::vector<float>& values, const std::string& timestamp) {
    fs::create_directories(dir);
    const fs::path file = dir / fmt::format("{}.{}.{}.{}.npy", fx_op, input ? "INPUT" : "OUTPUT", index, timestamp);
    const auto bytes = bytes_of(values);
    write_npy(file, tensor::DType::Float32, {static_cast<std::int64_t>(values.size())}, bytes);
    return file;
}

}  // namespace msprobe::testing
