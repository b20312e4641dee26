// The mapping flags (-am, -cm, -dm, -lm) on msprobe's own MindSpore-vs-PyTorch
// dump pair (../shared/fixtures/reference_samples/mapping_compare): which NPU
// row meets which bench row (pairs.csv), and every cell of the workbook.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "compare/dump_compare_run.hpp"
#include "report/xlsx_reader.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

struct MappingVariant {
    const char* name;         // folder under mapping_compare/expected
    const char* expected_as;  // folder whose results we must equal (differs where msprobe crashed)
    std::optional<std::string> api_mapping, cell_mapping, data_mapping, layer_mapping;
    bool fuzzy = false;
};

std::optional<fs::path> produced(const fs::path& dir, const std::string& prefix, const std::string& extension) {
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.rfind(prefix, 0) == 0 && e.path().extension() == extension) return e.path();
    }
    return std::nullopt;
}

// NPU Name,Bench Name of every row of a result book.
std::string pairs_csv(const report::WorkbookContents& book) {
    std::string out = "NPU Name,Bench Name\n";
    const auto& rows = book.sheets.at(0).rows;
    for (std::size_t r = 1; r < rows.size(); ++r)
        out += std::string(rows[r].at(0).text()) + "," + std::string(rows[r].at(1).text()) + "\n";
    return out;
}

}  // namespace

TEST_CASE("mapping flags pair the rows msprobe pairs", "[conformance][mapping][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path root = *fixtures / "reference_samples" / "mapping_compare";
    const fs::path full = *fixtures / "reference_samples" / "layer_mapping" / "full";
    const std::string api_user = (root / "api_mapping_user.yaml").string();
    const std::string cells = (root / "cell_mapping.yaml").string();
    const std::string data = (root / "data_mapping.yaml").string();
    const std::string layers = (full / "layer_mapping.yaml").string();
    const MappingVariant variants[] = {
        {"no_mapping", "no_mapping", {}, {}, {}, {}},
        {"am_builtin", "am_builtin", "", {}, {}, {}},
        {"am_user_yaml", "am_user_yaml", api_user, {}, {}, {}},
        // msprobe crashes on the documented ms_outputs/pt_outputs spelling; we read it like ms_output.
        {"am_documented_keys_yaml", "am_user_yaml", (root / "api_mapping_documented_keys.yaml").string(), {}, {}, {}},
        {"cm_default", "cm_default", {}, "", {}, {}},
        {"cm_yaml", "cm_yaml", {}, cells, {}, {}},
        {"dm_yaml", "dm_yaml", {}, {}, data, {}},
        {"lm_default", "lm_default", {}, {}, {}, ""},
        {"lm_yaml", "lm_yaml", {}, {}, {}, layers},
        {"am_builtin_plus_cm_yaml", "am_builtin_plus_cm_yaml", "", cells, {}, {}},
        {"am_builtin_plus_dm_yaml", "am_builtin_plus_dm_yaml", "", {}, data, {}},
        {"lm_yaml_plus_dm_yaml", "lm_yaml_plus_dm_yaml", {}, {}, data, layers},
    };
    for (const auto& variant : variants) {
        DYNAMIC_SECTION(variant.name) {
            const fs::path out = testing::scratch_dir(std::string("mapping_") + variant.name);
            nlohmann::json config = {{"npu_path", (full / "mindspore_data" / "dump.json").string()},
                                     {"bench_path", (full / "pytorch_data" / "dump.json").string()},
                                     {"is_print_compare_log", false}};
            std::ofstream(out / "compare.json") << config.dump();
            compare::CompareOptions options;
            options.framework = compare::Framework::MindSpore;
            options.input_path = out / "compare.json";
            options.output_dir = out / "result";
            options.compare_only = true;
            options.fuzzy_match = variant.fuzzy;
            options.mapping = {variant.api_mapping, variant.cell_mapping, variant.data_mapping, variant.layer_mapping};
            testing::run_dump_compare(options, 1);

            const fs::path expected = root / "expected" / variant.expected_as;
            const auto book = produced(out / "result", "compare_result_", ".xlsx");
            REQUIRE(book);
            const auto ours = report::read_xlsx(book->string());
            CHECK(pairs_csv(ours) == testing::read_file_text(expected / "pairs.csv"));
            const auto diffs = testing::workbook_differences(
                ours, report::read_xlsx((expected / "compare_result.xlsx").string()));
            for (const auto& d : diffs) UNSCOPED_INFO(d);
            CHECK(diffs.empty());
            if (fs::exists(expected / "data_mapping.yaml")) {
                const auto written = produced(out / "result", "data_mapping_", ".yaml");
                REQUIRE(written);
                CHECK(testing::read_file_text(*written) == testing::read_file_text(expected / "data_mapping.yaml"));
            }
        }
    }
}
