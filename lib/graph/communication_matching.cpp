#include "graph/communication_matching.hpp"

#include <array>
#include <optional>
#include <unordered_map>

#include "common/python_json_writer.hpp"
#include "common/python_text.hpp"
#include "dump/python_value.hpp"
#include "graph/backward_names.hpp"
#include "graph/port_item_leaf.hpp"

namespace msprobe::graph {

namespace {

enum class CommKind { PointToPoint, Rooted, Collective };

struct CommApi {
    std::string_view name;
    std::string_view partner;
    std::string_view parameter;  // the input item naming the peer or root rank
    std::string_view type;       // communications_type of the node itself
    CommKind kind;
    std::string_view keyword = {};  // the same argument passed by keyword, when msprobe reads it positionally
};

constexpr std::array<CommApi, 8> kApis = {{
    {"send", "recv", "dst", "send", CommKind::PointToPoint},
    {"isend", "irecv", "dst", "send", CommKind::PointToPoint},
    {"recv", "send", "src", "receive", CommKind::PointToPoint},
    {"irecv", "isend", "src", "receive", CommKind::PointToPoint},
    // msprobe reads the root of broadcast and reduce from the second positional argument only.
    {"broadcast", "broadcast", "1", "send", CommKind::Rooted, "src"},
    {"scatter", "scatter", "src", "send", CommKind::Rooted},
    {"gather", "gather", "dst", "receive", CommKind::Rooted},
    {"reduce", "reduce", "1", "receive", CommKind::Rooted, "dst"},
}};

std::string api_name_of(const std::string& id) {
    const auto first = id.find('.');
    if (first == std::string::npos) return {};
    const auto second = id.find('.', first + 1);
    return id.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
}

CommApi api_of(const std::string& id) {
    const std::string name = api_name_of(id);
    for (const CommApi& api : kApis) {
        if (api.name == name) return api;
    }
    return {"", "", "", "send_receive", CommKind::Collective};
}

// The input item of a communication API's parameter; nullptr when it has none.
const PortItem* input_item(const GraphNode& node, std::string_view parameter) {
    const std::string key = node.id + ".input." + std::string(parameter);
    for (const PortItem& item : node.inputs) {
        if (item.key() == key) return &item;
    }
    return nullptr;
}

// The text of the parameter's "value" (str() of it); nullopt when absent.
std::optional<std::string> parameter_text(const GraphNode& node, std::string_view parameter) {
    const PortItem* item = input_item(node, parameter);
    if (item == nullptr) return std::nullopt;
    const LeafObject leaf(*item);
    const dump::JsonView value = leaf.member("value");
    if (!value || value.is_null()) return std::nullopt;
    return dump::python_str(value);
}

std::optional<int> parameter_rank(const GraphNode& node, std::string_view parameter) {
    const PortItem* item = input_item(node, parameter);
    if (item == nullptr) return std::nullopt;
    const LeafObject leaf(*item);
    return leaf.member("value").int32();
}

struct GroupInfo {
    std::vector<int> ranks;
    std::string id;
};

std::optional<GroupInfo> group_of(const GraphNode& node) {
    const PortItem* item = input_item(node, "group");
    if (item == nullptr) return std::nullopt;
    const LeafObject leaf(*item);
    const dump::JsonView ranks = leaf.member("group_ranks");
    const std::string_view id = leaf.member("group_id").text();
    if (!ranks.is_array() || ranks.size() == 0 || id.empty()) return std::nullopt;
    GroupInfo info;
    for (const dump::JsonView r : ranks.items()) {
        if (const auto rank = r.int32()) info.ranks.push_back(*rank);
    }
    info.id = id;
    return info;
}

// Per rank: the Distributed nodes in matching order, unique communication id ↔
// node (a batch_isend_irecv node has one id per operation).
struct RankIds {
    std::vector<GraphNode*> order;
    std::unordered_map<std::string, GraphNode*> node_of;
    std::unordered_map<const GraphNode*, std::vector<std::string>> ids_of;
};

// Creation order, or the exported rows' node order (post order), where unexported nodes take no part.
std::vector<GraphNode*> distributed_nodes(ModelGraph& graph, bool exported_rows) {
    std::vector<GraphNode*> nodes;
    if (exported_rows) {
        for (const GraphNode* node : graph.post_order()) {
            if (node->is_distributed()) nodes.push_back(graph.find(node->id));
        }
    } else {
        for (const auto& node : graph.nodes()) {
            if (node->is_distributed()) nodes.push_back(node.get());
        }
    }
    return nodes;
}

RankIds unique_ids(ModelGraph& graph, bool exported_rows) {
    RankIds ids;
    ids.order = distributed_nodes(graph, exported_rows);
    std::unordered_map<std::string, int> counts;
    for (GraphNode* pointer : ids.order) {
        GraphNode& node = *pointer;
        const std::string name = api_name_of(node.id);
        const CommApi api = api_of(node.id);
        auto add = [&](const std::string& gid) {
            const std::string unique = gid + "_" + std::to_string(++counts[gid]);
            ids.node_of[unique] = &node;
            ids.ids_of[&node].push_back(unique);
        };
        if (name == "batch_isend_irecv") {
            for (const BatchP2POp& op : node.rare().batch_p2p) {
                if (op.op && op.peer) add(*op.op + "_rank" + *op.peer + "_" + op.group_id);
            }
            continue;
        }
        std::string gid;
        if (api.kind == CommKind::PointToPoint) {
            const auto target = parameter_text(node, api.parameter);
            if (!target) continue;
            gid = name + "rank" + *target;
        } else {
            const auto group = group_of(node);
            if (!group) continue;
            gid = group->id + name;
        }
        add(gid);
    }
    return ids;
}

std::string index_text(const GraphNode& node, bool overflow_check) {
    if (overflow_check) return node.rare().overflow_level.empty() ? "Nan" : node.rare().overflow_level.str();
    if (!node.precision) return "Nan";
    if (node.precision->is_integer) return std::to_string(static_cast<long long>(node.precision->value));
    return py::float_repr(node.precision->value);
}

struct Link {
    std::string type;
    std::vector<std::pair<int, const GraphNode*>> partners;
};

std::string link_json(const Link& link, bool overflow_check) {
    py::JsonWriter json(py::JsonWriter::kOneLine);
    json.begin_object();
    json.key("communications_type");
    json.string(link.type);
    json.key("nodes_info");
    json.begin_object();
    for (const auto& [rank, partner] : link.partners) {
        json.key(std::to_string(rank));
        json.begin_array();
        json.string(index_text(*partner, overflow_check));
        json.string(partner->id);
        json.end_array();
    }
    json.end_object();
    json.end_object();
    return json.text();
}

bool same_output(const GraphNode& a, const GraphNode& b) {
    const auto output0 = [](const GraphNode& node) -> const PortItem* {
        const std::string key = node.id + ".output.0";
        for (const PortItem& item : node.outputs) {
            if (item.key() == key) return &item;
        }
        return nullptr;
    };
    const PortItem* x = output0(a);
    const PortItem* y = output0(b);
    if (x == nullptr || y == nullptr) return x == y;
    if (std::string_view(x->row().dtype()) != std::string_view(y->row().dtype())) return false;
    if (std::string_view(x->row().shape()) != std::string_view(y->row().shape())) return false;
    for (std::size_t i = 0; i < 4; ++i) {
        const dump::StatValue s = x->row().stat(i);
        const dump::StatValue t = y->row().stat(i);
        if (s.kind != t.kind || s.number != t.number || s.text() != t.text() || s.boolean != t.boolean) return false;
    }
    return true;
}

// Phase 2 of msprobe's matching over the unique ids of every rank.
class Matcher {
public:
    Matcher(const std::map<int, ModelGraph*>& graphs, bool overflow_check, bool strict_compat,
            const CommunicationRules& rules)
        : overflow_check_(overflow_check), strict_compat_(strict_compat), rules_(rules) {
        for (const auto& [rank, graph] : graphs) ids_[rank] = unique_ids(*graph, rules.exported_rows);
    }

    // Ranks in order, nodes in their matching order; a node another rank already linked is skipped.
    void run() {
        for (auto& [rank, ids] : ids_) {
            for (GraphNode* pointer : ids.order) {
                GraphNode& node = *pointer;
                if (node.rare().matched_distributed) continue;
                const auto own = ids.ids_of.find(&node);
                if (own == ids.ids_of.end()) continue;
                const CommApi api = api_of(node.id);
                if (api_name_of(node.id) == "batch_isend_irecv") {
                    if (!(rules_.exported_rows && strict_compat_)) link_batch(node, own->second, rank);
                } else if (api.kind == CommKind::PointToPoint) {
                    link_point_to_point(node, api, own->second.front(), rank);
                } else {
                    link_collective(node, api, own->second.front(), rank);
                }
            }
        }
    }

private:
    GraphNode* find(int rank, const std::string& unique) const {
        const auto side = ids_.find(rank);
        if (side == ids_.end()) return nullptr;
        const auto it = side->second.node_of.find(unique);
        return it == side->second.node_of.end() ? nullptr : it->second;
    }

    std::string link(std::string type, int rank, const GraphNode& partner) const {
        return link_json({std::move(type), {{rank, &partner}}}, overflow_check_);
    }

    // The partner's id: this node's, with this rank and the partner operation
    // (plain replacements, as msprobe: "sendrank1_1" on rank 0 → "recvrank0_1" on rank 1).
    static std::string partner_id(const std::string& unique, int target_rank, int rank, const CommApi& api) {
        const std::string key =
            replace_all(unique, "rank" + std::to_string(target_rank), "rank" + std::to_string(rank));
        return replace_all(key, std::string(api.name), std::string(api.partner));
    }

    // send/recv: the partner must name this rank back (and, send_recv_same_output, carry the same outputs).
    void link_point_to_point(GraphNode& node, const CommApi& api, const std::string& unique, int rank) const {
        const auto target_rank = parameter_rank(node, api.parameter);
        if (!target_rank) return;
        GraphNode* target = find(*target_rank, partner_id(unique, *target_rank, rank, api));
        if (target == nullptr) return;
        const CommApi target_api = api_of(target->id);
        if (parameter_rank(*target, target_api.parameter) != rank) return;
        if (rules_.send_recv_same_output && !same_output(node, *target)) return;
        node.writable_rare().matched_distributed = link(std::string(api.type), *target_rank, *target);
        target->writable_rare().matched_distributed = link(std::string(target_api.type), rank, node);
    }

    // Collectives: every other member of the group with the same unique id and
    // group; a rooted one (broadcast, scatter, gather, reduce) only from its
    // root, which also gives each member the reversed link.
    void link_collective(GraphNode& node, const CommApi& api, const std::string& unique, int rank) const {
        if (api.kind == CommKind::Rooted) {
            auto root = parameter_text(node, api.parameter);
            if (!root && !strict_compat_ && !api.keyword.empty()) root = parameter_text(node, api.keyword);
            if (root != std::to_string(rank)) return;
        }
        const auto group = group_of(node);
        if (!group) return;
        Link members{std::string(api.type), {}};
        for (const int other : group->ranks) {
            if (other == rank) continue;
            GraphNode* target = find(other, unique);
            if (target == nullptr) continue;
            const auto target_group = group_of(*target);
            if (!target_group || target_group->id != group->id) continue;
            members.partners.emplace_back(other, target);
            if (api.kind == CommKind::Rooted) {
                target->writable_rare().matched_distributed = link(api.type == "send" ? "receive" : "send", rank, node);
            }
        }
        if (!members.partners.empty()) node.writable_rare().matched_distributed = link_json(members, overflow_check_);
    }

    // Each operation of a batch_isend_irecv node ("isend_rank1_<group>_1") is
    // looked up on its peer; the node's value is the one link, or the list of them.
    void link_batch(GraphNode& node, const std::vector<std::string>& uniques, int rank) const {
        std::vector<std::string> links;
        for (const std::string& unique : uniques) {
            const auto first = unique.find('_');
            const auto second = unique.find('_', first + 1);
            const std::string peer = unique.substr(first + 1, second - first - 1);
            if (peer.size() < 5 || peer.size() > 13 || peer.rfind("rank", 0) != 0 ||
                peer.find_first_not_of("0123456789", 4) != std::string::npos) {
                continue;
            }
            const int target_rank = std::stoi(peer.substr(4));
            const CommApi api = api_of("Distributed." + unique.substr(0, first));
            if (api.kind != CommKind::PointToPoint) continue;
            const GraphNode* target = find(target_rank, partner_id(unique, target_rank, rank, api));
            if (target != nullptr) links.push_back(link(std::string(api.type), target_rank, *target));
        }
        if (links.empty()) return;
        if (links.size() == 1) {
            node.writable_rare().matched_distributed = links.front();
            return;
        }
        std::string list = "[";
        for (std::size_t i = 0; i < links.size(); ++i) list += (i ? ", " : "") + links[i];
        node.writable_rare().matched_distributed = list + "]";
    }

    bool overflow_check_;
    bool strict_compat_;
    CommunicationRules rules_;
    std::map<int, RankIds> ids_;
};

}  // namespace

void match_communications(const std::map<int, ModelGraph*>& graphs, bool overflow_check, bool strict_compat,
                          const CommunicationRules& rules) {
    Matcher(graphs, overflow_check, strict_compat, rules).run();
}

}  // namespace msprobe::graph
