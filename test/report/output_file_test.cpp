// StagedFiles: result files that appear together or not at all.
#include <catch2/catch.hpp>

#include <fstream>

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
