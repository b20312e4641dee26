#include "first_diff/rank_ops_message.hpp"

namespace msprobe::first_diff {

nlohmann::json rank_ops_message(const RankOps& ops) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& op : ops.ops) {
        list.push_back({op.name, static_cast<int>(op.kind), op.flagged, static_cast<int>(op.comm.role), op.comm.ranks,
                        op.comm.keeps_itself, op.comm.feeds_compute_ops});
    }
    return {{"rank", ops.rank}, {"source", ops.source}, {"framework", ops.framework}, {"ops", std::move(list)}};
}

RankOps rank_ops_from_message(const nlohmann::json& message) {
    RankOps ops;
    ops.rank = message.at("rank").get<std::int64_t>();
    ops.source = message.at("source").get<std::string>();
    ops.framework = message.at("framework").get<std::string>();
    for (const auto& item : message.at("ops")) {
        RankOp op;
        op.name = item.at(0).get<std::string>();
        op.kind = static_cast<OpKind>(item.at(1).get<int>());
        op.flagged = item.at(2).get<bool>();
        op.comm.role = static_cast<CommRole>(item.at(3).get<int>());
        op.comm.ranks = item.at(4).get<std::vector<std::int64_t>>();
        op.comm.keeps_itself = item.at(5).get<bool>();
        op.comm.feeds_compute_ops = item.at(6).get<bool>();
        ops.ops.push_back(std::move(op));
    }
    return ops;
}

}  // namespace msprobe::first_diff
