// The compare key of every NPU row under the mapping flags: -am before -cm
// before a data mapping, MindSpore-only flags ignored for PyTorch, and the
// key-only join any data mapping brings.
#include <catch2/catch.hpp>

#include <algorithm>

#include "common/error.hpp"
#include "mapping/compare_keys.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::mapping;

namespace {

dump::DumpFile dump_of(const std::vector<std::string>& row_names) {
    dump::DumpFile dump;
    dump.path = "dump.json";
    for (const auto& name : row_names) {
        const std::string entry = name.substr(0, name.find(".forward") + 8);
        auto it = std::find(dump.api_names.begin(), dump.api_names.end(), entry);
        if (it == dump.api_names.end()) it = dump.api_names.insert(dump.api_names.end(), entry);
        dump::DumpRow row;
        row.name = name;
        row.state = name.find(".output.") != std::string::npos ? dump::RowState::Output : dump::RowState::Input;
        row.api_index = static_cast<std::uint32_t>(it - dump.api_names.begin());
        dump.rows.push_back(row);
    }
    return dump;
}

const dump::DumpFile kNpu = dump_of({"Functional.dense.0.forward.input.0", "Cell.fc1.Dense.forward.0.output.0"});
const dump::DumpFile kBench = dump_of({"Functional.linear.0.forward.input.0"});
constexpr KeyContext kMindSpore{true};
constexpr KeyContext kPyTorch{false};

std::string data_mapping_file() {
    return testing::scratch_file("compare_keys_dm", "data_mapping.yaml",
                                 "Functional.dense.0.forward.input.0: Functional.linear.0.forward.input.0\n")
        .string();
}

}  // namespace

TEST_CASE("no mapping flag: the row names are the keys, joined as usual", "[mapping][compare_keys]") {
    const CompareKeys keys = npu_compare_keys(kNpu, kBench, {}, kMindSpore);
    CHECK(keys.npu_keys.empty());
    CHECK_FALSE(keys.join_on_key_only);
    CHECK_FALSE(keys.generated_mapping_yaml.has_value());
}

TEST_CASE("the -am and -cm flags act for MindSpore only, -am first", "[mapping][compare_keys]") {
    MappingOptions api;
    api.api_mapping = "";
    const CompareKeys mapped = npu_compare_keys(kNpu, kBench, api, kMindSpore);
    CHECK(mapped.npu_keys == std::vector<std::string>{"Functional.linear.0.forward.input.0",
                                                      "Cell.fc1.Dense.forward.0.output.0"});
    CHECK_FALSE(mapped.join_on_key_only);
    CHECK(npu_compare_keys(kNpu, kBench, api, kPyTorch).npu_keys.empty());

    MappingOptions cell;
    cell.cell_mapping = "";
    CHECK(npu_compare_keys(kNpu, kBench, cell, kMindSpore).npu_keys ==
          std::vector<std::string>{"Functional.dense.0.forward.input.0", "Module.fc1.Dense.forward.0.output.0"});
    cell.api_mapping = "";
    CHECK(npu_compare_keys(kNpu, kBench, cell, kMindSpore).npu_keys == mapped.npu_keys);
}

TEST_CASE("a data mapping keys the rows for every framework and joins on the key alone", "[mapping][compare_keys]") {
    MappingOptions data;
    data.data_mapping = data_mapping_file();
    const CompareKeys keys = npu_compare_keys(kNpu, kBench, data, kPyTorch);
    CHECK(keys.npu_keys == std::vector<std::string>{"Functional.linear.0.forward.input.0",
                                                    "Cell.fc1.Dense.forward.0.output.0"});
    CHECK(keys.join_on_key_only);

    // With -am the key comes from the API table, yet the join is still key-only.
    data.api_mapping = "";
    const CompareKeys both = npu_compare_keys(kNpu, kBench, data, kMindSpore);
    CHECK(both.npu_keys.front() == "Functional.linear.0.forward.input.0");
    CHECK(both.npu_keys.back() == "Cell.fc1.Dense.forward.0.output.0");
    CHECK(both.join_on_key_only);
}

TEST_CASE("check_mapping_files reads every file the flags name, before anything runs", "[mapping][compare_keys]") {
    MappingOptions options;
    options.data_mapping = "";
    CHECK_THROWS_WITH(check_mapping_files(options, false), Catch::Contains("-dm/--data_mapping needs a yaml file"));
    options.data_mapping = data_mapping_file();
    CHECK_NOTHROW(check_mapping_files(options, false));

    const std::string broken = testing::scratch_file("compare_keys_broken", "api.yaml", "- ms_api: [\n").string();
    options.api_mapping = broken;
    CHECK_NOTHROW(check_mapping_files(options, false));  // -am is not read for PyTorch
    try {
        check_mapping_files(options, true);
        FAIL("a broken api mapping must be refused");
    } catch (const Error& e) {
        CHECK(e.file().find("api.yaml") != std::string::npos);
    }
}
