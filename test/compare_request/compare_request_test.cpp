// read_compare_request: every flavour of compare.json and every malformed
// form, one row each, on a scratch tree of the layouts the flavours name.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "common/error.hpp"
#include "compare_request/compare_request.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

// Every layout a compare.json may point at, under one root.
fs::path layouts() {
    const fs::path root = testing::scratch_dir("compare_request");
    for (const char* file : {"files/npu/dump.json", "files/bench/dump.json", "files/npu/stack.json",
                             "steps/npu/rank0/dump.json", "steps/bench/rank0/dump.json", "pkl/npu.pkl",
                             "pkl/bench.pkl", "ranks/npu/rank0/a.pkl", "ranks/bench/rank0/a.pkl",
                             "run/npu/a.npy", "run/cpu/a.npy", "npy/npu/a.npy", "npy/bench/a.npy"}) {
        testing::touch(root / file);
    }
    for (const char* dir : {"pkl/npu_data", "pkl/bench_data", "kernel/npu", "kernel/bench"}) {
        fs::create_directories(root / dir);
    }
    return root;
}

// "@" in the text stands for the root of the layouts.
std::string at_root(std::string text, const fs::path& root) {
    for (auto at = text.find('@'); at != std::string::npos; at = text.find('@', at + 1)) {
        text.replace(at, 1, root.string());
    }
    return text;
}

struct Row {
    const char* name;
    const char* json;
    std::size_t flavour;  // the CompareRequest alternative, when no error is expected
    const char* error_file = "";
    const char* error_reason = "";
};

constexpr std::size_t kDumpFilePair = 0, kStepDirs = 1, kPtdbgPkl = 2, kPtdbgRanks = 3, kDispatch = 4, kKernel = 5,
                      kSinglePoint = 6, kError = 99;

const Row kRows[] = {
    {"dump files", R"({"npu_path": "@/files/npu/dump.json", "bench_path": "@/files/bench/dump.json"})", kDumpFilePair},
    {"step directories", R"({"npu_path": "@/steps/npu", "bench_path": "@/steps/bench"})", kStepDirs},
    {"ptdbg pkl pair",
     R"({"npu_pkl_path": "@/pkl/npu.pkl", "bench_pkl_path": "@/pkl/bench.pkl",
         "npu_dump_data_dir": "@/pkl/npu_data", "bench_dump_data_dir": "@/pkl/bench_data"})",
     kPtdbgPkl},
    {"ptdbg rank folders", R"({"npu_path": "@/ranks/npu", "bench_path": "@/ranks/bench"})", kPtdbgRanks},
    {"dispatch run folders", R"({"npu_path": "@/run", "bench_path": "@/run"})", kDispatch},
    {"dispatch npy folders", R"({"npu_path": "@/npy/npu", "bench_path": "@/npy/bench"})", kDispatch},
    {"kernel dirs", R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "rank_id": [0], "step_id": []})",
     kKernel},
    {"single point", R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "common": true})", kSinglePoint},
    {"npy folders with rank_id are kernel dirs",
     R"({"npu_path": "@/npy/npu", "bench_path": "@/npy/bench", "rank_id": [], "step_id": []})", kKernel},
    {"npy folders with common false are not a dispatch run",
     R"({"npu_path": "@/npy/npu", "bench_path": "@/npy/bench", "common": false})", kStepDirs},

    {"not JSON", "{", kError, "@/compare.json", ""},
    {"not an object", "[]", kError, "@/compare.json", "expected a JSON object with npu_path and bench_path"},
    {"no npu_path", R"({"bench_path": "@/files/bench/dump.json"})", kError, "@/compare.json",
     "missing npu_path in the configuration file"},
    {"empty bench_path", R"({"npu_path": "@/files/npu/dump.json", "bench_path": ""})", kError, "@/compare.json",
     "missing bench_path in the configuration file"},
    {"missing file", R"({"npu_path": "@/files/npu/none.json", "bench_path": "@/files/bench/dump.json"})", kError,
     "@/files/npu/none.json", "no such file or directory"},
    {"file and directory", R"({"npu_path": "@/steps/npu", "bench_path": "@/files/bench/dump.json"})", kError,
     "@/files/bench/dump.json",
     "bench_path is a file but npu_path is a directory; both must be files or both directories"},
    {"stack_path not a string",
     R"({"npu_path": "@/files/npu/dump.json", "bench_path": "@/files/bench/dump.json", "stack_path": 1})", kError,
     "@/compare.json", "stack_path must be a string"},
    {"print flag not boolean",
     R"({"npu_path": "@/files/npu/dump.json", "bench_path": "@/files/bench/dump.json", "is_print_compare_log": 1})",
     kError, "@/compare.json", "is_print_compare_log must be true or false"},
    {"pkl pair without a data dir",
     R"({"npu_pkl_path": "@/pkl/npu.pkl", "bench_pkl_path": "@/pkl/bench.pkl", "npu_dump_data_dir": "@/pkl/npu_data"})",
     kError, "@/compare.json", "missing bench_dump_data_dir in the configuration file"},
    {"pkl pair with a missing pkl",
     R"({"npu_pkl_path": "@/pkl/none.pkl", "bench_pkl_path": "@/pkl/bench.pkl",
         "npu_dump_data_dir": "@/pkl/npu_data", "bench_dump_data_dir": "@/pkl/bench_data"})",
     kError, "@/pkl/none.pkl", "no such pkl file"},
    {"pkl pair with a bad print flag", R"({"npu_pkl_path": "@/pkl/npu.pkl", "is_print_compare_log": "yes"})", kError,
     "@/compare.json", "is_print_compare_log must be true or false"},
    {"dispatch folders with a bad print flag",
     R"({"npu_path": "@/run", "bench_path": "@/run", "is_print_compare_log": 0})", kError, "@/compare.json",
     "is_print_compare_log must be true or false"},
    {"rank_id not a list",
     R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "rank_id": 0, "step_id": []})", kError,
     "@/compare.json", "'rank_id' and 'step_id' should both be lists, please check!"},
    {"step_id missing", R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "rank_id": []})", kError,
     "@/compare.json", "'rank_id' and 'step_id' should both be lists, please check!"},
    {"boolean rank id",
     R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "rank_id": [true], "step_id": []})", kError,
     "@/compare.json", "rank_id must hold integers, not booleans"},
    {"kernel dir missing",
     R"({"npu_path": "@/kernel/none", "bench_path": "@/kernel/bench", "rank_id": [], "step_id": []})", kError,
     "@/kernel/none", "no such file or directory"},
    {"single point without bench_path", R"({"npu_path": "@/kernel/npu", "common": true})", kError, "@/compare.json",
     "missing bench_path in the configuration file"},
    {"map_dict not an object",
     R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "common": true, "map_dict": []})", kError,
     "@/compare.json", "map_dict must be an object of names"},
    {"map_dict entry not a string",
     R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "common": true, "map_dict": {"a": 1}})", kError,
     "@/compare.json", "map_dict entry 'a' must be a string"},
};

}  // namespace

TEST_CASE("read_compare_request: every flavour and every malformed form", "[compare_request]") {
    const fs::path root = layouts();
    const fs::path json = root / "compare.json";
    for (const Row& row : kRows) {
        DYNAMIC_SECTION(row.name) {
            std::ofstream(json) << at_root(row.json, root);
            if (row.flavour == kError) {
                try {
                    compare::read_compare_request(json);
                    FAIL("expected an error");
                } catch (const Error& e) {
                    CHECK(e.file() == at_root(row.error_file, root));
                    if (*row.error_reason) CHECK(e.reason() == row.error_reason);
                    CHECK(e.exit_code() == 2);
                }
            } else {
                CHECK(compare::read_compare_request(json).index() == row.flavour);
            }
        }
    }
}

TEST_CASE("read_compare_request: what each flavour carries", "[compare_request]") {
    const fs::path root = layouts();
    const fs::path json = root / "compare.json";
    SECTION("a stack_path is kept; relative paths are found beside the compare.json") {
        std::ofstream(json) << R"({"npu_path": "files/npu/dump.json", "bench_path": "files/bench/dump.json",
                                   "stack_path": "files/npu/stack.json"})";
        const auto pair = std::get<compare::DumpFilePair>(compare::read_compare_request(json));
        CHECK(pair.npu_json == root / "files/npu/dump.json");
        CHECK(pair.bench_json == root / "files/bench/dump.json");
        CHECK(pair.stack_json == root / "files/npu/stack.json");
    }
    SECTION("a run folder on both sides gives its npu/ and cpu/ folders") {
        std::ofstream(json) << at_root(R"({"npu_path": "@/run", "bench_path": "@/run"})", root);
        const auto dirs = std::get<compare::DispatchDirs>(compare::read_compare_request(json));
        CHECK(dirs.npu_dir == root / "run" / "npu");
        CHECK(dirs.cpu_dir == root / "run" / "cpu");
    }
    SECTION("kernel ids: non-integers become -1") {
        std::ofstream(json) << at_root(
            R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "rank_id": [3, "x"], "step_id": [1.5]})",
            root);
        const auto dirs = std::get<compare::KernelDirs>(compare::read_compare_request(json));
        CHECK(dirs.rank_ids == std::vector<std::int64_t>{3, -1});
        CHECK(dirs.step_ids == std::vector<std::int64_t>{-1});
    }
    SECTION("single point: map_dict") {
        std::ofstream(json) << at_root(
            R"({"npu_path": "@/kernel/npu", "bench_path": "@/kernel/bench", "common": true, "map_dict": {"a": "b"}})",
            root);
        const auto dirs = std::get<compare::SinglePointDirs>(compare::read_compare_request(json));
        CHECK(dirs.map_dict == std::map<std::string, std::string>{{"a", "b"}});
    }
}
