// The output file of the tensor writers: bytes land in order, every failure
// is an msprobe::Error naming the file, and contiguous_bytes hands out exactly
// a tensor's element bytes.
#include "tensor/tensor_file_output.hpp"

#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "owned_view.hpp"

namespace fs = std::filesystem;
using namespace msprobe::tensor;
using msprobe::testing::owned_view;

TEST_CASE("tensor file output: writes land in order, replacing an older file", "[tensor][tensor_file_output]") {
    const auto path = msprobe::testing::scratch_file("tensor_file_output", "x.npy", "an older, longer file");
    TensorFileOutput output(path);
    output.write(std::string_view("\x93NUMPY", 6));
    const std::string tail = "after";
    output.write(std::span<const std::byte>(reinterpret_cast<const std::byte*>(tail.data()), tail.size()));
    output.write(std::string_view());
    output.close();
    CHECK(msprobe::testing::read_file_text(path) == std::string("\x93NUMPY", 6) + "after");
    CHECK_NOTHROW(output.close());  // closing twice does nothing
    CHECK_THROWS_AS(output.write("late"), std::logic_error);
}

TEST_CASE("tensor file output: a file that cannot be made or written is named", "[tensor][tensor_file_output]") {
    const auto missing = msprobe::testing::scratch_dir("tensor_file_output_missing") / "no_dir" / "x.npy";
    try {
        TensorFileOutput output(missing);
        FAIL("created " << missing);
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == missing.string());
        CHECK(e.reason() == std::string("cannot create: ") + std::strerror(ENOENT));
    }
    if (!fs::exists("/dev/full")) {
        WARN("SKIPPED: /dev/full is absent; the full-disk case did not run");
        return;
    }
    try {
        TensorFileOutput output("/dev/full");
        output.write(std::string(1 << 16, 'x'));  // beyond the stream's buffer: the write itself fails
        output.close();
        FAIL("wrote to /dev/full");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "/dev/full");
        CHECK(e.reason() == std::string("write failed: ") + std::strerror(ENOSPC));
    }
    try {
        TensorFileOutput output("/dev/full");
        output.write("small");  // buffered: the failure appears at close
        output.close();
        FAIL("wrote to /dev/full");
    } catch (const msprobe::Error& e) {
        CHECK(e.reason() == std::string("write failed: ") + std::strerror(ENOSPC));
    }
}

TEST_CASE("tensor file output: contiguous_bytes spans numel times the element size", "[tensor][tensor_file_output]") {
    const auto matrix = owned_view(DType::Float32, {2, 3}, std::string(24, 'm'));
    const auto bytes = contiguous_bytes(matrix);
    CHECK(bytes.data() == matrix.data);
    CHECK(bytes.size() == 24);
    CHECK(contiguous_bytes(owned_view(DType::Complex128, {}, std::string(16, 'c'))).size() == 16);  // 0-d
    CHECK(contiguous_bytes(owned_view(DType::Int8, {0, 5}, "")).empty());

    auto transposed = matrix;
    transposed.shape = {3, 2};
    transposed.strides = {1, 3};
    CHECK_THROWS_AS(contiguous_bytes(transposed), std::invalid_argument);
}
