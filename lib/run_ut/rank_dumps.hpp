#pragma once
// The dumps of every rank of one step (<step>/rank0/dump.json, rank1/...),
// loaded on first use: a collective's record on one rank is only half of the
// call, the other ranks' records of the same call hold the rest.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "dump/json_view.hpp"
#include "run_ut/dump_records.hpp"
#include "run_ut/input_builder.hpp"

namespace msprobe::run_ut {

class RankDumps {
public:
    // The ranks beside `own` (a dump read from <step>/rank<N>/dump.json), or nullopt when the dump does not sit
    // in a numbered rank folder (a single-process dump has none to pair with).
    static std::optional<RankDumps> beside(const DumpRecords& own);

    int own_rank() const { return own_rank_; }
    // Every rank folder found beside the dump, ascending, with or without its dump.json (the world of a
    // collective without a recorded group).
    const std::vector<int>& ranks() const { return ranks_; }

    // The forward record of `full_name` ("Distributed.all_reduce.0") on `rank`; empty when that rank's dump
    // has no such call. Throws msprobe::Error when the rank's dump.json cannot be read.
    dump::JsonView forward_entry(int rank, const std::string& full_name);

    // Rebuilds the tensors of `rank`'s records (its own dump_tensor_data in a real-data dump).
    InputBuilder& inputs(int rank);

private:
    struct Rank {
        const DumpRecords* records = nullptr;  // own rank: the caller's; others: `loaded`
        std::unique_ptr<DumpRecords> loaded;
        std::unordered_map<std::string, dump::JsonView> forwards;
        std::unique_ptr<InputBuilder> inputs;
    };
    Rank& rank(int r);

    std::filesystem::path step_dir_;
    int own_rank_ = 0;
    std::vector<int> ranks_;
    const DumpRecords* own_ = nullptr;
    std::map<int, std::unique_ptr<Rank>> loaded_;
};

}  // namespace msprobe::run_ut
