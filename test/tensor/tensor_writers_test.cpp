// The test-data writers are held to the real thing: their bytes must equal
// files written by torch.save (1.13) and numpy for the same content.
#include "support/tensor_writers.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/shared_fixtures.hpp"
#include "tensor/mapped_file.hpp"
#include "tensor/zip_archive.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;

namespace {

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

DType dtype_named(const std::string& name) {
    for (const DType dtype :
         {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64, DType::Int8, DType::Int16, DType::Int32,
          DType::Int64, DType::UInt8, DType::Bool, DType::Complex64, DType::Complex128}) {
        if (torch_name(dtype) == name) return dtype;
    }
    throw std::invalid_argument("no dtype " + name);
}

std::vector<std::int64_t> row_major(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<std::int64_t>(shape[i], 1);
    return strides;
}

// The storage record of a real file, and its whole bytes.
struct RealPt {
    std::string bytes;
    std::string storage;
    std::string data_pkl;
};

RealPt read_real_pt(const std::filesystem::path& path) {
    RealPt real{file_bytes(path), {}, {}};
    const ZipArchive archive(span_of(real.bytes), path.string());
    for (const auto& entry : archive.entries()) {
        const auto data = archive.stored_data(entry);
        const std::string text(reinterpret_cast<const char*>(data.data()), data.size());
        if (entry.name.ends_with("/data/0")) real.storage = text;
        if (entry.name.ends_with("/data.pkl")) real.data_pkl = text;
    }
    return real;
}

}  // namespace

TEST_CASE("written .pt files equal torch.save's byte for byte (generated samples)", "[writers][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto manifest = parse_python_json(file_bytes(*fixtures / "generated" / "manifest.json"));
    int compared = 0;
    for (const auto& [name, entry] : manifest["files"].items()) {
        if (!name.starts_with("pt/") || entry.value("producer", "").rfind("torch.save", 0) != 0 ||
            !entry.contains("stride"))
            continue;
        if (name == "pt/parameter_2.pt") continue;  // a Parameter, not a plain tensor
        INFO(name);
        const auto path = *fixtures / "generated" / name;
        const RealPt real = read_real_pt(path);
        const PtTensor tensor{dtype_named(entry["dtype"].get<std::string>()),
                              entry["shape"].get<std::vector<std::int64_t>>(),
                              entry["stride"].get<std::vector<std::int64_t>>(),
                              entry["storage_offset"].get<std::int64_t>(),
                              span_of(real.storage),
                              entry["requires_grad"].get<bool>()};
        REQUIRE(pt_data_pkl(tensor) == real.data_pkl);
        const std::string archive = name == "pt/via_file_object.pt" ? "archive" : path.stem().string();
        REQUIRE(pt_bytes(tensor, archive, false) == real.bytes);
        ++compared;
    }
    REQUIRE(compared == 21);
}

TEST_CASE("written .pt files equal msprobe's dumps byte for byte", "[writers][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    int compared = 0;
    for (const auto& item : std::filesystem::recursive_directory_iterator(*fixtures / "dumps")) {
        if (item.path().filename() != "dump.json") continue;
        const auto folder = item.path().parent_path() / "dump_tensor_data";
        if (!std::filesystem::is_directory(folder)) continue;
        const auto dump = parse_python_json(file_bytes(item.path()));
        std::vector<nlohmann::json> pending{dump["data"]};
        while (!pending.empty()) {
            const auto node = std::move(pending.back());
            pending.pop_back();
            if (node.is_object() && node.contains("data_name") && node["data_name"].is_string()) {
                const auto path = folder / node["data_name"].get<std::string>();
                INFO(path.string());
                const RealPt real = read_real_pt(path);
                const auto shape = node["shape"].get<std::vector<std::int64_t>>();
                const PtTensor tensor{dtype_named(node["dtype"].get<std::string>()),
                                      shape,
                                      row_major(shape),
                                      0,
                                      span_of(real.storage),
                                      false};
                REQUIRE(pt_bytes(tensor, path.stem().string(), false) == real.bytes);
                ++compared;
                continue;
            }
            if (node.is_structured()) {
                for (const auto& child : node) pending.push_back(child);
            }
        }
    }
    REQUIRE(compared == 1628);
}

TEST_CASE("written .npy files equal numpy's byte for byte", "[writers][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto manifest = parse_python_json(file_bytes(*fixtures / "generated" / "manifest.json"));
    int compared = 0;
    for (const auto& [name, entry] : manifest["files"].items()) {
        if (!name.starts_with("npy/") || entry.value("producer", "") != "numpy" || name == "npy/unicode_U2.npy")
            continue;
        INFO(name);
        const std::string real = file_bytes(*fixtures / "generated" / name);
        const auto descr = entry["descr"].get<std::string>();
        const auto shape = entry["shape"].get<std::vector<std::int64_t>>();
        std::int64_t count = 1;
        for (const auto d : shape) count *= d;
        const std::size_t data_size = static_cast<std::size_t>(count) * std::stoul(descr.substr(2));
        const std::string data = real.substr(real.size() - data_size);
        const int version = real[6];
        REQUIRE(npy_bytes({descr, entry["fortran_order"].get<bool>(), version}, shape, span_of(data)) == real);
        ++compared;
    }
    REQUIRE(compared == 12);
}

TEST_CASE("write_pt names the archive after the file, write_npy uses numpy's descr", "[writers]") {
    const auto dir = scratch_dir("tensor_writers");
    const auto storage = bytes_of(std::vector<float>{1, 2});
    write_pt(dir / "Tensor.add.0.forward.input.0.pt", DType::Float32, {2}, {1}, 0, storage);
    const auto mapped = MappedFile::open(dir / "Tensor.add.0.forward.input.0.pt");
    const ZipArchive archive(mapped->bytes(), mapped->path());
    std::vector<std::string> names;
    for (const auto& entry : archive.entries()) {
        names.push_back(entry.name);
        REQUIRE(entry.data_offset % 64 == 0);
    }
    REQUIRE(names ==
            std::vector<std::string>{"Tensor.add.0.forward.input.0/data.pkl", "Tensor.add.0.forward.input.0/byteorder",
                                     "Tensor.add.0.forward.input.0/data/0", "Tensor.add.0.forward.input.0/version"});
    REQUIRE(npy_descr(DType::Bool) == "|b1");
    REQUIRE(npy_descr(DType::Complex128) == "<c16");
    REQUIRE_THROWS(npy_descr(DType::BFloat16));
}
