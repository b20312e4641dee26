#include "config_check/installed_distributions.hpp"

#include <catch2/catch.hpp>

#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::config_check;
namespace fs = std::filesystem;

TEST_CASE("installed distributions: the interpreter's folders in its order, each once",
          "[config_check][installed_distributions]") {
    const auto root = testing::scratch_dir("python_root");
    for (const char* dir : {"pp", "venv/lib/python3.11/site-packages", "home/.local/lib/python3.11/site-packages",
                            "usr/local/lib/python3.11/dist-packages", "usr/lib/python3/dist-packages",
                            "usr/lib/python3.11/site-packages"}) {
        fs::create_directories(root / dir);
    }
    PythonSearchEnvironment environment{
        (root / "pp").string() + "::" + (root / "missing").string() + ":" + (root / "pp").string(),
        (root / "venv").string(), "", (root / "home").string(), root};
    const auto folders = python_search_folders(environment);
    REQUIRE(folders.size() == 6);
    CHECK(folders[0] == root / "pp");
    CHECK(folders[1] == root / "venv/lib/python3.11/site-packages");
    CHECK(folders[2] == root / "home/.local/lib/python3.11/site-packages");
    CHECK(folders[3] == root / "usr/local/lib/python3.11/dist-packages");
    CHECK(folders[4] == root / "usr/lib/python3/dist-packages");
    CHECK(folders[5] == root / "usr/lib/python3.11/site-packages");
}

TEST_CASE("installed distributions: Name=version per metadata, grouped by distribution",
          "[config_check][installed_distributions]") {
    const auto dir = testing::scratch_dir("site_packages");
    testing::write_file(dir / "zeta-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zeta\nVersion: 1.0\n\nbody");
    testing::write_file(dir / "Alpha_Pkg-2.0.dist-info/METADATA", "Name: Alpha-Pkg\r\nVersion: 2.0\r\n");
    testing::write_file(dir / "old.egg-info/PKG-INFO", "Name: old\nVersion: 0.1\n");
    testing::write_file(dir / "single.egg-info", "Name: single\nVersion: 3\n");
    testing::write_file(dir / "alpha.pkg-1.5.egg-info/PKG-INFO", "Name: alpha.pkg\nVersion: 1.5\n");
    testing::write_file(dir / "empty-0.dist-info/RECORD", "");
    testing::write_file(dir / "noversion-1.dist-info/METADATA", "Name: noversion\n");
    testing::write_file(dir / "module.py", "");
    CHECK(installed_distributions_text({dir}) ==
          "Alpha-Pkg=2.0\nalpha.pkg=1.5\nnoversion=None\nold=0.1\nsingle=3\nzeta=1.0\n");
}
