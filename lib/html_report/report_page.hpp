#pragma once
// The page's fixed parts, read from lib/html_report/assets at build time: the
// stylesheet, the body's skeleton and the script that draws the report from
// its data element.
#include <string_view>

namespace msprobe::html_report {

std::string_view report_css();
std::string_view report_body();
std::string_view report_script();

}  // namespace msprobe::html_report
