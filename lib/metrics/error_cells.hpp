#pragma once
// What the six metric cells hold when the tensor step cannot compute them:
// every cell gets the same placeholder.
#include <string>
#include <string_view>

#include "metrics/metric_cell.hpp"

namespace msprobe::metrics {

// Why a pair produced no metrics.
enum class PairError : unsigned char {
    NoDataFile,            // data name "-1" on either side
    BenchUnmatched,        // bench data name "N/A"
    ReadFailure,           // validation or load failure, not a tensor
    Unreadable,            // not convertible to float64
    EmptyData,             // NPU tensor has no elements
    ShapeMismatch,         // shapes differ
    InfNanPositionMismatch,
};

// unsupported / shape unmatched / N/A.
MetricState cell_state_for(PairError error);

// "Dump file: <what> not found or read failed." (<what> is the Python list
// rendering of the pair, or the failing path for an OS error).
std::string dump_file_read_failed(std::string_view what);

}  // namespace msprobe::metrics
