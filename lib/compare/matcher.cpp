#include "compare/matcher.hpp"

#include <array>
#include <string_view>
#include <unordered_map>

namespace msprobe::compare {

namespace {

bool in_set(std::string_view v, const std::initializer_list<std::string_view>& set) {
    for (auto s : set) {
        if (v == s) return true;
    }
    return false;
}

std::string_view cross_framework_kind(std::string_view dtype) {
    static const std::initializer_list<std::string_view> kInts = {
        "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64",
        "torch.int8", "torch.uint8", "torch.int16", "torch.uint16", "torch.int32", "torch.uint32", "torch.int64",
        "torch.uint64"};
    static const std::initializer_list<std::string_view> kFloats = {
        "Float16", "Float32", "Float64", "BFloat16", "torch.float16", "torch.float32", "torch.float64",
        "torch.bfloat16"};
    static const std::initializer_list<std::string_view> kComplex = {"Complex64", "Complex128", "torch.complex64",
                                                                     "torch.complex128"};
    if (in_set(dtype, kInts)) return "int";
    if (in_set(dtype, kFloats)) return "float";
    if (dtype == "Bool" || dtype == "torch.bool") return "bool";
    if (in_set(dtype, kComplex)) return "complex";
    return dtype;
}

bool is_pytorch(const dump::DumpFile& dump) {
    if (!dump.framework.empty()) return dump.framework == "pytorch";
    for (const auto& row : dump.rows) {
        if (row.dtype.rfind("torch.", 0) == 0) return true;
    }
    return false;
}

}  // namespace

bool dtypes_compatible(const std::string& npu_dtype, const std::string& bench_dtype, bool cross_framework) {
    std::string_view a = npu_dtype, b = bench_dtype;
    if (cross_framework) {
        a = cross_framework_kind(a);
        b = cross_framework_kind(b);
    }
    if (a == b) return true;
    if (in_set(a, {"Float16", "Float32", "BFloat16"}) && in_set(b, {"Float16", "Float32", "BFloat16"})) return true;
    const std::initializer_list<std::string_view> torch_halfs = {"torch.float16", "torch.float32", "torch.bfloat16"};
    return in_set(a, torch_halfs) && in_set(b, torch_halfs);
}

std::vector<RowPair> match_rows(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    // Bench rows by name; rows sharing a name (rare) are chained in bench order.
    constexpr std::uint32_t kEnd = UINT32_MAX;
    std::unordered_map<std::string_view, std::uint32_t> first_by_name;
    first_by_name.reserve(bench.rows.size());
    std::vector<std::uint32_t> next_same_name(bench.rows.size(), kEnd);
    for (std::uint32_t i = 0; i < bench.rows.size(); ++i) {
        auto [it, inserted] = first_by_name.try_emplace(bench.rows[i].name, i);
        if (!inserted) {
            std::uint32_t tail = it->second;
            while (next_same_name[tail] != kEnd) tail = next_same_name[tail];
            next_same_name[tail] = i;
        }
    }

    const bool cross_framework = !npu.framework.empty() && npu.framework != "pytorch" && is_pytorch(bench);
    std::vector<RowPair> pairs;
    pairs.reserve(npu.rows.size());
    for (std::uint32_t i = 0; i < npu.rows.size(); ++i) {
        const auto& row = npu.rows[i];
        // A match needs the same name and the same shape text; with k×m
        // duplicates each NPU occurrence pairs with every bench one, in bench order.
        bool matched = false;
        auto it = first_by_name.find(row.name);
        for (std::uint32_t b = it == first_by_name.end() ? kEnd : it->second; b != kEnd; b = next_same_name[b]) {
            if (bench.rows[b].shape != row.shape) continue;
            matched = true;
            const bool ok = dtypes_compatible(row.dtype, bench.rows[b].dtype, cross_framework);
            pairs.push_back({i, ok ? std::int64_t{b} : kNoBench});
        }
        if (!matched) pairs.push_back({i, kNoBench});
    }
    return pairs;
}

}  // namespace msprobe::compare
