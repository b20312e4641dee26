// A view may read its storage more than once (zero or overlapping strides),
// as torch.save keeps an expand()ed tensor; a few hundred bytes of file must
// still not turn into billions of elements. And whatever stride a size-1
// dimension declares, walking the view stays inside the elements it reaches.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/strided.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;
using Catch::Contains;

namespace {

std::string one_float_viewed_as(const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& strides) {
    return pt_bytes({DType::Float32, shape, strides, 0, bytes_of(std::vector<float>{2.5f})}, "archive");
}

}  // namespace

TEST_CASE("a small file viewing one element as 2^28 or 2^40 elements is refused", "[pt][hostile]") {
    const std::string quarter_billion = one_float_viewed_as({16384, 16384}, {0, 0});
    CHECK(quarter_billion.size() < 1024);
    REQUIRE_THROWS_WITH(read_pt_bytes(quarter_billion),
                        Contains("memory.pt: E_LIMIT: view of 268435456 elements over a storage of 1 reads elements "
                                 "repeatedly (zero or overlapping strides); at most 16777216 are accepted") &&
                            Contains("(offset 0, size [16384,16384], stride [0,0], torch.float32)"));
    REQUIRE_THROWS_WITH(read_pt_bytes(one_float_viewed_as({1 << 20, 1 << 20}, {0, 0})),
                        Contains("E_LIMIT: view of 1099511627776 elements over a storage of 1"));
    // Overlapping, not zero, strides: 4 elements read as 2^26.
    const std::string overlapping = pt_bytes({DType::Float32, {1 << 13, 1 << 13}, {1, 1}, 0,
                                              bytes_of(std::vector<float>(1 << 14, 1.0f))}, "archive");
    REQUIRE_THROWS_WITH(read_pt_bytes(overlapping),
                        Contains("E_LIMIT: view of 67108864 elements over a storage of 16384"));
}

TEST_CASE("expanded views up to the cap are read, and read right", "[pt][hostile]") {
    const TensorView small = read_pt_bytes(one_float_viewed_as({3, 4}, {0, 0}));
    CHECK(to_double_vector(small) == std::vector<double>(12, 2.5));
    const TensorView at_cap = read_pt_bytes(one_float_viewed_as({4096, 4096}, {0, 0}));
    CHECK(at_cap.numel() == std::int64_t{1} << 24);
    CHECK_THROWS_WITH(read_pt_bytes(one_float_viewed_as({4097, 4096}, {0, 0})), Contains("E_LIMIT"));
    // A view over a storage at least as big as itself is never capped.
    const std::vector<float> values(1 << 10, 0.5f);
    CHECK(read_pt_bytes(pt_bytes({DType::Float32, {32, 32}, {32, 1}, 0, bytes_of(values)}, "archive")).numel() == 1024);
}

TEST_CASE("a size-1 dimension with a huge stride walks only the elements the view reaches", "[pt][hostile]") {
    const std::vector<float> values = {1.0f, 2.0f, 3.0f};
    const std::int64_t huge = std::int64_t{1} << 60;
    const TensorView view =
        read_pt_bytes(pt_bytes({DType::Float32, {1, 3, 1}, {huge, 1, huge}, 0, bytes_of(values)}, "archive"));
    CHECK(to_double_vector(view) == std::vector<double>{1.0, 2.0, 3.0});
    CHECK(view.is_contiguous());  // size-1 dimensions do not count
    // Transposed, so that a copy is made, walking the huge stride.
    const std::vector<float> pairs = {1.0f, 2.0f, 3.0f, 4.0f};
    const TensorView columns =
        read_pt_bytes(pt_bytes({DType::Float32, {2, 1, 2}, {1, huge, 2}, 0, bytes_of(pairs)}, "archive"));
    CHECK_FALSE(columns.is_contiguous());
    CHECK(to_double_vector(to_contiguous(columns)) == std::vector<double>{1.0, 3.0, 2.0, 4.0});
}

TEST_CASE("an npy header whose shape the file cannot hold is refused before any allocation", "[npy][hostile]") {
    const std::vector<float> one = {1.0f};
    const std::string file =
        npy_bytes({"<f4"}, {16384, 16384}, span_of(std::string(reinterpret_cast<const char*>(one.data()), 4)));
    REQUIRE_THROWS_WITH(read_npy_bytes(file),
                        Contains("E_TRUNCATED: 4 data bytes, the shape and descr '<f4' need 1073741824"));
    REQUIRE_THROWS_WITH(read_npy_bytes(npy_bytes({"<f8"}, {1LL << 40, 1LL << 40}, {})),
                        Contains("E_BAD_HEADER") && Contains("overflows 64 bits"));
}
