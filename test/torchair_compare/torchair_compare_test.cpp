// compare -m torchair as a whole (torchair_acc_cmp.py: compare_torchair_mode,
// acc_compare, acc_compare_once) on generated torchair dumps: one device and
// several, token ids, rank folders, GE against FX and against GE, and the runs
// that must stop before writing anything.
#include "torchair_compare/torchair_compare.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "common/error.hpp"
#include "report/csv_reader.hpp"
#include "support/shared_fixtures.hpp"
#include "support/torchair_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::torchair_compare;
using namespace msprobe::testing;

namespace {

const std::vector<GeGraphOpSpec> kGraph = {
    {"Add_1", "Add", {"arg0_1:0", "arg1_1:0"}, {{"add-aten.add.Tensor.OUTPUT.0"}}},
    {"Mul_2", "Mul", {"Add_1:0", "c:0"}, {{"mul-aten.mul.Tensor.OUTPUT.0"}}},
};

// One token of GE dumps: Add_1 (time stamp 200 + offset), Mul_2 (100 + offset), a Cast outside the graph (300).
void write_ge_token(const fs::path& token_dir, std::int64_t offset, bool with_mul = true) {
    const std::int64_t base = 1700000000000000;
    write_ge_dump(token_dir, "Add", "Add_1", base + 200 + offset, {ge_float_tensor({1, 2}), ge_float_tensor({3, 4})},
                  {ge_float_tensor({4, 6})});
    if (with_mul) {
        write_ge_dump(token_dir, "Mul", "Mul_2", base + 100 + offset,
                      {ge_float_tensor({4, 6}), ge_float_tensor({2, 2})}, {ge_float_tensor({8, 12})});
        write_ge_dump(token_dir, "Cast", "trans_Cast_3", base + 300 + offset, {ge_float_tensor({1, 2}, {}, true)},
                      {ge_float_tensor({1, 2})});
    }
}

// One token's FX dump of the graph; Mul's output differs from the GE one in its second element.
void write_fx_token(const fs::path& dir, bool with_mul = true) {
    write_fx_tensor(dir, "add-aten.add.Tensor", true, 0, {1, 2});
    write_fx_tensor(dir, "add-aten.add.Tensor", true, 1, {3, 4});
    write_fx_tensor(dir, "add-aten.add.Tensor", false, 0, {4, 6});
    if (!with_mul) return;
    write_fx_tensor(dir, "mul-aten.mul.Tensor", true, 0, {4, 6});
    write_fx_tensor(dir, "mul-aten.mul.Tensor", true, 1, {2, 2});
    write_fx_tensor(dir, "mul-aten.mul.Tensor", false, 0, {8, 13});
}

std::vector<std::vector<std::string>> report_records(const fs::path& file) {
    return report::read_csv_records(file.string());
}

std::size_t column(const std::vector<std::vector<std::string>>& records, const std::string& name) {
    const auto& header = records.front();
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
}

std::vector<std::string> column_values(const std::vector<std::vector<std::string>>& records, const std::string& name) {
    std::vector<std::string> values;
    const std::size_t at = column(records, name);
    for (std::size_t i = 1; i < records.size(); ++i) values.push_back(records[i][at]);
    return values;
}

TorchairCompareRequest request_of(const fs::path& target, const fs::path& golden, const fs::path& out) {
    TorchairCompareRequest request;
    request.target = target;
    request.golden = golden;
    request.output_dir = out;
    return request;
}

std::size_t files_in(const fs::path& dir) {
    if (!fs::exists(dir)) return 0;
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

}  // namespace

TEST_CASE("torchair compare: one device, GE against FX, two tokens", "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_single");
    const fs::path ge = dir / "msprobe_ge_dump";
    write_ge_graph(ge, 1, 0, kGraph);
    write_ge_token(ge_token_dir(ge, 0, 1, 0), 0);
    write_ge_token(ge_token_dir(ge, 0, 1, 1), 1000, false);
    write_ge_token(ge_token_dir(ge, 0, 1, 2), 2000, false);  // token 2 has no FX dump
    const fs::path fx = dir / "data_dump";
    write_fx_token(fx / "1" / "gm_1_dump");
    write_fx_token(fx / "2" / "gm_1_dump", false);
    ThreadPool pool(2);
    const auto result = run_torchair_compare(request_of(ge, fx, dir / "out"), pool);
    REQUIRE(result.written.size() == 1);
    CHECK(result.written[0].filename().string().starts_with("msprobe_cmp_report_2"));
    const auto records = report_records(result.written[0]);
    // Token 0: Cast (1 compare call, not in the graph: first), Add_1 (3), Mul_2 (3); token 1: Add_1 (3).
    // Sorted by time stamp: Mul_2 (100), Add_1 (200), the Cast (300), token 1's Add_1 (1200).
    CHECK(column_values(records, "data_id") ==
          std::vector<std::string>{"4", "5", "6", "1", "2", "3", "0", "7", "8", "9"});
    CHECK(column_values(records, "token_id") ==
          std::vector<std::string>{"0", "0", "0", "0", "0", "0", "0", "1", "1", "1"});
    const auto my_paths = column_values(records, "my_data_path");
    CHECK(my_paths[2] == (ge_token_dir(ge, 0, 1, 0) / "Mul.Mul_2.1.6.1700000000000100").string() + ",outputs,0");
    CHECK(my_paths[6] ==
          (ge_token_dir(ge, 0, 1, 0) / "Cast.trans_Cast_3.1.6.1700000000000300").string() + ",outputs,0");
    const auto golden_paths = column_values(records, "golden_data_path");
    CHECK(golden_paths[2] ==
          (fx / "1" / "gm_1_dump" / "mul-aten.mul.Tensor.OUTPUT.0.20250101120000123456.npy").string());
    CHECK(golden_paths[6] ==
          (ge_token_dir(ge, 0, 1, 0) / "Cast.trans_Cast_3.1.6.1700000000000300").string() + ",inputs,0");
    // Mul's output: golden (8, 13) against ours (8, 12): max |my / golden - 1| = 1/13 in float32.
    const auto max_relative = column_values(records, "max_relative_error");
    CHECK(std::stod(max_relative[2]) == static_cast<double>(std::fabs(12.0f / 13.0f - 1.0f)));
    CHECK(max_relative[3] == "0.0");
    CHECK(column_values(records, "golden_dtype")[6] == "torch.float16");
    CHECK(column_values(records, "my_shape")[0] == "[2]");
    CHECK(result.rows == 10);
    CHECK(result.unmeasured_rows == 0);
    CHECK(result.below_criterion_rows == 1);  // Mul's output: 1/13 >= 0.01
}

TEST_CASE("torchair compare: several devices pair device i with graph i", "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_devices");
    const fs::path ge = dir / "ge";
    write_ge_graph(ge, 1, 0, kGraph);
    write_ge_graph(ge, 1, 1, {{"Add_1", "Add", {}, {{"add-aten.add.Tensor.OUTPUT.0"}}}});
    write_ge_token(ge_token_dir(ge, 0, 1, 0), 0);
    write_ge_token(ge_token_dir(ge, 1, 1, 0), 0, false);
    const fs::path fx = dir / "fx";
    write_fx_token(fx / "1" / "gm_1_dump");
    write_fx_token(fx / "1" / "gm_2_dump", false);
    ThreadPool pool(1);
    const auto result = run_torchair_compare(request_of(ge, fx, dir / "out"), pool);
    REQUIRE(result.written.size() == 2);
    CHECK(report_records(result.written[0]).size() == 1 + 7);
    const auto second = report_records(result.written[1]);
    REQUIRE(second.size() == 1 + 3);
    CHECK(column_values(second, "my_data_path")[0].starts_with((ge / "20250101120000" / "1").string()));
    // data_id runs on across the graphs of the run: device 0 made 7 calls.
    CHECK(column_values(second, "data_id") == std::vector<std::string>{"7", "8", "9"});
}

TEST_CASE("torchair compare: rank folders, each rank its report", "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_ranks");
    const fs::path ge = dir / "msprobe_ge_dump";
    const fs::path fx = dir / "msprobe_fx_dump";
    for (int rank = 0; rank < 2; ++rank) {
        const std::string folder = "worldsize2_global_rank" + std::to_string(rank);
        write_ge_graph(ge, 1, rank, kGraph);
        write_ge_token(ge_token_dir(ge / folder, rank, 1, 0), 0);
        write_fx_token(fx / folder / "graph_1" / "0");  // in rank folders FX tokens are named as they are
    }
    fs::create_directories(ge / "worldsize2_global_rank5");  // no golden rank 5: not compared
    ThreadPool pool(2);
    const auto result = run_torchair_compare(request_of(ge, fx, dir / "out"), pool);
    REQUIRE(result.written.size() == 2);
    CHECK(result.written[0].filename().string().starts_with("msprobe_cmp_report_rank0_"));
    CHECK(result.written[1].filename().string().starts_with("msprobe_cmp_report_rank1_"));
    const auto rank1 = report_records(result.written[1]);
    CHECK(rank1.size() == 1 + 7);
    CHECK(column_values(rank1, "data_id")[0] == "4");  // each rank counts from 0
    CHECK(column_values(rank1, "my_data_path")[0].find("worldsize2_global_rank1") != std::string::npos);

    TorchairCompareRequest one = request_of(ge, fx, dir / "out_one");
    one.rank = 1;
    const auto only = run_torchair_compare(one, pool);
    REQUIRE(only.written.size() == 1);
    CHECK(only.written[0].filename().string().starts_with("msprobe_cmp_report_rank1_"));
}

TEST_CASE("torchair compare: GE against GE with a fused AutomaticBufferFusionOp", "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_ge_ge");
    const fs::path fused = dir / "fused";
    const fs::path plain = dir / "plain";
    write_ge_graph(fused, 1, 0, kGraph);
    write_ge_graph(plain, 1, 0, kGraph);
    const fs::path my_token = ge_token_dir(fused, 0, 1, 0);
    const fs::path kernel = write_ge_dump(my_token, "AutomaticBufferFusionOp", "Add_1Mul_2", 1700000000000500,
                                          {ge_float_tensor({1, 2}), ge_float_tensor({3, 4}), ge_float_tensor({2, 2})},
                                          {ge_float_tensor({8, 12})});
    write_ge_token(ge_token_dir(plain, 0, 1, 0), 0);
    ThreadPool pool(2);
    TorchairCompareRequest request = request_of(fused, plain, dir / "out");
    const auto result = run_torchair_compare(request, pool);
    REQUIRE(result.written.size() == 1);
    const auto records = report_records(result.written[0]);
    // Golden inputs: Add_1's two and Mul_2's c (its Add_1 input is inside the fusion); outputs: Mul_2's.
    REQUIRE(records.size() == 1 + 4);
    const fs::path add = ge_token_dir(plain, 0, 1, 0) / "Add.Add_1.1.6.1700000000000200";
    const fs::path mul = ge_token_dir(plain, 0, 1, 0) / "Mul.Mul_2.1.6.1700000000000100";
    CHECK(column_values(records, "golden_data_path") ==
          std::vector<std::string>{add.string() + ",inputs,0", add.string() + ",inputs,1", mul.string() + ",inputs,1",
                                   mul.string() + ",outputs,0"});
    CHECK(column_values(records, "my_data_path")[3] == kernel.string() + ",outputs,0");
    CHECK(column_values(records, "cosine_similarity") == std::vector<std::string>{"1.0", "1.0", "1.0", "1.0"});

    request.output_dir = dir / "out_strict";
    request.golden_paths = GoldenPathCells::Msprobe;
    const auto strict = report_records(run_torchair_compare(request, pool).written.at(0));
    CHECK(column_values(strict, "golden_data_path")[3] == mul.string() + ",inputs,0,outputs,0");
}

TEST_CASE("torchair compare: two graphs in one second keep both reports, or the last one", "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_same_second");
    const fs::path ge = dir / "ge";
    write_ge_graph(ge, 1, 0, kGraph);
    write_ge_graph(ge, 2, 0, kGraph);
    write_ge_token(ge_token_dir(ge, 0, 1, 0), 0);
    write_ge_token(ge_token_dir(ge, 0, 2, 0, "graph_2"), 0);
    const fs::path fx = dir / "fx";
    write_fx_token(fx / "1" / "gm_1_dump");
    write_fx_token(fx / "1" / "gm_2_dump");
    ThreadPool pool(1);
    const auto kept = run_torchair_compare(request_of(ge, fx, dir / "kept"), pool);
    CHECK(kept.written.size() == 2);
    CHECK(kept.written[0] != kept.written[1]);
    CHECK(files_in(dir / "kept") == 2);
    TorchairCompareRequest replacing = request_of(ge, fx, dir / "replaced");
    replacing.taken_names = report::Existing::Replace;
    const auto replaced = run_torchair_compare(replacing, pool);
    const std::set<fs::path> names(replaced.written.begin(), replaced.written.end());
    CHECK(files_in(dir / "replaced") == names.size());
}

TEST_CASE("torchair compare: what stops a run writes nothing", "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_errors");
    const fs::path ge = dir / "ge";
    write_ge_token(ge_token_dir(ge, 0, 1, 0), 0);
    const fs::path fx = dir / "fx";
    write_fx_token(fx / "1" / "gm_1_dump");
    ThreadPool pool(1);
    const fs::path out = dir / "out";
    CHECK_THROWS_WITH(run_torchair_compare(request_of(ge, fx, out), pool),
                      ge.string() + ": Can not get ge graph, Please check whether the input path contains graph.");
    // Two graphs, one group of dump folders.
    write_ge_graph(ge, 1, 0, kGraph);
    write_ge_graph(ge, 2, 0, kGraph);
    CHECK_THROWS_WITH(run_torchair_compare(request_of(ge, fx, out), pool),
                      Catch::StartsWith(ge.string() + ": 2 graph files") && Catch::Contains("only 1 dump folder"));
    CHECK_FALSE(fs::exists(out));
    CHECK_THROWS_WITH(run_torchair_compare(request_of(dir / "absent", fx, out), pool),
                      (dir / "absent").string() + ": the target path (-tp) does not exist");
    // Rank folders on one side only: no common rank.
    const fs::path ranked = dir / "ranked";
    write_ge_graph(ranked, 1, 0, kGraph);
    write_ge_token(ge_token_dir(ranked / "worldsize1_global_rank0", 0, 1, 0), 0);
    CHECK_THROWS_WITH(run_torchair_compare(request_of(ranked, fx, out), pool),
                      Catch::Contains("No common rank data in golden_path and my_path."));
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("torchair compare: a damaged dump that is compared stops the run, naming it", "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_damaged");
    const fs::path ge = dir / "ge";
    write_ge_graph(ge, 1, 0, kGraph);
    const fs::path token = ge_token_dir(ge, 0, 1, 0);
    write_bytes(token / "Add.Add_1.1.6.1700000000000200", {std::byte{0xff}, std::byte{0}, std::byte{0}});
    const fs::path fx = dir / "fx";
    write_fx_token(fx / "1" / "gm_1_dump");
    ThreadPool pool(1);
    CHECK_THROWS_WITH(run_torchair_compare(request_of(ge, fx, dir / "out"), pool),
                      Catch::StartsWith((token / "Add.Add_1.1.6.1700000000000200").string()));
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("torchair compare: a graph that fails takes back the reports of the graphs before it",
          "[torchair_compare]") {
    const fs::path dir = scratch_dir("torchair_run_all_or_nothing");
    const fs::path ge = dir / "ge";
    write_ge_graph(ge, 1, 0, kGraph);
    write_ge_graph(ge, 2, 0, kGraph);
    write_ge_token(ge_token_dir(ge, 0, 1, 0), 0);  // graph 1 compares and stages its report
    const fs::path broken = ge_token_dir(ge, 0, 2, 0, "graph_2") / "Add.Add_1.1.6.1700000000000200";
    write_bytes(broken, {std::byte{0xff}});  // graph 2 stops the run
    const fs::path fx = dir / "fx";
    write_fx_token(fx / "1" / "gm_1_dump");
    write_fx_token(fx / "1" / "gm_2_dump");
    ThreadPool pool(1);
    CHECK_THROWS_WITH(run_torchair_compare(request_of(ge, fx, dir / "out"), pool), Catch::StartsWith(broken.string()));
    CHECK_FALSE(fs::exists(dir / "out"));
}
