// Op-debug files found in a kernel dump tree and traced to the kernel dump of
// the op that overflowed.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "overflow/op_debug_overflow.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::overflow;
using namespace msprobe::testing;

namespace {

// An AIC record (version 0) naming task/stream, with a context id when given.
Bytes aic_record(std::uint64_t task, std::uint64_t stream, std::uint64_t status, std::uint64_t context = 0) {
    return new_op_debug_record(0, 0, {0, stream, task, 0, context, 0, 0x1000, 0x2000, 1, 2, status});
}

Bytes float_dump(const std::string& op_name, std::vector<float> values) {
    BinDumpSpec spec;
    spec.op_name = op_name;
    spec.outputs.push_back(tensor_spec(1, {values.size()}, bytes_of(values)));
    return encode_bin_dump(spec);
}

// dir/ holds an AIC overflow of task 7 (two dumps of that task, an unrelated one), a deeper old-layout
// overflow of task 9 with no dump, and a digit-named op-debug file with a zero status.
fs::path overflow_tree(const std::string& name) {
    const fs::path dir = scratch_dir("op_debug_" + name);
    write_bytes(dir / "Opdebug.Node_OpDebug.7.3.1700000000000100", encode_op_debug_dump(aic_record(7, 3, 0x10)));
    write_bytes(dir / "Conv2D.conv_a.7.3.1700000000000090", float_dump("net/conv_a", {2, 3}));
    write_bytes(dir / "Conv2D.conv_a.7.3.1700000000000050", float_dump("net/conv_a", {1, 2}));
    write_bytes(dir / "Add.add_b.8.3.1700000000000060", float_dump("net/add_b", {5}));
    fs::create_directories(dir / "device1");
    write_bytes(dir / "device1" / "Opdebug.Node_OpDebug.9.3.1700000000000050",
                encode_op_debug_dump(old_op_debug_record(3, 9, 0x80)));
    write_bytes(dir / "999", encode_op_debug_dump(aic_record(11, 3, 0)));
    write_file(dir / "mapping.csv", "999,Opdebug.Node_OpDebug.11.3.1700000000000200\n");
    return dir;
}

}  // namespace

TEST_CASE("op-debug files are found at any depth and through mapping.csv, earliest first", "[overflow][op_debug]") {
    const fs::path dir = overflow_tree("find");
    CHECK(find_op_debug_files(dir) ==
          std::vector<fs::path>{dir / "device1" / "Opdebug.Node_OpDebug.9.3.1700000000000050",
                                dir / "Opdebug.Node_OpDebug.7.3.1700000000000100", dir / "999"});
    CHECK(find_op_debug_files(dir / "device1").size() == 1);
}

TEST_CASE("an AIC overflow is traced to the earliest dump of its task and stream", "[overflow][op_debug]") {
    const fs::path dir = overflow_tree("aic");
    const auto overflow = trace_op_debug_file(dir / "Opdebug.Node_OpDebug.7.3.1700000000000100");
    CHECK(overflow.timestamp == 1700000000000100U);
    REQUIRE(overflow.sources.size() == 1);
    CHECK(overflow.sources[0].kind == "AIC");
    CHECK(overflow.sources[0].task_id == 7);
    CHECK(overflow.sources[0].stream_id == 3);
    CHECK(overflow.sources[0].status_text == "16");
    CHECK_FALSE(overflow.context_id);
    CHECK(overflow.kernel_dump == dir / "Conv2D.conv_a.7.3.1700000000000050");
}

TEST_CASE("an old-layout record names its overflowing block, no dump of its task leaves none", "[overflow][op_debug]") {
    const fs::path dir = overflow_tree("old");
    const auto overflow = trace_op_debug_file(dir / "device1" / "Opdebug.Node_OpDebug.9.3.1700000000000050");
    REQUIRE(overflow.sources.size() == 1);
    CHECK(overflow.sources[0].kind == "AI Core");
    CHECK(overflow.sources[0].task_id == 9);
    CHECK(overflow.sources[0].status_text == "128");
    CHECK_FALSE(overflow.kernel_dump);
}

TEST_CASE("a record without a non-zero status is no overflow", "[overflow][op_debug]") {
    const fs::path dir = overflow_tree("zero");
    const auto overflow = trace_op_debug_file(dir / "999");
    CHECK(overflow.timestamp == 1700000000000200U);
    CHECK(overflow.sources.empty());
    CHECK_FALSE(overflow.kernel_dump);
}

TEST_CASE("a context id in the record must match the dump's extended name", "[overflow][op_debug]") {
    const fs::path dir = scratch_dir("op_debug_context");
    write_bytes(dir / "Opdebug.Node_OpDebug.4.9.1700000000000100", encode_op_debug_dump(aic_record(4, 9, 1, 2)));
    write_bytes(dir / "Mul.mul.4.9.1700000000000010.4.1.0.0", float_dump("net/mul", {1}));
    write_bytes(dir / "Mul.mul.4.9.1700000000000020.4.2.0.0", float_dump("net/mul", {2}));
    const auto overflow = trace_op_debug_file(dir / "Opdebug.Node_OpDebug.4.9.1700000000000100");
    CHECK(overflow.context_id == 2U);
    CHECK(overflow.kernel_dump == dir / "Mul.mul.4.9.1700000000000020.4.2.0.0");
}

TEST_CASE("a damaged op-debug file is refused naming it", "[overflow][op_debug]") {
    const fs::path dir = scratch_dir("op_debug_damaged");
    const fs::path file = dir / "Opdebug.Node_OpDebug.7.3.1700000000000100";
    write_bytes(file, truncated(encode_op_debug_dump(aic_record(7, 3, 1)), 3));
    try {
        (void)trace_op_debug_file(file);
        FAIL("accepted");
    } catch (const Error& error) {
        CHECK(error.file() == file.string());
    }
}

TEST_CASE("the op-debug samples are traced to their kernel dumps", "[overflow][op_debug][fixtures]") {
    const auto fixtures = shared_fixtures_or_skip();
    if (!fixtures) return;
    const fs::path dir = *fixtures / "bin_dumps" / "overflow";
    const auto files = find_op_debug_files(dir);
    REQUIRE(files.size() == 2);
    const auto aic = trace_op_debug_file(files[0]);
    CHECK(aic.sources.at(0).status_text == "[16, 0, 0, 0]");
    CHECK(aic.kernel_dump == dir / "Conv2D.conv_overflow.7.3.1700000000008000");
    const auto old = trace_op_debug_file(files[1]);
    CHECK(old.sources.at(0).kind == "AI Core");
    CHECK(old.kernel_dump == dir / "Relu.relu_overflow.9.3.1700000000008020");
}

TEST_CASE("overflows of one folder share one listing of its kernel dumps", "[overflow][op_debug]") {
    const fs::path dir = overflow_tree("shared_index");
    KernelDumpIndex index;
    const auto first = trace_op_debug_file(dir / "Opdebug.Node_OpDebug.7.3.1700000000000100", index);
    CHECK(first.kernel_dump == dir / "Conv2D.conv_a.7.3.1700000000000050");
    REQUIRE(index.dumps_in(dir).size() == 3);  // the op-debug files and mapping.csv are not kernel dumps
    // A dump written after the folder was listed is not seen by the same index, only by a new one.
    write_bytes(dir / "Conv2D.conv_a.7.3.1700000000000010", float_dump("net/conv_a", {0}));
    CHECK(trace_op_debug_file(dir / "Opdebug.Node_OpDebug.7.3.1700000000000100", index).kernel_dump ==
          dir / "Conv2D.conv_a.7.3.1700000000000050");
    CHECK(trace_op_debug_file(dir / "Opdebug.Node_OpDebug.7.3.1700000000000100").kernel_dump ==
          dir / "Conv2D.conv_a.7.3.1700000000000010");
}
