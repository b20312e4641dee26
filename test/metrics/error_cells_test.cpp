// The placeholder every metric cell of a failed pair holds, and the read
// failure sentence.
#include <catch2/catch.hpp>

#include "metrics/error_cells.hpp"
#include "support/metric_string_makers.hpp"

using namespace msprobe::metrics;

TEST_CASE("each pair error fills the metric cells with msprobe's placeholder", "[metrics][error_cells]") {
    CHECK(cell_state_for(PairError::ShapeMismatch) == MetricState::ShapeUnmatched);
    CHECK(cell_state_for(PairError::InfNanPositionMismatch) == MetricState::NotAvailable);
    for (const PairError error : {PairError::NoDataFile, PairError::BenchUnmatched, PairError::ReadFailure,
                                  PairError::Unreadable, PairError::EmptyData}) {
        INFO(Catch::StringMaker<PairError>::convert(error));
        CHECK(cell_state_for(error) == MetricState::Unsupported);
    }
}

TEST_CASE("dump_file_read_failed wraps what failed in msprobe's sentence", "[metrics][error_cells]") {
    CHECK(dump_file_read_failed("['a.pt', 'b.pt']") == "Dump file: ['a.pt', 'b.pt'] not found or read failed.");
    CHECK(dump_file_read_failed("") == "Dump file:  not found or read failed.");
}
