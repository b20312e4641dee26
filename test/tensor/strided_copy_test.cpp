// The strided copy, fast and reference engines, against a plain loop over
// every index written here: each element of the shape moves from
// source_offset + Σ i·source_stride to target_offset + Σ i·target_stride, and
// no other target byte changes. Geometries cover each path of the fast copy
// (whole runs, 32- and 64-byte runs, tiled transposes with edges, element by
// element) at every element width.
#include "tensor/strided_copy.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/deterministic_random.hpp"
#include "support/property_iterations.hpp"

using msprobe::tensor::copy_strided;
using msprobe::tensor::copy_strided_reference;
using msprobe::tensor::StridedCopy;
using Shape = std::vector<std::int64_t>;

namespace {

constexpr std::size_t kWidths[] = {1, 2, 4, 8, 16};
constexpr auto kUntouched = std::byte{0xA5};

// Elements one past the farthest one a side of `copy` reaches (offset plus the largest index times its stride).
std::int64_t reach(const StridedCopy& copy, const Shape& strides, std::int64_t offset) {
    std::int64_t farthest = offset;
    for (std::size_t i = 0; i < copy.shape.size(); ++i) {
        if (copy.shape[i] == 0) return 0;
        farthest += (copy.shape[i] - 1) * strides[i];
    }
    return farthest + 1;
}

std::vector<std::byte> source_bytes(std::int64_t elements, std::size_t width) {
    std::vector<std::byte> bytes(static_cast<std::size_t>(elements) * width);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::byte>((i * 31 + 7) % 251);
    return bytes;
}

// The target after `copy`, one index at a time in row-major order.
std::vector<std::byte> plain_copy(const StridedCopy& copy, const std::vector<std::byte>& source,
                                  std::size_t target_size, std::size_t width) {
    std::vector<std::byte> target(target_size, kUntouched);
    std::int64_t count = 1;
    for (const auto dim : copy.shape) count *= dim;
    for (std::int64_t k = 0; k < count; ++k) {
        std::int64_t rest = k;
        std::int64_t from = copy.source_offset;
        std::int64_t to = copy.target_offset;
        for (std::size_t dim = copy.shape.size(); dim-- > 0;) {
            const std::int64_t index = rest % copy.shape[dim];
            rest /= copy.shape[dim];
            from += index * copy.source_strides[dim];
            to += index * copy.target_strides[dim];
        }
        std::memcpy(target.data() + to * static_cast<std::int64_t>(width),
                    source.data() + from * static_cast<std::int64_t>(width), width);
    }
    return target;
}

// Both engines give the plain loop's target at every width.
void check_copy(const StridedCopy& copy) {
    for (const std::size_t width : kWidths) {
        INFO("element width " << width);
        const auto source =
            source_bytes(std::max<std::int64_t>(reach(copy, copy.source_strides, copy.source_offset), 1), width);
        const auto target_size =
            static_cast<std::size_t>(reach(copy, copy.target_strides, copy.target_offset) + 3) * width;
        const auto expected = plain_copy(copy, source, target_size, width);
        std::vector<std::byte> fast(target_size, kUntouched);
        copy_strided(copy, source.data(), fast.data(), width);
        CHECK(fast == expected);
        std::vector<std::byte> reference(target_size, kUntouched);
        copy_strided_reference(copy, source.data(), reference.data(), width);
        CHECK(reference == expected);
    }
}

Shape row_major(const Shape& shape) {
    Shape strides(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    return strides;
}

}  // namespace

TEST_CASE("strided copy: whole rows, and rows of 32 and 64 bytes", "[tensor][strided_copy]") {
    check_copy({{3, 16}, {20, 1}, {16, 1}, 2, 0});  // 16 elements: 32 bytes at width 2, 64 at width 4
    check_copy({{5, 8}, {8, 1}, {8, 1}, 0, 4});     // one run of 40 elements
    check_copy({{2, 3, 5}, {40, 10, 1}, {15, 5, 1}, 1, 0});
}

TEST_CASE("strided copy: transposes, tiled where both sides allow, with ragged edges", "[tensor][strided_copy]") {
    check_copy({{19, 13}, {1, 19}, {13, 1}, 0, 0});  // each source column contiguous, each target row
    check_copy({{8, 8}, {1, 8}, {8, 1}, 3, 1});      // exactly one 8×8 tile
    check_copy({{2, 9, 17}, {153, 1, 9}, {153, 17, 1}, 0, 0});
    check_copy({{2, 16, 5}, {80, 1, 16}, {80, 5, 1}, 0, 0});  // NC1HWC0's C0 against W
}

TEST_CASE("strided copy: gaps on both sides, broadcasts, size-1 axes and 0-d", "[tensor][strided_copy]") {
    check_copy({{4, 3}, {7, 2}, {1, 4}, 3, 1});
    check_copy({{3, 4}, {0, 1}, {4, 1}, 2, 0});                        // the source repeats one row
    check_copy({{1, 4, 1, 6}, {999, 6, 77, 1}, {24, 6, 6, 1}, 0, 0});  // size-1 axes carry any stride
    check_copy({{}, {}, {}, 5, 2});                                    // one element
}

TEST_CASE("strided copy: an empty shape writes nothing", "[tensor][strided_copy]") {
    const StridedCopy empty{{3, 0, 2}, {2, 1, 1}, {2, 2, 1}, 0, 0};
    const auto source = source_bytes(8, 4);
    std::vector<std::byte> target(32, kUntouched);
    copy_strided(empty, source.data(), target.data(), 4);
    copy_strided_reference(empty, source.data(), target.data(), 4);
    CHECK(std::all_of(target.begin(), target.end(), [](std::byte b) { return b == kUntouched; }));
}

TEST_CASE("strided copy: element widths other than 1, 2, 4, 8 and 16 bytes are a defect", "[tensor][strided_copy]") {
    const StridedCopy one{{2}, {1}, {1}, 0, 0};
    const auto source = source_bytes(2, 3);
    std::vector<std::byte> target(6);
    CHECK_THROWS_WITH(copy_strided(one, source.data(), target.data(), 3), "strided copy of 3-byte elements");
    CHECK_THROWS_AS(copy_strided_reference(one, source.data(), target.data(), 3), std::logic_error);
}

TEST_CASE("strided copy: random permutations and windows match the plain loop", "[tensor][strided_copy]") {
    auto random = msprobe::testing::DeterministicRandom::keyed(20261126, 7);
    const auto below = [&](std::int64_t bound) {
        return static_cast<std::int64_t>(random.uniform() * static_cast<double>(bound));
    };
    const int iterations = msprobe::testing::property_iterations(200);
    for (int iteration = 0; iteration < iterations; ++iteration) {
        const auto rank = static_cast<std::size_t>(below(5));
        Shape storage(rank);
        for (auto& dim : storage) dim = 1 + below(11);
        const Shape storage_strides = row_major(storage);
        // A window of the storage, its axes permuted, copied into a contiguous target.
        std::vector<std::size_t> order(rank);
        std::iota(order.begin(), order.end(), 0);
        for (std::size_t i = rank; i > 1; --i) {
            std::swap(order[i - 1], order[static_cast<std::size_t>(below(static_cast<std::int64_t>(i)))]);
        }
        StridedCopy copy;
        for (const auto axis : order) {
            const std::int64_t start = below(storage[axis]);
            copy.shape.push_back(1 + below(storage[axis] - start));
            copy.source_strides.push_back(storage_strides[axis]);
            copy.source_offset += start * storage_strides[axis];
        }
        copy.target_strides = row_major(copy.shape);
        copy.target_offset = below(3);
        INFO("iteration " << iteration);
        check_copy(copy);
    }
}
