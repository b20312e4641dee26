// msprobe's interactive parse shell: argument splitting, pt on a tensor file,
// dc and cad on generated kernel dumps, and mistakes reported without leaving.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "common/thread_pool.hpp"
#include "parse/interactive_shell.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/captured_output.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

using namespace msprobe;
using namespace msprobe::parse;
using msprobe::testing::scratch_dir;

TEST_CASE("spec 5: pt on [1, 2, 3, 4, 5] writes data.npy.txt", "[parse]") {
    const auto dir = scratch_dir("parse_pt_txt");
    testing::write_npy_i64(dir / "data.npy", {5}, {1, 2, 3, 4, 5});
    std::ostringstream out;
    ThreadPool pool(1);
    run_shell_command("pt -n " + (dir / "data.npy").string(), out, pool);
    CHECK(testing::read_file_text(dir / "data.npy.txt") == "1 2 3 4 5\n");  // one row of the last dimension
    CHECK_THAT(out.str(), Catch::Contains("[Shape: (5,)] [Dtype: int64] [Max: 5] [Min: 1] [Mean: 3.0]\n"));
    CHECK_THAT(out.str(), Catch::Contains("TextFile: " + (dir / "data.npy").string() + ".txt\n"));
}

TEST_CASE("spec 5: argument splitting and the invalid-command message", "[parse]") {
    using V = std::vector<std::string>;
    CHECK(split_command_line("not None") == V{"not", "None"});
    CHECK(split_command_line("not None", "insert") == V{"insert", "not", "None"});
    CHECK(split_command_line("not None", "not") == V{"not", "None"});
    CHECK(split_command_line("").empty());
    CHECK(split_command_line("", "insert").empty());
    CHECK(split_command_line("-h return", "insert") == V{"-h", "return"});
    std::ostringstream out;
    ThreadPool pool(1);
    run_shell_command("rm", out, pool);
    CHECK(out.str() == "Command invalid, Only support command start with cad/vc/dc/pk/cn/pt\n");
}

TEST_CASE("the shell reports usage and errors without leaving", "[parse]") {
    std::istringstream in(
        "dc -n /no/such/dump\ncad -m /no/such/tree\ncn -m only.npy\npt -n /no/such/file.npy\nexit\n"
        "pt -n never\n");
    std::ostringstream out;
    ThreadPool pool(1);
    CHECK(run_interactive_shell(in, out, pool) == 0);
    const std::string text = out.str();
    CHECK_THAT(text, Catch::Contains("/no/such/dump: The path does not exist.\nCommand execution failed\n"));
    CHECK_THAT(text, Catch::Contains("/no/such/tree: The path does not exist.\nCommand execution failed\n"));
    CHECK_THAT(text, !Catch::Contains("not bundled"));
    CHECK_THAT(text, Catch::Contains("usage: cn -m MY_DUMP_PATH -g GOLDEN_DUMP_PATH"));
    CHECK_THAT(text, Catch::Contains("/no/such/file.npy: The path does not exist.\nCommand execution failed\n"));
    CHECK_THAT(text, !Catch::Contains("never"));
}

TEST_CASE("dc and cad in the shell: panels, msprobe's parameter checks, and errors that do not end the session",
          "[parse][dc][cad]") {
    const auto dir = scratch_dir("parse_shell_dc_cad");
    testing::BinDumpSpec spec;
    spec.op_name = "net/add";
    spec.outputs.push_back(testing::tensor_spec(1, {2}, testing::bytes_of(std::vector<float>{1.5F, -2})));
    const auto bytes = testing::encode_bin_dump(spec);
    std::filesystem::create_directories(dir / "tree" / "empty");
    const auto file = dir / "tree" / "Add.net_add.5.1.1700000000003000";
    testing::write_bytes(file, bytes);
    testing::write_bytes(dir / "tree" / "Mul.net_mul.6.1.1700000000004000", testing::truncated(bytes, 3));
    const std::string name = file.filename().string();
    ThreadPool pool(2);

    std::ostringstream dc;
    const std::string log = testing::captured_output(STDOUT_FILENO, [&] {
        run_shell_command("dc -n " + file.string() + " -out " + (dir / "dc").string() + " -cmp_path /x/msaccucmp.py",
                          dc, pool);
    });
    CHECK(dc.str() == "SrcFile: " + file.string() + "\n - " + name + ".output.0.npy\n");
    CHECK_THAT(log, Catch::Contains("[WARNING] -cmp_path is not needed: kernel dumps are converted without "
                                    "msaccucmp.py; the path is ignored\n"));
    CHECK(std::filesystem::exists(dir / "dc" / (name + ".output.0.npy")));

    const auto shell = [&](const std::string& line) {
        std::ostringstream out;
        run_shell_command(line, out, pool);
        return out.str();
    };
    CHECK(shell("dc -n " + file.string() + " -f N*CHW") ==
          "error: The parameter N*CHW contains special characters.\nCommand execution failed\n");
    CHECK(shell("dc -n " + file.string() + " -f " + std::string(256, 'N')) ==
          "error: The parameter length exceeds limit\nCommand execution failed\n");
    CHECK_THAT(shell("dc -n " + file.string() + " -f NOPE"), Catch::StartsWith("error: -f: unknown format 'NOPE'") &&
                                                                 Catch::EndsWith("\nCommand execution failed\n"));
    CHECK(shell("dc -n " + (dir / "tree" / "empty").string()) ==
          "error: " + (dir / "tree" / "empty").string() + ": No files found in path.\nCommand execution failed\n");
    CHECK(shell("dc -f NCHW") == "usage: dc -n NAME [-f FORMAT] [-out OUTPUT_PATH] [-cmp_path MSACCUCMP_PATH]\n");
    CHECK(shell("cad -n x") == "usage: cad -m MY_DUMP_PATH [-out OUTPUT_PATH] [-asc MSACCUCMP_PATH]\n");
    CHECK_FALSE(std::filesystem::exists("parse_data/dump_convert"));  // nothing converted, nothing made

    // cad: the good file converted into <op_name>/<timestamp>, the damaged one named, the command failed.
    const std::string cad = shell("cad -m " + (dir / "tree").string() + " -out " + (dir / "cad").string());
    const std::string damaged = (dir / "tree" / "Mul.net_mul.6.1.1700000000004000").string();
    CHECK_THAT(cad, Catch::StartsWith("SrcFile: " + file.string() + "\n - " + name +
                                      ".output.0.npy\nerror: " + damaged + ": "));
    CHECK_THAT(cad,
               Catch::EndsWith("\nerror: 1 of 2 kernel dump files were not converted\nCommand execution failed\n"));
    CHECK(std::filesystem::exists(dir / "cad" / "net_add" / "1700000000003000" / (name + ".output.0.npy")));
    CHECK_FALSE(std::filesystem::exists(dir / "cad" / "net_mul"));
}
