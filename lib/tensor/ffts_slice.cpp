#include "tensor/ffts_slice.hpp"

#include <nlohmann/json.hpp>

namespace msprobe::tensor {

namespace {

bool truthy(const nlohmann::json& value) {
    if (value.is_boolean()) return value.get<bool>();
    if (value.is_number()) return value.get<double>() != 0;
    // nlohmann's empty() is false for every string: Python's "" is falsy.
    if (value.is_string()) return !value.get_ref<const std::string&>().empty();
    if (value.is_array() || value.is_object()) return !value.empty();
    return false;
}

std::int64_t integer(const nlohmann::json& value) {
    return value.is_number_integer() ? value.get<std::int64_t>() : 0;
}

// [thread][tensor][dim] = {"lower": lo, "higher": hi}  ->  [thread][tensor] = shape.
// Anything not shaped like that counts as no slices.
SliceShapes slice_shapes(const nlohmann::json& slices) {
    SliceShapes shapes;
    if (!slices.is_array()) return shapes;
    for (const auto& thread : slices) {
        auto& tensors = shapes.emplace_back();
        if (!thread.is_array()) continue;
        for (const auto& tensor : thread) {
            auto& shape = tensors.emplace_back();
            if (!tensor.is_array()) continue;
            for (const auto& dim : tensor) {
                const bool ranged = dim.is_object() && dim.contains("lower") && dim.contains("higher");
                shape.push_back(ranged ? integer(dim["higher"]) - integer(dim["lower"]) : 0);
            }
        }
    }
    return shapes;
}

}  // namespace

std::optional<FftsAutoSplit> ffts_auto_split(const std::vector<BinAttr>& attrs) {
    if (attrs.empty()) return std::nullopt;
    const auto json = nlohmann::json::parse(attrs.front().value, nullptr, false);
    if (!json.is_object() || !json.contains("threadMode") || !truthy(json["threadMode"])) return std::nullopt;
    FftsAutoSplit split;
    if (json.contains("slice_instance_num")) split.slice_instance_num = integer(json["slice_instance_num"]);
    if (json.contains("input_tensor_slice")) split.input_slices = slice_shapes(json["input_tensor_slice"]);
    if (json.contains("output_tensor_slice")) split.output_slices = slice_shapes(json["output_tensor_slice"]);
    if (json.contains("outputCutList") && json["outputCutList"].is_array()) {
        for (const auto& cuts : json["outputCutList"]) {
            auto& list = split.output_cut_list.emplace_back();
            if (!cuts.is_array()) continue;
            for (const auto& cut : cuts) list.push_back(integer(cut));
        }
    }
    return split;
}

}  // namespace msprobe::tensor
