#pragma once
// torchair dumps for the tests of `compare -m torchair`: GE graph files
// (dynamo_original_graph_*.txt, the text protobuf GE writes), GE kernel dump
// folders (<time>/<device>/<model name>/<model id>/<token>/<OpType>.<op>.<task>.<stream>.<ts>,
// the files written by the .bin writer) and FX dump files
// (<fx op>.INPUT|OUTPUT.<i>.<ts>.npy).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "support/bin_dump_writer.hpp"

namespace msprobe::testing {

struct GeGraphOpSpec {
    std::string name;
    std::string type = "Add";
    std::vector<std::string> inputs;                        // "producer:index"
    std::vector<std::vector<std::string>> output_fx_names;  // per output_desc: its _fx_tensor_name values
};

// The graph as GE prints it: one `op { … }` block per op, then nothing else.
std::string ge_graph_text(const std::vector<GeGraphOpSpec>& ops);

// <dir>/dynamo_original_graph_<graph>_rank_<rank>_pid_123_ts_20250101120000.txt; its path.
std::filesystem::path write_ge_graph(const std::filesystem::path& dir, int graph, int rank,
                                     const std::vector<GeGraphOpSpec>& ops);

// <root>/<time>/<device>/<model name>/<model id>/<token> (created).
std::filesystem::path ge_token_dir(const std::filesystem::path& root, int device, int model_id, int token,
                                   const std::string& model_name = "graph_1",
                                   const std::string& time = "20250101120000");

// <token dir>/<op_type>.<op_name>.<task>.6.<timestamp> holding the tensors; its path.
std::filesystem::path write_ge_dump(const std::filesystem::path& token_dir, const std::string& op_type,
                                    const std::string& op_name, std::int64_t timestamp,
                                    std::vector<BinTensorSpec> inputs, std::vector<BinTensorSpec> outputs,
                                    int task = 1);

// A DT_FLOAT (or DT_FLOAT16 when `half`) ND tensor of `values`; `shape` defaults to 1-D.
BinTensorSpec ge_float_tensor(const std::vector<float>& values, std::vector<std::uint64_t> shape = {},
                              bool half = false);

// <dir>/<fx_op>.<INPUT|OUTPUT>.<index>.<timestamp>.npy holding float32 `values` (1-D); its path.
std::filesystem::path write_fx_tensor(const std::filesystem::path& dir, const std::string& fx_op, bool input, int index,
                                      const std::vector<float>& values,
                                      const std::string& timestamp = "20250101120000123456");

}  // namespace msprobe::testing
