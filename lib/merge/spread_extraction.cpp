#include "merge/spread_extraction.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <optional>
#include <utility>

#include "common/progress.hpp"
#include "common/rank_plan.hpp"
#include "merge/rank_extract_message.hpp"

namespace msprobe::merge {

namespace {

using nlohmann::json;

// What this process made of its ranks: the extracts of those read, and the first
// (lowest) of its ranks that could not be read, with why.
struct OwnExtracts {
    std::vector<std::pair<std::size_t, RankExtract>> extracts;  // (index in files, extract), in files order
    std::optional<std::size_t> failed;
    std::exception_ptr failure;
};

OwnExtracts extract_own(const std::vector<RankResultFile>& files, const std::vector<std::size_t>& mine,
                        const std::vector<std::string>& apis, ThreadPool& pool, bool show_progress) {
    Progress progress("Reading rank results", static_cast<std::int64_t>(mine.size()), show_progress, "files");
    std::vector<RankExtract> extracts(mine.size());
    std::vector<std::exception_ptr> failures(mine.size());
    pool.parallel_for(static_cast<std::int64_t>(mine.size()), [&](std::int64_t k) {
        const RankResultFile& file = files[mine[k]];
        try {
            extracts[k] = extract_rank_result(read_result_sheet(file.path), file.rank, apis);
        } catch (...) {
            failures[k] = std::current_exception();
        }
        progress.advance();
    });
    OwnExtracts own;
    for (std::size_t k = 0; k < mine.size(); ++k) {
        if (failures[k]) {
            own.failed = mine[k];
            own.failure = failures[k];
            return own;  // the run fails; the other extracts are not needed
        }
        own.extracts.emplace_back(mine[k], std::move(extracts[k]));
    }
    return own;
}

std::string own_message(const OwnExtracts& own) {
    json extracts = json::array();
    for (const auto& [index, extract] : own.extracts)
        extracts.push_back(json::array({index, rank_extract_message(extract)}));
    const json message = json::array({own.failed ? json(*own.failed) : json(nullptr), std::move(extracts)});
    const auto packed = json::to_msgpack(message);
    return {packed.begin(), packed.end()};
}

}  // namespace

std::vector<RankExtract> extract_rank_results(const std::vector<RankResultFile>& files,
                                              const std::vector<std::string>& apis, ThreadPool& pool,
                                              ProcessGroup& processes, bool show_progress) {
    // A result book's bytes are what reading it costs.
    const auto file_bytes = [&](std::size_t i) {
        std::error_code ec;
        const auto bytes = std::filesystem::file_size(files[i].path, ec);
        return ec ? std::uintmax_t{0} : bytes;
    };
    const auto mine = ranks_of_process(files.size(), file_bytes, processes.size(), processes.index());
    OwnExtracts own = extract_own(files, mine, apis, pool, show_progress);
    std::vector<RankExtract> extracts;
    if (processes.size() == 1) {
        if (own.failure) std::rethrow_exception(own.failure);
        for (auto& [index, extract] : own.extracts) extracts.push_back(std::move(extract));
        return extracts;
    }

    // Process 0 keeps its own extracts as they are; the others send theirs.
    std::vector<std::optional<RankExtract>> by_file(files.size());
    if (processes.is_first()) {
        for (auto& [index, extract] : own.extracts) by_file[index] = std::move(extract);
        own.extracts.clear();
    }
    std::optional<std::size_t> first_failed;
    for (const auto& packed : processes.gather_to_first(own_message(own))) {
        const json theirs = json::from_msgpack(packed);
        if (!theirs.at(0).is_null()) {
            const auto failed = theirs.at(0).get<std::size_t>();
            if (!first_failed || failed < *first_failed) first_failed = failed;
        }
        for (const auto& entry : theirs.at(1)) {
            const auto index = entry.at(0).get<std::size_t>();
            if (index < files.size()) by_file[index] = rank_extract_from_message(entry.at(1));
        }
    }
    // The process that read the lowest failed rank fails alone, so its error is the one printed.
    const std::string reported = processes.broadcast_from_first(first_failed ? std::to_string(*first_failed) : "");
    const std::string input_dir = files.empty() ? std::string() : files.front().path.parent_path().string();
    run_on_every_process(processes, input_dir, [&] {
        if (own.failed && std::to_string(*own.failed) == reported) std::rethrow_exception(own.failure);
    });
    for (auto& extract : by_file) {
        if (extract) extracts.push_back(std::move(*extract));
    }
    return extracts;
}

}  // namespace msprobe::merge
