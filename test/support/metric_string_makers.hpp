#pragma once
// How Catch2 prints the metric types in a failed CHECK: the values, not {?}.
// Included by the metric tests (they link msprobe_metrics).
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "metrics/error_cells.hpp"
#include "metrics/kernel_isa.hpp"
#include "metrics/metric_cell.hpp"
#include "metrics/tensor_metrics.hpp"

namespace msprobe::metrics::testing {

inline const char* pair_error_name(PairError error) {
    switch (error) {
        case PairError::NoDataFile: return "NoDataFile";
        case PairError::BenchUnmatched: return "BenchUnmatched";
        case PairError::ReadFailure: return "ReadFailure";
        case PairError::Unreadable: return "Unreadable";
        case PairError::EmptyData: return "EmptyData";
        case PairError::ShapeMismatch: return "ShapeMismatch";
        case PairError::InfNanPositionMismatch: return "InfNanPositionMismatch";
    }
    return "PairError(?)";
}

}  // namespace msprobe::metrics::testing

namespace Catch {

// A number with every digit that tells two doubles apart ("Nan" as msprobe
// writes it), or the placeholder text in quotes.
template <>
struct StringMaker<msprobe::metrics::MetricCell> {
    static std::string convert(const msprobe::metrics::MetricCell& cell) {
        if (!cell.is_number()) return fmt::format("\"{}\"", msprobe::metrics::placeholder_text(cell.state));
        if (std::isnan(cell.value)) return std::string(msprobe::metrics::kNanText);
        return fmt::format("{}", cell.value);  // shortest text that reads back as the same double
    }
};

template <>
struct StringMaker<msprobe::metrics::PairError> {
    static std::string convert(msprobe::metrics::PairError error) {
        return msprobe::metrics::testing::pair_error_name(error);
    }
};

template <>
struct StringMaker<std::optional<msprobe::metrics::PairError>> {
    static std::string convert(const std::optional<msprobe::metrics::PairError>& error) {
        return error ? msprobe::metrics::testing::pair_error_name(*error) : "no error";
    }
};

template <>
struct StringMaker<msprobe::metrics::KernelIsa> {
    static std::string convert(msprobe::metrics::KernelIsa isa) {
        return std::string(msprobe::metrics::kernel_isa_name(isa));
    }
};

template <>
struct StringMaker<msprobe::metrics::SideStatistics> {
    static std::string convert(const msprobe::metrics::SideStatistics& s) {
        return fmt::format("{{max {}, min {}, mean {}, l2norm {}}}", s.max, s.min, s.mean, s.l2norm);
    }
};

template <>
struct StringMaker<msprobe::metrics::PairMetrics> {
    static std::string convert(const msprobe::metrics::PairMetrics& m) {
        const auto cell = [](const msprobe::metrics::MetricCell& c) {
            return StringMaker<msprobe::metrics::MetricCell>::convert(c);
        };
        return fmt::format("{{cosine {}, euc_dist {}, max_abs_err {}, max_relative_err {}, one_thousandth {}, "
                           "five_thousandths {}, error {}, message \"{}\"}}",
                           cell(m.cosine), cell(m.euc_dist), cell(m.max_abs_err), cell(m.max_relative_err),
                           cell(m.one_thousandth_err_ratio), cell(m.five_thousandths_err_ratio),
                           StringMaker<std::optional<msprobe::metrics::PairError>>::convert(m.error), m.message);
    }
};

}  // namespace Catch
