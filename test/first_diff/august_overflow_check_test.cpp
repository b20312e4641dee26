// August's overflow_check (nan_analyze renamed) as a library job: msprobe's
// runs of expected_august reproduced (anomaly json as parsed JSON, or no file),
// and the rules that differ from nan_analyze's.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <sstream>

#include "common/error.hpp"
#include "common/python_json_writer.hpp"
#include "dump/json_file.hpp"
#include "first_diff/json_copy.hpp"
#include "first_diff/nan_analyze_job.hpp"
#include "support/directory_names.hpp"
#include "support/file_text.hpp"
#include "support/json_document.hpp"
#include "support/json_match.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using first_diff::NanAnalyzeOptions;
using first_diff::run_exact_peer_nan_analyze;

namespace {

// `-i X` of the command on line 1 of a run's msprobe.log.
std::string input_of(const fs::path& run) {
    std::istringstream log(testing::read_file_text(run / "msprobe.log"));
    std::string line;
    std::getline(log, line);
    std::istringstream words(line);
    std::string input;
    for (std::string w; words >> w;) {
        if (w == "-i") words >> input;
    }
    return input;
}

// One statistic replaced: "data" / entry / path... of a dump.json gets a NaN or Infinity token.
struct Patch {
    std::string location;  // "/data/<entry>/output/0/Max"
    double value = 0;
};

void copy_patched(py::JsonWriter& out, dump::JsonView value, const std::string& location,
                  const std::vector<Patch>& patches) {
    for (const auto& patch : patches) {
        if (patch.location == location) {
            out.number(patch.value);
            return;
        }
    }
    if (value.is_object()) {
        out.begin_object();
        for (const auto& m : value.members()) {
            out.key(m.name);
            copy_patched(out, m.value, location + "/" + std::string(m.name), patches);
        }
        out.end_object();
    } else if (value.is_array()) {
        out.begin_array();
        std::size_t i = 0;
        for (const dump::JsonView item : value.items()) {
            copy_patched(out, item, location + "/" + std::to_string(i++), patches);
        }
        out.end_array();
    } else {
        first_diff::copy_json_value(out, value);
    }
}

double token_value(const std::string& token) {
    if (token == "NaN") return std::numeric_limits<double>::quiet_NaN();
    return token == "-Infinity" ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
}

// The synthetic copy input_patch.json describes: the case's npu/ with the listed statistics replaced.
fs::path patched_copy(const fs::path& dumps, const fs::path& patch_file) {
    const fs::path root = testing::scratch_dir("august_overflow_patched");
    fs::copy(dumps / "npu", root / "npu", fs::copy_options::recursive);
    std::map<std::string, std::vector<Patch>> by_file;
    for (const auto& item : nlohmann::json::parse(testing::read_file_text(patch_file))) {
        std::string location = "/data/" + item.at("entry").get<std::string>();
        for (const auto& step : item.at("path")) {
            location += "/" + (step.is_number() ? std::to_string(step.get<int>()) : step.get<std::string>());
        }
        by_file[item.at("file").get<std::string>()].push_back({location, token_value(item.at("value"))});
    }
    for (const auto& [file, patches] : by_file) {
        const dump::JsonFile original = dump::JsonFile::load(dumps / file);
        py::JsonWriter out(root / file, 1);
        copy_patched(out, original.root(), "", patches);
        out.finish();
    }
    return root;
}

// The synthetic proc layout: npu/step0/proc12345 = a copy of npu/step0/rank.
fs::path proc_layout_copy(const fs::path& dumps) {
    const fs::path root = testing::scratch_dir("august_overflow_proc");
    fs::create_directories(root / "npu" / "step0" / "proc12345");
    fs::copy(dumps / "npu" / "step0" / "rank", root / "npu" / "step0" / "proc12345", fs::copy_options::recursive);
    return root;
}

bool is_overflow_run(const std::string& variant) {
    return variant.starts_with("overflow_check.") || variant.ends_with(".overflow_check") ||
           variant == "compare_root.overflow_check.error";
}

}  // namespace

TEST_CASE("August overflow_check reproduces msprobe's runs", "[first_diff][fixtures][august_overflow]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    std::size_t runs = 0, found = 0;
    for (const auto& case_entry : fs::directory_iterator(*fixtures / "expected_august")) {
        const fs::path dumps = *fixtures / "dumps" / case_entry.path().filename();
        if (!fs::is_directory(dumps)) continue;
        for (const auto& run_entry : fs::directory_iterator(case_entry.path())) {
            const fs::path run = run_entry.path();
            const std::string variant = run.filename().string();
            if (!is_overflow_run(variant)) continue;
            ++runs;
            if (fs::exists(run / "anomaly_analyze.json")) ++found;
            DYNAMIC_SECTION(case_entry.path().filename().string() << "/" << variant) {
                fs::path cwd = dumps;
                if (fs::exists(run / "input_patch.json")) cwd = patched_copy(dumps, run / "input_patch.json");
                if (variant.starts_with("compare_dir_proc")) cwd = proc_layout_copy(dumps);
                NanAnalyzeOptions options;
                options.input_dir = cwd / input_of(run);
                options.output_dir = testing::scratch_dir("august_overflow_out");
                const auto summary = run_exact_peer_nan_analyze(options);
                const auto written = testing::names_in(options.output_dir);
                if (fs::exists(run / "anomaly_analyze.json")) {
                    REQUIRE(summary.written);
                    CHECK(summary.written->filename().string().starts_with("anomaly_analyze_"));
                    CHECK(written.size() == 1);
                    CHECK(testing::json_file_differences(*summary.written, run / "anomaly_analyze.json") ==
                          std::vector<std::string>{});
                } else {
                    CHECK_FALSE(summary.written);
                    CHECK(written.empty());
                }
            }
        }
    }
    CHECK(runs == 15);
    CHECK(found == 2);
}

namespace {

const std::vector<testing::SmallApi> kClean = {{"Torch.add.0.forward", {{1, 2}}, {{2, 4}}}};
const std::vector<testing::SmallApi> kOverflow = {
    {"Torch.add.0.forward", {{1, 2}}, {{2, std::numeric_limits<float>::infinity()}}}};

// A rank folder as overflow_check reads it: dump.json, construct.json, stack.json.
void write_rank(const fs::path& dir, const std::vector<testing::SmallApi>& apis) {
    testing::write_small_dump(dir, apis);
    testing::write_file(dir / "construct.json", "{}");
    testing::write_file(dir / "stack.json", "{}");
}

NanAnalyzeOptions options_for(const fs::path& step, const fs::path& out) {
    NanAnalyzeOptions options;
    options.input_dir = step;
    options.output_dir = out;
    return options;
}

}  // namespace

TEST_CASE("August overflow_check: rank, rank<digits> and a lone proc folder are ranks, other names are not",
          "[first_diff][august_overflow]") {
    const fs::path dir = testing::scratch_dir("august_overflow_ranks");
    for (const char* name : {"rank", "rank3", "rank_x", "rankk", "logs"}) fs::create_directories(dir / "step" / name);
    const auto ranks = first_diff::lenient_rank_dirs(dir / "step");
    REQUIRE(ranks.size() == 2);
    CHECK(ranks[0] == std::pair<std::int64_t, fs::path>{0, dir / "step" / "rank"});
    CHECK(ranks[1] == std::pair<std::int64_t, fs::path>{3, dir / "step" / "rank3"});
    // nan_analyze strips r, a, n, k from both ends: "rankk" was rank 0 there.
    CHECK(first_diff::nan_rank_dirs(dir / "step").size() == 2);

    fs::create_directories(dir / "proc_step" / "proc7");
    CHECK(first_diff::lenient_rank_dirs(dir / "proc_step") ==
          std::vector<std::pair<std::int64_t, fs::path>>{{0, dir / "proc_step" / "proc7"}});
    fs::create_directories(dir / "proc_step" / "proc8");  // two of them: no rank
    CHECK(first_diff::lenient_rank_dirs(dir / "proc_step").empty());
}

TEST_CASE("August overflow_check: a lone proc folder is analysed as rank 0", "[first_diff][august_overflow]") {
    const fs::path dir = testing::scratch_dir("august_overflow_proc_rank");
    write_rank(dir / "step0" / "proc12", kOverflow);
    const auto summary = run_exact_peer_nan_analyze(options_for(dir / "step0", dir / "out"));
    REQUIRE(summary.written);
    const auto report = testing::json_document(testing::read_file_text(*summary.written).c_str());
    CHECK(std::string(report["rank_0"][0]["op_name"].GetString()) == "Torch.add.0.forward");
}

TEST_CASE("August overflow_check: no rank folder is nothing found, not an error", "[first_diff][august_overflow]") {
    const fs::path dir = testing::scratch_dir("august_overflow_root");
    write_rank(dir / "root" / "step0" / "rank0", kOverflow);
    const auto summary = run_exact_peer_nan_analyze(options_for(dir / "root", dir / "out"));
    CHECK_FALSE(summary.written);
    CHECK_FALSE(fs::exists(dir / "out"));
    // nan_analyze refuses the same folder.
    first_diff::NanAnalyzeOptions april = options_for(dir / "root", dir / "out");
    CHECK_THROWS_WITH(first_diff::run_nan_analyze(april), Catch::Contains("holds no rank directory"));
    // A path that is no folder stays an error.
    CHECK_THROWS_AS(run_exact_peer_nan_analyze(options_for(dir / "missing", dir / "out")), Error);
}

TEST_CASE("August overflow_check: the first rank's dump must be PyTorch's, and every rank needs its three files",
          "[first_diff][august_overflow]") {
    const fs::path dir = testing::scratch_dir("august_overflow_refusals");
    write_rank(dir / "step0" / "rank0", kOverflow);
    std::string dump = testing::read_file_text(dir / "step0" / "rank0" / "dump.json");
    const auto at = dump.find("\"pytorch\"");
    REQUIRE(at != std::string::npos);
    testing::write_file(dir / "step0" / "rank0" / "dump.json", dump.replace(at, 9, "\"mindspore\""));
    try {
        run_exact_peer_nan_analyze(options_for(dir / "step0", dir / "out"));
        FAIL("a MindSpore dump must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "step0" / "rank0" / "dump.json").string());
        CHECK(e.reason() ==
              "overflow check is only available for PyTorch, though the data is stored in a different framework.");
    }

    write_rank(dir / "step1" / "rank0", kClean);
    write_rank(dir / "step1" / "rank1", kOverflow);
    fs::remove(dir / "step1" / "rank1" / "stack.json");
    try {
        run_exact_peer_nan_analyze(options_for(dir / "step1", dir / "out"));
        FAIL("a rank without stack.json must be refused");
    } catch (const Error& e) {
        CHECK(e.file() == (dir / "step1" / "rank1" / "stack.json").string());
    }
    CHECK_FALSE(fs::exists(dir / "out"));
}
