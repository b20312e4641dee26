// config_check -vc NPU_LOG BENCH_LOG and -vv [BENCH_YAML] TARGET_LOG: msprobe's checks of the arguments (its
// messages, exit 1), then the verl runs.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

#include "config_check_modes.hpp"
#include "verl_config/verl_checks.hpp"

namespace msprobe::cli {

namespace {

namespace fs = std::filesystem;

// os.path.splitext's extension, lower-cased: from the last dot of the name, unless the name only starts with dots.
std::string extension(const std::string& path) {
    const auto slash = path.find_last_of('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const auto dot = name.find_last_of('.');
    if (dot == std::string::npos || name.find_first_not_of('.') > dot) return {};
    std::string ext = name.substr(dot);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}

bool is_log(const std::string& path) {
    const std::string ext = extension(path);
    return ext == ".log" || ext == ".txt";
}

// msprobe tests `ext in ('.yaml')`, a substring test: "", ".", ".y", ".ya", ".yam" pass as well.
bool is_yaml(const std::string& path) { return std::string_view(".yaml").find(extension(path)) != std::string::npos; }

[[noreturn]] void refuse(const std::string& message) { throw Error("", message, kExitComparisonFailed); }

std::optional<std::string> verify_arguments_error(const std::vector<std::string>& paths) {
    if (paths.size() > 2) {
        return fmt::format("verl-verify supports up to two files, but received {} files", paths.size());
    }
    if (paths.size() == 1) {
        if (is_log(paths[0])) return std::nullopt;
        if (is_yaml(paths[0])) {
            return std::string(
                "verl-verify requires tgt_log (log or txt file) as the mandatory argument. "
                "When providing only one file, it must be a log or txt file, not yaml.");
        }
        return std::string(
            "verl-verify requires tgt_log in log or txt format. Optionally, provide bench_config "
            "(yaml) as the first argument and tgt_log (log or txt) as the second argument.");
    }
    const std::string& first = paths[0];
    const std::string& second = paths[1];
    if (is_yaml(first) && is_log(second)) return std::nullopt;
    if (is_log(first) && is_yaml(second)) {
        return fmt::format(
            "verl-verify parameter order error: the first argument must be bench_config (yaml file), "
            "and the second argument must be tgt_log (log or txt file). Received '{}' as first and "
            "'{}' as second.",
            first, second);
    }
    if (is_yaml(first) && !is_log(second)) {
        return fmt::format(
            "verl-verify requires tgt_log (log or txt file) as the second argument when bench_config "
            "(yaml) is provided as the first argument. Received '{}' with unsupported file extension.",
            second);
    }
    if (is_log(second) && !is_yaml(first)) {
        return fmt::format(
            "verl-verify requires bench_config (yaml file) as the first argument when two files are "
            "provided. Received '{}' with unsupported file extension.",
            first);
    }
    return std::string(
        "verl-verify requires tgt_log (log or txt file) as mandatory argument. When providing two "
        "files, the first must be bench_config (yaml file) and the second must be tgt_log (log or "
        "txt file).");
}

// msprobe's log lines for the files it saved: the config files, then the table.
RunOutcome outcome_of(const verl_config::VerlOutcome& result, const fs::path& output_dir, const char* table,
                      const char* verb, const char* counted) {
    RunOutcome outcome;
    outcome.warnings = result.warnings;
    outcome.ends_successfully = true;
    for (std::size_t i = 0; i < result.written.size(); ++i) {
        const std::string shown = (output_dir / result.written[i].filename()).string();
        outcome.info_lines.push_back(i + 1 < result.written.size()
                                         ? "Saving json file to disk: " + shown
                                         : fmt::format("Saving verl {} file to disk: {}", table, shown));
    }
    RunSummary summary;
    summary.verb = verb;
    summary.total = {result.rows, counted};
    summary.counts = {{result.rows - result.inconsistent, "consistent"}, {result.inconsistent, "inconsistent"}};
    for (const auto& file : result.written) summary.written.push_back(output_dir / file.filename());
    outcome.screen = summary_text(summary);
    return outcome;
}

}  // namespace

RunOutcome run_verl_compare_mode(const std::string& npu_log, const std::string& bench_log, const std::string& output) {
    if (!is_log(npu_log) || !is_log(bench_log)) {
        refuse("The param of verl-compare require two log files, and the file format just support '.log' or '.txt'.");
    }
    verl_config::VerlCompareRequest request;
    request.npu_log = npu_log;
    request.bench_log = bench_log;
    request.output_dir = output.empty() ? "./verl_param_compare_result" : output;
    return outcome_of(verl_config::compare_verl_logs(request), request.output_dir, "compare", "Compared",
                      "hyper-parameters");
}

RunOutcome run_verl_verify_mode(const std::vector<std::string>& paths, const std::string& output) {
    if (const auto error = verify_arguments_error(paths)) refuse(*error);
    verl_config::VerlVerifyRequest request;
    if (paths.size() == 2) request.bench_yaml = paths[0];
    request.target_log = paths.back();
    request.output_dir = output.empty() ? "./verl_param_verify_result" : output;
    return outcome_of(verl_config::verify_verl_log(request), request.output_dir, "verify", "Verified",
                      "key parameters");
}

}  // namespace msprobe::cli
