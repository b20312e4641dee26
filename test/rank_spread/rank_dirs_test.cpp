// The rank directories of a step directory, in rank order.
#include <catch2/catch.hpp>

#include <fstream>

#include "common/error.hpp"
#include "rank_spread/rank_dirs.hpp"
#include "support/shared_fixtures.hpp"

using namespace msprobe;
using namespace msprobe::compare;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> names(const std::vector<fs::path>& paths) {
    std::vector<std::string> out;
    for (const auto& p : paths) out.push_back(p.filename().string());
    return out;
}

}  // namespace

TEST_CASE("rank directories sort by number, rank first", "[rank_dirs]") {
    const auto step = testing::scratch_dir("rank_dirs_sorted");
    for (const char* name : {"rank10", "rank2", "rank", "rank0", "rank1"}) fs::create_directory(step / name);
    const auto ranks = list_rank_dirs(step);
    CHECK(names(ranks) == std::vector<std::string>{"rank", "rank0", "rank1", "rank2", "rank10"});
    CHECK(ranks.front() == step / "rank");
    CHECK(list_rank_dirs(testing::scratch_dir("rank_dirs_empty")).empty());
}

TEST_CASE("anything but a rank directory is refused, naming the step directory", "[rank_dirs]") {
    for (const char* name : {"rank01", "rank_1", "ranks", "Rank1", "dump.json"}) {
        INFO(name);
        const auto step = testing::scratch_dir("rank_dirs_refused");
        fs::create_directory(step / "rank0");
        fs::create_directory(step / name);
        try {
            list_rank_dirs(step);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.file() == step.string());
            CHECK_THAT(e.reason(), Catch::Contains(std::string("'") + name + "'"));
        }
    }
    // A file named like a rank is no rank directory either.
    const auto step = testing::scratch_dir("rank_dirs_file");
    std::ofstream(step / "rank3") << "x";
    CHECK_THROWS_AS(list_rank_dirs(step), Error);
}

TEST_CASE("a missing step directory cannot be listed", "[rank_dirs]") {
    const auto missing = testing::scratch_dir("rank_dirs_missing") / "absent";
    try {
        list_rank_dirs(missing);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == missing.string());
        CHECK_THAT(e.reason(), Catch::StartsWith("cannot list: "));
    }
}

TEST_CASE("a rank number beyond a long is refused, naming the directory", "[rank_dirs]") {
    const auto step = testing::scratch_dir("rank_dirs_huge");
    fs::create_directory(step / "rank0");
    fs::create_directory(step / "rank99999999999999999999");
    try {
        list_rank_dirs(step);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == (step / "rank99999999999999999999").string());
        CHECK(e.reason() == "the rank number is too large for a rank directory");
        CHECK(e.exit_code() == kExitBadInput);
    }
}
