#include "tensor/layout_conversion.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "support/device_layout_packer.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/layout_plan.hpp"
#include "tensor/npy_reader.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;
using Catch::Contains;
using Shape = std::vector<std::int64_t>;

namespace {

// One dtype per element width.
constexpr DType kDTypes[] = {DType::Int8, DType::Float16, DType::Float32, DType::Float64, DType::Complex128};

std::int64_t count_of(const Shape& shape) {
    std::int64_t count = 1;
    for (const auto d : shape) count *= d;
    return count;
}

// Distinct-looking elements, none of whose bytes is the packer's garbage.
std::vector<std::byte> pattern(std::int64_t count, std::size_t element_size) {
    std::vector<std::byte> bytes(static_cast<std::size_t>(count) * element_size);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto value = static_cast<unsigned char>((i / element_size) * 37 + (i % element_size) * 11 + 1);
        bytes[i] = std::byte{value == 0xA5 ? static_cast<unsigned char>(0x5A) : value};
    }
    return bytes;
}

TensorView view_of(std::vector<std::byte> bytes, DType dtype, const Shape& shape) {
    auto owner = std::make_shared<std::vector<std::byte>>(std::move(bytes));
    TensorView view;
    view.dtype = dtype;
    view.shape = shape;
    view.strides.assign(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) view.strides[i - 1] = view.strides[i] * shape[i];
    view.data = owner->data();
    view.owner = owner;
    return view;
}

std::vector<std::byte> bytes_of(const TensorView& view) {
    REQUIRE(view.is_contiguous());
    const auto size = static_cast<std::size_t>(view.numel()) * dtype_size(view.dtype);
    return {view.data, view.data + size};
}

struct LayoutCase {
    AscendFormat format;
    Shape logical;
    DeviceBlocks blocks;
};

const LayoutCase kCases[] = {
    {AscendFormat::NC1HWC0, {2, 19, 3, 5}, {}},
    {AscendFormat::NC1HWC0, {1, 40, 2, 2}, {.c0 = 32}},
    {AscendFormat::NC1HWC0, {3, 32, 2, 1}, {}},
    {AscendFormat::NC1HWC0, {2, 5, 1, 1}, {}},
    {AscendFormat::NC1HWC0, {2, 45, 7, 9}, {}},  // 2-byte elements: 8×8 register tiles and both edges
    {AscendFormat::NC1HWC0_C04, {2, 3, 4, 5}, {.c0 = 4}},
    {AscendFormat::FRACTAL_Z, {20, 19, 3, 3}, {}},
    {AscendFormat::FRACTAL_Z, {33, 7, 1, 2}, {.c0 = 8}},
    {AscendFormat::FRACTAL_Z_3D, {17, 18, 2, 2, 3}, {}},
    {AscendFormat::FRACTAL_NZ, {2, 3, 33, 20}, {}},
    {AscendFormat::FRACTAL_NZ, {5, 7}, {}},
    {AscendFormat::FRACTAL_NZ, {3, 40}, {.n0 = 32}},
    {AscendFormat::FRACTAL_NZ, {7}, {}},
    {AscendFormat::FRACTAL_NZ, {32, 48}, {}},
    {AscendFormat::NDC1HWC0, {1, 18, 2, 3, 4}, {}},
    {AscendFormat::NDC1HWC0, {2, 33, 1, 2, 3}, {}},
    {AscendFormat::C1HWNCoC0, {5, 19, 2, 3}, {}},
    {AscendFormat::C1HWNCoC0, {3, 4, 1, 2}, {.c0 = 4}},
    {AscendFormat::NHWC, {1, 5, 2, 2}, {}},
    {AscendFormat::HWCN, {7, 5, 3, 3}, {}},
};

// The original_shape a header gives: the logical shape, except for plain
// NHWC/HWCN tensors, whose origin format is their own.
Shape header_original_shape(const LayoutCase& c, const PackedTensor& packed) {
    return c.format == AscendFormat::NHWC || c.format == AscendFormat::HWCN ? packed.device_shape : c.logical;
}

std::string reason_of(const std::function<void()>& convert) {
    try {
        convert();
    } catch (const Error& e) {
        CHECK(e.file() == "x.bin");
        return e.reason();
    }
    FAIL("no error");
    return "";
}

std::string logical_refusal(AscendFormat format, const Shape& device_shape, const Shape& original,
                            std::int32_t sub_format = 0) {
    const auto device = view_of(std::vector<std::byte>(static_cast<std::size_t>(count_of(device_shape)) * 2),
                                DType::Float16, device_shape);
    return reason_of([&] { to_logical_layout(device, format, original, "x.bin", sub_format); });
}

}  // namespace

TEST_CASE("every blocked layout unpacks to the logical array it was packed from, padding dropped") {
    for (const auto& c : kCases) {
        for (const auto dtype : kDTypes) {
            const std::size_t width = dtype_size(dtype);
            CAPTURE(format_label(c.format), c.logical, width);
            const auto logical = pattern(count_of(c.logical), width);
            const auto packed = pack_device_layout(logical, width, c.format, c.logical, c.blocks);
            const auto device = view_of(packed.bytes, dtype, packed.device_shape);
            const Shape original = header_original_shape(c, packed);

            const auto result = to_logical_layout(device, c.format, original, "x.bin");
            CHECK(result.dtype == dtype);
            CHECK(result.shape == c.logical);
            CHECK(bytes_of(result) == logical);
            CHECK(result.data != device.data);

            const auto plan = plan_logical_layout(packed.device_shape, c.format, original, "x.bin");
            CHECK(bytes_of(run_layout_plan(device, plan, CopyEngine::Reference)) == logical);
        }
    }
}

TEST_CASE("NHWC and HWCN accept an original shape already in NCHW order") {
    const Shape nchw{2, 3, 4, 5};
    const auto logical = pattern(count_of(nchw), 4);
    for (const auto format : {AscendFormat::NHWC, AscendFormat::HWCN}) {
        const auto packed = pack_device_layout(logical, 4, format, nchw);
        const auto result = to_logical_layout(view_of(packed.bytes, DType::Float32, packed.device_shape), format,
                                              nchw, "x.bin");
        CHECK(result.shape == nchw);
        CHECK(bytes_of(result) == logical);
    }
}

TEST_CASE("plain layouts are returned as they are, whatever the original shape says") {
    const auto device = view_of(pattern(24, 4), DType::Float32, {2, 3, 4});
    for (const auto format : {AscendFormat::ND, AscendFormat::NCHW, AscendFormat::NHWC, AscendFormat::HWCN,
                              AscendFormat::NCDHW, AscendFormat::RESERVED}) {
        const auto result = to_logical_layout(device, format, Shape{4, 3, 2}, "x.bin");
        CHECK(result.data == device.data);
        CHECK(result.shape == device.shape);
    }
}

TEST_CASE("an empty tensor converts to an empty logical array") {
    const auto device = view_of({}, DType::Float16, {0, 2, 3, 5, 16});
    const auto result = to_logical_layout(device, AscendFormat::NC1HWC0, Shape{0, 19, 3, 5}, "x.bin");
    CHECK(result.shape == Shape{0, 19, 3, 5});
    CHECK(result.numel() == 0);
}

TEST_CASE("logical_format names the layout of the converted tensor") {
    CHECK(logical_format(AscendFormat::NC1HWC0, 5) == AscendFormat::NCHW);
    CHECK(logical_format(AscendFormat::NC1HWC0_C04, 5) == AscendFormat::NCHW);
    CHECK(logical_format(AscendFormat::FRACTAL_Z, 4) == AscendFormat::NCHW);
    CHECK(logical_format(AscendFormat::C1HWNCoC0, 6) == AscendFormat::NCHW);
    CHECK(logical_format(AscendFormat::FRACTAL_Z_3D, 4) == AscendFormat::NCDHW);
    CHECK(logical_format(AscendFormat::NDC1HWC0, 6) == AscendFormat::NCDHW);
    CHECK(logical_format(AscendFormat::FRACTAL_NZ, 4) == AscendFormat::ND);
    CHECK(logical_format(AscendFormat::NHWC, 4) == AscendFormat::NCHW);
    CHECK(logical_format(AscendFormat::HWCN, 3) == AscendFormat::ND);
    CHECK(logical_format(AscendFormat::NCHW, 4) == AscendFormat::NCHW);
    CHECK(logical_format(AscendFormat::NCHW, 3) == AscendFormat::ND);
    CHECK(logical_format(AscendFormat::NDHWC, 5) == AscendFormat::NDHWC);
    CHECK(logical_format(AscendFormat::CN, 2) == AscendFormat::CN);
    CHECK(logical_format(AscendFormat::MD, 2) == AscendFormat::ND);
}

TEST_CASE("to_target_layout moves named axes and leaves ND alone") {
    const Shape nchw{2, 3, 4, 5};
    const auto values = pattern(count_of(nchw), 2);
    const auto logical = view_of(values, DType::Float16, nchw);
    for (const auto target : {AscendFormat::NHWC, AscendFormat::HWCN}) {
        // A plain NHWC/HWCN device tensor is exactly that target's layout.
        const auto expected = pack_device_layout(values, 2, target, nchw);
        const auto converted = to_target_layout(logical, AscendFormat::NCHW, target, "x.bin");
        CHECK(converted.shape == expected.device_shape);
        CHECK(bytes_of(converted) == expected.bytes);
        const auto back = to_target_layout(converted, target, AscendFormat::NCHW, "x.bin");
        CHECK(back.shape == nchw);
        CHECK(bytes_of(back) == values);
    }
    const auto chwn = to_target_layout(logical, AscendFormat::NCHW, AscendFormat::CHWN, "x.bin");
    CHECK(chwn.shape == Shape{3, 4, 5, 2});
    // chwn[c=1][h=2][w=3][n=1] is logical[n=1][c=1][h=2][w=3].
    CHECK(std::memcmp(chwn.data + 2 * (((1 * 4 + 2) * 5 + 3) * 2 + 1),
                      logical.data + 2 * (((1 * 3 + 1) * 4 + 2) * 5 + 3), 2) == 0);

    const auto ncdhw = view_of(pattern(2 * 3 * 2 * 2 * 2, 4), DType::Float32, {2, 3, 2, 2, 2});
    const auto ndhwc = to_target_layout(ncdhw, AscendFormat::NCDHW, AscendFormat::NDHWC, "x.bin");
    CHECK(ndhwc.shape == Shape{2, 2, 2, 2, 3});
    const auto again = to_target_layout(ndhwc, AscendFormat::NDHWC, AscendFormat::NCDHW, "x.bin");
    CHECK(bytes_of(again) == bytes_of(ncdhw));

    for (const auto target : {AscendFormat::ND, AscendFormat::NCHW, AscendFormat::NHWC}) {
        const auto nd = to_target_layout(logical, AscendFormat::ND, target, "x.bin");
        CHECK(nd.data == logical.data);
    }
    CHECK(to_target_layout(logical, AscendFormat::NCHW, AscendFormat::ND, "x.bin").data == logical.data);
    CHECK(to_target_layout(logical, AscendFormat::NCHW, AscendFormat::NCHW, "x.bin").data == logical.data);
}

TEST_CASE("to_target_layout refuses device layouts and other axes") {
    const auto logical = view_of(pattern(120, 2), DType::Float16, {2, 3, 4, 5});
    CHECK_THAT(reason_of([&] { to_target_layout(logical, AscendFormat::NCHW, AscendFormat::FRACTAL_Z, "x.bin"); }),
               Contains("cannot convert to FRACTAL_Z"));
    CHECK_THAT(reason_of([&] { to_target_layout(logical, AscendFormat::NCHW, AscendFormat::MD, "x.bin"); }),
               Contains("cannot convert to MD"));
    CHECK_THAT(reason_of([&] { to_target_layout(logical, AscendFormat::NCHW, AscendFormat::NCDHW, "x.bin"); }),
               Contains("a NCHW tensor of shape rank 4 cannot be converted to NCDHW"));
}

TEST_CASE("inconsistent headers are refused before a byte is read") {
    CHECK_THAT(logical_refusal(static_cast<AscendFormat>(77), {4}, {4}), Contains("unknown tensor format 77"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_ZZ, {4}, {4}),
               Contains("FRACTAL_ZZ tensor: no conversion of this layout"));
    CHECK_THAT(logical_refusal(AscendFormat::NC1HWC0, {1, 1, 2, 2, 16}, {}),
               Contains("without an original shape the logical layout is unknown"));
    CHECK_THAT(logical_refusal(AscendFormat::NC1HWC0, {2, 2, 3, 5, 16}, {2, 33, 3, 5}),
               Contains("NC1HWC0 tensor: device shape [2, 2, 3, 5, 16] does not hold original shape [2, 33, 3, 5]: "
                        "the C axis of 33 needs 3 blocks of 16, the device holds 2"));
    CHECK_THAT(logical_refusal(AscendFormat::NC1HWC0, {2, 2, 3, 5, 16}, {2, 19, 3}),
               Contains("expected a 5-D device shape and a 4-D original shape"));
    CHECK_THAT(logical_refusal(AscendFormat::NC1HWC0, {2, 2, 3, 5, 16}, {2, 19, 4, 5}),
               Contains("H is 4 but the device has 3"));
    CHECK_THAT(logical_refusal(AscendFormat::NC1HWC0, {1, 0, 2, 2, 0}, {1, 0, 2, 2}),
               Contains("C0 (a block size) must be at least 1"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_Z, {18, 2, 16, 16}, {20, 19, 3, 3}, 2),
               Contains("FRACTAL_Z with 2 groups (sub_format) is not converted"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_Z, {18, 2, 16, 16}, {20, 19, 3, 2}),
               Contains("the first device dim must be C1·H·W = 12"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_Z, {18, 1, 16, 16}, {20, 19, 3, 3}),
               Contains("the N axis of 20 needs 2 blocks of 16, the device holds 1"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_Z_3D, {24, 2, 16, 16}, {17, 18, 2, 2, 2}),
               Contains("D·C1·H·W = 16"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_NZ, {2, 2, 3, 16, 16}, {3, 33, 20}),
               Contains("a batch dim is 3 but the device has 2"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_NZ, {2, 3, 16, 16}, {2, 33, 20}),
               Contains("expected a 5-D device shape"));
    CHECK_THAT(logical_refusal(AscendFormat::FRACTAL_NZ, {1, 1, 16, 16}, {17, 7}),
               Contains("the M axis of 17 needs 2 blocks of 16, the device holds 1"));
    CHECK_THAT(logical_refusal(AscendFormat::NDC1HWC0, {1, 2, 2, 3, 4, 16}, {1, 18, 3, 3, 4}),
               Contains("D is 3 but the device has 2"));
    CHECK_THAT(logical_refusal(AscendFormat::C1HWNCoC0, {2, 2, 3, 5, 8, 16}, {5, 19, 2, 3}),
               Contains("Co must equal C0"));
    CHECK_THAT(logical_refusal(AscendFormat::NHWC, {1, 2, 2, 5}, {1, 2, 5, 2}),
               Contains("neither the device shape nor its NCHW order"));
    CHECK_THAT(logical_refusal(AscendFormat::NC1HWC0, {1, 1, 2, 2, 16}, {1, std::int64_t{1} << 62, 1 << 20, 2}),
               Contains("too many elements"));
    CHECK_THAT(logical_refusal(AscendFormat::NC1HWC0, {1, 1, 2, 2, 16}, {1, -3, 2, 2}), Contains("a negative dim"));
}

TEST_CASE("the kernel dump fixtures' device tensors convert to their true logical values", "[fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    std::ifstream manifest_file(root / "manifest.json");
    REQUIRE(manifest_file);
    const auto manifest = nlohmann::json::parse(manifest_file);
    int converted = 0;
    for (const auto& file : manifest.at("files")) {
        for (const char* io : {"inputs", "outputs"}) {
            for (const auto& tensor : file.value(io, nlohmann::json::array())) {
                if (!tensor.contains("logical_layout")) continue;
                const auto format = static_cast<AscendFormat>(tensor.at("format").get<std::int32_t>());
                const auto device_shape = tensor.at("shape").get<Shape>();
                CAPTURE(file.at("file"), tensor.at("io"), tensor.at("index"));
                CHECK(format_label(logical_format(format, device_shape.size())) ==
                      tensor.at("logical_layout").get<std::string>());
                if (!tensor.contains("raw_npy")) continue;
                const auto raw = read_npy(root / tensor.at("raw_npy").get<std::string>());
                const auto truth = read_npy(root / tensor.at("logical_npy").get<std::string>());
                const auto original = tensor.at("original_shape").get<Shape>();
                REQUIRE(raw.shape == device_shape);
                const auto logical = to_logical_layout(raw, format, original, tensor.at("raw_npy").get<std::string>(),
                                                       tensor.value("sub_format", 0));
                CHECK(logical.dtype == truth.dtype);
                CHECK(logical.shape == truth.shape);
                CHECK(logical.shape == tensor.at("logical_shape").get<Shape>());
                CHECK(bytes_of(logical) == bytes_of(truth));  // bitwise: NaN equals NaN
                ++converted;
            }
        }
    }
    CHECK(converted == 15);
}

TEST_CASE("the -f TARGET step gives msprobe's converted arrays where msprobe is right, the true layout where it is not",
          "[fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    std::ifstream manifest_file(root / "manifest.json");
    std::ifstream comparison_file(root / "expected" / "comparison.json");
    REQUIRE(manifest_file);
    REQUIRE(comparison_file);
    const auto manifest = nlohmann::json::parse(manifest_file);
    const auto comparison = nlohmann::json::parse(comparison_file);
    std::map<std::string, nlohmann::json> tensors;  // "<file name>.<io>.<index>" -> manifest entry
    for (const auto& file : manifest.at("files")) {
        const auto path = file.at("file").get<std::string>();
        const auto name = path.substr(path.rfind('/') + 1);
        for (const char* io : {"inputs", "outputs"}) {
            for (const auto& tensor : file.value(io, nlohmann::json::array())) {
                tensors[name + "." + tensor.at("io").get<std::string>() + "." +
                        std::to_string(tensor.at("index").get<int>())] = tensor;
            }
        }
    }
    int same = 0;
    int corrected = 0;
    for (const auto& run : comparison) {
        const auto run_name = run.at("run").get<std::string>();
        if (!run_name.starts_with("fmt_")) continue;
        CAPTURE(run_name, run.at("tensor"));
        const auto& tensor = tensors.at(run.at("tensor").get<std::string>());
        const auto format = static_cast<AscendFormat>(tensor.at("format").get<std::int32_t>());
        const auto device_shape = tensor.at("shape").get<Shape>();
        const auto source = tensor.value("raw_npy", tensor.at("logical_npy").get<std::string>());
        const auto logical = to_logical_layout(read_npy(root / source), format,
                                               tensor.at("original_shape").get<Shape>(), source);
        const auto target = parse_format(run_name.substr(4), "-f");
        const auto converted = to_target_layout(logical, logical_format(format, device_shape.size()), target, source);
        // The truth as "float16[3, 3, 19, 20]".
        const auto truth = run.at("truth").get<std::string>();
        std::string shape_text = "[";
        for (std::size_t i = 0; i < converted.shape.size(); ++i) {
            shape_text += (i == 0 ? "" : ", ") + std::to_string(converted.shape[i]);
        }
        CHECK(truth == std::string(numpy_name(converted.dtype)) + shape_text + "]");
        if (run.at("verdict") == "same") {
            const auto expected = read_npy(root / "expected" / run_name / run.at("file").get<std::string>());
            CHECK(expected.shape == converted.shape);
            CHECK(bytes_of(expected) == bytes_of(converted));
            ++same;
        } else {
            ++corrected;
        }
    }
    CHECK(same == 11);
    CHECK(corrected == 12);
}

TEST_CASE("a plan runs only on the contiguous device tensor it was made for") {
    const auto plan = plan_logical_layout(Shape{1, 1, 2, 2, 16}, AscendFormat::NC1HWC0, Shape{1, 3, 2, 2}, "x.bin");
    CHECK(plan.device_shape == Shape{1, 1, 2, 2, 16});
    CHECK(plan.logical_shape == Shape{1, 3, 2, 2});
    const auto other = view_of(pattern(64, 2), DType::Float16, {1, 1, 2, 2, 8, 2});
    CHECK_THROWS_AS(run_layout_plan(other, plan), std::invalid_argument);
}

TEST_CASE("a plan cut into pieces copies the same elements") {
    for (const auto& c : kCases) {
        CAPTURE(format_label(c.format), c.logical);
        const auto logical = pattern(count_of(c.logical), 2);
        const auto packed = pack_device_layout(logical, 2, c.format, c.logical, c.blocks);
        const auto plan = plan_logical_layout(packed.device_shape, c.format, header_original_shape(c, packed), "x.bin");
        for (const std::int64_t piece_elements : {1, 7, 100}) {
            std::vector<std::byte> out(logical.size(), std::byte{0});
            const auto pieces = pieces_of(plan.copies, piece_elements);
            CHECK(pieces.size() >= plan.copies.size());
            for (const auto& piece : pieces) copy_strided(piece, packed.bytes.data(), out.data(), 2);
            CHECK(out == logical);
        }
    }
}

TEST_CASE("a pool shares the conversion of a large tensor") {
    const Shape original{3, 1000, 700};  // 4 MiB of float16 in 16×16 fractals, 2 of them partial
    const auto logical = pattern(count_of(original), 2);
    const auto packed = pack_device_layout(logical, 2, AscendFormat::FRACTAL_NZ, original);
    const auto device = view_of(packed.bytes, DType::Float16, packed.device_shape);
    ThreadPool pool(3);
    const auto result = to_logical_layout(device, AscendFormat::FRACTAL_NZ, original, "x.bin", 0, &pool);
    CHECK(bytes_of(result) == logical);
    const Shape nchw{3, 100, 100, 70};
    const auto nhwc = to_target_layout(view_of(logical, DType::Float16, nchw), AscendFormat::NCHW, AscendFormat::NHWC,
                                       "x.bin", &pool);
    CHECK(bytes_of(nhwc) == pack_device_layout(logical, 2, AscendFormat::NHWC, nchw).bytes);
}
