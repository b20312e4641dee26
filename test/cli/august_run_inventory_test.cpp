// Every run stored in ../shared/fixtures/expected_august belongs to a test
// that reproduces it, or to a command msprobe-cpp does not provide. A run
// added to the fixtures without a test fails here instead of passing unseen.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;

namespace {

struct Family {
    std::regex runs;       // <case>/<run folder>
    std::string coverage;  // the test that reproduces them, or why none does
    bool reproduced = true;
};

const std::vector<Family>& families() {
    static const std::vector<Family> kFamilies = {
        {std::regex(
             R"([A-Za-z0-9_]+/compare(_step[01]_rank1?)?\.(default|xlsx|fuzzy|diff_analyze|tensor_log|cell_mapping|data_mapping|layer_mapping))"),
         "test/compare/august_conformance_test.cpp (tables), test/cli/august_cli_test.cpp (-tensor_log lines)"},
        {std::regex(R"([A-Za-z0-9_]+/compare\.api_mapping\.error)"),
         "test/cli/august_cli_test.cpp: spellings, the option check and exit codes (-am on a PyTorch pair)"},
        {std::regex(
             R"([A-Za-z0-9_]+/(compare_dir_(step[01]|proc)\.(default|xlsx|diff_analyze)|compare_dir_step0\.(api_mapping|step_option)|compare_mix\.default))"),
         "test/cli/august_cli_test.cpp: every step-folder compare of msprobe, file for file"},
        {std::regex(
             R"([A-Za-z0-9_]+/(compare_root|compare_rankdir|compare_file_vs_dir)\.error|[A-Za-z0-9_]+/compare_dir_step0\.rank_option\.error)"),
         "test/cli/august_cli_test.cpp: the paths msprobe refuses"},
        {std::regex(
             R"([A-Za-z0-9_]+/(compare_dir_(step[01]|proc)\.overflow_check|overflow_check\.ovf_(pre|comm)|compare_root\.overflow_check\.error))"),
         "test/first_diff/august_overflow_check_test.cpp"},
        {std::regex(R"([A-Za-z0-9_]+/compare_dir_step0\.merge_result\.[a-z_]+)"),
         "test/merge/august_merge_fixtures_test.cpp"},
        {std::regex(R"(cnn_tensor_L1_perturbed/cli\.[a-z_]+(\.error)?)"),
         "test/cli/august_cli_test.cpp: msprobe's command-line runs of cnn_tensor_L1_perturbed"},
        {std::regex(R"([A-Za-z0-9_]+/graph_visualize\.[a-zA-Z0-9_.]+)"), "graph_visualize: the model graph (issue 16)",
         false},
        {std::regex(R"([A-Za-z0-9_]+/data2db\.[a-z_.]+)"),
         "test/cli/data2db_cli_test.cpp: every stored data2db run, table by table"},
        {std::regex(R"(_tools/config_check\.compare)"),
         "test/config_check/pack_compare_test.cpp: the book cell for cell, the unpacked packs file for file"},
    };
    return kFamilies;
}

}  // namespace

TEST_CASE("every stored August run has a test that reproduces it", "[fixtures][cli]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    std::map<std::string, std::size_t> not_reproduced;
    std::size_t runs = 0;
    for (const auto& c : fs::directory_iterator(*fixtures / "expected_august")) {
        const std::string case_name = c.path().filename().string();
        if (!c.is_directory() || case_name == "_scripts") continue;
        for (const auto& r : fs::directory_iterator(c.path())) {
            if (!r.is_directory()) continue;
            const std::string run = case_name + "/" + r.path().filename().string();
            INFO(run);
            std::size_t matches = 0;
            for (const auto& family : families()) {
                if (!std::regex_match(run, family.runs)) continue;
                ++matches;
                if (!family.reproduced) ++not_reproduced[family.coverage];
            }
            CHECK(matches == 1);
            ++runs;
        }
    }
    CHECK(runs >= 140);
    for (const auto& [why, count] : not_reproduced) WARN("SKIPPED " << count << " stored August run(s): " << why);
}
