#pragma once
// A 4-rank real-data dump of torch.distributed calls, laid out as msprobe's
// dumper writes a distributed run: <dir>/rank0..rank3/{dump.json,
// dump_tensor_data/*.pt}. Each call's recorded `output` is its arguments after
// the call, the collective's result computed here element by element in double
// and stored as float32. The calls: all_reduce (world, SUM), all_reduce over
// the subgroups {0,2}/{1,3} with op MAX, broadcast from rank 2, all_gather,
// all_gather_into_tensor, reduce_scatter_tensor (AVG), reduce_scatter,
// all_to_all_single, all_to_all, scatter from rank 0, gather to rank 0,
// reduce to rank 1, and a send.
#include <cstdint>
#include <filesystem>
#include <vector>

namespace msprobe::testing {

inline constexpr int kCollectiveRanks = 4;

// Returns the rank folders, rank 0 first.
std::vector<std::filesystem::path> write_collective_dumps(const std::filesystem::path& dir, std::uint64_t seed = 3);

}  // namespace msprobe::testing
