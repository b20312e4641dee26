#include "data2db/construct_micro_steps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "dump/json_file.hpp"

namespace msprobe::data2db {

namespace {

// A parent as msprobe's parent map holds it: none, a name, or a micro step (a top-level entry's).
struct Parent {
    enum class Kind : std::uint8_t { None, Name, MicroStep, Other } kind = Kind::None;
    std::string name;
    std::int64_t micro_step = 0;
};

Parent parent_of(dump::JsonView value, std::string_view entry, const std::string& file) {
    if (value.is_null()) return {};
    if (const auto name = value.string()) return {Parent::Kind::Name, std::string(*name), 0};
    if (const auto number = value.integer()) return {Parent::Kind::MicroStep, "", *number};
    if (const auto flag = value.boolean()) return {Parent::Kind::MicroStep, "", *flag ? 1 : 0};
    if (value.is_array() || value.is_object()) {
        throw Error(file, fmt::format("the parent of \"{}\" is a list or an object, not a name", entry));
    }
    return {Parent::Kind::Other, "", 0};  // another number: a chain ending there gives no micro step
}

bool is_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Python's int() of digits, as a sort key that never overflows: fewer significant digits is smaller.
std::pair<std::size_t, std::string_view> number_key(std::string_view digits) {
    const auto first = digits.find_first_not_of('0');
    const std::string_view significant = first == std::string_view::npos ? std::string_view() : digits.substr(first);
    return {significant.size(), significant};
}

std::string forward_twin(std::string_view name) {
    return py::replace_all(py::replace_all(name, ".backward", ".forward"), ".parameters_grad", ".forward");
}

// msprobe's reindex_keys_with_mapping over the entries of one micro step.
void renumber(const std::vector<std::string>& entries, std::unordered_map<std::string, std::string>& renamed) {
    struct Call {
        std::pair<std::size_t, std::string_view> number;
        const std::string* entry;
    };
    std::unordered_map<std::string, std::vector<Call>> groups;
    std::vector<std::string> order;
    for (const auto& entry : entries) {
        const auto parts = py::split(entry, '.');
        std::string prefix = entry;
        std::pair<std::size_t, std::string_view> number{0, {}};
        if (is_digits(parts.back())) {
            prefix = entry.substr(0, entry.size() - parts.back().size() - 1);
            number = number_key(parts.back());
        } else if (parts.size() >= 2 && is_digits(parts[parts.size() - 2])) {
            prefix.clear();
            for (std::size_t i = 0; i + 2 < parts.size(); ++i) prefix.append(i ? "." : "").append(parts[i]);
            prefix.append(".").append(parts.back());
            number = number_key(parts[parts.size() - 2]);
        }
        auto [group, added] = groups.try_emplace(prefix);
        if (added) order.push_back(prefix);
        group->second.push_back({number, &entry});
    }
    for (const auto& prefix : order) {
        auto& calls = groups[prefix];
        std::stable_sort(calls.begin(), calls.end(), [](const Call& a, const Call& b) { return a.number < b.number; });
        for (std::size_t index = 0; index < calls.size(); ++index) {
            const std::string& entry = *calls[index].entry;
            auto parts = py::split(entry, '.');
            std::string name;
            if (is_digits(parts.back())) {
                name = fmt::format("{}.{}", prefix, index);
            } else if (parts.size() >= 2 && is_digits(parts[parts.size() - 2])) {
                const std::string number = std::to_string(index);
                parts[parts.size() - 2] = number;
                name.clear();
                for (std::size_t i = 0; i < parts.size(); ++i) name.append(i ? "." : "").append(parts[i]);
            } else {
                name = entry;
            }
            renamed[entry] = std::move(name);
        }
    }
}

}  // namespace

ConstructMicroSteps construct_micro_steps(dump::JsonView root, const std::string& file) {
    if (!root.is_object()) throw Error(file, "construct.json is not a JSON object");
    const bool megatron = root.has_member("megatron_micro_step_number");
    std::unordered_map<std::string, Parent> parents;
    std::vector<std::string> entries;
    std::int64_t next_micro_step = 0;
    for (const auto& member : root.members()) {
        if (megatron && member.name == "megatron_micro_step_number") continue;
        dump::JsonView value = member.value;
        if (megatron && value.is_array()) {
            if (value.size() != 2)
                throw Error(file, fmt::format("\"{}\" is not a [parent, micro step] pair", member.name));
            value = value.item(0);
        }
        std::string entry(member.name);
        Parent parent = parent_of(value, entry, file);
        entries.push_back(entry);
        if (parent.kind != Parent::Kind::None) {
            parents[entry] = std::move(parent);
        } else if (py::contains(entry, ".backward")) {
            parents[entry] = Parent{};
        } else if (entry.starts_with("Module") || entry.starts_with("Cell") || entry.starts_with("optimizer")) {
            parents[entry] = Parent{Parent::Kind::MicroStep, "", next_micro_step++};
        }
    }
    ConstructMicroSteps result;
    std::vector<std::int64_t> first_seen_steps;
    std::unordered_map<std::int64_t, std::vector<std::string>> by_step;
    for (const auto& entry : entries) {
        std::string node = forward_twin(entry);
        std::optional<std::int64_t> micro_step;
        for (std::size_t hops = 0;; ++hops) {
            const auto found = parents.find(node);
            if (found == parents.end()) break;
            if (hops > parents.size()) {
                throw Error(file, fmt::format("the parents of \"{}\" go round in a circle", entry));
            }
            const Parent& parent = found->second;
            if (parent.kind == Parent::Kind::MicroStep) micro_step = parent.micro_step;
            if (parent.kind != Parent::Kind::Name) break;
            node = forward_twin(parent.name);
        }
        if (!micro_step || result.micro_step.contains(entry)) continue;
        result.micro_step.emplace(entry, *micro_step);
        auto [group, added] = by_step.try_emplace(*micro_step);
        if (added) first_seen_steps.push_back(*micro_step);
        group->second.push_back(entry);
    }
    if (!first_seen_steps.empty()) {
        result.count = *std::max_element(first_seen_steps.begin(), first_seen_steps.end()) + 1;
    }
    for (const auto step : first_seen_steps) renumber(by_step[step], result.renamed);
    return result;
}

ConstructMicroSteps read_construct_micro_steps(const std::filesystem::path& construct_json) {
    const auto file = dump::JsonFile::load(construct_json);
    return construct_micro_steps(file.root(), construct_json.string());
}

}  // namespace msprobe::data2db
