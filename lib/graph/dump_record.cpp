#include "graph/dump_record.hpp"

#include <cctype>
#include <iterator>

#include "common/error.hpp"
#include "dump/python_value.hpp"

namespace msprobe::graph {

namespace {

// The operations of a batch_isend_irecv record: the objects of its output's first list.
std::vector<BatchP2POp> batch_p2p_ops(dump::JsonView record) {
    std::vector<BatchP2POp> ops;
    const auto text = [](dump::JsonView object, std::string_view key) -> std::optional<std::string> {
        const dump::JsonView member = object.member(key);
        if (!member) return std::nullopt;
        return dump::python_str(member);
    };
    for (const dump::JsonView element : record.member("output").item(0).items()) {
        if (!element.is_object()) continue;
        ops.push_back({text(element, "op"), text(element, "peer"), text(element, "group_id").value_or("")});
    }
    return ops;
}

// `items` moved into a list of exactly their number: a graph keeps its items' lists to the end.
std::vector<PortItem> exact_list(std::vector<PortItem>& items) {
    return std::vector<PortItem>(std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
}

}  // namespace

DumpRecord make_dump_record(const std::string& id, dump::JsonView entry, const std::string& file,
                            const RecordRules& rules, RecordUse use) {
    DumpRecord record;
    // Made in the thread's scratch lists, then moved: the lists a node keeps hold no room beyond their items,
    // and growing them leaves no freed blocks behind.
    thread_local std::vector<PortItem> inputs;
    thread_local std::vector<PortItem> outputs;
    inputs.clear();
    outputs.clear();
    try {
        if (use == RecordUse::ParameterGradient) {
            record_port_items(id, entry, file, false, inputs, inputs, rules.keep_every_leaf);
        } else {
            record_port_items(id, entry, file, rules.strict_compat, inputs, outputs, rules.keep_every_leaf);
        }
    } catch (const Error& error) {
        record.error = error.reason();
        return record;
    }
    record.inputs = exact_list(inputs);
    record.outputs = exact_list(outputs);
    if (id.find("batch_isend_irecv") != std::string::npos) record.batch_p2p = batch_p2p_ops(entry);
    return record;
}

std::optional<std::size_t> parameters_grad_at(const std::string& key) {
    static const std::string kMarker = ".parameters_grad";
    const auto at = key.rfind(kMarker);
    if (at == std::string::npos) return std::nullopt;
    const std::string rest = key.substr(at + kMarker.size());
    if (rest.empty()) return at;
    if (rest.size() < 2 || rest[0] != '.') return std::nullopt;
    for (std::size_t i = 1; i < rest.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(rest[i]))) return std::nullopt;
    }
    return at;
}

}  // namespace msprobe::graph
