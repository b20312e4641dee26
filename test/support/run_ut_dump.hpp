#pragma once
// A small real-data (task "tensor") dump for run_ut tests: Torch.matmul.0 on
// float32 inputs and Functional.relu.0. With `imprecise_matmul` the recorded
// matmul output was computed in bfloat16 (inputs and result rounded) although
// its inputs and output are float32 — a planted precision defect run_ut must
// report; otherwise the output is the float32 product.
#include <cstdint>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace msprobe::testing {

struct SyntheticTensor;

// A tensor leaf of a real-data dump.json (formats §5.4); writes its .pt file as `data_dir/data_name`.
nlohmann::ordered_json real_tensor_record(const SyntheticTensor& t, const std::filesystem::path& data_dir,
                                          const std::string& data_name);

// Writes <dir>/dump.json and <dir>/dump_tensor_data/*.pt; returns the dump.json path.
std::filesystem::path write_run_ut_dump(const std::filesystem::path& dir, bool imprecise_matmul,
                                        std::uint64_t seed = 7);

}  // namespace msprobe::testing
