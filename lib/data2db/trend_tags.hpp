#pragma once
// The tags a trend viewer filters targets by, made from a target's name as
// msprobe makes them. msprobe gathers them in a Python set, so the order it
// inserts them (their tag_id) changes from run to run; here each name's tags
// come in the order they are found, left to right, once each.
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::data2db {

struct TrendTag {
    std::string name;
    std::string category;  // index, default, function, layer, module
    bool operator==(const TrendTag&) const = default;
};

// A dump target ("Module.layers.1.mlp.Linear.input.0"): its last two parts
// (index), Module/Cell (default), then the function name of an API, or the
// layers ("layers.1") and modules between them of a module. Nothing for a
// name of fewer than three parts or one made of Module/Cell alone.
std::vector<TrendTag> dump_target_tags(std::string_view target_name);

// A monitor target ("layers.22.self_attention.linear_qkv"), read from its end:
// every part that is no number (module), and every number with the part before
// it when that part is no number (layer).
std::vector<TrendTag> monitor_target_tags(std::string_view target_name);

}  // namespace msprobe::data2db
