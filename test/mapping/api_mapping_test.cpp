// -am: the built-in rule and the user API table, on the spec's test vectors
// (mapping.md §3, §4, §13; compare.md §15.6).
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "mapping/api_mapping.hpp"
#include "mapping/builtin_api_table.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::mapping;

namespace {

fs::path write_yaml(const std::string& name, const std::string& text) {
    const fs::path path = testing::scratch_dir("mapping_yaml") / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// A dump with one entry per (key, state, row suffix) given.
struct RowSpec {
    std::string entry;
    dump::RowState state;
    std::string suffix;
};

dump::DumpFile dump_of(const std::vector<RowSpec>& specs) {
    dump::DumpFile dump;
    dump.path = "dump.json";
    for (const auto& spec : specs) {
        auto it = std::find(dump.api_names.begin(), dump.api_names.end(), spec.entry);
        if (it == dump.api_names.end()) it = dump.api_names.insert(dump.api_names.end(), spec.entry);
        dump::DumpRow row;
        row.name = spec.entry + spec.suffix;
        row.state = spec.state;
        row.api_index = static_cast<std::uint32_t>(it - dump.api_names.begin());
        dump.rows.push_back(row);
    }
    return dump;
}

}  // namespace

TEST_CASE("built-in API table: the spec's examples", "[mapping]") {
    const std::pair<const char*, const char*> vectors[] = {
        {"Mint.mean.0.input.0", "Torch.mean.0.input.0"},
        {"MintFunctional.mean.0.input.0", "Functional.mean.0.input.0"},
        {"Mint.mean.0.forward.input.0", "Torch.mean.0.forward.input.0"},
        {"MintFunctional.relu.0.forward.output.0", "Functional.relu.0.forward.output.0"},
        {"Functional.abs.0.input.0", "Torch.abs.0.input.0"},
        {"Functional.swapaxes.0.forward.input.0", "Torch.transpose.0.forward.input.0"},
        {"Tensor.asnumpy.0.forward.output.0", "Tensor.numpy.0.forward.output.0"},
        {"Functional.add.3.backward.output.1", "Torch.add.3.backward.output.1"},
        {"Functional.t.0.forward.input.0", "Torch.t.0.forward.input.0"},
        {"Functional.dense.0.forward.input.0", "Functional.linear.0.forward.input.0"},
        {"Tensor.__add__.0.forward.input.0", "Tensor.__add__.0.forward.input.0"},
        {"Cell.fc1.Dense.forward.0.input.0", "Cell.fc1.Dense.forward.0.input.0"},
        {"MintDistributed.all_reduce.0.forward.input.0", "MintDistributed.all_reduce.0.forward.input.0"},
        {"Primitive.norm.RmsNorm.0.forward.input.0", "Primitive.norm.RmsNorm.0.forward.input.0"},
    };
    for (const auto& [name, key] : vectors) {
        INFO(name);
        CHECK(builtin_api_key(name, "dump.json") == key);
    }
    CHECK(api_name_of("Functional.linear.0.forward.input.0", "dump.json") == "Functional.linear");
    CHECK_THROWS_AS(builtin_api_key("Functional", "dump.json"), Error);
    const auto& table = builtin_api_table();
    CHECK(table.size() == 399);
    std::size_t to_torch = 0, functional = 0, tensor = 0;
    for (const auto& [from, to] : table) {
        if (from.rfind("Tensor.", 0) == 0) ++tensor;
        else if (to.rfind("Torch.", 0) == 0) ++to_torch;
        else ++functional;
    }
    CHECK(to_torch == 169);
    CHECK(functional == 38);
    CHECK(tensor == 192);
}

TEST_CASE("user API table: positions re-paired, the rest abandoned", "[mapping]") {
    using dump::RowState;
    const auto npu = dump_of({{"X.api.0.forward", RowState::Input, ".input.0"},
                              {"X.api.0.forward", RowState::Input, ".input.1"},
                              {"X.api.0.forward", RowState::Input, ".input.2"},
                              {"X.api.0.forward", RowState::Input, ".input.mask"},
                              {"X.api.0.forward", RowState::Output, ".output.0"},
                              {"X.other.0.forward", RowState::Output, ".output.0"}});
    const auto bench = dump_of({{"Y.api.0.forward", RowState::Input, ".input.0"}});
    std::vector<std::string> keys;
    for (const auto& row : npu.rows) keys.push_back(row.name);
    ApiMappingRecord record;
    record.ms_api = "X.api", record.pt_api = "Y.api";
    record.ms_args = {"0", "2"}, record.pt_args = {"0", "1"};
    record.ms_outputs = {"0"}, record.pt_outputs = {"0"};
    apply_user_api_mapping({record}, npu, bench, keys);
    CHECK(keys == std::vector<std::string>{"Y.api.0.forward.input.0", "Y.api.0.forward.input.1abandoned",
                                           "Y.api.0.forward.input.1", "Y.api.0.forward.input.maskabandoned",
                                           "Y.api.0.forward.output.0", "X.other.0.forward.output.0"});

    // Lists of unequal length: the record is skipped.
    std::vector<std::string> untouched;
    for (const auto& row : npu.rows) untouched.push_back(row.name);
    record.pt_args = {"0"};
    auto same = untouched;
    apply_user_api_mapping({record}, npu, bench, same);
    CHECK(same == untouched);
    // A bench side without the target API: skipped too.
    record.pt_args = {"0", "1"};
    apply_user_api_mapping({record}, npu, dump_of({{"Z.api.0.forward", RowState::Input, ".input.0"}}), same);
    CHECK(same == untouched);
}

TEST_CASE("user API table file: a record or a list, both output spellings", "[mapping]") {
    const auto single = load_api_mapping(write_yaml("single.yaml",
                                                    "ms_api: A.b\npt_api: C.d\nms_args: [0, 1]\n"
                                                    "pt_args: [1, 0]\nms_outputs: [0]\npt_outputs: [0]\n"));
    REQUIRE(single.size() == 1);
    CHECK(single[0].ms_args == std::vector<std::string>{"0", "1"});
    CHECK(single[0].pt_outputs == std::vector<std::string>{"0"});
    const auto listed = load_api_mapping(write_yaml("list.yaml",
                                                    "- ms_api: A.b\n  pt_api: C.d\n  ms_output: [0]\n"
                                                    "  pt_output: [1]\n  ms_outputs: [2]\n  pt_outputs: [3]\n"));
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].ms_outputs == std::vector<std::string>{"2"});  // the plural wins
    CHECK(listed[0].pt_outputs == std::vector<std::string>{"3"});
    CHECK_THROWS_AS(load_api_mapping(write_yaml("bad.yaml", "- ms_api: [\n")), Error);
    CHECK_THROWS_AS(load_api_mapping(write_yaml("nokey.yaml", "- pt_api: C.d\n")), Error);
}
