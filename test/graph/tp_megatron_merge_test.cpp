// TP merge of Megatron's parallel linear layers (spec graph.md §8.4 steps 1
// and 5): hand-made two-rank MLPs whose merge info follows msprobe's texts.
#include <catch2/catch.hpp>

#include "rank_dump_writer.hpp"

namespace fs = std::filesystem;
using msprobe::testing::call_record;
using msprobe::testing::stat_tensor;

namespace {

const char* const kMerged =
    "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [0, 1].";

// The four formulas of an item equal on both ranks: stat_tensor(v) twice.
std::vector<std::string> same_on_both(const std::string& key, const std::string& value, const std::string& half,
                                      const std::string& norm) {
    return {
        "The Max value merging method for " + key + " is: max(" + value + ", " + value + ") = " + value,
        "The Min value merging method for " + key + " is: min(0.0, 0.0) = 0.0",
        "The Mean value merging method for " + key + " is: (" + half + " + " + half + ") / 2 = " + half,
        "The Norm value merging method for " + key + " is: (" + value + " ** 2 + " + value + " ** 2) ** 0.5 = " + norm};
}

nlohmann::json lines(std::initializer_list<std::vector<std::string>> groups) {
    nlohmann::json all = nlohmann::json::array({kMerged});
    for (const auto& group : groups) {
        for (const auto& line : group) all.push_back(line);
    }
    return all;
}

// A RowParallelLinear forward on tensor rank `tp_rank`: its matmul's partial
// result (10 + rank) goes into an all_reduce, whose output (21) is the sum.
void write_row_parallel_rank(const fs::path& dir, int tp_rank) {
    const auto activation = stat_tensor(3 + tp_rank);
    const auto weight = stat_tensor(5 + 2 * tp_rank);
    const auto partial = stat_tensor(10 + tp_rank);
    const auto sum = stat_tensor(21);
    const std::string layer = "Module.mlp.linear_fc2.RowParallelLinear.forward.0";
    msprobe::testing::write_rank_dump(dir,
                                      {{"Module.mlp.MLP.forward.0", "", call_record({activation}, sum)},
                                       {layer, "Module.mlp.MLP.forward.0", call_record({activation}, sum)},
                                       {"Torch.matmul.0.forward", layer, call_record({activation, weight}, partial)},
                                       {"Distributed.all_reduce.0.forward", layer, call_record({partial}, sum)}});
}

}  // namespace

TEST_CASE("TP merge: a RowParallelLinear's matmul shows the output of the all_reduce after it") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_tp_row_parallel");
    write_row_parallel_rank(dir / "npu" / "rank0", 0);
    write_row_parallel_rank(dir / "npu" / "rank1", 1);
    const fs::path db = msprobe::testing::build_merged(dir, R"({"rank_size": 2, "tp": 2, "pp": 1})");

    CHECK(
        msprobe::testing::merge_info_of(db, "Torch.matmul.0.forward") ==
        nlohmann::json{kMerged, "The Max value merging method for input.0 is: max(3.0, 4.0) = 4.0",
                       "The Min value merging method for input.0 is: min(0.0, 0.0) = 0.0",
                       "The Mean value merging method for input.0 is: (1.5 + 2.0) / 2 = 1.75",
                       "The Norm value merging method for input.0 is: (3.0 ** 2 + 4.0 ** 2) ** 0.5 = 5.0",
                       "The Max value merging method for input.1 is: max(5.0, 7.0) = 7.0",
                       "The Min value merging method for input.1 is: min(0.0, 0.0) = 0.0",
                       "The Mean value merging method for input.1 is: (2.5 + 3.5) / 2 = 3.0",
                       "The Norm value merging method for input.1 is: (5.0 ** 2 + 7.0 ** 2) ** 0.5 = 8.602325267042627",
                       "The output of this data is merged from Distributed.all_reduce.0.forward.output.0"});
    const auto output =
        msprobe::testing::item_of(db, "Torch.matmul.0.forward", "output_data", "Torch.matmul.0.forward.output.0");
    CHECK(output.at("Max") == "21.0");
    CHECK(output.at("Mean") == "10.5");
    CHECK(output.at("Norm") == "21.0");
    // The layer itself merges its split input as usual; the all_reduce is never merged.
    CHECK(msprobe::testing::merge_info_of(db, "Module.mlp.linear_fc2.RowParallelLinear.forward.0").at(1) ==
          "The Max value merging method for input.0 is: max(3.0, 4.0) = 4.0");
    CHECK(msprobe::testing::merge_info_of(db, "Distributed.all_reduce.0.forward").is_null());
}

TEST_CASE("TP merge: the layers from a ColumnParallelLinear to a RowParallelLinear merge without comparing values") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_tp_column_row");
    const std::string fc1 = "Module.mlp.linear_fc1.ColumnParallelLinear.forward.0";
    const std::string fc2 = "Module.mlp.linear_fc2.RowParallelLinear.forward.0";
    // Both ranks dump the same values: only the layers' kinds tell that TP split them.
    for (const char* rank : {"rank0", "rank1"}) {
        auto column = call_record({stat_tensor(2)}, stat_tensor(6));
        column["parameters"] = {{"weight", stat_tensor(4)}};
        auto row = call_record({stat_tensor(3)}, stat_tensor(8));
        row["parameters"] = {{"weight", stat_tensor(5)}, {"bias", stat_tensor(1)}};
        msprobe::testing::write_rank_dump(
            dir / "npu" / rank,
            {{"Module.mlp.MLP.forward.0", "", call_record({stat_tensor(2)}, stat_tensor(8))},
             {fc1, "Module.mlp.MLP.forward.0", column},
             {"Torch.matmul.0.forward", fc1, call_record({stat_tensor(2), stat_tensor(4)}, stat_tensor(6))},
             {"Functional.gelu.0.forward", "Module.mlp.MLP.forward.0", call_record({stat_tensor(6)}, stat_tensor(3))},
             {fc2, "Module.mlp.MLP.forward.0", row},
             {"Torch.matmul.1.forward", fc2, call_record({stat_tensor(3), stat_tensor(5)}, stat_tensor(8))}});
    }
    const fs::path db = msprobe::testing::build_merged(dir, R"({"rank_size": 2, "tp": 2, "pp": 1})");

    const auto three_in = same_on_both("input.0", "3.0", "1.5", "4.242640687119285");
    const auto three_out = same_on_both("output.0", "3.0", "1.5", "4.242640687119285");
    const auto six_in = same_on_both("input.0", "6.0", "3.0", "8.48528137423857");
    const auto six_out = same_on_both("output.0", "6.0", "3.0", "8.48528137423857");
    // The column layer's input is whole on every rank.
    CHECK(msprobe::testing::merge_info_of(db, fc1) ==
          lines({same_on_both("parameters.weight", "4.0", "2.0", "5.656854249492381"), six_out}));
    CHECK(msprobe::testing::merge_info_of(db, "Torch.matmul.0.forward") ==
          lines({same_on_both("input.1", "4.0", "2.0", "5.656854249492381"), six_out}));
    CHECK(msprobe::testing::merge_info_of(db, "Functional.gelu.0.forward") == lines({six_in, three_out}));
    // The row layer's outputs and bias are whole on every rank.
    CHECK(msprobe::testing::merge_info_of(db, fc2) ==
          lines({three_in, same_on_both("parameters.weight", "5.0", "2.5", "7.0710678118654755")}));
    CHECK(msprobe::testing::merge_info_of(db, "Torch.matmul.1.forward") ==
          lines({three_in, same_on_both("input.1", "5.0", "2.5", "7.0710678118654755")}));
    // The model around them is no part of the sequence, and equal on both ranks.
    CHECK(msprobe::testing::merge_info_of(db, "Module.mlp.MLP.forward.0").is_null());
}
