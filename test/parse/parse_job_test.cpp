// The non-interactive `msprobe parse`: the mode chosen by the inputs, the
// summary of one tensor file, the diff of two, and the .txt files it saves.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "common/error.hpp"
#include "parse/parse_job.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

using namespace msprobe;
using namespace msprobe::parse;
using msprobe::testing::scratch_dir;

TEST_CASE("parse FILE: summary, nan/inf counts, head, empty tensor", "[parse]") {
    const auto dir = scratch_dir("parse_summary");
    const float inf = std::numeric_limits<float>::infinity();
    testing::write_npy_f32(dir / "x.npy", {2, 3}, {1, -2, inf, std::nanf(""), -inf, 0.5f});
    ParseOptions options;
    options.inputs = {dir / "x.npy"};
    ParseResult r = run_parse(options);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("[Shape: (2, 3)] [Dtype: float32] [Max: nan] [Min: nan] [Mean: nan]\n"));
    CHECK_THAT(r.out, Catch::Contains("[NaN: 1] [+Inf: 1] [-Inf: 1]\n"));
    CHECK_THAT(r.out, Catch::Contains("0     1.0 -2.0 inf nan -inf 0.5\n"));

    testing::write_npy_f32(dir / "empty.npy", {0}, {});
    options.inputs = {dir / "empty.npy"};
    r = run_parse(options);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("[Shape: (0,)] [Dtype: float32] (empty)\n"));
}

TEST_CASE("parse A B: the diff's exit code, json, and --txt beside each tensor once", "[parse]") {
    const auto dir = scratch_dir("parse_job_diff");
    testing::write_npy_f32(dir / "a.npy", {2, 2}, {1, 2, 3, 4});
    testing::write_npy_f32(dir / "b.npy", {2, 2}, {1, 2, 3, 4});
    testing::write_npy_f32(dir / "c.npy", {2, 2}, {1, 2, 3, 5});
    ParseOptions options;
    options.inputs = {dir / "a.npy", dir / "b.npy"};
    options.txt = true;
    ParseResult same = run_parse(options);
    CHECK(same.exit_code == kExitOk);
    CHECK_THAT(same.out, Catch::Contains("AllClose: True\n"));
    CHECK(same.warnings.empty());
    CHECK(testing::read_file_text(dir / "a.npy.txt") == "1 2\n3 4\n");
    CHECK(testing::read_file_text(dir / "b.npy.txt") == "1 2\n3 4\n");

    options.inputs = {dir / "a.npy", dir / "c.npy"};
    options.json = true;
    const ParseResult differ = run_parse(options);
    CHECK(differ.exit_code == kExitComparisonFailed);
    CHECK(differ.out.starts_with("{"));
    CHECK_THAT(differ.out, Catch::Contains("\"allclose\": false"));
    // a.npy.txt exists: not written again, and said so.
    CHECK(differ.warnings == std::vector<std::string>{exists_message(dir / "a.npy.txt")});
    CHECK(testing::read_file_text(dir / "c.npy.txt") == "1 2\n3 5\n");
}

TEST_CASE("save_values_text: beside the tensor or into -o, never over an existing file", "[parse]") {
    const auto dir = scratch_dir("parse_job_save_text");
    const SavedText first = save_values_text(dir / "t.npy", {1, 2.5, 3}, {3});
    CHECK(first.written);
    CHECK(first.path == dir / "t.npy.txt");
    CHECK(testing::read_file_text(first.path) == "1 2.5 3\n");
    testing::write_file(first.path, "kept\n");
    const SavedText again = save_values_text(dir / "t.npy", {9}, {1});
    CHECK_FALSE(again.written);
    CHECK(testing::read_file_text(first.path) == "kept\n");
    CHECK(exists_message(first.path) == "Dst file " + first.path.string() + " exists, will not save new one.");

    const SavedText elsewhere = save_values_text(dir / "t.npy", {7}, {}, dir / "out");
    CHECK(elsewhere.written);
    CHECK(elsewhere.path == dir / "out" / "t.npy.txt");
    CHECK(testing::read_file_text(elsewhere.path) == "7\n");
}

TEST_CASE("run_parse refuses what it cannot parse before reading anything", "[parse]") {
    const auto dir = scratch_dir("parse_job_refusals");
    testing::write_npy_f32(dir / "a.npy", {1}, {1});
    testing::write_file(dir / "dump.json", "{}");
    testing::write_file(dir / "notes.txt", "x");
    ParseOptions options;
    CHECK_THROWS_WITH(run_parse(options), Catch::Contains("nothing to parse"));
    options.inputs = {dir / "a.npy", dir / "a.npy", dir / "a.npy"};
    CHECK_THROWS_WITH(run_parse(options), Catch::Contains("expected one or two files, got 3"));
    options.inputs = {dir / "dump.json"};
    CHECK_THROWS_WITH(run_parse(options), Catch::Contains("give --api NAME"));
    options.inputs = {dir / "notes.txt"};
    CHECK_THROWS_WITH(run_parse(options), Catch::Contains("not a tensor file"));
    options.inputs = {dir / "a.npy"};
    options.api = "Functional.relu";
    CHECK_THROWS_WITH(run_parse(options), Catch::Contains("--api needs a dump.json"));
    options.api.reset();
    options.head = -1;
    CHECK_THROWS_WITH(run_parse(options), Catch::Contains("--head must not be negative"));
    options.head = 16;
    options.inputs = {dir / "missing.npy"};
    try {
        run_parse(options);
        FAIL("a missing file must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "missing.npy").string());
        CHECK(e.reason() == "no such file");
    }
}
