// Reading run_ut's input (spec run_ut §2.1) and the -f de-duplication (§3.3, §17.1).
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "dump/json_file.hpp"
#include "dump/json_text.hpp"
#include "run_ut/dump_records.hpp"
#include "support/dump_generator.hpp"
#include "support/legacy_run_ut_writer.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::run_ut;

namespace {

std::filesystem::path write(const std::string& name, const std::string& text) {
    const auto dir = msprobe::testing::scratch_dir("run_ut_records_" + name);
    const auto path = dir / "dump.json";
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("filter_api keeps one call per API name and input signature", "[run_ut]") {
    const auto path = write("filter", R"({"task": "statistics", "dump_data_dir": null, "data": {
        "torch.add_1.forward": {"input_args": [{"value": 1}], "input_kwargs": {}},
        "torch.add_2.forward": {"input_args": [{"value": 1}], "input_kwargs": {}},
        "torch.sub.forward": {"input_args": [{"value": 2}], "input_kwargs": {}}}})");
    const auto records = read_dump_records(path);
    REQUIRE(records.apis.size() == 3);
    const auto kept = filter_repeated_calls(records.apis);
    REQUIRE(kept.size() == 2);
    CHECK(kept[0].full_name == "torch.add_1");
    CHECK(kept[1].full_name == "torch.sub");
}

TEST_CASE("Max and Min do not count in the signature, array arguments are left out of it", "[run_ut]") {
    const auto path = write("signature", R"({"task": "statistics", "dump_data_dir": null, "data": {
        "Torch.cat.0.forward": {"input_args": [[{"type": "torch.Tensor", "Max": 1}], {"type": "torch.Tensor", "Max": 1, "Mean": 0}], "input_kwargs": {}},
        "Torch.cat.1.forward": {"input_args": [[{"type": "torch.Tensor", "Max": 9}], {"type": "torch.Tensor", "Max": 2, "Mean": 0}], "input_kwargs": {}},
        "Torch.cat.2.forward": {"input_args": [{"type": "torch.Tensor", "Max": 2, "Mean": 1}], "input_kwargs": {}}}})");
    const auto kept = filter_repeated_calls(read_dump_records(path).apis);
    REQUIRE(kept.size() == 2);
    CHECK(kept[1].full_name == "Torch.cat.2");
}

TEST_CASE("a NaN in the signature makes every call distinct, as Python's == on parsed records does", "[run_ut]") {
    const auto path = write("signature_nan", R"({"task": "statistics", "dump_data_dir": null, "data": {
        "Torch.mul.0.forward": {"input_args": [{"type": "torch.Tensor", "Mean": NaN}], "input_kwargs": {"alpha": 1}},
        "Torch.mul.1.forward": {"input_args": [{"type": "torch.Tensor", "Mean": NaN}], "input_kwargs": {"alpha": 1}},
        "Torch.mul.2.forward": {"input_args": [{"type": "torch.Tensor", "Mean": 0, "Max": NaN}], "input_kwargs": {}},
        "Torch.mul.3.forward": {"input_args": [{"type": "torch.Tensor", "Mean": 0, "Max": 1}], "input_kwargs": {}}}})");
    const auto kept = filter_repeated_calls(read_dump_records(path).apis);
    // Max does not count: calls 2 and 3 are the same call.
    REQUIRE(kept.size() == 3);
    CHECK(kept[0].full_name == "Torch.mul.0");
    CHECK(kept[1].full_name == "Torch.mul.1");
    CHECK(kept[2].full_name == "Torch.mul.2");
}

TEST_CASE("the signature compares as Python does: numbers by value, kwargs in any order", "[run_ut]") {
    const auto path = write("signature_values", R"({"task": "statistics", "dump_data_dir": null, "data": {
        "Torch.div.0.forward": {"input_args": [{"type": "int", "value": 2}], "input_kwargs": {"a": 1, "rounding_mode": null}},
        "Torch.div.1.forward": {"input_args": [{"type": "int", "value": 2.0}], "input_kwargs": {"rounding_mode": null, "a": 1.0}},
        "Torch.div.2.forward": {"input_args": [{"type": "int", "value": 2}]},
        "Torch.div.3.forward": {"input_args": [{"type": "int", "value": 2}], "input_kwargs": {}}}})");
    const auto kept = filter_repeated_calls(read_dump_records(path).apis);
    REQUIRE(kept.size() == 2);
    CHECK(kept[0].full_name == "Torch.div.0");
    CHECK(kept[1].full_name == "Torch.div.2");  // a missing input_kwargs is the empty dict: div.3 repeats it
}

TEST_CASE("forward and backward entries are paired, a malformed key aborts with the reference's message", "[run_ut]") {
    auto path = write("pairs", R"({"task": "statistics", "dump_data_dir": "x", "data": {
        "Module.fc.Linear.forward.0": {},
        "Functional.relu.0.forward": {"input_args": [], "input_kwargs": {}},
        "Functional.relu.0.backward": {"input": [], "output": []}}})");
    const auto records = read_dump_records(path);
    REQUIRE(records.apis.size() == 1);
    CHECK(records.apis[0].backward);
    CHECK(records.data_root == path.parent_path() / "dump_tensor_data");

    path = write("bad_key", R"({"task": "statistics", "data": {"Functional.relu.forward.0": {}}})");
    CHECK_THROWS_WITH(read_dump_records(path), Catch::Contains("Unexpected name in json: Functional.relu.forward.0"));
    path = write("no_data", R"({"task": "statistics"})");
    CHECK_THROWS_WITH(read_dump_records(path), Catch::Contains("no data found in dump.json"));
}

TEST_CASE("a legacy forward_info file reads as forward entries named Family.api.n", "[run_ut]") {
    const auto path = write("legacy", R"({
        "Functional*relu*0": {"args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4], "Max": 1.0, "Min": -1.0, "requires_grad": true}], "kwargs": {"inplace": {"type": "bool", "value": false}}},
        "Torch*add*0": {"args": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [4], "Max": 1.0, "Min": 0.0, "requires_grad": false}, {"type": "float", "value": 2.0}], "kwargs": {}}})");
    const auto records = read_dump_records(path);
    REQUIRE(records.apis.size() == 2);
    CHECK(records.apis[0].full_name == "Functional.relu.0");
    CHECK(records.apis[1].full_name == "Torch.add.0");
    CHECK(records.apis[0].forward.member("input_args").size() == 1);
    CHECK(records.apis[0].forward.member("input_kwargs").has_member("inplace"));
    CHECK(!records.apis[0].backward);
    CHECK(!records.data_root);
}

TEST_CASE("a legacy backward_info file gives the forward entries of the same name their gradients", "[run_ut]") {
    const auto dir = msprobe::testing::scratch_dir("run_ut_records_legacy_backward");
    const auto files = msprobe::testing::write_legacy_run_ut_dump(dir);
    const auto records = read_dump_records(files.forward, files.backward);
    REQUIRE(records.apis.size() == 3);
    CHECK(records.apis[0].full_name == "Functional.relu.0");
    REQUIRE(records.apis[0].backward);
    const auto grads = records.apis[0].backward.member("input");
    REQUIRE(grads.is_array());
    REQUIRE(grads.size() == 1);
    CHECK(grads.item(0).member("shape").item(1).integer() == 3);
    CHECK(records.apis[1].full_name == "Torch.matmul.0");
    REQUIRE(records.apis[1].backward);
    CHECK(records.apis[1].backward.member("input").item(0).member("Max").number() == 0.75);
    CHECK(records.apis[2].full_name == "Tensor.__add__.0");
    CHECK(!records.apis[2].backward);
    // Without -backward the legacy file runs forward only.
    CHECK(!read_dump_records(files.forward).apis[0].backward);
    // -backward only goes with a legacy forward file.
    const auto modern = dir / "dump.json";
    std::ofstream(modern) << R"({"task": "statistics", "dump_data_dir": null, "data": {}})";
    CHECK_THROWS_WITH(read_dump_records(modern, files.backward), Catch::Contains("-backward goes with a legacy"));
}

TEST_CASE("a streamed dump.json gives each API the records the whole-file parse reads", "[run_ut][dump_records]") {
    msprobe::testing::DumpPairOptions options;
    options.out = msprobe::testing::scratch_dir("run_ut_records_streamed");
    options.apis = 80;
    options.level = msprobe::testing::DumpLevel::Mix;
    options.task = msprobe::testing::DumpTask::Tensor;
    const auto path = msprobe::testing::generate_dump_pair(options).npu_rank_dirs.at(0) / "dump.json";
    DumpRecords read = read_dump_records(path);
    const DumpRecords records = std::move(read);  // the views outlive a move of what holds them (RankDumps moves)
    const auto whole = msprobe::dump::JsonFile::load(path);
    const auto data = whole.root().member("data");
    std::vector<std::string> forwards;
    for (const auto& m : data.members()) {
        const std::string name(m.name);
        if (name.find("Module") == std::string::npos && name.size() > 8 && name.substr(name.size() - 8) == ".forward") {
            forwards.push_back(name.substr(0, name.size() - 8));
        }
    }
    REQUIRE(forwards.size() > 10);
    REQUIRE(records.apis.size() == forwards.size());
    std::size_t with_backward = 0;
    for (std::size_t i = 0; i < forwards.size(); ++i) {
        const ApiEntry& api = records.apis[i];
        CAPTURE(api.full_name);
        CHECK(api.full_name == forwards[i]);
        const auto forward = data.member(forwards[i] + ".forward");
        for (const char* section : {"input_args", "input_kwargs", "output"}) {
            CHECK(msprobe::dump::compact_json(api.forward.member(section)) ==
                  msprobe::dump::compact_json(forward.member(section)));
        }
        const auto backward = data.member(forwards[i] + ".backward");
        CHECK(api.backward.present() == backward.present());
        if (!backward) continue;
        ++with_backward;
        CHECK(msprobe::dump::compact_json(api.backward.member("input")) ==
              msprobe::dump::compact_json(backward.member("input")));
        CHECK_FALSE(api.backward.has_member("output"));  // kept only as far as run_ut reads it
    }
    CHECK(with_backward > 0);
    CHECK(records.data_root == path.parent_path() / "dump_tensor_data");
}

TEST_CASE("dump_data_dir sets the data root unless absent or null", "[run_ut][dump_records]") {
    const auto none = write("data_dir_null", R"({"task": "statistics", "dump_data_dir": null, "data": {}})");
    CHECK_FALSE(read_dump_records(none).data_root);
    const auto absent = write("data_dir_absent", R"({"task": "statistics", "data": {}})");
    CHECK_FALSE(read_dump_records(absent).data_root);
    const auto number = write("data_dir_number", R"({"task": "tensor", "dump_data_dir": 0, "data": {}})");
    CHECK(read_dump_records(number).data_root == number.parent_path() / "dump_tensor_data");
    const auto text = write("data_dir_text", R"({"data": {}, "task": "tensor", "dump_data_dir": "/elsewhere"})");
    CHECK(read_dump_records(text).data_root == text.parent_path() / "dump_tensor_data");
}

TEST_CASE("a broken dump.json is refused with the whole parse's message, file and byte", "[run_ut][dump_records]") {
    const std::vector<std::string> texts = {
        R"({"task": "statistics", "data": {"Torch.add.0.forward": {"input_args": [1,]}}})",
        R"({"task": "statistics", "data": {"Torch.add.0.forward": {}, "Torch.add.0.forward": {}}})",
        // A bad key before a fault of the file itself: the file's fault is what is reported.
        R"({"task": "statistics", "data": {"Torch.add.forward.0": {}, "Torch.add.0.forward": }})",
    };
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const auto path = write("broken_" + std::to_string(i), texts[i]);
        std::string expected;
        try {
            (void)msprobe::dump::JsonFile::load(path);
        } catch (const msprobe::Error& e) {
            expected = e.what();
        }
        CAPTURE(texts[i]);
        REQUIRE_FALSE(expected.empty());
        CHECK_THROWS_WITH(read_dump_records(path), expected);
    }
    const auto list = write("top_list", R"([{"data": {}}])");
    CHECK_THROWS_WITH(read_dump_records(list), Catch::Contains(list.string()) && Catch::Contains("no data found"));
    const auto data_list = write("data_list", R"({"task": "statistics", "data": [1]})");
    CHECK_THROWS_WITH(read_dump_records(data_list), Catch::Contains("no data found in dump.json"));
}
