// The framework of a dump.json without a "framework" key, from its records' spellings.
#include <catch2/catch.hpp>

#include "dump/dump_framework.hpp"
#include "dump/json_file.hpp"
#include "json_text_file.hpp"

using msprobe::dump::DumpFramework;
using msprobe::dump::framework_from_content;
using msprobe::testing::load_json_text;

TEST_CASE("dump framework: msprobe's own MindSpore checker input (no framework key) reads as MindSpore") {
    // test/msprobe_test/mindspore_ut/api_accuracy_checker/files/api_info_tensor.json, shortened.
    const auto file = load_json_text(R"({"task": "tensor", "dump_data_dir": "", "data": {
        "MintFunctional.relu.0.forward": {"input_args": [{"type": "mindspore.Tensor", "dtype": "Float32",
        "shape": [2, 3], "Max": 3.0, "Min": 1.0, "data_name": "2_3_input.npy"}], "input_kwargs": {}}}})");
    const auto clues = framework_from_content(file.root());
    CHECK(clues.framework == DumpFramework::MindSpore);
    CHECK(clues.example == "MintFunctional.relu.0.forward");
}

TEST_CASE("dump framework: torch type names and dtypes read as PyTorch") {
    const auto file = load_json_text(R"({"task": "statistics", "data": {
        "Tensor.add.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2]}],
        "input_kwargs": {"alpha": {"type": "int", "value": 1}}}}})");
    const auto clues = framework_from_content(file.root());
    CHECK(clues.framework == DumpFramework::PyTorch);
    CHECK(clues.example == "torch.Tensor");
}

TEST_CASE("dump framework: a MindSpore dtype alone is enough, nested in a list of outputs") {
    const auto file = load_json_text(R"({"data": {"Tensor.split.0.forward": {"input_args": [],
        "output": [[{"type": "tensor", "dtype": "BFloat16", "shape": [1]}]]}}})");
    const auto clues = framework_from_content(file.root());
    CHECK(clues.framework == DumpFramework::MindSpore);
    CHECK(clues.example == "BFloat16");
}

TEST_CASE("dump framework: no clue, or clues of both, is Unknown") {
    const auto none = load_json_text(R"({"data": {"Tensor.x.0.forward": {"input_args": [{"type": "int", "value": 1}]}}})");
    CHECK(framework_from_content(none.root()).framework == DumpFramework::Unknown);
    const auto empty = load_json_text(R"({"task": "tensor"})", "empty.json");
    CHECK(framework_from_content(empty.root()).framework == DumpFramework::Unknown);
    const auto both = load_json_text(R"({"data": {"Mint.add.0.forward": {"input_args": [{"type": "torch.Tensor"}]}}})",
                                     "both.json");
    CHECK(framework_from_content(both.root()).framework == DumpFramework::Unknown);
}
