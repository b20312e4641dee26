// What a compare does when no flag says otherwise (compare.md §1.2): output in
// ./output as a workbook, every flag off, no mapping, PyTorch dumps.
#include <catch2/catch.hpp>

#include "compare/compare_options.hpp"
#include "compare/run_summary.hpp"

using namespace msprobe::compare;

TEST_CASE("compare options default to msprobe's compare without flags", "[compare][compare_options]") {
    const CompareOptions options;
    CHECK(options.output_dir == std::filesystem::path("./output"));  // -o's default
    CHECK(options.input_path.empty());
    CHECK(options.framework == Framework::PyTorch);
    CHECK(options.format == OutputFormat::Xlsx);  // April's compare writes a book
    CHECK_FALSE(options.stack_mode);
    CHECK_FALSE(options.compare_only);  // the advisor runs unless -c
    CHECK_FALSE(options.fuzzy_match);
    CHECK_FALSE(options.highlight);
    CHECK_FALSE(options.strict_compat);
    CHECK_FALSE(options.locate);
    CHECK(options.html == nullptr);
    CHECK_FALSE(options.mapping.any());
    CHECK_FALSE(options.mapping.api_mapping.has_value());
    CHECK_FALSE(options.mapping.data_mapping.has_value());
}

TEST_CASE("a mapping given without a file counts as given", "[compare][compare_options]") {
    CompareOptions options;
    options.mapping.cell_mapping = "";  // -cm without a yaml
    CHECK(options.mapping.any());
    options.mapping.cell_mapping.reset();
    options.mapping.layer_mapping = "layer.yaml";
    CHECK(options.mapping.any());
}
