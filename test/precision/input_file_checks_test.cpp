// The hygiene of run_ut's input files: existence, no soft link, a regular
// file, the expected suffix and a name of reasonable length.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "precision/input_file_checks.hpp"
#include "support/input_refusal.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe::precision;

namespace {

std::string refusal(const fs::path& path, InputFileKind kind) {
    return msprobe::testing::refusal_reason(
        path, [kind](const fs::path& p) { check_input_file(p, kind, "-api_info", false); });
}

}  // namespace

TEST_CASE("a readable regular file with the expected suffix passes", "[precision][input_file_checks]") {
    const auto json = msprobe::testing::scratch_file("input_checks_ok", "dump.json", "{}");
    CHECK_NOTHROW(check_input_file(json, InputFileKind::Json, "-api_info", false));
    const auto csv = msprobe::testing::scratch_file("input_checks_csv", "result.csv", "a\n");
    CHECK_NOTHROW(check_input_file(csv, InputFileKind::Csv, "-csv_path", false));
}

TEST_CASE("missing files, links, folders and other suffixes are refused", "[precision][input_file_checks]") {
    const auto json = msprobe::testing::scratch_file("input_checks_bad", "dump.json", "{}");
    const fs::path dir = json.parent_path();
    CHECK(refusal(dir / "absent.json", InputFileKind::Json) == "-api_info: the file does not exist");
    fs::create_symlink(json, dir / "link.json");
    CHECK(refusal(dir / "link.json", InputFileKind::Json) == "-api_info: the path must not be a soft link");
    fs::create_directories(dir / "folder.json");
    CHECK(refusal(dir / "folder.json", InputFileKind::Json) == "-api_info: the path is not a regular file");
    CHECK(refusal(json, InputFileKind::Csv) == "-api_info: the file must end in .csv");
    // 257 characters: more than a file system takes, so the name alone is judged.
    CHECK(refusal(dir / (std::string(252, 'x') + ".json"), InputFileKind::Json) ==
          "-api_info: the file name is longer than 255 characters");
}

TEST_CASE("msprobe's size limits: 10 GiB for json, 1 GiB for csv", "[precision][input_file_checks]") {
    CHECK(max_input_bytes(InputFileKind::Json) == 10737418240u);
    CHECK(max_input_bytes(InputFileKind::Csv) == 1073741824u);
}
