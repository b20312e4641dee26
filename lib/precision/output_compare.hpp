#pragma once
// run_ut's comparator: the legacy status of each output
// (cosine, max abs error, hundredth/thousandth/ten-thousandth ratios), the
// precision-standard metrics beside it, the structural walk over tuple
// outputs and gradients, and the dropout check.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "precision/detail_row.hpp"
#include "precision/output_value.hpp"

namespace msprobe::precision {

// Cosine similarity: (value or SPACE, passed, message).
struct CosineResult {
    MetricValue value;
    bool passed = false;
    std::string message;
};
CosineResult cosine_similarity(const std::vector<double>& bench, const std::vector<double>& device);

// The compare of one bench/device element; `api_name` is the short name
// that selects the precision standard. The row's api_name is left empty.
DetailRow compare_element(const OutputValue& bench, const OutputValue& device, std::string_view api_name);

// Dropout: pass iff fewer than 100 elements or the zero counts differ by < 10 %.
std::string dropout_status(const OutputValue& bench, const OutputValue& device);

struct ApiOutputs {
    std::string full_name;  // "Functional.gelu.0"
    OutputValue bench_forward;
    OutputValue device_forward;
    std::vector<OutputValue> bench_grads;   // empty when no backward ran
    std::vector<OutputValue> device_grads;
    std::string backward_message;           // why no backward ran; non-empty forces backward SKIP
};

struct ApiComparison {
    std::string full_name;
    std::string forward_status;
    std::string backward_status = kSpace;
    std::vector<DetailRow> rows;  // forward rows, then backward rows

    // The result CSV's Message field: present only for a SKIP status.
    std::optional<std::string> result_message() const;
};

// Every output and gradient of one API, with msprobe's statuses (see skip_sides_that_compared_nothing).
ApiComparison compare_api(const ApiOutputs& outputs);

// msprobe's result row starts a side at pass and only moves it to error or
// Warning, so a side whose every detail row is SKIP ("Bench output is None,
// skip this test.": Tensor.__setitem__, VF.lstm, outputs that are all None)
// reads pass although nothing was compared. This turns such a side into SKIP,
// its message the first detail row's (docs/compatibility.md row 96).
void skip_sides_that_compared_nothing(ApiComparison& api);

// An API that was not run (or raised) — result SKIP/SKIP, one SKIP detail row.
ApiComparison skipped_api(const std::string& full_name, const std::string& message);

// Severity aggregation of item statuses: error > Warning > pass; SKIP items
// do not count (docs/compatibility.md: the reference lets the last one win).
std::string aggregate_status(const std::vector<std::string>& statuses);

}  // namespace msprobe::precision
