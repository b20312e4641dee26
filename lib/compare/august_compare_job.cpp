#include "compare/august_compare_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "common/error.hpp"
#include "common/log.hpp"
#include "common/printable.hpp"
#include "common/timestamps.hpp"
#include "compare/august_tensor_log.hpp"
#include "compare/parallel_ranks.hpp"
#include "report/output_file.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

struct PairResult {
    std::vector<fs::path> written;
    std::size_t rows = 0, warnings = 0, errors = 0;
};


void count_results(const ResultTable& result, PairResult& out) {
    const int column = result.column("Result");
    out.rows = result.table.rows.size();
    if (column < 0) return;
    for (const auto& row : result.table.rows) {
        const auto& cell = row[static_cast<std::size_t>(column)];
        if (!cell.is_text()) continue;
        if (cell.text() == "error") ++out.errors;
        if (cell.text() == "warning") ++out.warnings;
    }
}

PairResult compare_pair(const AugustPair& pair, bool check_frameworks, const fs::path& out_dir,
                        const AugustJobOptions& options, ThreadPool& pool) {
    const LiveRankTable live;
    const AugustInputs inputs = read_august_inputs(pair.target, pair.golden, pool);
    if (check_frameworks) check_pair_frameworks(inputs.npu, inputs.bench);
    PairResult out;
    if (inputs.npu.rows.empty() || inputs.bench.rows.empty()) {
        log::warning("No valid data found. No compare result file generated. Please check input json.");
        return out;
    }
    AugustTable table = august_table(inputs.npu, inputs.bench, inputs.stack.get(), pool, options.table);
    table.result.stack = inputs.stack;
    if (table.result.table.rows.empty()) {
        log::warning("Can`t match any op. No compare result file generated.");
        return out;
    }
    if (options.table.print_compare_log) log_compare_rows(table.result);
    fs::create_directories(out_dir);
    const fs::path path = out_dir / august_result_name(pair.debug_json, pair.rank_label, local_timestamp(), options.format);
    std::error_code ec;
    if (fs::exists(path, ec)) log::warning(fmt::format("{} will be deleted.", printable(path.string())));
    out.written = write_august_result(table, path, options.format, &pool);
    for (const auto& file : out.written) {
        log::info(fmt::format("The result file path is: {}.", printable(fs::absolute(file).string())));
    }
    count_results(table.result, out);
    return out;
}

}  // namespace

AugustJobSummary run_august_pairs(const AugustUnit& unit, const AugustJobOptions& options, ThreadPool& pool) {
    const fs::path out_dir = options.output_dir / unit.output_subdir;
    report::check_output_dir(out_dir);
    std::vector<std::optional<PairResult>> results(unit.pairs.size());
    std::vector<std::string> failures;
    if (unit.single_pair) {
        results.front() = compare_pair(unit.pairs.front(), true, out_dir, options, pool);
    } else {
        // A rank that cannot be compared is named and skipped; the others still get their files.
        const auto skipped = compare_ranks(
            unit.pairs.size(), pool,
            [&](std::size_t i) { results[i] = compare_pair(unit.pairs[i], false, out_dir, options, pool); },
            [&](std::size_t i) { return unit.pairs[i].rank_label; });
        for (const std::size_t i : skipped) failures.push_back(unit.pairs[i].rank_label);
    }
    AugustJobSummary summary;
    for (const auto& r : results) {
        if (!r) continue;
        summary.written.insert(summary.written.end(), r->written.begin(), r->written.end());
        summary.rows += r->rows;
        summary.warnings += r->warnings;
        summary.errors += r->errors;
    }
    if (!failures.empty()) {
        std::sort(failures.begin(), failures.end());
        std::string names;
        for (const auto& f : failures) names += (names.empty() ? "" : ", ") + f;
        throw Error(out_dir.string(), fmt::format("{} rank(s) could not be compared ({}); the other ranks' files are "
                                                  "written",
                                                  failures.size(), names));
    }
    return summary;
}

}  // namespace msprobe::compare
