// ATB statistic.csv: records of any width, Op Names and Op Ids of any depth,
// Tensor Paths of any shape, statistics that are or are not Python floats,
// read both ways (refused or skipped rows) and made into stats-mode rows.
#include <filesystem>

#include "atb_compare/matched_rows.hpp"
#include "atb_compare/result_table.hpp"
#include "atb_compare/statistic_csv.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto path = fuzz::input_file("statistic.csv", data, size);
    const std::filesystem::path round = path.parent_path();
    fuzz::expect_result_or_error([&] { (void)atb::read_statistic_csv(round, atb::RowRule::Refuse); });
    fuzz::expect_result_or_error([&] {
        const auto csv = atb::read_statistic_csv(round, atb::RowRule::Skip);
        (void)atb::stats_table(atb::matched_rows(csv, csv));
    });
    return 0;
}
