// Folder listings as os.walk and os.listdir make them for msprobe's torchair
// compare, in name order.
#include "torchair_compare/tree_walk.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::torchair_compare;

TEST_CASE("walk_tree: every folder in path text order, links to folders listed but not entered",
          "[torchair_compare][tree_walk]") {
    const fs::path root = msprobe::testing::scratch_dir("torchair_walk");
    fs::create_directories(root / "a" / "b");
    fs::create_directories(root / "a-x");
    fs::create_directories(root / "c");
    std::ofstream(root / "a" / "f2") << "x";
    std::ofstream(root / "a" / "f1") << "x";
    fs::create_directory_symlink(root / "c", root / "a" / "link");
    const auto walked = walk_tree(root);
    std::vector<std::string> paths;
    for (const auto& folder : walked) paths.push_back(fs::relative(folder.path, root.parent_path()).string());
    // Python sorts the paths as text: "a-x" ('-' is 0x2d) before "a/b" ('/' is 0x2f).
    const std::string name = root.filename().string();
    CHECK(paths == std::vector<std::string>{name, name + "/a", name + "/a-x", name + "/a/b", name + "/c"});
    CHECK(walked[1].subfolders == std::vector<std::string>{"b", "link"});
    CHECK(walked[1].files == std::vector<std::string>{"f1", "f2"});
}

TEST_CASE("is_digits: ASCII digits only, not empty", "[torchair_compare][tree_walk]") {
    CHECK(is_digits("0"));
    CHECK(is_digits("20250101120000"));
    CHECK_FALSE(is_digits(""));
    CHECK_FALSE(is_digits("-1"));
    CHECK_FALSE(is_digits("1a"));
}
