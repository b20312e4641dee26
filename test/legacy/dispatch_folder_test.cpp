// The online dispatch run folder: its rank from the folder name, and the
// outputs saved on both sides paired in operator, call and index order.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "legacy/dispatch_folder.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::legacy;

namespace {

// <scratch>/msprobe_rank3_20230911170521/{npu,cpu} with `npu` and `cpu` .npy stems.
fs::path make_run(const std::string& name, const std::vector<std::string>& npu, const std::vector<std::string>& cpu) {
    const fs::path run = msprobe::testing::scratch_dir("dispatch_" + name) / "msprobe_rank3_20230911170521";
    fs::create_directories(run / "npu");
    fs::create_directories(run / "cpu");
    for (const auto& stem : npu) msprobe::testing::touch(run / "npu" / (stem + ".npy"));
    for (const auto& stem : cpu) msprobe::testing::touch(run / "cpu" / (stem + ".npy"));
    return run;
}

}  // namespace

TEST_CASE("dispatch_rank reads the rank from a run folder's name", "[legacy][dispatch]") {
    CHECK(dispatch_rank("msprobe_rank4_20230911170521") == 4L);
    CHECK(dispatch_rank("msprobe_my_tag_rank12_20230911170521") == 12L);
    CHECK_FALSE(dispatch_rank("msprobe_rank4"));
    CHECK_FALSE(dispatch_rank("other_rank4_20230911170521"));
    CHECK_FALSE(dispatch_rank("msprobe_rankX_20230911170521"));
}

TEST_CASE("a dispatch run pairs the outputs both sides saved, by operator, call and index", "[legacy][dispatch]") {
    const fs::path run = make_run("pairs",
                                  {"add_10_output", "add_3_input.0", "add_3_output", "matmul_1_output",
                                   "native_batch_norm_backward_10_output.1", "native_batch_norm_backward_10_output.0",
                                   "npu_only_5_output"},
                                  {"add_3_output", "add_10_output", "matmul_1_output", "cpu_only_2_output",
                                   "native_batch_norm_backward_10_output.0", "native_batch_norm_backward_10_output.1"});
    const DispatchRun dispatch = read_dispatch_run(run / "npu", run / "cpu");
    CHECK(dispatch.rank == 3L);
    std::vector<std::string> names;
    for (const auto& pair : dispatch.pairs) names.push_back(pair.name);
    // Call counters compare as numbers (3 before 10); inputs and one-sided outputs are left out.
    CHECK(names == std::vector<std::string>{"add_3_output", "add_10_output", "matmul_1_output",
                                            "native_batch_norm_backward_10_output.0",
                                            "native_batch_norm_backward_10_output.1"});
    REQUIRE(!dispatch.pairs.empty());
    CHECK(dispatch.pairs[0].npu_file == run / "npu" / "add_3_output.npy");
    CHECK(dispatch.pairs[0].cpu_file == run / "cpu" / "add_3_output.npy");
}

TEST_CASE("a dispatch run whose folders share no output, or cannot be listed, is refused", "[legacy][dispatch]") {
    const fs::path run = make_run("disjoint", {"add_0_output"}, {"mul_0_output"});
    try {
        read_dispatch_run(run / "npu", run / "cpu");
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == (run / "cpu").string());
        CHECK(e.reason() == "no .npy file here has a counterpart of the same name in " + (run / "npu").string());
    }
    try {
        read_dispatch_run(run / "absent", run / "cpu");
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == (run / "absent").string());
        CHECK(e.reason().starts_with("cannot list: "));
    }
}
