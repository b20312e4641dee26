// dc's conversion as msprobe's parse tool reports it: the log lines, the panel of converted files (msprobe's
// listing pattern), a target layout, a damaged dump, and the shared samples against msaccucmp's own files.
#include "parse/kernel_dump_to_npy.hpp"

#include <catch2/catch.hpp>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/captured_output.hpp"
#include "support/device_layout_packer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/tensor_file.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::parse;
using msprobe::testing::BinDumpSpec;
using msprobe::testing::bytes_of;
using msprobe::testing::tensor_spec;

namespace {

constexpr std::int32_t kFloat = 1, kInt32 = 7;
constexpr const char* kDumpName = "Add.net_add.5.1.1700000000003000";

// Two float32 inputs, an int32 output and an L1 buffer.
testing::Bytes add_dump() {
    BinDumpSpec spec;
    spec.op_name = "net/add";
    spec.dump_time = 1700000000003000;
    spec.inputs.push_back(tensor_spec(kFloat, {2, 2}, bytes_of(std::vector<float>{1, 2, 3, 4})));
    spec.inputs.push_back(tensor_spec(kFloat, {2, 2}, bytes_of(std::vector<float>{0.5F, 0.5F, 0.5F, 0.5F})));
    spec.outputs.push_back(tensor_spec(kInt32, {4}, bytes_of(std::vector<std::int32_t>{1, 2, 3, 4})));
    spec.buffers.push_back({0, testing::Bytes(3, std::byte{9})});
    return testing::encode_bin_dump(spec);
}

fs::path write_add_dump(const fs::path& dir) {
    fs::create_directories(dir);
    testing::write_bytes(dir / kDumpName, add_dump());
    return dir / kDumpName;
}

struct Run {
    std::string panel;
    std::string log;
};

Run run(const NpyConvertRequest& request) {
    ThreadPool pool(2);
    std::ostringstream out;
    Run r;
    r.log = testing::captured_output(STDOUT_FILENO, [&] { convert_to_npy(request, pool, out); });
    r.panel = out.str();
    return r;
}

}  // namespace

TEST_CASE("msprobe's listing pattern takes converted tensors and nothing else", "[parse][dc]") {
    for (const char* name :
         {"Add.net_add.5.1.1700000000003000.input.0.npy", "Add.net_add.5.1700000000003000.output.1.npy",
          "TransData.trans-1.100.5.1700000000002000.output.0.2x19x3x5.npy"}) {
        INFO(name);
        CHECK(listed_in_panel(name));
    }
    for (const char* name :
         {"Add.net_add.5.1.1700000000003000.l1buffer.0.bin", "Opdebug.Node_OpDebug.7.3.1700000000008010.output.0.json",
          "Mul.ffts_mul.4.9.1700000000005000.4.2.1.0.output.0.npy", "1700000000123456789.output.0.npy",
          "e97a01652232334b8465de7a5aa9dbb9.npy", "mapping.csv", "Add.net.add.5.1.1700000000003000.input.0.npy",
          "Add.net_add.5.1.1700000000003000.Input.0.npy", "Add.net_add.5.1.1700000000003000.input.0.npy.txt"}) {
        INFO(name);
        CHECK_FALSE(listed_in_panel(name));
    }
}

TEST_CASE("dc on one file: msprobe's log lines, then SrcFile and the converted tensors", "[parse][dc]") {
    const auto dir = testing::scratch_dir("parse_dc_file");
    const auto file = write_add_dump(dir / "dump");
    const auto output = dir / "out";
    const Run r = run({file.string(), output, std::nullopt});
    const std::string name = kDumpName;
    CHECK(r.panel == "SrcFile: " + file.string() + "\n - " + name + ".input.0.npy\n - " + name + ".input.1.npy\n - " +
                         name + ".output.0.npy\n");
    CHECK_THAT(r.log, Catch::Contains("[INFO] Covert file is: " + file.string() + "\n"));
    CHECK_THAT(r.log, Catch::Contains("[INFO] Transfer result is saved in : " + fs::canonical(output).string() + "\n"));
    CHECK(r.log.find("Covert file is") < r.log.find("Transfer result"));
    // The buffer is written, as msaccucmp writes it, but not listed.
    CHECK(testing::read_file_text(output / (name + ".l1buffer.0.bin")) == std::string(3, '\x09'));
    const auto values = tensor::read_npy(output / (name + ".input.0.npy"));
    CHECK(values.shape == std::vector<std::int64_t>{2, 2});
    CHECK(tensor::to_double_vector(values) == std::vector<double>{1, 2, 3, 4});
}

TEST_CASE("dc on a folder with a target layout: dims in the names, tensors only", "[parse][dc]") {
    const auto dir = testing::scratch_dir("parse_dc_format");
    const std::vector<std::int64_t> nchw{2, 19, 3, 5};
    std::vector<float> logical(2 * 19 * 3 * 5);
    for (std::size_t i = 0; i < logical.size(); ++i) logical[i] = static_cast<float>(i);
    const auto packed = testing::pack_device_layout(bytes_of(logical), 4, tensor::AscendFormat::NC1HWC0, nchw);
    BinDumpSpec spec;
    spec.op_name = "net/trans";
    auto output = tensor_spec(kFloat, {packed.device_shape.begin(), packed.device_shape.end()}, packed.bytes,
                              static_cast<std::int32_t>(tensor::AscendFormat::NC1HWC0));
    output.original_shape = std::vector<std::uint64_t>(nchw.begin(), nchw.end());
    spec.outputs.push_back(std::move(output));
    fs::create_directories(dir / "dump");
    testing::write_bytes(dir / "dump" / "TransData.trans.100.5.1700000000002000", testing::encode_bin_dump(spec));
    write_add_dump(dir / "dump");

    const Run r = run({(dir / "dump").string(), dir / "out", "NHWC"});
    CHECK_THAT(r.log, Catch::Contains("[INFO] Convert all files in path: " + (dir / "dump").string() + "\n"));
    CHECK(r.panel == "SrcFile: " + (dir / "dump").string() +
                         "\n - Add.net_add.5.1.1700000000003000.input.0.2x2.npy"
                         "\n - Add.net_add.5.1.1700000000003000.input.1.2x2.npy"
                         "\n - Add.net_add.5.1.1700000000003000.output.0.4.npy"
                         "\n - TransData.trans.100.5.1700000000002000.output.0.2x3x5x19.npy\n");
    CHECK_FALSE(fs::exists(dir / "out" / "Add.net_add.5.1.1700000000003000.l1buffer.0.bin"));
}

TEST_CASE("dc on a damaged dump: an error, no panel, nothing written", "[parse][dc]") {
    const auto dir = testing::scratch_dir("parse_dc_damaged");
    const auto file = dir / kDumpName;
    testing::write_bytes(file, testing::truncated(add_dump(), 5));
    ThreadPool pool(1);
    std::ostringstream out;
    try {
        convert_to_npy({file.string(), dir / "out", std::nullopt}, pool, out);
        FAIL("converted");
    } catch (const Error& error) {
        CHECK(error.file() == file.string());
    }
    CHECK(out.str().empty());
    CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("dc on the shared samples lists what msaccucmp's convert wrote for them", "[parse][dc][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    const auto expected = root / "expected";
    std::ifstream commands_file(expected / "commands.json");
    const auto commands = nlohmann::json::parse(commands_file);
    const auto dir = testing::scratch_dir("parse_dc_samples");
    std::size_t runs = 0, listed = 0;
    for (const auto& command : commands) {
        const auto tag = command["tag"].get<std::string>();
        const std::string text = command["command"].get<std::string>();
        const bool plain = tag.starts_with("plain/") && text.find("$FX/dumps/") != std::string::npos;
        const bool nchw = tag.starts_with("fmt_NCHW/TransData.layout_transdata_nc1hwc0_fp16");
        if ((!plain && !nchw) || command["exit_code"] != 0) continue;
        const auto start = text.find("$FX/dumps/") + 10;
        const std::string file = text.substr(start, text.find(' ', start) - start);
        const std::string run_dir = tag.substr(0, tag.find('/'));
        INFO(tag);
        // What msprobe's panel shows for a fresh output folder: msaccucmp's files that its pattern takes.
        std::string want = "SrcFile: " + (root / "dumps" / file).string() + "\n";
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(expected / run_dir)) {
            const auto name = entry.path().filename().string();
            if (name.starts_with(file + ".") && listed_in_panel(name)) names.push_back(name);
        }
        std::sort(names.begin(), names.end());
        for (const auto& name : names) want += " - " + name + "\n";
        const auto output = dir / (std::to_string(runs) + run_dir);
        const Run r =
            run({(root / "dumps" / file).string(), output, nchw ? std::optional<std::string>("NCHW") : std::nullopt});
        CHECK(r.panel == want);
        listed += names.size();
        ++runs;
    }
    CHECK(runs == 40);  // every plain run over dumps/ that msaccucmp finished, and one NCHW run
    CHECK(listed == 47);
    // A tensor msaccucmp decodes right: the same bytes.
    const std::string float32 = "DtypeProbe.dtype_float32.10.2.1700000000001000.output.0.npy";
    const auto converted = dir / "float32";
    run({(root / "dumps" / "DtypeProbe.dtype_float32.10.2.1700000000001000").string(), converted, std::nullopt});
    CHECK(testing::read_file_text(converted / float32) == testing::read_file_text(expected / "plain" / float32));
}
