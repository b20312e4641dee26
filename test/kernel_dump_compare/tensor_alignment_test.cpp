#include "kernel_dump_compare/tensor_alignment.hpp"

#include <catch2/catch.hpp>

#include "kernel_dump_compare/compare_failure.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;
using tensor::AscendFormat;

namespace {

DumpTensor float_tensor(const std::vector<float>& values, std::vector<std::int64_t> shape, AscendFormat format,
                        std::vector<std::int64_t> original = {}) {
    auto storage = std::make_shared<std::vector<float>>(values);
    DumpTensor t;
    t.shape = shape;
    t.original_shape = std::move(original);
    t.format = format;
    t.values.dtype = tensor::DType::Float32;
    t.values.shape = shape;
    t.values.strides.assign(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) t.values.strides[i - 1] = t.values.strides[i] * shape[i];
    t.values.data = reinterpret_cast<const std::byte*>(storage->data());
    t.values.owner = storage;
    return t;
}

std::vector<float> iota(std::size_t n) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
    return v;
}

}  // namespace

// tensor_conversion.py TensorConversion.get_my_output_and_ground_truth_data.
TEST_CASE("tensor alignment: an NHWC NPU tensor against an NCHW golden", "[kernel_dump_compare]") {
    const DumpTensor mine = float_tensor(iota(24), {1, 2, 3, 4}, AscendFormat::NHWC);
    const DumpTensor golden = float_tensor(iota(24), {1, 4, 2, 3}, AscendFormat::ND);
    const AlignedPair pair = align_with_golden(mine, {&golden, "NCHW", {1, 4, 2, 3}}, false, "op");
    CHECK(pair.shape == std::vector<std::int64_t>{1, 4, 2, 3});
    REQUIRE(pair.mine.values.size() == 24);
    CHECK(pair.mine.values[1] == 4.0F);  // NCHW (0, 0, 0, 1) is NHWC (0, 0, 1, 0)
}

TEST_CASE("tensor alignment: ND float32 compared where it lies, shapes that cannot be compared",
          "[kernel_dump_compare]") {
    const DumpTensor mine = float_tensor(iota(6), {2, 3}, AscendFormat::ND);
    const DumpTensor golden = float_tensor(iota(6), {2, 3}, AscendFormat::ND);
    const AlignedPair same = align_with_golden(mine, {&golden, "ND", {2, 3}}, false, "op");
    CHECK(same.shape == std::vector<std::int64_t>{6});  // flattened as stored: msaccucmp's Shape cell
    CHECK(same.mine.copy.empty());                      // no copy of float32 values
    const DumpTensor bigger = float_tensor(iota(8), {2, 4}, AscendFormat::ND);
    try {
        align_with_golden(bigger, {&golden, "ND", {2, 3}}, false, "op");
        FAIL("no failure");
    } catch (const CompareFailure& failure) {
        CHECK(std::string(failure.what()) ==
              "[op] Due to the different shapes on the left and right,the left dump data(8) can not be compared to the "
              "right dump data(2, 3). Please check the batch of the dump data or the shape may be changed due to "
              "optimization.");
    }
    try {
        align_with_golden(mine, {&golden, "WEIRD", {2, 3}}, false, "op");
        FAIL("no failure");
    } catch (const CompareFailure& failure) {
        CHECK(std::string(failure.what()) == "The format \" WEIRD \" is not supported.");
    }
    CHECK(shape_text({2, 3}) == "(2, 3)");
    CHECK(shape_text({5}) == "(5)");
}

TEST_CASE("tensor alignment: NPU against NPU, restored to the original shape's layout", "[kernel_dump_compare]") {
    // NHWC with a 4-dim original shape: put in NCHW order (ConvertSingleTensorFormat).
    const DumpTensor nhwc = float_tensor(iota(24), {1, 2, 3, 4}, AscendFormat::NHWC, {1, 2, 3, 4});
    const Float32Values restored = restored_values(nhwc, "t");
    CHECK(restored.values[1] == 4.0F);
    // ND stays as stored.
    const DumpTensor nd = float_tensor(iota(6), {2, 3}, AscendFormat::ND, {2, 3});
    CHECK(restored_values(nd, "t").values[5] == 5.0F);
}
