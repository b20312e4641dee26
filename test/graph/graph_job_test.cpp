// run_graph's files: the database and the --html page are staged hidden and
// appear together under their final names, or not at all.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/timestamps.hpp"
#include "graph/graph_job.hpp"
#include "support/shared_fixtures.hpp"
#include "graph_run.hpp"
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

TEST_CASE("graph leaves the database alone in its folder: no temporary file, no SQLite side file",
          "[graph][staging]") {
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
