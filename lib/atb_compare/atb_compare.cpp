#include "atb_compare/atb_compare.hpp"

#include <fmt/format.h>

#include "atb_compare/matched_rows.hpp"
#include "atb_compare/result_table.hpp"
#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/log.hpp"
#include "common/timestamps.hpp"
#include "report/xlsx_writer.hpp"

namespace msprobe::atb {

namespace {

namespace fs = std::filesystem;

constexpr const char* kRoundFolder = "an ATB execution-round folder (.../atb_dump_data/data/<device_pid>/<round>/)";

void require_present(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string(), "no such file or directory");
}

// msprobe: the folder a statistic.csv lies in holds none, or the two dumps differ in kind.
void require_comparable(const StatisticCsv& target, const StatisticCsv& golden) {
    for (const auto* csv : {&golden, &target}) {
        if (csv->mode == DumpMode::Unknown) throw Error(csv->path.string(), "holds no row after its header");
    }
    if (target.mode == golden.mode) return;
    const auto kind = [](const StatisticCsv& csv) {
        return csv.mode == DumpMode::Tensor ? "tensor dump (its first row names a tensor file)"
                                            : "statistics dump (its first row's Tensor Path is N/A)";
    };
    throw Error(target.path.string(), fmt::format("is a {}, but {} is a {}; both sides must be dumped with the same "
                                                  "task",
                                                  kind(target), golden.path.string(), kind(golden)));
}

}  // namespace

AtbCompareResult run_atb_compare(const AtbCompareRequest& request, ThreadPool& pool) {
    require_present(request.golden);
    require_present(request.target);
    std::error_code ec;
    const bool golden_file = fs::is_regular_file(request.golden, ec);
    if (golden_file != fs::is_regular_file(request.target, ec)) {
        throw Error("", fmt::format("The golden_path and target_path should be both files or directories: -tp {} "
                                    "and -gp {}",
                                    request.target.string(), request.golden.string()));
    }
    report::check_output_dir(request.output_dir);
    AtbCompareResult result;
    if (golden_file) {
        if (request.refuse_two_files) {
            throw Error(
                request.target.string(),
                fmt::format("is a file; -tp and -gp must each name {}, which holds statistic.csv", kRoundFolder));
        }
        log::warning("Comparison between ATB data files is not yet supported");
        return result;
    }
    for (const auto* dir : {&request.golden, &request.target}) {
        if (!input_path_present(*dir / "statistic.csv")) {
            throw Error((*dir / "statistic.csv").string(), fmt::format("no such file: {} holds one", kRoundFolder));
        }
    }
    const StatisticCsv golden = read_statistic_csv(request.golden, request.rows);
    const StatisticCsv target = read_statistic_csv(request.target, request.rows);
    if (request.refuse_unusable_dumps) {
        require_comparable(target, golden);
    } else if (golden.mode != target.mode || golden.mode == DumpMode::Unknown) {
        log::error("Unvalid ATB dump data");
        return result;
    }
    result.mode = golden.mode;
    const auto rows = matched_rows(target, golden);
    result.rows = rows.size();
    if (rows.empty()) {
        log::warning(fmt::format("no Data Name of {} is in {}: nothing compared, nothing written", target.path.string(),
                                 golden.path.string()));
        return result;
    }
    const report::Table table =
        result.mode == DumpMode::Stats
            ? stats_table(rows)
            : tensor_table(rows, tensor_mode_cells(rows, request.tensors, pool, request.show_progress));
    const fs::path file =
        request.output_dir / fmt::format("atb_{}_compare_result_{}.xlsx", mode_name(result.mode), local_timestamp());
    report::StagedFiles staged(request.existing_result);
    staged.stage(file, [&](const fs::path& temp) {
        report::write_xlsx(table, report::CellRendering::Plain, temp, report::FillSpelling::Opaque, &pool);
    });
    result.written = staged.commit().front();
    return result;
}

}  // namespace msprobe::atb
