#include "first_diff/nan_dump_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "first_diff/json_copy.hpp"

namespace msprobe::first_diff {

namespace {

// str(value).lower() is nan, inf or -inf (a trailing tab allowed), as msprobe tests it.
bool abnormal_value(const rapidjson::Value* v) {
    if (!v) return false;
    if (v->IsDouble()) return std::isnan(v->GetDouble()) || std::isinf(v->GetDouble());
    if (!v->IsString()) return false;
    std::string text(v->GetString(), v->GetStringLength());
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    if (!text.empty() && text.back() == '\t') text.pop_back();
    return text == "nan" || text == "inf" || text == "-inf";
}

bool abnormal_leaf(const rapidjson::Value& leaf) {
    return leaf.IsObject() && (abnormal_value(json_member(leaf, "Max")) || abnormal_value(json_member(leaf, "Min")));
}

// A rank number written in the dump (ints; a float equal to an int counts too).
std::optional<std::int64_t> rank_value(const rapidjson::Value* v) {
    if (!v) return std::nullopt;
    if (v->IsInt64()) return v->GetInt64();
    if (v->IsDouble() && std::isfinite(v->GetDouble()) && v->GetDouble() == std::floor(v->GetDouble())) {
        return static_cast<std::int64_t>(v->GetDouble());
    }
    return std::nullopt;
}

bool is_int_leaf(const rapidjson::Value& item) {
    const auto* type = json_member(item, "type");
    return type && type->IsString() && std::string_view(type->GetString(), type->GetStringLength()) == "int";
}

}  // namespace

bool section_has_nan_inf(const rapidjson::Value* section) {
    if (!section) return false;
    if (section->IsArray()) {
        return std::any_of(section->Begin(), section->End(), [](const rapidjson::Value& v) { return abnormal_leaf(v); });
    }
    if (section->IsObject()) {
        for (const auto& m : section->GetObject()) {
            if (abnormal_leaf(m.value)) return true;
        }
    }
    return false;
}

bool entry_is_anomalous(const std::string& key, const rapidjson::Value& entry) {
    if (nan_key_rules().kind_of(key) == OpKind::Ignored) return false;
    const bool input = section_has_nan_inf(json_member(entry, "input")) ||
                       section_has_nan_inf(json_member(entry, "input_args")) ||
                       section_has_nan_inf(json_member(entry, "input_kwargs"));
    return !input && section_has_nan_inf(json_member(entry, "output"));
}

CommFacts nan_comm_facts(const std::string& key, const rapidjson::Value& entry, std::int64_t rank) {
    static const rapidjson::Value kEmptyObject(rapidjson::kObjectType);
    static const rapidjson::Value kEmptyArray(rapidjson::kArrayType);
    const auto* kwargs_found = json_member(entry, "input_kwargs");
    const auto* args_found = json_member(entry, "input_args");
    const rapidjson::Value& kwargs = kwargs_found && kwargs_found->IsObject() ? *kwargs_found : kEmptyObject;
    const rapidjson::Value& args = args_found && args_found->IsArray() ? *args_found : kEmptyArray;
    const auto api = comm_api(key);

    CommFacts facts;
    // Ranks: the first present dst and src keyword, else every int positional, then the group.
    for (const auto& names : {std::pair{"dst", "dst_group"}, std::pair{"src", "src_group"}}) {
        for (const char* name : {names.first, names.second}) {
            const auto* kw = json_member(kwargs, name);
            if (!kw) continue;
            if (json_truthy(kw)) {
                if (const auto r = rank_value(json_member(*kw, "value"))) facts.ranks.push_back(*r);
            }
            break;
        }
    }
    if (facts.ranks.empty()) {
        for (const auto& item : args.GetArray()) {
            if (!is_int_leaf(item)) continue;
            if (const auto r = rank_value(json_member(item, "value"))) facts.ranks.push_back(*r);
        }
    }
    if (const auto* group = json_member(kwargs, "group"); json_truthy(group)) {
        if (const auto* members = json_member(*group, "group_ranks"); members && members->IsArray()) {
            for (const auto& m : members->GetArray()) {
                if (const auto r = rank_value(&m)) facts.ranks.push_back(*r);
            }
        }
    }

    // Role: a src keyword, else a dst keyword, else the first int positional of a directed API.
    auto decided = [&]() -> std::optional<CommRole> {
        for (const auto& [names, role] : {std::pair{std::pair{"src", "src_group"}, CommRole::Src},
                                          std::pair{std::pair{"dst", "dst_group"}, CommRole::Dst}}) {
            for (const char* name : {names.first, names.second}) {
                const auto* kw = json_member(kwargs, name);
                if (!json_truthy(kw)) continue;
                return rank_value(json_member(*kw, "value")) == rank ? role : opposite(role);
            }
        }
        if (const auto role = api ? directed_role(*api) : std::nullopt) {
            for (const auto& item : args.GetArray()) {
                if (!is_int_leaf(item)) continue;
                return rank_value(json_member(item, "value")) == rank ? *role : opposite(*role);
            }
        }
        return std::nullopt;
    }();
    facts.role = decided.value_or(CommRole::Link);

    const bool input_nan = section_has_nan_inf(args_found) || section_has_nan_inf(kwargs_found);
    facts.keeps_itself = input_nan || section_has_nan_inf(json_member(entry, "output"));
    // The anomaly entered the communication from this rank's own earlier compute.
    facts.feeds_compute_ops = facts.role != CommRole::Dst && input_nan;
    return facts;
}

RankOps read_nan_rank(const std::filesystem::path& dump_json, std::int64_t rank) {
    const dump::JsonFile json = dump::JsonFile::load(dump_json);
    RankOps out;
    out.rank = rank;
    out.source = json.path();
    if (!json.root().IsObject()) throw Error(json.path(), "the top level is not a JSON object");
    const auto* data = json_member(json.root(), "data");
    if (!data || !data->IsObject()) return out;
    const KeyRules& rules = nan_key_rules();
    static const rapidjson::Value kEmptyObject(rapidjson::kObjectType);
    for (const auto& m : data->GetObject()) {
        RankOp op;
        op.name.assign(m.name.GetString(), m.name.GetStringLength());
        op.kind = rules.kind_of(op.name);
        const rapidjson::Value& entry = m.value.IsObject() ? m.value : kEmptyObject;
        op.flagged = entry_is_anomalous(op.name, entry);
        if (op.kind == OpKind::Communication) op.comm = nan_comm_facts(op.name, entry, rank);
        out.ops.push_back(std::move(op));
    }
    return out;
}

}  // namespace msprobe::first_diff
