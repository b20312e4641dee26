#include "first_diff/op_kinds.hpp"

#include <array>
#include <utility>

#include "common/python_str.hpp"

namespace msprobe::first_diff {

namespace {

// Substrings that make a key with a communication prefix a communication op.
constexpr std::array<std::string_view, 19> kCommKeywords = {
    "send",           "recv",           "broadcast",         "all_reduce",          "reduce",
    "all_gather",     "gather",         "isend",             "irecv",               "scatter",
    "reduce_scatter", "_reduce_scatter_base", "_all_gather_base", "all_to_all_single", "all_to_all",
    "all_gather_into_tensor", "reduce_scatter_tensor", "send_object_list", "recv_object_list"};

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace

std::string_view role_name(CommRole role) {
    switch (role) {
        case CommRole::Src: return "src";
        case CommRole::Dst: return "dst";
        case CommRole::Link: break;
    }
    return "link";
}

CommRole opposite(CommRole role) {
    if (role == CommRole::Src) return CommRole::Dst;
    if (role == CommRole::Dst) return CommRole::Src;
    return CommRole::Link;
}

OpKind KeyRules::kind_of(std::string_view key) const {
    for (const auto& word : ignored) {
        if (contains(key, word)) return OpKind::Ignored;
    }
    for (const auto& prefix : comm_prefixes) {
        if (!key.starts_with(prefix)) continue;
        for (const auto keyword : kCommKeywords) {
            if (contains(key, keyword)) return OpKind::Communication;
        }
    }
    return OpKind::Compute;
}

const KeyRules& diff_key_rules() {
    static const KeyRules rules = [] {
        KeyRules wider = diff_key_rules_keeping_grads();
        wider.ignored.insert(wider.ignored.end(), {"parameters_grad", "Tensor.to"});
        return wider;
    }();
    return rules;
}

const KeyRules& diff_key_rules_keeping_grads() {
    static const KeyRules rules{{"Distributed", "MintDistributed", "communication.comm_func"},
                                {"Torch.empty", "Torch.fill", "Tensor.__setitem__"}};
    return rules;
}

const KeyRules& nan_key_rules() {
    static const KeyRules rules{{"Distributed."}, {"Torch.empty", "Torch.fill"}};
    return rules;
}

std::optional<std::string> comm_api(std::string_view key) {
    const auto segments = py::split_dots(key);
    if (segments.size() < 4) return std::nullopt;
    return std::string(segments[1]);
}

std::optional<CommRole> directed_role(std::string_view api) {
    static constexpr std::array<std::pair<std::string_view, CommRole>, 9> kDirected = {{
        {"send", CommRole::Dst},
        {"recv", CommRole::Src},
        {"isend", CommRole::Dst},
        {"irecv", CommRole::Src},
        {"broadcast", CommRole::Src},
        {"scatter", CommRole::Src},
        {"gather", CommRole::Dst},
        {"send_object_list", CommRole::Dst},
        {"recv_object_list", CommRole::Src},
    }};
    for (const auto& [name, role] : kDirected) {
        if (name == api) return role;
    }
    return std::nullopt;
}

std::string peer_api(std::string_view api) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kPeers = {{
        {"send", "recv"},
        {"recv", "send"},
        {"isend", "irecv"},
        {"irecv", "isend"},
        {"send_object_list", "recv_object_list"},
        {"recv_object_list", "send_object_list"},
    }};
    for (const auto& [name, peer] : kPeers) {
        if (name == api) return std::string(peer);
    }
    return std::string(api);
}

}  // namespace msprobe::first_diff
