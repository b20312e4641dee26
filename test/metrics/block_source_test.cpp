// BlockSource hands the fused pass contiguous blocks: a pointer into a
// contiguous float tensor, otherwise a staged copy in row-major order, with
// integers, bool and complex widened to float64.
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "metrics/block_source.hpp"
#include "test_tensors.hpp"

namespace msprobe::metrics {
namespace {

using namespace testing;

template <typename T>
std::vector<T> read_block(BlockSource& source, std::int64_t begin, std::int64_t count) {
    std::vector<T> out(static_cast<std::size_t>(count));
    std::memcpy(out.data(), source.block(begin, count), out.size() * sizeof(T));
    return out;
}

TEST_CASE("a contiguous float tensor is read in place", "[metrics][block_source]") {
    const TensorView view = make_tensor(DType::Float16, {1, 2, 3, 4, 5});
    BlockSource source(view);
    CHECK(source.block_dtype() == DType::Float16);
    CHECK(source.block(0, 5) == view.data);
    CHECK(source.block(3, 2) == view.data + 3 * 2);
}

TEST_CASE("a strided or transposed float tensor is gathered in row-major order, in its own dtype",
          "[metrics][block_source]") {
    const TensorView spread = make_tensor(DType::Float32, {1, 2, 3, 4, 5}, {-1}, 3);
    BlockSource spread_source(spread);
    CHECK(spread_source.block_dtype() == DType::Float32);
    CHECK(read_block<float>(spread_source, 0, 5) == std::vector<float>{1, 2, 3, 4, 5});
    CHECK(read_block<float>(spread_source, 2, 2) == std::vector<float>{3, 4});

    // storage rows {1 2 3} {4 5 6}: the 3 x 2 transpose reads 1 4 2 5 3 6.
    const TensorView transposed = transposed_view(DType::Float64, {1, 2, 3, 4, 5, 6}, 2, 3);
    BlockSource transposed_source(transposed);
    CHECK(read_block<double>(transposed_source, 0, 6) == std::vector<double>{1, 4, 2, 5, 3, 6});
    // A block may start anywhere, even inside a row.
    CHECK(read_block<double>(transposed_source, 3, 3) == std::vector<double>{5, 3, 6});
}

TEST_CASE("integers, bool and complex are staged as float64", "[metrics][block_source]") {
    const TensorView ints = make_tensor(DType::Int32, {-3, 0, 7});
    BlockSource int_source(ints);
    CHECK(int_source.block_dtype() == DType::Float64);
    CHECK(read_block<double>(int_source, 0, 3) == std::vector<double>{-3, 0, 7});

    const TensorView flags = make_tensor(DType::Bool, {1, 0, 1});  // the source keeps a reference
    BlockSource bool_source(flags);
    CHECK(read_block<double>(bool_source, 1, 2) == std::vector<double>{0, 1});

    // Real part only (make_tensor puts the same value in the imaginary part).
    const TensorView complex = make_tensor(DType::Complex64, {1.5, -2.5});
    BlockSource complex_source(complex);
    CHECK(complex_source.block_dtype() == DType::Float64);
    CHECK(read_block<double>(complex_source, 0, 2) == std::vector<double>{1.5, -2.5});
}

TEST_CASE("a 0-d tensor is one element", "[metrics][block_source]") {
    const TensorView float_scalar = scalar_tensor(DType::Float32, 2.5);
    BlockSource floating(float_scalar);
    CHECK(read_block<float>(floating, 0, 1) == std::vector<float>{2.5f});
    const TensorView int_scalar = scalar_tensor(DType::Int64, -4);
    BlockSource integer(int_scalar);
    CHECK(read_block<double>(integer, 0, 1) == std::vector<double>{-4});
}

}  // namespace
}  // namespace msprobe::metrics
