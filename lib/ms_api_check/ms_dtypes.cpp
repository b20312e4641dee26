#include "ms_api_check/ms_dtypes.hpp"

#include <utility>

namespace msprobe::ms_api_check {

namespace {

const std::vector<std::pair<std::string, at::ScalarType>>& torch_pairs() {
    static const std::vector<std::pair<std::string, at::ScalarType>> pairs = {
        {"Int8", at::kChar},     {"UInt8", at::kByte},     {"Int16", at::kShort},  {"Int32", at::kInt},
        {"Int64", at::kLong},    {"Float16", at::kHalf},   {"Float32", at::kFloat}, {"Float64", at::kDouble},
        {"Bool", at::kBool},     {"BFloat16", at::kBFloat16}};
    return pairs;
}

}  // namespace

const std::vector<std::string>& recorded_dtype_names() {
    static const std::vector<std::string> names = {"Int8",    "UInt8",   "Int16",   "UInt16", "Int32",
                                                   "UInt32",  "Int64",   "UInt64",  "Float16", "Float32",
                                                   "Float64", "Bool",    "BFloat16", "Int4"};
    return names;
}

std::optional<at::ScalarType> torch_dtype_of(const std::string& recorded) {
    for (const auto& [name, type] : torch_pairs()) {
        if (name == recorded) return type;
    }
    return std::nullopt;
}

std::string dtype_text_of(at::ScalarType type) {
    for (const auto& [name, t] : torch_pairs()) {
        if (t == type) return name;
    }
    return {};
}

}  // namespace msprobe::ms_api_check
