#include "kernel_dump_compare/op_dump.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>

#include "kernel_dump_compare/float_array.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::kernel_dump_compare;
namespace fs = std::filesystem;

namespace {

testing::Bytes float_bytes(const std::vector<float>& values) {
    testing::Bytes bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

// One thread's file of an FFTS+ auto-split Mul whose (4, 3) output is cut along dim 0 into two (2, 3) slices.
void write_slice(const fs::path& dir, int thread, const std::vector<float>& slice, bool cut = true) {
    testing::BinDumpSpec spec;
    spec.op_name = "net/ffts_mul";
    const std::string cut_list = cut ? "[[2, 1]]" : "[[1, 1]]";
    spec.attrs = {{"attr", R"({"threadMode": 1, "slice_instance_num": 2, "outputCutList": )" + cut_list +
                               R"(, "output_tensor_slice": [[[{"lower": 0, "higher": 2}, {"lower": 0, "higher": 3}]],
                                 [[{"lower": 2, "higher": 4}, {"lower": 0, "higher": 3}]]],
                           "input_tensor_slice": [[[{"lower": 0, "higher": 2}, {"lower": 0, "higher": 3}]],
                                 [[{"lower": 2, "higher": 4}, {"lower": 0, "higher": 3}]]]})"}};
    auto in = testing::tensor_spec(1, {4, 3}, float_bytes(slice));
    auto out = testing::tensor_spec(1, {4, 3}, float_bytes(slice));
    spec.inputs = {in};
    spec.outputs = {out};
    const auto bytes = testing::encode_bin_dump(spec);
    std::ofstream file(
        dir / ("Mul.ffts_mul.2.9.170000000000000" + std::to_string(thread) + ".4.487." + std::to_string(thread) + ".0"),
        std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

// ffts_parser.py FFTSParser.parse_ffts.
TEST_CASE("op dump: FFTS+ auto-split slices are put back together along the cut axis", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_op_dump_ffts");
    write_slice(dir, 1, {7, 8, 9, 10, 11, 12});  // listed first: the files are sorted by thread
    write_slice(dir, 0, {1, 2, 3, 4, 5, 6});
    const DumpFolder folder(dir, false);
    const OpFiles* files = folder.find("ffts_mul");
    REQUIRE(files != nullptr);
    CHECK(files->mode == TaskMode::FftsAutomatic);
    const OpDump dump = read_op_dump(*files, DumpKind::Offline);
    CHECK(dump.slices_complete);
    REQUIRE(dump.data.outputs.size() == 1);
    CHECK(dump.data.outputs[0].shape == std::vector<std::int64_t>{4, 3});
    CHECK(float32_values(dump.data.outputs[0].values) == std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    CHECK(dump.data.op_name == "net/ffts_mul");
    CHECK(dump.shown_path.ends_with("Mul.ffts_mul.2.9.*"));  // the first file's path to its fourth dot
    // Inputs are the first thread's.
    CHECK(float32_values(dump.data.inputs[0].values) == std::vector<float>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("op dump: FFTS+ slices without a cut axis: the latest slice stands for the op", "[kernel_dump_compare]") {
    const auto dir = testing::scratch_dir("kdc_op_dump_ffts_uncut");
    write_slice(dir, 0, {1, 2, 3, 4, 5, 6}, false);
    write_slice(dir, 1, {7, 8, 9, 10, 11, 12}, false);
    const DumpFolder folder(dir, false);
    const OpDump dump = read_op_dump(*folder.find("ffts_mul"), DumpKind::Offline);
    CHECK(float32_values(dump.data.outputs[0].values) == std::vector<float>{7, 8, 9, 10, 11, 12});
    CHECK(fs::path(dump.shown_path).filename().string() == "Mul.ffts_mul.2.9.1700000000000001.4.487.1.0");
}
