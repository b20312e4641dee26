// The real-data table on small tensor dumps written here: msprobe's metric
// cells, the statistics of both sides, the Data_name pair, the --locate
// columns, -f's note, and the rows whose tensor files cannot be read.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "common/thread_pool.hpp"
#include "compare/matcher.hpp"
#include "compare/real_data_table.hpp"
#include "result_cell.hpp"
#include "dump/dump_file.hpp"
#include "support/small_dump.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using namespace msprobe::compare;
using testing::SmallApi;
using testing::SmallTask;

namespace {

struct Sides {
    dump::DumpFile npu;
    dump::DumpFile bench;
};

Sides sides(const fs::path& dir, const std::vector<SmallApi>& npu, const std::vector<SmallApi>& bench) {
    return {dump::read_dump_file(testing::write_small_dump(dir / "npu", npu, SmallTask::Tensor)),
            dump::read_dump_file(testing::write_small_dump(dir / "bench", bench, SmallTask::Tensor))};
}

ResultTable table(const Sides& s, RealDataOptions options = {}, std::vector<RowPair> pairs = {}) {
    options.show_progress = false;
    if (pairs.empty()) pairs = match_rows(s.npu, s.bench);
    ThreadPool pool(2);
    return real_data_table(s.npu, s.bench, pairs, nullptr, pool, options);
}

const std::vector<SmallApi> kNpu = {{"Functional.relu.0.forward", {{3, 4}}, {{3, 4}}}};
const std::vector<SmallApi> kBench = {{"Functional.relu.0.forward", {{3, 4}}, {{3, 2}}}};

}  // namespace

TEST_CASE("metric_cell: numbers stay numbers, NaN reads Nan, placeholders their text", "[compare][real_data_table]") {
    CHECK(metric_cell(metrics::MetricCell::number(0.5)).number() == 0.5);
    CHECK(metric_cell(metrics::MetricCell::number(std::numeric_limits<double>::quiet_NaN())).text() == "Nan");
    CHECK(metric_cell(metrics::MetricCell::placeholder(metrics::MetricState::Unsupported)).text() == "unsupported");
    CHECK(metric_cell(metrics::MetricCell::placeholder(metrics::MetricState::ShapeUnmatched)).text() ==
          "shape unmatched");
    CHECK(metric_cell(metrics::MetricCell::placeholder(metrics::MetricState::NotAvailable)).text() == "N/A");
}

TEST_CASE("one row per leaf: metrics, both sides' statistics, the verdict and the files compared",
          "[compare][real_data_table]") {
    const ResultTable result = table(sides(testing::scratch_dir("real_data_table_rows"), kNpu, kBench));
    CHECK(result.mode == CompareMode::All);
    CHECK(result.table.header.back() == "Data_name");
    REQUIRE(result.table.rows.size() == 2);
    CHECK(testing::result_cell(result, 0, "Cosine").number() == 1.0);
    CHECK(testing::result_cell(result, 0, "MaxAbsErr").number() == 0.0);
    CHECK(testing::result_cell(result, 0, "Accuracy Reached or Not").text() == "Yes");
    CHECK(testing::result_cell(result, 0, "Data_name").text() ==
          "['Functional.relu.0.forward.input.0.pt', 'Functional.relu.0.forward.input.0.pt']");
    // [3, 4] against [3, 2]: cos = 17 / (5 sqrt(13)), |d| = 2, |d| / |b| = 1.
    CHECK(testing::result_cell(result, 1, "Cosine").number() == Approx(17.0 / (5.0 * std::sqrt(13.0))));
    CHECK(testing::result_cell(result, 1, "MaxAbsErr").number() == 2.0);
    CHECK(testing::result_cell(result, 1, "MaxRelativeErr").number() == 1.0);
    CHECK(testing::result_cell(result, 1, "NPU max").number() == 4.0);
    CHECK(testing::result_cell(result, 1, "Bench max").number() == 3.0);
    CHECK(testing::result_cell(result, 1, "Accuracy Reached or Not").text() == "No");
    CHECK(testing::result_cell(result, 1, "Requires_grad Consistent").boolean_value());
    CHECK(testing::result_cell(result, 1, "Err_message").text().empty());
}

TEST_CASE("locating adds where the largest errors sit, fuzzy matching notes a pair of differing names",
          "[compare][real_data_table]") {
    const Sides s = sides(testing::scratch_dir("real_data_table_locate"), kNpu, kBench);
    RealDataOptions locate;
    locate.locate = true;
    const ResultTable located = table(s, locate);
    CHECK(located.table.header.back() == "MaxRelativeErr Index");
    CHECK(testing::result_cell(located, 1, "MaxAbsErr Index").text() == "(1,)");
    CHECK(testing::result_cell(located, 1, "MaxRelativeErr Index").text() == "(1,)");

    RealDataOptions fuzzy;
    fuzzy.fuzzy_match = true;
    const Sides renamed = sides(testing::scratch_dir("real_data_table_fuzzy"), kNpu,
                                {{"Functional.relu.2.forward", {{3, 4}}, {{3, 2}}}});
    const ResultTable noted = table(renamed, fuzzy, {{0, 0}, {1, 1}});
    CHECK(testing::result_cell(noted, 0, "Err_message").text() ==
          " Fuzzy matching data, the comparison accuracy may be affected.");
}

TEST_CASE("unmatched rows and unreadable tensor files keep their row, with msprobe's messages",
          "[compare][real_data_table]") {
    const fs::path dir = testing::scratch_dir("real_data_table_unreadable");
    const Sides s = sides(dir, kNpu, kBench);
    fs::remove(dir / "bench" / "dump_tensor_data" / "Functional.relu.0.forward.output.0.pt");
    const ResultTable result = table(s, {}, {{0, 0}, {1, 1}, {1, kNoBench}});
    REQUIRE(result.table.rows.size() == 3);
    CHECK(testing::result_cell(result, 0, "Cosine").number() == 1.0);
    CHECK(testing::result_cell(result, 1, "Cosine").text() == "unsupported");
    CHECK(testing::result_cell(result, 1, "Err_message").text() ==
          "Dump file: ['Functional.relu.0.forward.output.0.pt', 'Functional.relu.0.forward.output.0.pt'] not found or "
          "read failed.");
    CHECK(testing::result_cell(result, 2, "Bench Name").text() == "N/A");
    CHECK(testing::result_cell(result, 2, "Bench max").text() == "N/A");
    // Without a bench side requires_grad disagrees, and that sentence replaces msprobe's "No bench data matched.".
    CHECK(testing::result_cell(result, 2, "Err_message").text() ==
          "Requires_grad inconsistent. Bench api/module unmatched.");
}

TEST_CASE("a line given to the table counts its tensors across several tables, one per part of a result",
          "[compare][real_data_table]") {
    const Sides s = sides(testing::scratch_dir("real_data_table_progress"), kNpu, kBench);
    const auto pairs = match_rows(s.npu, s.bench);
    REQUIRE(pairs.size() == 2);
    Progress tensors("Comparing tensors", 4, false, "tensors");
    RealDataOptions options;
    options.progress = &tensors;
    table(s, options, pairs);
    CHECK(tensors.done() == 2);
    table(s, options, {pairs[1]});
    table(s, options, {pairs[0]});
    CHECK(tensors.done() == 4);
}
