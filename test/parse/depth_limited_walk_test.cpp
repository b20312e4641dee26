// msprobe's os_walk_for_files as cad walks a dump tree: files within depth 5 counted by separators of the path
// as typed, a folder's files before its subfolders, links to folders not followed.
#include "parse/depth_limited_walk.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::parse::depth_limited_walk;
using msprobe::parse::WalkedFile;

namespace {

std::vector<std::string> paths(const std::vector<WalkedFile>& files) {
    std::vector<std::string> out;
    for (const auto& file : files) out.push_back(file.path());
    return out;
}

}  // namespace

TEST_CASE("files within five levels, a folder's files before its subfolders, by name", "[parse][walk]") {
    const auto dir = msprobe::testing::scratch_dir("parse_walk_depth");
    for (const char* file : {"b", "a", "z/c", "m/1/2/3/d", "m/1/2/3/4/e"}) msprobe::testing::touch(dir / file);
    const std::string top = (dir / "m").string();
    // m/1/2/3/4 has four separators more than m: its files are the deepest listed.
    CHECK(paths(depth_limited_walk(top, 5)) == std::vector<std::string>{top + "/1/2/3/d", top + "/1/2/3/4/e"});
    CHECK(paths(depth_limited_walk(top, 4)) == std::vector<std::string>{top + "/1/2/3/d"});
    const std::string root = dir.string();
    CHECK(paths(depth_limited_walk(root, 2)) == std::vector<std::string>{root + "/a", root + "/b", root + "/z/c"});
    const auto first = depth_limited_walk(root, 1);
    REQUIRE(first.size() == 2);
    CHECK(first[0].root == root);
    CHECK(first[0].name == "a");
}

TEST_CASE("a trailing slash reaches one level deeper, as Python's separator count does", "[parse][walk]") {
    const auto dir = msprobe::testing::scratch_dir("parse_walk_slash");
    msprobe::testing::touch(dir / "1/2/3/4/5/deep");
    const std::string top = dir.string();
    CHECK(depth_limited_walk(top, 5).empty());
    CHECK(paths(depth_limited_walk(top + "/", 5)) == std::vector<std::string>{top + "/1/2/3/4/5/deep"});
}

TEST_CASE("links to folders are neither walked nor listed, links to files are files", "[parse][walk]") {
    const auto dir = msprobe::testing::scratch_dir("parse_walk_links");
    msprobe::testing::touch(dir / "elsewhere/x");
    msprobe::testing::touch(dir / "tree/real");
    fs::create_directory_symlink(dir / "elsewhere", dir / "tree/folder_link");
    fs::create_symlink(dir / "tree/real", dir / "tree/file_link");
    const std::string top = (dir / "tree").string();
    CHECK(paths(depth_limited_walk(top, 5)) == std::vector<std::string>{top + "/file_link", top + "/real"});
    CHECK(depth_limited_walk(top + "/real", 5).empty());  // not a folder
    CHECK(depth_limited_walk((dir / "missing").string(), 5).empty());
}
