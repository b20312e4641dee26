#include "run_ut/rank_dumps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "common/error.hpp"

namespace msprobe::run_ut {

namespace {

// "rank12" -> 12; nullopt for "rank" (single process) or any other name.
std::optional<int> rank_number(const std::string& folder) {
    if (folder.size() <= 4 || folder.rfind("rank", 0) != 0) return std::nullopt;
    int value = 0;
    const char* first = folder.data() + 4;
    const char* last = folder.data() + folder.size();
    const auto [end, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || end != last) return std::nullopt;
    return value;
}

}  // namespace

std::optional<RankDumps> RankDumps::beside(const DumpRecords& own) {
    const auto rank_dir = std::filesystem::absolute(own.path).parent_path();
    const auto number = rank_number(rank_dir.filename().string());
    if (!number) return std::nullopt;
    RankDumps dumps;
    dumps.step_dir_ = rank_dir.parent_path();
    dumps.own_rank_ = *number;
    dumps.own_ = &own;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dumps.step_dir_, ec)) {
        const auto n = rank_number(e.path().filename().string());
        if (n && e.is_directory()) dumps.ranks_.push_back(*n);
    }
    if (std::find(dumps.ranks_.begin(), dumps.ranks_.end(), *number) == dumps.ranks_.end()) {
        dumps.ranks_.push_back(*number);
    }
    std::sort(dumps.ranks_.begin(), dumps.ranks_.end());
    return dumps;
}

RankDumps::Rank& RankDumps::rank(int r) {
    auto& slot = loaded_[r];
    if (slot) return *slot;
    auto entry = std::make_unique<Rank>();
    if (r == own_rank_) {
        entry->records = own_;
    } else {
        const auto path = step_dir_ / fmt::format("rank{}", r) / "dump.json";
        if (!std::filesystem::is_regular_file(path)) {
            throw Error(path.string(), fmt::format("rank {}'s dump.json is missing", r));
        }
        entry->loaded = std::make_unique<DumpRecords>(read_dump_records(path));
        entry->records = entry->loaded.get();
    }
    for (const auto& api : entry->records->apis) entry->forwards.emplace(api.full_name, api.forward);
    entry->inputs = std::make_unique<InputBuilder>(entry->records->data_root);
    slot = std::move(entry);
    return *slot;
}

dump::JsonView RankDumps::forward_entry(int r, const std::string& full_name) {
    auto& entry = rank(r);
    const auto it = entry.forwards.find(full_name);
    return it == entry.forwards.end() ? dump::JsonView() : it->second;
}

InputBuilder& RankDumps::inputs(int r) { return *rank(r).inputs; }

}  // namespace msprobe::run_ut
