// The layout of a dump folder, judged from its listing: ptdbg rank folders,
// online-dispatch run folders and bare .npy folders.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "dump/dump_layout.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

TEST_CASE("ptdbg rank layout: only rankN entries, one holding a .pkl file", "[dump]") {
    const fs::path dir = testing::scratch_dir("dump_layout_ptdbg");
    fs::create_directories(dir / "rank0");
    fs::create_directories(dir / "rank1");
    CHECK_FALSE(dump::is_ptdbg_rank_layout(dir));  // no .pkl yet
    testing::touch(dir / "rank1" / "api_stack_1.pkl");
    CHECK(dump::is_ptdbg_rank_layout(dir));
    testing::touch(dir / "notes.txt");  // any other entry: not the layout
    CHECK_FALSE(dump::is_ptdbg_rank_layout(dir));
    fs::remove(dir / "notes.txt");
    fs::create_directories(dir / "rank2" / "sub.pkl");  // a directory named .pkl is not a pkl file
    CHECK(dump::is_ptdbg_rank_layout(dir));
    CHECK_FALSE(dump::is_ptdbg_rank_layout(dir / "missing"));
}

TEST_CASE("online-dispatch layouts: a run folder with npu/ and cpu/, a folder of .npy files", "[dump]") {
    const fs::path dir = testing::scratch_dir("dump_layout_dispatch");
    const fs::path run = dir / "msprobe_rank0_20230911170521";
    fs::create_directories(run / "npu");
    CHECK_FALSE(dump::is_dispatch_run_folder(run));
    fs::create_directories(run / "cpu");
    CHECK(dump::is_dispatch_run_folder(run));

    CHECK_FALSE(dump::holds_npy_files(run / "npu"));
    testing::touch(run / "npu" / "add_3_output.npy");
    CHECK(dump::holds_npy_files(run / "npu"));
    CHECK_FALSE(dump::holds_npy_files(run));  // only the folder itself counts, not its subfolders
    CHECK_FALSE(dump::holds_npy_files(dir / "missing"));
}

TEST_CASE("rank folders pair by position: both sides must hold as many", "[dump][dump_layout]") {
    CHECK_NOTHROW(msprobe::dump::require_same_rank_count(2, 2, "bench"));
    try {
        msprobe::dump::require_same_rank_count(2, 3, "bench/step0");
        FAIL("different rank counts were accepted");
    } catch (const msprobe::Error& error) {
        CHECK(error.file() == "bench/step0");
        CHECK(error.reason() == "the number of ranks differs: npu has 2, bench has 3");
    }
}
