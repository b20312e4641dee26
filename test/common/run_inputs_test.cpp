// The run's inputs are remembered by inode, so any path that reaches an
// opened input (a hard link, a soft link, a path with "..") is recognised,
// and a file written at the same path after removing the input is not.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>

#include "common/input_file.hpp"
#include "common/run_inputs.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;

namespace {

struct stat stat_of(const fs::path& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st;
}

}  // namespace

TEST_CASE("run inputs: a noted file is recognised by any path that reaches it", "[common][run_inputs]") {
    const auto dir = msprobe::testing::scratch_dir("run_inputs_paths");
    msprobe::testing::write_file(dir / "npu" / "dump.json", "{}");
    msprobe::testing::write_file(dir / "npu" / "stack.json", "{}");
    CHECK_FALSE(msprobe::is_run_input(dir / "npu" / "dump.json"));

    msprobe::note_run_input(stat_of(dir / "npu" / "dump.json"));
    CHECK(msprobe::is_run_input(dir / "npu" / "dump.json"));
    CHECK(msprobe::is_run_input(dir / "npu" / ".." / "npu" / "dump.json"));
    fs::create_hard_link(dir / "npu" / "dump.json", dir / "hard.json");
    CHECK(msprobe::is_run_input(dir / "hard.json"));
    fs::create_symlink(dir / "npu" / "dump.json", dir / "soft.json");
    CHECK(msprobe::is_run_input(dir / "soft.json"));

    CHECK_FALSE(msprobe::is_run_input(dir / "npu" / "stack.json"));  // a sibling never opened
    CHECK_FALSE(msprobe::is_run_input(dir / "npu" / "missing.json"));
}

TEST_CASE("run inputs: a new file at an input's path is not the input", "[common][run_inputs]") {
    const auto dir = msprobe::testing::scratch_dir("run_inputs_replaced");
    msprobe::testing::write_file(dir / "dump.json", "{}");
    msprobe::note_run_input(stat_of(dir / "dump.json"));
    fs::rename(dir / "dump.json", dir / "moved.json");  // the input lives on, so the new file gets another inode
    msprobe::testing::write_file(dir / "dump.json", "{}");
    CHECK_FALSE(msprobe::is_run_input(dir / "dump.json"));
    CHECK(msprobe::is_run_input(dir / "moved.json"));
}

TEST_CASE("run inputs: InputFile notes every file it opens", "[common][run_inputs]") {
    const auto dir = msprobe::testing::scratch_dir("run_inputs_opened");
    msprobe::testing::write_file(dir / "compare.json", "{\"npu_path\": \"npu.json\"}");
    CHECK_FALSE(msprobe::is_run_input(dir / "compare.json"));
    CHECK(msprobe::read_input_file(dir / "compare.json", msprobe::InputKind::Json) == "{\"npu_path\": \"npu.json\"}");
    CHECK(msprobe::is_run_input(dir / "compare.json"));
}
