#include "first_diff/nan_dump_reader.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "common/error.hpp"
#include "dump/entry_view.hpp"
#include "common/input_file.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/non_finite_value.hpp"

namespace msprobe::first_diff {

namespace {

using dump::JsonView;
using dump::LeafView;
using dump::Statistic;

// msprobe tests str(value).lower() against nan, inf and -inf only.
bool abnormal_value(JsonView value) {
    return dump::non_finite_value(value, dump::NonFiniteSpellings::NanInf).has_value();
}

bool abnormal_leaf(const LeafView& leaf) {
    return leaf.is_record() && (abnormal_value(leaf.statistic(Statistic::Max)) ||
                                abnormal_value(leaf.statistic(Statistic::Min)));
}

// A rank number written in the dump (ints; a float equal to an int counts too).
std::optional<std::int64_t> rank_value(JsonView v) {
    if (const auto integer = v.integer()) return integer;
    if (!v.is_double()) return std::nullopt;
    const double d = *v.number();
    if (std::isfinite(d) && d == std::floor(d)) return static_cast<std::int64_t>(d);
    return std::nullopt;
}

bool is_int_leaf(JsonView item) { return LeafView(item).type() == std::string_view("int"); }

}  // namespace

bool section_has_nan_inf(JsonView section) {
    if (section.is_array()) {
        const auto items = section.items();
        return std::any_of(items.begin(), items.end(), [](JsonView v) { return abnormal_leaf(LeafView(v)); });
    }
    for (const auto& m : section.members()) {
        if (abnormal_leaf(LeafView(m.value))) return true;
    }
    return false;
}

bool entry_is_anomalous(const std::string& key, JsonView json) {
    if (nan_key_rules().kind_of(key) == OpKind::Ignored) return false;
    const dump::EntryView entry(key, json);
    const bool input = section_has_nan_inf(entry.backward_input()) || section_has_nan_inf(entry.input_args()) ||
                       section_has_nan_inf(entry.input_kwargs());
    return !input && section_has_nan_inf(entry.output());
}

CommFacts nan_comm_facts(const std::string& key, JsonView json, std::int64_t rank) {
    const dump::EntryView entry(key, json);
    const JsonView kwargs = entry.input_kwargs();  // members() and member() are empty unless a dict
    const auto args = entry.input_args().items();  // empty unless a list
    const auto api = comm_api(key);

    CommFacts facts;
    // Ranks: the first present dst and src keyword, else every int positional, then the group.
    for (const auto& names : {std::pair{"dst", "dst_group"}, std::pair{"src", "src_group"}}) {
        for (const char* name : {names.first, names.second}) {
            const JsonView kw = kwargs.member(name);
            if (!kw.present()) continue;
            if (kw.truthy()) {
                if (const auto r = rank_value(kw.member("value"))) facts.ranks.push_back(*r);
            }
            break;
        }
    }
    if (facts.ranks.empty()) {
        for (const JsonView item : args) {
            if (!is_int_leaf(item)) continue;
            if (const auto r = rank_value(item.member("value"))) facts.ranks.push_back(*r);
        }
    }
    if (const JsonView group = kwargs.member("group"); group.truthy()) {
        for (const JsonView m : group.member("group_ranks").items()) {
            if (const auto r = rank_value(m)) facts.ranks.push_back(*r);
        }
    }

    // Role: a src keyword, else a dst keyword, else the first int positional of a directed API.
    auto decided = [&]() -> std::optional<CommRole> {
        for (const auto& [names, role] : {std::pair{std::pair{"src", "src_group"}, CommRole::Src},
                                          std::pair{std::pair{"dst", "dst_group"}, CommRole::Dst}}) {
            for (const char* name : {names.first, names.second}) {
                const JsonView kw = kwargs.member(name);
                if (!kw.truthy()) continue;
                return rank_value(kw.member("value")) == rank ? role : opposite(role);
            }
        }
        if (const auto role = api ? directed_role(*api) : std::nullopt) {
            for (const JsonView item : args) {
                if (!is_int_leaf(item)) continue;
                return rank_value(item.member("value")) == rank ? *role : opposite(*role);
            }
        }
        return std::nullopt;
    }();
    facts.role = decided.value_or(CommRole::Link);

    const bool input_nan = section_has_nan_inf(entry.input_args()) || section_has_nan_inf(entry.input_kwargs());
    facts.keeps_itself = input_nan || section_has_nan_inf(entry.output());
    // The anomaly entered the communication from this rank's own earlier compute.
    facts.feeds_compute_ops = facts.role != CommRole::Dst && input_nan;
    return facts;
}

RankOps read_nan_rank(const std::filesystem::path& dump_json, std::int64_t rank) {
    RankOps out;
    out.rank = rank;
    out.source = dump_json.string();
    try {
        const InputFile file = InputFile::open(dump_json, InputKind::Json);
        const KeyRules& rules = nan_key_rules();
        const auto read_op = [&](std::uint32_t, std::string_view name, JsonView json) {
            RankOp op;
            op.name = std::string(name);
            op.kind = rules.kind_of(op.name);
            // An entry that is not a dict has no sections: never flagged, no peers.
            op.flagged = entry_is_anomalous(op.name, json);
            if (op.kind == OpKind::Communication) op.comm = nan_comm_facts(op.name, json, rank);
            out.ops.push_back(std::move(op));
        };
        const auto summary = dump::stream_dump_entries(file, dump::DumpTopLevel::Object, read_op);
        out.framework = summary.top_string("framework");
    } catch (...) {
        rethrow_naming(out.source);
    }
    return out;
}

}  // namespace msprobe::first_diff
