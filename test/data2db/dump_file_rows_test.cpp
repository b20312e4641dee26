#include "data2db/dump_file_rows.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <fstream>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::data2db;
namespace fs = std::filesystem;

namespace {

std::string tensor(const std::string& max) {
    return R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": )" + max +
           R"(, "Min": -1.0, "Mean": 0.5, "Norm": 2.0})";
}

DumpRankFiles write_rank(const std::string& name, const std::string& data, const std::string& construct) {
    const auto dir = msprobe::testing::scratch_dir(name);
    std::ofstream(dir / "dump.json") << R"({"task": "statistics", "level": "mix", "data": )" << data << "}";
    std::ofstream(dir / "construct.json") << construct;
    return {0, dir / "dump.json", dir / "construct.json"};
}

}  // namespace

TEST_CASE("a dump's float tensors become rows named after the entry and their place", "[data2db][dump_file_rows]") {
    const std::string data =
        "{"
        "\"Functional.linear.2.forward\": {\"input_args\": [" +
        tensor("1.5") + ", {\"type\": \"int\", \"value\": 3}, " + tensor("Infinity") +
        "], \"input_kwargs\": {\"w\": " + tensor("1") + "}, \"output\": [" + tensor("\"inf\"") +
        "], \"parameters\": {\"weight\": [" + tensor("NaN") +
        "]}},"
        "\"Functional.linear.2.backward\": {\"input\": [" +
        tensor("7") +
        "], \"output\": [null]},"
        "\"Module.fc.parameters_grad\": {\"weight\": [" +
        tensor("true") +
        "], \"bias\": []},"
        "\"Tensor.int.0.forward\": {\"output\": [{\"type\": \"torch.Tensor\", \"dtype\": \"torch.int64\"}]},"
        "\"Distributed.all_reduce.0\": {\"output\": [" +
        tensor("1") +
        "]}"
        "}";
    const auto rank = write_rank("dump_file_rows", data, "{}");
    const DumpFileRows rows = read_dump_file_rows(rank, NameMapping(), true);
    CHECK(rows.has_data);
    CHECK(rows.micro_steps == 1);
    REQUIRE(rows.rows.size() == 6);
    const auto name = [&](std::size_t r) { return rows.targets[rows.rows[r].target].name; };
    CHECK(name(0) == "Functional.linear.input.0");
    CHECK(rows.targets[rows.rows[0].target].call == 2);
    CHECK(rows.rows[0].stats[0] == 2.0);  // norm
    CHECK(rows.rows[0].stats[1] == 1.5);  // max
    CHECK(rows.rows[0].stats[2] == -1.0);
    CHECK(rows.rows[0].stats[3] == 0.5);
    CHECK(name(1) == "Functional.linear.input.2");  // the int at position 1 still counts
    CHECK(rows.rows[1].stats[1] == 1000000001.0);
    CHECK(name(2) == "Functional.linear.output.0");
    CHECK(rows.rows[2].stats[1] == 1000000001.0);  // the text "inf" through float()
    CHECK(name(3) == "Functional.linear.parameters.weight");
    CHECK_FALSE(rows.rows[3].stats[1]);  // NaN: NULL
    CHECK(name(4) == "Functional.linear.input.0");
    CHECK(rows.rows[4].metric == DumpMetric::Backward);
    CHECK(rows.rows[4].target == rows.rows[0].target);  // one target, two metrics
    CHECK(name(5) == "Module.fc.weight");
    CHECK(rows.rows[5].metric == DumpMetric::ParametersGrad);
    CHECK(rows.rows[5].stats[1] == 1.0);  // True counts as 1
    CHECK(rows.batch_ends == std::vector<std::size_t>{6});
}

TEST_CASE("with micro steps, only entries construct.json places are imported, renumbered",
          "[data2db][dump_file_rows]") {
    const std::string data = "{\"Functional.relu.4.forward\": {\"output\": [" + tensor("1") +
                             "]}, \"Functional.relu.9.forward\": {\"output\": [" + tensor("2") +
                             "]}, \"Functional.gelu.0.forward\": {\"output\": [" + tensor("3") + "]}}";
    const std::string construct = R"({"Module.m.forward.0": null, "Functional.relu.4.forward": "Module.m.forward.0",
        "Module.m.forward.1": null, "Functional.relu.9.forward": "Module.m.forward.1"})";
    const auto rank = write_rank("dump_file_rows_micro", data, construct);
    const DumpFileRows rows =
        read_dump_file_rows(rank, NameMapping({std::pair<std::string, std::string>{"relu", "act"}}), true);
    CHECK(rows.micro_steps == 2);
    REQUIRE(rows.rows.size() == 2);
    CHECK(rows.targets[rows.rows[0].target].name == "Functional.act.output.0");
    CHECK(rows.targets[rows.rows[0].target].call == 0);
    CHECK(rows.rows[0].micro_step == 0);
    CHECK(rows.rows[1].target == rows.rows[0].target);  // relu.9 is the first relu of micro step 1
    CHECK(rows.rows[1].micro_step == 1);

    const DumpFileRows plain = read_dump_file_rows(rank, NameMapping(), false);
    REQUIRE(plain.rows.size() == 3);
    CHECK(plain.targets[plain.rows[1].target].call == 9);
    CHECK(plain.rows[1].micro_step == 0);
}

TEST_CASE("rows are written every 5000, at the end of an entry", "[data2db][dump_file_rows]") {
    std::string data = "{";
    for (int i = 0; i < 2501; ++i) {
        data += fmt::format("{}\"Functional.relu.{}.forward\": {{\"input_args\": [{}], \"output\": [{}]}}",
                            i ? "," : "", i, tensor("1"), tensor("2"));
    }
    data += "}";
    const auto rank = write_rank("dump_file_rows_batches", data, "{}");
    const DumpFileRows rows = read_dump_file_rows(rank, NameMapping(), false);
    CHECK(rows.rows.size() == 5002);
    CHECK(rows.batch_ends == std::vector<std::size_t>{5000, 5002});
}

TEST_CASE("a damaged dump.json or a missing construct.json is an error naming the file", "[data2db][dump_file_rows]") {
    const auto rank = write_rank("dump_file_rows_damaged", "{\"a\": ", "{}");
    try {
        read_dump_file_rows(rank, NameMapping(), false);
        FAIL("accepted");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == rank.dump_json.string());
    }
    auto missing = write_rank("dump_file_rows_no_construct", "{}", "{}");
    fs::remove(missing.construct_json);
    CHECK_THROWS_AS(read_dump_file_rows(missing, NameMapping(), true), msprobe::Error);
    CHECK(read_dump_file_rows(missing, NameMapping(), false).has_data);
}
