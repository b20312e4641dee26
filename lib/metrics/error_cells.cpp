#include "metrics/error_cells.hpp"

namespace msprobe::metrics {

MetricState cell_state_for(PairError error) {
    switch (error) {
        case PairError::ShapeMismatch: return MetricState::ShapeUnmatched;
        case PairError::InfNanPositionMismatch: return MetricState::NotAvailable;
        case PairError::NoDataFile:
        case PairError::BenchUnmatched:
        case PairError::ReadFailure:
        case PairError::Unreadable:
        case PairError::EmptyData: return MetricState::Unsupported;
    }
    return MetricState::NotAvailable;
}

std::string dump_file_read_failed(std::string_view what) {
    std::string text = "Dump file: ";
    text += what;
    text += " not found or read failed.";
    return text;
}

}  // namespace msprobe::metrics
