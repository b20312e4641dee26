// `msprobe parse -d` end to end: the spellings, the summary line and its JSON,
// the exit codes, one line on stderr naming a damaged file, and nothing
// written then.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

#include "msprobe_process.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor/tensor_file.hpp"

namespace fs = std::filesystem;
using msprobe::testing::BinDumpSpec;
using msprobe::testing::bytes_of;
using msprobe::testing::run_msprobe;
using msprobe::testing::scratch_dir;

namespace {

constexpr const char* kDumpName = "Add.net_add.5.1.1700000000003000";

// A folder with one dump of two inputs and an output (float32 values 1..6).
fs::path dump_folder(const fs::path& dir) {
    BinDumpSpec spec;
    spec.op_name = "net/add";
    spec.dump_time = 1700000000003000;
    spec.inputs.push_back(msprobe::testing::tensor_spec(1, {2, 3}, bytes_of(std::vector<float>{1, 2, 3, 4, 5, 6})));
    spec.inputs.push_back(msprobe::testing::tensor_spec(7, {1}, bytes_of(std::vector<std::int32_t>{9})));
    spec.outputs.push_back(msprobe::testing::tensor_spec(1, {3, 2}, bytes_of(std::vector<float>{6, 5, 4, 3, 2, 1})));
    const auto folder = dir / "dump";
    fs::create_directories(folder);
    msprobe::testing::write_bytes(folder / kDumpName, msprobe::testing::encode_bin_dump(spec));
    return folder;
}

std::size_t lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("parse -d writes .pt files into ./output by default and names them", "[cli][parse][kernel_dump]") {
    const auto dir = scratch_dir("parse_kernel_dump_default");
    dump_folder(dir);
    const auto result = run_msprobe({"parse", "-d", "dump"}, dir);
    CHECK(result.exit_code == 0);
    CHECK(result.err.empty());
    CHECK(result.out.starts_with("Converted 1 dump files: 3 tensor files, 0 other files, 0 warnings.\n"
                                 "Into: ./output\nWritten:\n  ./output/"));
    const auto output = msprobe::tensor::read_pt(dir / "output" / (std::string(kDumpName) + ".output.0.pt"));
    CHECK(output.shape == std::vector<std::int64_t>{3, 2});
    CHECK(msprobe::tensor::to_double_vector(output) == std::vector<double>{6, 5, 4, 3, 2, 1});
}

TEST_CASE("parse -d takes argparse's spellings of -t, -o and -f", "[cli][parse][kernel_dump]") {
    const auto dir = scratch_dir("parse_kernel_dump_spellings");
    dump_folder(dir);
    const std::vector<std::vector<std::string>> spellings{
        {"parse", "-d", "dump", "-t", "npy", "-o", "a"},
        {"parse", "--dump_path", "dump", "--type", "npy", "--output_path", "b"},
        {"parse", "--dump_path=dump", "--type=npy", "--output=c"},
        {"parse", "-ddump", "-tnpy", "-od"},
    };
    for (const auto& args : spellings) {
        INFO(args.back());
        const auto result = run_msprobe(args, dir);
        CHECK(result.exit_code == 0);
        CHECK(fs::exists(dir / args.back().substr(args.back().find_last_of("=o") + 1) /
                         (std::string(kDumpName) + ".input.0.npy")));
    }
    // -o without a value is the default folder; -f names the target layout.
    const auto target = run_msprobe({"parse", "-d", "dump", "-t", "npy", "-f", "ND", "-o"}, dir);
    CHECK(target.exit_code == 0);
    CHECK(fs::exists(dir / "output" / (std::string(kDumpName) + ".input.0.2x3.npy")));
    const auto long_target = run_msprobe({"parse", "-d", "dump", "--target_format", "ND", "-o", "e"}, dir);
    CHECK(long_target.exit_code == 0);
    CHECK(fs::exists(dir / "e" / (std::string(kDumpName) + ".output.0.3x2.pt")));
}

TEST_CASE("parse -d --format json summarises the run for machines", "[cli][parse][kernel_dump]") {
    const auto dir = scratch_dir("parse_kernel_dump_json");
    dump_folder(dir);
    const auto result = run_msprobe({"parse", "-d", "dump", "-t", "npy", "-o", "out", "--format", "json"}, dir);
    REQUIRE(result.exit_code == 0);
    const auto summary = nlohmann::json::parse(result.out);
    CHECK(summary["files"] == 1);
    CHECK(summary["tensors"] == 3);
    CHECK(summary["type"] == "npy");
    CHECK(summary["warnings"].empty());
    CHECK(summary["written"].size() == 3);
    CHECK(summary["written"][0] == "out/" + std::string(kDumpName) + ".input.0.npy");
}

TEST_CASE("parse -d refuses a damaged file in one line, exit 2, writing nothing", "[cli][parse][kernel_dump]") {
    const auto dir = scratch_dir("parse_kernel_dump_damaged");
    const auto folder = dump_folder(dir);
    BinDumpSpec spec;
    spec.op_name = "x";
    spec.outputs.push_back(msprobe::testing::tensor_spec(1, {4}, bytes_of(std::vector<float>{1, 2, 3, 4})));
    const auto bytes = msprobe::testing::encode_bin_dump(spec);
    msprobe::testing::write_bytes(folder / "Z.broken.1.1.1700000000000001", msprobe::testing::truncated(bytes, 5));
    const auto result = run_msprobe({"parse", "-d", "dump", "-o", "out"}, dir);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(lines(result.err) == 1);
    CHECK_THAT(result.err, Catch::StartsWith("msprobe parse: error: dump/Z.broken.1.1.1700000000000001: E_TRUNCATED:"));
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("parse -d: a missing path, an empty folder and bad combinations are refused", "[cli][parse][kernel_dump]") {
    const auto dir = scratch_dir("parse_kernel_dump_usage");
    dump_folder(dir);
    fs::create_directories(dir / "empty");
    const auto missing = run_msprobe({"parse", "-d", "nowhere"}, dir);
    CHECK(missing.exit_code == 2);
    CHECK(missing.err ==
          "msprobe parse: error: The path 'nowhere' does not exist or is not a valid file or directory. Please check "
          "the path.\n");
    const auto empty = run_msprobe({"parse", "-d", "empty"}, dir);
    CHECK(empty.exit_code == 2);
    CHECK(empty.err == "msprobe parse: error: The directory 'empty' is empty or cannot be accessed.\n");
    CHECK(run_msprobe({"parse", "-d", "dump", "-t", "bin"}, dir).exit_code == 2);
    CHECK(run_msprobe({"parse", "-d", "dump", "-f", "NOT_A_FORMAT"}, dir).exit_code == 2);
    CHECK(run_msprobe({"parse", "-d", "dump", "x.pt"}, dir).exit_code == 2);
    CHECK(run_msprobe({"parse", "x.pt", "-t", "npy"}, dir).exit_code == 2);
    CHECK(run_msprobe({"parse", "-d", "dump", "--api", "Functional.relu.0"}, dir).exit_code == 2);
    CHECK(run_msprobe({"parse", "-d", "dump", "--interactive"}, dir).exit_code == 2);
    CHECK_FALSE(fs::exists(dir / "output"));
}

TEST_CASE("parse -d on the damaged samples: exit 2 and one line naming the file, or a warning where the manifest "
          "accepts the file", "[cli][parse][kernel_dump][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    const auto dir = scratch_dir("parse_kernel_dump_corrupt_samples");
    std::ifstream manifest_file(root / "manifest.json");
    const auto manifest = nlohmann::json::parse(manifest_file);
    for (const auto& sample : manifest["files"]) {
        const auto file = sample["file"].get<std::string>();
        if (!file.starts_with("corrupt/")) continue;
        INFO(file);
        const auto out = dir / fs::path(file).filename();
        const auto result = run_msprobe({"parse", "-d", (root / file).string(), "-t", "npy", "-o", out.string()}, dir);
        if (sample["expect"] == "error") {
            CHECK(result.exit_code == 2);
            CHECK(lines(result.err) == 1);
            CHECK_THAT(result.err, Catch::Contains((root / file).string()));
            CHECK_FALSE(fs::exists(out));
        } else {
            CHECK(result.exit_code == 0);
            const bool warned =
                (result.out + result.err).find("[WARNING] " + (root / file).string()) != std::string::npos;
            CHECK(warned == (sample["expect"] != "ok"));
            CHECK(fs::exists(out));
        }
    }
}

TEST_CASE("parse -d refuses a file of 200 000 one-byte outputs and a header of groups in one line, exit 2",
          "[cli][parse][kernel_dump]") {
    const auto dir = scratch_dir("parse_kernel_dump_hostile");
    const auto folder = dump_folder(dir);
    msprobe::testing::write_bytes(folder / "Z.many.1.1.1700000000000001",
                                  msprobe::testing::encode_bin_dump(msprobe::testing::one_byte_outputs(200'000)));
    const auto many = run_msprobe({"parse", "-d", "dump", "-o", "out"}, dir);
    CHECK(many.exit_code == 2);
    CHECK(many.out.empty());
    CHECK(many.err == "msprobe parse: error: dump/Z.many.1.1.1700000000000001: E_LIMIT: the header lists 200000 "
                      "tensors, buffers and workspaces (at most 16384 per file)\n");
    CHECK_FALSE(fs::exists(dir / "out"));

    fs::remove(folder / "Z.many.1.1.1700000000000001");
    BinDumpSpec spec;
    spec.op_name = "x";
    spec.outputs.push_back(msprobe::testing::tensor_spec(1, {1}, bytes_of(std::vector<float>{1})));
    const auto grouped = msprobe::testing::with_header_fields(
        msprobe::testing::encode_bin_dump(spec),
        msprobe::testing::group_field(9, msprobe::testing::varint_field(1, 7)));
    msprobe::testing::write_bytes(folder / "Z.grouped.1.1.1700000000000001", grouped);
    const auto group = run_msprobe({"parse", "-d", "dump", "-o", "out"}, dir);
    CHECK(group.exit_code == 2);
    CHECK(lines(group.err) == 1);
    CHECK_THAT(group.err, Catch::StartsWith("msprobe parse: error: dump/Z.grouped.1.1.1700000000000001: E_BAD_HEADER: "
                                            "the ") &&
                              Catch::Contains("-byte header is not a DumpData protobuf message: field 9 is a group"));
    CHECK_FALSE(fs::exists(dir / "out"));
}
