#include "graph/parallel_merge_params.hpp"

#include <fmt/format.h>

#include <regex>

#include "common/error.hpp"

namespace msprobe::graph {

namespace {

constexpr const char* kOrderRule = "'order' must be a text of lower-case letters and '-'";

int positive_integer(dump::JsonView object, const char* key, bool required, int fallback, const std::string& side,
                     const std::string& file) {
    const dump::JsonView member = object.member(key);
    if (!member) {
        if (required) throw Error(file, fmt::format("parallel_merge.{}: '{}' is missing", side, key));
        return fallback;
    }
    // A bool is not an integer token, so true does not pass as 1.
    const auto value = member.int32();
    if (!value) throw Error(file, fmt::format("parallel_merge.{}: '{}' must be an integer", side, key));
    if (*value <= 0) throw Error(file, fmt::format("parallel_merge.{}: '{}' must be greater than 0", side, key));
    return *value;
}

// Megatron's generate_masked_orthogonal_rank_groups: the ranks that vary
// along the masked dimensions of `sizes` (first dimension fastest), one group
// per combination of the other dimensions.
std::vector<std::vector<int>> masked_groups(int world_size, const std::vector<int>& sizes,
                                            const std::vector<bool>& mask) {
    std::vector<int> masked_shape, unmasked_shape, masked_stride, unmasked_stride;
    int stride = 1;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        (mask[i] ? masked_shape : unmasked_shape).push_back(sizes[i]);
        (mask[i] ? masked_stride : unmasked_stride).push_back(stride);
        stride *= sizes[i];
    }
    const auto position = [](int index, const std::vector<int>& shape, const std::vector<int>& strides) {
        int rank = 0, step = 1;
        for (std::size_t i = 0; i < shape.size(); ++i) {
            rank += (index / step) % shape[i] * strides[i];
            step *= shape[i];
        }
        return rank;
    };
    int group_size = 1;
    for (const int s : masked_shape) group_size *= s;
    std::vector<std::vector<int>> groups;
    for (int g = 0; g < world_size / group_size; ++g) {
        std::vector<int> ranks;
        for (int r = 0; r < group_size; ++r) {
            ranks.push_back(position(r, masked_shape, masked_stride) + position(g, unmasked_shape, unmasked_stride));
        }
        groups.push_back(std::move(ranks));
    }
    return groups;
}

std::vector<std::vector<int>> default_groups(const ParallelParams& params, const std::string& token) {
    const int dp = params.rank_size / (params.tp * params.pp);
    std::vector<int> sizes;
    std::vector<bool> mask;
    std::string::size_type start = 0;
    while (start <= params.order.size()) {
        const auto end = std::min(params.order.find('-', start), params.order.size());
        const std::string name = params.order.substr(start, end - start);
        sizes.push_back(name == "tp" ? params.tp : name == "pp" ? params.pp : name == "dp" ? dp : 1);
        mask.push_back(name == token);
        start = end + 1;
    }
    return masked_groups(params.rank_size, sizes, mask);
}

}  // namespace

ParallelParams read_parallel_params(dump::JsonView value, const std::string& side, const std::string& file) {
    if (!value.is_object()) throw Error(file, fmt::format("parallel_merge.{} is not a JSON object", side));
    ParallelParams params;
    params.rank_size = positive_integer(value, "rank_size", true, 1, side, file);
    params.tp = positive_integer(value, "tp", true, 1, side, file);
    params.pp = positive_integer(value, "pp", true, 1, side, file);
    params.vpp = positive_integer(value, "vpp", false, 1, side, file);
    const dump::JsonView order = value.member("order");
    if (order) {
        if (!order.is_string()) throw Error(file, fmt::format("parallel_merge.{}: {}", side, kOrderRule));
        params.order = order.text();
    }
    check_parallel_params(params, side, file);
    return params;
}

void check_parallel_params(const ParallelParams& params, const std::string& side, const std::string& file) {
    const auto fail = [&](const char* reason) {
        throw Error(file, fmt::format("parallel_merge.{}: {}", side, reason));
    };
    if (params.tp > params.rank_size) fail("'tp' is greater than 'rank_size'");
    if (params.pp > params.rank_size) fail("'pp' is greater than 'rank_size'");
    if (params.rank_size % params.tp != 0) fail("'rank_size' is not a multiple of 'tp'");
    if (params.rank_size % params.pp != 0) fail("'rank_size' is not a multiple of 'pp'");
    if (params.tp * params.pp > params.rank_size) fail("'tp' * 'pp' is greater than 'rank_size'");
    if (params.vpp > 1 && params.pp < 2) fail("'vpp' greater than 1 needs 'pp' of at least 2");
    static const std::regex kOrder("^[a-z\\-]+$");
    if (!std::regex_match(params.order, kOrder)) fail(kOrderRule);
}

std::vector<std::vector<int>> default_tp_groups(const ParallelParams& params) { return default_groups(params, "tp"); }

std::vector<std::vector<int>> default_pp_groups(const ParallelParams& params) { return default_groups(params, "pp"); }

}  // namespace msprobe::graph
