#include "atb_compare/statistic_diff.hpp"

#include <cmath>

#include "atb_compare/statistic_csv.hpp"
#include "common/python_text.hpp"

namespace msprobe::atb {

StatisticDiff statistic_diff(std::string_view target, std::string_view golden) {
    const auto t = py::parse_float(target);
    const auto g = py::parse_float(golden);
    if (!t || !g) return {std::string(kNotApplicable), std::string(kNotApplicable)};
    const double diff = *t - *g;
    if (diff == 0) return {py::float_repr(diff), "0.0"};
    if (*g == 0) return {py::float_repr(diff), std::string(kNotApplicable)};
    return {py::float_repr(diff), py::float_repr(std::fabs(diff / *g * 100))};
}

}  // namespace msprobe::atb
