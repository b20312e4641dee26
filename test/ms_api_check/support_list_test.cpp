// Which entries msprobe's MindSpore checker takes: ApiAccuracyChecker.is_api_checkable.
#include <catch2/catch.hpp>

#include "ms_api_check/support_list.hpp"

using namespace msprobe::ms_api_check;

TEST_CASE("support list: msprobe's own is_api_checkable cases", "[ms_api_check]") {
    // test_api_accuracy_checker.py test_is_api_checkable's mapping.
    CHECK_FALSE(is_checkable("fake api", TestedFramework::MindSpore));
    CHECK(is_checkable("MintFunctional.relu.0.forward", TestedFramework::MindSpore));
    CHECK(is_checkable("Tensor.add_.0.forward", TestedFramework::MindSpore));
    CHECK_FALSE(is_checkable("Tensor.new.add.0.forward", TestedFramework::MindSpore));
}

TEST_CASE("support list: every mint API, the yaml's Tensor methods only, the fusion API", "[ms_api_check]") {
    CHECK(is_checkable("Mint.some_future_api.3.backward", TestedFramework::MindSpore));
    CHECK_FALSE(is_checkable("Tensor.matmul.0.forward", TestedFramework::MindSpore));  // not in the yaml
    CHECK(is_checkable("Tensor.zero_.1.forward", TestedFramework::MindSpore));          // its last entry
    CHECK(is_checkable("Functional.flash_attention_score.0.forward", TestedFramework::MindSpore));
    CHECK_FALSE(is_checkable("Functional.relu.0.forward", TestedFramework::MindSpore));
    CHECK_FALSE(is_checkable("Cell.conv.Conv2d.forward.0", TestedFramework::MindSpore));
    CHECK_FALSE(is_checkable("Mint.add.0", TestedFramework::MindSpore));  // fewer than four parts
    CHECK(supported_tensor_methods().size() == 59);
}

TEST_CASE("support list: a MindTorch dump's Torch, Functional and Tensor APIs", "[ms_api_check]") {
    CHECK(is_checkable("Torch.matmul.0.forward", TestedFramework::MindTorch));
    CHECK(is_checkable("Tensor.matmul.0.forward", TestedFramework::MindTorch));
    CHECK(is_checkable("Functional.relu.0.forward", TestedFramework::MindTorch));
    CHECK_FALSE(is_checkable("Mint.add.0.forward", TestedFramework::MindTorch));
    CHECK_FALSE(is_checkable("Distributed.all_reduce.0.forward", TestedFramework::MindTorch));
}

TEST_CASE("support list: the torch module of each family (api_parent_module_str_mapping)", "[ms_api_check]") {
    CHECK(bench_module("Mint", TestedFramework::MindSpore) == "torch");
    CHECK(bench_module("MintFunctional", TestedFramework::MindSpore) == "torch.nn.functional");
    CHECK(bench_module("Tensor", TestedFramework::MindSpore) == "torch.Tensor");
    CHECK(bench_module("Functional", TestedFramework::MindTorch) == "torch.nn.functional");
    CHECK(bench_module("Torch", TestedFramework::MindSpore).empty());
    CHECK(executor_family("MintFunctional", TestedFramework::MindSpore) == "Functional");
    CHECK(executor_family("Mint", TestedFramework::MindSpore) == "Torch");
}
