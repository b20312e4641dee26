// Every kernel dump (.bin) sample of the shared fixtures against its manifest:
// header fields, every tensor's device values against the true values,
// buffers and workspaces byte for byte, the damaged files refused for the
// stated reason, the op-debug records as decoded there.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/bin_dump_reader.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/op_debug_file.hpp"
#include "tensor/tensor_file.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using nlohmann::json;

namespace {

std::filesystem::path bin_fixtures(const std::filesystem::path& fixtures) { return fixtures / "bin_dumps"; }

json manifest(const std::filesystem::path& root) {
    std::ifstream in(root / "manifest.json");
    return json::parse(in);
}

std::vector<std::int64_t> dims(const json& list) { return list.get<std::vector<std::int64_t>>(); }

// Exactly equal values, NaN equal to NaN, in the same shape.
void check_same_values(const TensorView& actual, const TensorView& truth, const std::string& what) {
    INFO(what);
    REQUIRE(actual.shape == truth.shape);
    const auto got = to_double_vector(actual);
    const auto want = to_double_vector(truth);
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        INFO("element " << i << ": " << got[i] << " vs " << want[i]);
        CHECK(((std::isnan(got[i]) && std::isnan(want[i])) || got[i] == want[i]));
    }
}

void check_tensor_header(const BinTensorHeader& header, const json& expected) {
    CHECK(header.data_type == expected["data_type"].get<std::int32_t>());
    CHECK(header.format == expected["format"].get<std::int32_t>());
    CHECK(header.shape == dims(expected["shape"]));
    CHECK(header.original_shape == dims(expected["original_shape"]));
    CHECK(header.size == expected["size"].get<std::uint64_t>());
}

void check_tensors(const BinDump& dump, const std::vector<BinTensor>& tensors,
                   const std::vector<BinTensorHeader>& headers, const json& expected,
                   const std::filesystem::path& root) {
    REQUIRE(tensors.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& entry = expected[i];
        INFO(dump.file << " " << entry["io"].get<std::string>() << " " << i);
        check_tensor_header(headers[i], entry);
        if (entry.contains("expect_error")) {
            REQUIRE(tensors[i].error);
            CHECK(tensors[i].error->file() == dump.file);
            CHECK(tensors[i].error->reason().rfind(entry["expect_error"].get<std::string>() + ":", 0) == 0);
            continue;
        }
        const auto truth_file = entry.contains("raw_npy") ? entry["raw_npy"] : entry["logical_npy"];
        check_same_values(tensors[i].view(), read_npy(root / truth_file.get<std::string>()), dump.file);
    }
}

void check_blobs(const std::vector<std::span<const std::byte>>& blobs, const json& expected,
                 const std::filesystem::path& root) {
    REQUIRE(blobs.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto truth = testing::read_file_text(root / expected[i]["raw_bin"].get<std::string>());
        CHECK(blobs[i].size() == expected[i]["size"].get<std::size_t>());
        CHECK(std::string(reinterpret_cast<const char*>(blobs[i].data()), blobs[i].size()) == truth);
    }
}

bool readable(const json& entry) {
    const auto expect = entry["expect"].get<std::string>();
    return expect != "error";
}

}  // namespace

TEST_CASE("every readable .bin fixture has its manifest's header and true values", "[fixtures][bin_dump]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = bin_fixtures(*fixtures);
    std::size_t files = 0;
    const json files_of = manifest(root);
    for (const auto& entry : files_of["files"]) {
        if (!readable(entry)) continue;
        const auto path = root / entry["file"].get<std::string>();
        INFO(path.string());
        const auto dump = read_bin_dump(path, {.legacy_layout = true});
        ++files;
        if (entry.contains("op_name")) CHECK(dump.header.op_name == entry["op_name"].get<std::string>());
        if (entry.contains("dump_time")) CHECK(dump.header.dump_time == entry["dump_time"].get<std::uint64_t>());
        if (entry.contains("version")) CHECK(dump.header.version == entry["version"].get<std::string>());
        if (entry["variant"] == "opdebug") {  // the record is checked below
            REQUIRE(dump.outputs.size() == 1);
            CHECK(dump.outputs[0].blob.size() == entry["payload_size"].get<std::size_t>());
            continue;
        }
        check_tensors(dump, dump.inputs, dump.header.inputs, entry.value("inputs", json::array()), root);
        check_tensors(dump, dump.outputs, dump.header.outputs, entry.value("outputs", json::array()), root);
        check_blobs(dump.buffers, entry.value("buffers", json::array()), root);
        check_blobs(dump.spaces, entry.value("spaces", json::array()), root);
        for (std::size_t i = 0; i < entry.value("buffers", json::array()).size(); ++i) {
            CHECK(dump.header.buffers[i].type == entry["buffers"][i]["buffer_type"].get<std::int32_t>());
        }
        if (entry.contains("attrs")) {
            REQUIRE(dump.header.attrs.size() == entry["attrs"].size());
            CHECK(dump.header.attrs[0].name == entry["attrs"][0]["name"].get<std::string>());
            CHECK(dump.header.attrs[0].value == entry["attrs"][0]["value"].get<std::string>());
        }
        if (entry.contains("mapped_name")) CHECK(dump.name == entry["mapped_name"].get<std::string>());
        const auto variant = entry["variant"].get<std::string>();
        CHECK((dump.container == BinContainerKind::Nano) == (variant == "nano"));
        CHECK((dump.container == BinContainerKind::Legacy) == (variant == "legacy_protobuf"));
        CHECK(dump.warnings.empty() == (entry["expect"] != "ok_with_warning"));
    }
    CHECK(files == 48);
}

TEST_CASE("the nano fixture takes its op name and dump time from the file name", "[fixtures][bin_dump]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dump = read_bin_dump(bin_fixtures(*fixtures) / "dumps/AddN.nano_addn.3.0.1700000000007000");
    CHECK(dump.header.op_name == "nano_addn");
    CHECK(dump.header.dump_time == 1700000000007000U);
    REQUIRE(dump.header.outputs[0].original_op);
    CHECK(dump.header.outputs[0].original_op->name == "AddN");
    CHECK(dump.header.inputs[0].nano_data_type == 1);
}

TEST_CASE("the multi-io fixture keeps original_op, address, offset and dim_range", "[fixtures][bin_dump]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto dump = read_bin_dump(bin_fixtures(*fixtures) / "dumps/Add.add_multi_io.5.1.1700000000003000");
    const auto& output = dump.header.outputs[0];
    REQUIRE(output.original_op);
    CHECK_FALSE(output.original_op->name.empty());
    CHECK(output.address != 0);
    CHECK(output.dim_range.size() == 2);
}

TEST_CASE("the legacy fixture is refused unless the legacy layout is asked for", "[fixtures][bin_dump]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto path = bin_fixtures(*fixtures) / "legacy/Cast.legacy_inline.70.0.1700000000009500";
    try {
        (void)read_bin_dump(path);
        FAIL("read without the legacy layout");
    } catch (const Error& error) {
        CHECK(error.file() == path.string());
        CHECK(error.reason().rfind("E_BAD_HEADER:", 0) == 0);
    }
}

TEST_CASE("every damaged .bin fixture is refused with the manifest's reason", "[fixtures][bin_dump]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = bin_fixtures(*fixtures);
    std::size_t refused = 0;
    const json files_of = manifest(root);
    for (const auto& entry : files_of["files"]) {
        if (readable(entry)) continue;
        const auto path = root / entry["file"].get<std::string>();
        const auto recommended = entry["recommended"].get<std::string>();
        const std::string code = recommended.substr(recommended.find("E_"));
        INFO(path.string() << " should fail with " << code);
        try {
            (void)read_bin_dump(path);
            FAIL("accepted");
        } catch (const Error& error) {
            CHECK(error.file() == path.string());
            CHECK(error.reason().rfind(code + ":", 0) == 0);
            ++refused;
        }
    }
    CHECK(refused == 6);
}

TEST_CASE("the op-debug fixtures decode to the manifest's records", "[fixtures][bin_dump]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = bin_fixtures(*fixtures);
    std::size_t records = 0;
    const json files_of = manifest(root);
    for (const auto& entry : files_of["files"]) {
        if (!entry.contains("decoded")) continue;
        const auto dump = read_bin_dump(root / entry["file"].get<std::string>());
        REQUIRE(dump.parsed_name);
        CHECK(dump.parsed_name->is_op_debug());
        const auto record = read_op_debug_record(dump);
        CHECK(json::parse(op_debug_json(record).dump()) == entry["decoded"]);
        ++records;
    }
    CHECK(records == 2);
}
