// The result sheet's columns and a stats row (atb_data_compare.py:
// compare_atb_mode's frame, built from COMMON_HEADER, STATS_SPECIAL_HEADER or
// TENSOR_SPECIAL_HEADER, and COMMON_HEADER_STATS, in that order).
#include <catch2/catch.hpp>

#include "atb_compare/result_table.hpp"

using namespace msprobe;

namespace {

const std::vector<std::string> kIdentity = {"Target Data Name",      "Golden Data Name",       "Target Device and PID",
                                            "Golden Device and PID", "Target Execution Count", "Golden Execution Count",
                                            "Target Data Type",      "Golden Data Type",       "Target Data Shape",
                                            "Golden Data Shape"};
const std::vector<std::string> kStatistics = {"Target Max",  "Golden Max",  "Target Min",  "Golden Min",
                                              "Target Mean", "Golden Mean", "Target Norm", "Golden Norm"};

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b,
                                const std::vector<std::string>& c) {
    a.insert(a.end(), b.begin(), b.end());
    a.insert(a.end(), c.begin(), c.end());
    return a;
}

std::vector<std::string> texts(const std::vector<report::Cell>& cells) {
    std::vector<std::string> out;
    for (const auto& cell : cells) {
        REQUIRE(cell.is_text());
        out.emplace_back(cell.text());
    }
    return out;
}

}  // namespace

TEST_CASE("atb result table: the columns of each mode", "[atb_compare]") {
    CHECK(atb::result_header(atb::DumpMode::Stats) ==
          joined(kIdentity,
                 {"Max Diff", "Min Diff", "Mean Diff", "Norm Diff", "Relative Err of Max(%)", "Relative Err of Min(%)",
                  "Relative Err of Mean(%)", "Relative Err of Norm(%)"},
                 kStatistics));
    CHECK(atb::result_header(atb::DumpMode::Tensor) ==
          joined(kIdentity,
                 {"Cosine", "Euc Distance", "Max Absolute Err", "Max Relative Err", "One Thousandth Err Ratio",
                  "Five Thousandth Err Ratio"},
                 kStatistics));
}

TEST_CASE("atb result table: a stats row, every cell a text", "[atb_compare]") {
    // msprobe's test_compare_atb_mode row, target Max 0.582031 against golden 0.5.
    atb::StatisticRow target{"2_Prefill_layer/input.0",
                             "0_252571",
                             "3",
                             "bf16",
                             "3584",
                             {"0.582031", "-0.00132", "0.28355", "17.01721"},
                             "N/A",
                             2};
    atb::StatisticRow golden = target;
    golden.device_and_pid = "0_39943";
    golden.statistics[0] = "0.5";
    const auto table = atb::stats_table({{&target, &golden}});
    REQUIRE(table.rows.size() == 1);
    CHECK(texts(table.rows[0]) ==
          std::vector<std::string>{"2_Prefill_layer/input.0", "2_Prefill_layer/input.0", "0_252571", "0_39943", "3",
                                   "3", "bf16", "bf16", "3584", "3584",
                                   // 0.582031 - 0.5 in binary64, and |diff / 0.5 * 100|.
                                   "0.08203099999999997", "0.0", "0.0", "0.0", "16.40619999999999", "0.0", "0.0", "0.0",
                                   "0.582031", "0.5", "-0.00132", "-0.00132", "0.28355", "0.28355", "17.01721",
                                   "17.01721"});
}

TEST_CASE("atb result table: a tensor row takes its computed cells", "[atb_compare]") {
    atb::StatisticRow target{"1_a/output.0", "0_1", "0", "float", "2", {"N/A", "N/A", "N/A", "N/A"}, "/x.bin", 2};
    atb::StatisticRow golden = target;
    atb::TensorModeCells cells{{"1.0", "0.0", "0.0", "0.0", "1.0", "1.0"},
                               {"2.0", "1.0", "1.5", "2.2360680103302"},
                               {"2.5", "1.0", "1.75", "2.692582368850708"}};
    const auto table = atb::tensor_table({{&target, &golden}}, {cells});
    REQUIRE(table.rows.size() == 1);
    CHECK(texts(table.rows[0]) == std::vector<std::string>{"1_a/output.0",
                                                           "1_a/output.0",
                                                           "0_1",
                                                           "0_1",
                                                           "0",
                                                           "0",
                                                           "float",
                                                           "float",
                                                           "2",
                                                           "2",
                                                           "1.0",
                                                           "0.0",
                                                           "0.0",
                                                           "0.0",
                                                           "1.0",
                                                           "1.0",
                                                           "2.0",
                                                           "2.5",
                                                           "1.0",
                                                           "1.0",
                                                           "1.5",
                                                           "1.75",
                                                           "2.2360680103302",
                                                           "2.692582368850708"});
}
