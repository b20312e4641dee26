// -config white/black list names (spec run_ut §1.4): checked against what the
// executor resolves, cross-checked here against msprobe's hook lists.
#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <set>
#include <string>

#include "run_ut/api_names.hpp"
#include "support/shared_fixtures.hpp"

using msprobe::run_ut::is_known_api_name;

TEST_CASE("api names from msprobe's hook lists are known and made-up ones are not", "[run_ut]") {
    for (const char* name : {"conv2d", "matmul", "softmax", "relu", "__add__", "linalg.vector_norm", "float", "layer_norm",
                             "cross_entropy", "npu_rms_norm", "npu_fusion_attention"}) {
        INFO(name);
        CHECK(is_known_api_name(name));
    }
    for (const char* name : {"foo", "conv2dd", "", "Functional.conv2d", "npu_not_an_op"}) {
        INFO(name);
        CHECK_FALSE(is_known_api_name(name));
    }
}

TEST_CASE("the functional/tensor/torch names of support_wrap_ops.yaml this tool rejects", "[run_ut]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto yaml = YAML::LoadFile((*fixtures / "reference_samples" / "support_wrap_ops.yaml").string());
    std::set<std::string> rejected;
    std::size_t names = 0;
    for (const char* list : {"functional", "tensor", "torch"}) {
        for (const auto& node : yaml[list]) {
            ++names;
            const auto name = node.as<std::string>();
            if (!is_known_api_name(name)) rejected.insert(name);
        }
    }
    // Python functions with no ATen operator of their own, which this tool has no wrapper for:
    const std::set<std::string> python_only = {
        // torch.nn.functional's return_indices=True helpers (ATen's adaptive_max_poolNd always returns the indices)
        "adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices", "adaptive_max_pool3d_with_indices",
        // the same for fractional max pooling (ATen's op takes the random samples as an argument)
        "fractional_max_pool2d_with_indices", "fractional_max_pool3d_with_indices",
        // torch.functional.lu / Tensor.lu: Python over aten::_lu_with_info / linalg_lu_factor_ex
        "lu",
        // torch.functional.unique / Tensor.unique: Python over aten::_unique2 / unique_dim
        "unique"};
    CHECK(names > 1000);
    CHECK(rejected == python_only);
}
