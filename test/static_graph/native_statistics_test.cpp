// Statistics in the tensor's own element type, as NumPy gives them to the
// MindSpore static-graph compares.
#include <catch2/catch.hpp>

#include <cmath>

#include "static_graph/native_statistics.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor/tensor_summary.hpp"

using namespace msprobe;
using namespace msprobe::static_graph;
using tensor::DType;

namespace {

NativeStatistics statistics_of(const std::filesystem::path& file) {
    const auto view = tensor::read_tensor_file(file);
    return native_statistics(view, tensor::tensor_values(view, file.string()));
}

}  // namespace

TEST_CASE("float16 filled with 44: the l2norm overflows to inf", "[native_statistics]") {
    const auto dir = testing::scratch_dir("native_statistics_f16");
    testing::write_npy_f16(dir / "a.npy", {10, 10}, std::vector<float>(100, 44.0f));
    const auto s = statistics_of(dir / "a.npy");
    CHECK(s.max.dtype == DType::Float16);
    CHECK(native_text(s.max) == "44.0");
    CHECK(native_text(s.min) == "44.0");
    CHECK(native_text(s.mean) == "44.0");
    // 100 * 44² = 193600 is beyond float16's 65504.
    CHECK(s.l2norm.dtype == DType::Float16);
    CHECK(std::isinf(s.l2norm.value));
    CHECK(native_text(s.l2norm) == "inf");
    CHECK(native_cell(s.max) == report::Cell(44.0));
}

TEST_CASE("float16 whose squares fit: l2norm rounded once to float16", "[native_statistics]") {
    const auto dir = testing::scratch_dir("native_statistics_f16_small");
    testing::write_npy_f16(dir / "a.npy", {3}, {1, 2, 3});
    const auto s = statistics_of(dir / "a.npy");
    // sqrt(14) = 3.7416… is 3.742 in float16.
    CHECK(native_text(s.l2norm) == "3.742");
    CHECK(s.l2norm.value == 3.7421875);
}

TEST_CASE("float32: statistics print with float32's shortest digits", "[native_statistics]") {
    const auto dir = testing::scratch_dir("native_statistics_f32");
    testing::write_npy_f32(dir / "a.npy", {3}, {1, 2, 3});
    const auto s = statistics_of(dir / "a.npy");
    CHECK(native_text(s.max) == "3.0");
    CHECK(native_text(s.min) == "1.0");
    CHECK(native_text(s.mean) == "2.0");
    CHECK(s.l2norm.dtype == DType::Float32);
    CHECK(native_text(s.l2norm) == "3.7416575");
    CHECK(native_cell(s.l2norm) == report::Cell(static_cast<double>(std::sqrt(14.0f))));
}

TEST_CASE("int64: extremes stay integers, mean and l2norm are float64", "[native_statistics]") {
    const auto dir = testing::scratch_dir("native_statistics_i64");
    testing::write_npy_i64(dir / "a.npy", {3}, {1, 2, 3});
    const auto s = statistics_of(dir / "a.npy");
    CHECK(s.max.dtype == DType::Int64);
    CHECK(native_text(s.max) == "3");
    CHECK(native_text(s.min) == "1");
    CHECK(s.mean.dtype == DType::Float64);
    CHECK(native_text(s.mean) == "2.0");
    CHECK(s.l2norm.dtype == DType::Float64);
    CHECK(native_text(s.l2norm) == "3.7416573867739413");
}

TEST_CASE("booleans print and write as booleans", "[native_statistics]") {
    const NativeScalar yes{1.0, DType::Bool};
    const NativeScalar no{0.0, DType::Bool};
    CHECK(native_text(yes) == "True");
    CHECK(native_text(no) == "False");
    CHECK(native_cell(yes) == report::Cell::boolean(true));
    CHECK(native_cell(no) == report::Cell::boolean(false));
    CHECK(native_cell(NativeScalar{2.5, DType::Float64}) == report::Cell(2.5));
}
