#include "tensor/pt_reader.hpp"

#include <cmath>
#include <cstring>
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "support/megatron_checkpoint_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/half.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;
using Catch::Contains;
namespace pk = msprobe::testing::pickle_text;

namespace {

bool points_into(const TensorView& view, const std::string& file) {
    const auto* begin = reinterpret_cast<const std::byte*>(file.data());
    return view.data >= begin && view.data < begin + file.size();
}

std::string pt_file(DType dtype, const Geometry& g, const std::vector<std::byte>& storage) {
    return pt_bytes({dtype, g.shape, g.strides, g.offset, storage}, "archive");
}

std::string zip_with_pickle(const std::string& pickle, const std::string& storage = std::string(24, '\0')) {
    return torch_zip("archive", {{"data.pkl", pickle}, {"data/0", storage}, {"version", "3\n"}});
}

}  // namespace

TEST_CASE("pt of every dtype and geometry reads every value, in place", "[pt]") {
    for (const DType dtype : kAllDTypes) {
        for (const auto& geometry : kGeometries) {
            INFO(torch_name(dtype) << ", " << geometry.name);
            const auto storage = numbered_storage(dtype, geometry.storage_numel);
            const auto owner = std::make_shared<const std::string>(pt_file(dtype, geometry, storage));
            const auto view = read_pt(span_of(*owner), owner, "t.pt");
            REQUIRE(view.dtype == dtype);
            REQUIRE(view.shape == geometry.shape);
            REQUIRE(view.strides == geometry.strides);
            REQUIRE(view.owner == owner);  // the file's bytes, not a copy
            if (geometry.storage_numel > 0) REQUIRE(points_into(view, *owner));
            REQUIRE(to_double_vector(view) ==
                    expected_values(dtype, geometry.shape, geometry.strides, geometry.offset));
        }
    }
}

TEST_CASE("big-endian pt files are converted to host order", "[pt]") {
    for (const DType dtype : kAllDTypes) {
        INFO(torch_name(dtype));
        const Geometry& g = kGeometries[5];  // sliced: offset and stride apply after the swap
        auto storage = numbered_storage(dtype, g.storage_numel);
        const std::size_t width = dtype == DType::Complex64 ? 4 : dtype == DType::Complex128 ? 8 : dtype_size(dtype);
        for (std::size_t at = 0; at < storage.size(); at += width)
            std::reverse(storage.begin() + static_cast<std::ptrdiff_t>(at),
                         storage.begin() + static_cast<std::ptrdiff_t>(at + width));
        const PtTensor tensor{dtype, g.shape, g.strides, g.offset, storage};
        const std::string file = torch_zip(
            "archive", {{"data.pkl", pt_data_pkl(tensor)},
                        {"byteorder", "big"},
                        {"data/0", std::string(reinterpret_cast<const char*>(storage.data()), storage.size())}});
        REQUIRE(to_double_vector(read_pt_bytes(file)) == expected_values(dtype, g.shape, g.strides, g.offset));
    }
    const std::string odd_byteorder =
        torch_zip("a", {{"data.pkl", pt_data_pkl({DType::Float32, {1}, {1}, 0, {}})}, {"byteorder", "middle"}});
    REQUIRE_THROWS_WITH(read_pt_bytes(odd_byteorder), Contains("E_CORRUPT") && Contains("'middle'"));
}

TEST_CASE("misaligned storage records are copied before use", "[pt]") {
    const Geometry& g = kGeometries[0];
    const auto storage = numbered_storage(DType::Float64, g.storage_numel);
    const auto shifted = std::make_shared<const std::string>("x" + pt_file(DType::Float64, g, storage));
    const auto view = read_pt(span_of(*shifted).subspan(1), shifted, "odd.pt");
    REQUIRE(reinterpret_cast<std::uintptr_t>(view.data) % alignof(double) == 0);
    REQUIRE(to_double_vector(view) == expected_values(DType::Float64, g.shape, g.strides, 0));
}

TEST_CASE("other rebuild forms: parameters, v3 dtypes, NPU tensors, subclasses", "[pt]") {
    const std::string floats = std::string("\x00\x00\x80\x3f\x00\x00\x00\x40", 8);  // 1.0f, 2.0f
    const std::string tensor = pk::rebuild_v2(pk::storage("FloatStorage", 2), 0, {2}, {1});
    const auto values_of = [&](const std::string& body, const std::string& storage) {
        return to_double_vector(read_pt_bytes(zip_with_pickle(pk::stream(body), storage)));
    };
    SECTION("_rebuild_parameter") {
        const std::string body = pk::global("torch._utils", "_rebuild_parameter") +
                                 pk::tuple({tensor, pk::boolean(true), pk::ordered_dict()}) + "R";
        REQUIRE(values_of(body, floats) == std::vector<double>{1, 2});
    }
    SECTION("_rebuild_parameter_with_state and torch.Size") {
        const std::string sized = pk::global("torch._utils", "_rebuild_tensor_v2") + "(" +
                                  pk::storage("FloatStorage", 2) + pk::integer(0) + pk::global("torch", "Size") + "(" +
                                  pk::int_tuple({2}) + "tR" + pk::int_tuple({1}) + pk::boolean(false) +
                                  pk::ordered_dict() + "N" + "tR";
        const std::string body = pk::global("torch._utils", "_rebuild_parameter_with_state") +
                                 pk::tuple({sized, pk::boolean(true), pk::ordered_dict(), "}"}) + "R";
        REQUIRE(values_of(body, floats) == std::vector<double>{1, 2});
    }
    SECTION("_rebuild_from_type_v2 of a plain tensor, then BUILD with an empty state") {
        const std::string body =
            pk::global("torch._tensor", "_rebuild_from_type_v2") +
            pk::tuple({pk::global("torch._utils", "_rebuild_tensor_v2"), pk::global("torch", "Tensor"),
                       pk::tuple({pk::storage("FloatStorage", 2), pk::integer(0), pk::int_tuple({2}),
                                  pk::int_tuple({1}), pk::boolean(false), pk::ordered_dict()}),
                       "}"}) +
            "R}b";
        REQUIRE(values_of(body, floats) == std::vector<double>{1, 2});
    }
    SECTION("_rebuild_tensor_v3 with an untyped storage: float8, uint16, legacy names") {
        const auto v3 = [](const std::string& dtype, std::int64_t bytes, std::vector<std::int64_t> size) {
            return pk::global("torch._utils", "_rebuild_tensor_v3") + "(" + pk::storage("UntypedStorage", bytes) +
                   pk::integer(0) + pk::int_tuple(size) + pk::int_tuple({1}) + pk::boolean(false) + pk::ordered_dict() +
                   pk::global("torch", dtype) + "tR";
        };
        const auto e4m3 = values_of(v3("float8_e4m3fn", 4, {4}), std::string("\x38\xb8\x00\x7f", 4));
        REQUIRE(e4m3.size() == 4);
        REQUIRE(e4m3[0] == 1.0);
        REQUIRE(e4m3[1] == -1.0);
        REQUIRE(e4m3[2] == 0.0);
        REQUIRE(std::isnan(e4m3[3]));
        const auto e5m2 =
            read_pt_bytes(zip_with_pickle(pk::stream(v3("float8_e5m2", 2, {2})), std::string("\x3c\xfc", 2)));
        REQUIRE(e5m2.dtype == DType::Float32);
        REQUIRE(to_double_vector(e5m2) == std::vector<double>{1.0, -INFINITY});
        const auto u16 =
            read_pt_bytes(zip_with_pickle(pk::stream(v3("uint16", 4, {2})), std::string("\xff\xff\x02\x00", 4)));
        REQUIRE(u16.dtype == DType::Int32);
        REQUIRE(to_double_vector(u16) == std::vector<double>{65535, 2});
        REQUIRE(values_of(v3("float", 8, {2}), floats) == std::vector<double>{1, 2});
        REQUIRE_THROWS_WITH(values_of(v3("uint64", 8, {1}), floats),
                            Contains("E_UNSUPPORTED") && Contains("torch.uint64"));
        REQUIRE_THROWS_WITH(values_of(v3("float4_e2m1fn_x2", 8, {1}), floats), Contains("E_UNSUPPORTED"));
    }
    SECTION("torch_npu's _rebuild_npu_tensor with a Format enum") {
        const std::string body =
            pk::global("torch_npu.utils.storage", "_rebuild_npu_tensor") + "(" + pk::storage("FloatStorage", 2) +
            pk::integer(0) + pk::int_tuple({2}) + pk::int_tuple({1}) + pk::boolean(false) + pk::ordered_dict() +
            pk::global("torch_npu.npu._format", "Format") + pk::tuple({pk::integer(29)}) + "R" + "tR";
        REQUIRE(values_of(body, floats) == std::vector<double>{1, 2});
    }
    SECTION("storage classes of device modules are read by their name") {
        REQUIRE(values_of(pk::rebuild_v2(pk::storage("FloatStorage", 2, "0", "torch.cuda"), 0, {2}, {1}), floats) ==
                std::vector<double>{1, 2});
    }
    SECTION("NEWOBJ of Parameter") {
        const std::string body =
            pk::global("torch.nn.parameter", "Parameter") + pk::tuple({tensor, pk::boolean(false)}) + "\x81";
        REQUIRE(values_of(body, floats) == std::vector<double>{1, 2});
    }
}

TEST_CASE("anything but one tensor is not a tensor file", "[pt]") {
    const std::string tensor = pk::rebuild_v2(pk::storage("FloatStorage", 6), 0, {6}, {1});
    const auto rejects = [](const std::string& body, const std::string& fragment) {
        INFO(fragment);
        REQUIRE_THROWS_WITH(read_pt_bytes(zip_with_pickle(pk::stream(body))),
                            Contains("memory.pt: ") && Contains(fragment));
    };
    rejects("]" + tensor + "a", "not a single tensor: archive/data.pkl holds a list");
    rejects("}" + pk::unicode("k") + tensor + "s", "holds a dict");
    rejects(pk::tuple({tensor}), "holds a tuple of 1");
    rejects("N", "holds None");
    rejects(pk::integer(3), "holds int 3");
    rejects(pk::storage("FloatStorage", 6), "holds a storage");
    rejects(pk::global("torch._utils", "_rebuild_tensor_v2"), "holds global torch._utils._rebuild_tensor_v2");
}

TEST_CASE("globals outside the allow-list are refused before anything runs", "[pt]") {
    const auto rejects = [](const std::string& body, const char* code, const std::string& fragment) {
        INFO(fragment);
        REQUIRE_THROWS_WITH(read_pt_bytes(zip_with_pickle(pk::stream(body))), Contains(code) && Contains(fragment));
    };
    rejects(pk::global("os", "system") + pk::tuple({pk::unicode("echo pwned")}) + "R", "E_SECURITY",
            "global os.system is not allowed");
    rejects(pk::global("builtins", "eval"), "E_SECURITY", "builtins.eval");
    rejects(pk::global("numpy.core.multiarray", "_reconstruct"), "E_SECURITY", "numpy.core.multiarray._reconstruct");
    rejects(pk::global("torch", "load"), "E_UNSUPPORTED", "dtype torch.load");
    rejects("\x8c\x02os\x8c\x06system\x93", "E_SECURITY", "os.system");  // STACK_GLOBAL
    rejects(pk::rebuild_v2(pk::storage("QInt8Storage", 6), 0, {6}, {1}), "E_UNSUPPORTED", "quantized");
    rejects(pk::rebuild_v2(pk::storage("FloatStorage", 6, "0", "evil"), 0, {6}, {1}), "E_SECURITY",
            "evil.FloatStorage");
    rejects(pk::rebuild_v2(pk::storage("FloatStorage", 6, "../0"), 0, {6}, {1}), "E_SECURITY", "storage key '../0'");
    rejects(pk::unicode("x") + pk::tuple({}) + "R", "E_SECURITY", "REDUCE calls str 'x'");
    rejects(pk::global("torch", "Tensor") + pk::tuple({}) + "R", "E_SECURITY", "REDUCE calls global torch.Tensor");
    rejects(pk::global("torch", "Tensor") + pk::tuple({}) + "\x81", "E_SECURITY", "NEWOBJ of global torch.Tensor");
    rejects(pk::rebuild_v2(pk::storage("FloatStorage", 6), 0, {6}, {1}) + pk::unicode("state") + "b", "E_UNSUPPORTED",
            "BUILD");
    const std::string inner = pk::tuple(
        {pk::global("torch._utils", "_rebuild_tensor_v2"), pk::global("torch", "Tensor"), pk::tuple({}), "}"});
    rejects(pk::global("torch._tensor", "_rebuild_from_type_v2") +
                pk::tuple(
                    {pk::global("torch._tensor", "_rebuild_from_type_v2"), pk::global("torch", "Tensor"), inner, "}"}) +
                "R",
            "E_UNSUPPORTED", "nested torch._tensor._rebuild_from_type_v2");
    rejects(pk::global("torch._tensor", "_rebuild_from_type_v2") +
                pk::tuple({pk::global("torch._utils", "_rebuild_tensor_v2"), pk::global("mylib", "Sub"), pk::tuple({}),
                           "}"}) +
                "R",
            "E_SECURITY", "mylib.Sub");
    rejects(
        pk::global("torch._tensor", "_rebuild_from_type_v2") +
            pk::tuple({pk::global("torch._utils", "_rebuild_tensor_v2"), pk::global("torch.nn.parameter", "Parameter"),
                       pk::tuple({}), "}" + pk::unicode("a") + pk::integer(1) + "s"}) +
            "R",
        "E_UNSUPPORTED", "non-empty state");
}

TEST_CASE("tensor geometry the storage cannot hold is refused", "[pt]") {
    const std::string storage(24, '\0');  // 6 float32
    const auto rejects = [&](const std::string& body, const std::string& fragment) {
        INFO(fragment);
        REQUIRE_THROWS_WITH(read_pt_bytes(zip_with_pickle(pk::stream(body), storage)),
                            Contains("E_CORRUPT") && Contains(fragment));
    };
    const auto storage6 = pk::storage("FloatStorage", 6);
    rejects(pk::rebuild_v2(storage6, 0, {7}, {1}),
            "record 'archive/data/0' has 24 bytes, tensor needs 28 (offset 0, size [7], stride [1], torch.float32)");
    rejects(pk::rebuild_v2(storage6, 1, {2, 3}, {3, 1}), "tensor needs 28");
    rejects(pk::rebuild_v2(storage6, 0, {2, 2}, {5, 1}), "tensor needs 28");
    rejects(pk::rebuild_v2(storage6, 6, {}, {}), "tensor needs 28");
    rejects(pk::rebuild_v2(pk::storage("FloatStorage", 4), 0, {5}, {1}), "storage declares 16 bytes, tensor needs 20");
    rejects(pk::rebuild_v2(pk::storage("FloatStorage", 7), 0, {6}, {1}), "the storage declares 28");
    rejects(pk::rebuild_v2(storage6, 0, {-1}, {1}), "negative size -1");
    rejects(pk::rebuild_v2(storage6, 0, {2}, {-1}), "negative stride -1");
    rejects(pk::rebuild_v2(storage6, -1, {2}, {1}), "negative storage offset");
    rejects(pk::rebuild_v2(storage6, 0, {2, 3}, {1}), "size has 2 dimensions, stride 1");
    rejects(pk::rebuild_v2(storage6, 0, std::vector<std::int64_t>(65, 1), std::vector<std::int64_t>(65, 1)),
            "65 dimensions");
    rejects(pk::rebuild_v2(storage6, 0, {1LL << 62, 4}, {1, 1}), "overflows 64 bits");
    rejects(pk::rebuild_v2(storage6, 0, {1LL << 62, 4, 0}, {1, 1, 1}), "overflows 64 bits");
    rejects(pk::rebuild_v2(storage6, 0, {2, 2}, {1LL << 62, 1LL << 62}), "beyond 64-bit offsets");
    rejects(pk::rebuild_v2(storage6, 0x7FFFFFFFFFFFFFFF, {2}, {1}), "beyond 64-bit offsets");
    rejects(pk::rebuild_v2(pk::storage("FloatStorage", 1LL << 62), 0, {2}, {1}), "overflows 64 bits");
    rejects(pk::rebuild_v2(pk::storage("FloatStorage", -1), 0, {2}, {1}), "storage size -1 is negative");
    // Empty tensors need no storage at all, whatever their strides.
    REQUIRE(read_pt_bytes(zip_with_pickle(
                              pk::stream(pk::rebuild_v2(pk::storage("FloatStorage", 0), 99, {0, 5}, {1000, 1000})), ""))
                .numel() == 0);
}

TEST_CASE("archive structure problems are named", "[pt]") {
    const std::string storage(24, 'S');
    const std::string good_pickle = pt_data_pkl({DType::Float32, {6}, {1}, 0, span_of(storage)});
    const auto rejects = [](const std::string& file, const char* code, const std::string& fragment) {
        INFO(fragment);
        REQUIRE_THROWS_WITH(read_pt_bytes(file), Contains(code) && Contains(fragment));
    };
    rejects(torch_zip("a", {{"version", "3\n"}}), "E_SCHEMA", "no record 'a/data.pkl'");
    rejects(torch_zip("a", {{"data.pkl", good_pickle}}), "E_SCHEMA", "record 'a/data/0' named by data.pkl is missing");
    rejects(torch_zip("a", {{"data.pkl", good_pickle}, {"constants.pkl", ""}}), "E_UNSUPPORTED", "TorchScript");
    rejects(torch_zip("a", {{"data.pkl", good_pickle}, {"../../evil", "1"}}), "E_SECURITY", "'..' component");
    rejects(torch_zip("a", {{"data.pkl", good_pickle}, {"x\\y", "1"}}), "E_SECURITY", "backslash");
    rejects(torch_zip("a", {{"data.pkl", good_pickle}, {std::string("x\0y", 3), "1"}}), "E_SECURITY", "NUL");
    rejects(torch_zip("", {{"/a/data.pkl", good_pickle}}), "E_SECURITY", "absolute");
    rejects(torch_zip("a", {{"data.pkl", good_pickle}, {"data.pkl", good_pickle}}), "E_SECURITY", "duplicate");
    rejects(torch_zip("", {{"a/data.pkl", good_pickle}, {"b/data/0", storage}}), "E_SCHEMA",
            "do not share one top-level folder");
    rejects(torch_zip("", {{"data.pkl", good_pickle}}), "E_SCHEMA", "outside the archive folder");
    rejects(torch_zip("a", {}), "E_SCHEMA", "empty ZIP archive");

    const std::string file = torch_zip("a", {{"data.pkl", good_pickle}, {"data/0", storage}});
    REQUIRE(read_pt_bytes(file).numel() == 6);
    std::string bad_pickle_crc = file;
    bad_pickle_crc[64 + 40] ^= 0x01;  // inside data.pkl (data starts at 64)
    rejects(bad_pickle_crc, "E_CORRUPT", "entry 'a/data.pkl': CRC-32 is");
    std::string bad_storage_crc = file;
    bad_storage_crc[bad_storage_crc.find(storage)] = 'T';
    REQUIRE(read_pt_bytes(bad_storage_crc).numel() == 6);  // storage CRC is opt-in
    REQUIRE_THROWS_WITH(read_pt_bytes(bad_storage_crc, {.verify_storage_crc = true}),
                        Contains("entry 'a/data/0': CRC-32"));
    std::string compressed = file;
    compressed[compressed.find("PK\x01\x02") + 10] = 8;  // method of data.pkl in the central directory
    rejects(compressed, "E_UNSUPPORTED", "entry 'a/data.pkl' is compressed (method 8)");

    rejects(std::string("\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19\x2e", 15), "E_UNSUPPORTED",
            "legacy torch serialization");
    rejects("\x80\x02N.", "E_BAD_MAGIC", "no ZIP signature");
    rejects("", "E_BAD_MAGIC", "no ZIP signature");
}

TEST_CASE("pt reader on files: named errors, unknown suffix", "[pt]") {
    const auto dir = scratch_dir("pt_reader_files");
    write_pt(dir / "x.1.pt", DType::Int32, {2}, {1}, 0, bytes_of(std::vector<std::int32_t>{-3, 4}));
    REQUIRE(to_double_vector(read_tensor_file(dir / "x.1.pt")) == std::vector<double>{-3, 4});
    write_tensor_bytes(dir / "bad.pt", "not a zip");
    REQUIRE_THROWS_WITH(read_pt(dir / "bad.pt"), Contains((dir / "bad.pt").string() + ": E_BAD_MAGIC"));
    REQUIRE_THROWS_WITH(read_tensor_file(dir / "x.bin"), Contains("x.bin: E_UNSUPPORTED: not a tensor file"));
    REQUIRE_THROWS_WITH(read_tensor_file(dir), Contains("E_UNSUPPORTED"));
    std::filesystem::create_directory(dir / "folder.pt");
    REQUIRE_THROWS_WITH(read_tensor_file(dir / "folder.pt"), Contains("folder.pt: E_IO: not a regular file"));
}

TEST_CASE("a whole checkpoint: its objects and every tensor read in place", "[pt]") {
    const auto dir = scratch_dir("pt_reader_checkpoint");
    testing::MegatronRank rank;
    rank.chunks = {{{"a", {2}, {1.5f, -2.0f}, DType::BFloat16}, {"b", {1, 2}, {3.0f, 4.0f}, DType::Float64}}};
    write_tensor_bytes(dir / "model_optim_rng.pt", testing::megatron_rank_file_bytes(rank));
    const PtObject checkpoint = read_pt_object(dir / "model_optim_rng.pt");
    REQUIRE(checkpoint.tensors.size() == 3);
    const TorchObject* model = checkpoint.root.find("model");
    REQUIRE(model != nullptr);
    const auto& a = checkpoint.tensors[static_cast<std::size_t>(model->find("a")->number)];
    CHECK(a.dtype == DType::BFloat16);
    CHECK(to_double_vector(a) == std::vector<double>{1.5, -2.0});
    const auto& b = checkpoint.tensors[static_cast<std::size_t>(model->find("b")->number)];
    CHECK(b.shape == std::vector<std::int64_t>{1, 2});
    CHECK(to_double_vector(b) == std::vector<double>{3.0, 4.0});
    // A tensor file's reader refuses the same file.
    REQUIRE_THROWS_WITH(read_pt(dir / "model_optim_rng.pt"), Contains("global argparse.Namespace is not allowed"));
}
