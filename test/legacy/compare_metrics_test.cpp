// The legacy metrics as their CSV texts: ptdbg_ascend 2.x (Cosine, MaxAbsErr)
// and the online dispatch compare (plus MaxRelativeErr), on small arrays made
// here, and the two accuracy rules over those texts.
#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "legacy/compare_metrics.hpp"

using namespace msprobe;

namespace {

// A contiguous tensor of `dtype` over its own copy of `values` (float32 or bool).
tensor::TensorView make_view(const std::vector<double>& values, std::vector<std::int64_t> shape,
                             tensor::DType dtype = tensor::DType::Float32) {
    const std::size_t size = tensor::dtype_size(dtype);
    auto buffer = std::make_shared<std::vector<std::byte>>(std::max<std::size_t>(values.size(), 1) * size);
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (dtype == tensor::DType::Bool) {
            (*buffer)[i] = std::byte{static_cast<unsigned char>(values[i] != 0.0 ? 1 : 0)};
        } else {
            const auto value = static_cast<float>(values[i]);
            std::memcpy(buffer->data() + i * size, &value, size);
        }
    }
    tensor::TensorView view;
    view.dtype = dtype;
    view.shape = std::move(shape);
    view.strides.assign(view.shape.size(), 1);
    for (std::size_t d = view.shape.size(); d-- > 1;) view.strides[d - 1] = view.strides[d] * view.shape[d];
    view.data = buffer->data();
    view.owner = buffer;
    return view;
}

tensor::TensorView vector_view(const std::vector<double>& values) {
    return make_view(values, {static_cast<std::int64_t>(values.size())});
}

}  // namespace

TEST_CASE("legacy thresholds: the ptdbg 2.x rule and the dispatch rule (spec §12.3, §12.5)") {
    CHECK(legacy::ptdbg_accuracy("0.95", "0.002") == "No");
    CHECK(legacy::ptdbg_accuracy("0.95", "0.001") == "Yes");
    CHECK(legacy::ptdbg_accuracy("0.85", "2.000000") == "No");
    CHECK(legacy::ptdbg_accuracy("0.995", "5.000000") == "Yes");
    CHECK(legacy::ptdbg_accuracy("shape unmatched", "shape unmatched") == "Unmatched");
    CHECK(legacy::ptdbg_accuracy("Nan", "0.000000") == "Nan");
    CHECK(legacy::ptdbg_accuracy(" ", "") == "Nan");
    CHECK(legacy::dispatch_accuracy("0.995", "5.000000") == "No");
    CHECK(legacy::dispatch_accuracy("0.85", "0.000100") == "No");
    CHECK(legacy::dispatch_accuracy("0.95", "0.001") == "Yes");
    CHECK(legacy::dispatch_accuracy("N/A", "N/A") == "No");
    CHECK(legacy::six_decimals(0.0000005) == "0.000000");  // exact binary value just below the tie
    CHECK(legacy::six_decimals(2.0) == "2.000000");
}

TEST_CASE("six_decimals spells the non-finite values as Python's format does", "[legacy][metrics]") {
    CHECK(legacy::six_decimals(std::numeric_limits<double>::quiet_NaN()) == "nan");
    CHECK(legacy::six_decimals(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(legacy::six_decimals(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(legacy::six_decimals(-0.25) == "-0.250000");
    CHECK(legacy::six_decimals(0.9877296) == "0.987730");
}

TEST_CASE("ptdbg metrics of vectors: cosine, max abs error, the 1.0 of correct_data", "[legacy][metrics]") {
    const auto differing = legacy::ptdbg_metrics(vector_view({1, 0, 3, 0.5}), vector_view({1, 0, 3, 0}));
    CHECK(differing.cosine == "0.987730");
    CHECK(differing.max_abs_err == "0.500000");
    CHECK(differing.max_relative_err.empty());
    CHECK(differing.message.empty());

    // Above 0.99999 the cosine reads "1.0".
    const auto equal = legacy::ptdbg_metrics(vector_view({1, 2, 3}), vector_view({1, 2, 3}));
    CHECK(equal.cosine == "1.0");
    CHECK(equal.max_abs_err == "0.000000");

    const auto zeros = legacy::ptdbg_metrics(vector_view({0, 0}), vector_view({0, 0}));
    CHECK(zeros.cosine == "1.0");
    const auto npu_zero = legacy::ptdbg_metrics(vector_view({0, 0}), vector_view({1, 2}));
    CHECK(npu_zero.cosine == "Nan");
    CHECK(npu_zero.max_abs_err == "2.000000");
    CHECK(npu_zero.message == "Cannot compare by Cosine Similarity, All the data is Zero in npu dump data.");
    const auto bench_zero = legacy::ptdbg_metrics(vector_view({1, 2}), vector_view({0, 0}));
    CHECK(bench_zero.cosine == "Nan");
    CHECK(bench_zero.message == "Cannot compare by Cosine Similarity, All the data is Zero in Bench dump data.");
}

TEST_CASE("ptdbg metrics of shapes that cannot be compared element by element", "[legacy][metrics]") {
    const auto mismatched = legacy::ptdbg_metrics(vector_view({1, 2, 3}), make_view({1, 2, 3, 4}, {2, 2}));
    CHECK(mismatched.cosine == "shape unmatched");
    CHECK(mismatched.max_abs_err == "shape unmatched");
    CHECK(mismatched.message == "Shape of NPU and bench Tensor do not match. Skipped.");

    const auto single = legacy::ptdbg_metrics(vector_view({2}), vector_view({1.5}));
    CHECK(single.cosine == "1.000000");
    CHECK(single.max_abs_err == "0.500000");
    CHECK(single.message == "This tensor is scalar.");

    const auto empty = legacy::ptdbg_metrics(make_view({}, {0}), make_view({}, {0}));
    CHECK(empty.cosine == "1");
    CHECK(empty.max_abs_err == "0");
    CHECK(empty.message == "This is empty data, can not compare.");

    // A Python scalar (0-d array): cosine 1, the difference in its own type.
    const auto scalar = legacy::ptdbg_metrics(make_view({1.5}, {}), make_view({1.25}, {}));
    CHECK(scalar.cosine == "1");
    CHECK(scalar.max_abs_err == "0.250000");
    CHECK(scalar.message == "This is type of scalar data, can not compare.");
    const auto flag =
        legacy::ptdbg_metrics(make_view({1}, {}, tensor::DType::Bool), make_view({0}, {}, tensor::DType::Bool));
    CHECK(flag.cosine == "0");
}

TEST_CASE("dispatch metrics: cosine, max abs and max relative error, scalars have no cosine", "[legacy][metrics]") {
    const auto differing = legacy::dispatch_metrics(vector_view({2, 4}), vector_view({1, 4}));
    CHECK(differing.cosine == "0.976187");
    CHECK(differing.max_abs_err == "1.000000");
    CHECK(differing.max_relative_err == "1.000000");
    CHECK(differing.message.empty());
    CHECK(legacy::dispatch_accuracy(differing.cosine, differing.max_abs_err) == "No");

    // A zero on the cpu side: eps on both sides keeps the ratio finite.
    const auto zero_bench = legacy::dispatch_metrics(vector_view({0, 3}), vector_view({0, 2}));
    CHECK(zero_bench.max_relative_err == "0.500000");

    const auto nan =
        legacy::dispatch_metrics(vector_view({std::numeric_limits<double>::quiet_NaN(), 1}), vector_view({1, 1}));
    CHECK(nan.max_relative_err == "Nan");
    CHECK(nan.max_abs_err == "nan");

    const auto single = legacy::dispatch_metrics(vector_view({2}), vector_view({1}));
    CHECK(single.cosine == "unsupported");
    CHECK(single.message == "This tensor is scalar.");
    const auto scalar = legacy::dispatch_metrics(make_view({2}, {}), make_view({2}, {}));
    CHECK(scalar.cosine == "unsupported");
    CHECK(scalar.max_abs_err == "0.000000");
    CHECK(scalar.message == "This is type of scalar data, can not compare.");

    const auto empty = legacy::dispatch_metrics(make_view({}, {0}), make_view({}, {0}));
    CHECK(empty.cosine == "unsupported");
    CHECK(empty.max_abs_err == "0");
    CHECK(empty.max_relative_err == "0");
    const auto mismatched = legacy::dispatch_metrics(vector_view({1, 2}), vector_view({1, 2, 3}));
    CHECK(mismatched.max_relative_err == "shape unmatched");
    CHECK(legacy::dispatch_accuracy(mismatched.cosine, mismatched.max_abs_err) == "Unmatched");
}
