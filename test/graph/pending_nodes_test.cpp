#include "graph/pending_nodes.hpp"

#include <stdexcept>

#include <catch2/catch.hpp>

using msprobe::NameTable;
using msprobe::graph::GraphNode;
using msprobe::graph::PendingNodes;

namespace {

std::unique_ptr<GraphNode> node(const char* id, std::size_t inputs) {
    auto made = std::make_unique<GraphNode>();
    made->id = id;
    made->inputs.resize(inputs);
    return made;
}

}  // namespace

TEST_CASE("pending nodes are found by their entry's name, in file order, and taken once", "[graph][pending_nodes]") {
    PendingNodes entries;
    entries.append(node("Module.conv.Conv2d.forward.0", 0));
    entries.append_unreadable("entry 'Functional.conv2d.0.forward' is not an object");
    entries.append(node("Tensor.add.0.forward", 2));
    NameTable names;
    for (const char* name : {"Module.conv.Conv2d.forward.0", "Functional.conv2d.0.forward", "Tensor.add.0.forward"}) {
        names.add(name);
    }
    entries.set_names(std::move(names));
    REQUIRE(entries.size() == 3);
    CHECK(entries.name(1) == "Functional.conv2d.0.forward");
    CHECK(entries.find("Tensor.add.0.forward") == std::size_t{2});
    CHECK_FALSE(entries.find("Tensor.add.1.forward"));
    // The unreadable entry is found by its name, with no node; taking it reports its reason, naming the file.
    CHECK(entries.find("Functional.conv2d.0.forward") == std::size_t{1});
    CHECK(entries.at(1) == nullptr);
    CHECK_THROWS_WITH(entries.take(1, "r/dump.json"),
                      "r/dump.json: entry 'Functional.conv2d.0.forward' is not an object");
    // Taken, a node leaves the list; its entry is still found.
    const std::unique_ptr<GraphNode> taken = entries.take(2, "r/dump.json");
    REQUIRE(taken);
    CHECK(taken->inputs.size() == 2);
    CHECK(entries.at(2) == nullptr);
    CHECK(entries.take(2, "r/dump.json") == nullptr);
    CHECK(entries.find("Tensor.add.0.forward") == std::size_t{2});
    entries.clear();
    CHECK(entries.size() == 0);
    CHECK_FALSE(entries.find("Tensor.add.0.forward"));
}

TEST_CASE("pending nodes take a name for each entry, no more", "[graph][pending_nodes]") {
    PendingNodes entries;
    entries.append(node("a", 0));
    NameTable two;
    two.add("a");
    two.add("b");
    CHECK_THROWS_AS(entries.set_names(std::move(two)), std::logic_error);
}
