// GE graph dumps of torchair (dynamo_original_graph_*.txt): msprobe's
// line-by-line reading of text protobuf, key renaming, nesting, and the ops,
// inputs and FX tensor names taken from the blocks.
#include "fuzz_file.hpp"
#include "torchair_compare/ge_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("dynamo_original_graph_1_rank_0_pid_1_ts_1.txt", data, size);
    fuzz::expect_result_or_error([&] {
        const torchair_compare::GeGraph graph = torchair_compare::read_ge_graph(path);
        for (const char* name : {"Add_1", "", "op"}) {
            if (const auto* op = graph.find(name)) (void)op->output_fx_names.size();
        }
        (void)torchair_compare::fx_op_of_tensor(std::string_view(reinterpret_cast<const char*>(data), size));
    });
    return 0;
}
