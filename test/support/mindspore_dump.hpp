#pragma once
// MindSpore dumps of the synthetic model: generate_dump_pair's PyTorch pair
// rewritten in the layout msprobe's MindSpore dumper writes, so the MindSpore
// paths of compare can be tested on data of our own:
// - "framework": "mindspore";
// - API prefixes Module. → Cell., Torch. → Mint., Functional. → MintFunctional.
//   (Tensor., Distributed. and NPU. kept), in dump.json, stack.json and
//   construct.json alike;
// - dtypes in MindSpore's spelling (torch.float32 → Float32, torch.bfloat16 →
//   BFloat16, ...) and "type": "mindspore.Tensor";
// - a tensor task's files are .npy under the converted name, bfloat16 stored
//   as float32 as MindSpore's dumper stores it.
#include <filesystem>
#include <string>

#include "support/dump_generator.hpp"

namespace msprobe::testing {

// The MindSpore name of a PyTorch dump name ("Functional.linear.0.forward" → "MintFunctional.linear.0.forward").
std::string mindspore_dump_name(const std::string& pytorch_name);

// MindSpore's spelling of a PyTorch dtype ("torch.bfloat16" → "BFloat16"); other texts unchanged.
std::string mindspore_dtype_name(const std::string& pytorch_dtype);

// The .npy file MindSpore's dumper writes for a .pt tensor file of that name
// ("Functional.linear.0.forward.input.0.pt" → "MintFunctional.linear.0.forward.input.0.npy").
std::string mindspore_tensor_file_name(const std::string& pt_file_name);

// generate_dump_pair(options) in MindSpore's layout (options.write_tensor_file is replaced).
GeneratedDumpPair generate_mindspore_dump_pair(DumpPairOptions options);

// Rewrites one rank folder of a PyTorch dump (dump.json, stack.json,
// construct.json) in MindSpore's layout; its tensor files are left as they are.
void convert_rank_dir_to_mindspore(const std::filesystem::path& rank_dir);

}  // namespace msprobe::testing
