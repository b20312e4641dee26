#include "torchair_compare/ge_graph.hpp"

#include "common/python_str.hpp"

namespace msprobe::torchair_compare {

namespace {

bool is_repeat_of(std::string_view key, std::string_view name) {
    return key == name || (key.size() > name.size() && key.starts_with(name) && key[name.size()] == '#');
}

// filter_valid_fx_desc_tensor_info: an `attr` block whose `key` is "_fx_tensor_name" and whose
// `value` block holds an `s` value.
const std::string* fx_tensor_name(const PbtxtField& attr) {
    if (!attr.block || !is_repeat_of(attr.key, "attr")) return nullptr;
    const PbtxtField* key = find_field(attr.fields, "key");
    const PbtxtField* value = find_field(attr.fields, "value");
    if (key == nullptr || key->block || key->text != "_fx_tensor_name" || value == nullptr || !value->block) {
        return nullptr;
    }
    const PbtxtField* s = find_field(value->fields, "s");
    return s == nullptr || s->block ? nullptr : &s->text;
}

GeGraphOp op_of(const PbtxtField& op, std::size_t position) {
    GeGraphOp result;
    result.position = position;
    for (const auto& field : op.fields) {
        if (!field.block && is_repeat_of(field.key, "input")) {
            const auto colon = field.text.rfind(':');
            result.input_names.push_back(colon == std::string::npos ? "" : field.text.substr(0, colon));
        } else if (field.block && is_repeat_of(field.key, "output_desc")) {
            std::vector<std::string> names;
            for (const auto& attr : field.fields) {
                if (const std::string* name = fx_tensor_name(attr)) names.push_back(*name);
            }
            result.output_fx_names.push_back(std::move(names));
        }
    }
    return result;
}

}  // namespace

GeGraph::GeGraph(const std::vector<PbtxtMessage>& messages) {
    for (std::size_t position = 0; position < messages.size(); ++position) {
        const PbtxtField* op = find_field(messages[position], "op");
        if (op == nullptr || !op->block) continue;
        const PbtxtField* name = find_field(op->fields, "name");
        if (name == nullptr || name->block) continue;
        ops_.insert_or_assign(name->text, op_of(*op, position));
    }
}

const GeGraphOp* GeGraph::find(std::string_view name) const {
    const auto it = ops_.find(std::string(name));
    return it == ops_.end() ? nullptr : &it->second;
}

std::ptrdiff_t GeGraph::position(std::string_view name) const {
    const GeGraphOp* op = find(name);
    return op == nullptr ? -1 : static_cast<std::ptrdiff_t>(op->position);
}

GeGraph read_ge_graph(const std::filesystem::path& file) { return GeGraph(read_pbtxt(file)); }

std::string fx_op_of_tensor(std::string_view fx_tensor_name) {
    const auto fields = py::split_dots(fx_tensor_name);
    if (fields.size() < 2 || fields[fields.size() - 2] != "OUTPUT") return std::string(fx_tensor_name);
    // The fields before the last two, joined by the dots between them.
    const std::string_view last_two_start = fields[fields.size() - 2];
    const auto cut = static_cast<std::size_t>(last_two_start.data() - fx_tensor_name.data());
    return std::string(fx_tensor_name.substr(0, cut - 1));
}

}  // namespace msprobe::torchair_compare
