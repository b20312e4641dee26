// A kernel dump tensor's logical values, wherever its bytes start: the data
// section follows the header, so a float16 blob can start at an odd address.
#include <catch2/catch.hpp>

#include <cstdint>

#include "bin_test_support.hpp"
#include "tensor/bin_tensor_layout.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using namespace msprobe::tensor;

namespace {

bool aligned(const TensorView& view) {
    return reinterpret_cast<std::uintptr_t>(view.data) % dtype_size(view.dtype) == 0;
}

// One float16 NC1HWC0 output (1x3x1x2 logical, C0 = 16, padding lanes hold 7.0) under an op name
// whose length decides where the data starts.
BinDumpSpec nc1hwc0_dump(const std::string& op_name) {
    std::vector<std::uint16_t> device(2 * 16, 0x4700);
    const std::uint16_t values[3][2] = {{0x3C00, 0x4000}, {0x4200, 0x4400}, {0xBC00, 0x0000}};  // 1 2 / 3 4 / -1 0
    for (int c = 0; c < 3; ++c) {
        for (int w = 0; w < 2; ++w) device[static_cast<std::size_t>(w * 16 + c)] = values[c][w];
    }
    BinDumpSpec spec;
    spec.op_name = op_name;
    auto output = tensor_spec(2, {1, 1, 1, 2, 16}, bytes_of(device), 3);
    output.original_shape = std::vector<std::uint64_t>{1, 3, 1, 2};
    spec.outputs.push_back(output);
    return spec;
}

}  // namespace

TEST_CASE("misaligned elements are read in place, aligned on request and converted from the bytes", "[bin_dump]") {
    bool saw_misaligned = false;
    for (const std::string op_name : {"net/a", "net/ab"}) {
        INFO(op_name);
        const auto dump = read_bin_bytes(encode_bin_dump(nc1hwc0_dump(op_name)));
        const BinTensor& tensor = dump.outputs.at(0);
        saw_misaligned = saw_misaligned || !aligned(tensor.stored_view());
        CHECK(tensor.stored_view().data == tensor.blob.data());  // no copy at read time
        const TensorView view = tensor.view();
        CHECK(aligned(view));
        CHECK(to_double_vector(view) == to_double_vector(tensor.stored_view()));
        const TensorView logical = logical_values(tensor, dump.header.outputs.at(0), "t");
        CHECK(logical.shape == std::vector<std::int64_t>{1, 3, 1, 2});
        CHECK(aligned(logical));
        CHECK(to_double_vector(logical) == std::vector<double>{1, 2, 3, 4, -1, 0});
    }
    CHECK(saw_misaligned);  // one of the two op names puts the data at an odd address
}

TEST_CASE("a plain tensor's logical values are its aligned view", "[bin_dump]") {
    for (const std::string op_name : {"net/a", "net/ab"}) {
        BinDumpSpec spec;
        spec.op_name = op_name;
        spec.outputs.push_back(tensor_spec(1, {3}, bytes_of(std::vector<float>{1.5F, -2, 3})));
        const auto dump = read_bin_bytes(encode_bin_dump(spec));
        const TensorView logical = logical_values(dump.outputs.at(0), dump.header.outputs.at(0), "t");
        CHECK(aligned(logical));
        CHECK(to_double_vector(logical) == std::vector<double>{1.5, -2, 3});
    }
}
