// cad: which files of a dump tree are converted and where they go (<out>/<op_name>/<timestamp>/), a damaged file
// among good ones, the shared samples, and vc's .npy branch reading what cad wrote from two generated trees.
#include "parse/kernel_dump_batch_convert.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

#include "common/thread_pool.hpp"
#include "parse/npy_tree_compare.hpp"
#include "support/bin_dump_writer.hpp"
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

constexpr std::int32_t kFloat = 1;

// A dump of one float32 input and one float32 output.
testing::Bytes dump(const std::vector<float>& input, const std::vector<float>& output) {
    BinDumpSpec spec;
    spec.op_name = "net/op";
    spec.inputs.push_back(tensor_spec(kFloat, {input.size()}, bytes_of(input)));
    spec.outputs.push_back(tensor_spec(kFloat, {output.size()}, bytes_of(output)));
    return testing::encode_bin_dump(spec);
}

void write_dump(const fs::path& file, const testing::Bytes& bytes) {
    fs::create_directories(file.parent_path());
    testing::write_bytes(file, bytes);
}

std::vector<std::string> relative_files(const fs::path& dir) {
    std::vector<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), dir).string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

TEST_CASE("cad's plan: names of five dot parts or more, within depth 5, into <op_name>/<timestamp>", "[parse][cad]") {
    const auto dir = testing::scratch_dir("parse_cad_plan");
    for (const char* file : {"Add.op_a.1.2.1700000000000001", "sub/Mul.op_b.3.4.1700000000000002", "x.y.z.w",
                             "mapping.csv", "Mul.ffts.4.9.1700000000005000.4.2.1.0", "1/2/3/4/5/Add.deep.1.2.3"}) {
        testing::touch(dir / file);
    }
    const std::string top = dir.string();
    const auto plan = batch_convert_plan(top, "out");
    REQUIRE(plan.size() == 3);
    CHECK(plan[0].source == top + "/Add.op_a.1.2.1700000000000001");
    CHECK(plan[0].output_dir == fs::path("out/op_a/1700000000000001"));
    CHECK(plan[1].source == top + "/Mul.ffts.4.9.1700000000005000.4.2.1.0");
    CHECK(plan[1].output_dir == fs::path("out/ffts/0"));  // the last part, as msprobe takes it
    CHECK(plan[2].source == top + "/sub/Mul.op_b.3.4.1700000000000002");
    CHECK(plan[2].output_dir == fs::path("out/op_b/1700000000000002"));
    CHECK(batch_convert_plan(top + "/x.y.z.w", "out").empty());  // a file is not walked

    const auto default_dir = default_batch_convert_dir().string();
    CHECK(std::regex_match(default_dir, std::regex(R"(parse_data/batch_dump_convert/20\d{12})")));
}

TEST_CASE("cad on two generated trees, then vc on what it wrote", "[parse][cad][vc]") {
    const auto dir = testing::scratch_dir("parse_cad_then_vc");
    // The same ops on both sides; the golden Relu output differs in one element.
    for (const char* side : {"mine", "golden"}) {
        const bool mine = std::string(side) == "mine";
        write_dump(dir / side / "Add.net_add.1.2.1700000000000100", dump({1, 2, 3}, {2, 4, 6}));
        write_dump(dir / side / "step1" / "Relu.net_relu.3.2.1700000000000200",
                   dump({-1, 0, 1, 2}, {0, 0, 1, mine ? 2.0F : 2.5F}));
        testing::touch(dir / side / "notes.txt");  // not a dump name: not converted
    }
    ThreadPool pool(2);
    for (const char* side : {"mine", "golden"}) {
        std::ostringstream out;
        const auto outcome = batch_convert_kernel_dumps((dir / side).string(), dir / "npy" / side, pool, out);
        CHECK(outcome.files == 2);
        CHECK(outcome.failures.empty());
        CHECK(out.str() == "SrcFile: " + (dir / side).string() + "/Add.net_add.1.2.1700000000000100\n" +
                               " - Add.net_add.1.2.1700000000000100.input.0.npy\n" +
                               " - Add.net_add.1.2.1700000000000100.output.0.npy\n" +
                               "SrcFile: " + (dir / side).string() + "/step1/Relu.net_relu.3.2.1700000000000200\n" +
                               " - Relu.net_relu.3.2.1700000000000200.input.0.npy\n" +
                               " - Relu.net_relu.3.2.1700000000000200.output.0.npy\n");
    }
    CHECK(relative_files(dir / "npy" / "mine") ==
          std::vector<std::string>{"net_add/1700000000000100/Add.net_add.1.2.1700000000000100.input.0.npy",
                                   "net_add/1700000000000100/Add.net_add.1.2.1700000000000100.output.0.npy",
                                   "net_relu/1700000000000200/Relu.net_relu.3.2.1700000000000200.input.0.npy",
                                   "net_relu/1700000000000200/Relu.net_relu.3.2.1700000000000200.output.0.npy"});

    REQUIRE(is_npy_tree(dir / "npy" / "mine"));
    const auto compared = compare_npy_trees(dir / "npy" / "mine", dir / "npy" / "golden", dir / "result");
    CHECK(compared.rows == 4);
    CHECK(compared.warnings.empty());
    CHECK(testing::read_file_text(compared.csv) ==
          "\xEF\xBB\xBFNPU File Name,Bench File Name,Mean,Bench Mean,Md5 Consistency,Max Abs Error,"
          "Max Relative Error\r\n"
          "Add.net_add.1.2.1700000000000100.input.0.npy,Add.net_add.1.2.1700000000000100.input.0.npy,2.0,2.0,True,"
          "0.0,0.0\r\n"
          "Add.net_add.1.2.1700000000000100.output.0.npy,Add.net_add.1.2.1700000000000100.output.0.npy,4.0,4.0,True,"
          "0.0,0.0\r\n"
          "Relu.net_relu.3.2.1700000000000200.input.0.npy,Relu.net_relu.3.2.1700000000000200.input.0.npy,0.5,0.5,"
          "True,0.0,0.0\r\n"
          "Relu.net_relu.3.2.1700000000000200.output.0.npy,Relu.net_relu.3.2.1700000000000200.output.0.npy,0.75,"
          "0.875,False,0.5,0.2\r\n");
}

TEST_CASE("cad with a damaged dump converts the others and names it", "[parse][cad]") {
    const auto dir = testing::scratch_dir("parse_cad_damaged");
    write_dump(dir / "dump" / "Add.net_add.1.2.1700000000000100", dump({1}, {2}));
    write_dump(dir / "dump" / "Mul.net_mul.1.2.1700000000000300", testing::truncated(dump({1, 2}, {3, 4}), 6));
    ThreadPool pool(1);
    std::ostringstream out;
    const auto outcome = batch_convert_kernel_dumps((dir / "dump").string(), dir / "out", pool, out);
    CHECK(outcome.files == 2);
    REQUIRE(outcome.failures.size() == 1);
    const std::string damaged = (dir / "dump" / "Mul.net_mul.1.2.1700000000000300").string();
    CHECK_THAT(outcome.failures[0], Catch::StartsWith(damaged + ": "));
    CHECK_THAT(out.str(), Catch::Contains("\nerror: " + damaged + ": "));
    CHECK(relative_files(dir / "out") ==
          std::vector<std::string>{"net_add/1700000000000100/Add.net_add.1.2.1700000000000100.input.0.npy",
                                   "net_add/1700000000000100/Add.net_add.1.2.1700000000000100.output.0.npy"});
}

TEST_CASE("cad on the shared samples puts msaccucmp's files under <op_name>/<timestamp>", "[parse][cad][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto root = *fixtures / "bin_dumps";
    const auto out = testing::scratch_dir("parse_cad_samples") / "out";
    ThreadPool pool(2);
    std::ostringstream panels;
    const auto outcome = batch_convert_kernel_dumps((root / "dumps").string(), out, pool, panels);
    // 41 files, of which "1700000000123456789" and mapping.csv have fewer than five dot parts.
    CHECK(outcome.files == 39);
    CHECK(outcome.failures.empty());
    const std::string float32 = "DtypeProbe.dtype_float32.10.2.1700000000001000.output.0.npy";
    CHECK(testing::read_file_text(out / "dtype_float32" / "1700000000001000" / float32) ==
          testing::read_file_text(root / "expected" / "plain" / float32));
    const std::string ffts = "Mul.ffts_mul.4.9.1700000000005000.4.2.1.0.output.0.npy";
    CHECK(testing::read_file_text(out / "ffts_mul" / "0" / ffts) ==
          testing::read_file_text(root / "expected" / "plain" / ffts));
    CHECK(fs::exists(out / "add_multi_io" / "1700000000003000" / "Add.add_multi_io.5.1.1700000000003000.space.0.bin"));
}
