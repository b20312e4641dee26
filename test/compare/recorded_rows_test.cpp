// compare --html's tee: a chunked result's rows pass to the writer unchanged
// and each goes into the report once, in order, with its row level, however
// often or out of turn the writer asks for it; without a recorder the rows
// only pass.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>

#include "common/thread_pool.hpp"
#include "compare/chunked_result.hpp"
#include "compare/compare_pair.hpp"
#include "compare/html_compare_report.hpp"
#include "compare/recorded_rows.hpp"
#include "support/file_text.hpp"
#include "support/html_report_page.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_dump.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;

namespace {

// An md5 pair of five rows: only Functional.relu.0.forward.output.0 differs (row 1).
PairInput md5_pair(const fs::path& dir) {
    const std::vector<testing::SmallApi> npu = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 2}}},
                                                {"Torch.add.0.forward", {{1}, {2}}, {{3}}}};
    const std::vector<testing::SmallApi> bench = {{"Functional.relu.0.forward", {{1, 2}}, {{1, 3}}},
                                                  {"Torch.add.0.forward", {{1}, {2}}, {{3}}}};
    return {testing::write_small_dump(dir / "npu", npu, testing::SmallTask::Md5),
            testing::write_small_dump(dir / "bench", bench, testing::SmallTask::Md5), std::nullopt, {}};
}

const char* const kRowNames[] = {"Functional.relu.0.forward.input.0", "Functional.relu.0.forward.output.0",
                                 "Torch.add.0.forward.input.0", "Torch.add.0.forward.input.1",
                                 "Torch.add.0.forward.output.0"};

}  // namespace

TEST_CASE("recorded rows: every row recorded once, in order, with its level", "[compare][recorded_rows]") {
    const fs::path dir = testing::scratch_dir("recorded_rows_once");
    ThreadPool pool(2);
    const CompareOptions options;
    const MatchedPair matched = match_pair(md5_pair(dir), options, pool);
    HeldPairRows held(matched);
    ChunkedResult chunks(held, options, pool, false, false, 2);  // chunks [0, 2), [2, 5)
    HtmlCompareReport html(dir / "report.html");
    auto recorder = html.start_pair("rank1", chunks.header());
    RecordedRows recorded(chunks, recorder.get());
    CHECK(recorded.header() == chunks.header());
    REQUIRE(recorded.size() == 5);
    CHECK(recorded.columns(0, 5) == chunks.header().size());

    const int name = static_cast<int>(std::find(chunks.header().begin(), chunks.header().end(), "NPU Name") -
                                      chunks.header().begin());
    const auto name_of = [&](std::size_t r) {
        return std::string(recorded.row(r)[static_cast<std::size_t>(name)].text());
    };
    // A writer that asks twice, and for a row of the chunk ahead of its turn.
    CHECK(name_of(0) == kRowNames[0]);
    CHECK(name_of(0) == kRowNames[0]);
    CHECK(name_of(1) == kRowNames[1]);
    CHECK(name_of(2) == kRowNames[2]);
    CHECK(name_of(4) == kRowNames[4]);  // out of turn: not recorded yet
    CHECK(name_of(3) == kRowNames[3]);
    CHECK(name_of(4) == kRowNames[4]);
    CHECK(name_of(4) == kRowNames[4]);
    html.add_pair(*recorder);
    html.write();

    const auto data = testing::embedded_report_data(testing::read_file_text(dir / "report.html"));
    REQUIRE(data["sections"].size() == 1);
    const auto& section = data["sections"][0];
    CHECK(section["label"] == "rank1");
    const auto& rows = section["rows"];
    REQUIRE(rows.size() == 5);
    const std::vector<RowLevel> levels = {RowLevel::Pass, RowLevel::Error, RowLevel::Pass, RowLevel::Pass,
                                          RowLevel::Pass};  // md5: "Different" is an error
    for (std::size_t r = 0; r < 5; ++r) {
        CAPTURE(r);
        CHECK(rows[r][0] == static_cast<int>(levels[r]));
        CHECK(rows[r][1 + name] == kRowNames[r]);
    }
    CHECK(section["firstProblem"] == 1);
}

TEST_CASE("recorded rows: without a recorder the rows and fills only pass", "[compare][recorded_rows]") {
    const fs::path dir = testing::scratch_dir("recorded_rows_plain");
    ThreadPool pool(1);
    const CompareOptions options;
    const MatchedPair matched = match_pair(md5_pair(dir), options, pool);
    HeldPairRows plain_rows(matched);
    HeldPairRows tee_rows(matched);
    ChunkedResult plain(plain_rows, options, pool, false, false, 2);
    ChunkedResult teed(tee_rows, options, pool, false, false, 2);
    RecordedRows recorded(teed, nullptr);
    REQUIRE(recorded.size() == plain.size());
    for (std::size_t r = 0; r < plain.size(); ++r) {
        CAPTURE(r);
        const auto expected = plain.row(r);
        CHECK(recorded.row(r) == expected);
        CHECK(recorded.row(r)[0].text() == kRowNames[r]);
        CHECK(recorded.fill(r) == plain.fill(r));
        CHECK(teed.level(r) == plain.level(r));
    }
}
