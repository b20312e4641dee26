// Plans of strided copies from a device layout to its logical array: a plain
// transpose is numpy.transpose, a blocked layout copies its full blocks and
// its partial last block apart (the padding is never read), pieces_of cuts
// along the axis the target walks slowest, and every engine runs a plan to
// the same bytes.
#include "tensor/layout_plan.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/thread_pool.hpp"
#include "support/device_layout_packer.hpp"

using namespace msprobe::tensor;
using Shape = std::vector<std::int64_t>;

namespace {

// A contiguous int32 tensor whose element i holds i.
TensorView counting_tensor(const Shape& shape) {
    std::int64_t count = 1;
    for (const auto dim : shape) count *= dim;
    auto values = std::make_shared<std::vector<std::int32_t>>(static_cast<std::size_t>(count));
    std::iota(values->begin(), values->end(), 0);
    TensorView view;
    view.dtype = DType::Int32;
    view.shape = shape;
    view.strides.assign(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) view.strides[i - 1] = view.strides[i] * shape[i];
    view.data = reinterpret_cast<const std::byte*>(values->data());
    view.owner = values;
    return view;
}

std::vector<std::int32_t> values_of(const TensorView& view) {
    REQUIRE(view.is_contiguous());
    std::vector<std::int32_t> values(static_cast<std::size_t>(view.numel()));
    std::memcpy(values.data(), view.data, values.size() * sizeof(std::int32_t));
    return values;
}

std::int64_t elements_copied(const LayoutPlan& plan) {
    std::int64_t total = 0;
    for (const auto& copy : plan.copies) {
        std::int64_t count = 1;
        for (const auto dim : copy.shape) count *= dim;
        total += count;
    }
    return total;
}

}  // namespace

TEST_CASE("layout plan: a transpose is one copy giving numpy.transpose's array", "[tensor][layout_plan]") {
    const Shape shape{2, 3, 4};
    const std::size_t order[] = {2, 0, 1};
    const auto plan = plan_transpose(shape, order);
    CHECK(plan.device_shape == shape);
    CHECK(plan.logical_shape == Shape{4, 2, 3});
    REQUIRE(plan.copies.size() == 1);
    CHECK(plan.copies[0].shape == Shape{4, 2, 3});
    CHECK(plan.copies[0].source_strides == Shape{1, 12, 4});
    CHECK(plan.copies[0].target_strides == Shape{6, 3, 1});

    const auto values = values_of(run_layout_plan(counting_tensor(shape), plan));
    std::size_t at = 0;
    for (std::int32_t a = 0; a < 4; ++a) {
        for (std::int32_t b = 0; b < 2; ++b) {
            for (std::int32_t c = 0; c < 3; ++c) CHECK(values[at++] == b * 12 + c * 4 + a);  // source [b][c][a]
        }
    }
}

TEST_CASE("layout plan: NC1HWC0 reads channel c at block c/16, lane c%16, and never the padding",
          "[tensor][layout_plan]") {
    const Shape device{1, 2, 1, 2, 16};
    const auto plan = plan_logical_layout(device, AscendFormat::NC1HWC0, Shape{1, 19, 1, 2}, "x.bin");
    CHECK(plan.logical_shape == Shape{1, 19, 1, 2});
    CHECK(plan.copies.size() == 2);  // the full block of 16 channels, then the last 3
    CHECK(elements_copied(plan) == 38);
    const auto values = values_of(run_layout_plan(counting_tensor(device), plan));
    REQUIRE(values.size() == 38);
    for (std::int32_t c = 0; c < 19; ++c) {
        for (std::int32_t w = 0; w < 2; ++w) {
            INFO("c " << c << ", w " << w);
            CHECK(values[static_cast<std::size_t>(c * 2 + w)] == (c / 16) * 32 + w * 16 + c % 16);
        }
    }
}

TEST_CASE("layout plan: a copy is planned only for the block parts an axis has", "[tensor][layout_plan]") {
    // Whole blocks only, a partial block only, and both on two axes.
    const auto exact = plan_logical_layout(Shape{1, 2, 1, 1, 16}, AscendFormat::NC1HWC0, Shape{1, 32, 1, 1}, "x.bin");
    CHECK(exact.copies.size() == 1);
    CHECK(elements_copied(exact) == 32);
    const auto short_c = plan_logical_layout(Shape{1, 1, 1, 1, 16}, AscendFormat::NC1HWC0, Shape{1, 5, 1, 1}, "x.bin");
    CHECK(short_c.copies.size() == 1);
    CHECK(elements_copied(short_c) == 5);
    const auto matrix = plan_logical_layout(Shape{2, 2, 16, 16}, AscendFormat::FRACTAL_NZ, Shape{17, 20}, "x.bin");
    CHECK(matrix.logical_shape == Shape{17, 20});
    CHECK(matrix.copies.size() == 4);
    CHECK(elements_copied(matrix) == 17 * 20);
}

TEST_CASE("layout plan: pieces_of cuts the slowest target axis into steps of about the piece size",
          "[tensor][layout_plan]") {
    const std::size_t order[] = {2, 0, 1};
    const auto copy = plan_transpose(Shape{2, 3, 4}, order).copies.at(0);  // {4, 2, 3}, target strides {6, 3, 1}

    const auto halves = pieces_of({copy}, 12);  // 12 elements = 2 indices of axis 0
    REQUIRE(halves.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(halves[i].shape == Shape{2, 2, 3});
        CHECK(halves[i].target_offset == static_cast<std::int64_t>(i) * 12);
        CHECK(halves[i].source_offset == static_cast<std::int64_t>(i) * 2);  // axis 0 steps 1 in the source
        CHECK(halves[i].source_strides == copy.source_strides);
    }
    CHECK(pieces_of({copy}, 1).size() == 4);  // never less than one index of the axis
    const auto whole = pieces_of({copy}, 1000);
    REQUIRE(whole.size() == 1);
    CHECK(whole[0].shape == copy.shape);

    const StridedCopy single{{1, 1}, {5, 1}, {1, 1}, 3, 0};  // no axis to cut
    const auto kept = pieces_of({single}, 1);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].source_offset == 3);
}

TEST_CASE("layout plan: the fast and reference engines and a pool give the packed array back",
          "[tensor][layout_plan]") {
    const Shape logical_shape{3, 40, 50};
    std::vector<std::byte> logical(static_cast<std::size_t>(3 * 40 * 50) * 2);
    for (std::size_t i = 0; i < logical.size(); ++i) logical[i] = static_cast<std::byte>((i * 13 + 1) % 251);
    const auto packed =
        msprobe::testing::pack_device_layout(logical, 2, AscendFormat::FRACTAL_NZ, logical_shape);  // the test's packer
    auto storage = std::make_shared<std::vector<std::byte>>(packed.bytes);
    TensorView device;
    device.dtype = DType::Float16;
    device.shape = packed.device_shape;
    device.strides.assign(device.shape.size(), 1);
    for (std::size_t i = device.shape.size(); i-- > 1;) device.strides[i - 1] = device.strides[i] * device.shape[i];
    device.data = storage->data();
    device.owner = storage;
    const auto plan = plan_logical_layout(packed.device_shape, AscendFormat::FRACTAL_NZ, logical_shape, "x.bin");

    msprobe::ThreadPool pool(3);
    for (const auto engine : {CopyEngine::Fast, CopyEngine::Reference}) {
        for (auto* with_pool : {static_cast<msprobe::ThreadPool*>(nullptr), &pool}) {
            const auto result = run_layout_plan(device, plan, engine, with_pool);
            CHECK(result.dtype == DType::Float16);
            CHECK(result.shape == logical_shape);
            REQUIRE(result.is_contiguous());
            CHECK(std::vector<std::byte>(result.data, result.data + logical.size()) == logical);
        }
    }
    std::vector<std::byte> into(logical.size());
    run_layout_plan_into(device, plan, into.data(), CopyEngine::Fast, &pool);
    CHECK(into == logical);

    // The result keeps its own buffer once the device tensor is gone.
    auto result = run_layout_plan(device, plan);
    device = TensorView{};
    storage.reset();
    CHECK(std::vector<std::byte>(result.data, result.data + logical.size()) == logical);
}

TEST_CASE("layout plan: a device tensor of the plan's shape but other strides is refused", "[tensor][layout_plan]") {
    const std::size_t order[] = {1, 0};
    const auto plan = plan_transpose(Shape{2, 3}, order);
    auto transposed = counting_tensor({2, 3});
    transposed.strides = {1, 2};  // the right shape, not contiguous
    CHECK_THROWS_WITH(run_layout_plan(transposed, plan),
                      "run_layout_plan: the tensor is not the contiguous device tensor of the plan");
}
