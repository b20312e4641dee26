#include "compare/streamed_pair.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <utility>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/memory_budget.hpp"
#include "compare/api_batch.hpp"
#include "compare/dump_pair_reading.hpp"
#include "compare/row_join.hpp"

namespace msprobe::compare {

namespace {

constexpr const char* kHeldPairVariable = "MSPROBE_HELD_PAIR_BYTES";

// NPU result rows read back ahead of the one asked for: a read of a few MB, not one per entry.
constexpr std::size_t kReadAheadRows = 8192;

std::uintmax_t held_pair_limit() {
    const char* text = std::getenv(kHeldPairVariable);
    if (text == nullptr || *text == '\0') return kHeldPairBytes;
    const std::string_view value(text);
    std::uintmax_t bytes = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), bytes);
    if (ec != std::errc() || end != value.data() + value.size()) {
        throw Error(kHeldPairVariable, fmt::format("'{}' is not a number of bytes", value));
    }
    return bytes;
}

std::uintmax_t file_size_or_zero(const std::filesystem::path& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    return ec ? 0 : size;
}

// A located dump's rows as the join sees them: keyed by name digest.
class KeySide {
public:
    explicit KeySide(const dump::LocatedDump& dump) : dump_(dump) {}
    std::size_t size() const { return dump_.rows.size(); }
    const dump::NameDigest& key(std::size_t i) const { return dump_.rows[i].name; }
    const dump::InternedText& shape(std::size_t i) const { return dump_.rows[i].shape; }
    const dump::InternedText& dtype(std::size_t i) const { return dump_.rows[i].dtype; }
    static std::size_t hash(const dump::NameDigest& key) { return key.low; }

private:
    const dump::LocatedDump& dump_;
};

bool is_pytorch(const dump::LocatedDump& dump) {
    return dump.header.framework.empty() ? dump.has_torch_dtype : dump.header.framework == "pytorch";
}

}  // namespace

bool can_stream_pair(const PairInput& input, const CompareOptions& options) {
    return options.format != OutputFormat::Json && !options.mapping.any() && !options.fuzzy_match &&
           input.npu_json.filename() == "dump.json" && input.bench_json.filename() == "dump.json";
}

bool should_stream_pair(const PairInput& input, const CompareOptions& options) {
    if (!can_stream_pair(input, options)) return false;
    const std::uintmax_t held =
        (file_size_or_zero(input.npu_json) + file_size_or_zero(input.bench_json)) * dump::kDumpRowsFootprintPerByte;
    if (held > held_pair_limit()) return true;
    const auto available = available_memory_bytes();
    return available && held > *available;  // streamed rather than refused
}

StreamedPair::StreamedPair(const PairInput& input, ThreadPool& pool, bool show_progress) {
    const auto started = std::chrono::steady_clock::now();
    auto located = read_side_by_side(
        input.npu_json, input.bench_json, pool,
        [](const std::filesystem::path& path, Progress* progress) { return dump::locate_dump(path, progress); },
        show_progress);
    npu_ = std::move(located.first);
    bench_ = std::move(located.second);
    log::debug(
        fmt::format("located {} + {} rows, {} + {} entries in {:.0f} ms", npu_.rows.size(), bench_.rows.size(),
                    npu_.entries(), bench_.entries(),
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count()));
    if (npu_.entries() == 0) log::warning(fmt::format("No APIs found in {}.", npu_.header.path));
    mode_ = detect_mode(npu_.header, bench_.header);
    if (input.stack_json) stack_ = std::make_shared<const dump::StackFile>(dump::StackFile::load(*input.stack_json));
    pairs_ = join_rows(KeySide(npu_), KeySide(bench_), MatchStrategy::Exact,
                       is_cross_framework(npu_.header.framework, is_pytorch(bench_)));
    log::debug(
        fmt::format("paired {} rows at {:.0f} ms", pairs_.size(),
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count()));
}

std::size_t StreamedPair::window_pair_end() const {
    const std::uint32_t row_end = npu_.entry_first_row[window_entry_ + window_.api_names.size()];
    return static_cast<std::size_t>(std::partition_point(pairs_.begin() + static_cast<std::ptrdiff_t>(window_pair_),
                                                         pairs_.end(),
                                                         [row_end](const RowPair& p) { return p.npu < row_end; }) -
                                    pairs_.begin());
}

void StreamedPair::extend_window(std::size_t row_limit) {
    const std::size_t have = window_pair_end();
    if (have >= std::min(row_limit, pairs_.size())) return;
    const std::size_t target = std::min(pairs_.size(), std::max(row_limit, have + kReadAheadRows));
    const auto next_entry = static_cast<std::uint32_t>(window_entry_ + window_.api_names.size());
    const std::uint32_t last_entry = npu_.entry_of_row(pairs_[target - 1].npu);
    npu_.read_back(next_entry, last_entry + 1, window_);
}

std::size_t StreamedPair::chunk_end(std::size_t begin, std::size_t min_rows) {
    const std::size_t n = pairs_.size();
    const auto api_of = [&](std::size_t r) -> const std::string& {
        const std::uint32_t row = pairs_[r].npu - npu_.entry_first_row[window_entry_];
        return window_.api_names[window_.rows[row].api_index];
    };
    std::size_t end = begin;
    while (end < n) {
        const std::size_t start = end;
        extend_window(start + 1);
        for (;;) {
            const std::size_t limit = window_pair_end();
            end = api_batch_end(start, limit, api_of);
            if (end < limit || limit == n) break;
            extend_window(limit + 1);  // the batch may go on past what was read
        }
        if (end - begin >= min_rows) return end;
    }
    return n;
}

std::any StreamedPair::read_ahead(std::size_t begin, std::size_t end) {
    MatchedPair chunk;
    chunk.mode = mode_;
    chunk.stack = stack_;
    chunk.npu = npu_.header;  // what read_back adds rows to
    chunk.bench = bench_.header;
    if (begin < end) {
        if (begin != window_pair_) throw std::logic_error("streamed result rows are made in order");
        extend_window(end);
        // The chunk's NPU entries leave the window: a chunk ends where an entry does.
        const std::uint32_t first_entry = window_entry_;
        const std::uint32_t end_entry = npu_.entry_of_row(pairs_[end - 1].npu) + 1;
        const std::uint32_t first_row = npu_.entry_first_row[first_entry];
        const std::size_t entries = end_entry - first_entry;
        const std::size_t rows = npu_.entry_first_row[end_entry] - first_row;
        const auto row_end = window_.rows.begin() + static_cast<std::ptrdiff_t>(rows);
        chunk.npu.rows.assign(std::make_move_iterator(window_.rows.begin()), std::make_move_iterator(row_end));
        window_.rows.erase(window_.rows.begin(), row_end);
        const auto name_end = window_.api_names.begin() + static_cast<std::ptrdiff_t>(entries);
        chunk.npu.api_names.assign(std::make_move_iterator(window_.api_names.begin()),
                                   std::make_move_iterator(name_end));
        window_.api_names.erase(window_.api_names.begin(), name_end);
        for (auto& row : window_.rows) row.api_index -= static_cast<std::uint32_t>(entries);
        window_entry_ = end_entry;
        window_pair_ = end;

        // The bench entries the chunk pairs with, read back in runs of consecutive entries.
        std::vector<std::uint32_t> bench_entries;
        for (std::size_t r = begin; r < end; ++r) {
            if (pairs_[r].bench != kNoBench) {
                bench_entries.push_back(bench_.entry_of_row(static_cast<std::uint32_t>(pairs_[r].bench)));
            }
        }
        std::sort(bench_entries.begin(), bench_entries.end());
        bench_entries.erase(std::unique(bench_entries.begin(), bench_entries.end()), bench_entries.end());
        std::vector<std::uint32_t> local_first_row;  // of each of bench_entries in chunk.bench
        for (std::size_t i = 0; i < bench_entries.size();) {
            std::size_t j = i + 1;
            while (j < bench_entries.size() && bench_entries[j] == bench_entries[j - 1] + 1) ++j;
            for (std::size_t k = i; k < j; ++k) {
                local_first_row.push_back(static_cast<std::uint32_t>(chunk.bench.rows.size() +
                                                                     bench_.entry_first_row[bench_entries[k]] -
                                                                     bench_.entry_first_row[bench_entries[i]]));
            }
            bench_.read_back(bench_entries[i], bench_entries[j - 1] + 1, chunk.bench);
            i = j;
        }
        chunk.pairs.reserve(end - begin);
        for (std::size_t r = begin; r < end; ++r) {
            RowPair pair{pairs_[r].npu - first_row, kNoBench};
            if (pairs_[r].bench != kNoBench) {
                const auto row = static_cast<std::uint32_t>(pairs_[r].bench);
                const std::uint32_t entry = bench_.entry_of_row(row);
                const auto at = std::lower_bound(bench_entries.begin(), bench_entries.end(), entry);
                pair.bench = local_first_row[static_cast<std::size_t>(at - bench_entries.begin())] +
                             (row - bench_.entry_first_row[entry]);
            }
            chunk.pairs.push_back(pair);
        }
    }
    return chunk;
}

ResultTable StreamedPair::rows(std::size_t begin, std::size_t end, std::any ahead, const CompareOptions& options,
                               ThreadPool& pool) {
    const MatchedPair chunk = std::any_cast<MatchedPair>(ahead.has_value() ? std::move(ahead) : read_ahead(begin, end));
    return result_rows(chunk, 0, chunk.pairs.size(), options, pool);
}

}  // namespace msprobe::compare
