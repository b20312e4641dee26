#include "dump/dump_layout.hpp"

#include <fmt/format.h>

#include <regex>
#include <system_error>

#include "common/error.hpp"

namespace msprobe::dump {

namespace fs = std::filesystem;

namespace {

bool has_pkl_file(const fs::path& dir) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".pkl" && entry.is_regular_file()) return true;
    }
    return false;
}

}  // namespace

bool is_ptdbg_rank_layout(const fs::path& dir) {
    static const std::regex kRank("^rank[0-9]+$");
    std::error_code ec;
    bool any = false;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!std::regex_match(entry.path().filename().string(), kRank)) return false;
        if (!any && entry.is_directory() && has_pkl_file(entry.path())) any = true;
    }
    return any;
}

bool is_dispatch_run_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_directory(dir / "npu", ec) && fs::is_directory(dir / "cpu", ec);
}

bool holds_npy_files(const fs::path& dir) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".npy") return true;
    }
    return false;
}

void require_same_rank_count(std::size_t npu_ranks, std::size_t bench_ranks, const fs::path& bench_dir) {
    if (npu_ranks == bench_ranks) return;
    throw Error(bench_dir.string(),
                fmt::format("the number of ranks differs: npu has {}, bench has {}", npu_ranks, bench_ranks));
}

}  // namespace msprobe::dump
