// The parts of an .xlsx package around its worksheets: every sheet is
// declared in the workbook, its relationships and the content types, and the
// highlight fills are spelled as asked.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "report/xlsx_package_parts.hpp"

using namespace msprobe::report;
using Catch::Matchers::Contains;

namespace {

const std::string& part(const std::vector<PackagePart>& parts, const std::string& name) {
    const auto it = std::find_if(parts.begin(), parts.end(), [&](const PackagePart& p) { return p.name == name; });
    REQUIRE(it != parts.end());
    return it->xml;
}

}  // namespace

TEST_CASE("worksheet parts are numbered from 1", "[report][xlsx_package_parts]") {
    CHECK(worksheet_part_name(0) == "xl/worksheets/sheet1.xml");
    CHECK(worksheet_part_name(11) == "xl/worksheets/sheet12.xml");
}

TEST_CASE("the package declares every sheet in workbook order", "[report][xlsx_package_parts]") {
    const auto parts = package_parts({"Sheet", "rank1"});
    const std::string& workbook = part(parts, "xl/workbook.xml");
    CHECK_THAT(workbook, Contains("name=\"Sheet\""));
    CHECK_THAT(workbook, Contains("name=\"rank1\""));
    CHECK(workbook.find("name=\"Sheet\"") < workbook.find("name=\"rank1\""));
    const std::string& relationships = part(parts, "xl/_rels/workbook.xml.rels");
    CHECK_THAT(relationships, Contains("worksheets/sheet1.xml"));
    CHECK_THAT(relationships, Contains("worksheets/sheet2.xml"));
    CHECK_THAT(relationships, !Contains("worksheets/sheet3.xml"));
    const std::string& types = part(parts, "[Content_Types].xml");
    CHECK_THAT(types, Contains("/xl/worksheets/sheet2.xml"));
    CHECK_THAT(part(parts, "_rels/.rels"), Contains("xl/workbook.xml"));
    for (const auto& p : parts) {
        INFO(p.name);
        CHECK(p.xml.rfind("<?xml", 0) == 0);
    }
}

TEST_CASE("the highlight fills are opaque unless msprobe's spelling is asked for", "[report][xlsx_package_parts]") {
    // Copies: the parts vector is a temporary.
    const std::string opaque = part(package_parts({"Sheet"}), "xl/styles.xml");
    CHECK_THAT(opaque, Contains("FFFF0000"));
    CHECK_THAT(opaque, Contains("FFFFFF00"));
    CHECK_THAT(opaque, !Contains("00FFFF00"));
    const std::string msprobe = part(package_parts({"Sheet"}, FillSpelling::Msprobe), "xl/styles.xml");
    CHECK_THAT(msprobe, Contains("00FFFF00"));
}
