// The mapping flags as typed, and the parsed files their copies share.
#include <catch2/catch.hpp>

#include "mapping/mapping_files.hpp"
#include "mapping/mapping_options.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe::mapping;

TEST_CASE("mapping options: any flag counts, a flag given without a file too", "[mapping][mapping_options]") {
    MappingOptions options;
    CHECK_FALSE(options.any());
    options.layer_mapping = "";  // -lm without a yaml
    CHECK(options.any());
    MappingOptions data;
    data.data_mapping = "map.yaml";
    CHECK(data.any());
}

TEST_CASE("mapping options: copies share one set of parsed files, new options start their own",
          "[mapping][mapping_options]") {
    const auto path = msprobe::testing::scratch_file("mapping_options_shared", "data.yaml", "a: b\n");
    MappingOptions options;
    options.data_mapping = path.string();
    REQUIRE(options.files != nullptr);
    const MappingOptions copy = options;  // as each pair of a run receives them
    CHECK(copy.files == options.files);
    CHECK(&copy.files->data(path) == &options.files->data(path));
    CHECK(options.files->parses() == 1);
    const MappingOptions other;
    CHECK(other.files != options.files);
    CHECK(other.files->parses() == 0);
}
