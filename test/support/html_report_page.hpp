#pragma once
// The data element of an HTML report page (lib/html_report), parsed: what the
// page's script draws from.
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "support/text_occurrences.hpp"

namespace msprobe::testing {

inline nlohmann::json embedded_report_data(const std::string& page) {
    const std::string open = "<script type=\"application/json\" id=\"report-data\">";
    const std::size_t begin = page.find(open);
    if (begin == std::string::npos) throw std::runtime_error("the page has no report-data element");
    const std::size_t end = page.find("</script>", begin);
    if (end == std::string::npos) throw std::runtime_error("the report-data element is not closed");
    return nlohmann::json::parse(page.substr(begin + open.size(), end - begin - open.size()));
}

}  // namespace msprobe::testing
