#include "dump/dump_framework.hpp"

#include <array>
#include <string_view>

namespace msprobe::dump {

namespace {

// MindSpore's dtype spellings in dump records (msprobe's MindSpore dumper writes str(mindspore dtype)).
bool is_mindspore_dtype(std::string_view dtype) {
    static constexpr std::array<std::string_view, 15> kNames = {
        "Int8",    "UInt8",   "Int16", "UInt16", "Int32",    "UInt32",    "Int64",     "UInt64",
        "Float16", "Float32", "Float64", "Bool", "BFloat16", "Complex64", "Complex128"};
    for (const auto name : kNames) {
        if (dtype == name) return true;
    }
    return false;
}

// API families only one of the two dumpers writes.
DumpFramework framework_of_entry_name(std::string_view name) {
    const auto family = name.substr(0, name.find('.'));
    if (family == "Mint" || family == "MintFunctional" || family == "Cell" || family == "Primitive" ||
        family == "Jit") {
        return DumpFramework::MindSpore;
    }
    if (family == "Torch" || family == "Module" || family == "Aten" || family == "VF") return DumpFramework::PyTorch;
    return DumpFramework::Unknown;
}

struct Tally {
    std::string pytorch;    // first PyTorch spelling seen
    std::string mindspore;  // first MindSpore spelling seen

    void add(DumpFramework f, std::string_view spelling) {
        std::string& slot = f == DumpFramework::PyTorch ? pytorch : mindspore;
        if (f != DumpFramework::Unknown && slot.empty()) slot = spelling;
    }
    bool both() const { return !pytorch.empty() && !mindspore.empty(); }
};

void walk_record(JsonView v, Tally& tally, int depth) {
    if (depth > 64 || tally.both()) return;
    if (v.is_array()) {
        for (const auto item : v.items()) walk_record(item, tally, depth + 1);
        return;
    }
    if (!v.is_object()) return;
    if (const auto type = v.member("type").string()) {
        if (type->starts_with("torch.")) tally.add(DumpFramework::PyTorch, *type);
        if (type->starts_with("mindspore.")) tally.add(DumpFramework::MindSpore, *type);
    }
    if (const auto dtype = v.member("dtype").string()) {
        if (dtype->starts_with("torch.")) tally.add(DumpFramework::PyTorch, *dtype);
        if (is_mindspore_dtype(*dtype)) tally.add(DumpFramework::MindSpore, *dtype);
    }
    for (const auto m : v.members()) {
        if (m.value.is_array() || m.value.is_object()) walk_record(m.value, tally, depth + 1);
    }
}

}  // namespace

FrameworkClues framework_from_content(JsonView root) {
    Tally tally;
    for (const auto entry : root.member("data").members()) {
        tally.add(framework_of_entry_name(entry.name), entry.name);
        walk_record(entry.value, tally, 0);
        if (tally.both()) break;
    }
    if (tally.both() || (tally.pytorch.empty() && tally.mindspore.empty())) return {};
    if (!tally.pytorch.empty()) return {DumpFramework::PyTorch, tally.pytorch};
    return {DumpFramework::MindSpore, tally.mindspore};
}

}  // namespace msprobe::dump
