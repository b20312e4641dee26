#include <catch2/catch.hpp>

#include "checker_test_support.hpp"
#include "common/error.hpp"
#include "config_check/pack_checkers.hpp"

using namespace msprobe;
using namespace msprobe::testing;
using config_check::check_random;
using config_check::CheckLevel;

TEST_CASE("random checker: stacks matched by similarity, operations in name order, ranks in number order",
          "[config_check][random_checker]") {
    const auto packs = unpacked_packs("random_rows");
    // Same file name and function, code 2 * 16 / 34 alike: a frame score of (1 + 1 + 0.94) / 3, a match although
    // the folders and line numbers differ.
    packs.bench_file("random/rank0.json", R"j({
        "torch.rand": [{"count": 2, "stack": ["File /a/main.py, line 3, in <module>, main()",
                                              "File /a/train.py, line 10, in main, x = torch.rand(3)"]}],
        "random.random": [{"count": 1, "stack": ["File /a/data.py, line 5, in shuffle, r = random.random()"]}]})j");
    packs.cmp_file("random/rank0.json", R"j({
        "torch.rand": [{"count": 2, "stack": ["File /b/main.py, line 4, in <module>, main()",
                                            "File /b/train.py, line 12, in main, x = torch.rand(4)"]}],
        "np.random.rand": [{"count": 3, "stack": ["File /b/aug.py, line 1, in jitter, np.random.rand(2)"]}]})j");
    packs.cmp_file("random/rank1.json", R"j({"torch.randn": [{"count": 5, "stack": []}]})j");
    packs.cmp_file("random/notes.txt", "not a rank file");
    const auto result = check_random(packs.bench(), packs.cmp());
    REQUIRE(result);
    CHECK(result->table.header == std::vector<std::string>{"op", "rank", "bench_stack", "cmp_stack", "bench_count",
                                                           "cmp_count", "check_result"});
    const auto& rows = result->table.rows;
    REQUIRE(rows.size() == 4);
    CHECK(is_text(rows[0][0], "np.random.rand"));
    CHECK(is_text(rows[0][2], "no match stack"));
    CHECK(is_text(rows[0][3], "File /b/aug.py, line 1, in jitter, np.random.rand(2)"));
    CHECK(is_number(rows[0][4], 0));
    CHECK(is_number(rows[0][5], 3));
    CHECK(is_bool(rows[0][6], false));
    CHECK(is_text(rows[1][0], "random.random"));
    CHECK(is_text(rows[1][3], "no match stack"));
    CHECK(is_number(rows[1][5], 0));
    CHECK(is_text(rows[2][0], "torch.rand"));
    CHECK(is_text(rows[2][2],
                  "File /a/main.py, line 3, in <module>, main()\n"
                  "File /a/train.py, line 10, in main, x = torch.rand(3)"));
    CHECK(is_text(rows[2][3],
                  "File /b/main.py, line 4, in <module>, main()\n"
                  "File /b/train.py, line 12, in main, x = torch.rand(4)"));
    CHECK(is_bool(rows[2][6], true));
    CHECK(is_number(rows[3][1], 1));
    CHECK(is_text(rows[3][0], "torch.randn"));
    CHECK(is_text(rows[3][3], ""));  // an empty stack
    CHECK(result->pass_check == CheckLevel::Error);
}

TEST_CASE("random checker: a different function or file name is another stack", "[config_check][random_checker]") {
    const auto packs = unpacked_packs("random_other");
    packs.bench_file("random/rank0.json",
                     R"j({"torch.rand": [{"count": 1, "stack": ["File /a/x.py, line 1, in f, torch.rand(1)"]}]})j");
    packs.cmp_file("random/rank0.json",
                   R"j({"torch.rand": [{"count": 1, "stack": ["File /a/y.py, line 1, in g, torch.rand(1)"]}]})j");
    const auto result = check_random(packs.bench(), packs.cmp());
    REQUIRE(result);
    REQUIRE(result->table.rows.size() == 2);  // (0 + 0 + 1) / 3 < 0.8: one row for each side
    CHECK(is_text(result->table.rows[0][3], "no match stack"));
    CHECK(is_text(result->table.rows[1][2], "no match stack"));
}

TEST_CASE("random checker: a rank file without a number refuses", "[config_check][random_checker]") {
    const auto packs = unpacked_packs("random_bad");
    packs.bench_file("random/rankX.json", "{}");
    packs.cmp_file("random/rank0.json", "{}");
    try {
        (void)check_random(packs.bench(), packs.cmp());
        FAIL("rankX.json was read");
    } catch (const Error& e) {
        CHECK(e.reason() == "extract rank id from rankX.json failed");
    }
}
