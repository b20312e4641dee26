// Mode detection: tensor dumps compare real data, statistics dumps compare
// statistics or, when both carry digests, md5.
#include <catch2/catch.hpp>

#include <string>

#include "common/error.hpp"
#include "compare/compare_mode.hpp"

using namespace msprobe;
using namespace msprobe::compare;

namespace {

dump::DumpFile dump_of(const std::string& path, const std::string& task, bool digests = false) {
    dump::DumpFile dump;
    dump.path = path;
    dump.task = task;
    dump.has_digests = digests;
    return dump;
}

// The file an Error names, or "" when none is thrown.
std::string error_file(const dump::DumpFile& npu, const dump::DumpFile& bench) {
    try {
        detect_mode(npu, bench);
    } catch (const Error& e) {
        return e.file();
    }
    return "";
}

}  // namespace

TEST_CASE("mode names", "[compare_mode]") {
    CHECK(mode_name(CompareMode::All) == "all");
    CHECK(mode_name(CompareMode::Summary) == "summary");
    CHECK(mode_name(CompareMode::Md5) == "md5");
}

TEST_CASE("mode from the two dumps' tasks and digests", "[compare_mode]") {
    CHECK(detect_mode(dump_of("n", "tensor"), dump_of("b", "tensor")) == CompareMode::All);
    // Digests do not matter for tensor dumps.
    CHECK(detect_mode(dump_of("n", "tensor", true), dump_of("b", "tensor", true)) == CompareMode::All);
    CHECK(detect_mode(dump_of("n", "statistics"), dump_of("b", "statistics")) == CompareMode::Summary);
    CHECK(detect_mode(dump_of("n", "statistics", true), dump_of("b", "statistics", true)) == CompareMode::Md5);
}

TEST_CASE("inconsistent or uncomparable dumps are refused", "[compare_mode]") {
    // Task mismatch and digest mismatch name the bench file; an uncomparable task names the NPU one.
    CHECK(error_file(dump_of("npu.json", "tensor"), dump_of("bench.json", "statistics")) == "bench.json");
    CHECK(error_file(dump_of("npu.json", "statistics", true), dump_of("bench.json", "statistics")) == "bench.json");
    CHECK(error_file(dump_of("npu.json", "statistics"), dump_of("bench.json", "statistics", true)) == "bench.json");
    CHECK(error_file(dump_of("npu.json", "overflow_check"), dump_of("bench.json", "overflow_check")) == "npu.json");
    CHECK_THROWS_WITH(detect_mode(dump_of("n", "statistics", true), dump_of("b", "statistics")),
                      Catch::Contains("npu is md5, bench is statistics"));
    CHECK_THROWS_WITH(detect_mode(dump_of("n", "tensor"), dump_of("b", "statistics")),
                      Catch::Contains("npu is 'tensor', bench is 'statistics'"));
}

TEST_CASE("each mode's metric columns, in the order msprobe's tables hold them", "[compare_mode]") {
    using Columns = std::vector<std::string>;
    CHECK(index_columns(CompareMode::All) == Columns{"Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
                                                      "One Thousandth Err Ratio", "Five Thousandths Err Ratio",
                                                      "Requires_grad Consistent"});
    CHECK(index_columns(CompareMode::Summary) ==
          Columns{"Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
                  "MeanRelativeErr", "NormRelativeErr", "Requires_grad Consistent"});
    CHECK(index_columns(CompareMode::Md5).empty());
}
