// The tensors of a GE dump file in the layout CANN's ConvertSingleTensorFormat
// hands them to msprobe (infer/utils/acc_cmp.py:parse_torchair_dump_data), and
// the .npz reduction msprobe's guide describes.
#include "torchair_compare/ge_dump_tensors.hpp"

#include <catch2/catch.hpp>

#include <cstring>

#include "common/error.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/element_bytes.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "support/torchair_dump_writer.hpp"
#include "torchair_compare/float_elements.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::torchair_compare;
using testing::BinTensorSpec;

namespace {

constexpr std::int32_t kNC1HWC0 = 3;
constexpr std::int32_t kFractalNz = 29;
constexpr std::int32_t kNHWC = 1;
constexpr std::int32_t kNDC1HWC0 = 32;

BinTensorSpec float_spec(const std::vector<float>& values, std::vector<std::uint64_t> shape, std::int32_t format,
                         std::vector<std::uint64_t> original) {
    BinTensorSpec spec = testing::tensor_spec(1, std::move(shape), testing::bytes_of(values), format);
    spec.original_shape = std::move(original);
    return spec;
}

GeDumpTensors dump_of(const std::string& name, std::vector<BinTensorSpec> outputs,
                      std::vector<BinTensorSpec> inputs = {}) {
    const fs::path dir = testing::scratch_dir("torchair_ge_tensors_" + name);
    return read_ge_dump_tensors(
        testing::write_ge_dump(dir, "Op", name, 1700000000000001, std::move(inputs), std::move(outputs)));
}

// An NC1HWC0 tensor of logical shape (1, 3, 1, 2) with C0 = 16: element (c, w) holds 100 w + c, padding 777.
std::vector<float> nc1hwc0_values() {
    std::vector<float> values;
    for (float w = 0; w < 2; ++w) {
        for (float c0 = 0; c0 < 16; ++c0) values.push_back(c0 < 3 ? 100.0f * w + c0 : 777.0f);
    }
    return values;
}

}  // namespace

TEST_CASE("ge dump tensors: an ND tensor stays as stored", "[torchair_compare][ge_dump_tensors]") {
    const auto tensors = dump_of("nd", {float_spec({1, 2, 3, 4, 5, 6}, {2, 3}, 2, {2, 3})});
    REQUIRE(tensors.outputs.size() == 1);
    CHECK(tensors.outputs[0].shape == std::vector<std::int64_t>{2, 3});
    CHECK(float_elements(tensors.outputs[0]) == std::vector<float>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("ge dump tensors: NC1HWC0 with a 4-D original shape arrives as NCHW, padding dropped",
          "[torchair_compare][ge_dump_tensors]") {
    const auto tensors = dump_of("nc1hwc0", {float_spec(nc1hwc0_values(), {1, 1, 1, 2, 16}, kNC1HWC0, {1, 3, 1, 2})});
    const auto& out = tensors.outputs.at(0);
    CHECK(out.shape == std::vector<std::int64_t>{1, 3, 1, 2});
    CHECK(float_elements(out) == std::vector<float>{0, 100, 1, 101, 2, 102});
}

TEST_CASE("ge dump tensors: NC1HWC0 with a 5-D original shape has no converter target: as stored",
          "[torchair_compare][ge_dump_tensors]") {
    // Five original dims: the target is the tensor's own format (target_dim_to_format knows 2, 3 and 4).
    const auto tensors =
        dump_of("nc1hwc0_5d", {float_spec(nc1hwc0_values(), {1, 1, 1, 2, 16}, kNC1HWC0, {1, 3, 1, 2, 1})});
    CHECK(tensors.outputs.at(0).shape == std::vector<std::int64_t>{1, 1, 1, 2, 16});
}

TEST_CASE("ge dump tensors: NDC1HWC0 keeps its stored layout (msaccucmp converts it only to ND)",
          "[torchair_compare][ge_dump_tensors]") {
    const auto tensors =
        dump_of("ndc1hwc0", {float_spec(nc1hwc0_values(), {1, 1, 1, 1, 2, 16}, kNDC1HWC0, {1, 3, 1, 1, 2})});
    CHECK(tensors.outputs.at(0).shape == std::vector<std::int64_t>{1, 1, 1, 1, 2, 16});
}

TEST_CASE("ge dump tensors: FRACTAL_NZ with a 4-D original shape is NCHW with the first two dims joined",
          "[torchair_compare][ge_dump_tensors]") {
    // Original (1, 2, 3, 4): batch (1, 2), M = 3, N = 4 in one 16x16 fractal per batch; element (b, m, n)
    // holds 100 b + 10 m + n.
    std::vector<float> values;
    for (float b = 0; b < 2; ++b) {
        for (float m0 = 0; m0 < 16; ++m0) {
            for (float n0 = 0; n0 < 16; ++n0) values.push_back(m0 < 3 && n0 < 4 ? 100 * b + 10 * m0 + n0 : 999.0f);
        }
    }
    const auto tensors = dump_of("nz", {float_spec(values, {1, 2, 1, 1, 16, 16}, kFractalNz, {1, 2, 3, 4})});
    const auto& out = tensors.outputs.at(0);
    CHECK(out.shape == std::vector<std::int64_t>{2, 3, 4});
    const auto flat = float_elements(out);
    REQUIRE(flat.size() == 24);
    CHECK(flat[0] == 0);
    CHECK(flat[5] == 11);    // (b 0, m 1, n 1)
    CHECK(flat[12] == 100);  // (b 1, m 0, n 0)
    CHECK(flat[23] == 123);
}

TEST_CASE("ge dump tensors: NHWC is transposed to NCHW whole", "[torchair_compare][ge_dump_tensors]") {
    // (N, H, W, C) = (1, 2, 1, 3), element (h, c) = 10 h + c.
    const auto tensors = dump_of("nhwc", {float_spec({0, 1, 2, 10, 11, 12}, {1, 2, 1, 3}, kNHWC, {1, 2, 1, 3})});
    const auto& out = tensors.outputs.at(0);
    CHECK(out.shape == std::vector<std::int64_t>{1, 3, 2, 1});
    CHECK(float_elements(out) == std::vector<float>{0, 10, 1, 11, 2, 12});
}

TEST_CASE("ge dump tensors: a conversion the shapes do not allow keeps the stored layout",
          "[torchair_compare][ge_dump_tensors]") {
    // 40 channels cannot lie in one block of 16.
    const auto tensors = dump_of("bad_c", {float_spec(nc1hwc0_values(), {1, 1, 1, 2, 16}, kNC1HWC0, {1, 40, 1, 2})});
    CHECK(tensors.outputs.at(0).shape == std::vector<std::int64_t>{1, 1, 1, 2, 16});
}

TEST_CASE("ge dump tensors: bfloat16 arrives as float32, float16 as itself", "[torchair_compare][ge_dump_tensors]") {
    // bfloat16 0x3FC0 is 1.5, 0xC000 is -2.
    const std::vector<std::uint16_t> bf16{0x3FC0, 0xC000};
    const auto tensors = dump_of("types", {testing::tensor_spec(27, {2}, testing::bytes_of(bf16))},
                                 {testing::ge_float_tensor({0.5f, 2}, {}, true)});
    CHECK(tensors.outputs.at(0).dtype == tensor::DType::Float32);
    CHECK(float_elements(tensors.outputs[0]) == std::vector<float>{1.5f, -2.0f});
    CHECK(tensors.inputs.at(0).dtype == tensor::DType::Float16);
}

TEST_CASE("ge dump tensors: a tensor without a decoding fails the file, naming it",
          "[torchair_compare][ge_dump_tensors]") {
    const fs::path dir = testing::scratch_dir("torchair_ge_tensors_string");
    const fs::path file = testing::write_ge_dump(dir, "Op", "s", 1, {}, {testing::tensor_spec(13, {2}, {})});
    CHECK_THROWS_WITH(read_ge_dump_tensors(file), Catch::Contains(file.string() + " (output 0)"));
}

TEST_CASE("ge dump tensors: an .npz file holds one tensor per row of inputs and outputs",
          "[torchair_compare][ge_dump_tensors]") {
    const fs::path file = testing::scratch_dir("torchair_ge_npz") / "Add.Add_2.44.6.1706596912161941_min_max.npz";
    const std::vector<float> inputs{-1, 1, -2, 2};
    const std::string npy = testing::npy_bytes({"<f4"}, {2, 2}, testing::bytes_of(inputs));
    testing::write_tensor_bytes(file, testing::torch_zip("", {{"inputs.npy", npy}}));
    const auto tensors = read_ge_dump_tensors(file);
    REQUIRE(tensors.inputs.size() == 2);
    CHECK(tensors.inputs[1].shape == std::vector<std::int64_t>{2});
    CHECK(float_elements(tensors.inputs[1]) == std::vector<float>{-2, 2});
    CHECK(tensors.outputs.empty());  // np.load(...).get("outputs", [])
}
