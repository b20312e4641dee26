#pragma once
// One API through run_ut: bench copies raised in
// precision, the device run at the dumped dtypes (or the dumped outputs
// themselves when the dump holds real data), backward through autograd, and
// the results handed to the comparator as plain arrays.
#include <filesystem>
#include <string>
#include <vector>

#include "dump/json_view.hpp"
#include "precision/output_compare.hpp"
#include "run_ut/error_data.hpp"
#include "run_ut/input_builder.hpp"

namespace msprobe::run_ut {

struct ApiRunRequest {
    std::string full_name;
    std::string family;
    std::string api_name;
    dump::JsonView forward;
    dump::JsonView backward;  // empty when the dump holds no backward entry
    bool device_from_dump = false;  // judge the dumped outputs instead of re-running at the dumped dtypes
};

// Runs and compares one API. Throws on any failure; the caller turns the text into a SKIP row.
// `artifacts`, when given, receives the tensors for -save_error_data.
precision::ApiComparison run_api(const ApiRunRequest& request, InputBuilder& inputs,
                                 ApiRunArtifacts* artifacts = nullptr);

// A libtorch value as the comparator sees it.
precision::OutputValue to_output_value(const c10::IValue& value);

// Whether backward is skipped: an `out` keyword (no need_grad), repeat_interleave or masked_select; `message` says why.
bool backward_not_supported(const std::string& api_name, std::string& message, bool need_grad);

}  // namespace msprobe::run_ut
