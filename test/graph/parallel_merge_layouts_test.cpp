// Parallel merge of layouts with both pipeline and tensor parallelism, and of
// virtual pipelines: hand-made ranks whose trees, names and merged statistics
// follow msprobe's algorithm (spec graph.md §8.1, §8.3, §8.5).
#include <catch2/catch.hpp>

#include "graph/parallel_merge.hpp"
#include "rank_dump_writer.hpp"

namespace fs = std::filesystem;
using msprobe::testing::call_record;
using msprobe::testing::DumpNode;
using msprobe::testing::stat_tensor;
using Rows = std::vector<std::vector<std::string>>;

namespace {

// A rank of pipeline stage `stage` and tensor rank `tp_rank`: two free APIs, then
// a model whose layers.0 runs one linear. The layer's input tells the stages
// apart, its output the stages and the tensor ranks; the model's input is the
// same everywhere.
void write_tp_pp_rank(const fs::path& dir, int stage, int tp_rank) {
    const double input = 1 + 10 * stage;
    const double output = 2 + 10 * stage + tp_rank;
    const auto layer = call_record({stat_tensor(input)}, stat_tensor(output));
    msprobe::testing::write_rank_dump(
        dir, {{"Torch.add.0.forward", "", call_record({stat_tensor(5)}, stat_tensor(5))},
              {"Torch.add.1.forward", "", call_record({stat_tensor(5)}, stat_tensor(5))},
              {"Module.model.Net.forward.0", "", call_record({stat_tensor(1)}, stat_tensor(output))},
              {"Module.model.layers.0.Linear.forward.0", "Module.model.Net.forward.0", layer},
              {"Functional.linear.0.forward", "Module.model.layers.0.Linear.forward.0", layer}});
}

Rows tree_of(const fs::path& db, int rank) {
    return msprobe::testing::query_rows(
        db, "SELECT node_name, up_node FROM tb_nodes WHERE rank = " + std::to_string(rank) + " ORDER BY node_order");
}

}  // namespace

TEST_CASE("parallel merge: the strategy follows msprobe's order of tests") {
    using msprobe::graph::MergeStrategy;
    const auto strategy = [](int rank_size, int tp, int pp) {
        msprobe::graph::ParallelParams params;
        params.rank_size = rank_size;
        params.tp = tp;
        params.pp = pp;
        return msprobe::graph::merge_strategy(params);
    };
    CHECK(strategy(1, 1, 1) == MergeStrategy::None);
    CHECK(strategy(2, 2, 1) == MergeStrategy::Tp);
    CHECK(strategy(4, 2, 1) == MergeStrategy::Tp);
    CHECK(strategy(2, 1, 2) == MergeStrategy::Pp);
    CHECK(strategy(4, 1, 2) == MergeStrategy::Pp);
    CHECK(strategy(4, 2, 2) == MergeStrategy::TpPp);
    CHECK(strategy(8, 2, 2) == MergeStrategy::Full);
}

TEST_CASE("parallel merge: TP+PP merges each PP group, then TP across them into one graph") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_tp_pp_merge");
    // Megatron's default groups: TP [0, 1] [2, 3], PP [0, 2] [1, 3].
    for (int rank = 0; rank < 4; ++rank)
        write_tp_pp_rank(dir / "npu" / ("rank" + std::to_string(rank)), rank / 2, rank % 2);
    const fs::path db = msprobe::testing::build_merged(dir, R"({"rank_size": 4, "tp": 2, "pp": 2})");

    CHECK(msprobe::testing::query_rows(db, "SELECT rank_list FROM tb_config")[1][0] == "[0]");
    CHECK(tree_of(db, 0) == Rows{{"node_name", "up_node"},
                                 {"Torch.add.0.forward", "Apis_Between_Modules_Rank0.0"},
                                 {"Torch.add.1.forward", "Apis_Between_Modules_Rank0.0"},
                                 {"Apis_Between_Modules_Rank0.0", "Apis_Between_Modules_All_Ranks.0"},
                                 {"Torch.add_rank1.0.forward", "Apis_Between_Modules_Rank1.0"},
                                 {"Torch.add_rank1.1.forward", "Apis_Between_Modules_Rank1.0"},
                                 {"Apis_Between_Modules_Rank1.0", "Apis_Between_Modules_All_Ranks.0"},
                                 {"Torch.add_rank2.0.forward", "Apis_Between_Modules_Rank2.0"},
                                 {"Torch.add_rank2.1.forward", "Apis_Between_Modules_Rank2.0"},
                                 {"Apis_Between_Modules_Rank2.0", "Apis_Between_Modules_All_Ranks.0"},
                                 {"Torch.add_rank3.0.forward", "Apis_Between_Modules_Rank3.0"},
                                 {"Torch.add_rank3.1.forward", "Apis_Between_Modules_Rank3.0"},
                                 {"Apis_Between_Modules_Rank3.0", "Apis_Between_Modules_All_Ranks.0"},
                                 {"Apis_Between_Modules_All_Ranks.0", "DefaultModel"},
                                 {"Functional.linear.0.forward", "Module.model.layers.0.Linear.forward.0"},
                                 {"Module.model.layers.0.Linear.forward.0", "Module.model.Net.forward.0"},
                                 {"Functional.linear_rank2.0.forward", "Module.model.layers.1.Linear.forward.0"},
                                 {"Module.model.layers.1.Linear.forward.0", "Module.model.Net.forward.0"},
                                 {"Module.model.Net.forward.0", "DefaultModel"},
                                 {"DefaultModel", ""}});
    // Stage 1's API, renamed for rank 2, finds its TP partner under rank 3's name; the ranks are the nodes' own.
    CHECK(msprobe::testing::merge_info_of(db, "Functional.linear_rank2.0.forward") ==
          nlohmann::json{
              "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [2, 3].",
              "The Max value merging method for output.0 is: max(12.0, 13.0) = 13.0",
              "The Min value merging method for output.0 is: min(0.0, 0.0) = 0.0",
              "The Mean value merging method for output.0 is: (6.0 + 6.5) / 2 = 6.25",
              "The Norm value merging method for output.0 is: (12.0 ** 2 + 13.0 ** 2) ** 0.5 = 17.69180601295413"});
    CHECK(msprobe::testing::merge_info_of(db, "Module.model.layers.0.Linear.forward.0") ==
          nlohmann::json{
              "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [0, 1].",
              "The Max value merging method for output.0 is: max(2.0, 3.0) = 3.0",
              "The Min value merging method for output.0 is: min(0.0, 0.0) = 0.0",
              "The Mean value merging method for output.0 is: (1.0 + 1.5) / 2 = 1.25",
              "The Norm value merging method for output.0 is: (2.0 ** 2 + 3.0 ** 2) ** 0.5 = 3.605551275463989"});
    // The model took the last stage's output in each PP group (12 and 13), then TP merged those.
    const auto net_output = msprobe::testing::item_of(db, "Module.model.Net.forward.0", "output_data",
                                                      "Module.model.Net.forward.0.output.0");
    CHECK(net_output.at("Max") == "13.0");
    CHECK(net_output.at("Mean") == "6.25");
    CHECK(msprobe::testing::merge_info_of(db, "Torch.add_rank1.0.forward").is_null());
}

TEST_CASE("parallel merge: full merges PP groups, then each TP group, sub-collections in rank order") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_full_merge");
    // rank_size 8, tp 2, pp 2, so dp 2: TP [0, 1] [2, 3] [4, 5] [6, 7], PP [0, 4] [1, 5] [2, 6] [3, 7].
    for (int rank = 0; rank < 8; ++rank)
        write_tp_pp_rank(dir / "npu" / ("rank" + std::to_string(rank)), rank / 4, rank % 2);
    const fs::path db = msprobe::testing::build_merged(dir, R"({"rank_size": 8, "tp": 2, "pp": 2})");

    // One graph per data-parallel replica: the PP groups of ranks 0 and 1 merge into 0, those of 2 and 3 into 2.
    CHECK(msprobe::testing::query_rows(db, "SELECT rank_list FROM tb_config")[1][0] == "[0, 2]");
    const auto collection = [&](int rank) {
        return msprobe::testing::query_rows(
            db, "SELECT node_name FROM tb_nodes WHERE up_node = 'Apis_Between_Modules_All_Ranks.0' AND rank = " +
                    std::to_string(rank) + " ORDER BY node_order");
    };
    // Gathered as 0, 4 (PP), then 1, 5 (TP), then sorted by rank.
    CHECK(collection(0) == Rows{{"node_name"},
                                {"Apis_Between_Modules_Rank0.0"},
                                {"Apis_Between_Modules_Rank1.0"},
                                {"Apis_Between_Modules_Rank4.0"},
                                {"Apis_Between_Modules_Rank5.0"}});
    CHECK(collection(2) == Rows{{"node_name"},
                                {"Apis_Between_Modules_Rank2.0"},
                                {"Apis_Between_Modules_Rank3.0"},
                                {"Apis_Between_Modules_Rank6.0"},
                                {"Apis_Between_Modules_Rank7.0"}});
    // Rank 1 was the main graph of its PP group, so its free APIs kept their
    // names: its collection lists them, and the tree exports rank 0's namesakes once, as msprobe does.
    CHECK(msprobe::testing::query_rows(db,
                                       "SELECT sub_nodes FROM tb_nodes WHERE node_name = "
                                       "'Apis_Between_Modules_Rank1.0' AND rank = 0") ==
          Rows{{"sub_nodes"}, {R"(["Torch.add.0.forward", "Torch.add.1.forward"])"}});
    CHECK(msprobe::testing::query_rows(db,
                                       "SELECT up_node FROM tb_nodes WHERE node_name = 'Torch.add.0.forward' "
                                       "AND rank = 0") == Rows{{"up_node"}, {"Apis_Between_Modules_Rank0.0"}});
    // Replica 2's stage-1 API finds its TP partner through rank 6's name → rank 7.
    const auto info = msprobe::testing::query_rows(
        db,
        "SELECT parallel_merge_info FROM tb_nodes WHERE node_name = 'Functional.linear_rank6.0.forward' AND rank = 2");
    REQUIRE(info.size() == 2);
    CHECK(nlohmann::json::parse(info[1][0]).at(0) ==
          "This data is the merged data after tensor parallelism(TP), and the data is merged from rank [6, 7].");
}

namespace {

// A rank of a two-stage virtual pipeline: chunk c runs layers.0, the model's
// layer 2c + stage; every module's data is that layer's, input 1 + 10·layer,
// output 2 + 10·layer.
void write_vpp_rank(const fs::path& dir, int stage) {
    std::vector<DumpNode> nodes;
    for (int chunk = 0; chunk < 2; ++chunk) {
        const double layer = 2 * chunk + stage;
        const auto record = call_record({stat_tensor(1 + 10 * layer)}, stat_tensor(2 + 10 * layer));
        const std::string model = "Module." + std::to_string(chunk) + ".model.";
        nodes.push_back({model + "Net.forward.0", "", record});
        nodes.push_back({model + "decoder.Block.forward.0", model + "Net.forward.0", record});
        nodes.push_back({model + "decoder.layers.0.Linear.forward.0", model + "decoder.Block.forward.0", record});
        nodes.push_back({"Functional.linear." + std::to_string(chunk) + ".forward",
                         model + "decoder.layers.0.Linear.forward.0", record});
    }
    msprobe::testing::write_rank_dump(dir, nodes);
}

}  // namespace

TEST_CASE("parallel merge: VPP moves the other chunks' layers into chunk 0, numbered in pipeline order") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_vpp_merge");
    write_vpp_rank(dir / "npu" / "rank0", 0);
    write_vpp_rank(dir / "npu" / "rank1", 1);
    const fs::path db = msprobe::testing::build_merged(dir, R"({"rank_size": 2, "tp": 1, "pp": 2, "vpp": 2})");

    CHECK(tree_of(db, 0) ==
          Rows{{"node_name", "up_node"},
               {"Functional.linear.0.forward", "Module.0.model.decoder.layers.0.Linear.forward.0"},
               {"Module.0.model.decoder.layers.0.Linear.forward.0", "Module.0.model.decoder.Block.forward.0"},
               {"Functional.linear_rank1.0.forward", "Module.0.model.decoder.layers.1.Linear.forward.0"},
               {"Module.0.model.decoder.layers.1.Linear.forward.0", "Module.0.model.decoder.Block.forward.0"},
               {"Functional.linear.1.forward", "Module.0.model.decoder.layers.2.Linear.forward.0"},
               {"Module.0.model.decoder.layers.2.Linear.forward.0", "Module.0.model.decoder.Block.forward.0"},
               {"Functional.linear_rank1.1.forward", "Module.0.model.decoder.layers.3.Linear.forward.0"},
               {"Module.0.model.decoder.layers.3.Linear.forward.0", "Module.0.model.decoder.Block.forward.0"},
               {"Module.0.model.decoder.Block.forward.0", "Module.0.model.Net.forward.0"},
               {"Module.0.model.Net.forward.0", "DefaultModel"},
               {"DefaultModel", ""}});
    // Each layer keeps its own data under its new name: layer 3 ran on stage 1 in chunk 1.
    CHECK(msprobe::testing::item_of(db, "Module.0.model.decoder.layers.3.Linear.forward.0", "input_data",
                                    "Module.0.model.decoder.layers.3.Linear.forward.0.input.0")
              .at("Max") == "31.0");
    CHECK(msprobe::testing::item_of(db, "Module.0.model.decoder.layers.2.Linear.forward.0", "output_data",
                                    "Module.0.model.decoder.layers.2.Linear.forward.0.output.0")
              .at("Max") == "22.0");
    // Chunk 0's modules show the last chunk's outputs (main rank's chunk 1: layer 2), under their own keys.
    for (const std::string node : {"Module.0.model.Net.forward.0", "Module.0.model.decoder.Block.forward.0"}) {
        CHECK(msprobe::testing::item_of(db, node, "output_data", node + ".output.0").at("Max") == "22.0");
        CHECK(msprobe::testing::item_of(db, node, "input_data", node + ".input.0").at("Max") == "1.0");
    }
}

TEST_CASE("parallel merge: PP adopts the layers other stages hang right under the root, numbered on") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_pp_root_layers");
    // Each stage names its layers itself: stage 1 calls them 5 and 6.
    const auto write_stage = [&](const std::string& rank, int first_layer, int stage) {
        std::vector<DumpNode> nodes;
        for (int i = 0; i < 2; ++i) {
            const auto record = call_record({stat_tensor(1 + stage + i)}, stat_tensor(2 + stage + i));
            const std::string layer = "Module.layers." + std::to_string(first_layer + i) + ".Block.forward.0";
            nodes.push_back({layer, "", record});
            nodes.push_back({"Functional.linear." + std::to_string(i) + ".forward", layer, record});
        }
        msprobe::testing::write_rank_dump(dir / "npu" / rank, nodes);
    };
    write_stage("rank0", 0, 0);
    write_stage("rank1", 5, 10);
    const fs::path db = msprobe::testing::build_merged(dir, R"({"rank_size": 2, "tp": 1, "pp": 2})");

    CHECK(tree_of(db, 0) == Rows{{"node_name", "up_node"},
                                 {"Functional.linear.0.forward", "Module.layers.0.Block.forward.0"},
                                 {"Module.layers.0.Block.forward.0", "DefaultModel"},
                                 {"Functional.linear.1.forward", "Module.layers.1.Block.forward.0"},
                                 {"Module.layers.1.Block.forward.0", "DefaultModel"},
                                 {"Functional.linear_rank1.0.forward", "Module.layers.2.Block.forward.0"},
                                 {"Module.layers.2.Block.forward.0", "DefaultModel"},
                                 {"Functional.linear_rank1.1.forward", "Module.layers.3.Block.forward.0"},
                                 {"Module.layers.3.Block.forward.0", "DefaultModel"},
                                 {"DefaultModel", ""}});
    CHECK(msprobe::testing::item_of(db, "Module.layers.3.Block.forward.0", "input_data",
                                    "Module.layers.3.Block.forward.0.input.0")
              .at("Max") == "12.0");
}
