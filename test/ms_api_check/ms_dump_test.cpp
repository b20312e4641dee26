// ApiAccuracyChecker.parse: task, framework fallback, dump_data_dir and the entries grouped by API.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "ms_api_check/ms_dump.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::ms_api_check;

namespace {

std::filesystem::path dump_file(const std::string& name, const std::string& text) {
    return msprobe::testing::scratch_file("ms_dump_" + name, "dump.json", text);
}

}  // namespace

TEST_CASE("ms dump: entries grouped by API in first-seen order, unsupported ones counted", "[ms_api_check]") {
    const auto path = dump_file("grouped", R"({"task": "tensor", "framework": "mindspore", "dump_data_dir": "d",
        "data": {"Mint.add.0.backward": {"input": []}, "Cell.net.Net.forward.0": {}, "Tensor.matmul.0.forward": {},
                 "MintFunctional.relu.0.forward": {"input_args": []}, "Mint.add.0.forward": {"input_args": []}}})");
    const auto dump = read_ms_dump(path);
    CHECK(dump.task == DumpTask::Tensor);
    CHECK(dump.framework == TestedFramework::MindSpore);
    CHECK(dump.framework_warning.empty());
    CHECK(dump.dump_data_dir == "d");
    REQUIRE(dump.apis.size() == 2);
    CHECK(dump.apis[0].name == "Mint.add.0");
    CHECK(dump.apis[0].forward.present());
    CHECK(dump.apis[0].backward.present());
    CHECK(dump.apis[1].name == "MintFunctional.relu.0");
    CHECK_FALSE(dump.apis[1].backward.present());
    CHECK(dump.left_out == 2);
    CHECK(dump.left_out_example == "Cell.net.Net.forward.0");
}

TEST_CASE("ms dump: msprobe's own checker input has no framework key: mindspore with a warning", "[ms_api_check]") {
    const auto path = dump_file("no_framework", R"({"task": "statistics", "dump_data_dir": "",
        "data": {"MintFunctional.relu.0.forward": {"input_args": []}}})");
    const auto dump = read_ms_dump(path);
    CHECK(dump.task == DumpTask::Statistics);
    CHECK(dump.framework == TestedFramework::MindSpore);
    CHECK(dump.framework_warning == "framework field in api_info.json is missing: checked as mindspore");
    const auto mindtorch = read_ms_dump(dump_file("mindtorch", R"({"task": "statistics", "framework": "mindtorch",
        "data": {"Torch.matmul.0.forward": {}}})"));
    CHECK(mindtorch.framework == TestedFramework::MindTorch);
    CHECK(mindtorch.apis.size() == 1);
}

TEST_CASE("ms dump: what stops msprobe's parse is an error naming the file", "[ms_api_check]") {
    CHECK_THROWS_WITH(read_ms_dump(dump_file("no_task", R"({"data": {}})")),
                      Catch::Contains("task field in api_info.json is missing"));
    CHECK_THROWS_WITH(read_ms_dump(dump_file("bad_task", R"({"task": "md5", "data": {}})")),
                      Catch::Contains("is not accepted value: ('statistics', 'tensor')"));
    CHECK_THROWS_WITH(read_ms_dump(dump_file("no_dir", R"({"task": "tensor", "data": {}})")),
                      Catch::Contains("dump_data_dir field in api_info.json is missing"));
    CHECK_THROWS_WITH(read_ms_dump(dump_file("no_data", R"({"task": "statistics", "data": []})")),
                      Catch::Contains("data field in api_info.json is not accepted type: <class 'dict'>"));
    CHECK_THROWS_AS(read_ms_dump(dump_file("formula", R"({"task": "statistics", "data": {"Mint.x;=y.0.forward": {}}})")),
                    msprobe::Error);
}
