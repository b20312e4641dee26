#include "compare/fuzzy_compat.hpp"

#include "compare/row_cells.hpp"

namespace msprobe::compare {

using report::Cell;

std::vector<RowPair> shifted_fuzzy_pairs(const std::vector<RowPair>& pairs, const dump::DumpFile& npu,
                                         const dump::DumpFile& bench) {
    const bool cross_framework = is_cross_framework(npu, bench);
    std::vector<RowPair> out = pairs;
    for (auto& pair : out) {
        if (pair.bench == kNoBench) continue;
        const auto& b = bench.rows[static_cast<std::size_t>(pair.bench)];
        if (!dtypes_compatible(npu.rows[pair.npu].dtype, b.shape, cross_framework)) pair.bench = kNoBench;
    }
    return out;
}

namespace {

void set(ResultTable& result, std::size_t row, const char* header, Cell cell) {
    const int column = result.column(header);
    if (column >= 0) result.table.rows[row][static_cast<std::size_t>(column)] = std::move(cell);
}

}  // namespace

void apply_shifted_fuzzy_cells(ResultTable& result, const std::vector<RowPair>& pairs, const dump::DumpFile& bench) {
    const Cell na{std::string(kNotApplicable)};
    for (std::size_t row = 0; row < pairs.size() && row < result.table.rows.size(); ++row) {
        if (result.mode == CompareMode::Md5) {
            // The md5 columns are missing from the shifted record: empty cells, and no digest is equal.
            set(result, row, "NPU MD5", Cell());
            set(result, row, "BENCH MD5", Cell());
            if (pairs[row].bench != kNoBench) set(result, row, "Result", Cell(std::string("Different")));
            continue;
        }
        if (result.mode != CompareMode::Summary || pairs[row].bench == kNoBench) continue;
        // A surviving (None against None) statistics pair: each bench column shows its left neighbour.
        const auto& b = bench.rows[static_cast<std::size_t>(pairs[row].bench)];
        set(result, row, "Bench Name", Cell(b.dtype.str()));
        set(result, row, "Bench Dtype", Cell(b.shape.str()));
        set(result, row, "Bench Tensor Shape", Cell(std::string("['None', 'None', 'None', 'None']")));
        set(result, row, "NPU Requires_grad", na);
        set(result, row, "Bench Requires_grad", Cell(b.name));
        for (const char* header : {"Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
                                   "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "Bench max", "Bench min",
                                   "Bench mean", "Bench l2norm"}) {
            set(result, row, header, na);
        }
        set(result, row, "Requires_grad Consistent", Cell::boolean(false));
        set(result, row, "Result", Cell());
        set(result, row, "Err_message", Cell(std::string("Requires_grad inconsistent. ")));
    }
}

}  // namespace msprobe::compare
