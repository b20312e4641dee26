#include "data2db/construct_micro_steps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <optional>
#include <unordered_map>
#include <vector>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "dump/json_file.hpp"

namespace msprobe::data2db {

namespace {

// A parent as msprobe's parent map holds it: none, a name, or a micro step (a top-level entry's).
struct Parent {
    enum class Kind : std::uint8_t { None, Name, MicroStep, Other } kind = Kind::None;
    std::string_view name;  // into the parsed file
    std::int64_t micro_step = 0;
};

Parent parent_of(dump::JsonView value, std::string_view entry, const std::string& file) {
    if (value.is_null()) return {};
    if (const auto name = value.string()) return {Parent::Kind::Name, *name, 0};
    if (const auto number = value.integer()) return {Parent::Kind::MicroStep, {}, *number};
    if (const auto flag = value.boolean()) return {Parent::Kind::MicroStep, {}, *flag ? 1 : 0};
    if (value.is_array() || value.is_object()) {
        throw Error(file, fmt::format("the parent of \"{}\" is a list or an object, not a name", entry));
    }
    return {Parent::Kind::Other, {}, 0};  // another number: a chain ending there gives no micro step
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

// The micro step each node's chain of parents reaches, worked out once per node: entries share their chains.
class RootSteps {
public:
    explicit RootSteps(const std::string& file) : file_(file) {}

    void add(std::string_view name, Parent parent) { nodes_[name] = Node{parent, State::Unseen, std::nullopt}; }

    // The micro step of the top-level entry `entry`'s chain reaches (looked up by its forward twin), if any.
    std::optional<std::int64_t> of(std::string_view entry) {
        walk_.clear();
        std::optional<std::int64_t> result;
        std::string_view name = forward_twin(entry);
        for (;;) {
            const auto found = nodes_.find(name);
            if (found == nodes_.end()) break;
            Node& node = found->second;
            if (node.state == State::Done) {
                result = node.result;
                break;
            }
            if (node.state == State::Walking) {
                throw Error(file_, fmt::format("the parents of \"{}\" go round in a circle", entry));
            }
            node.state = State::Walking;
            walk_.push_back(&node);
            if (node.parent.kind == Parent::Kind::MicroStep) result = node.parent.micro_step;
            if (node.parent.kind != Parent::Kind::Name) break;
            name = forward_twin(node.parent.name);
        }
        for (Node* node : walk_) {
            node->state = State::Done;
            node->result = result;
        }
        return result;
    }

private:
    enum class State : std::uint8_t { Unseen, Walking, Done };
    struct Node {
        Parent parent;
        State state = State::Unseen;
        std::optional<std::int64_t> result;
    };

    // msprobe looks a backward or parameters_grad name up as its forward twin.
    std::string_view forward_twin(std::string_view name) {
        if (!py::contains(name, ".backward") && !py::contains(name, ".parameters_grad")) return name;
        return made_.emplace_back(
            py::replace_all(py::replace_all(name, ".backward", ".forward"), ".parameters_grad", ".forward"));
    }

    const std::string& file_;
    std::unordered_map<std::string_view, Node> nodes_;
    std::deque<std::string> made_;  // the twins' text, which nodes_ and walks point into
    std::vector<Node*> walk_;
};

// msprobe's reindex_keys_with_mapping over the entries of one micro step: within a group of names that differ
// only in their call number, the calls are numbered 0, 1, … in their numbers' order.
void renumber(const std::vector<std::string_view>& entries, std::int64_t micro_step, TextMap<ConstructEntry>& out) {
    enum class Form : std::uint8_t { Whole, LastNumber, NumberBeforeLast };
    struct Call {
        std::pair<std::size_t, std::string_view> number;
        std::string_view entry;
        Form form;
        std::size_t number_begin;  // where the call number starts
        std::size_t number_end;
    };
    TextMap<std::vector<Call>> groups;
    std::vector<const std::vector<Call>*> order;
    std::string prefix;
    for (const std::string_view entry : entries) {
        const auto dot = entry.rfind('.');
        const std::size_t last_begin = dot == std::string_view::npos ? 0 : dot + 1;
        const std::string_view last = entry.substr(last_begin);
        Call call{{0, {}}, entry, Form::Whole, 0, 0};
        prefix.assign(entry);
        if (is_digits(last)) {
            call = {number_key(last), entry, Form::LastNumber, last_begin, entry.size()};
            prefix.assign(entry.substr(0, dot == std::string_view::npos ? 0 : dot));
        } else if (dot != std::string_view::npos) {
            const auto before = dot == 0 ? std::string_view::npos : entry.rfind('.', dot - 1);
            const std::size_t second_begin = before == std::string_view::npos ? 0 : before + 1;
            const std::string_view second = entry.substr(second_begin, dot - second_begin);
            if (is_digits(second)) {
                call = {number_key(second), entry, Form::NumberBeforeLast, second_begin, dot};
                prefix.assign(entry.substr(0, before == std::string_view::npos ? 0 : before));
                prefix.append(".").append(last);
            }
        }
        auto found = groups.find(std::string_view(prefix));
        if (found == groups.end()) {
            found = groups.emplace(prefix, std::vector<Call>{}).first;
            order.push_back(&found->second);
        }
        found->second.push_back(call);
    }
    for (const auto* group : order) {
        std::vector<Call> calls = *group;
        std::stable_sort(calls.begin(), calls.end(), [](const Call& a, const Call& b) { return a.number < b.number; });
        for (std::size_t index = 0; index < calls.size(); ++index) {
            const Call& call = calls[index];
            std::string name(call.entry);
            if (call.form == Form::LastNumber && call.number_begin == 0) {
                name = fmt::format(".{}", index);  // Python joins no parts before the number: "" + "." + index
            } else if (call.form != Form::Whole) {
                name = fmt::format("{}{}{}", call.entry.substr(0, call.number_begin), index,
                                   call.entry.substr(call.number_end));
            }
            out.insert_or_assign(std::string(call.entry), ConstructEntry{micro_step, std::move(name)});
        }
    }
}

}  // namespace

ConstructMicroSteps construct_micro_steps(dump::JsonView root, const std::string& file) {
    if (!root.is_object()) throw Error(file, "construct.json is not a JSON object");
    const bool megatron = root.has_member("megatron_micro_step_number");
    RootSteps roots(file);
    std::vector<std::string_view> entries;
    entries.reserve(root.size());
    std::int64_t next_micro_step = 0;
    for (const auto& member : root.members()) {
        if (megatron && member.name == "megatron_micro_step_number") continue;
        dump::JsonView value = member.value;
        if (megatron && value.is_array()) {
            if (value.size() != 2)
                throw Error(file, fmt::format("\"{}\" is not a [parent, micro step] pair", member.name));
            value = value.item(0);
        }
        const std::string_view entry = member.name;
        const Parent parent = parent_of(value, entry, file);
        entries.push_back(entry);
        if (parent.kind != Parent::Kind::None) {
            roots.add(entry, parent);
        } else if (py::contains(entry, ".backward")) {
            roots.add(entry, Parent{});
        } else if (entry.starts_with("Module") || entry.starts_with("Cell") || entry.starts_with("optimizer")) {
            roots.add(entry, Parent{Parent::Kind::MicroStep, {}, next_micro_step++});
        }
    }
    ConstructMicroSteps result;
    std::vector<std::int64_t> first_seen_steps;
    std::unordered_map<std::int64_t, std::vector<std::string_view>> by_step;
    for (const std::string_view entry : entries) {
        const auto micro_step = roots.of(entry);
        if (!micro_step) continue;
        auto [group, added] = by_step.try_emplace(*micro_step);
        if (added) first_seen_steps.push_back(*micro_step);
        group->second.push_back(entry);
    }
    if (!first_seen_steps.empty()) {
        result.count = *std::max_element(first_seen_steps.begin(), first_seen_steps.end()) + 1;
    }
    result.entries.reserve(entries.size());
    for (const auto step : first_seen_steps) renumber(by_step[step], step, result.entries);
    return result;
}

ConstructMicroSteps read_construct_micro_steps(const std::filesystem::path& construct_json) {
    const auto file = dump::JsonFile::load(construct_json);
    return construct_micro_steps(file.root(), construct_json.string());
}

}  // namespace msprobe::data2db
