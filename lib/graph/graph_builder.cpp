#include "graph/graph_builder.hpp"

#include <unordered_map>

#include <rapidjson/document.h>

#include "dump/python_value.hpp"
#include "graph/api_collections.hpp"
#include "graph/backward_names.hpp"
#include "graph/dump_data_dir.hpp"
#include "graph/node_kind.hpp"
#include "graph/parameter_gradients.hpp"
#include "graph/recompute_repair.hpp"
#include "graph/unknown_node_names.hpp"

namespace msprobe::graph {

namespace {

constexpr const char* kNoForwardStack =
    "This backward node cannot find the forward node and cannot retrieve stack information.";

// The operations of a batch_isend_irecv record: the objects of its output's first list.
std::vector<BatchP2POp> batch_p2p_ops(const rapidjson::Value& record) {
    std::vector<BatchP2POp> ops;
    if (!record.IsObject()) return ops;
    const auto output = record.FindMember("output");
    if (output == record.MemberEnd() || !output->value.IsArray() || output->value.Empty()) return ops;
    const rapidjson::Value& first = output->value[0];
    if (!first.IsArray()) return ops;
    const auto text = [](const rapidjson::Value& object, const char* key) -> std::optional<std::string> {
        const auto member = object.FindMember(key);
        if (member == object.MemberEnd()) return std::nullopt;
        return dump::python_str(member->value);
    };
    for (const auto& element : first.GetArray()) {
        if (!element.IsObject()) continue;
        ops.push_back({text(element, "op"), text(element, "peer"), text(element, "group_id").value_or("")});
    }
    return ops;
}

class Builder {
public:
    Builder(const RankFolder& folder, ModelGraph& graph, bool strict_compat, bool august)
        : folder_(folder), graph_(graph), strict_compat_(strict_compat), unknown_names_(august) {
        const auto& data = folder.dump->document()["data"];
        for (const auto& m : data.GetObject()) {
            records_.emplace(std::string(m.name.GetString(), m.name.GetStringLength()), &m.value);
        }
    }

    void walk_construct() {
        for (const ConstructEntry& entry : folder_.construct.entries()) {
            const auto parent_id = folder_.construct.repaired_parent(entry, strict_compat_);
            if (parent_id) unknown_names_.note(*parent_id);
            unknown_names_.note(entry.id);
            GraphNode& parent = parent_id ? node_for(*parent_id) : graph_.root();
            attach(node_for(entry.id), parent);
        }
    }

    const std::unordered_map<std::string, const rapidjson::Value*>& records() const { return records_; }

private:
    GraphNode& node_for(const std::string& id) {
        if (GraphNode* existing = graph_.find(id)) return *existing;
        GraphNode& node = graph_.add(id, node_kind_of(id));
        const auto record = records_.find(id);
        if (record != records_.end()) {
            node.has_record = true;
            record_port_items(id, *record->second, folder_.dump->path(), strict_compat_, node.inputs, node.outputs);
            if (id.find("batch_isend_irecv") != std::string::npos) node.batch_p2p = batch_p2p_ops(*record->second);
        }
        node.stack = stack_of(id);
        if (folder_.construct.megatron_micro_steps()) {
            const ConstructEntry* entry = folder_.construct.find(id);
            node.micro_step = entry && entry->micro_step ? *entry->micro_step : 0;
        }
        return node;
    }

    // A backward entry without frames takes its forward twin's, which must
    // already be a node. msprobe takes a module's call 0 whatever the
    // backward's own count (kept with strict_compat).
    const std::vector<std::string>* stack_of(const std::string& id) const {
        static const std::vector<std::string> no_forward = {kNoForwardStack};
        const std::vector<std::string>* lines = folder_.stack->stack_lines(id);
        if (lines != nullptr && !lines->empty()) return lines;
        std::string twin;
        if (const auto count = module_backward_count(id)) {
            twin = with_direction(id, "backward", "forward", strict_compat_ ? "0" : *count);
        } else if (ends_with(id, ".backward")) {
            twin = direction_twin(id, "backward", "forward", strict_compat_);
        } else {
            return nullptr;
        }
        const GraphNode* forward = graph_.find(twin);
        if (forward == nullptr) return &no_forward;
        return forward->stack;
    }

    const RankFolder& folder_;
    ModelGraph& graph_;
    bool strict_compat_;
    UnknownNodeNames unknown_names_;
    std::unordered_map<std::string, const rapidjson::Value*> records_;
};

}  // namespace

ModelGraph build_graph(const RankFolder& folder, bool strict_compat, bool august) {
    ModelGraph graph;
    graph.dump = folder.dump;
    graph.stacks = folder.stack;
    const auto& root = folder.dump->document();
    const auto dir = root.FindMember("dump_data_dir");
    if (dir != root.MemberEnd() && dir->value.IsString()) {
        graph.dump_data_dir = std::string(dir->value.GetString(), dir->value.GetStringLength());
        if (august && !graph.dump_data_dir->empty()) {
            graph.dump_data_dir = august_dump_data_dir(*graph.dump_data_dir, folder.dir);
        }
    }
    Builder builder(folder, graph, strict_compat, august);
    builder.walk_construct();
    repair_recomputed_layers(graph, august);
    group_apis_between_modules(graph);
    add_parameter_gradients(graph, folder.dump->document()["data"], folder.dump->path());
    return graph;
}

}  // namespace msprobe::graph
