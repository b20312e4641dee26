// One rank folder read as a graph reads it: dump.json's header and records,
// construct.json first (it decides how parameter gradients are read), and the
// refusals that name the file at fault.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.hpp"
#include "graph/rank_folder.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::graph::RankFolder;
using msprobe::graph::read_rank_folder;

namespace {

constexpr const char* kRecord =
    R"({"input_args": [{"type": "int", "value": 1}], "output": [{"type": "int", "value": 2}]})";

fs::path rank_folder(const std::string& name, const std::string& dump, const std::string& construct) {
    const fs::path dir = msprobe::testing::scratch_dir("rank_folder_" + name);
    std::ofstream(dir / "dump.json") << dump;
    std::ofstream(dir / "construct.json") << construct;
    std::ofstream(dir / "stack.json") << R"({"Torch.add.0.forward": ["File a.py, line 1, in f, \n x"]})";
    return dir;
}

std::string refusal(const fs::path& dir) {
    try {
        (void)read_rank_folder(dir, {});
    } catch (const msprobe::Error& e) {
        return e.what();
    }
    return "no error";
}

// The node made of entry `id`, which must be there.
const msprobe::graph::GraphNode& entry(const RankFolder& folder, const std::string& id) {
    const auto position = folder.entries.find(id);
    REQUIRE(position);
    REQUIRE(folder.entries.at(*position) != nullptr);
    return *folder.entries.at(*position);
}

}  // namespace

TEST_CASE("rank folder: header, entry names and records", "[graph][rank_folder]") {
    const fs::path dir = rank_folder(
        "read",
        std::string(R"({"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": "/d/x",
                        "data": {"Torch.add.0.forward": )") +
            kRecord + R"(, "Module.output.Linear.parameters_grad": {"weight": [{"type": "int", "value": 1}]},
                          "Module.output.Conv.parameters_grad": {"weight": [{"type": "torch.Tensor",
                              "dtype": "torch.float32", "shape": [2], "md5": "0a1b2c3d"}]}}})",
        R"({"Torch.add.0.forward": null, "Module.output.Linear.parameters_grad": null})");
    RankFolder folder = read_rank_folder(dir, {true});
    CHECK(folder.dir == dir);
    CHECK(folder.header.path == (dir / "dump.json").string());
    CHECK(folder.header.task == "statistics");
    CHECK(folder.header.framework == "pytorch");
    CHECK(folder.header.has_digests);
    CHECK(folder.pytorch_dump);
    CHECK(folder.dump_data_dir == "/d/x");
    REQUIRE(folder.entries.size() == 3);
    CHECK(folder.entries.name(0) == "Torch.add.0.forward");
    CHECK(folder.entries.name(1) == "Module.output.Linear.parameters_grad");
    CHECK(folder.entries.name(2) == "Module.output.Conv.parameters_grad");
    for (std::size_t i = 0; i < 3; ++i) {
        REQUIRE(folder.entries.at(i) != nullptr);
        CHECK(folder.entries.at(i)->id == folder.entries.name(i));
        CHECK(folder.entries.at(i)->has_record);
    }
    CHECK(entry(folder, "Torch.add.0.forward").inputs.size() == 1);
    CHECK(entry(folder, "Torch.add.0.forward").outputs.size() == 1);
    // A parameters_grad entry construct.json names is a node's record, split by msprobe's ".output." test under
    // strict_compat; one it does not name is a parameter-gradient node's, every item an input.
    CHECK(entry(folder, "Module.output.Linear.parameters_grad").outputs.size() == 1);
    CHECK(entry(folder, "Module.output.Conv.parameters_grad").inputs.size() == 1);
    CHECK(entry(folder, "Module.output.Conv.parameters_grad").outputs.empty());
    CHECK(folder.construct.size() == 2);
    REQUIRE(folder.stack);
    CHECK(folder.stack->stack_lines("Torch.add.0.forward") != nullptr);
}

TEST_CASE("rank folder: which dumps are PyTorch's", "[graph][rank_folder]") {
    const std::string construct = R"({"Torch.add.0.forward": null})";
    const std::string data = std::string(R"("data": {"Torch.add.0.forward": )") + kRecord + "}}";
    CHECK(
        read_rank_folder(rank_folder("no_framework", R"({"task": "statistics", )" + data, construct), {}).pytorch_dump);
    const fs::path null_framework =
        rank_folder("null_framework", R"({"task": "statistics", "framework": null, )" + data, construct);
    CHECK_FALSE(read_rank_folder(null_framework, {}).pytorch_dump);
    CHECK_FALSE(read_rank_folder(rank_folder("mindspore", R"({"framework": "mindspore", )" + data, construct), {})
                    .pytorch_dump);
}

TEST_CASE("rank folder: refusals name the file at fault", "[graph][rank_folder]") {
    const std::string construct = R"({"Torch.add.0.forward": null})";
    const fs::path list = rank_folder("top_list", "[]", construct);
    CHECK(refusal(list) == (list / "dump.json").string() + ": the top level is not a JSON object");
    const fs::path no_data = rank_folder("no_data", R"({"task": "statistics"})", construct);
    CHECK(refusal(no_data) == (no_data / "dump.json").string() + ": 'data' is missing or not an object");
    const fs::path bad_data = rank_folder("bad_data", R"({"task": "statistics", "data": [1]})", construct);
    CHECK(refusal(bad_data) == (bad_data / "dump.json").string() + ": 'data' is missing or not an object");
    const fs::path l1 = rank_folder("l1", std::string(R"({"task": "statistics", "data": {}})"), "{}");
    CHECK(refusal(l1) == (l1 / "construct.json").string() +
                             ": the content is empty, so no graph can be built (an L1 dump? only L0 and mix dumps can "
                             "be graphed)");
    // A record of the wrong shape is kept for the graph to report; the entry itself must be an object.
    const fs::path not_object =
        rank_folder("not_object", R"({"task": "statistics", "data": {"Torch.add.0.forward": 3}})", construct);
    RankFolder unreadable = read_rank_folder(not_object, {});
    REQUIRE(unreadable.entries.size() == 1);
    CHECK(unreadable.entries.at(0) == nullptr);
    CHECK_THROWS_WITH(unreadable.entries.take(0, unreadable.header.path),
                      unreadable.header.path + ": entry 'Torch.add.0.forward' is not an object");
    const fs::path no_stack = rank_folder("no_stack", R"({"task": "statistics", "data": {}})", construct);
    fs::remove(no_stack / "stack.json");
    CHECK_THAT(refusal(no_stack), Catch::Contains((no_stack / "stack.json").string()));
}
