#include "compare/training_inference_match.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>
#include <vector>

#include "common/error.hpp"

namespace msprobe::compare {

namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

// Row order by `by` (none last), ties by `then`.
std::vector<std::size_t> sorted_rows(const std::vector<std::size_t>& by, const std::vector<std::size_t>& then) {
    std::vector<std::size_t> order(by.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return std::tie(by[a], then[a]) < std::tie(by[b], then[b]); });
    return order;
}

using Key = std::tuple<std::string, std::string, std::int64_t, std::string>;

Key tuple_of(const mapping::TrainingInferenceKey& k) { return {k.call_direction, k.suffix, k.layer, k.module}; }

}  // namespace

std::vector<std::size_t> dual_monotonic_order(const std::vector<std::size_t>& first,
                                              const std::vector<std::size_t>& second, bool strict_compat) {
    const std::size_t n = first.size();
    const auto order1 = sorted_rows(first, second);
    const auto order2 = sorted_rows(second, first);
    std::vector<bool> used(n, false);
    std::vector<std::size_t> out;
    out.reserve(n);
    std::size_t i = 0, j = 0;
    while (out.size() < n) {
        while (i < n && used[order1[i]]) ++i;
        while (j < n && used[order2[j]]) ++j;
        const std::size_t min1 = i < n ? order1[i] : kNone;
        const std::size_t min2 = j < n ? order2[j] : kNone;
        std::size_t picked = kNone;
        for (const std::size_t k : {min1, min2}) {
            if (k == kNone || used[k]) continue;
            if ((first[k] == kNone || k == min1) && (second[k] == kNone || k == min2)) {
                picked = k;
                break;
            }
        }
        if (picked == kNone) {
            if (strict_compat) {
                throw Error("",
                            "Conflicting comparison data: the two columns cannot be monotonically increasing at "
                            "the same time.");
            }
            picked = min1 != kNone ? min1 : min2;
        }
        used[picked] = true;
        out.push_back(picked);
    }
    return out;
}

std::vector<FusedRow> training_inference_rows(const dump::DumpFile& training, const dump::DumpFile& inference,
                                              const FusedMatchOptions& options) {
    mapping::TrainingKeyOptions key_options;
    key_options.backend = options.backend;
    key_options.strict_compat = options.strict_compat;
    const mapping::KeyedRows train = mapping::training_row_keys(training, key_options);
    const mapping::KeyedRows infer = mapping::inference_row_keys(inference, options.backend);

    std::map<Key, std::vector<std::size_t>> inference_by_key;  // positions in infer, in dump order
    for (std::size_t b = 0; b < infer.rows.size(); ++b) inference_by_key[tuple_of(infer.keys[b])].push_back(b);
    // The outer join: per training row the inference rows of its key; per inference row the training rows.
    std::vector<std::vector<std::size_t>> partners_of_training(train.rows.size());
    std::vector<std::vector<std::size_t>> partners_of_inference(infer.rows.size());
    for (std::size_t t = 0; t < train.rows.size(); ++t) {
        const auto it = inference_by_key.find(tuple_of(train.keys[t]));
        if (it == inference_by_key.end()) continue;
        partners_of_training[t] = it->second;
        for (const auto b : it->second) partners_of_inference[b].push_back(t);
    }

    std::vector<FusedRow> rows;
    const auto training_rows = [&](const std::vector<std::size_t>& positions) {
        std::vector<std::size_t> out;
        for (const auto p : positions) out.push_back(train.rows[p]);
        return out;
    };
    const auto inference_rows = [&](const std::vector<std::size_t>& positions) {
        std::vector<std::size_t> out;
        for (const auto p : positions) out.push_back(infer.rows[p]);
        return out;
    };
    // The fused side's rows gather under each row of the other side; rows nobody matched stay alone.
    if (options.backend == mapping::TrainingBackend::Fsdp) {
        for (std::size_t b = 0; b < infer.rows.size(); ++b) {
            rows.push_back({training_rows(partners_of_inference[b]), {infer.rows[b]}});
        }
        for (std::size_t t = 0; t < train.rows.size(); ++t) {
            if (partners_of_training[t].empty()) rows.push_back({{train.rows[t]}, {}});
        }
    } else {
        for (std::size_t t = 0; t < train.rows.size(); ++t) {
            rows.push_back({{train.rows[t]}, inference_rows(partners_of_training[t])});
        }
        for (std::size_t b = 0; b < infer.rows.size(); ++b) {
            if (partners_of_inference[b].empty()) rows.push_back({{}, {infer.rows[b]}});
        }
    }

    // Each row sits where the first row of each side sits in its dump.
    std::vector<std::size_t> training_position, inference_position;
    for (const auto& row : rows) {
        training_position.push_back(row.training.empty() ? kNone : row.training.front());
        inference_position.push_back(row.inference.empty() ? kNone : row.inference.front());
    }
    std::vector<FusedRow> ordered;
    ordered.reserve(rows.size());
    for (const auto r : dual_monotonic_order(training_position, inference_position, options.strict_compat)) {
        ordered.push_back(std::move(rows[r]));
    }
    return ordered;
}

}  // namespace msprobe::compare
