// -oc: the anomaly detector's level on every recorded node it reports.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "graph/overflow_levels.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::graph;

namespace {

std::string tensor(const std::string& max) {
    return R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": )" + max +
           R"(, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false})";
}

std::string entry(const std::string& input_max, const std::string& output_max) {
    return R"({"input_args": [)" + tensor(input_max) + R"(], "input_kwargs": {}, "output": [)" + tensor(output_max) +
           "]}";
}

}  // namespace

TEST_CASE("overflow_levels: inf/NaN made, carried and absorbed: critical, high, medium", "[graph][overflow]") {
    const fs::path dump = msprobe::testing::scratch_file(
        "graph_overflow_levels", "dump.json",
        R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {)"
        R"("Torch.made.0.forward": )" +
            entry("1.0", R"("inf")") + R"(, "Torch.carried.0.forward": )" + entry(R"("inf")", R"("nan")") +
            R"(, "Torch.absorbed.0.forward": )" + entry(R"("inf")", "1.0") + R"(, "Torch.clean.0.forward": )" +
            entry("1.0", "1.0") + R"(, "Torch.unrecorded.0.forward": )" + entry("1.0", R"("inf")") + "}}");
    ModelGraph graph;
    for (const char* id :
         {"Torch.made.0.forward", "Torch.carried.0.forward", "Torch.absorbed.0.forward", "Torch.clean.0.forward"}) {
        GraphNode& node = graph.add(id, NodeKind::Api);
        node.has_record = true;
        attach(node, graph.root());
    }
    attach(graph.add("Torch.unrecorded.0.forward", NodeKind::Api), graph.root());  // a node without its record
    attach_overflow_levels(graph, dump);
    CHECK(graph.find("Torch.made.0.forward")->rare().overflow_level == "critical");
    CHECK(graph.find("Torch.carried.0.forward")->rare().overflow_level == "high");
    CHECK(graph.find("Torch.absorbed.0.forward")->rare().overflow_level == "medium");
    CHECK(graph.find("Torch.clean.0.forward")->rare().overflow_level.empty());
    CHECK(graph.find("Torch.unrecorded.0.forward")->rare().overflow_level.empty());
    CHECK(graph.root().rare().overflow_level.empty());
}
