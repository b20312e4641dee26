// The page's fixed parts are the files of lib/html_report/assets byte for
// byte, none can end the element it is written into, and every element the
// script looks up by id is in the body (or, for the data, written beside it).
#include "html_report/report_page.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <string>

#include "support/file_text.hpp"

using namespace msprobe::html_report;

namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

std::set<std::string> matches(const std::string& text, const std::regex& pattern) {
    std::set<std::string> found;
    for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) found.insert((*it)[1]);
    return found;
}

}  // namespace

TEST_CASE("report page: the compiled-in parts are the asset files", "[html_report][report_page]") {
    const std::string assets = MSPROBE_HTML_ASSETS_DIR;
    CHECK(report_css() == msprobe::testing::read_file_text(assets + "/report.css"));
    CHECK(report_body() == msprobe::testing::read_file_text(assets + "/report_body.html"));
    CHECK(report_script() == msprobe::testing::read_file_text(assets + "/report.js"));
    CHECK(report_script().size() > 1000);  // the whole script, not a stub
}

TEST_CASE("report page: no part can end the element it goes into", "[html_report][report_page]") {
    for (const auto part : {report_css(), report_body(), report_script()}) {
        const std::string text = lowered(part);
        CHECK(text.find("</script") == std::string::npos);
        CHECK(text.find("</style") == std::string::npos);
    }
}

TEST_CASE("report page: every id the script looks up is on the page", "[html_report][report_page]") {
    const std::string script(report_script());
    const std::string body(report_body());
    const auto looked_up = matches(script, std::regex(R"re(getElementById\('([^']+)'\))re"));
    const auto present = matches(body, std::regex(R"re(id="([^"]+)")re"));
    REQUIRE(looked_up.count("report-data") == 1);  // the data element html_report writes after the body
    for (const auto& id : looked_up) {
        if (id == "report-data") continue;
        INFO("id " << id);
        CHECK(present.count(id) == 1);
    }
}
