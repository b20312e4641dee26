// StagedFiles: result files that appear together or not at all.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "common/interrupt_cleanup.hpp"
#include "report/output_file.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;

namespace {
void write(const fs::path& p, const char* text) { std::ofstream(p) << text; }
std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}
}  // namespace

TEST_CASE("staged files appear only on commit", "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("staged_files");
    {
        msprobe::report::StagedFiles staged;
        const fs::path temp = staged.stage(dir / "a.json", [](const fs::path& p) { write(p, "a"); });
        CHECK(msprobe::testing::read_file_text(temp) == "a");  // readable before the commit
        staged.stage(dir / "b.json", [](const fs::path& p) { write(p, "b"); });
        CHECK_FALSE(fs::exists(dir / "a.json"));
        const auto targets = staged.commit();
        CHECK(targets == std::vector<fs::path>{dir / "a.json", dir / "b.json"});
    }
    CHECK(msprobe::testing::read_file_text(dir / "a.json") == "a");
    CHECK(msprobe::testing::read_file_text(dir / "b.json") == "b");
    CHECK(entries(dir) == 2);
    fs::remove_all(dir);
}

TEST_CASE("staged files vanish when the run fails before the commit", "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("staged_files_failed");
    CHECK_THROWS_AS(([&] {
                        msprobe::report::StagedFiles staged;
                        staged.stage(dir / "a.json", [](const fs::path& p) { write(p, "a"); });
                        staged.stage(dir / "b.json", [](const fs::path& p) {
                            write(p, "partial");
                            throw std::runtime_error("disk full");
                        });
                        staged.commit();
                    }()),
                    std::runtime_error);
    CHECK(entries(dir) == 0);
    fs::remove_all(dir);
}

TEST_CASE("write_text_atomically places the text, keeping or replacing what is there as asked", "[report]") {
    using msprobe::report::Existing;
    using msprobe::report::write_text_atomically;
    const fs::path dir = msprobe::testing::scratch_dir("write_text_atomically");
    CHECK(write_text_atomically(dir / "a.txt", "one") == dir / "a.txt");
    CHECK(write_text_atomically(dir / "a.txt", "two", Existing::Replace) == dir / "a.txt");
    CHECK(msprobe::testing::read_file_text(dir / "a.txt") == "two");
    const fs::path kept = write_text_atomically(dir / "a.txt", "three");
    CHECK(kept != dir / "a.txt");
    CHECK(msprobe::testing::read_file_text(kept) == "three");
    CHECK(msprobe::testing::read_file_text(dir / "a.txt") == "two");
    CHECK(entries(dir) == 2);
    fs::remove_all(dir);
}

TEST_CASE("a name staged twice gets a temporary file of its own, and both are kept", "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("staged_twice");
    msprobe::report::StagedFiles staged;
    const fs::path first = staged.stage(dir / "advisor.txt", [](const fs::path& p) { write(p, "first"); });
    const fs::path second = staged.stage(dir / "advisor.txt", [](const fs::path& p) { write(p, "second"); });
    CHECK(first != second);
    CHECK(msprobe::testing::read_file_text(first) == "first");
    CHECK(msprobe::testing::read_file_text(second) == "second");
    CHECK(staged.commit() == std::vector<fs::path>{dir / "advisor.txt", dir / "advisor_1.txt"});
    CHECK(msprobe::testing::read_file_text(dir / "advisor.txt") == "first");
    CHECK(msprobe::testing::read_file_text(dir / "advisor_1.txt") == "second");
    CHECK(entries(dir) == 2);  // no temporary file left
}

TEST_CASE("staged files and the folders staging made are removed by an interrupt until they are committed",
          "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("staged_files_interrupt");
    const std::size_t before = msprobe::registered_path_count();
    msprobe::report::StagedFiles staged;
    const fs::path temp = staged.stage(dir / "made" / "inner" / "a.csv", [](const fs::path& p) { write(p, "a"); });
    CHECK(msprobe::registered_path_count() == before + 3);  // the file and two folders
    msprobe::remove_registered_paths();  // what SIGINT/SIGTERM/SIGHUP do
    CHECK_FALSE(fs::exists(temp));
    CHECK_FALSE(fs::exists(dir / "made"));

    msprobe::report::StagedFiles committed;
    committed.stage(dir / "b.csv", [](const fs::path& p) { write(p, "b"); });
    committed.commit();
    CHECK(msprobe::registered_path_count() == before + 3);  // the committed file is no longer registered
    msprobe::remove_registered_paths();
    CHECK(msprobe::testing::read_file_text(dir / "b.csv") == "b");
}

TEST_CASE("placed files are taken back with the folders they leave empty", "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("placed_files_removed");
    fs::create_directories(dir / "out" / "step0");
    write(dir / "out" / "step0" / "a.csv", "a");
    write(dir / "out" / "b.csv", "b");
    fs::create_directories(dir / "kept" / "step0");
    write(dir / "kept" / "step0" / "c.csv", "c");
    write(dir / "kept" / "other.txt", "not ours");
    msprobe::report::remove_placed_files({dir / "out" / "step0" / "a.csv", dir / "out" / "b.csv"}, dir / "out", false);
    CHECK_FALSE(fs::exists(dir / "out"));  // the run made it: it goes when empty
    msprobe::report::remove_placed_files({dir / "kept" / "step0" / "c.csv"}, dir / "kept", true);
    CHECK_FALSE(fs::exists(dir / "kept" / "step0"));
    CHECK(fs::exists(dir / "kept" / "other.txt"));
}

TEST_CASE("a file staged with its own policy replaces its namesake while the others keep both", "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("staged_files_own_policy");
    write(dir / "result.db", "old result");
    write(dir / "page.html", "old page");
    msprobe::report::StagedFiles staged(msprobe::report::Existing::KeepBoth);
    staged.stage(dir / "result.db", [](const fs::path& p) { write(p, "new result"); });
    staged.stage(dir / "page.html", [](const fs::path& p) { write(p, "new page"); },
                 msprobe::report::Existing::Replace);
    CHECK(staged.commit() == std::vector<fs::path>{dir / "result_1.db", dir / "page.html"});
    CHECK(msprobe::testing::read_file_text(dir / "result.db") == "old result");
    CHECK(msprobe::testing::read_file_text(dir / "result_1.db") == "new result");
    CHECK(msprobe::testing::read_file_text(dir / "page.html") == "new page");
    CHECK(entries(dir) == 3);
}

TEST_CASE("when the file with its own policy cannot be placed, nothing of the run stays", "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("staged_files_own_policy_fails");
    fs::create_directories(dir / "page.html");  // a folder: renaming a file onto it fails
    {
        msprobe::report::StagedFiles staged(msprobe::report::Existing::KeepBoth);
        staged.stage(dir / "out" / "result.db", [](const fs::path& p) { write(p, "result"); });
        staged.stage(
            dir / "page.html", [](const fs::path& p) { write(p, "page"); }, msprobe::report::Existing::Replace);
        CHECK_THROWS_AS(staged.commit(), msprobe::Error);
    }
    CHECK_FALSE(fs::exists(dir / "out"));
    CHECK(fs::is_empty(dir / "page.html"));
    CHECK(entries(dir) == 1);
}

TEST_CASE("a kept name is numbered before its extension, and before a letters-only one ahead of it", "[report]") {
    const fs::path dir = msprobe::testing::scratch_dir("staged_files_numbering");
    const std::vector<std::pair<std::string, std::string>> names = {
        {"compare_20260101000000.vis.db", "compare_20260101000000_1.vis.db"},
        {"advisor.txt", "advisor_1.txt"},
        {"Conv2D.conv1.0.output.0.npy", "Conv2D.conv1.0.output.0_1.npy"},
        {"README", "README_1"},
    };
    for (const auto& [name, second] : names) {
        write(dir / name, "first");
        CHECK(msprobe::report::write_text_atomically(dir / name, "second") == dir / second);
        CHECK(msprobe::testing::read_file_text(dir / name) == "first");
    }
}
