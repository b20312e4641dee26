#include "compare/matcher.hpp"

#include "compare/fuzzy_match.hpp"
#include "compare/row_join.hpp"

#include <array>
#include <string_view>
#include <functional>

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

bool is_cross_framework(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    return is_cross_framework(npu.framework, is_pytorch(bench));
}

bool is_cross_framework(std::string_view npu_framework, bool bench_is_pytorch) {
    return !npu_framework.empty() && npu_framework != "pytorch" && bench_is_pytorch;
}

namespace {

// A dump's rows as the join sees them: keyed by name, or by the keys a mapping made.
class DumpSide {
public:
    DumpSide(const dump::DumpFile& dump, const std::vector<std::string>& keys) : dump_(dump), keys_(keys) {}
    std::size_t size() const { return dump_.rows.size(); }
    std::string_view key(std::size_t i) const { return keys_.empty() ? dump_.rows[i].name : keys_[i]; }
    const dump::InternedText& shape(std::size_t i) const { return dump_.rows[i].shape; }
    const dump::InternedText& dtype(std::size_t i) const { return dump_.rows[i].dtype; }
    static std::size_t hash(std::string_view key) { return std::hash<std::string_view>{}(key); }

private:
    const dump::DumpFile& dump_;
    const std::vector<std::string>& keys_;
};

}  // namespace

std::vector<RowPair> fuzzy_candidates(const dump::DumpFile& npu, const dump::DumpFile& bench, const MatchPlan& plan) {
    auto items = [&plan](const dump::DumpFile& side, const std::vector<std::string>* keys) {
        std::vector<FuzzyItem> out;
        out.reserve(side.rows.size());
        for (std::size_t i = 0; i < side.rows.size(); ++i) {
            const std::string_view shape = plan.fuzzy_compares_shapes ? std::string_view(side.rows[i].shape) : "";
            out.push_back({fuzzy_name(keys ? (*keys)[i] : side.rows[i].name), shape});
        }
        return out;
    };
    const auto npu_items = items(npu, plan.npu_keys.empty() ? nullptr : &plan.npu_keys);
    const auto bench_items = items(bench, nullptr);
    std::vector<RowPair> pairs;
    for (const auto& [n, b] : fuzzy_match(npu_items, bench_items, plan.keep_unpushed_npu_rows)) {
        pairs.push_back({static_cast<std::uint32_t>(n), b >= 0 ? std::int64_t{b} : kNoBench});
    }
    return pairs;
}

void apply_dtype_gate(std::vector<RowPair>& pairs, const dump::DumpFile& npu, const dump::DumpFile& bench) {
    const bool cross_framework = is_cross_framework(npu, bench);
    for (auto& pair : pairs) {
        if (pair.bench != kNoBench &&
            !dtypes_compatible(npu.rows[pair.npu].dtype, bench.rows[static_cast<std::size_t>(pair.bench)].dtype,
                               cross_framework)) {
            pair.bench = kNoBench;
        }
    }
}

std::vector<RowPair> match_rows(const dump::DumpFile& npu, const dump::DumpFile& bench, const MatchPlan& plan) {
    if (plan.strategy == MatchStrategy::Fuzzy) {
        auto pairs = fuzzy_candidates(npu, bench, plan);
        apply_dtype_gate(pairs, npu, bench);
        return pairs;
    }
    return join_rows(DumpSide(npu, plan.npu_keys), DumpSide(bench, plan.bench_keys), plan.strategy,
                     is_cross_framework(npu, bench));
}

}  // namespace msprobe::compare
