#include "config_check/check_level.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace msprobe::config_check;

TEST_CASE("check levels: texts and the worst of a sheet's rows", "[config_check][check_level]") {
    CHECK(std::string(level_text(CheckLevel::Pass)) == "pass");
    CHECK(std::string(level_text(CheckLevel::Warning)) == "warning");
    CHECK(std::string(level_text(CheckLevel::Error)) == "error");
    CHECK(worst_level(std::vector<CheckLevel>{}) == CheckLevel::Pass);
    CHECK(worst_level(std::vector<CheckLevel>{CheckLevel::Pass, CheckLevel::Warning}) == CheckLevel::Warning);
    CHECK(worst_level(std::vector<CheckLevel>{CheckLevel::Error, CheckLevel::Warning}) == CheckLevel::Error);
}
