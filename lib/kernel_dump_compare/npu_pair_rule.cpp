#include "kernel_dump_compare/npu_pair_rule.hpp"

#include <algorithm>
#include <map>

namespace msprobe::kernel_dump_compare {

namespace {

struct TimedOp {
    std::string name;
    std::uint64_t timestamp;
    const OpFiles* files;
};

// CompareRule._sort_file_by_timestamp: the listing's ops by the time stamp of their latest file.
std::vector<TimedOp> by_latest_dump(const DumpFolder& folder) {
    std::vector<TimedOp> ops;
    for (const auto& [name, files] : folder.ops()) {
        const std::string& last = files.files.back().name;
        const std::uint64_t timestamp = files.mode == TaskMode::Normal ? file_timestamp(last) : ffts_timestamp(last);
        ops.push_back({name, timestamp, &files});
    }
    std::stable_sort(ops.begin(), ops.end(),
                     [](const TimedOp& a, const TimedOp& b) { return a.timestamp < b.timestamp; });
    return ops;
}

FusionOp placeholder(std::size_t id, const TimedOp& op, const char* side) {
    FusionOp fusion;
    fusion.op_id = id;
    fusion.op_name = op.name;
    fusion.op_type = side;
    for (const auto& file : op.files->files) fusion.files.push_back(file.path);
    return fusion;
}

}  // namespace

FusionRule npu_pair_rule(const DumpFolder& mine, const DumpFolder& golden) {
    FusionRule rule;
    std::map<std::string, std::size_t> position;
    for (const auto& op : by_latest_dump(mine)) {
        position.emplace(op.name, rule.groups.size());
        rule.groups.push_back(FusionGroup{op.name, {placeholder(rule.groups.size(), op, "Left")}});
        rule.group_of[op.name] = op.name;
        rule.op_order.push_back(op.name);
    }
    for (const auto& op : by_latest_dump(golden)) {
        const auto it = position.find(op.name);
        if (it == position.end()) {
            position.emplace(op.name, rule.groups.size());
            rule.groups.push_back(FusionGroup{op.name, {placeholder(rule.groups.size(), op, "Right")}});
            rule.group_of[op.name] = op.name;
            rule.op_order.push_back(op.name);
            continue;
        }
        FusionGroup& group = rule.groups[it->second];
        if (group.ops.back().op_type == "Right") {
            for (const auto& file : op.files->files) group.ops.back().files.push_back(file.path);
        } else {
            group.ops.push_back(placeholder(group.ops.front().op_id, op, "Right"));
        }
    }
    rule.index_groups();
    return rule;
}

}  // namespace msprobe::kernel_dump_compare
