#include "graph/verdict_legend.hpp"

#include <fmt/format.h>

#include "graph/graph_legend.hpp"

namespace msprobe::graph {

namespace {

// The descriptions as msprobe's graph_visualize stores them (json.dumps: \u escapes).
constexpr const char* kSummary =
    R"("\u6b64\u8282\u70b9\u6240\u6709\u8f93\u5165\u8f93\u51fa\u7684\u7edf\u8ba1\u91cf\u8bef\u5dee, \u989c\u8272\u8d8a\u6df1\u4ee3\u8868\u8c03\u8bd5\u4fa7\u4e0e\u6807\u6746\u4fa7\u7684\u504f\u5dee\u8d8a\u5927")";
constexpr const char* kMd5Same =
    R"("\u4e0e\u6807\u6746\u76f8\u6bd4, \u6b64\u8282\u70b9\u6240\u6709\u8f93\u5165\u8f93\u51fa\u7684md5\u503c\u76f8\u540c")";
constexpr const char* kMd5Differs =
    R"("\u4e0e\u6807\u6746\u76f8\u6bd4, \u6b64\u8282\u70b9\u4efb\u610f\u8f93\u5165\u8f93\u51fa\u7684md5\u503c\u4e0d\u540c")";
// No graph_visualize real-data database is at hand: graph's real-data description.
constexpr const char* kRealData =
    R"("\u6b64\u8282\u70b9\u6240\u6709\u8f93\u5165\u7684\u6700\u5c0f\u53cc\u5343\u5206\u4e4b\u4e00\u548c\u6240\u6709\u8f93\u51fa\u7684\u6700\u5c0f\u53cc\u5343\u5206\u4e4b\u4e00\u7684\u5dee\u503c\u7684\u7edd\u5bf9\u503c, \u4ee3\u8868\u53cc\u5343\u6307\u6807\u7684\u53d8\u5316\u60c5\u51b5, \u503c\u8d8a\u5927\u4ee3\u8868\u6d4b\u91cf\u503c\u4e0e\u6807\u6746\u503c\u7684\u504f\u5dee\u8d8a\u5927, \u53cc\u5343\u5206\u4e4b\u4e00\u6307\u6807\u8ba1\u7b97\u65b9\u5f0f\uff1aTensor\u4e2d\u7684\u5143\u7d20\u9010\u4e2a\u4e0e\u5bf9\u5e94\u7684\u6807\u6746\u6570\u636e\u5bf9\u6bd4\uff0c\u76f8\u5bf9\u8bef\u5dee\u5c0f\u4e8e\u5343\u5206\u4e4b\u4e00\u7684\u6bd4\u4f8b\u5360\u603b\u5143\u7d20\u4e2a\u6570\u7684\u6bd4\u4f8b\uff0c\u6bd4\u4f8b\u8d8a\u63a5\u8fd11\u8d8a\u597d")";
constexpr const char* kUnmatched = R"("\u6bd4\u5bf9\u8fc7\u7a0b\u4e2d\u8282\u70b9\u672a\u5339\u914d\u4e0a")";

}  // namespace

std::string verdict_node_colors_json(std::optional<compare::CompareMode> mode) {
    if (!mode) {
        return fmt::format(R"({{"#C7C7C7": {{"value": [], "description": {}, "accuracy_level": "unmatched node"}}}})",
                           kUnmatched);
    }
    const bool md5 = *mode == compare::CompareMode::Md5;
    const char* pass = md5 ? kMd5Same : *mode == compare::CompareMode::All ? kRealData : kSummary;
    const char* bad = md5 ? kMd5Differs : pass;
    return fmt::format(R"({{"#FFFCF3": {{"value": [0, 0.3], "description": {}, "accuracy_level": "pass"}}, )"
                       R"("#FFDC7F": {{"value": [0.3, 0.6], "description": {}, "accuracy_level": "warning"}}, )"
                       R"("#FF704D": {{"value": [0.6, 1], "description": {}, "accuracy_level": "error"}}, )"
                       R"("#C7C7C7": {{"value": [], "description": {}, "accuracy_level": "unmatched node"}}}})",
                       pass, bad, bad, kUnmatched);
}

std::string_view verdict_legend_colour(std::optional<compare::CompareMode> mode, double index) {
    if (!mode) return "";
    if (index < 0.3) return "#FFFCF3";
    if (index < 0.6) return "#FFDC7F";
    return kWorstColour;  // NaN too
}

}  // namespace msprobe::graph
