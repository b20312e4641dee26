#pragma once
// One row of accuracy_checking_details_*.csv: the API output it describes, its
// dtypes and shape, the seventeen metric cells, the status and the message.
#include <array>
#include <cstddef>
#include <string>

#include "precision/metric_value.hpp"

namespace msprobe::precision {

enum class Metric : std::size_t {
    Cosine, MaxAbsErr, Hundredth, Thousandth, TenThousandth, BinaryErrorRate, ErrorBalance, Rmse,
    SmallValueErrRatio, MaxRelErr, MeanRelErr, InfNanErrRatio, RelErrRatio, AbsErrRatio, UlpMax, UlpMean,
    UlpProportion,
};
constexpr std::size_t kMetricCount = 17;

// Status words, case-sensitive as the reference writes them.
inline constexpr const char* kPass = "pass";
inline constexpr const char* kError = "error";
inline constexpr const char* kWarning = "Warning";
inline constexpr const char* kSkip = "SKIP";
inline constexpr const char* kSpace = " ";

struct DetailRow {
    std::string api_name;
    std::string bench_dtype = kSpace;
    std::string device_dtype = kSpace;
    std::string shape = kSpace;
    std::array<MetricValue, kMetricCount> metrics{};
    std::string status;
    std::string message;

    MetricValue& at(Metric m) { return metrics[static_cast<std::size_t>(m)]; }
    const MetricValue& at(Metric m) const { return metrics[static_cast<std::size_t>(m)]; }
};

}  // namespace msprobe::precision
