// run_graph's files: the database and the --html page are staged hidden and
// appear together under their final names, or not at all.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/left_to_exit.hpp"
#include "common/timestamps.hpp"
#include "graph/graph_job.hpp"
#include "graph_run.hpp"
#include "rank_dump_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "vis_db_query.hpp"

namespace fs = std::filesystem;

namespace {

void write_rank(const fs::path& dir) {
    fs::create_directories(dir);
    std::ofstream(dir / "dump.json") << R"({"task": "statistics", "level": "mix", "framework": "pytorch",
"dump_data_dir": null, "data": {"Torch.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype":
"torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}],
"input_kwargs": {}, "output": []}}})";
    std::ofstream(dir / "construct.json") << R"({"Torch.relu.0.forward": null})";
    std::ofstream(dir / "stack.json") << "{}";
}

// A compare of two one-API ranks under `dir`.
msprobe::graph::GraphOptions compare_options(const fs::path& dir, const fs::path& out, bool visualize = false) {
    write_rank(dir / "npu");
    write_rank(dir / "bench");
    std::ofstream(dir / "input.json") << R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                                             (dir / "bench").string() + R"("})";
    msprobe::graph::GraphOptions options;
    options.input = dir / "input.json";
    options.output_dir = out;
    options.behaviour = msprobe::testing::command_behaviour(visualize);
    return options;
}

std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

TEST_CASE("graph leaves the database alone in its folder: no temporary file, no SQLite side file", "[graph][staging]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_job_files");
    for (const bool visualize : {false, true}) {
        const fs::path out = dir / (visualize ? "visualize" : "graph");
        auto options = compare_options(dir, out, visualize);
        options.html = out / "page.html";
        const fs::path db = msprobe::testing::run_graph(options);
        // Listed before anything reads the database (a read-only reader leaves -wal/-shm behind).
        CHECK(names_in(out) == std::vector<std::string>{db.filename().string(), "page.html"});
        CHECK(db.parent_path() == out);
        CHECK(msprobe::testing::query_rows(db, "PRAGMA journal_mode")[1][0] == "wal");
        CHECK(msprobe::testing::query_rows(db, "SELECT count(*) FROM tb_nodes")[1][0] == "4");
    }
}

TEST_CASE("graph keeps a database another run wrote under the same name, and returns the name it took",
          "[graph][staging]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_job_same_name");
    const fs::path out = dir / "out";
    const auto options = compare_options(dir, out);
    // The name the run takes is its second's: taken already, unless the second turns meanwhile (then again).
    for (int attempt = 0; attempt < 5; ++attempt) {
        fs::remove_all(out);
        fs::create_directories(out);
        const std::string stamp = msprobe::local_timestamp();
        const fs::path taken = out / ("compare_" + stamp + ".vis.db");
        std::ofstream(taken) << "another run's database";
        const fs::path db = msprobe::testing::run_graph(options);
        if (db.filename().string().find(stamp) == std::string::npos) continue;
        CHECK(db == out / ("compare_" + stamp + "_1.vis.db"));
        CHECK(msprobe::testing::query_rows(db, "SELECT count(*) FROM tb_nodes")[1][0] == "4");
        std::ifstream in(taken);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        CHECK(text == "another run's database");
        // And a third run of that second takes _2.
        const fs::path again = msprobe::testing::run_graph(options);
        if (again.filename().string().find(stamp) != std::string::npos) {
            CHECK(again == out / ("compare_" + stamp + "_2.vis.db"));
        }
        return;
    }
    FAIL("the second turned during every attempt");
}

TEST_CASE("graph --html that cannot be written leaves no database and no folder", "[graph][staging][html]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_job_html_fails");
    const fs::path out = dir / "a" / "out";
    auto options = compare_options(dir, out);
    auto refused = [&](const fs::path& page) {
        options.html = page;
        try {
            msprobe::testing::run_graph(options);
            FAIL("no error");
        } catch (const msprobe::Error& error) {
            CHECK(error.exit_code() != msprobe::kExitInternal);
            CHECK_THAT(error.file(), Catch::Contains(page.filename().string()));
        }
        CHECK_FALSE(fs::exists(dir / "a"));
    };
    SECTION("a name longer than the file system takes") { refused(dir / (std::string(250, 'p') + ".html")); }
    SECTION("a page under /proc") { refused("/proc/msprobe_graph_report.html"); }
    SECTION("the output folder itself, which the run creates") { refused(out); }
    SECTION("an output folder that exists keeps only what it had") {
        fs::create_directories(out);
        std::ofstream(out / "kept.txt") << "x";
        options.html = dir / (std::string(250, 'p') + ".html");
        CHECK_THROWS_AS(msprobe::testing::run_graph(options), msprobe::Error);
        CHECK(names_in(out) == std::vector<std::string>{"kept.txt"});
    }
}

namespace {

// A TP rank whose linear's output Max (and Norm) is `max`, under a model that every rank sees alike.
void write_tp_rank(const fs::path& dir, double max) {
    using msprobe::testing::call_record;
    using msprobe::testing::stat_tensor;
    msprobe::testing::write_rank_dump(
        dir, {{"Module.model.Net.forward.0", "", call_record({stat_tensor(1)}, stat_tensor(1))},
              {"Functional.linear.0.forward", "Module.model.Net.forward.0",
               call_record({stat_tensor(1)}, stat_tensor(max))}});
}

// Sides of their own layouts: `npu` and `bench` list each rank's linear Max.
msprobe::graph::GraphOptions merged_compare(const fs::path& dir, const std::vector<double>& npu,
                                            const std::vector<double>& bench, const std::string& merge) {
    for (std::size_t r = 0; r < npu.size(); ++r) write_tp_rank(dir / "npu" / ("rank" + std::to_string(r)), npu[r]);
    for (std::size_t r = 0; r < bench.size(); ++r)
        write_tp_rank(dir / "bench" / ("rank" + std::to_string(r)), bench[r]);
    std::ofstream(dir / "input.json") << R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                                             (dir / "bench").string() + R"(", "parallel_merge": )" + merge + "}";
    msprobe::graph::GraphOptions options;
    options.input = dir / "input.json";
    options.output_dir = dir / "out";
    return options;
}

using Rows = std::vector<std::vector<std::string>>;

Rows graph_rows(const fs::path& db) {
    return msprobe::testing::query_rows(
        db, "SELECT rank, data_source, count(*) FROM tb_nodes GROUP BY rank, data_source ORDER BY rank, data_source");
}

// The exported output of the linear in the graph of `rank` and `side`.
// The database of a merged compare of the sides `npu` and `bench` under a new scratch folder `name`.
fs::path merged_compare_db(const std::string& name, const std::vector<double>& npu, const std::vector<double>& bench,
                           const std::string& merge) {
    return msprobe::testing::run_graph(merged_compare(msprobe::testing::scratch_dir(name), npu, bench, merge));
}

nlohmann::json output_of(const fs::path& db, int rank, const std::string& side) {
    const auto rows = msprobe::testing::query_rows(
        db, "SELECT output_data FROM tb_nodes WHERE node_name = 'Functional.linear.0.forward' AND data_source = '" +
                side + "' AND rank = " + std::to_string(rank));
    REQUIRE(rows.size() == 2);
    return nlohmann::json::parse(rows[1][0]).at("Functional.linear.0.forward.output.0");
}

}  // namespace

TEST_CASE("a parallel merge compares sides of different layouts: four TP ranks against two",
          "[graph][parallel_merge]") {
    const fs::path db = merged_compare_db("graph_merge_four_against_two", {1, 2, 2, 4}, {3, 4},
                                          R"({"npu": {"rank_size": 4, "tp": 4, "pp": 1},
                                              "bench": {"rank_size": 2, "tp": 2, "pp": 1}})");
    // One merged graph a side, the bench one written under the NPU graph's rank.
    CHECK(graph_rows(db) == Rows{{"rank", "data_source", "count(*)"}, {"0", "Bench", "3"}, {"0", "NPU", "3"}});
    CHECK(msprobe::testing::query_rows(db, "SELECT rank_list FROM tb_config")[1][0] == "[0]");
    CHECK(msprobe::testing::query_rows(
              db, "SELECT node_name FROM tb_nodes WHERE data_source = 'NPU' ORDER BY node_order") ==
          Rows{{"node_name"}, {"Functional.linear.0.forward"}, {"Module.model.Net.forward.0"}, {"DefaultModel"}});
    // Each side's ranks merged on their own: max 4 and 4, norms (1+4+4+16) ** 0.5 and (9+16) ** 0.5.
    const auto npu_output = output_of(db, 0, "NPU");
    CHECK(npu_output.value("Max", "") == "4.0");
    CHECK(npu_output.value("Norm", "") == "5.0");
    const auto bench_output = output_of(db, 0, "Bench");
    CHECK(bench_output.value("Norm", "") == "5.0");
    CHECK(bench_output.value("Max", "") == "4.0");
    // Equal merged Max and Norm, means 1.125 and 1.75: the NPU linear differs from its partner by its mean only.
    const auto npu_rows = msprobe::testing::query_rows(
        db,
        "SELECT precision_index, matched_node_link FROM tb_nodes WHERE data_source = 'NPU' "
        "AND node_name = 'Functional.linear.0.forward'");
    CHECK(npu_rows[1][1] == R"(["DefaultModel", "Module.model.Net.forward.0", "Functional.linear.0.forward"])");
    CHECK(std::stod(npu_rows[1][0]) == Approx((1.75 - 1.125) / 1.75));  // the relative difference of the means
    CHECK(npu_output.value("Mean", "") == "1.125");
}

TEST_CASE("a parallel merge pairs the merged graphs in order: data-parallel groups of TP 2 against single ranks",
          "[graph][parallel_merge]") {
    const fs::path db = merged_compare_db("graph_merge_groups_in_order", {3, 4, 6, 8}, {4, 8},
                                          R"({"npu": {"rank_size": 4, "tp": 2, "pp": 1},
                                              "bench": {"rank_size": 2, "tp": 1, "pp": 1}})");
    // NPU groups [0, 1] and [2, 3] merge into ranks 0 and 2; bench ranks 0 and 1 stay; second pairs with second.
    CHECK(graph_rows(db) == Rows{{"rank", "data_source", "count(*)"},
                                 {"0", "Bench", "3"},
                                 {"0", "NPU", "3"},
                                 {"2", "Bench", "3"},
                                 {"2", "NPU", "3"}});
    CHECK(msprobe::testing::query_rows(db, "SELECT DISTINCT rank_list FROM tb_config") ==
          Rows{{"rank_list"}, {"[0, 2]"}});
    const auto max_of = [&](int rank, const char* side) { return output_of(db, rank, side).value("Max", ""); };
    CHECK(max_of(0, "NPU") == "4.0");
    CHECK(max_of(0, "Bench") == "4.0");
    CHECK(max_of(2, "NPU") == "8.0");
    CHECK(max_of(2, "Bench") == "8.0");  // bench rank 1, shown as the NPU graph's rank
}

TEST_CASE("a parallel merge compares many ranks against one", "[graph][parallel_merge]") {
    const fs::path db = merged_compare_db("graph_merge_many_against_one", {1, 2, 2, 4}, {4},
                                          R"({"npu": {"rank_size": 4, "tp": 4, "pp": 1},
                                              "bench": {"rank_size": 1, "tp": 1, "pp": 1}})");
    CHECK(graph_rows(db) == Rows{{"rank", "data_source", "count(*)"}, {"0", "Bench", "3"}, {"0", "NPU", "3"}});
    CHECK(output_of(db, 0, "Bench").value("Norm", "") == "4.0");
    CHECK(output_of(db, 0, "NPU").value("Norm", "") == "5.0");
}

TEST_CASE("a parallel merge checks each side's rank_size against that side's rank folders, naming the side",
          "[graph][parallel_merge]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_merge_rank_size_per_side");
    auto options = merged_compare(dir, {1, 2, 2, 4}, {3, 4},
                                  R"({"npu": {"rank_size": 4, "tp": 4, "pp": 1},
                                      "bench": {"rank_size": 4, "tp": 4, "pp": 1}})");
    try {
        msprobe::testing::run_graph(options);
        FAIL("a bench rank_size of 4 over 2 rank folders must be refused");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == options.input.string());
        CHECK(e.reason() ==
              "parallel_merge.bench: 'rank_size' is 4, but " + (dir / "bench").string() + " has 2 rank folders");
    }
    CHECK_FALSE(fs::exists(dir / "out"));
    // Groups that merge into different numbers of graphs cannot be paired.
    std::ofstream(dir / "input.json") << R"({"npu_path": ")" + (dir / "npu").string() + R"(", "bench_path": ")" +
                                             (dir / "bench").string() +
                                             R"(", "parallel_merge": {"npu": {"rank_size": 4, "tp": 2, "pp": 1},
                                             "bench": {"rank_size": 2, "tp": 2, "pp": 1}}})";
    CHECK_THROWS_WITH(msprobe::testing::run_graph(options),
                      Catch::Contains("npu_path merges into 2 graphs, bench_path into 1"));
}

TEST_CASE("graph leaves the last step's graphs to the exit when asked, and writes the same rows", "[graph]") {
    const fs::path dir = msprobe::testing::scratch_dir("graph_job_left_graphs");
    std::vector<std::vector<std::vector<std::string>>> rows;
    for (const bool free_graphs : {true, false}) {
        auto options = compare_options(dir, dir / (free_graphs ? "freed" : "left"));
        options.free_last_graphs = free_graphs;
        const std::size_t before = msprobe::objects_left_to_exit();
        const fs::path db = msprobe::testing::run_graph(options);
        CHECK(msprobe::objects_left_to_exit() == before + (free_graphs ? 0 : 1));
        rows.push_back(msprobe::testing::query_rows(db, "SELECT * FROM tb_nodes ORDER BY rowid"));
    }
    CHECK(rows[0].size() == 5);  // the header and four nodes
    CHECK(rows[0] == rows[1]);
}
