#include "tensor/tensor_file.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/mapped_file.hpp"
#include "tensor/strided.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;
using Catch::Contains;

namespace {

TensorView view_of(const std::vector<float>& storage, std::vector<std::int64_t> shape,
                   std::vector<std::int64_t> strides, std::int64_t offset = 0) {
    TensorView view;
    view.dtype = DType::Float32;
    view.shape = std::move(shape);
    view.strides = std::move(strides);
    view.data = reinterpret_cast<const std::byte*>(storage.data() + offset);
    return view;
}

}  // namespace

TEST_CASE("to_double_vector walks any strides in row-major order", "[tensor_file]") {
    const std::vector<float> storage{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    REQUIRE(to_double_vector(view_of(storage, {2, 3}, {3, 1})) == std::vector<double>{0, 1, 2, 3, 4, 5});
    REQUIRE(to_double_vector(view_of(storage, {3, 2}, {1, 3})) == std::vector<double>{0, 3, 1, 4, 2, 5});
    REQUIRE(to_double_vector(view_of(storage, {2, 2, 3}, {1, 2, 4})) ==
            std::vector<double>{0, 4, 8, 2, 6, 10, 1, 5, 9, 3, 7, 11});
    REQUIRE(to_double_vector(view_of(storage, {2, 3}, {0, 2}, 1)) == std::vector<double>{1, 3, 5, 1, 3, 5});
    REQUIRE(to_double_vector(view_of(storage, {}, {}, 7)) == std::vector<double>{7});
    REQUIRE(to_double_vector(view_of(storage, {3, 0, 2}, {0, 0, 0})).empty());
    REQUIRE(to_double_vector(view_of(storage, {1, 1, 1, 2}, {9, 9, 9, 5}, 1)) == std::vector<double>{1, 6});
}

TEST_CASE("to_double_vector converts every dtype", "[tensor_file]") {
    const auto one = [](DType dtype, std::vector<std::byte> bytes) {
        TensorView view;
        view.dtype = dtype;
        view.shape = {static_cast<std::int64_t>(bytes.size() / dtype_size(dtype))};
        view.strides = {1};
        auto owner = std::make_shared<std::vector<std::byte>>(std::move(bytes));
        view.data = owner->data();
        view.owner = owner;
        return to_double_vector(view);
    };
    REQUIRE(one(DType::Float16, bytes_of(std::vector<std::uint16_t>{0x3C00, 0x7C00, 0x8001})) ==
            std::vector<double>{1.0, INFINITY, -std::ldexp(1.0, -24)});
    REQUIRE(one(DType::BFloat16, bytes_of(std::vector<std::uint16_t>{0x3FC0, 0xC040})) ==
            std::vector<double>{1.5, -3.0});
    REQUIRE(std::isnan(one(DType::BFloat16, bytes_of(std::vector<std::uint16_t>{0x7FC1}))[0]));
    REQUIRE(one(DType::Bool, bytes_of(std::vector<std::uint8_t>{0, 1, 2})) == std::vector<double>{0, 1, 1});
    REQUIRE(one(DType::Int64, bytes_of(std::vector<std::int64_t>{(1LL << 53) + 1})) ==
            std::vector<double>{9007199254740992.0});
    REQUIRE(one(DType::Complex64, bytes_of(std::vector<float>{1, -2})) == std::vector<double>{1, -2});
}

TEST_CASE("to_contiguous copies only when needed", "[tensor_file]") {
    const std::vector<float> storage{0, 1, 2, 3, 4, 5};
    const auto dense = view_of(storage, {2, 3}, {3, 1});
    REQUIRE(to_contiguous(dense).data == dense.data);
    const auto transposed = view_of(storage, {3, 2}, {1, 3});
    const auto copy = to_contiguous(transposed);
    REQUIRE(copy.data != transposed.data);
    REQUIRE(copy.owner != nullptr);
    REQUIRE(copy.is_contiguous());
    REQUIRE(copy.strides == std::vector<std::int64_t>{2, 1});
    REQUIRE(to_double_vector(copy) == to_double_vector(transposed));
    const auto empty = to_contiguous(view_of(storage, {0, 3}, {1, 0}));
    REQUIRE(empty.numel() == 0);
}

TEST_CASE("MappedFile maps whole files and names the file in errors", "[tensor_file]") {
    const auto dir = scratch_dir("mapped_file");
    write_tensor_bytes(dir / "data.bin", "hello");
    write_tensor_bytes(dir / "empty.bin", "");
    const auto mapped = MappedFile::open(dir / "data.bin");
    REQUIRE(std::string(reinterpret_cast<const char*>(mapped->bytes().data()), mapped->bytes().size()) == "hello");
    REQUIRE(mapped->path() == (dir / "data.bin").string());
    REQUIRE(MappedFile::open(dir / "empty.bin")->bytes().empty());
    REQUIRE_THROWS_WITH(MappedFile::open(dir / "none.bin"), (dir / "none.bin").string() + ": E_IO: no such file");
    REQUIRE_THROWS_WITH(MappedFile::open(dir), dir.string() + ": E_IO: not a regular file (it is a directory)");
    // A view outlives the reader that made it: the mapping is shared.
    write_pt(dir / "t.pt", DType::Float32, {2}, {1}, 0, bytes_of(std::vector<float>{3, 4}));
    TensorView view = read_tensor_file(dir / "t.pt");
    std::filesystem::remove(dir / "t.pt");
    REQUIRE(to_double_vector(view) == std::vector<double>{3, 4});
}
