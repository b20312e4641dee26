// The texts and JSON of a tensor summary and of a tensor diff (`parse FILE`,
// `pt`, `parse A B`, `cn`): the spec's vectors (parse.md §2.3, §4.4), planted
// differences, and msprobe's own pt output.
#include <catch2/catch.hpp>

#include <cmath>

#include "common/python_text.hpp"
#include "tensor/numpy_text.hpp"
#include "parse/tensor_diff.hpp"
#include "tensor_file_diff.hpp"
#include "parse/tensor_report.hpp"
#include "tensor/tensor_summary.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/tensor_file.hpp"
#include "support/small_tensors.hpp"

#include <nlohmann/json.hpp>

using namespace msprobe;
using namespace msprobe::parse;
using msprobe::testing::scratch_dir;

namespace {



}  // namespace

TEST_CASE("spec 2.3: cn worked example (float32)", "[parse]") {
    const auto dir = scratch_dir("parse_cn_example");
    testing::write_npy_f32(dir / "a.npy", {5}, {1, 2, 3, 4, 5});
    testing::write_npy_f32(dir / "b.npy", {5}, {1, 2.001f, 3.1f, 4, -5});
    const TensorDiff d = testing::diff_tensor_files(dir / "a.npy", dir / "b.npy");
    CHECK(d.count == 5);
    CHECK_FALSE(d.allclose);
    CHECK(py::float32_repr(d.cosine) == "0.095866345");
    CHECK(d.error_count == 2);
    CHECK(d.error_ratio == 0.4);
    REQUIRE(d.errors.size() == 2);
    CHECK(d.errors[0].index == 2);
    CHECK(py::float32_repr(d.errors[0].left) == "3.0");
    CHECK(py::float32_repr(d.errors[0].right) == "3.1");
    CHECK(py::float32_repr(d.errors[0].diff) == "0.099999905");
    CHECK(d.errors[1].index == 4);
    CHECK(py::float32_repr(d.errors[1].diff) == "10.0");
    REQUIRE(d.top.size() == 5);
    CHECK(py::float32_repr(d.top[1].diff) == "0.0009999275");

    // spec 4.4: the text of `parse a b`
    const std::string text = diff_text(d, "a.npy", "b.npy", {});
    CHECK_THAT(text,
               Catch::Contains("Left:   a.npy   [Shape: (5,)] [Dtype: float32] [Max: 5.0] [Min: 1.0] [Mean: 3.0]\n"));
    CHECK_THAT(text, Catch::Contains(
                         "Right:  b.npy   [Shape: (5,)] [Dtype: float32] [Max: 4.0] [Min: -5.0] [Mean: 1.0202]\n"));
    CHECK_THAT(text, Catch::Contains(
                         "NumCnt:   5\nAllClose: False\nCosSim:   0.095866345\nErrorPer: 0.4  (rl= 0.001, al= 0.001)\n"
                         "MaxAbsErr: 10.0\nMaxRelErr: 2.0\n"));
}

TEST_CASE("planted differences: the largest errors are found where they were put", "[parse]") {
    const auto dir = scratch_dir("parse_planted");
    const std::vector<std::int64_t> shape = {3, 4, 5};
    std::vector<float> left(60), right(60);
    for (int i = 0; i < 60; ++i) {
        left[static_cast<std::size_t>(i)] = 1.0f + 0.25f * static_cast<float>(i % 7);
        right[static_cast<std::size_t>(i)] =
            left[static_cast<std::size_t>(i)] * (1.0f + 1e-6f * static_cast<float>(i % 3));
    }
    // Largest absolute error at (2, 1, 3) = flat 48; largest relative error at (0, 2, 4) = flat 14,
    // where the bench value is tiny.
    right[48] = left[48] + 3.0f;
    right[14] = 0.01f;
    left[14] = 0.5f;
    testing::write_npy_f32(dir / "npu.npy", shape, left);
    testing::write_pt_f32(dir / "bench.pt", shape, right);
    const TensorDiff d = testing::diff_tensor_files(dir / "npu.npy", dir / "bench.pt");
    REQUIRE(d.max_abs_location);
    CHECK(d.max_abs_location->flat == 48);
    CHECK(d.max_abs_location->index == std::vector<std::int64_t>{2, 1, 3});
    CHECK(d.max_abs_location->error == Approx(3.0));
    REQUIRE(d.max_rel_location);
    CHECK(d.max_rel_location->flat == 14);
    CHECK(d.max_rel_location->index == std::vector<std::int64_t>{0, 2, 4});
    // The locations agree with the kernel's metrics.
    REQUIRE(d.kernel.max_abs_err.is_number());
    CHECK(d.kernel.max_abs_err.value == Approx(d.max_abs_location->error).epsilon(1e-12));
    CHECK(d.kernel.max_relative_err.value == Approx(d.max_rel_location->error).epsilon(1e-12));
    CHECK(d.max_rel_location->error == Approx(49.0).epsilon(1e-5));
    // Histogram: every element counted once.
    REQUIRE(d.histogram);
    std::int64_t total = 0;
    for (auto c : d.histogram->counts) total += c;
    CHECK(total == 60);
    CHECK(d.histogram->counts[8] == 1);  // 49 at (0, 2, 4)
    CHECK(d.histogram->counts[7] == 1);  // 3 / 4.5 at (2, 1, 3)
    // The rest: 1e-6 * (i % 3) relative steps, 0 for a third of them.
    CHECK(d.histogram->counts[0] == 19);
    CHECK(d.histogram->counts[1] + d.histogram->counts[2] + d.histogram->counts[3] == 39);

    const std::string text = diff_text(d, "npu.npy", "bench.pt", {});
    CHECK_THAT(text, Catch::Contains("at (2, 1, 3)  left="));
    CHECK_THAT(text, Catch::Contains("at (0, 2, 4)  left=0.5 right=0.01"));
    CHECK_THAT(text, Catch::Contains("Relative error histogram:"));
}

TEST_CASE("msprobe's pt output on the fixture tensor: rows, summary and txt", "[parse][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto parse_dir = *fixtures / "expected/cnn_tensor_L1_perturbed/parse";
    const testing::LoadedTensor t = testing::load_tensor_values(parse_dir / "npu.npy");
    const tensor::TensorSummary s = tensor::summarize(t.view, t.values);
    CHECK(tensor::spec_text(s) ==
          "[Shape: (4, 16, 4, 4)] [Dtype: float32] [Max: 2.9682662] [Min: -2.4173992] [Mean: -0.060608055]");
    CHECK(tensor::values_text(t.values, t.view.shape) == testing::read_file_text(parse_dir / "npu.npy.txt"));
    const auto rows = head_rows(t.values, s.value_dtype, 128);
    REQUIRE(rows.size() == 16);
    CHECK(rows[0].second == "-1.9225491 -0.9015939 -0.79923236 -1.9034762 -1.5141395 0.7970538 -1.074944 -1.402684");
    CHECK(rows[15].first == 120);
    CHECK(rows[15].second == "-2.4173992 -0.864483 -1.7722496 -1.2329686 -0.39778173 -1.5674522 -1.5047188 -1.0771494");
}



TEST_CASE("head_rows: the first values in rows of 8, each row keyed by its first index", "[parse][tensor_report]") {
    std::vector<double> values;
    for (int i = 0; i < 20; ++i) values.push_back(i);
    const auto rows = head_rows(values, tensor::DType::Int64, 18);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0] == std::pair<std::int64_t, std::string>{0, "0 1 2 3 4 5 6 7"});
    CHECK(rows[1].first == 8);
    CHECK(rows[2] == std::pair<std::int64_t, std::string>{16, "16 17"});
    CHECK(head_rows({0.5, 1.0}, tensor::DType::Float32, 16) ==
          std::vector<std::pair<std::int64_t, std::string>>{{0, "0.5 1.0"}});
    CHECK(head_rows(values, tensor::DType::Int64, 0).empty());
}

TEST_CASE("summary text and JSON of one tensor, the pt panel", "[parse][tensor_report]") {
    const auto dir = scratch_dir("tensor_report_summary");
    testing::write_npy_f32(dir / "x.npy", {3}, {1.5f, -2, std::numeric_limits<float>::infinity()});
    const testing::LoadedTensor t = testing::load_tensor_values(dir / "x.npy");
    const tensor::TensorSummary s = tensor::summarize(t.view, t.values);
    CHECK(summary_text(s, t.values, "x.npy", 2) ==
          "[Shape: (3,)] [Dtype: float32] [Max: inf] [Min: -2.0] [Mean: inf]\n"
          "[NaN: 0] [+Inf: 1] [-Inf: 0]\n"
          "0     1.5 -2.0\n"
          "Path: x.npy\n");
    const auto json = nlohmann::json::parse(summary_json(s, t.values, "x.npy", 16));
    CHECK(json["path"] == "x.npy");
    CHECK(json["dtype"] == "float32");
    CHECK(json["shape"] == std::vector<int>{3});
    CHECK(json["max"] == "inf");
    CHECK(json["min"] == -2.0);
    CHECK(json["posinf"] == 1);
    CHECK(json["head"].dump() == R"([1.5,-2.0,"inf"])");

    const std::string panel = pt_panel_text(s, t.values, "x.npy");
    CHECK(panel ==
          "x.npy\nIndex  Data\n0      1.5 -2.0 inf\n"
          "[Shape: (3,)] [Dtype: float32] [Max: inf] [Min: -2.0] [Mean: inf]\nPath: x.npy\nTextFile: x.npy.txt\n");

    testing::write_npy_f32(dir / "empty.npy", {0, 2}, {});
    const testing::LoadedTensor empty = testing::load_tensor_values(dir / "empty.npy");
    CHECK(summary_text(tensor::summarize(empty.view, empty.values), empty.values, "e.npy", 16) ==
          "[Shape: (0, 2)] [Dtype: float32] (empty)\nPath: e.npy\n");
}

TEST_CASE("cn's panel and the JSON of a diff", "[parse][tensor_report]") {
    const auto dir = scratch_dir("tensor_report_cn");
    testing::write_npy_f32(dir / "a.npy", {3}, {1, 2, 3});
    testing::write_npy_f32(dir / "b.npy", {3}, {1, 2, 4});
    const TensorDiff d = testing::diff_tensor_files(dir / "a.npy", dir / "b.npy");
    const std::string cn = cn_text(d, "a.npy", "b.npy", {}, "a.npy.txt");
    CHECK(cn.starts_with("Error Item Table\nIndex  Left  Right  Diff\n2      3.0   4.0    1.0\nTop Item Table\n"));
    CHECK_THAT(cn, Catch::Contains(
                       "Left:\n ├─ NpyFile: a.npy\n ├─ TxtFile: a.npy.txt\n └─ NpySpec: [Shape: (3,)] [Dtype: float32] "
                       "[Max: 3.0] [Min: 1.0] [Mean: 2.0]\n"));
    CHECK_THAT(cn, Catch::Contains("Right:\n ├─ NpyFile: b.npy\n └─ NpySpec: "));
    CHECK(cn.ends_with("ErrorPer: 0.3333333333333333  (rl= 0.001, al= 0.001)\n"));

    const auto json = nlohmann::json::parse(diff_json(d, "a.npy", "b.npy", {}, {"a warning"}));
    CHECK(json["left"]["path"] == "a.npy");
    CHECK(json["num"] == 3);
    CHECK(json["allclose"] == false);
    CHECK(json["error_count"] == 1);
    CHECK(json["errors"][0]["index"] == 2);
    CHECK(json["errors"][0]["diff"] == 1.0);
    CHECK(json["max_abs_err"] == 1.0);
    CHECK(json["metrics"]["max_abs_err"] == 1.0);
    CHECK(json["max_abs_location"]["index"] == std::vector<int>{2});
    CHECK(json["max_abs_location"]["right"] == 4.0);
    CHECK(json["warnings"] == std::vector<std::string>{"a warning"});
    CHECK(json["relative_error_histogram"].is_array());
}
