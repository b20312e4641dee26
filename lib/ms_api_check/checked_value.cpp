#include "ms_api_check/checked_value.hpp"

#include <fmt/format.h>

namespace msprobe::ms_api_check {

bool is_float_dtype(const std::string& dtype) {
    return dtype == "Float16" || dtype == "Float32" || dtype == "Float64" || dtype == "BFloat16";
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
    if (shape.size() == 1) return fmt::format("({},)", shape.front());
    return fmt::format("({})", fmt::join(shape, ", "));
}

std::vector<CheckedValue> trimmed(std::vector<CheckedValue> values, bool backward) {
    std::vector<CheckedValue> kept;
    for (auto& v : values) {
        if (v.kind == CheckedValue::Kind::None || (backward && !is_float_dtype(v.dtype))) continue;
        kept.push_back(std::move(v));
    }
    return kept;
}

}  // namespace msprobe::ms_api_check
