// A result's dump mode from its exact header, and the indices merge_result
// can take from each mode.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "merge/dump_mode.hpp"

using namespace msprobe::merge;
using msprobe::compare::CompareMode;
using Header = std::vector<std::string>;

namespace {

const Header kMd5 = {"NPU Name",         "Bench Name",         "NPU Dtype",         "Bench Dtype",
                     "NPU Tensor Shape", "Bench Tensor Shape", "NPU Requires_grad", "Bench Requires_grad",
                     "NPU MD5",          "BENCH MD5",          "Requires_grad Consistent", "Result"};

Header with(Header header, const std::vector<std::string>& tail) {
    header.insert(header.end(), tail.begin(), tail.end());
    return header;
}

}  // namespace

TEST_CASE("the dump mode is told by the exact header, with or without the stack column", "[merge][dump_mode]") {
    CHECK(detect_dump_mode(kMd5) == CompareMode::Md5);
    CHECK(detect_dump_mode(with(kMd5, {"NPU_Stack_Info"})) == CompareMode::Md5);
    CHECK(detect_dump_mode(with(kMd5, {"Extra"})) == std::nullopt);
    Header reordered = kMd5;
    std::swap(reordered[0], reordered[1]);
    CHECK(detect_dump_mode(reordered) == std::nullopt);
    CHECK(detect_dump_mode({}) == std::nullopt);
}

TEST_CASE("August's headers: Result in place of the tensor verdict, Err_message after the md5 one",
          "[merge][dump_mode]") {
    const Header identity = {"NPU Name",         "Bench Name",         "NPU Dtype",         "Bench Dtype",
                             "NPU Tensor Shape", "Bench Tensor Shape", "NPU Requires_grad", "Bench Requires_grad"};
    const Header verdict_tensor =
        with(identity, {"Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
                        "Five Thousandths Err Ratio", "NPU max", "NPU min", "NPU mean", "NPU l2norm", "Bench max",
                        "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
                        "Err_message"});
    CHECK(detect_dump_mode(with(verdict_tensor, {"Data_name"})) == CompareMode::All);
    CHECK(detect_dump_mode(with(verdict_tensor, {"NPU_Stack_Info", "Data_name"})) == CompareMode::All);
    CHECK(detect_dump_mode(verdict_tensor) == std::nullopt);  // Data_name is never left out
    CHECK(detect_dump_mode(with(kMd5, {"Err_message"})) == CompareMode::Md5);
    CHECK(detect_dump_mode(with(kMd5, {"Err_message", "NPU_Stack_Info"})) == CompareMode::Md5);
    CHECK(detect_dump_mode(with(kMd5, {"NPU_Stack_Info", "Err_message"})) == std::nullopt);
}

TEST_CASE("each mode names its mergeable indices", "[merge][dump_mode]") {
    CHECK(valid_compare_indices(CompareMode::All) ==
          Header{"Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
                 "Five Thousandths Err Ratio", "Requires_grad Consistent"});
    CHECK(valid_compare_indices(CompareMode::Summary) ==
          Header{"Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
                 "MeanRelativeErr", "NormRelativeErr", "Requires_grad Consistent"});
    CHECK(valid_compare_indices(CompareMode::Md5).empty());
    CHECK(valid_compare_indices(std::nullopt).empty());
    CHECK(dump_mode_name(CompareMode::Summary) == "statistics");
    CHECK(dump_mode_name(std::nullopt) == "unknown");
}
