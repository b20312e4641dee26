// cn's comparison of two tensor files: tolerances, printed rows, error
// locations, the histogram's bins and the size/shape warnings.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <sstream>

#include "common/python_text.hpp"
#include "parse/tensor_diff.hpp"
#include "tensor_file_diff.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"
#include "tensor/numpy_text.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor/tensor_summary.hpp"

using namespace msprobe;
using namespace msprobe::parse;
using msprobe::testing::scratch_dir;

namespace {

// The diff of two float32 .npy files written from `left` and `right`.
TensorDiff diff_of(const std::string& name, const std::vector<std::int64_t>& left_shape, const std::vector<float>& left,
                   const std::vector<std::int64_t>& right_shape, const std::vector<float>& right,
                   const DiffOptions& options = {}) {
    const auto dir = testing::scratch_dir(name);
    testing::write_npy_f32(dir / "left.npy", left_shape, left);
    testing::write_npy_f32(dir / "right.npy", right_shape, right);
    const auto l = tensor::read_tensor_file(dir / "left.npy");
    const auto r = tensor::read_tensor_file(dir / "right.npy");
    return diff_tensors(l, tensor::tensor_values(l, "left.npy"), r, tensor::tensor_values(r, "right.npy"), options);
}

std::vector<std::int64_t> indices(const std::vector<DiffRow>& rows) {
    std::vector<std::int64_t> out;
    for (const auto& row : rows) out.push_back(row.index);
    return out;
}


}  // namespace

TEST_CASE("errors beyond atol + rtol * |right|, and the largest errors", "[tensor_diff]") {
    const auto d = diff_of("tensor_diff_errors", {5}, {1, 2, 3, 4, 5}, {5}, {1, 2.5f, 3, 6, 5});
    CHECK_FALSE(d.shape_mismatch);
    CHECK_FALSE(d.size_mismatch);
    CHECK(d.count == 5);
    CHECK_FALSE(d.allclose);
    CHECK(d.error_count == 2);
    CHECK(d.error_ratio == 0.4);
    CHECK(indices(d.errors) == std::vector<std::int64_t>{1, 3});
    CHECK(d.errors[1].left == 4.0f);
    CHECK(d.errors[1].right == 6.0f);
    CHECK(d.errors[1].diff == 2.0f);
    CHECK(indices(d.top) == std::vector<std::int64_t>{0, 1, 2, 3, 4});
    CHECK(d.max_abs_err == 2.0f);
    CHECK(d.max_rel_err == Approx(1.0 / 3).epsilon(1e-6));  // 2 / 6 beats 0.5 / 2.5
    // dot = 64, |l|² = 55, |r|² = 77.25
    CHECK(d.cosine == Approx(64.0 / std::sqrt(55.0 * 77.25)).epsilon(1e-6));
    REQUIRE(d.max_abs_location);
    CHECK(d.max_abs_location->flat == 3);
    CHECK(d.max_abs_location->index == std::vector<std::int64_t>{3});
    CHECK(d.max_abs_location->left == 4.0);
    CHECK(d.max_abs_location->right == 6.0);
    CHECK(d.max_abs_location->error == 2.0);
    REQUIRE(d.histogram);
    CHECK(d.histogram->counts[0] == 3);  // the three equal elements
    CHECK(diff_warnings(d).empty());
}

TEST_CASE("wider tolerances and fewer printed rows", "[tensor_diff]") {
    DiffOptions wide;
    wide.atol = 2.01;
    wide.rtol = 0;
    const auto close = diff_of("tensor_diff_wide", {5}, {1, 2, 3, 4, 5}, {5}, {1, 2.5f, 3, 6, 5}, wide);
    CHECK(close.allclose);
    CHECK(close.error_count == 0);
    CHECK(close.errors.empty());

    DiffOptions one_row;
    one_row.print_rows = 1;
    const auto short_tables = diff_of("tensor_diff_rows", {5}, {1, 2, 3, 4, 5}, {5}, {1, 2.5f, 3, 6, 5}, one_row);
    CHECK(indices(short_tables.top) == std::vector<std::int64_t>{0});
    CHECK(indices(short_tables.errors) == std::vector<std::int64_t>{1});
    CHECK(short_tables.error_count == 2);  // counted beyond the printed rows
    DiffOptions no_rows;
    no_rows.print_rows = -3;
    const auto none = diff_of("tensor_diff_norows", {2}, {1, 2}, {2}, {1, 3}, no_rows);
    CHECK(none.top.empty());
    CHECK(none.errors.empty());
    CHECK(none.error_count == 1);
}

TEST_CASE("a NaN makes both largest errors NaN", "[tensor_diff]") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const auto d = diff_of("tensor_diff_nan", {3}, {1, nan, 2}, {3}, {1, 1, 5});
    CHECK(std::isnan(d.max_abs_err));
    CHECK(std::isnan(d.max_rel_err));
    CHECK_FALSE(d.allclose);
    REQUIRE(d.max_abs_location);
    // The locations measure NaN as 0, as the compare kernel does: |2 - 5| is the largest.
    CHECK(d.max_abs_location->flat == 2);
    CHECK(d.max_abs_location->error == 3.0);
}

TEST_CASE("size and shape mismatches: zero padding and cn's warnings", "[tensor_diff]") {
    const auto padded = diff_of("tensor_diff_pad", {2, 2}, {1, 2, 3, 4}, {3}, {1, 2, 3});
    CHECK(padded.count == 4);
    CHECK(padded.top.at(3).right == 0.0f);
    CHECK_FALSE(padded.histogram);
    CHECK_FALSE(padded.max_rel_location);
    CHECK(diff_warnings(padded) ==
          std::vector<std::string>{"Data shape not equal: (2, 2) vs (3,)", "Data size not equal: (4,) vs (3,)"});

    const auto reshaped = diff_of("tensor_diff_reshape", {2, 2}, {1, 2, 3, 4}, {4}, {1, 2, 3, 4});
    CHECK(reshaped.shape_mismatch);
    CHECK_FALSE(reshaped.size_mismatch);
    CHECK(reshaped.allclose);
    CHECK(diff_warnings(reshaped) == std::vector<std::string>{"Data shape not equal: (2, 2) vs (4,)"});
    // Locations use the left shape.
    REQUIRE(reshaped.max_abs_location);
    CHECK(reshaped.max_abs_location->index == std::vector<std::int64_t>{0, 0});
}

TEST_CASE("histogram labels by decade", "[tensor_diff]") {
    const auto& labels = RelativeErrorHistogram::labels();
    CHECK(std::string(labels[0]) == "0");
    CHECK(std::string(labels[1]) == "(0, 1e-06)");
    CHECK(std::string(labels[2]) == "[1e-06, 1e-05)");
    CHECK(std::string(labels[7]) == "[0.1, 1)");
    CHECK(std::string(labels[8]) == ">= 1");
    CHECK(std::string(labels[9]) == "nan");
}

TEST_CASE("spec 5: msprobe's do_compare_data vector on int arrays", "[parse]") {
    const auto dir = scratch_dir("parse_cn_ints");
    testing::write_npy_i64(dir / "a.npy", {5}, {1, 2, 3, 4, 5});
    testing::write_npy_i64(dir / "b.npy", {5}, {2, 3, 4, 5, 6});
    const TensorDiff d = testing::diff_tensor_files(dir / "a.npy", dir / "b.npy");
    CHECK(d.error_ratio == 1.0);
    CHECK(py::float32_repr(d.cosine) == "0.99493676");
    CHECK_FALSE(d.allclose);
    CHECK(d.count == 5);
    CHECK(tensor::spec_text(d.left) == "[Shape: (5,)] [Dtype: int64] [Max: 5] [Min: 1] [Mean: 3.0]");
}

TEST_CASE("cn pads the shorter tensor with zeros and says so", "[parse]") {
    const auto dir = scratch_dir("parse_cn_pad");
    testing::write_npy_f32(dir / "a.npy", {2, 2}, {1, 2, 3, 4});
    testing::write_npy_f32(dir / "b.npy", {3}, {1, 2, 3});
    const TensorDiff d = testing::diff_tensor_files(dir / "a.npy", dir / "b.npy");
    CHECK(d.shape_mismatch);
    CHECK(d.size_mismatch);
    CHECK(d.count == 4);
    CHECK(d.error_count == 1);
    CHECK(d.errors.at(0).index == 3);
    CHECK(d.errors.at(0).right == 0.0f);
    CHECK_FALSE(d.max_abs_location.has_value());  // positions have no common meaning
    CHECK(d.kernel.max_abs_err.state == metrics::MetricState::ShapeUnmatched);
}

namespace {

// The cells of one CSV line (pandas' export: quotes around cells holding commas).
std::vector<std::string> csv_cells(const std::string& line) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (char c : line) {
        if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    return cells;
}

}  // namespace

TEST_CASE("parse A B on the fixture tensors: the kernel metrics are msprobe compare's cells", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto base = *fixtures / "expected/cnn_tensor_L1_perturbed";
    // parse/npu.npy and bench.npy are copies of Functional.conv2d.1.forward.output.0.pt of both sides.
    const TensorDiff d = testing::diff_tensor_files(base / "parse/npu.npy", base / "parse/bench.npy");
    std::istringstream csv(testing::read_file_text(base / "compare.default/compare_result.csv"));
    std::vector<std::string> row;
    for (std::string line; std::getline(csv, line);) {
        if (line.rfind("Functional.conv2d.1.forward.output.0,", 0) == 0) row = csv_cells(line);
    }
    REQUIRE(row.size() > 13);
    CHECK(d.kernel.cosine.value == std::stod(row[8]));
    CHECK(d.kernel.euc_dist.value == Approx(std::stod(row[9])).epsilon(1e-12));
    CHECK(d.kernel.max_abs_err.value == std::stod(row[10]));
    CHECK(d.kernel.max_relative_err.value == std::stod(row[11]));
    CHECK(d.kernel.one_thousandth_err_ratio.value == std::stod(row[12]));
    CHECK(d.kernel.five_thousandths_err_ratio.value == std::stod(row[13]));
    // ... and where those errors sit.
    REQUIRE(d.max_abs_location);
    CHECK(d.max_abs_location->index == std::vector<std::int64_t>{1, 0, 2, 2});
    CHECK(tensor::npy_str(d.max_abs_location->left, tensor::DType::Float32) == "-1.7792952");
    REQUIRE(d.max_rel_location);
    CHECK(d.max_rel_location->index == std::vector<std::int64_t>{1, 15, 2, 0});
    CHECK(tensor::npy_str(d.max_rel_location->right, tensor::DType::Float32) == "0.003925346");
}
