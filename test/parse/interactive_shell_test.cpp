// msprobe's interactive parse shell: argument splitting, pt on a tensor file,
// and the commands it refuses without leaving.
#include <catch2/catch.hpp>

#include <sstream>

#include "parse/interactive_shell.hpp"
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
    run_shell_command("pt -n " + (dir / "data.npy").string(), out);
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
    run_shell_command("rm", out);
    CHECK(out.str() == "Command invalid, Only support command start with cad/vc/dc/pk/cn/pt\n");
}

TEST_CASE("the shell refuses kernel-dump commands and reports usage without leaving", "[parse]") {
    std::istringstream in("dc -n x\ncad -m y\ncn -m only.npy\npt -n /no/such/file.npy\nexit\npt -n never\n");
    std::ostringstream out;
    CHECK(run_interactive_shell(in, out) == 0);
    const std::string text = out.str();
    CHECK_THAT(text, Catch::Contains("dc requires CANN msaccucmp.py (not bundled)"));
    CHECK_THAT(text, Catch::Contains("cad requires CANN msaccucmp.py (not bundled)"));
    CHECK_THAT(text, Catch::Contains("usage: cn -m MY_DUMP_PATH -g GOLDEN_DUMP_PATH"));
    CHECK_THAT(text, Catch::Contains("/no/such/file.npy: The path does not exist.\nCommand execution failed\n"));
    CHECK_THAT(text, !Catch::Contains("never"));
}
