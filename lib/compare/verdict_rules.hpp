#pragma once
// August msprobe's verdict on every row: "Result" (pass / warning / error) and
// "Err_message" (a JSON list of the messages of the rules that fired), decided
// per dump entry from the cells of the entry's input and output rows.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/result_table.hpp"
#include "compare/row_level.hpp"

namespace msprobe::compare {

// The shape rule of a training-vs-inference compare: shapes compared without
// their size-1 dims.
struct SqueezedShapeRule {
    // FSDP: rows of a fused inference module (qkv, gate_up) are not judged by shape.
    bool skip_fused_modules = false;
    // Megatron: a 3-d training shape against one of another rank is read with its last two dims merged.
    bool merge_last_two_of_three = false;
};

struct VerdictRuleOptions {
    // msprobe flags an output whose One Thousandth Err Ratio drops below 0.1
    // while its message says 0.6; we use 0.6 unless asked to reproduce it.
    bool strict_compat = false;
    bool requires_grad_rule = true;                                   // the training-vs-inference compare has none
    std::optional<SqueezedShapeRule> squeezed_shapes = std::nullopt;  // set: in place of the exact shape rule
};

// A rule a row can fail. msprobe lists the messages of the rules that fired on a row in this order, which
// is the order it judges them in every mode.
enum class VerdictRule : std::uint8_t {
    InfNan,
    OneThousandthErrRatio,
    NormRelativeError,
    RequiresGrad,
    ScalarParameters,
    Dtype,
    Shape,
    Cosine,
    NormRelativeWarning,
    CrcDiffers,
    CrcUnmatched,
};

// One row's verdict in two bytes, the rules that fired: kept per item where a row's cells are made again later.
class RuleVerdict {
public:
    void add(VerdictRule rule) { fired_ = static_cast<std::uint16_t>(fired_ | bit(rule)); }
    bool fired(VerdictRule rule) const { return (fired_ & bit(rule)) != 0; }
    // Error when an error rule fired, else warning when a warning rule did, else pass.
    RowLevel level() const;
    // The messages of the rules that fired, in msprobe's order.
    std::vector<std::string> reasons() const;
    RowVerdict row_verdict() const { return {level(), reasons()}; }
    bool operator==(const RuleVerdict&) const = default;

private:
    static std::uint16_t bit(VerdictRule rule) { return static_cast<std::uint16_t>(1U << static_cast<unsigned>(rule)); }
    std::uint16_t fired_ = 0;
};

// A shape text without its size-1 dims, as msprobe writes it: "[1, 217, 1, 896]" → "[217,896]".
std::string squeezed_shape_text(std::string_view shape);

// The verdict of every row of `result` (real-data, statistics or md5 table with
// the August columns), in row order. Rows are judged with the other rows of their
// entry (api_index), wherever those sit in the table.
std::vector<RuleVerdict> rule_verdicts(const ResultTable& result, const VerdictRuleOptions& options);

// The md5 rule's message for two different digests.
inline constexpr const char* kCrcDiffersMessage = "error: The CRC-32 value of NPU differs from that of the bench.";

// The Err_message text: `["a", "b"]` as Python's json.dumps writes it; `[]` when empty.
std::string messages_json(const std::vector<std::string>& messages);

// Fills the "Result" and "Err_message" cells of every row from rule_verdicts.
void apply_verdict_rules(ResultTable& result, const VerdictRuleOptions& options);

}  // namespace msprobe::compare
