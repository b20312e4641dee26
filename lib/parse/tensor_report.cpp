#include "parse/tensor_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "common/python_text.hpp"
#include "tensor/numpy_text.hpp"

namespace msprobe::parse {

namespace {

using Json = nlohmann::ordered_json;

// A value as a JSON number carrying the digits numpy prints (float32 0.8244396,
// not 0.8244395852088928); non-finite values as "nan"/"inf"/"-inf".
Json json_value(double value, tensor::DType dtype) {
    if (dtype == tensor::DType::Bool) return value != 0;
    if (!std::isfinite(value)) return py::float_repr(value);
    if (!tensor::is_floating(dtype)) return static_cast<std::int64_t>(value);
    return std::strtod(tensor::npy_str(value, dtype).c_str(), nullptr);
}

Json spec_json(const tensor::TensorSummary& s, const std::string& path) {
    return {{"path", path},
            {"dtype", std::string(tensor::numpy_dtype_name(s.dtype))},
            {"shape", s.shape},
            {"numel", s.numel},
            {"max", json_value(s.max, s.value_dtype)},
            {"min", json_value(s.min, s.value_dtype)},
            {"mean", json_value(s.mean, s.mean_dtype)},
            {"nan", s.nan_count},
            {"posinf", s.posinf_count},
            {"neginf", s.neginf_count}};
}

// A plain table: columns padded to their widest cell, two spaces apart.
std::string ascii_table(const std::string& title, const std::vector<std::string>& header,
                        const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> width(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) width[c] = header[c].size();
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    }
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            out += cells[c];
            if (c + 1 < cells.size()) out += std::string(width[c] - cells[c].size() + 2, ' ');
        }
        return out + "\n";
    };
    std::string out = title + "\n" + line(header);
    for (const auto& row : rows) out += line(row);
    return out;
}

std::string item_table(const std::string& title, const std::vector<DiffRow>& rows) {
    std::vector<std::vector<std::string>> cells;
    for (const auto& r : rows) {
        cells.push_back({std::to_string(r.index), py::float32_repr(r.left), py::float32_repr(r.right),
                         py::float32_repr(r.diff)});
    }
    return ascii_table(title, {"Index", "Left", "Right", "Diff"}, cells);
}

Json rows_json(const std::vector<DiffRow>& rows) {
    Json out = Json::array();
    for (const auto& r : rows) {
        out.push_back({{"index", r.index},
                       {"left", json_value(r.left, tensor::DType::Float32)},
                       {"right", json_value(r.right, tensor::DType::Float32)},
                       {"diff", json_value(r.diff, tensor::DType::Float32)}});
    }
    return out;
}

std::string metric_text(const metrics::MetricCell& cell) {
    if (!cell.is_number()) return std::string(metrics::placeholder_text(cell.state));
    return py::float_repr(cell.value);
}

Json metric_json(const metrics::MetricCell& cell) {
    if (!cell.is_number()) return std::string(metrics::placeholder_text(cell.state));
    return json_value(cell.value, tensor::DType::Float64);
}

std::string location_text(const ErrorLocation& at, const TensorDiff& diff) {
    return fmt::format("at {}  left={} right={}", tensor::shape_tuple_text(at.index),
                       tensor::npy_str(at.left, diff.left.value_dtype),
                       tensor::npy_str(at.right, diff.right.value_dtype));
}

Json location_json(const ErrorLocation& at, const TensorDiff& diff) {
    return {{"flat_index", at.flat},
            {"index", at.index},
            {"left", json_value(at.left, diff.left.value_dtype)},
            {"right", json_value(at.right, diff.right.value_dtype)},
            {"error", json_value(at.error, tensor::DType::Float64)}};
}

std::string panel_lines(const TensorDiff& diff, const DiffOptions& options) {
    return fmt::format("NumCnt:   {}\nAllClose: {}\nCosSim:   {}\nErrorPer: {}  (rl= {}, al= {})\n", diff.count,
                       diff.allclose ? "True" : "False", py::float32_repr(diff.cosine),
                       py::float_repr(diff.error_ratio), py::float_repr(options.rtol), py::float_repr(options.atol));
}

}  // namespace

std::vector<std::pair<std::int64_t, std::string>> head_rows(const std::vector<double>& values, tensor::DType dtype,
                                                             std::int64_t head) {
    std::vector<std::pair<std::int64_t, std::string>> rows;
    const auto shown = std::min<std::int64_t>(head, static_cast<std::int64_t>(values.size()));
    for (std::int64_t start = 0; start < shown; start += 8) {
        std::string data;
        for (std::int64_t i = start; i < std::min(start + 8, shown); ++i) {
            if (i > start) data += ' ';
            data += tensor::npy_str(values[static_cast<std::size_t>(i)], dtype);
        }
        rows.emplace_back(start, std::move(data));
    }
    return rows;
}

std::string summary_text(const tensor::TensorSummary& s, const std::vector<double>& values, const std::string& path,
                         std::int64_t head) {
    std::string out;
    if (s.numel == 0) {
        out = fmt::format("[Shape: {}] [Dtype: {}] (empty)\n", tensor::shape_tuple_text(s.shape),
                          tensor::numpy_dtype_name(s.dtype));
    } else {
        out = tensor::spec_text(s) + "\n";
        out += fmt::format("[NaN: {}] [+Inf: {}] [-Inf: {}]\n", s.nan_count, s.posinf_count, s.neginf_count);
        for (const auto& [index, data] : head_rows(values, s.value_dtype, head)) {
            out += fmt::format("{:<6}{}\n", index, data);
        }
    }
    return out + "Path: " + path + "\n";
}

std::string summary_json(const tensor::TensorSummary& s, const std::vector<double>& values, const std::string& path,
                         std::int64_t head) {
    Json out = spec_json(s, path);
    Json first = Json::array();
    const auto shown = std::min<std::int64_t>(head, static_cast<std::int64_t>(values.size()));
    for (std::int64_t i = 0; i < shown; ++i)
        first.push_back(json_value(values[static_cast<std::size_t>(i)], s.value_dtype));
    out["head"] = first;
    return out.dump(1) + "\n";
}

std::string pt_panel_text(const tensor::TensorSummary& s, const std::vector<double>& values, const std::string& path) {
    std::vector<std::vector<std::string>> rows;
    for (auto& [index, data] : head_rows(values, s.value_dtype, 128)) rows.push_back({std::to_string(index), data});
    std::string out = ascii_table(path, {"Index", "Data"}, rows);
    out += tensor::spec_text(s) + "\nPath: " + path + "\nTextFile: " + path + ".txt\n";
    return out;
}

std::string cn_text(const TensorDiff& diff, const std::string& left_path, const std::string& right_path,
                    const DiffOptions& options, const std::string& left_txt, const std::string& right_txt) {
    std::string out = item_table("Error Item Table", diff.errors) + item_table("Top Item Table", diff.top);
    auto side = [&](const char* label, const tensor::TensorSummary& s, const std::string& path,
                    const std::string& txt) {
        std::string text = std::string(label) + "\n ├─ NpyFile: " + path + "\n";
        if (!txt.empty()) text += " ├─ TxtFile: " + txt + "\n";
        return text + " └─ NpySpec: " + tensor::spec_text(s) + "\n";
    };
    out += side("Left:", diff.left, left_path, left_txt);
    out += side("Right:", diff.right, right_path, right_txt);
    return out + panel_lines(diff, options);
}

std::string diff_text(const TensorDiff& diff, const std::string& left_path, const std::string& right_path,
                      const DiffOptions& options) {
    std::string out = item_table("Error Item Table", diff.errors) + item_table("Top Item Table", diff.top);
    out += fmt::format("Left:   {}   {}\n", left_path, tensor::spec_text(diff.left));
    out += fmt::format("Right:  {}   {}\n", right_path, tensor::spec_text(diff.right));
    out += panel_lines(diff, options);
    out += fmt::format("MaxAbsErr: {}\nMaxRelErr: {}\n", py::float32_repr(diff.max_abs_err),
                       py::float32_repr(diff.max_rel_err));

    const auto& k = diff.kernel;
    out += "Compare metrics (msprobe compare, left as NPU, right as bench):\n";
    out += fmt::format("  Cosine:                     {}\n", metric_text(k.cosine));
    out += fmt::format("  EucDist:                    {}\n", metric_text(k.euc_dist));
    out += fmt::format("  MaxAbsErr:                  {}", metric_text(k.max_abs_err));
    out += diff.max_abs_location ? "  " + location_text(*diff.max_abs_location, diff) + "\n" : "\n";
    out += fmt::format("  MaxRelativeErr:             {}", metric_text(k.max_relative_err));
    out += diff.max_rel_location ? "  " + location_text(*diff.max_rel_location, diff) + "\n" : "\n";
    out += fmt::format("  One Thousandth Err Ratio:   {}\n", metric_text(k.one_thousandth_err_ratio));
    out += fmt::format("  Five Thousandths Err Ratio: {}\n", metric_text(k.five_thousandths_err_ratio));
    if (!k.message.empty()) out += "  Message: " + k.message + "\n";

    if (diff.histogram) {
        out += "Relative error histogram:\n";
        const auto& counts = diff.histogram->counts;
        const std::int64_t most = std::max<std::int64_t>(1, *std::max_element(counts.begin(), counts.end()));
        for (std::size_t b = 0; b < counts.size(); ++b) {
            const auto bar = static_cast<std::size_t>((counts[b] * 40 + most - 1) / most);
            out += fmt::format("  {:<16}{:>10}  {}\n", RelativeErrorHistogram::labels()[b], counts[b],
                               std::string(bar, '#'));
        }
    }
    return out;
}

std::string diff_json(const TensorDiff& diff, const std::string& left_path, const std::string& right_path,
                      const DiffOptions& options, const std::vector<std::string>& warnings) {
    Json out = {{"left", spec_json(diff.left, left_path)},
                {"right", spec_json(diff.right, right_path)},
                {"num", diff.count},
                {"allclose", diff.allclose},
                {"cos", json_value(diff.cosine, tensor::DType::Float32)},
                {"error_ratio", json_value(diff.error_ratio, tensor::DType::Float64)},
                {"error_count", diff.error_count},
                {"atol", options.atol},
                {"rtol", options.rtol},
                {"max_abs_err", json_value(diff.max_abs_err, tensor::DType::Float32)},
                {"max_rel_err", json_value(diff.max_rel_err, tensor::DType::Float32)},
                {"errors", rows_json(diff.errors)},
                {"top", rows_json(diff.top)}};
    const auto& k = diff.kernel;
    out["metrics"] = {{"cosine", metric_json(k.cosine)},
                      {"euc_dist", metric_json(k.euc_dist)},
                      {"max_abs_err", metric_json(k.max_abs_err)},
                      {"max_relative_err", metric_json(k.max_relative_err)},
                      {"one_thousandth_err_ratio", metric_json(k.one_thousandth_err_ratio)},
                      {"five_thousandths_err_ratio", metric_json(k.five_thousandths_err_ratio)},
                      {"message", k.message}};
    out["max_abs_location"] = diff.max_abs_location ? location_json(*diff.max_abs_location, diff) : Json(nullptr);
    out["max_rel_location"] = diff.max_rel_location ? location_json(*diff.max_rel_location, diff) : Json(nullptr);
    Json histogram = Json::array();
    if (diff.histogram) {
        for (std::size_t b = 0; b < diff.histogram->counts.size(); ++b) {
            histogram.push_back({{"bin", RelativeErrorHistogram::labels()[b]}, {"count", diff.histogram->counts[b]}});
        }
    }
    out["relative_error_histogram"] = histogram;
    out["warnings"] = warnings;
    return out.dump(1) + "\n";
}

}  // namespace msprobe::parse
