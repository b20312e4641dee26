// msprobe's name patterns: which kind of node an entry makes, and which names they know.
#include <catch2/catch.hpp>

#include "graph/node_kind.hpp"

using namespace msprobe::graph;

TEST_CASE("node_kind: module and API prefixes, modules by default", "[graph][node_kind]") {
    CHECK(node_kind_of("Module.fc.Linear.forward.0") == NodeKind::Module);
    CHECK(node_kind_of("Cell.dense.Dense.forward.0") == NodeKind::Module);
    CHECK(node_kind_of("optimizer.step") == NodeKind::Module);
    CHECK(node_kind_of("clip_grad_norm_.0") == NodeKind::Module);
    CHECK(node_kind_of("Torch.relu.0.forward") == NodeKind::Api);
    CHECK(node_kind_of("Tensor.add.1.backward") == NodeKind::Api);
    CHECK(node_kind_of("Distributed.all_reduce.0.forward") == NodeKind::Api);
    CHECK(node_kind_of("MintFunctional.gelu.0.forward") == NodeKind::Api);
    CHECK(node_kind_of("Mystery.thing.0") == NodeKind::Module);
    CHECK(node_kind_of("torch.relu.0.forward") == NodeKind::Module);  // the patterns are case-sensitive
}

TEST_CASE("node_kind: a pattern's '.' is a regex wildcard", "[graph][node_kind]") {
    CHECK(node_kind_of("Torch_relu.0.forward") == NodeKind::Api);
    CHECK(node_kind_of("ModuleX") == NodeKind::Module);
    CHECK(is_known_node_name("ModuleX", KnownNames::Patterns));
    CHECK_FALSE(is_known_node_name("Module", KnownNames::Patterns));  // the wildcard needs a character
}

TEST_CASE("node_kind: DefaultModel is known only to the set with the root's name", "[graph][node_kind]") {
    CHECK(is_known_node_name("Torch.relu.0.forward", KnownNames::Patterns));
    CHECK(is_known_node_name("Module.fc.Linear.forward.0", KnownNames::PatternsAndRoot));
    CHECK_FALSE(is_known_node_name("DefaultModel", KnownNames::Patterns));
    CHECK(is_known_node_name("DefaultModel", KnownNames::PatternsAndRoot));
    CHECK(is_known_node_name("DefaultModel.extra", KnownNames::PatternsAndRoot));
    CHECK_FALSE(is_known_node_name("Mystery.thing.0", KnownNames::Patterns));
    CHECK_FALSE(is_known_node_name("Mystery.thing.0", KnownNames::PatternsAndRoot));
}
