#include "compare/right_matmul.hpp"

#include <fmt/format.h>

#include <regex>

#include "common/error.hpp"
#include "common/log.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/numpy_matmul.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor/widen.hpp"

namespace msprobe::compare {

namespace {

using Calibration = std::unordered_map<std::string, std::string>;

bool ends_with(const std::string& text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The name of the Python type PyYAML's safe loader gives a node, for msprobe's warning.
std::string python_type_name(const YAML::Node& node) {
    if (node.IsMap()) return "dict";
    if (node.IsNull()) return "NoneType";
    if (!node.IsScalar() || node.Tag() != "?") return "str";  // quoted or tagged: a string
    static const std::regex kNull("~|null|Null|NULL|");
    static const std::regex kBool("yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF");
    static const std::regex kInt("[-+]?(0|[1-9][0-9_]*|0x[0-9a-fA-F_]+|0o?[0-7_]+|0b[01_]+)");
    static const std::regex kFloat(
        R"([-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+][0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))");
    const std::string& text = node.Scalar();
    if (std::regex_match(text, kNull)) return "NoneType";
    if (std::regex_match(text, kBool)) return "bool";
    if (std::regex_match(text, kInt)) return "int";
    if (std::regex_match(text, kFloat)) return "float";
    return "str";
}

// data_name → calibration file, from `{file: [data_name, ...]}`; a later file
// wins a data_name named twice, as in msprobe's dict.
Calibration reverse_map(const YAML::Node& map, const char* key, const std::string& file) {
    Calibration calibration;
    // msprobe's `if not tensor_map`: absent, null, empty.
    if (!map || map.IsNull() || (map.IsScalar() && map.Scalar().empty())) return calibration;
    if ((map.IsMap() || map.IsSequence()) && map.size() == 0) return calibration;
    if (!map.IsMap()) {
        log::warning(fmt::format("Invalid {} in {}: expected a mapping, got {}. Skipped.", key, file,
                                 map.IsSequence() ? "list" : python_type_name(map)));
        return calibration;
    }
    for (const auto& item : map) {
        const std::string path = item.first.Scalar();
        const YAML::Node names = item.second;
        if (!names.IsSequence()) {
            log::warning(fmt::format("Invalid data_names for tensor path '{}': expected a list, got {}. Skipped.", path,
                                     python_type_name(names)));
            continue;
        }
        for (const auto& name : names) {
            if (name.IsScalar()) calibration[name.Scalar()] = path;
        }
    }
    return calibration;
}

// As msprobe loads it: .npy through NumPy, .pt/.pth through torch then
// .numpy(), which refuses bfloat16.
tensor::TensorView read_calibration(const std::string& path) {
    if (ends_with(path, ".npy")) return tensor::read_npy(path);
    if (ends_with(path, ".pt") || ends_with(path, ".pth")) {
        tensor::TensorView view = tensor::read_pt(path);
        if (view.dtype == tensor::DType::BFloat16) throw Error(path, "a bfloat16 tensor has no NumPy array");
        return view;
    }
    throw Error(path, "not a calibration tensor file: expected the suffix .npy, .pt or .pth");
}

// One side: `side` is "target" (NPU) or "golden" (bench).
void multiply(tensor::TensorView& value, const std::string& data_name, const std::string& path, const char* side,
              const tensor::MatmulParallelFor& parallel_for) {
    try {
        const tensor::TensorView calibration = read_calibration(path);
        log::info(fmt::format("[{}] Right-matmul {} tensor from {}", data_name, side, path));
        // msprobe's reader hands a bfloat16 dump tensor to NumPy as float32.
        const tensor::TensorView loaded =
            value.dtype == tensor::DType::BFloat16 ? tensor::widened_to_float32(value) : value;
        value = tensor::numpy_matmul(loaded, calibration, parallel_for);
    } catch (const Error& e) {
        log::warning(fmt::format("[{}] Failed to right-matmul {} tensor from {}", data_name, side, path));
        log::warning(e.what());
    }
}

}  // namespace

RightMatmul::RightMatmul(const YAML::Node& config, const std::string& file)
    : npu_calibration_(reverse_map(config["target_tensor_map"], "target_tensor_map", file)),
      bench_calibration_(reverse_map(config["golden_tensor_map"], "golden_tensor_map", file)) {}

bool RightMatmul::names(const std::string& npu_data_name, const std::string& bench_data_name) const {
    return npu_calibration_.contains(npu_data_name) || bench_calibration_.contains(bench_data_name);
}

void RightMatmul::apply(tensor::TensorView& npu, tensor::TensorView& bench, const std::string& npu_data_name,
                        const std::string& bench_data_name, const tensor::MatmulParallelFor& parallel_for) const {
    if (const auto it = npu_calibration_.find(npu_data_name); it != npu_calibration_.end()) {
        multiply(npu, npu_data_name, it->second, "target", parallel_for);
    }
    if (const auto it = bench_calibration_.find(bench_data_name); it != bench_calibration_.end()) {
        multiply(bench, bench_data_name, it->second, "golden", parallel_for);
    }
}

}  // namespace msprobe::compare
