#include "dump/flatten.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include <rapidjson/document.h>

#include "common/error.hpp"
#include "common/python_text.hpp"
#include "dump/json_file.hpp"
#include "dump/python_value.hpp"

namespace msprobe::dump {

namespace {

// `object[key]`, or nullptr when `object` is not an object or has no such member.
const rapidjson::Value* find_member(const rapidjson::Value& object, const char* key) {
    if (!object.IsObject()) return nullptr;
    const auto it = object.FindMember(key);
    return it == object.MemberEnd() ? nullptr : &it->value;
}


constexpr int kMaxDepth = 400;  // msprobe's own recursion limit for walking values

std::string_view last_segment(std::string_view name) {
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

bool has_segment(std::string_view name, std::string_view segment) {
    std::size_t start = 0;
    while (start <= name.size()) {
        const auto dot = name.find('.', start);
        const auto end = dot == std::string_view::npos ? name.size() : dot;
        if (name.substr(start, end - start) == segment) return true;
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    return false;
}

std::string string_of(const rapidjson::Value* value) {
    return value && value->IsString() ? std::string(value->GetString(), value->GetStringLength()) : std::string();
}

// A statistic of a tensor leaf: JSON booleans become the texts True/False.
StatValue tensor_stat(const rapidjson::Value* value) {
    if (!value || value->IsNull()) return StatValue::null();
    if (value->IsBool()) return StatValue::of_text(value->GetBool() ? "True" : "False");
    if (value->IsInt64()) return StatValue::of_integer(value->GetInt64());
    if (value->IsNumber()) return StatValue::of_number(value->GetDouble());
    if (value->IsString()) return StatValue::of_text(string_of(value));
    return StatValue::of_text(python_str(*value));
}

// An extra P2POp field as msprobe keeps it: the JSON value, "None" when absent.
StatValue p2p_field(const rapidjson::Value* value) {
    if (!value) return StatValue::of_text("None");
    if (value->IsInt64()) return StatValue::of_integer(value->GetInt64());
    if (value->IsBool()) return StatValue::of_bool(value->GetBool());
    return tensor_stat(value);
}

std::shared_ptr<const P2POpFields> p2p_fields(const rapidjson::Value& leaf) {
    return std::make_shared<const P2POpFields>(
        P2POpFields{p2p_field(find_member(leaf, "op")), p2p_field(find_member(leaf, "peer"))});
}

// A statistic taken from a non-tensor's value, which keeps booleans boolean.
StatValue scalar_stat(const rapidjson::Value* value) {
    if (value && value->IsBool()) return StatValue::of_bool(value->GetBool());
    return tensor_stat(value);
}

// A tensor shape as Python prints the list: "[8, 16]", "[]". The common case
// (all integers) skips the general renderer.
std::string shape_text(const rapidjson::Value& shape) {
    std::string text = "[";
    for (rapidjson::SizeType i = 0; i < shape.Size(); ++i) {
        const auto& d = shape[i];
        if (!d.IsInt64()) return python_str(shape);
        if (i) text += ", ";
        text += std::to_string(d.GetInt64());
    }
    text += ']';
    return text;
}

// The fields of a leaf object, found in one pass over its members (the
// hot loop of reading a dump: a dozen lookups per tensor otherwise).
struct LeafFields {
    const rapidjson::Value* type = nullptr;
    const rapidjson::Value* dtype = nullptr;
    const rapidjson::Value* shape = nullptr;
    const rapidjson::Value* value = nullptr;
    const rapidjson::Value* requires_grad = nullptr;
    const rapidjson::Value* data_name = nullptr;
    const rapidjson::Value* md5 = nullptr;
    const rapidjson::Value* group_ranks = nullptr;
    std::array<const rapidjson::Value*, 4> stats{};  // Max, Min, Mean, Norm

    explicit LeafFields(const rapidjson::Value& leaf) {
        for (const auto& m : leaf.GetObject()) {
            const std::string_view key(m.name.GetString(), m.name.GetStringLength());
            const rapidjson::Value* v = &m.value;
            // Later duplicates win, as in Python's json.
            if (key == "type") type = v;
            else if (key == "dtype") dtype = v;
            else if (key == "shape") shape = v;
            else if (key == "Max") stats[0] = v;
            else if (key == "Min") stats[1] = v;
            else if (key == "Mean") stats[2] = v;
            else if (key == "Norm") stats[3] = v;
            else if (key == "requires_grad") requires_grad = v;
            else if (key == "data_name") data_name = v;
            else if (key == "md5") md5 = v;
            else if (key == "value") value = v;
            else if (key == "group_ranks") group_ranks = v;
        }
    }
};

class Flattener {
public:
    Flattener(std::uint32_t api_index, const std::string& file, std::vector<DumpRow>& rows,
              std::vector<JsonView>* leaves)
        : api_index_(api_index), file_(file), rows_(rows), leaves_(leaves) {}

    void flatten(const rapidjson::Value& value, const std::string& name, RowState state, int depth) {
        if (depth > kMaxDepth) throw Error(file_, fmt::format("{}: nesting deeper than {} levels", name, kMaxDepth));
        if (value.IsNull()) {
            none_row(name, state);
        } else if (value.IsArray()) {
            const bool same_name = has_segment(name, "parameters_grad");
            for (rapidjson::SizeType i = 0; i < value.Size(); ++i) {
                flatten(value[i], same_name ? name : fmt::format("{}.{}", name, i), state, depth + 1);
            }
        } else if (value.IsObject()) {
            const auto class_type = string_of(find_member(value, "class_type"));
            const rapidjson::Value* type = find_member(value, "type");
            if (class_type == "torch.distributed.P2POp" || class_type == "mindspore.mint.distributed.P2POp") {
                const rapidjson::Value* tensor = find_member(value, "tensor");
                if (tensor && tensor->IsObject()) {
                    leaf_row(*tensor, name, state);
                } else {
                    none_row(name, state);
                }
                rows_.back().p2p = p2p_fields(value);
            } else if (type && type->IsString()) {
                leaf_row(value, name, state);
            } else {
                for (const auto& m : value.GetObject()) {
                    flatten(m.value, name + "." + std::string(m.name.GetString(), m.name.GetStringLength()), state,
                            depth + 1);
                }
            }
        }
        // Bare scalars carry no row (msprobe wraps real scalars in {"type", "value"} objects).
    }

private:
    DumpRow& new_row(std::string name, RowState state, const rapidjson::Value* leaf) {
        if (leaves_) leaves_->push_back(leaf ? JsonView(*leaf) : JsonView());
        DumpRow& row = rows_.emplace_back();
        row.name = std::move(name);
        row.state = state;
        row.api_index = api_index_;
        return row;
    }

    void none_row(const std::string& name, RowState state) {
        DumpRow& row = new_row(name, state, nullptr);
        row.dtype = "None";
        row.shape = "None";
    }

    void leaf_row(const rapidjson::Value& leaf, const std::string& name, RowState state) {
        const LeafFields fields(leaf);
        const rapidjson::Value* shape = fields.shape;
        if (shape && !shape->IsArray()) throw Error(file_, fmt::format("{}: 'shape' is not an array", name));
        const rapidjson::Value* requires_grad = fields.requires_grad;
        if (requires_grad && !requires_grad->IsNull() && !requires_grad->IsBool()) {
            throw Error(file_, fmt::format("{}: 'requires_grad' is not a boolean", name));
        }
        std::string data_name = string_of(fields.data_name);
        if (data_name.empty()) data_name = "-1";
        std::string row_name = name;
        if (data_name != "-1") {
            const auto dot = data_name.rfind('.');
            row_name = dot == std::string::npos ? data_name : data_name.substr(0, dot);
        }
        DumpRow& row = new_row(std::move(row_name), state, &leaf);
        if (data_name != "-1") row.data_file = std::move(data_name);
        if (requires_grad && requires_grad->IsBool()) row.requires_grad = requires_grad->GetBool();

        const std::string dtype = string_of(fields.dtype);
        const std::string type = string_of(fields.type);
        const rapidjson::Value* value = fields.value;
        static const rapidjson::Value kNull;
        const rapidjson::Value& v = value ? *value : kNull;

        if (!dtype.empty()) {
            row.dtype = dtype;
            row.shape = shape ? shape_text(*shape) : "None";
            for (std::size_t i = 0; i < 4; ++i) row.stats[i] = tensor_stat(fields.stats[i]);
        } else {
            non_tensor_fields(row, fields, type, v, name);
        }
        if (!row.md5) {
            std::string digest = string_of(fields.md5);
            if (!digest.empty()) {
                row.md5 = std::move(digest);
            } else {
                static const std::string kEmptyDigest = py::crc32_hex("");
                row.md5 = value ? OptionalText(py::crc32_hex(python_str(v))) : OptionalText::borrowed(kEmptyDigest);
            }
        }
    }

    static void non_tensor_fields(DumpRow& row, const LeafFields& fields, const std::string& type,
                                  const rapidjson::Value& v, const std::string& name) {
        const auto segment = last_segment(name);
        row.shape = "[]";
        if (type == "torch.Size") {
            row.dtype = "torch.Size";
            row.shape = python_str(v);
        } else if (type == "slice") {
            row.dtype = "slice";
            row.shape = numpy_shape_text(v);
        } else if (type == "ellipsis") {
            row.dtype = "ellipsis";
            row.stats.fill(scalar_stat(&v));
        } else if (segment == "src" || segment == "dst" || segment == "group_src" || segment == "group_dst") {
            row.dtype = type;
            const std::string text = python_str(v);
            row.stats.fill(StatValue::of_text(text));
            row.md5 = text;
        } else if (type == "torch.ProcessGroup") {
            row.dtype = type;
            const rapidjson::Value* ranks = fields.group_ranks;
            const std::string text = ranks ? python_str(*ranks) : "None";
            row.stats.fill(StatValue::of_text(text));
            row.md5 = text;
        } else {
            row.dtype = python_type_text(v);
            row.stats.fill(scalar_stat(&v));
        }
    }

    std::uint32_t api_index_;
    const std::string& file_;
    std::vector<DumpRow>& rows_;
    std::vector<JsonView>* leaves_;
};

int order_group(RowState state) {
    switch (state) {
        case RowState::Input:
        case RowState::Debug: return 0;
        case RowState::Parameters: return 1;
        case RowState::Output: return 2;
        case RowState::ParametersGrad: return 3;
    }
    return 0;
}

}  // namespace

namespace {

// An absent entry reads as null, which has no rows.
const rapidjson::Value& value_of(JsonView entry) {
    static const rapidjson::Value kNull;
    return entry ? *entry.raw() : kNull;
}

void flatten_into(std::string_view key, const rapidjson::Value& entry, std::uint32_t api_index,
                  const std::string& file, std::vector<DumpRow>& rows, std::vector<JsonView>* leaves) {
    // A single-point save (".debug") records the saved value as it is: a tensor, a list, a dict or a scalar.
    if (!entry.IsObject() && !entry.IsNull() && last_segment(key) != "debug") {
        throw Error(file, fmt::format("entry '{}' is not an object", key));
    }
    const std::size_t first = rows.size();
    const std::size_t first_leaf = leaves ? leaves->size() : 0;
    Flattener flattener(api_index, file, rows, leaves);
    const std::string name(key);
    const auto last = last_segment(key);
    std::string_view before_last = key.substr(0, key.size() - last.size());
    if (!before_last.empty()) before_last.remove_suffix(1);
    if (last == "debug") {
        flattener.flatten(entry, name, RowState::Debug, 0);
    } else if (last == "parameters_grad" || last_segment(before_last) == "parameters_grad") {
        flattener.flatten(entry, name, RowState::ParametersGrad, 0);
    } else if (entry.IsObject()) {
        struct Section {
            const char* key;
            const char* suffix;
            RowState state;
        };
        static constexpr std::array<Section, 5> kSections = {{
            {"input_args", ".input", RowState::Input},
            {"input_kwargs", ".input", RowState::Input},
            {"input", ".input", RowState::Input},
            {"output", ".output", RowState::Output},
            {"parameters", ".parameters", RowState::Parameters},
        }};
        for (const auto& section : kSections) {
            const rapidjson::Value* value = find_member(entry, section.key);
            if (value) flattener.flatten(*value, name + section.suffix, section.state, 0);
        }
    }
    auto by_group = [](const DumpRow& a, const DumpRow& b) { return order_group(a.state) < order_group(b.state); };
    const auto begin = rows.begin() + static_cast<std::ptrdiff_t>(first);
    if (std::is_sorted(begin, rows.end(), by_group)) return;
    if (!leaves) {
        std::stable_sort(begin, rows.end(), by_group);
        return;
    }
    // Sort rows and their leaves by one permutation.
    std::vector<std::size_t> order(rows.size() - first);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return order_group(rows[first + a].state) < order_group(rows[first + b].state);
    });
    std::vector<DumpRow> sorted_rows;
    std::vector<JsonView> sorted_leaves;
    sorted_rows.reserve(order.size());
    sorted_leaves.reserve(order.size());
    for (const std::size_t i : order) {
        sorted_rows.push_back(std::move(rows[first + i]));
        sorted_leaves.push_back((*leaves)[first_leaf + i]);
    }
    std::move(sorted_rows.begin(), sorted_rows.end(), begin);
    std::copy(sorted_leaves.begin(), sorted_leaves.end(), leaves->begin() + static_cast<std::ptrdiff_t>(first_leaf));
}

}  // namespace

void flatten_entry(std::string_view key, JsonView entry, std::uint32_t api_index, const std::string& file,
                   std::vector<DumpRow>& rows) {
    flatten_into(key, value_of(entry), api_index, file, rows, nullptr);
}

void flatten_entry(std::string_view key, JsonView entry, std::uint32_t api_index, const std::string& file,
                   std::vector<DumpRow>& rows, std::vector<JsonView>& leaves) {
    flatten_into(key, value_of(entry), api_index, file, rows, &leaves);
}

}  // namespace msprobe::dump
