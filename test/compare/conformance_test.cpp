// Our compare against msprobe's own outputs on real dumps
// (../shared/fixtures/expected): every workbook cell for cell, every advisor
// file byte for byte.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <sstream>

#include "compare/compare_job.hpp"
#include "report/xlsx_reader.hpp"
#include "support/shared_fixtures.hpp"
#include "support/msprobe_divergences.hpp"
#include "support/workbook_match.hpp"
#include "support/file_text.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

struct Variant {
    const char* suffix;
    bool stack, highlight, compare_only;
};

constexpr Variant kVariants[] = {
    {"default", false, false, false},  {"stack", true, false, false},
    {"highlight", false, true, false}, {"stack_highlight", true, true, false},
    {"compare_only", false, false, true},
};

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

compare::CompareOptions options_for(const fs::path& compare_json, const fs::path& out, const Variant& variant) {
    compare::CompareOptions options;
    options.input_path = compare_json;
    options.output_dir = out;
    options.stack_mode = variant.stack;
    options.highlight = variant.highlight;
    options.compare_only = variant.compare_only;
    options.jobs = 2;
    return options;
}

}  // namespace

TEST_CASE("compare output equals msprobe's on every fixture dump pair", "[conformance]") {
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
            DYNAMIC_SECTION(case_name << "/" << dir_name) {
                const fs::path out = testing::scratch_dir("conformance_" + case_name + "_" + dir_name);
                compare::run_compare(options_for(case_dir / (stem + ".json"), out, *variant));
                for (const auto& expected : fs::directory_iterator(variant_entry.path())) {
                    const auto& path = expected.path();
                    const std::string ext = path.extension().string();
                    if (ext != ".xlsx" && ext != ".txt") continue;
                    if (path.filename() == "original_names.txt") continue;
                    const auto ours = produced(out, path.stem().string(), ext);
                    INFO("expected " << path);
                    REQUIRE(ours);
                    if (ext == ".txt") {
                        CHECK(msprobe::testing::read_file_text(*ours) == msprobe::testing::read_file_text(path));
                    } else {
                        const auto diffs = testing::workbook_differences(
                            report::read_xlsx(ours->string()),
                            testing::with_zero_dim_sentence_once(report::read_xlsx(path.string())), testing::summation_order_tolerance());
                        for (const auto& d : diffs) UNSCOPED_INFO(d);
                        CHECK(diffs.empty());
                    }
                }
                if (variant->compare_only) CHECK_FALSE(produced(out, "advisor", ".txt"));
            }
        }
    }
}

TEST_CASE("strict compatibility mode reproduces msprobe's books exactly, 0-d sentence repetition included", "[conformance]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const std::string case_name = "cnn_tensor_L1_perturbed";
    const fs::path out = testing::scratch_dir("conformance_strict");
    auto options = options_for(*fixtures / "dumps" / case_name / "compare.json", out, kVariants[0]);
    options.strict_compat = true;
    compare::run_compare(options);
    const auto ours = produced(out, "compare_result", ".xlsx");
    REQUIRE(ours);
    const auto diffs = testing::workbook_differences(
        report::read_xlsx(ours->string()),
        report::read_xlsx((*fixtures / "expected" / case_name / "compare.default" / "compare_result.xlsx").string()),
        testing::summation_order_tolerance());
    for (const auto& d : diffs) UNSCOPED_INFO(d);
    CHECK(diffs.empty());
}
