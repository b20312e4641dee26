#include "compare_flag_warnings.hpp"

#include <fmt/format.h>

#include <utility>

namespace msprobe::cli {

std::vector<std::string> flags_without_effect(const CLI::App& cmd, const std::string& format) {
    std::vector<std::string> sentences;
    if (cmd.count("--diff_analyze")) {
        // -da writes per-rank json results and the analysis; none of these shape them.
        static constexpr std::pair<const char*, const char*> kIgnoredByDiffAnalyze[] = {
            {"--stack_mode", "-s"},   {"--fuzzy_match", "-f"}, {"--highlight", "-hl"},
            {"--format", "--format"}, {"--locate", "--locate"}, {"--fail-on", "--fail-on"}};
        for (const auto& [flag, shown] : kIgnoredByDiffAnalyze) {
            if (cmd.count(flag)) {
                sentences.push_back(fmt::format("{} has no effect with -da (it writes compare_result_rank*.json and "
                                                "diff_analyze_*.json only)",
                                                shown));
            }
        }
        return sentences;
    }
    if (cmd.count("--highlight") && format == "csv") {
        sentences.emplace_back(
            "-hl cannot colour a csv file (--format csv); the Err_message column still says why each row was flagged");
    }
    return sentences;
}

}  // namespace msprobe::cli
