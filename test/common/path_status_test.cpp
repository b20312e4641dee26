// path_status: what a path is, and the system's refusals as the user's input
// error naming the path in plain words.
#include <catch2/catch.hpp>

#include <cerrno>
#include <filesystem>
#include <string>

#include "common/error.hpp"
#include "common/path_status.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;

namespace {

std::string refusal(const fs::path& path) {
    try {
        msprobe::path_status(path);
    } catch (const msprobe::Error& e) {
        CHECK(e.exit_code() == msprobe::kExitBadInput);
        return e.what();
    }
    return "(not refused)";
}

}  // namespace

TEST_CASE("path_status: files, folders and what is not there", "[path_status]") {
    const fs::path dir = msprobe::testing::scratch_dir("path_status_kinds");
    msprobe::testing::write_file(dir / "a_file", "x");
    CHECK(msprobe::path_status(dir).type() == fs::file_type::directory);
    CHECK(msprobe::path_status(dir / "a_file").type() == fs::file_type::regular);
    CHECK(msprobe::path_status(dir / "missing").type() == fs::file_type::not_found);
    CHECK(msprobe::path_status(dir / "a_file/below").type() == fs::file_type::not_found);
    fs::create_symlink("a_file", dir / "link");
    CHECK(msprobe::path_status(dir / "link").type() == fs::file_type::regular);  // links are followed
}

TEST_CASE("path_status: a loop of soft links or an over-long name names the path and the reason", "[path_status]") {
    const fs::path dir = msprobe::testing::scratch_dir("path_status_refused");
    fs::create_symlink("loop_b", dir / "loop_a");
    fs::create_symlink("loop_a", dir / "loop_b");
    CHECK(refusal(dir / "loop_a") == (dir / "loop_a").string() + ": too many levels of symbolic links");
    CHECK(refusal(dir / "loop_a/dump.json") ==
          (dir / "loop_a/dump.json").string() + ": too many levels of symbolic links");
    const fs::path long_name = dir / (std::string(300, 'n') + ".json");
    CHECK(refusal(long_name) == long_name.string() + ": file name too long");
}

TEST_CASE("path_status: the words for the system's refusals", "[path_status]") {
    CHECK(msprobe::refused_path_reason(ELOOP) == "too many levels of symbolic links");
    CHECK(msprobe::refused_path_reason(ENAMETOOLONG) == "file name too long");
    CHECK(msprobe::refused_path_reason(EACCES) == "permission denied");
    CHECK(msprobe::refused_path_reason(ENOTDIR) == "a component of the path is not a directory");
    CHECK(msprobe::refused_path_reason(EIO) == "Input/output error");
}
