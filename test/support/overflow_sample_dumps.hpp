#pragma once
// Small hand-written dump.json texts for the overflow tests: tensor records
// t(max, min[, mean, norm]) in msprobe's layout.
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>
#include "support/file_text.hpp"

namespace msprobe::testing {

// A tensor record; statistics are JSON tokens ("300", "Infinity", "\"inf\"", "NaN").
inline std::string t(const std::string& max, const std::string& min, const std::string& mean = "0.5",
                     const std::string& norm = "1.0", const std::string& dtype = "torch.float16") {
    return fmt::format(R"({{"type": "torch.Tensor", "dtype": "{}", "shape": [4], "Max": {}, "Min": {}, "Mean": {}, )"
                       R"("Norm": {}, "requires_grad": false}})",
                       dtype, max, min, mean, norm);
}

inline std::string bool_tensor() {
    return R"({"type": "torch.Tensor", "dtype": "torch.bool", "shape": [4], "Max": true, "Min": false, "Mean": null, )"
           R"("Norm": null, "requires_grad": false})";
}

inline std::string py_float(double v) { return fmt::format(R"({{"type": "float", "value": {}}})", v); }

inline std::string forward_entry(const std::string& name, const std::string& args, const std::string& outputs,
                                 const std::string& kwargs = "{}") {
    return fmt::format(R"("{}": {{"input_args": [{}], "input_kwargs": {}, "output": [{}]}})", name, args, kwargs,
                       outputs);
}

inline std::string backward_entry(const std::string& name, const std::string& inputs, const std::string& outputs) {
    return fmt::format(R"("{}": {{"input": [{}], "output": [{}]}})", name, inputs, outputs);
}

inline std::string dump_text(const std::string& entries, const std::string& task = "statistics") {
    return fmt::format(
        R"({{"task": "{}", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {{{}}}}})", task,
        entries);
}

// overflow_check.md §5.4, the worked example of the standalone subcommand.
inline std::string worked_example_dump() {
    return dump_text(
        forward_entry("Torch.mul.0.forward", t("300", "300") + ", " + t("300", "300"), t("Infinity", "Infinity")) +
        ", " + forward_entry("Tensor.__add__.0.forward", t("Infinity", "Infinity") + ", " + py_float(1.0),
                             t("Infinity", "1.0")) +
        ", " + forward_entry("Torch.empty_like.0.forward", t("1", "0"), t("NaN", "NaN", "NaN", "NaN")) +
        ", " + forward_entry("Torch.isfinite.0.forward", t("Infinity", "1.0"), bool_tensor()) +
        ", " + backward_entry("Torch.mul.0.backward", t("1", "1"), t("NaN", "NaN") + ", " + t("NaN", "NaN")));
}

}  // namespace msprobe::testing
