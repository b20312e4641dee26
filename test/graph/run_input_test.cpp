// The graph command's input.json: the two paths, the mode they make, the
// parallel layouts, and the refusals that name the file or the folder.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.hpp"
#include "graph/run_input.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::graph::read_run_input;
using msprobe::graph::RunInput;

namespace {

const fs::path& run_dir() {
    static const fs::path dir = [] {
        const fs::path d = msprobe::testing::scratch_dir("run_input");
        fs::create_directories(d / "npu");
        fs::create_directories(d / "bench");
        std::ofstream(d / "a_file") << "x";
        return d;
    }();
    return dir;
}

fs::path input_of(const std::string& name, const std::string& text) {
    const fs::path path = run_dir() / (name + ".json");
    std::ofstream(path) << text;
    return path;
}

std::string quoted(const fs::path& path) { return "\"" + path.string() + "\""; }

std::string refusal(const std::string& name, const std::string& text) {
    try {
        (void)read_run_input(input_of(name, text));
    } catch (const msprobe::Error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("run input: a build, a compare and their parallel layouts", "[graph][run_input]") {
    const fs::path npu = run_dir() / "npu", bench = run_dir() / "bench";
    const RunInput build = read_run_input(input_of("build", "{\"npu_path\": " + quoted(npu) + "}"));
    CHECK(build.npu_path == npu);
    CHECK_FALSE(build.bench_path);
    CHECK_FALSE(build.npu_parallel);
    // An empty or null bench_path is a build too.
    CHECK_FALSE(read_run_input(input_of("empty_bench", "{\"npu_path\": " + quoted(npu) + ", \"bench_path\": \"\"}"))
                    .bench_path);
    CHECK_FALSE(
        read_run_input(input_of("null_bench", "{\"npu_path\": " + quoted(npu) + ", \"bench_path\": null}")).bench_path);

    const RunInput compare = read_run_input(input_of(
        "compare", "{\"npu_path\": " + quoted(npu) + ", \"bench_path\": " + quoted(bench) +
                       R"(, "is_print_compare_log": true, "parallel_merge": {"npu": {"rank_size": 4, "tp": 2, "pp": 2},
                          "bench": {"rank_size": 2, "tp": 1, "pp": 2, "vpp": 2, "order": "tp-dp-pp"}}})"));
    CHECK(compare.bench_path == bench);
    REQUIRE(compare.npu_parallel);
    CHECK(compare.npu_parallel->rank_size == 4);
    CHECK(compare.npu_parallel->tp == 2);
    CHECK(compare.npu_parallel->order == "tp-cp-ep-dp-pp");
    REQUIRE(compare.bench_parallel);
    CHECK(compare.bench_parallel->vpp == 2);
    CHECK(compare.bench_parallel->order == "tp-dp-pp");
    // A build reads only the npu side's layout.
    const RunInput merged_build = read_run_input(input_of(
        "merged_build", "{\"npu_path\": " + quoted(npu) + R"(, "parallel_merge": {"npu": {"rank_size": 2, "tp": 2,
                        "pp": 1}}})"));
    CHECK(merged_build.npu_parallel->tp == 2);
    CHECK_FALSE(merged_build.bench_parallel);
}

TEST_CASE("run input: refusals name the input or the folder", "[graph][run_input]") {
    const std::string npu = quoted(run_dir() / "npu");
    const std::string file = (run_dir() / "x.json").string();
    CHECK(refusal("x", "[]") == file + ": the input is not a JSON object");
    CHECK(refusal("x", "{}") == file + ": 'npu_path' is missing or not a text");
    CHECK(refusal("x", R"({"npu_path": 3})") == file + ": 'npu_path' is missing or not a text");
    CHECK(refusal("x", "{\"npu_path\": " + npu + ", \"bench_path\": 1}") == file + ": 'bench_path' is not a text");
    CHECK(refusal("x", "{\"npu_path\": " + quoted(run_dir() / "absent") + "}") ==
          (run_dir() / "absent").string() + ": no such folder");
    CHECK(refusal("x", "{\"npu_path\": " + quoted(run_dir() / "a_file") + "}") ==
          (run_dir() / "a_file").string() + ": not a folder");
    CHECK(refusal("x", "{\"npu_path\": " + npu + ", \"parallel_merge\": []}") ==
          file + ": 'parallel_merge' is not a JSON object");
    CHECK(refusal("x", "{\"npu_path\": " + npu + ", \"parallel_merge\": {}}") ==
          file + ": 'parallel_merge' has no 'npu' entry");
    CHECK(refusal("x", "{\"npu_path\": " + npu + ", \"bench_path\": " + npu +
                           R"(, "parallel_merge": {"npu": {"rank_size": 1, "tp": 1, "pp": 1}}})") ==
          file + ": 'parallel_merge' of a compare needs a 'bench' entry");
    CHECK(refusal("x", "{\"npu_path\": " + npu + R"(, "parallel_merge": {"npu": {"rank_size": 1, "tp": 1}}})") ==
          file + ": parallel_merge.npu: 'pp' is missing");
}
