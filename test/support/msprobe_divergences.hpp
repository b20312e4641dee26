#pragma once
// msprobe's books turned into what we write, for the documented places where
// we deliberately differ (docs/compatibility.md). Each transformation is
// narrow: it rewrites exactly the cells the divergence touches.
#include <map>
#include <string>

#include "report/xlsx_reader.hpp"

namespace msprobe::testing {

// msprobe repeats the 0-d tensor sentence 16 times in Err_message; we write it once.
report::WorkbookContents with_zero_dim_sentence_once(report::WorkbookContents book);

// Sets cells (by header) of the row whose first cell is `npu_name`, in every
// sheet: for rows where our documented fix changes msprobe's value.
report::WorkbookContents with_cells(report::WorkbookContents book, const std::string& npu_name,
                                    const std::map<std::string, report::Cell>& cells);

// Columns whose numbers may differ in the last bits from msprobe's: EucDist is
// an unrounded sum of squares whose rounding depends on summation order (msprobe uses BLAS).
const std::map<std::string, double>& summation_order_tolerance();

}  // namespace msprobe::testing
