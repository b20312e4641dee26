#include "compare/fuzzy_match.hpp"

#include <algorithm>
#include <numeric>

namespace msprobe::compare {

std::string fuzzy_name(std::string_view key) {
    std::string_view direction = "forward";
    std::size_t first = key.find(direction);
    if (first == std::string_view::npos) {
        direction = "backward";
        first = key.find(direction);
        if (first == std::string_view::npos) return std::string(key);
    }
    // Python: head, tail = key.split(direction)[0:2]; head.rsplit('.', 2)[0]
    const std::string_view head = key.substr(0, first);
    const std::size_t tail_start = first + direction.size();
    const std::size_t second = key.find(direction, tail_start);
    const std::string_view tail =
        key.substr(tail_start, second == std::string_view::npos ? std::string_view::npos : second - tail_start);
    std::string_view cut = head;
    for (int fields = 0; fields < 2; ++fields) {
        const std::size_t dot = cut.rfind('.');
        if (dot == std::string_view::npos) break;
        cut = cut.substr(0, dot);
    }
    std::string out;
    out.reserve(cut.size() + 1 + direction.size() + tail.size());
    out.append(cut).append(".").append(direction).append(tail);
    return out;
}

namespace {

bool same_row(const FuzzyItem& a, const FuzzyItem& b) { return a.shape == b.shape && a.name == b.name; }

// The scan over two queues of row indices into `npu` and `bench`.
std::optional<std::pair<std::size_t, std::size_t>> match_point(const std::vector<std::size_t>& npu_queue,
                                                               const std::vector<std::size_t>& bench_queue,
                                                               const std::vector<FuzzyItem>& npu,
                                                               const std::vector<FuzzyItem>& bench) {
    if (npu_queue.empty() || bench_queue.empty()) return std::nullopt;
    const std::size_t npu_last = npu_queue.size() - 1;
    const std::size_t bench_last = bench_queue.size() - 1;
    const FuzzyItem& newest_npu = npu[npu_queue[npu_last]];
    for (std::size_t b = 0; b < bench_last; ++b) {
        if (same_row(newest_npu, bench[bench_queue[b]])) return std::pair{npu_last, b};
    }
    const FuzzyItem& newest_bench = bench[bench_queue[bench_last]];
    if (same_row(newest_npu, newest_bench)) return std::pair{npu_last, bench_last};
    for (std::size_t n = 0; n < npu_last; ++n) {
        if (same_row(npu[npu_queue[n]], newest_bench)) return std::pair{n, bench_last};
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::pair<std::size_t, std::size_t>> find_match_point(const std::vector<FuzzyItem>& npu_queue,
                                                                    const std::vector<FuzzyItem>& bench_queue) {
    std::vector<std::size_t> npu_indices(npu_queue.size()), bench_indices(bench_queue.size());
    std::iota(npu_indices.begin(), npu_indices.end(), std::size_t{0});
    std::iota(bench_indices.begin(), bench_indices.end(), std::size_t{0});
    return match_point(npu_indices, bench_indices, npu_queue, bench_queue);
}

std::vector<std::pair<std::size_t, std::ptrdiff_t>> fuzzy_match(const std::vector<FuzzyItem>& npu,
                                                                 const std::vector<FuzzyItem>& bench,
                                                                 bool keep_unpushed_npu_rows) {
    std::vector<std::pair<std::size_t, std::ptrdiff_t>> out;
    out.reserve(npu.size());
    std::vector<std::size_t> npu_queue, bench_queue;
    const std::size_t longest = std::max(npu.size(), bench.size());
    std::size_t next_npu = 0;
    for (std::size_t i = 0; i < longest; ++i) {
        if (i < npu.size()) {
            npu_queue.push_back(i);
            next_npu = i + 1;
        }
        if (i < bench.size()) bench_queue.push_back(i);
        if (npu_queue.empty() != bench_queue.empty()) break;
        const auto point = match_point(npu_queue, bench_queue, npu, bench);
        if (!point) continue;
        const auto [n, b] = *point;
        for (std::size_t k = 0; k < n; ++k) out.emplace_back(npu_queue[k], -1);
        out.emplace_back(npu_queue[n], static_cast<std::ptrdiff_t>(bench_queue[b]));
        // Skipped bench rows are discarded, as in msprobe.
        npu_queue.erase(npu_queue.begin(), npu_queue.begin() + static_cast<std::ptrdiff_t>(n + 1));
        bench_queue.erase(bench_queue.begin(), bench_queue.begin() + static_cast<std::ptrdiff_t>(b + 1));
    }
    for (std::size_t index : npu_queue) out.emplace_back(index, -1);
    if (keep_unpushed_npu_rows) {
        for (std::size_t index = next_npu; index < npu.size(); ++index) out.emplace_back(index, -1);
    }
    return out;
}

}  // namespace msprobe::compare
