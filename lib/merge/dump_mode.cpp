#include "merge/dump_mode.hpp"

namespace msprobe::merge {

namespace {

using Header = std::vector<std::string>;

const Header kTensorHeader = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
    "One Thousandth Err Ratio", "Five Thousandths Err Ratio", "NPU max", "NPU min", "NPU mean", "NPU l2norm",
    "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Accuracy Reached or Not",
    "Err_message"};
const Header kStatisticsHeader = {
    "NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "NPU Tensor Shape", "Bench Tensor Shape",
    "NPU Requires_grad", "Bench Requires_grad", "Max diff", "Min diff", "Mean diff", "L2norm diff",
    "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "NPU max", "NPU min", "NPU mean",
    "NPU l2norm", "Bench max", "Bench min", "Bench mean", "Bench l2norm", "Requires_grad Consistent", "Result",
    "Err_message"};
const Header kMd5Header = {"NPU Name",          "Bench Name",          "NPU Dtype", "Bench Dtype",
                           "NPU Tensor Shape",  "Bench Tensor Shape",  "NPU Requires_grad",
                           "Bench Requires_grad", "NPU MD5",           "BENCH MD5", "Requires_grad Consistent",
                           "Result"};

const char* const kStack = "NPU_Stack_Info";
const char* const kDataName = "Data_name";

Header with(Header header, std::initializer_list<const char*> tail) {
    header.insert(header.end(), tail.begin(), tail.end());
    return header;
}

// August's tensor results name the verdict column "Result"; its md5 results add Err_message.
Header verdict_tensor_header() {
    Header header = kTensorHeader;
    header[header.size() - 2] = "Result";
    return header;
}

}  // namespace

std::optional<compare::CompareMode> detect_dump_mode(const std::vector<std::string>& header) {
    static const Header tensor = with(kTensorHeader, {kDataName});
    static const Header tensor_stack = with(kTensorHeader, {kStack, kDataName});
    static const Header statistics_stack = with(kStatisticsHeader, {kStack});
    static const Header md5_stack = with(kMd5Header, {kStack});
    static const Header verdict_tensor = with(verdict_tensor_header(), {kDataName});
    static const Header verdict_tensor_stack = with(verdict_tensor_header(), {kStack, kDataName});
    static const Header verdict_md5 = with(kMd5Header, {"Err_message"});
    static const Header verdict_md5_stack = with(kMd5Header, {"Err_message", kStack});
    for (const Header* tensor_header : {&tensor, &tensor_stack, &verdict_tensor, &verdict_tensor_stack}) {
        if (header == *tensor_header) return compare::CompareMode::All;
    }
    if (header == kStatisticsHeader || header == statistics_stack) return compare::CompareMode::Summary;
    for (const Header* md5_header : {&kMd5Header, &md5_stack, &verdict_md5, &verdict_md5_stack}) {
        if (header == *md5_header) return compare::CompareMode::Md5;
    }
    return std::nullopt;
}

const std::vector<std::string>& valid_compare_indices(std::optional<compare::CompareMode> mode) {
    static const std::vector<std::string> none;
    return mode ? compare::index_columns(*mode) : none;
}

std::string_view dump_mode_name(std::optional<compare::CompareMode> mode) {
    if (!mode) return "unknown";
    switch (*mode) {
        case compare::CompareMode::All: return "tensor";
        case compare::CompareMode::Summary: return "statistics";
        case compare::CompareMode::Md5: return "md5";
    }
    return "unknown";
}

}  // namespace msprobe::merge
