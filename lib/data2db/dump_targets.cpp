#include "data2db/dump_targets.hpp"

#include <algorithm>
#include <charconv>

#include "common/error.hpp"
#include "common/python_str.hpp"

namespace msprobe::data2db {

namespace {

// Whether `key` holds ".<word>." or ends with ".<word>"; the key with both removed, as msprobe strips them.
std::optional<std::string> without_direction(const std::string& key, std::string_view word) {
    const std::string inner = std::string(".").append(word).append(".");
    const std::string tail = std::string(".").append(word);
    if (!py::contains(key, inner) && !key.ends_with(tail)) return std::nullopt;
    return py::replace_all(py::replace_all(key, inner, "."), tail, "");
}

}  // namespace

std::optional<TypedDumpKey> typed_dump_key(std::string key, bool is_recompute) {
    if (auto name = without_direction(key, "forward")) {
        return TypedDumpKey{is_recompute ? DumpMetric::Recompute : DumpMetric::Forward, std::move(*name)};
    }
    if (auto name = without_direction(key, "backward")) return TypedDumpKey{DumpMetric::Backward, std::move(*name)};
    if (key.ends_with("parameters_grad")) {
        return TypedDumpKey{DumpMetric::ParametersGrad, py::replace_all(key, ".parameters_grad", "")};
    }
    const auto parts = py::split(key, '.');
    if (parts.size() >= 3 && parts[parts.size() - 2] == "parameters_grad") {
        const std::size_t kept = static_cast<std::size_t>(parts[parts.size() - 2].data() - key.data());
        return TypedDumpKey{DumpMetric::ParametersGrad, key.substr(0, kept == 0 ? 0 : kept - 1)};
    }
    return std::nullopt;
}

DumpTargetName dump_target_name(std::string name) {
    const auto dot = name.rfind('.');
    const std::string_view last =
        dot == std::string::npos ? std::string_view(name) : std::string_view(name).substr(dot + 1);
    if (last.empty() || !std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return {std::move(name), 0};
    }
    std::int64_t call = 0;
    const auto [end, ec] = std::from_chars(last.data(), last.data() + last.size(), call);
    if (ec != std::errc() || end != last.data() + last.size()) {
        throw Error("", "the call number of \"" + name + "\" does not fit in 64 bits");
    }
    name.resize(dot == std::string::npos ? 0 : dot);
    return {std::move(name), call};
}

}  // namespace msprobe::data2db
