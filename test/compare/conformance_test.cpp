// Our compare against msprobe's own outputs on real dumps
// (../shared/fixtures/expected): every workbook cell for cell, every advisor
// file byte for byte.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <sstream>

#include "compare/dump_compare_run.hpp"
#include "report/xlsx_reader.hpp"
#include "support/scoped_variable.hpp"
#include "support/shared_fixtures.hpp"
#include "support/msprobe_divergences.hpp"
#include "support/workbook_match.hpp"
#include "support/file_text.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

struct Variant {
    const char* suffix;
    bool stack, highlight, compare_only, fuzzy = false;
};

constexpr Variant kVariants[] = {
    {"default", false, false, false},  {"stack", true, false, false},
    {"highlight", false, true, false}, {"stack_highlight", true, true, false},
    {"compare_only", false, false, true}, {"fuzzy", false, false, false, true},
};

// msprobe's fuzzy match only works on tensor dumps (spec compare §4.4 REF-BUG b):
// on statistics and md5 dumps it shifts columns, so every pair reads "No bench data
// matched" (or md5 cells come out empty), and a row without partner crashes it
// (mlp_statistics_L1_bf16). We match as intended; these dumps' call counters agree
// on both sides, so the intended fuzzy result is msprobe's exact-match result.
fs::path expected_dir_for(const fs::path& variant_dir, const Variant& variant) {
    if (!variant.fuzzy) return variant_dir;
    const fs::path book = variant_dir / "compare_result.xlsx";
    if (fs::exists(book)) {
        const auto header = report::read_xlsx(book.string()).sheets.at(0).rows.at(0);
        for (const auto& cell : header) {
            if (cell.is_text() && cell.text() == "Cosine") return variant_dir;
        }
    }
    std::string name = variant_dir.filename().string();
    name = name.substr(0, name.rfind('.')) + ".default";
    return variant_dir.parent_path() / name;
}

// Our file whose name is `stem` + "_<timestamp>" + `extension`.
std::optional<fs::path> produced(const fs::path& dir, const std::string& stem, const std::string& extension) {
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.size() == stem.size() + 15 + extension.size() && name.rfind(stem + "_", 0) == 0 &&
            name.substr(name.size() - extension.size()) == extension) {
            return e.path();
        }
    }
    return std::nullopt;
}

// mlp_statistics_L1_bf16 runs Tensor.float.0.backward and Functional.linear.2.backward in opposite
// orders on the two sides. Under -f msprobe crashes there (expected/README.md); the fuzzy scan pairs
// linear.2.backward first, which leaves Tensor.float.0.backward.input.0 without partner.
bool is_crashed_fuzzy_case(const std::string& case_name, const std::string& dir_name) {
    return case_name == "mlp_statistics_L1_bf16" && dir_name == "compare.fuzzy";
}

report::WorkbookContents crashed_fuzzy_case_book(report::WorkbookContents exact_book) {
    const report::Cell na(std::string("N/A"));
    std::map<std::string, report::Cell> cells;
    for (const char* header : {"Bench Name", "Bench Dtype", "Bench Tensor Shape", "Bench Requires_grad", "Max diff",
                               "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
                               "MeanRelativeErr", "NormRelativeErr", "Bench max", "Bench min", "Bench mean",
                               "Bench l2norm", "Result"}) {
        cells[header] = na;
    }
    cells["Requires_grad Consistent"] = report::Cell::boolean(false);
    cells["Err_message"] = report::Cell(std::string("No bench data matched.Requires_grad inconsistent. "));
    return testing::with_cells(std::move(exact_book), "Tensor.float.0.backward.input.0", cells);
}

// The advisor then stops at the next failing row.
constexpr const char* kCrashedFuzzyCaseAdvice =
    "Line: 28\n"
    "Suspect Nodes: Functional.linear.2.backward.input.0\n"
    "Expert Advice: Check whether the forward computation result is affected.\n";

compare::CompareOptions options_for(const fs::path& compare_json, const fs::path& out, const Variant& variant) {
    compare::CompareOptions options;
    options.input_path = compare_json;
    options.output_dir = out;
    options.stack_mode = variant.stack;
    options.highlight = variant.highlight;
    options.compare_only = variant.compare_only;
    options.fuzzy_match = variant.fuzzy;
    return options;
}

}  // namespace

TEST_CASE("compare output equals msprobe's on every fixture dump pair", "[conformance][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    for (const auto& case_entry : fs::directory_iterator(*fixtures / "expected")) {
        if (!case_entry.is_directory()) continue;
        const std::string case_name = case_entry.path().filename().string();
        const fs::path case_dir = *fixtures / "dumps" / case_name;
        for (const auto& variant_entry : fs::directory_iterator(case_entry.path())) {
            const std::string dir_name = variant_entry.path().filename().string();
            const auto dot = dir_name.rfind('.');
            if (dot == std::string::npos) continue;
            const std::string stem = dir_name.substr(0, dot);
            const std::string suffix = dir_name.substr(dot + 1);
            const Variant* variant = nullptr;
            for (const auto& v : kVariants) {
                if (suffix == v.suffix) variant = &v;
            }
            if (!variant) continue;
            // Each pair held whole, then read back chunk by chunk as a pair too large to hold is (streamed_pair.hpp).
            for (const bool streamed : {false, true})
            DYNAMIC_SECTION(case_name << "/" << dir_name << (streamed ? " streamed" : "")) {
                const testing::ScopedVariable held_limit("MSPROBE_HELD_PAIR_BYTES",
                                                         streamed ? std::optional<std::string>("0") : std::nullopt);
                const fs::path out = testing::scratch_dir("conformance_" + case_name + "_" + dir_name);
                testing::run_dump_compare(options_for(case_dir / (stem + ".json"), out, *variant));
                for (const auto& expected : fs::directory_iterator(expected_dir_for(variant_entry.path(), *variant))) {
                    const auto& path = expected.path();
                    const std::string ext = path.extension().string();
                    if (ext != ".xlsx" && ext != ".txt") continue;
                    if (path.filename() == "original_names.txt") continue;
                    const auto ours = produced(out, path.stem().string(), ext);
                    INFO("expected " << path);
                    REQUIRE(ours);
                    const bool crashed = is_crashed_fuzzy_case(case_name, dir_name);
                    if (ext == ".txt") {
                        CHECK(msprobe::testing::read_file_text(*ours) ==
                              (crashed ? kCrashedFuzzyCaseAdvice : msprobe::testing::read_file_text(path)));
                    } else {
                        auto expected_book = testing::with_zero_dim_sentence_once(report::read_xlsx(path.string()));
                        if (crashed) expected_book = crashed_fuzzy_case_book(std::move(expected_book));
                        const auto diffs = testing::workbook_differences(
                            report::read_xlsx(ours->string()), expected_book, testing::summation_order_tolerance());
                        for (const auto& d : diffs) UNSCOPED_INFO(d);
                        CHECK(diffs.empty());
                    }
                }
                if (variant->compare_only) CHECK_FALSE(produced(out, "advisor", ".txt"));
            }
        }
    }
}

TEST_CASE("strict compatibility mode reproduces msprobe's books exactly, 0-d sentence repetition included",
          "[conformance][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const std::string case_name = "cnn_tensor_L1_perturbed";
    const fs::path out = testing::scratch_dir("conformance_strict");
    auto options = options_for(*fixtures / "dumps" / case_name / "compare.json", out, kVariants[0]);
    options.strict_compat = true;
    testing::run_dump_compare(options);
    const auto ours = produced(out, "compare_result", ".xlsx");
    REQUIRE(ours);
    const auto diffs = testing::workbook_differences(
        report::read_xlsx(ours->string()),
        report::read_xlsx((*fixtures / "expected" / case_name / "compare.default" / "compare_result.xlsx").string()),
        testing::summation_order_tolerance());
    for (const auto& d : diffs) UNSCOPED_INFO(d);
    CHECK(diffs.empty());
}

TEST_CASE("strict compatibility mode reproduces msprobe's fuzzy books on every dump mode", "[conformance][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    for (const auto& case_entry : fs::directory_iterator(*fixtures / "expected")) {
        if (!case_entry.is_directory()) continue;
        const std::string case_name = case_entry.path().filename().string();
        for (const auto& variant_entry : fs::directory_iterator(case_entry.path())) {
            const std::string dir_name = variant_entry.path().filename().string();
            const fs::path book = variant_entry.path() / "compare_result.xlsx";
            if (dir_name.size() < 6 || dir_name.substr(dir_name.size() - 6) != ".fuzzy" || !fs::exists(book)) continue;
            DYNAMIC_SECTION(case_name << "/" << dir_name) {
                const fs::path out = testing::scratch_dir("conformance_strict_" + case_name + "_" + dir_name);
                auto options = options_for(*fixtures / "dumps" / case_name / (dir_name.substr(0, dir_name.size() - 6) +
                                                                                ".json"),
                                           out, kVariants[5]);
                options.strict_compat = true;
                testing::run_dump_compare(options);
                const auto ours = produced(out, "compare_result", ".xlsx");
                REQUIRE(ours);
                const auto diffs = testing::workbook_differences(report::read_xlsx(ours->string()),
                                                                 report::read_xlsx(book.string()),
                                                                 testing::summation_order_tolerance());
                for (const auto& d : diffs) UNSCOPED_INFO(d);
                CHECK(diffs.empty());
                const auto advisor = produced(out, "advisor", ".txt");
                REQUIRE(advisor);
                CHECK(testing::read_file_text(*advisor) ==
                      testing::read_file_text(variant_entry.path() / "advisor.txt"));
            }
        }
    }
}
