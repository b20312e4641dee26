// The overflow summary of op-debug files: msprobe's text shape, the values of
// the overflowing op in their logical layout, and the files overflow_check writes.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <regex>

#include "common/error.hpp"
#include "common/thread_pool.hpp"
#include "overflow/op_debug_report.hpp"
#include "overflow/overflow_check_job.hpp"
#include "support/bin_dump_writer.hpp"
#include "tensor/tensor_file.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::overflow;
using namespace msprobe::testing;

namespace {

// A 1x3x1x1 float16 NC1HWC0 input (C0 = 16, 13 lanes of padding holding 7) and an output with an inf.
fs::path conv_overflow_tree(const std::string& name) {
    const fs::path dir = scratch_dir("op_debug_report_" + name);
    write_bytes(dir / "Opdebug.Node_OpDebug.7.3.1700000000000100",
                encode_op_debug_dump(new_op_debug_record(0, 0, {0, 3, 7, 0, 0, 0, 0x10, 0x20, 1, 2, 0x10})));
    std::vector<std::uint16_t> input(16, 0x4700);  // 7.0 in the padding
    input[0] = 0x3C00;                             // 1.0
    input[1] = 0x4000;                             // 2.0
    input[2] = 0xC200;                             // -3.0
    BinDumpSpec conv;
    conv.op_name = "net/conv";
    auto in = tensor_spec(2, {1, 1, 1, 1, 16}, bytes_of(input), 3);
    in.original_shape = std::vector<std::uint64_t>{1, 3, 1, 1};
    conv.inputs.push_back(in);
    conv.outputs.push_back(tensor_spec(1, {2}, bytes_of(std::vector<float>{INFINITY, 1})));
    write_bytes(dir / "Conv2D.conv.7.3.1700000000000050", encode_bin_dump(conv));
    return dir;
}

}  // namespace

TEST_CASE("an overflow is described by its op, block, time stamp and the op's logical values", "[overflow][op_debug]") {
    const fs::path dir = conv_overflow_tree("text");
    const auto entry = describe_overflow(trace_op_debug_file(dir / "Opdebug.Node_OpDebug.7.3.1700000000000100"));
    REQUIRE(entry.op);
    CHECK(entry.op->op_type == "Conv2D");
    CHECK(entry.op->op_name == "net/conv");
    REQUIRE(entry.op->tensors.size() == 2);
    CHECK(entry.op->tensors[0].values->shape == std::vector<std::int64_t>{1, 3, 1, 1});
    CHECK(op_debug_summary_text({entry}) ==
          std::string(49, '=') + "[1]" + std::string(50, '=') + "\n"
          "[Conv2D] net/conv\n"
          " [AIC][TaskId:7][StreamId:3][Status:16]\n"
          " [timestamp:1700000000000100]\n"
          " Conv2D.conv.7.3.1700000000000050.input.0.npy\n"
          " -[Format: NCHW] [Shape: (1, 3, 1, 1)] [Dtype: float16] [Max: 2.0] [Min: -3.0] [Mean: 0.0]\n"
          " Conv2D.conv.7.3.1700000000000050.output.0.npy\n"
          " -[Format: ND] [Shape: (2,)] [Dtype: float32] [Max: inf] [Min: 1.0] [Mean: inf]\n");
}

TEST_CASE("an overflow without its kernel dump keeps only the rule, kind and time stamp", "[overflow][op_debug]") {
    const fs::path dir = scratch_dir("op_debug_report_alone");
    write_bytes(dir / "Opdebug.Node_OpDebug.9.3.1700000000000050",
                encode_op_debug_dump(old_op_debug_record(3, 9, 0x80)));
    const auto entry = describe_overflow(trace_op_debug_file(dir / "Opdebug.Node_OpDebug.9.3.1700000000000050"));
    CHECK(op_debug_summary_text({entry}) == std::string(49, '=') + "[1]" + std::string(50, '=') +
                                                "\n [AI Core][TaskId:9][StreamId:3][Status:128]\n"
                                                " [timestamp:1700000000000050]\n");
    CHECK(op_debug_report_json({entry})["overflows"][0]["kernel_dump"].is_null());
}

TEST_CASE("overflow_check on a kernel dump tree writes the summary and each record, together", "[overflow][op_debug]") {
    const fs::path dir = conv_overflow_tree("job");
    const fs::path out = scratch_dir("op_debug_report_job_out");
    OverflowCheckOptions options;
    options.input = dir;
    options.output_dir = out;
    ThreadPool pool(2);
    const auto result = run_overflow_check(options, pool);
    CHECK(result.overflow_found());
    REQUIRE(result.op_debug.size() == 1);
    CHECK_THAT(result.text, Catch::StartsWith("1 op-debug file(s) in "));
    REQUIRE(result.written.size() == 4);
    CHECK(std::regex_match(result.written[0].filename().string(), std::regex(R"(overflow_summary_\d{14}\.txt)")));
    CHECK(read_file_text(result.written[0]) == op_debug_summary_text(result.op_debug));
    CHECK(result.written[1] == out / "Opdebug.Node_OpDebug.7.3.1700000000000100.output.0.json");
    CHECK_THAT(read_file_text(result.written[1]), Catch::Contains("\"acc_type\": \"AIC\""));
    // The overflowing op's values in their logical layout, padding dropped.
    CHECK(result.written[2] == out / "Conv2D.conv.7.3.1700000000000050.input.0.npy");
    const auto input = tensor::read_tensor_file(result.written[2]);
    CHECK(input.shape == std::vector<std::int64_t>{1, 3, 1, 1});
    CHECK(tensor::to_double_vector(input) == std::vector<double>{1, 2, -3});
    CHECK(tensor::to_double_vector(tensor::read_tensor_file(result.written[3]))[0] == INFINITY);

    options.format = ReportFormat::Csv;
    CHECK_THROWS_AS(run_overflow_check(options, pool), Error);
}

TEST_CASE("records that point at one kernel dump share its reading and write its tensors once",
          "[overflow][op_debug]") {
    const fs::path dir = conv_overflow_tree("shared");
    // 200 more records of the same task and stream: all point at Conv2D.conv.
    for (int i = 0; i < 200; ++i) {
        write_bytes(dir / fmt::format("Opdebug.Node_OpDebug.7.3.{}", 1700000000001000 + i),
                    encode_op_debug_dump(new_op_debug_record(0, 0, {0, 3, 7, 0, 0, 0, 0x10, 0x20, 1, 2, 0x10})));
    }
    const fs::path out = scratch_dir("op_debug_report_shared_out");
    OverflowCheckOptions options;
    options.input = dir;
    options.output_dir = out;
    options.format = ReportFormat::Json;
    ThreadPool pool(2);
    const auto result = run_overflow_check(options, pool);
    REQUIRE(result.op_debug.size() == 201);
    for (const auto& entry : result.op_debug) {
        REQUIRE(entry.op);
        CHECK(entry.op == result.op_debug.front().op);  // one description, not 201
    }
    // The summary, the json report, 201 record files and the op's two tensors once.
    CHECK(result.written.size() == 1 + 1 + 201 + 2);
    CHECK(std::count_if(result.written.begin(), result.written.end(), [](const fs::path& file) {
              return file.extension() == ".npy";
          }) == 2);
    // Each record still lists the op's tensors, as msprobe's summary does.
    const std::string text = read_file_text(result.written[0]);
    std::size_t listed = 0;
    for (auto at = text.find("Conv2D.conv.7.3.1700000000000050.output.0.npy"); at != std::string::npos;
         at = text.find("Conv2D.conv.7.3.1700000000000050.output.0.npy", at + 1)) {
        ++listed;
    }
    CHECK(listed == 201);
}

TEST_CASE("the op-debug samples give msprobe's summary, with the NC1HWC0 input in its logical layout",
          "[overflow][op_debug][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path samples = *fixtures / "bin_dumps";
    OverflowCheckOptions options;
    options.input = samples / "overflow";
    options.output_dir = scratch_dir("op_debug_report_fixtures");
    ThreadPool pool(2);
    const auto result = run_overflow_check(options, pool);
    std::string expected;
    for (const auto& entry : fs::directory_iterator(samples / "expected" / "overflow")) {
        const auto name = entry.path().filename().string();
        if (name.starts_with("overflow_summary_")) expected = read_file_text(entry.path());
        if (name.ends_with(".json")) CHECK(read_file_text(*options.output_dir / name) == read_file_text(entry.path()));
        // Every .npy as msprobe writes it, but the NC1HWC0 input, which msprobe keeps in its device layout.
        if (name.ends_with(".npy") && name != "Conv2D.conv_overflow.7.3.1700000000008000.input.0.npy") {
            INFO(name);
            CHECK(read_file_text(*options.output_dir / name) == read_file_text(entry.path()));
        }
    }
    // msprobe describes the device array, padding lanes included (a zero Max that no channel holds).
    const std::string device_line =
        " -[Format: NC1HWC0] [Shape: (1, 1, 2, 2, 16)] [Dtype: float16] [Max: 0.0] [Min: -125.0] [Mean: -18.67]";
    const std::string logical_line =
        " -[Format: NCHW] [Shape: (1, 3, 2, 2)] [Dtype: float16] [Max: -74.1] [Min: -125.0] [Mean: -99.56]";
    REQUIRE(expected.find(device_line) != std::string::npos);
    expected.replace(expected.find(device_line), device_line.size(), logical_line);
    CHECK(op_debug_summary_text(result.op_debug) == expected);
}
